# SPDX-License-Identifier: GPL-2.0
# A driver as most SoC drivers are (tests/dt/dsi.dtsi): the DSI
# controller's sets the clock rate and the voltage it wants, outside what
# the bootloader set and the board's constraints hold (150 MHz against
# 99-101 MHz, 1.2 V against 1.8 V), fails its probe if it does not get
# them, and takes its reset line, a GPIO driven by the upstream reset-gpio
# driver, exclusively. The constraints hold the resources until its probe
# and must hand them over to it: its probe succeeds, and nothing else
# changes them, before, at or after the handover. Without constraints the
# clock's gate goes off at clk_disable_unused, before the driver probes.
# Boot with bc_test.hold=display-subsystem:dsi.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

DSI=display-subsystem:dsi

# dsi_last RESOURCE OP: the last value RESOURCE was set to with OP, and by
# whom
dsi_last() {
	awk -v res="$1" -v op="$2" '$2 == res && $3 == op { v = $4 " " $5 }
	END { print v }' $OPS
}

# dsi_out_of_reset: the PL061 line of its reset-gpios (5) is low
dsi_out_of_reset() {
	grep -E '^ *gpio-[0-9]+ +\(.*\|reset +\) out lo' /sys/kernel/debug/gpio
}

ktap_begin dsi 8
ktap_check dsi-created test -e /sys/bus/platform/devices/$DSI
ktap_check dsi-held-back eval '! bct_bound $DSI'
bct_check_held dsi-constraints-applied \
	[ "$(grep -c "^$DSI .* applied " $BC)" = 3 ]
bct_probe "" $DSI
ktap_check dsi-probed bct_wait $DSI
ktap_diag "dsi_gate's last rate: $(dsi_last dsi_gate rate); vdd_dsi's last voltage: $(dsi_last vdd_dsi voltage)"
ktap_check dsi-rate-its-own [ "$(dsi_last dsi_gate rate)" = "150000000 $DSI" ]
ktap_check dsi-voltage-its-own [ "$(dsi_last vdd_dsi voltage)" = "1200000 $DSI" ]
ktap_diag_file /sys/kernel/debug/gpio
ktap_check dsi-out-of-reset dsi_out_of_reset
bct_verdict dsi $(bct_glitch_counts $DSI dsi_gate:off vdd_dsi:off \
	dsi_gate:rate:99000000:101000000 vdd_dsi:voltage:1800000:1800000)
bct_dump
ktap_end
