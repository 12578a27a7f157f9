# SPDX-License-Identifier: GPL-2.0
# The lcd-mmc-mmc-first case with the LCD's constraints declared by the
# bootloader in /chosen/boot-constraints, or given with boot_constraints= on
# the command line, and not by the board's C table (bc_test.no_table): the
# LCD's clock, supply at 3.3 V, power domain and reset line (every resource
# of a type the declaration does not list, but its interconnect path, which
# needs a bandwidth) are held. Boot with bc_test.hold=lcd.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

expected=4
bct_baseline && expected=0

ktap_begin lcd_mmc_declared 4
ktap_check mmc-probed-first bct_bound mmc
ktap_check lcd-constraints-applied-$expected \
	test "$(bct_lcd_constraints applied)" -eq $expected
bct_probe_lcd
bct_check_glitches
bct_dump
ktap_end
