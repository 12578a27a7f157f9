# SPDX-License-Identifier: GPL-2.0
# The console on any SoC: booted with earlycon, the clocks of the
# stdout-path UART (QEMU's pl011: "uartclk" and "apb_pclk") are held, with
# no platform table, until the amba-pl011 driver binds, then released.
. /ktap.sh

BC=$(bc_debugfs constraints)
uart=9000000.pl011

ktap_begin earlycon_virt 3
ktap_check pl011-bound test -e /sys/bus/amba/drivers/uart-pl011/$uart
if grep -qw 'boot_constraints=off' /proc/cmdline; then
	ktap_check baseline-no-constraints eval "! grep -q '^$uart ' $BC"
	ktap_skip released-at-bind "no constraints in the baseline"
else
	ktap_check console-clocks-constrained \
		[ "$(grep -c "^$uart clk \(uartclk\|apb_pclk\) " $BC)" = 2 ]
	ktap_check released-at-bind \
		[ "$(grep -c "^$uart clk .* released [0-9.]* [0-9.]*$" $BC)" = 2 ]
fi
ktap_diag_file $BC
ktap_end
