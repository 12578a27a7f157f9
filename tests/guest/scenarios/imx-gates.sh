# SPDX-License-Identifier: GPL-2.0
# i.MX6Q sabrelite (real clk-imx6q), no earlycon: every clock gate of the
# CCM (CCGR0..CCGR6, 0x020C4068..0x020C4080, 16 two-bit fields each, 0b11 =
# on), read with devmem, against boot_constraints=auto and report, pristine
# 6.12 (arm32-base) and clk_ignore_unused.  Drivers that never bind in
# these boots: sdhci-esdhc-imx (initcall_blacklist=
# sdhci_esdhc_imx_driver_init: the module is refused if it is loaded), fec
# (not built: the arm32 kernel has no networking), and imx-uart until this
# scenario loads imx.ko at its very end, after every reading, so that the
# console comes up and prints the kernel log (printk.devkmsg=on: the guest
# speaks through it).  QEMU 7.2's CCM model stores every CCGR write as
# written (hw/misc/imx6_ccm.c) and resets them all on but for CCGR2's
# fields 11 and 12.
#
# The devices watched, and their gates (clk-imx6q.c):
#   21e8000.serial    UART2 (the console)  CCGR5 fields 12 uart_ipg, 13 uart_serial
#   2198000.mmc       uSDHC3               CCGR6 field 3 usdhc3
#   219c000.mmc       uSDHC4               CCGR6 field 4 usdhc4
#   2188000.ethernet  FEC                  CCGR1 field 5 enet
#
# Kernel arguments the scenario reads:
#   bc.wait=SECONDS  read the end state once the uptime is past SECONDS
#                    (past boot_constraints.timeout=, counted from
#                    late_initcall), and past the deadline's line in auto
#                    and report modes (30 s more at most)
#
# What each boot must see:
#   auto: at /init (after clk_disable_unused()) every watched device has
#   automatic clock constraints, applied before clk_disable_unused() ran,
#   and its gates are on; no sample sees them off before the deadline; at
#   the deadline one summary warning counts exactly the automatic
#   constraints held; past it the watched gates are off.  The set of gates
#   on at the end ("# compare gates-at-end:") must equal pristine 6.12's
#   (checked by the runner, bc.compare=imx-gates-base:gates-at-end).
#   report: the "would keep" lines at clk_disable_unused() are exactly the
#   report constraints of debugfs, every one for a device with no driver
#   whose node names that resource, the watched devices among them; nothing
#   is held (their gates are off at /init); the deadline's report line
#   counts them; "# compare held:" must equal auto's held set
#   (bc.compare=imx-auto-gates:held).
#   pristine 6.12: the watched gates off at the end; with clk_ignore_unused,
#   on but the UART's, which imx_register_uart_clocks() drops (below).
. /ktap.sh

BC=$(bc_debugfs constraints)
SAMPLES=/tmp/gate-samples
CCM=0x020C4068
# DEVICE:CCGR:FIELD:NAME
watched="21e8000.serial:5:12:uart_ipg 21e8000.serial:5:13:uart_serial
2198000.mmc:6:3:usdhc3 219c000.mmc:6:4:usdhc4 2188000.ethernet:1:5:enet"
devices="21e8000.serial 2198000.mmc 219c000.mmc 2188000.ethernet"

now() {
	cut -d' ' -f1 /proc/uptime
}

ccgr() {
	devmem $(printf '0x%08X' $((CCM + 4 * $1))) 32
}

# The registers, "CCGR0=0x... CCGR1=0x... ..."
registers() {
	for i in 0 1 2 3 4 5 6; do
		printf 'CCGR%d=%s ' $i "$(ccgr $i)"
	done
}

# The gates on (0b11), "CCGRn.field ...", one read of each register.
gates_on() {
	for i in 0 1 2 3 4 5 6; do
		v=$(ccgr $i)
		f=0
		while [ $f -lt 16 ]; do
			[ $(((v >> (2 * f)) & 3)) = 3 ] && printf 'CCGR%d.%d ' $i $f
			f=$((f + 1))
		done
	done
}

# The gates on, as one 16-bit mask of fields per register, and their count:
# "CCGR0:ffff ... CCGR6:0c03 N"
gates_mask() {
	n=0
	for i in 0 1 2 3 4 5 6; do
		v=$(ccgr $i)
		m=0
		f=0
		while [ $f -lt 16 ]; do
			if [ $(((v >> (2 * f)) & 3)) = 3 ]; then
				m=$((m | (1 << f)))
				n=$((n + 1))
			fi
			f=$((f + 1))
		done
		printf 'CCGR%d:%04x ' $i $m
	done
	echo $n
}

