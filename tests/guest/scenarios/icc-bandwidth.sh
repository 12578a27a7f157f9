# SPDX-License-Identifier: GPL-2.0
# The MMC controller probes first (the LCD's driver held back) and asks for
# the little bandwidth it needs on the bus to memory it shares with the
# LCD. The interconnect core keeps the bus at its boot bandwidth until the
# provider's sync_state(), which fw_devlink holds back while the LCD has
# not probed, here until deferred_probe_timeout. From then on the bus
# carries what the consumers asked for: with the LCD's interconnect
# constraint, its scan-out's bandwidth; without it, the MMC's only.
# Boot with bc_test.hold=lcd fw_devlink.sync_state=timeout
# deferred_probe_timeout=1 boot_constraints.timeout=-1.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

# bct_synced: the interconnect's sync_state() ran
bct_synced() {
	grep -q " interconnect sync " $OPS
}

ktap_begin icc_bandwidth 6
ktap_check mmc-probed-first bct_bound mmc
i=0
while ! bct_synced && [ $i -lt 100 ]; do
	usleep 100000
	i=$((i + 1))
done
ktap_check sync-state-before-lcd bct_synced
ktap_diag "memory bus peak kBps set before the lcd probed: $(bct_values icc_ddr peak)"
ktap_diag "lcd port peak kBps set before the lcd probed: $(bct_values icc_lcd peak)"
bct_probe_lcd
bct_check_held icc-released \
	grep -q "^lcd icc (default) avg=800000,peak=1600000kBps released " $BC
# After the LCD probed: its own request and the MMC's, summed on the bus.
ktap_check bus-at-both-requests \
	[ "$(awk '$2 == "icc_ddr" && $3 == "avg" { v = $4 } END { print v }' $OPS)" = 900000 ]
bct_check_glitches icc
bct_dump
ktap_end
