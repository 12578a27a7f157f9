# SPDX-License-Identifier: GPL-2.0
# The LCD's driver comes late, after clk_disable_unused() and
# genpd_power_off_unused() (late_initcall_sync) and after the regulator
# core disables unused supplies (30 s later). Boot with bc_test.hold=lcd,mmc.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

ktap_begin unused_sweeps 2
while [ "$(cut -d. -f1 /proc/uptime)" -lt 33 ]; do
	sleep 1
done
bct_probe mmc lcd
ktap_check lcd-probed-after-33s bct_wait lcd
bct_check_glitches
bct_dump
ktap_end
