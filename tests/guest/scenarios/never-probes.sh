# SPDX-License-Identifier: GPL-2.0
# The LCD's driver never probes (no driver, or a module never loaded): its
# constraints stay applied and visible in debugfs, and its resources stay as
# the bootloader left them. Boot with bc_test.hold=lcd.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

ktap_begin never_probes 2
bct_check_held still-held [ "$(bct_lcd_constraints applied)" = "$(bct_lcd_held)" ]
bct_check_glitches
bct_dump
ktap_end