# The constraints of the watched devices in FILE (a copy of debugfs)
watched_lines() {
	grep -E "^($(echo $devices | tr ' ' '|')) " "$1"
}

# field_on CCGR FIELD: 0 if that gate is on (0b11)
field_on() {
	[ $((($(ccgr $1) >> (2 * $2)) & 3)) = 3 ]
}

# The watched gates that are not on, "name name ..." (empty if all on):
# one read of each register they are in (CCGR1, 5, 6), for a fast sample
watched_off() {
	c1=$(ccgr 1) c5=$(ccgr 5) c6=$(ccgr 6)
	for w in $watched; do
		set -- $(echo "$w" | tr : ' ')
		eval v=\$c$2
		[ $(((v >> (2 * $3)) & 3)) = 3 ] || printf '%s ' $4
	done
}

# The watched gates that are on
watched_on() {
	for w in $watched; do
		set -- $(echo "$w" | tr : ' ')
		field_on $2 $3 && printf '%s ' $4
	done
}

# One line per sample: the uptime after the reads (they take a while),
# then the watched gates found off.
sampler() {
	while [ ! -e /tmp/stop-sampling ]; do
		off=$(watched_off)
		echo "$(now) $off" >> $SAMPLES
		usleep 20000	# let the CPU idle: see soc-console.sh
	done
}

bound() {
	test -e /sys/bus/platform/devices/$1/driver
}

# A line of the kernel log: its time (the first match's), or nothing
log_time() {
	dmesg | grep -m1 -- "$1" | sed -n 's/^\[ *\([0-9.]*\)\].*/\1/p'
}

# held FILE TOKEN: "DEV TYPE NAME" of the constraints of FILE (a copy of
# debugfs) made automatically (TOKEN auto or report) and applied, sorted
held() {
	awk -v t="$2" '$1 !~ /^#/ && $4 == t && $6 == "applied" { print $1, $2, $3 }' \
		"$1" | sort
}

# held_at FILE TOKEN TIME: as held, the constraints that held at TIME (the
# kernel log's), applied before it and not released by then: what the
# report at clk_disable_unused() saw, even where a loaded host brings the
# deadline before /init
held_at() {
	awk -v t="$2" -v at="$3" '$1 !~ /^#/ && $4 == t && $7 != "-" &&
		$7 + 0 <= at + 0 && ($8 == "-" || $8 + 0 > at + 0) { print $1, $2, $3 }' \
		"$1" | sort
}

# The "would keep" lines of the report at WHEN, as "DEV TYPE NAME", sorted
would_keep() {
	dmesg | sed -n "s/.*boot_constraint: report: $1: would keep //p" |
		sed -e 's/^clock \(.*\) for \([^ ]*\)$/\2 clk \1/' \
		    -e 's/^supply \(.*\) for \([^ ]*\)$/\2 supply \1/' \
		    -e 's/^power domain \(.*\) for \([^ ]*\)$/\2 pd \1/' \
		    -e 's/^reset line \(.*\) for \([^ ]*\)$/\2 reset \1/' | sort
}

# diag_lines PREFIX FILE: each line of FILE a diagnostic line of its own (a
# write to /dev/kmsg, where the guest speaks, is one record of at most 1 KiB)
diag_lines() {
	while IFS= read -r l; do
		echo "    # $1$l"
	done < "$2"
}

# The node of a device (any bus) names the resource TYPE: DT property
names_resource() {
	d=$(ls -d /sys/bus/*/devices/$1 2>/dev/null | head -n 1)
	[ -n "$d" ] && [ -d "$d/of_node" ] || return 1
	case $2 in
	clk) [ -e "$d/of_node/clocks" ] ;;
	supply) ls "$d/of_node/" | grep -q -- '-supply$' ;;
	pd) [ -e "$d/of_node/power-domains" ] ;;
	reset) [ -e "$d/of_node/resets" ] ;;
	*) false ;;
	esac
}

# Every line "DEV TYPE NAME" of FILE: DEV has no driver and its node names
# TYPE.  Prints the first that is not.
unbound_and_named() {
	while read -r dev type name; do
		d=$(ls -d /sys/bus/*/devices/$dev 2>/dev/null | head -n 1)
		if [ -z "$d" ] || [ -e "$d/driver" ] || ! names_resource $dev $type; then
			echo "$dev $type $name"
			return 1
		fi
	done < "$1"
}

# Every watched device appears in FILE ("DEV TYPE NAME" lines) with a clock
all_watched_in() {
	for d in $devices; do
		grep -q "^$d clk " "$1" || { echo "$d"; return 1; }
	done
}

if pristine; then
	mode=pristine
elif arg boot_constraints=report; then
	mode=report
elif arg boot_constraints=auto; then
	mode=auto
else
	mode=tables
