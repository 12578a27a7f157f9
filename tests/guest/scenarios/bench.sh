# SPDX-License-Identifier: GPL-2.0
# The boot-time benchmark (scripts/bench.py, make bench): every bench
# device of the generated tree is bound, with constraints every display
# found its clock held when it probed (in the automatic workload, with
# boot_constraints=auto, every device whose clock was on at boot), and no
# constraint is left pending.
# Prints, for the host, the bench drivers' counters (and, with
# bc_bench.time_hooks=1, the hooks' and the phases' times, and the hooks'
# once no constraint is left), the core's
# stats (added, constraints, pending, apply_attempts, bytes, bytes_peak:
# records of ended constraints are freed once 64 newer devices have ended,
# so bytes_peak / added is what a constraint costs) and the kernel's slab
# memory, one "BC-BENCH GROUP KEY VALUE" a line.
. /ktap.sh

s=/sys/kernel/debug/bc_bench/stats
c=$(bc_debugfs stats)
# The driver core's hooks are off: with boot_constraints=off (no debugfs of
# the core) from the start
hooks_off() {
	[ "$c" = /dev/null ] || grep -qx 'hooks off' $c
}
# Timing the hooks: once more when no constraint is left (the deadline
# passed), to compare with boot_constraints=off.
if grep -q 'bc_bench.time_hooks=1' /proc/cmdline; then
	i=0
	while ! hooks_off && [ $i -lt 60 ]; do
		sleep 1
		i=$((i + 1))
	done
	hooks_off && echo 1 > /sys/kernel/debug/bc_bench/time_hooks_after
fi
sed 's/^/BC-BENCH bench /' $s
sed 's/^/BC-BENCH core /' $c
grep '^Slab:' /proc/meminfo | sed 's/^/BC-BENCH mem /'

nodes=$(ls -d /proc/device-tree/bench-device-* /proc/device-tree/bench-display-* 2>/dev/null | wc -l)
displays=$(ls -d /proc/device-tree/bench-display-* 2>/dev/null | wc -l)
bound=$(ls -d /sys/bus/platform/drivers/bc-bench-consumer/bench-* \
	/sys/bus/platform/drivers/bc-bench-auto/bench-* 2>/dev/null | wc -l)
held=$(sed -n 's/^held_at_probe //p' $s)
clocks_on=$(sed -n 's/^clocks_on //p' $s)
auto_held=$(sed -n 's/^auto_held_at_probe //p' $s)
pending=$(sed -n 's/^pending //p' $c)

ktap_begin bench 4
ktap_diag "$bound of $nodes devices bound, $held of $displays displays held at probe"
ktap_check all-bound [ "$bound" = "$nodes" ]
if grep -q 'boot_constraints=off\|bc_bench.seed_deferral=1' /proc/cmdline; then
	ktap_skip displays-held "only the provider-driven way promises it"
else
	ktap_check displays-held [ "$held" = "$displays" ]
fi
if [ "$displays" = 0 ] && grep -q 'boot_constraints=auto' /proc/cmdline; then
	ktap_diag "$auto_held of $clocks_on clocks on at boot held at probe"
	ktap_check auto-held [ "$auto_held" = "$clocks_on" ]
else
	ktap_skip auto-held "only the automatic workload's boot_constraints=auto"
fi
# The machine's own devices' (virt's), in the history if still there
grep -v '^bench-\|^#' "$(bc_debugfs constraints)" |
	sed 's/^/BC-BENCH-OTHER /'
ktap_diag "$pending constraints still pending"
ktap_check none-pending [ "${pending:-0}" = 0 ]
ktap_end
