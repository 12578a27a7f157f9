# SPDX-License-Identifier: GPL-2.0
# The console UART's clocks on a real SoC, under its real clock driver, with
# earlycon printing on the UART since the first line of the boot: the gates
# are read from the clock controller's registers (busybox devmem), sampled
# all through the scenario, not from the console's output.
#
#   SoC (machine)        UART, driver            gates read
#   i.MX6Q (sabrelite)   21e8000.serial imx-uart  CCM CCGR5 0x020C407C bits 24-25
#                        (module imx.ko)          (uart_ipg), 26-27 (uart_serial)
#   Zynq-7000 (zynq)     e0001000.serial xuartps  SLCR UART_CLK_CTRL 0xF8000154
#                        (built in)               bit 1 (uart1), APER_CLK_CTRL
#                                                 0xF800012C bit 21 (uart1_aper)
#   AST2600 (ast2600-evb) 1e784000.serial         SCU CLK_STOP_CTRL 0x1E6E2080
#                        dw-apb-uart (8250_dw.ko) bit 15 (uart5clk-gate, set =
#                                                 stopped)
#   H3 (orangepi-pc,     1c28000.serial           CCU BUS_CLK_GATING_REG3
#   booted by U-Boot)    dw-apb-uart (8250_dw.ko) 0x01C2006C bit 16 (bus-uart0)
#
# Kernel arguments the scenario reads:
#   bc.load=SECONDS   load the UART driver's module when the guest's
#                     uptime reaches SECONDS, long after late_initcall_sync
#                     (else it is never loaded, or bound at boot if built
#                     in, or held back with initcall_blacklist=)
#   bc.wait=SECONDS   check when the guest's uptime is past SECONDS (past a
#                     deadline of deferred_probe_timeout= or
#                     boot_constraints.timeout=)
#   bc.declared       the bootloader declared the UART in
#                     /chosen/boot-constraints (U-Boot's boot script,
#                     tests/uboot/): its clocks are held until its driver
#                     binds, and the tree must hold that declaration
#   bc.expired=DEVICE in a kernel without modules, another device with
#                     constraints (declared with boot_constraints=, its
#                     driver not built): they were released at the driver
#                     core's deadline, which is late_initcall there, so
#                     before the scenario starts, while the console's stay
#
# What each boot must see:
#   with constraints, before the driver binds: every gate on, every clock of
#   the UART constrained and applied, at every sample; after it binds: the
#   gates on (the driver's own enables: enable count >= 1), the constraints
#   released, no sample ever off.  Past the driver core's deadline
#   (deferred_probe_timeout=, or late_initcall without modules) with no
#   driver: still held, the console's constraints wait for its driver, while
#   bc.expired='s have expired.  Past boot_constraints.timeout=: the
#   constraints expired, one warning each, the gates off.
#   With boot_constraints=auto and no earlycon, the same, by automatic
#   constraints; with earlycon too, by the console's alone (auto yields).
#   With the UART declared by the bootloader in /chosen/boot-constraints
#   (bc.declared), no earlycon: the same, by the declaration's
#   constraints.
#   Without constraints (boot_constraints=off, or pristine 6.12 without the
#   series): the gates off before the driver binds (clk_disable_unused(),
#   or on i.MX imx_register_uart_clocks() dropping them), on after it binds.
. /ktap.sh

BC=$(bc_debugfs constraints)
SUMMARY=/sys/kernel/debug/clk/clk_summary
SAMPLES=/tmp/gate-samples

compat=$(tr '\0' ' ' < /proc/device-tree/compatible)
case $compat in
*fsl,imx6q*)
	soc=imx6q uart=21e8000.serial drv=imx-uart mod=imx status=
	# ADDR:MASK:on-when-set|on-when-clear:name
	gates="0x020C407C:0x03000000:set:uart_ipg 0x020C407C:0x0C000000:set:uart_serial"
	;;
