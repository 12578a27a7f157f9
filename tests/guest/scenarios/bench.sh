# SPDX-License-Identifier: GPL-2.0
# The boot-time benchmark (scripts/bench.py, make bench): every bench
# device of the generated tree is bound, with constraints every display
# found its clock held when it probed, and no constraint is left pending.
# Prints, for the host, the bench drivers' counters (and, with
# bc_bench.time_hooks=1, the hooks' and the phases' times), the core's
# stats (added, constraints, pending, apply_attempts, bytes, bytes_peak:
# records of ended constraints are freed once 64 newer devices have ended,
# so bytes_peak / added is what a constraint costs) and the kernel's slab
# memory, one "BC-BENCH GROUP KEY VALUE" a line.
. /ktap.sh

s=/sys/kernel/debug/bc_bench/stats
c=/sys/kernel/debug/boot_constraints/stats
sed 's/^/BC-BENCH bench /' $s
sed 's/^/BC-BENCH core /' $c
grep '^Slab:' /proc/meminfo | sed 's/^/BC-BENCH mem /'

nodes=$(ls -d /proc/device-tree/bench-device-* /proc/device-tree/bench-display-* | wc -l)
displays=$(ls -d /proc/device-tree/bench-display-* | wc -l)
bound=$(ls -d /sys/bus/platform/drivers/bc-bench-consumer/bench-* | wc -l)
held=$(sed -n 's/^held_at_probe //p' $s)
pending=$(sed -n 's/^pending //p' $c)

ktap_begin bench 3
ktap_diag "$bound of $nodes devices bound, $held of $displays displays held at probe"
ktap_check all-bound [ "$bound" = "$nodes" ]
if grep -q 'boot_constraints=off\|bc_bench.seed_deferral=1' /proc/cmdline; then
	ktap_skip displays-held "only the provider-driven way promises it"
else
	ktap_check displays-held [ "$held" = "$displays" ]
fi
ktap_diag "$pending constraints still pending"
ktap_check none-pending [ "$pending" = 0 ]
ktap_end