fi
waitfor=$(arg_value bc.wait)
t_unused=$(log_time 'clk: Disabling unused clocks')

ktap_begin imx_gates 6
ktap_diag "mode $mode; clk_disable_unused() at ${t_unused:-never}"
[ -f $BC ] && cp $BC /tmp/bc-init
on_init=$(gates_on)
ktap_diag "at /init ($(now)): $(registers)"
ktap_diag "at /init: $(echo $on_init | wc -w) gates on; watched on: $(watched_on)"
rm -f /tmp/stop-sampling $SAMPLES
sampler &
sampler_pid=$!

# 1. The devices are there, none bound (no driver for them yet)
missing=
for d in $devices; do
	{ [ -e /sys/bus/platform/devices/$d ] && ! bound $d; } || missing="$missing $d"
done
ktap_check devices-unbound [ -z "$missing" ]
[ -n "$missing" ] && ktap_diag "missing or bound:$missing"

# 2. At /init: what is held, or what a report lists
case $mode in
auto)
	held /tmp/bc-init auto > /tmp/held
	ktap_diag "$(wc -l < /tmp/held) automatic constraints applied at /init"
	# Every watched device held by automatic constraints alone (no table,
	# no console constraint without earlycon), applied before
	# clk_disable_unused(), and its gates on.
	late=$(awk -v t="$t_unused" '$1 !~ /^#/ && $4 == "auto" &&
		$6 == "applied" && ($7 == "-" || $7 + 0 > t + 0) { print $1, $3, $7 }' \
		/tmp/bc-init | head -n 3)
	ktap_check watched-held-at-init [ -z "$(watched_off)" -a -n "$t_unused" \
		-a -z "$late" -a -z "$(all_watched_in /tmp/held)" \
		-a -z "$(watched_lines /tmp/bc-init | awk '$4 != "auto"')" ]
	[ -n "$late" ] && ktap_diag "applied after clk_disable_unused(): $late"
	;;
report)
	held_at /tmp/bc-init report "$t_unused" > /tmp/held
	would_keep 'unused clocks and domains' > /tmp/would-keep
	ktap_diag "$(wc -l < /tmp/held) report constraints at clk_disable_unused()," \
		"$(wc -l < /tmp/would-keep) would-keep lines"
	if cmp -s /tmp/held /tmp/would-keep; then
		ktap_ok report-lists-what-debugfs-holds
	else
		ktap_fail report-lists-what-debugfs-holds \
			"$(diff /tmp/held /tmp/would-keep | grep '^[-+][^-+]' | head -n 5 | tr '\n' ';')"
	fi
	;;
*)
	: > /tmp/held
	ktap_skip watched-held-at-init "no automatic constraints in mode $mode"
	;;
esac

# 3. The report's lists, from the tree; the sampler until the deadline.
case $mode in
report)
	n=$(dmesg | sed -n 's/.*report: unused clocks and domains: \([0-9]*\) resources on at boot.*/\1/p')
	bad=$(unbound_and_named /tmp/held)
	ktap_check report-devices-from-dt [ -s /tmp/held -a -z "$bad" \
		-a -z "$(all_watched_in /tmp/held)" -a "$n" = "$(wc -l < /tmp/held)" \
		-a "$(watched_off | wc -w)" = 5 ]
	[ -n "$bad" ] && ktap_diag "bound, or not named by its node: $bad"
	;;
auto)
	bad=$(unbound_and_named /tmp/held)
	ktap_check held-devices-from-dt [ -z "$bad" ]
	[ -n "$bad" ] && ktap_diag "bound, or not named by its node: $bad"
	;;
*)
	ktap_skip held-devices-from-dt "nothing held in mode $mode"
	;;
esac
# For the runner (bc.compare=): the set, as a count and a digest (a
# console line is too short for the list, which follows it).
ktap_diag "compare held: $(wc -l < /tmp/held) $(md5sum < /tmp/held | cut -d' ' -f1)"
diag_lines 'held: ' /tmp/held

# Past bc.wait, and past the deadline where there is one: on a loaded
# host the guest's clock runs on while it waits for a CPU, so its deadline
# may come seconds after bc.wait's (given up 30 s later).
deadline_passed() {
	case $mode in
	auto|report)
		dmesg | grep -q 'boot_constraint: \(report: \)\?deadline: ' ;;
	*)
		true ;;
	esac
}
while [ "$(uptime_s)" -le "${waitfor:-0}" ] ||
      { ! deadline_passed && [ "$(uptime_s)" -le $((${waitfor:-0} + 30)) ]; }; do
	sleep 1
