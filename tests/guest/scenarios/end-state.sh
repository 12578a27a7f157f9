# SPDX-License-Identifier: GPL-2.0
# After the deadline the machine is pristine's (tests/boots' "end-state"
# kind): the guest loads the modules of bc.module=MOD[,MOD] at
# bc.load=SECONDS of uptime (the console's driver, where it is a module:
# then the console prints), waits past the constraints' deadline and the
# regulator core's clean-up (30 s after late_initcall_sync, which came
# before /init: 32 s from the scenario's start), and prints the machine's
# state (state-lib.sh: every clock, regulator, power domain, bound driver
# and the kernel's warnings), which the runner diffs against the same
# board's boot of pristine 6.12 in the same run (bc.diff=BOOT).
#
# Checked here: the modules loaded and bound something, the clock
# framework's summary was read; the constraints' debugfs list, where there
# is one, is printed for the diff's reader.
. /ktap.sh
. /scenarios/state-lib.sh

t0=$(uptime_s)
load=$(arg_value bc.load)
mods=$(arg_value bc.module | tr , ' ')

ktap_begin end_state 2
while [ "$(uptime_s)" -lt "${load:-0}" ]; do
	sleep 1
done
failed=
for m in $mods; do
	ktap_diag "loading $m.ko at $(cut -d' ' -f1 /proc/uptime)"
	insmod /lib/modules/$m.ko || failed="$failed $m"
done
ktap_check modules-loaded [ -z "$failed" ]
while [ "$(uptime_s)" -lt $((t0 + 32)) ]; do
	sleep 1
done
ktap_diag "end state at $(cut -d' ' -f1 /proc/uptime), /init at $t0 s"
if [ -r /sys/kernel/debug/boot_constraints/constraints ]; then
	sed 's/^/    # constraints: /' /sys/kernel/debug/boot_constraints/constraints
fi
state_dump
ktap_check clk-summary-read [ -s /tmp/state-clk ]
ktap_end