*xlnx,zynq-7000*)
	soc=zynq uart=e0001000.serial drv=xuartps mod=
	# QEMU fails every access to an unclocked Cadence UART (a bus error):
	# reading its channel status register proves it clocked.
	status=0xE000102C
	gates="0xF8000154:0x00000002:set:uart1 0xF800012C:0x00200000:set:uart1_aper"
	;;
*aspeed,ast2600*)
	soc=ast2600 uart=1e784000.serial drv=dw-apb-uart mod=8250_dw status=
	gates="0x1E6E2080:0x00008000:clear:uart5clk-gate"
	;;
*allwinner,sun8i-h3*)
	soc=h3 uart=1c28000.serial drv=dw-apb-uart mod=8250_dw status=
	gates="0x01C2006C:0x00010000:set:bus-uart0"
	;;
*)
	ktap_begin soc_console 1
	ktap_skip soc "no table for $compat"
	ktap_end
	exit 0
	;;
esac

bound() {
	test -e /sys/bus/platform/drivers/$drv/$uart
}

# gate_is on|off ADDR:MASK:set|clear:NAME: 0 if that gate is on (off) now;
# "set" gates are on when a bit of MASK is set, "clear" ones when none is.
gate_is() {
	set -- "$1" $(echo "$2" | tr : ' ')
	v=$(devmem "$2" 32)
	on=no
	if [ $((v & $3)) != 0 ]; then
		[ "$4" = set ] && on=yes
	else
		[ "$4" = clear ] && on=yes
	fi
	{ [ "$1" = on ] && [ $on = yes ]; } || { [ "$1" = off ] && [ $on = no ]; }
}

# gates_are STATE: 0 if every gate of the UART is on (off) now.
gates_are() {
	for g in $gates; do
		gate_is "$1" "$g" || return 1
	done
}

gates_on() {
	gates_are on
}

gates_off() {
	gates_are off
}

# One line per sample: uptime, then "on" or "off" for the UART's gates.
sample() {
	if gates_on; then
		echo "$(cat /proc/uptime | cut -d' ' -f1) on"
	else
		echo "$(cat /proc/uptime | cut -d' ' -f1) off $(registers)"
	fi
}

registers() {
	for g in $gates; do
		echo "${g%%:*}=$(devmem "${g%%:*}" 32)"
	done | sort -u | tr '\n' ' '
}

# sampler: sample the gates until /tmp/stop-sampling exists, idling 20 ms
# between samples: on QEMU's Cortex-A9 machines the tick can be lost while
# the CPU never idles, and jiffies (and the deadline's timer) then stall
# until it does.
sampler() {
	while [ ! -e /tmp/stop-sampling ]; do
		sample >> $SAMPLES
		usleep 20000
	done
}

samples_off() {
	grep -c ' off' $SAMPLES
}

# Enable counts of the UART's clocks (clk_summary's second column).
enable_counts_ok() {
	for g in $gates; do
		n=$(awk -v c="${g##*:}" '$1 == c { print $2 }' $SUMMARY)
		[ "${n:-0}" -ge 1 ] || return 1
	done
}

nclocks=$(echo $gates | wc -w)
# constrained STATE: constraints on the UART's clocks in STATE
constrained() {
	grep -c "^$uart clk .* $1 " $BC 2>/dev/null
}

with_constraints() {
	[ -d /sys/kernel/debug/boot_constraints ] && ! arg boot_constraints=off
}

# boot_constraints=auto: whatever the UART's node names and is on is held,
# with or without earlycon; with earlycon the console's constraints come
# first, and the automatic ones yield to them.
auto_mode() {
	with_constraints && arg boot_constraints=auto
}

