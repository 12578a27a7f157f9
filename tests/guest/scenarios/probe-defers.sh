# SPDX-License-Identifier: GPL-2.0
# The LCD's driver defers twice before it probes: platform_probe() attaches
# and detaches its power domain each time, and the domain must stay on.
# Boot with bc_test.hold=lcd bc_test.defer=lcd.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

ktap_begin probe_defers 4
bct_probe "" lcd
bct_probe "" lcd
ktap_check lcd-deferred-twice [ "$(grep -c "lcd probe $EPROBE_DEFER" $OPS)" -ge 2 ]
bct_check_held held-across-deferral [ "$(bct_lcd_constraints applied)" = "$(bct_lcd_held)" ]
bct_probe_lcd
bct_check_glitches
bct_dump
ktap_end