done
touch /tmp/stop-sampling
wait $sampler_pid
cp $BC /tmp/bc-end 2>/dev/null
on_end=$(gates_on)
t_end=$(now)
ktap_diag "at the end ($t_end): $(registers)"
ktap_diag "at the end: $(echo $on_end | wc -w) gates on; watched on: $(watched_on)"
ktap_diag "gates on at the end: $on_end"
ktap_diag "compare gates-at-end: $(gates_mask)"

# 4. The deadline: one summary line, counting what was held
case $mode in
auto)
	t_dl=$(log_time 'deadline: releasing .* resources held automatically')
	lines=$(dmesg | grep -c 'boot_constraint: deadline: releasing .* resources held automatically')
	n=$(dmesg | sed -n 's/.*deadline: releasing \([0-9]*\) resources held automatically for \([0-9]*\) devices.*/\1 \2/p')
	ndev=$(cut -d' ' -f1 /tmp/held | sort -u | wc -l)
	ktap_diag "deadline at ${t_dl:-never}: '$n' (held at /init: $(wc -l < /tmp/held) for $ndev devices)"
	ktap_check one-summary-warning [ "$lines" = 1 -a \
		"$n" = "$(wc -l < /tmp/held) $ndev" -a \
		"$(dmesg | grep -c 'released at the deadline')" = 0 ]
	# No sample saw a watched gate off before the release, at the
	# deadline: debugfs's times are the monotonic clock's, as
	# /proc/uptime (the kernel log's timestamps are another clock).
	t_rel=$(watched_lines /tmp/bc-end | awk '$4 == "auto" && $6 == "expired" &&
		(t == "" || $8 + 0 < t + 0) { t = $8 } END { print t }')
	expired=$(watched_lines /tmp/bc-end | awk '$4 == "auto" && $6 == "expired"' | wc -l)
	ktap_diag "watched constraints expired: $expired of $(watched_lines /tmp/bc-init | wc -l), the first at ${t_rel:-never} (uptime)"
	early=$(awk -v t="$t_rel" 'NF > 1 && $1 + 0 < t + 0' $SAMPLES | head -n 3)
	ktap_check held-until-deadline [ -n "$t_rel" -a -z "$early" -a \
		"$expired" = "$(watched_lines /tmp/bc-init | wc -l)" -a \
		"$(awk -v t="$t_rel" '$1 + 0 < t + 0' $SAMPLES | wc -l)" -gt 0 ]
	[ -n "$early" ] && ktap_diag "off before the deadline: $early"
	;;
report)
	n=$(dmesg | sed -n 's/.*report: deadline: \([0-9]*\) resources on at boot for \([0-9]*\) devices whose driver did not probe would be released now.*/\1 \2/p')
	ndev=$(cut -d' ' -f1 /tmp/held | sort -u | wc -l)
	ktap_check report-deadline-line [ "$n" = "$(wc -l < /tmp/held) $ndev" \
		-a "$(dmesg | grep -c 'boot_constraint: deadline: releasing')" = 0 ]
	ktap_skip held-until-deadline "a report holds nothing"
	;;
*)
	ktap_skip one-summary-warning "mode $mode"
	ktap_skip held-until-deadline "mode $mode"
	;;
esac

# 5. The end: what stays on
if [ $mode = pristine ] && arg clk_ignore_unused; then
	# 6.12's imx_register_uart_clocks() takes the clocks of stdout-path's
	# UART whenever "earlycon" or "console=" is given (do_early_param()
	# runs the "earlycon" __setup handlers for console= too) and drops
	# them at late_initcall_sync: clk_ignore_unused does not keep them.
	ktap_check watched-still-on-but-uart [ "$(watched_off)" = "uart_ipg uart_serial " ]
	ktap_diag "hold time: never released, on at $t_end; the UART's until" \
		"late_initcall_sync (imx_clk_disable_uart())"
else
	ktap_check watched-off-at-end [ "$(watched_off | wc -w)" = 5 ]
	case $mode in
	auto) ktap_diag "hold time: until the deadline, ${t_rel:-never} (its warning at ${t_dl:-never})" ;;
	*) ktap_diag "hold time: until clk_disable_unused(), ${t_unused:-never}" ;;
	esac
fi
ktap_diag "off samples before the end: $(awk 'NF > 1' $SAMPLES | wc -l) of $(wc -l < $SAMPLES)"
if [ -f /tmp/bc-init ]; then
	watched_lines /tmp/bc-init > /tmp/w-init
	watched_lines /tmp/bc-end > /tmp/w-end
	diag_lines 'at /init: ' /tmp/w-init
	diag_lines 'at the end: ' /tmp/w-end
	cp "$(bc_debugfs stats)" /tmp/stats
	diag_lines '' /tmp/stats
fi
ktap_end

# The console, at last: imx-uart binds and prints the kernel log.
insmod /lib/modules/imx.ko
