# SPDX-License-Identifier: GPL-2.0
# The console whose driver has not come (initcall_blacklist=pl011_init):
# with earlycon its clock stays held, counted by the clock framework, for
# as long as the driver is away; without boot constraints nothing holds it.
# The guest's console is the boot console here: init writes to /dev/kmsg.
# With bc.wait=SECONDS, looked at once the guest has run that long, past
# the driver core's deadline (deferred_probe_timeout=) and the 30 s the
# console's constraints outlive it: they have expired then, and not before
# those 30 s, each with its warning; nothing is held for ever.
. /ktap.sh

wait=$(arg_value bc.wait)
while [ -n "$wait" ] && [ "$(uptime_s)" -lt "$wait" ]; do
	sleep 1
done

BC=$(bc_debugfs constraints)
uart=9000000.pl011
# QEMU's 24 MHz fixed clock, both of the pl011's clocks, and the apb_pclk
# of every other AMBA device, which the AMBA bus keeps enabled while its
# driver is bound (the PL061 GPIO's, with CONFIG_GPIO_PL061): those are
# not counted.
bound=$(ls -d /sys/bus/amba/drivers/*/*.* 2>/dev/null | grep -vc "/$uart$")
count=$(awk -v bound="$bound" '$1 == "clk24mhz" { print $2 - bound }' \
	/sys/kernel/debug/clk/clk_summary)

ktap_begin earlycon_virt_held 2
ktap_check pl011-not-bound eval "! test -e /sys/bus/amba/drivers/uart-pl011/$uart"
ktap_diag "clk24mhz enable count, without $bound other AMBA device(s): $count"
# released_s: when the console's first clock was released, in whole seconds
released_s() {
	awk -v u="$uart" '$1 == u && $2 == "clk" && $5 == "expired" {
		split($7, t, "."); print t[1]; exit }' $BC
}
# bounded: released at least 30 s after the driver core's deadline, with a
# warning each
bounded() {
	timeout=$(arg_value deferred_probe_timeout)
	r=$(released_s)
	ktap_diag "console's clocks released at ${r:-never} s," \
		"the driver core's deadline ${timeout} s after late_initcall"
	[ "$count" = 0 ] && [ -n "$r" ] && [ "$r" -ge $((timeout + 30)) ] &&
		[ "$(grep -c "^$uart clk .* expired " $BC)" = 2 ] &&
		[ "$(dmesg | grep -c "$uart: clk boot constraint .* released at the deadline")" = 2 ]
}

if grep -qw 'boot_constraints=off' /proc/cmdline; then
	ktap_check baseline-clock-not-held [ "$count" = 0 ]
elif [ -n "$wait" ]; then
	ktap_check console-released-within-bound bounded
else
	ktap_check clock-held-by-constraints \
		[ "$count" = 2 -a "$(grep -c "^$uart clk .* applied " $BC)" = 2 ]
fi
ktap_diag_file $BC
ktap_end
