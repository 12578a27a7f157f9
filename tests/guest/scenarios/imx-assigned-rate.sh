# SPDX-License-Identifier: GPL-2.0
# The console UART's node assigns a rate to its "per" clock
# (tests/dt/imx-uart-assigned-rate.dtsi), which platform_probe() applies
# before imx-uart's probe (the driver's module, loaded at bc.load=). Held
# until then by boot_constraints=auto, by a declaration or by the console's
# own constraints (earlycon), the clock must end at the rate pristine 6.12
# sets: "# compare uart-rate:" is checked against the pristine boot
# (bc.compare=), both read from clk_summary. Each holder must have held it
# until the bind, and released it there.
. /ktap.sh

BC=$(bc_debugfs constraints)
SUMMARY=/sys/kernel/debug/clk/clk_summary
UART=21e8000.serial
ASSIGNED=40000000

bound() {
	test -e /sys/bus/platform/drivers/imx-uart/$UART
}

with_constraints() {
	[ -d /sys/kernel/debug/boot_constraints ] && ! arg boot_constraints=off
}

# per_in STATE: the constraint on the UART's "per" clock is in STATE, held
# by the path the boot asks for (auto's are marked "auto", the others not)
per_in() {
	line=$(grep "^$UART clk per " $BC 2>/dev/null) || return 1
	case $line in *" $1 "*) ;; *) return 1 ;; esac
	if arg boot_constraints=auto && ! arg earlycon; then
		case $line in *" auto "*) ;; *) return 1 ;; esac
	else
		case $line in *" auto "*) return 1 ;; esac
	fi
}

# The rate of uart_serial, clk_summary's fifth column
rate() {
	awk '$1 == "uart_serial" { print $5 }' $SUMMARY
}

load=$(arg_value bc.load)

ktap_begin imx_assigned_rate 4
ktap_diag "before: $(grep "^$UART " $BC 2>/dev/null | tr '\n' ';') rate $(rate)"
if bound; then
	ktap_fail held-before-bind "imx-uart bound at boot"
elif with_constraints; then
	ktap_check held-before-bind per_in applied
else
	ktap_check nothing-held [ ! -e $BC -o "$(grep -c "^$UART " $BC 2>/dev/null)" = 0 ]
fi

while [ "$(uptime_s)" -lt "${load:-0}" ]; do
	sleep 1
done
ktap_diag "loading imx.ko at $(cat /proc/uptime)"
insmod /lib/modules/imx.ko
ktap_check driver-bound bound

if with_constraints; then
	ktap_check released-at-bind per_in released
else
	ktap_skip released-at-bind "nothing held in this boot"
fi
ktap_check rate-as-assigned [ "$(rate)" = $ASSIGNED ]
grep -E "^ *(uart_serial|uart_serial_podf|pll3_80m) " $SUMMARY | sed 's/^/    # /'
[ -f $BC ] && ktap_diag_file $BC
dmesg | grep -E "clk: couldn't set|boot constraint" | sed 's/^/    # dmesg: /'
ktap_diag "compare uart-rate: $(rate)"
ktap_end
