# SPDX-License-Identifier: GPL-2.0
# i.MX6Q sabrelite, booted with earlycon: the console UART's "ipg" and "per"
# clocks are held from boot by the generic console constraint (no i.MX
# code) until imx-uart binds, then released to the driver. QEMU stores the
# CCM gate bits but never gates the UART: read the gates, not the output.
#
# With imx-uart held back (initcall_blacklist=imx_uart_init) the clocks
# must still be on after clk_disable_unused() (late_initcall_sync), which
# has run when this script starts; without boot constraints
# (boot_constraints=off) they are gated, as they were with 6.12's
# imx_register_uart_clocks(), which dropped them at late_initcall_sync.
. /ktap.sh

BC=/sys/kernel/debug/boot_constraints/constraints
uart=21e8000.serial
ccgr5=$(devmem 0x020C407C 32)
ipg=$(( (ccgr5 >> 24) & 3 ))
per=$(( (ccgr5 >> 26) & 3 ))

ktap_begin imx_console 2
ktap_diag "CCGR5=$ccgr5 uart_ipg=$ipg uart_serial=$per"
if grep -q imx_uart_init /proc/cmdline; then
	ktap_check uart-not-bound eval "! test -e /sys/bus/platform/drivers/imx-uart/$uart"
	if grep -qw 'boot_constraints=off' /proc/cmdline; then
		ktap_check baseline-gates-cleared [ $ipg = 0 -a $per = 0 ]
	else
		ktap_check gates-held [ $ipg != 0 -a $per != 0 -a \
			"$(grep -c "^$uart clk \(ipg\|per\) .* applied " $BC)" = 2 ]
	fi
else
	ktap_check uart-bound test -e /sys/bus/platform/drivers/imx-uart/$uart
	if grep -qw 'boot_constraints=off' /proc/cmdline; then
		ktap_skip released-at-bind "no constraints in the baseline"
	else
		ktap_check released-at-bind [ $ipg != 0 -a $per != 0 -a \
			"$(grep -c "^$uart clk \(ipg\|per\) .* released " $BC)" = 2 ]
	fi
fi
ktap_diag_file $BC
grep -E 'uart' /sys/kernel/debug/clk/clk_summary | sed 's/^/    # /'
ktap_end
