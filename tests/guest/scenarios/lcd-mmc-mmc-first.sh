# SPDX-License-Identifier: GPL-2.0
# The seed article's case: the MMC controller probes first (the LCD's driver
# is held back, as a module loaded later would be), sets the shared supply
# to 1.8 V and the shared clock to 50 MHz, and idles the shared clock,
# supply and reset line. Boot with bc_test.hold=lcd.
#
# With bc_test.simple=lcd the LCD's driver only enables its clock and
# supply, as simple-framebuffer and simpledrm do: it asks for no voltage,
# rate or reset state, so whatever the handover leaves behind is what the
# panel gets. With bc.settle the glitches are counted until past the
# regulator core's clean-up of unused supplies, 30 s after late_initcall.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

ktap_begin lcd_mmc_mmc_first 5
bct_probe_lcd_after_mmc
bct_settle
ktap_diag "uptime at the count: $(cut -d' ' -f1 /proc/uptime) s"
bct_check_glitches
bct_check_glitches rate
bct_check_glitches reset
bct_dump
ktap_end
