# SPDX-License-Identifier: GPL-2.0
# The console on gated clocks (tests/dt/console-gate.dtsi), its
# driver held away (initcall_blacklist=pl011_init): with earlycon and no
# platform table, the pl011's "uartclk" and "apb_pclk" gates stay on
# through clk_disable_unused(); without constraints they are gated under
# the boot console. Init writes to /dev/kmsg: there is no console driver.
. /ktap.sh

OPS=/sys/kernel/debug/bc_test/ops
BC=$(bc_debugfs constraints)
uart=9000000.pl011
glitches=$(awk '$3 == "off" && ($2 == "uart_gate" || $2 == "apb_gate") { n++ }
	END { print n + 0 }' $OPS)

ktap_begin earlycon_gated 2
ktap_check pl011-not-bound eval "! test -e /sys/bus/amba/drivers/uart-pl011/$uart"
ktap_diag "console gate glitches: $glitches"
if grep -qw 'boot_constraints=off' /proc/cmdline; then
	ktap_check baseline-glitches [ "$glitches" -gt 0 ]
else
	ktap_check no-glitches [ "$glitches" = 0 -a \
		"$(grep -c "^$uart clk .* applied " $BC)" = 2 ]
fi
ktap_diag_file $OPS
ktap_diag_file $BC
ktap_end
