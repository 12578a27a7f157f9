# SPDX-License-Identifier: GPL-2.0
# The clock, regulator and power-domain providers probe after the board
# declared the LCD's constraints: they wait, pending, and are applied when
# the providers bind, before the MMC controller can use the shared clock and
# supply. Boot with bc_test.hold=clock-controller,regulator,power-controller,lcd.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

ktap_begin provider_late 5
ktap_check mmc-waits-for-providers eval '! bct_bound mmc'
bct_check_held pending-before-providers [ "$(bct_lcd_constraints pending)" = 3 ]
bct_probe lcd clock-controller regulator power-controller
ktap_check mmc-probed-after-providers bct_wait mmc
bct_probe_lcd
bct_check_glitches
bct_dump
ktap_end
