# SPDX-License-Identifier: GPL-2.0
# The seed article's case: the MMC controller probes first (the LCD's driver
# is held back, as a module loaded later would be), sets the shared supply
# to 1.8 V and idles the shared clock and supply. Boot with bc_test.hold=lcd.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

ktap_begin lcd_mmc_mmc_first 3
ktap_check mmc-probed-first bct_bound mmc
bct_probe "" lcd
ktap_check lcd-probed bct_wait lcd
bct_check_glitches
bct_dump
ktap_end
