# SPDX-License-Identifier: GPL-2.0
# A first driver declines the LCD (its probe returns -ENODEV, as a driver
# does for a variant of its hardware it does not drive), and the driver
# core tries the next matching driver, the LCD's own, which is held back
# (bc_test.hold=lcd) until the MMC controller has probed, set the shared
# supply to 1.8 V and idled the shared clock, supply and reset line. A
# decline is not the device's probe: its constraints must stay until a
# driver binds. Boot with bc_test.hold=lcd bc_test.decline=lcd.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

ktap_begin lcd_declined 7
ktap_check lcd-declined grep -q '^[0-9]* lcd declined -19 ' $OPS
ktap_check mmc-probed bct_bound mmc
bct_check_held held-after-decline [ "$(bct_lcd_constraints applied)" = "$(bct_lcd_held)" ]
bct_probe_lcd
ktap_check lcd-bound-to-its-driver test -e /sys/bus/platform/drivers/bc-test-consumer/lcd
bct_check_glitches
bct_check_glitches reset
bct_dump
ktap_end
