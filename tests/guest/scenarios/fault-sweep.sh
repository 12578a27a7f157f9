# SPDX-License-Identifier: GPL-2.0
# Fault-injection sweep of the debug kernel (tests/debug.boots): lets
# failslab fail the sleeping allocations that a task's fail-nth counter
# picks, runs the KUnit suite boot_constraint_fault (fault_test.c) through
# KUnit's debugfs, reports its cases, and checks the kernel log of the run:
# each of the core's adds at a device's creation that failed was logged
# once, no holder device of a power-domain constraint is left, and no
# report of a checker.  The guest's init scans for leaks afterwards.
. /ktap.sh

suite=boot_constraint_fault
dir=/sys/kernel/debug/kunit/$suite
cases="bc_test_fault_clk bc_test_fault_supply bc_test_fault_pm bc_test_fault_all bc_test_fault_of bc_test_fault_of_waiter bc_test_fault_of_notify bc_test_fault_console"

ktap_begin fault-sweep 13

arm() {
	d=/sys/kernel/debug/failslab
	[ -d "$d" ] || return 1
	echo N > "$d/ignore-gfp-wait" &&
		echo 0 > "$d/verbose"
}
ktap_check armed arm

# KUnit's own output goes to the log, not to the console that the host
# parses: the suite's cases are reported below from its debugfs results.
# Warnings (level 4) and errors still reach the console.
echo 5 > /proc/sys/kernel/printk
dmesg -c > /dev/null
start=$(date +%s)
echo run > "$dir/run"
end=$(date +%s)
echo 7 > /proc/sys/kernel/printk
dmesg > /tmp/sweep.log
cp "$dir/results" /tmp/results
ktap_diag "$suite: $((end - start)) s"
grep 'fault-sweep:' /tmp/results | sed 's/^ *# *//' > /tmp/sites
ktap_diag_file /tmp/sites

# Each sweep ran with the allocator armed and failed allocations in turn.
swept() {
	[ "$(grep -c ': armed: [1-9][0-9]* allocations failed' /tmp/sites)" = 8 ] &&
		! grep -q 'not armed' /tmp/sites
}
ktap_check swept-armed swept

for c in $cases; do
	line=$(grep -E "^ *(not )?ok [0-9]+ $c( |$)" /tmp/results)
	case $line in
	*"not ok"*)
		grep -E "^ *# $c|EXPECTATION|ASSERTION| at .*_test\.c" /tmp/results |
			head -40 | sed 's/^ */    # /'
		ktap_fail "$c" "$line" ;;
	*"# SKIP"*) ktap_fail "$c" "skipped: ${line#*# SKIP}" ;;
	*ok*) ktap_ok "$c" ;;
	*) ktap_fail "$c" "no result" ;;
	esac
done

# Each failed add at a device's creation: one "not added" line before the
# test's marker of that failure, none for the adds that succeeded, and no
# more than one line of the core about the constraint that failed.
awk '
/fault-sweep: of-notify n=[0-9]+: not added/ {
	marks++
	if (added != 1 || applied > 1)
		bad++
	added = 0; applied = 0
	next
}
/fault-sweep: of-notify: [0-9]+ not added/ {
	summary = $NF == "added" ? $(NF - 2) : -1
	if (added)
		bad++
	added = 0
	next
}
/bc-test-no-pd: boot constraints from .* not added/ { added++ }
/bc-test-no-pd: boot constraints.* rejected: / { applied++ }
END {
	printf "%d failed adds marked, %d counted, %d not logged once\n", marks, summary, bad
	exit !(marks > 0 && marks == summary && bad == 0)
}' /tmp/sweep.log > /tmp/logged 2>&1
logged=$?
ktap_diag_file /tmp/logged
ktap_result $logged logged-once

holders=$(ls /sys/devices/boot_constraint | grep -c '^pd')
ktap_check no-holder-left test "$holders" = 0

reports=$(grep -cE 'BUG:|WARNING:|KASAN|UBSAN|ODEBUG:|possible circular locking|possible recursive locking|Unable to handle kernel' /tmp/sweep.log)
if [ "$reports" != 0 ]; then
	grep -E -A20 'BUG:|WARNING:|KASAN|UBSAN|ODEBUG:|possible circular|possible recursive|Unable to handle' /tmp/sweep.log |
		head -60 | sed 's/^/    # /'
fi
ktap_check no-reports-in-log test "$reports" = 0
ktap_end
