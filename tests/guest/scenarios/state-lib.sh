# SPDX-License-Identifier: GPL-2.0
# The machine's state as the runner diffs it against another boot's
# (bc.diff=BOOT, scripts/bctest/statediff.py): source this file, then
# state_dump.  Each object is one line
#
#   # state KEY ID [FIELD=VALUE ...]
#
# and each KEY ends with "# state-count KEY N", its number of objects, so
# that a dump cut short is told from a smaller machine.  The keys:
#
#   clk        each clock of debugfs clk/clk_summary: its parent (the
#              tree's indentation; "-" for a root or an orphan), enable,
#              prepare and protect counts, rate, hardware state (Y, N, or
#              ? where the clock cannot tell) and its consumers
#              (DEVICE:CON_ID, sorted; the clock's own "deviceless" handle
#              of every clock among them), so that a handle left over
#              shows
#   regulator  each regulator of regulator_summary: its supply, use, open
#              and bypass counts, mode, voltage, current limit and
#              constraints; and each consumer as REGULATOR>NAME (#2 for
#              the same name twice): enable count, load, requested range
#   genpd      each power domain of pm_genpd_summary: status, performance
#              state, subdomains; and each device as DOMAIN>DEVICE:
#              runtime PM status and performance state
#   drivers    every device bound to a driver, BUS/DRIVER/DEVICE
#   log        every kernel message at warning or worse (dmesg -r, the
#              kernel's facility only), its timestamp dropped, its spaces
#              as "_" and each 0x... number as "0x#" (#2 for the same
#              line twice)
#
# STATE_DEBUG is where debugfs is (tests/harness/test_statediff.py sets
# it).  A key with no file (no such framework) has no object.  Nothing here
# is compared by the guest: the runner diffs, and names what its allow
# list excuses (tests/end-state.allow).

STATE_DEBUG=${STATE_DEBUG:-/sys/kernel/debug}

# state_clk: clk_summary as "# state clk" lines
state_clk() {
	[ -r $STATE_DEBUG/clk/clk_summary ] || return 0
	awk '
		# The clock read last (name, its fields, its nu users u[1..nu])
		# as one line, its users sorted (globals only: busybox awk).
		function flush() {
			if (name == "")
				return
			for (i = 2; i <= nu; i++)
				for (j = i; j > 1 && u[j - 1] > u[j]; j--) {
					t = u[j]; u[j] = u[j - 1]; u[j - 1] = t
				}
			users = u[1]
			for (i = 2; i <= nu; i++)
				users = users "," u[i]
			print "    # state clk " name " parent=" parent " enable=" en \
				" prepare=" pr " protect=" pt " rate=" rate " hw=" hw \
				" users=" users
			name = ""
		}
		NR <= 3 { next }
		NF >= 11 && $2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/ {
			flush()
			match($0, /^ */)
			level = (RLENGTH - 1) / 3
			stack[level] = $1
			parent = level > 0 ? stack[level - 1] : "-"
			name = $1; en = $2; pr = $3; pt = $4; rate = $5; hw = $9
			nu = 1
			u[1] = $10 ":" $11
			next
		}
		NF == 2 && name != "" { u[++nu] = $1 ":" $2; next }
		END { flush() }
	' $STATE_DEBUG/clk/clk_summary
}

# state_regulator: regulator_summary as "# state regulator" lines
state_regulator() {
	[ -r $STATE_DEBUG/regulator/regulator_summary ] || return 0
	awk '
		NR <= 2 { next }
		{ match($0, /^ */); level = (RLENGTH - 1) / 3 }
		$2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/ && $4 ~ /^[0-9]+$/ {
			stack[level] = $1
			supply = level > 0 ? stack[level - 1] : "-"
			line = "    # state regulator " $1 " supply=" supply \
				" use=" $2 " open=" $3 " bypass=" $4 " mode=" $5 \
				" voltage=" $6 " current=" $7
			if (NF >= 9)
				line = line " min=" $8 " max=" $9
			print line
			next
		}
		NF == 5 && $2 ~ /^[0-9]+$/ {
			id = stack[level - 1] ">" $1
			if (seen[id]++)
				id = id "#" seen[id]
			print "    # state regulator " id " enable=" $2 " load=" $3 \
				" min=" $4 " max=" $5
		}
	' $STATE_DEBUG/regulator/regulator_summary
}

# state_genpd: pm_genpd_summary as "# state genpd" lines
state_genpd() {
	[ -r $STATE_DEBUG/pm_genpd/pm_genpd_summary ] || return 0
	awk '
		function flush() {
			if (dom != "")
				print "    # state genpd " dom " status=" st " perf=" perf \
					" children=" (kids == "" ? "-" : kids)
			dom = ""
		}
		NR <= 3 { next }
		/^[^ ]/ { flush(); dom = $1; st = $2; perf = $3; kids = ""; cur = $1; next }
		/^    [^ ]/ {
			print "    # state genpd " cur ">" $1 " runtime=" $2 " perf=" $3
			next
		}
		NF >= 1 { gsub(/ /, ""); kids = $0 }
		END { flush() }
	' $STATE_DEBUG/pm_genpd/pm_genpd_summary
}

# state_drivers: every bound device as BUS/DRIVER/DEVICE
state_drivers() {
	for d in /sys/bus/*/drivers/*/*; do
		[ -L "$d" ] && [ -e "$d/driver" ] &&
			echo "    # state drivers ${d#/sys/bus/}"
	done | sort
}

# state_log: the kernel's warnings and errors (levels 0 to 4, of facility
# 0: not what user space wrote to /dev/kmsg, facility 1, the scenarios'
# lines among them)
state_log() {
	dmesg -r | awk '
		match($0, /^<[0-9]+>/) {
			if (substr($0, 2, RLENGTH - 2) + 0 > 4)
				next
			msg = substr($0, RLENGTH + 1)
			sub(/^\[ *[0-9]+\.[0-9]+\] */, "", msg)
			gsub(/0x[0-9a-fA-F]+/, "0x#", msg)
			gsub(/[ \t]+/, "_", msg)
			if (msg == "")
				next
			id = msg
			if (seen[msg]++)
				id = msg "#" seen[msg]
			print "    # state log " id
		}'
}

# state_dump: every key, each followed by its count; a line a write, as
# /dev/kmsg (the guest's output until the console's driver binds) takes at
# most one record a write and refuses a longer one whole
state_dump() {
	for key in clk regulator genpd drivers log; do
		state_$key > /tmp/state-$key
		while IFS= read -r line; do
			echo "$line"
		done < /tmp/state-$key
		echo "    # state-count $key $(wc -l < /tmp/state-$key)"
	done
}