# Whether the bootloader declared the UART in /chosen/boot-constraints: a
# declaration's device is the UART's node (its phandle).
declared() {
	node=$(cd /sys/bus/platform/devices/$uart/of_node 2>/dev/null && pwd -P)
	[ -n "$node" ] && [ -e "$node/phandle" ] || return 1
	for d in /proc/device-tree/chosen/boot-constraints/*/device; do
		[ -e "$d" ] && cmp -s "$d" "$node/phandle" && return 0
	done
	return 1
}

# Whether the UART's clocks are to be held until its driver binds
held_expected() {
	with_constraints && { arg earlycon || auto_mode || arg bc.declared; }
}

# auto_constraints STATE: the UART's automatic constraints ("auto" after
# the resource's name) in STATE; others_in STATE: its other ones
auto_constraints() {
	grep -c "^$uart clk [^ ]* auto .* $1 " $BC 2>/dev/null
}

others_in() {
	grep "^$uart clk " $BC 2>/dev/null | grep -v "^$uart clk [^ ]* auto " |
		grep -c " $1 "
}

# held_by_the_right_path STATE: the UART's clocks in STATE (applied,
# released) by the console's constraints alone (earlycon: an automatic one
# may have been applied before the console's came, and yielded to them),
# or by automatic ones alone (no earlycon).
held_by_the_right_path() {
	if ! auto_mode; then
		return 0
	elif arg earlycon; then
		[ "$(auto_constraints applied)" = 0 ] &&
			[ "$(others_in $1)" = $nclocks ]
	else
		[ "$(auto_constraints $1)" = $nclocks ] &&
			[ "$(others_in $1)" = 0 ]
	fi
}

# expired_before SECONDS: every constraint of $other expired, released at
# or before SECONDS of uptime, and the deadline (debugfs's first line) too.
expired_before() {
	awk -v d="$other" -v t="$1" '
		/^# deadline / { dl = $3 }
		$1 == d { n++; if ($0 ~ / expired / && $NF + 0 > 0 && $NF + 0 <= t) ok++ }
		END { exit !(n > 0 && ok == n && dl != "" && dl + 0 > 0 && dl + 0 <= t) }
	' $BC
}

load=$(arg_value bc.load)
waitfor=$(arg_value bc.wait)
timeout=$(arg_value boot_constraints.timeout)
other=$(arg_value bc.expired)
init_uptime=$(cut -d' ' -f1 /proc/uptime)

ktap_begin soc_console 8
cp $BC /tmp/bc-at-init 2>/dev/null || : > /tmp/bc-at-init
ktap_diag "$soc: $uart ($drv) gates: $gates; declared by the bootloader: $(declared && echo yes || echo no)"
ktap_diag "clock events: $(cat /sys/devices/system/clockevents/clockevent*/current_device | tr '\n' ' ')"
ktap_diag "console at /init: $(grep -o '^[a-z0-9_]*' /proc/consoles | tr '\n' ' ')"
rm -f /tmp/stop-sampling $SAMPLES
sampler &
sampler_pid=$!

# 1. Before the driver: the boot console printing, the gates as they are.
before_bound=no
bound && before_bound=yes
gates_on && before=on || before=off
ktap_diag "before: bound=$before_bound gates=$before $(registers)"
grep "^$uart " $BC 2>/dev/null | sed 's/^/    # before: /'
if [ "$before_bound" = yes ]; then
	ktap_skip before-driver "$drv bound at boot"
elif held_expected; then
	ktap_check before-driver-held eval '[ $before = on -a \
		"$(constrained applied)" = $nclocks ] && held_by_the_right_path applied &&
		{ ! arg bc.declared || declared; }'
elif with_constraints; then
	ktap_check nothing-held-without-earlycon \
		[ "$(grep -c "^$uart " $BC)" = 0 ]
else
	ktap_check before-driver-baseline-gated [ $before = off ]
fi

# 2. The driver's module, long after late_initcall_sync.
if [ -n "$load" ]; then
	while [ "$(uptime_s)" -lt "$load" ]; do
		sleep 1
	done
	ktap_diag "loading $mod.ko at $(cat /proc/uptime)"
	insmod /lib/modules/$mod.ko
	ktap_check driver-bound bound
else
	ktap_skip driver-bound "no bc.load="
fi

# 3. Past a deadline.
if [ -n "$waitfor" ]; then
	while [ "$(uptime_s)" -le "$waitfor" ]; do
		sleep 1
	done
