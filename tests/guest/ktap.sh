# SPDX-License-Identifier: GPL-2.0
# KTAP helpers for guest scenarios: source this file (/ktap.sh in the
# guest).  Output nests like KUnit's, one suite per scenario, so the host
# runner parses both the same way:
#
#	ktap_begin smoke 2		# suite name, number of cases
#	ktap_check dt-compatible grep -q dummy-virt /proc/device-tree/compatible
#	ktap_diag "anything worth keeping in the log"
#	ktap_skip clk-summary "no clk debugfs"
#	ktap_end			# the suite's own result line

_ktap_n=0
_ktap_fail=0

ktap_begin() {
	_ktap_suite=$1
	_ktap_n=0
	_ktap_fail=0
	echo "KTAP version 1"
	echo "1..1"
	echo "    KTAP version 1"
	echo "    # Subtest: $1"
	echo "    1..$2"
}

# ktap_diag MESSAGE...: a diagnostic line
ktap_diag() {
	echo "    # $*"
}

# ktap_diag_file FILE: a file's content as diagnostic lines
ktap_diag_file() {
	sed 's/^/    # /' "$1"
}

# ktap_result STATUS NAME: report a case; STATUS 0 is ok
ktap_result() {
	_ktap_n=$((_ktap_n + 1))
	if [ "$1" = 0 ]; then
		echo "    ok $_ktap_n $2"
	else
		_ktap_fail=1
		echo "    not ok $_ktap_n $2"
	fi
}

# ktap_ok NAME / ktap_fail NAME [WHY]
ktap_ok() {
	ktap_result 0 "$1"
}

ktap_fail() {
	[ -n "$2" ] && ktap_diag "$1: $2"
	ktap_result 1 "$1"
}

# ktap_skip NAME REASON
ktap_skip() {
	_ktap_n=$((_ktap_n + 1))
	echo "    ok $_ktap_n $1 # SKIP $2"
}

# ktap_check NAME COMMAND...: ok if COMMAND succeeds
ktap_check() {
	_name=$1
	shift
	if "$@"; then
		ktap_ok "$_name"
	else
		ktap_fail "$_name" "failed: $*"
	fi
}

ktap_end() {
	if [ "$_ktap_fail" = 0 ]; then
		echo "ok 1 $_ktap_suite"
	else
		echo "not ok 1 $_ktap_suite"
	fi
}

# The guest's own: arg_value NAME, the value of NAME= on the kernel's
# command line (empty without it); arg WORD, whether the command line has
# WORD; uptime_s, whole seconds since boot.
arg_value() {
	sed -n "s/.*\<$1=\([^ ]*\).*/\1/p" /proc/cmdline
}

arg() {
	grep -qw -- "$1" /proc/cmdline
}

# bc_debugfs FILE: the path of the core's debugfs FILE, or /dev/null where
# the core shows none (boot_constraints=off, or pristine 6.12)
bc_debugfs() {
	if [ -e "/sys/kernel/debug/boot_constraints/$1" ]; then
		echo "/sys/kernel/debug/boot_constraints/$1"
	else
		echo /dev/null
	fi
}

# pristine: whether the kernel is pristine 6.12, without the series (whose
# debugfs is there unless boot_constraints=off)
pristine() {
	[ ! -d /sys/kernel/debug/boot_constraints ] && ! arg boot_constraints=off
}

uptime_s() {
	cut -d. -f1 /proc/uptime
}
