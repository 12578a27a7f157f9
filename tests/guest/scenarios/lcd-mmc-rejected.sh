# SPDX-License-Identifier: GPL-2.0
# A boot_constraints= that names a supply the LCD does not have: the kernel
# says so, holds none of the LCD's resources, and boots; the LCD still
# probes. Boot with bc_test.hold=lcd bc_test.no_table.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

ktap_begin lcd_mmc_rejected 4
ktap_check error-logged-once sh -c '[ "$(dmesg | grep -cF "boot_constraint: boot_constraints=/lcd:supply=vmmc: /lcd has no supply \"vmmc\", nothing held")" = 1 ]'
ktap_check nothing-held test "$(grep -c '^lcd ' $BC)" -eq 0
bct_probe_lcd
ktap_check mmc-probed bct_bound mmc
bct_dump
ktap_end
