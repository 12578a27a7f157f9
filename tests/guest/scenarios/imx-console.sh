# SPDX-License-Identifier: GPL-2.0
# i.MX6Q sabrelite: the console UART's "ipg" and "per" clocks (gates
# uart_ipg and uart_serial in CCM CCGR5, bits 24 and 26) against its
# driver, imx-uart. QEMU stores the gate bits but never gates the UART:
# read the gates and the clock framework's counts, not the output. This
# runs after late_initcall_sync, after clk_disable_unused().
#
# With boot constraints (this series, which removes 6.12's
# imx_register_uart_clocks()) and earlycon, the generic console constraint
# holds both clocks until imx-uart binds: still held here when imx-uart is
# held back (initcall_blacklist=imx_uart_init), released when it bound.
# Without earlycon nothing is held. Without constraints (boot_constraints=
# off) the held-back UART's gates are cleared, unless clk_ignore_unused
# leaves them as they were at reset.
#
# The baseline kernel (pristine 6.12, no boot constraints at all) runs
# imx_register_uart_clocks(): with earlycon, and with console= alone too
# (do_early_param() runs the earlycon handlers for console=), it takes the
# clocks and drops them at late_initcall_sync whether imx-uart bound or
# not, clk_ignore_unused or not (imx-gates-base-unused saw it). With
# clk_ignore_unused, the only thing that can have cleared the gates of the
# held-back UART is that drop.
. /ktap.sh

BC=$(bc_debugfs constraints)
uart=21e8000.serial
count() {
	awk -v c="$1" '$1 == c { print $2 }' /sys/kernel/debug/clk/clk_summary
}
bound() {
	test -e /sys/bus/platform/drivers/imx-uart/$uart
}
# Constraints on the UART's clocks in a state (applied, released).
constrained() {
	grep -c "^$uart clk \(ipg\|per\) .* $1 " $BC
}

# imx-uart is a module (configs/arm32.config): load it first, as the
# system's init would, unless the boot holds it back; its bound-at-boot
# meaning is kept, soc-console.sh loads it long after boot instead.
if ! arg imx_uart_init; then
	insmod /lib/modules/imx.ko
fi
ccgr5=$(devmem 0x020C407C 32)
ipg=$(( (ccgr5 >> 24) & 3 ))
per=$(( (ccgr5 >> 26) & 3 ))
ipg_count=$(count uart_ipg)
per_count=$(count uart_serial)

ktap_begin imx_console 2
ktap_diag "CCGR5=$ccgr5 uart_ipg=$ipg uart_serial=$per" \
	"enable counts: uart_ipg=$ipg_count uart_serial=$per_count"
if pristine; then
	ktap_diag "baseline: pristine 6.12, imx_register_uart_clocks()"
	if arg imx_uart_init; then
		ktap_check uart-not-bound eval '! bound'
		ktap_check workaround-dropped-gates [ $ipg = 0 -a $per = 0 -a \
			"$ipg_count" = 0 -a "$per_count" = 0 ]
	else
		ktap_check uart-bound bound
		ktap_check gates-on-with-driver [ $ipg != 0 -a $per != 0 ]
	fi
elif arg imx_uart_init; then
	ktap_check uart-not-bound eval '! bound'
	if arg boot_constraints=off && arg clk_ignore_unused; then
		ktap_check gates-left-as-at-reset [ $ipg = 3 -a $per = 3 -a \
			"$ipg_count" = 0 -a "$per_count" = 0 ]
	elif arg boot_constraints=off; then
		ktap_check baseline-gates-cleared [ $ipg = 0 -a $per = 0 ]
	else
		ktap_check gates-held [ $ipg != 0 -a $per != 0 -a \
			"$ipg_count" = 1 -a "$per_count" = 1 -a \
			"$(constrained applied)" = 2 ]
	fi
else
	ktap_check uart-bound bound
	if arg boot_constraints=off; then
		ktap_skip released-at-bind "no constraints in the baseline"
	elif ! arg earlycon; then
		ktap_check nothing-held-without-earlycon [ $ipg != 0 -a $per != 0 -a \
			"$(grep -c "^$uart " $BC)" = 0 ]
	else
		ktap_check released-at-bind [ $ipg != 0 -a $per != 0 -a \
			"$(constrained released)" = 2 ]
	fi
fi
[ -f $BC ] && ktap_diag_file $BC
grep -E 'uart' /sys/kernel/debug/clk/clk_summary | sed 's/^/    # /'
ktap_end