fi
sleep 1
touch /tmp/stop-sampling
wait $sampler_pid
gates_on && after=on || after=off
ktap_diag "after: uptime $(cat /proc/uptime) bound=$(bound && echo yes || echo no)" \
	"gates=$after $(registers); $(wc -l < $SAMPLES) samples, $(samples_off) off"
if bound; then
	if held_expected; then
		ktap_check released-at-bind eval '[ $after = on ] && { auto_mode ||
			[ "$(constrained released)" = $nclocks ]; } &&
			held_by_the_right_path released'
	else
		ktap_skip released-at-bind "nothing held in this boot"
	fi
	ktap_check driver-enables enable_counts_ok
elif with_constraints && [ -n "$timeout" ] && [ "$timeout" -ge 0 ]; then
	ktap_check released-at-timeout [ $after = off -a \
		"$(constrained expired)" = $nclocks ]
	ktap_check one-warning-each [ "$(dmesg | grep -c \
		"$uart: clk boot constraint .* released at the deadline")" = $nclocks ]
elif with_constraints && arg earlycon; then
	ktap_check still-held [ $after = on -a \
		"$(constrained applied)" = $nclocks ]
	ktap_skip driver-enables "no driver"
else
	ktap_check baseline-gated gates_off
	ktap_skip driver-enables "no driver"
fi

# 4. The whole handover: never seen off while constrained.
if ! arg earlycon && ! arg boot_constraints=auto && ! arg bc.declared; then
	ktap_skip never-seen-off "no earlycon: nothing to hold"
elif with_constraints && [ -z "$timeout" -o "${timeout:--1}" -lt 0 ]; then
	ktap_check never-seen-off [ "$(samples_off)" = 0 ]
elif ! with_constraints && [ -n "$load" ]; then
	ktap_check baseline-seen-off [ "$(samples_off)" -gt 0 ]
elif with_constraints; then
	# Held until the deadline (counted from late_initcall, before /init).
	ktap_check held-until-deadline [ "$(awk -v t="$timeout" \
		'$1 < t && $2 == "off"' $SAMPLES | wc -l)" = 0 ]
else
	ktap_skip never-seen-off "a baseline without a driver: gated before /init"
fi
# 5. Another device's constraints, gone at the driver core's deadline.
if [ -z "$other" ]; then
	ktap_skip others-expired "no bc.expired="
elif with_constraints; then
	ktap_check others-expired expired_before $init_uptime
else
	ktap_skip others-expired "no constraints"
fi
# 6. The UART itself, where QEMU stops it without its clock.
if [ -z "$status" ]; then
	ktap_skip uart-responds "QEMU does not stop this UART without its clock"
elif gates_on; then
	ktap_check uart-responds devmem $status 32
else
	ktap_skip uart-responds "gated: reading it would take a bus error"
fi
# 7. The H3's RTC oscillator (losc), which both clock controllers, both
# pin controllers and the HDMI controller (cec) name, running from its
# internal oscillator at a rate the framework cannot hold as a range: held
# automatically, on, for those whose driver has not probed, and rejected
# for none.
if [ $soc = h3 ] && auto_mode; then
	grep -E "^[^ ]+ clk (losc|cec) " /tmp/bc-at-init | sed 's/^/    # at init: /'
	ktap_check rtc-osc-held-not-rejected eval '[ "$(grep -cE \
		"^[^ ]+ clk (losc|cec) auto .* (applied|handed-over|released) " \
		/tmp/bc-at-init)" -ge 1 ] &&
		! grep -qE "^[^ ]+ clk [^ ]+ auto .*failed" /tmp/bc-at-init'
else
	ktap_skip rtc-osc-held-not-rejected "not the H3 with boot_constraints=auto"
fi
grep ' off' $SAMPLES | head -n 3 | sed 's/^/    # first off: /'
[ -f $BC ] && ktap_diag_file $BC
for g in $gates; do
	grep -E "^ *${g##*:} " $SUMMARY | sed 's/^/    # /'
done
ktap_end
