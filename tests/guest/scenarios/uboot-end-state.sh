# SPDX-License-Identifier: GPL-2.0
# The state a real bootloader's boot ends in, past every deadline: after
# U-Boot left its devices running, the console's driver loaded late
# (bc.load=SECONDS: a module) and the others' never (the SD card's MMC,
# USB, HDMI...), the guest waits past bc.wait=SECONDS (past
# boot_constraints.timeout=) and prints, for the runner to compare with
# pristine 6.12's boot on the same U-Boot flow (bc.compare=BOOT:KEY):
#
#   clk       clk_summary: each clock's enable, prepare and protect counts,
#             rate and hardware state (its consumers are listed, not
#             compared: the series' handles are not clk consumers)
#   regulator regulator_summary's regulator lines (use and open counts,
#             state, voltage)
#   genpd     pm_genpd_summary's domain lines (name, status)
#   gates     the SoC's clock-gate registers, read with devmem
#   drivers   every device bound to a driver, by bus and driver
#
# each as "# compare KEY: LINES DIGEST", the text following as diagnostics.
# "auto, then nothing" must be pristine.  Also checked here: the drivers
# loaded late bound, and in auto mode one summary warning at the deadline
# for what no driver took over (none without constraints), and no
# constraint of a CPU's device (its node names the clocks and supplies
# cpufreq uses without binding a driver: auto must not hold them).
#
# The boot's timeline (scripts/uboot-timeline.py, make demo-uboot), as
# "# tl ..." lines, times in ns of ktime_get() (/proc/timer_list's "now"),
# the clock of the constraints' applied and released times:
#
#   tl init NS                     when /init ran
#   tl clk init|end NAME EN HW [DEVICE:CON_ID ...]
#                                  each clock on (HW Y) or enabled (EN > 0)
#                                  at /init and at the end, with its
#                                  consumers (clk_summary)
#   tl bound DEVICE MODULE T0 T1   the module loaded from T0 to T1, its
#                                  driver bound DEVICE (synchronous probe)
#   tl bc LINE                     debugfs boot_constraints/constraints
#   tl end NS                      when the end state was read
#
# With constraints, the guest's own verdict on them: no constraint of a
# device bound late released before its module was loaded (or, for the
# others, before the deadline), none released after its driver's probe
# returned: the hold after the takeover, "timeline-hold-after-takeover-ns",
# must be 0.
. /ktap.sh

compat=$(tr '\0' ' ' < /proc/device-tree/compatible)
case $compat in
*allwinner,sun8i-h3*)
	# H3 CCU: BUS_CLK_GATING_REG0..4, SDMMC0_CLK_REG; the UART's driver.
	# sunxi-mmc stays unloaded: bound, it finds the card and its runtime
	# PM turns the MMC's clocks on and off as the card is used (seen:
	# SDMMC0_CLK_REG's gate on in one boot, off in the other, at the
	# same point), which no single reading can compare.
	regs="0x01C20060 0x01C20064 0x01C20068 0x01C2006C 0x01C20070 0x01C20088"
	mods="8250_dw"
	bound="dw-apb-uart/1c28000.serial"
	;;
*fsl,imx6q*)
	# i.MX6Q CCM: CCGR0..6; the UART's driver.  sdhci-esdhc-imx is held
	# back by the boots (initcall_blacklist=), as imx-gates.sh's are: its
	# runtime PM turns the uSDHCs' clocks on and off.
	regs="0x020C4068 0x020C406C 0x020C4070 0x020C4074 0x020C4078 0x020C407C 0x020C4080"
	mods="imx"
	bound="imx-uart/21e8000.serial"
	;;
*)
	ktap_begin uboot_end_state 1
	ktap_skip soc "no table for $compat"
	ktap_end
	exit 0
	;;
esac

load=$(arg_value bc.load)
waitfor=$(arg_value bc.wait)
D=/sys/kernel/debug

# tl_now: ktime_get() in ns
tl_now() {
	awk '/^now at/ { print $3; exit }' /proc/timer_list
}

# tl_clocks PHASE: "# tl clk PHASE NAME EN HW [DEVICE:CON_ID ...]" for each
# clock on or enabled, with its consumers (clk_summary's, the constraints'
# handles among them), a write (a kernel log record) each
tl_clocks() {
	awk -v p="$1" '
		function flush() {
			if (name != "" && (hw == "Y" || en > 0)) {
				print "    # tl clk " p, name, en, hw users
				fflush()
			}
			name = ""
		}
		$2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/ && NF >= 9 {
			flush()
			name = $1; en = $2; hw = $9; users = ""
			if (NF >= 11 && $10 != "deviceless")
				users = " " $10 ":" $11
			next
		}
		name != "" && NF == 2 && $1 != "deviceless" { users = users " " $1 ":" $2 }
		END { flush() }' $D/clk/clk_summary
}

# tl_verdict: the constraints' verdict, from debugfs and the tl lines
# (/tmp/tl): "HELD TAKEN DEADLINE EARLY LEFT HOLD_NS".  Of the constraints
# held (applied: not those that failed or never found their provider):
# those of a device whose driver was loaded late (TAKEN; EARLY if released
# before its module was loaded), those released at the deadline (EARLY if
# before it, or before boot_constraints.timeout= seconds of uptime: it
# counts from late_initcall), those still held at the end (LEFT); and the
# longest hold
# after the load of a driver that took its device over returned (HOLD_NS).
# Those of devices bound before /init count in HELD alone.
tl_verdict() {
	sed -n 's/^# deadline //p' $D/boot_constraints/constraints > /tmp/tl-deadline
	awk -v dl="$(cat /tmp/tl-deadline)" -v tmo="$(arg_value boot_constraints.timeout)" '
		FILENAME == "/tmp/tl" { t0[$3] = $5 / 1e9; t1[$3] = $6 / 1e9; next }
		/^#/ || $(NF - 1) == "-" { next }
		{ n++; rel = $NF; st = $(NF - 2) }
		rel == "-" { left++; next }
		$1 in t0 {
			taken++
			if (rel < t0[$1]) early++
			h = (rel - t1[$1]) * 1e9
			if (h > hold) hold = h
			next
		}
		st == "expired" {
			at++
			if (dl !~ /^[0-9.]+$/ || rel < dl || (tmo != "" && rel < tmo + 0))
				early++
			next
		}
		st != "released" { left++ }
		END { printf "%d %d %d %d %d %.0f\n", n, taken, at, early, left, hold }
	' /tmp/tl $D/boot_constraints/constraints
}

# none_of_cpus CPU...: 0 if there is a CPU and no constraint of any
none_of_cpus() {
	[ $# -gt 0 ] || return 1
	for c; do
		grep -q "^$c " $D/boot_constraints/constraints && return 1
	done
	return 0
}

# show KEY FILE: the compare line of FILE's text, then the text.
show() {
	ktap_diag "compare $1: $(wc -l < "$2") $(md5sum < "$2" | cut -d' ' -f1)"
	sed "s/^/    # $1: /" "$2"
}

with_bc=
[ -d $D/boot_constraints ] && ! arg boot_constraints=off && with_bc=y
ncases=3
[ -n "$with_bc" ] && ncases=5
auto=
[ -n "$with_bc" ] && arg boot_constraints=auto && auto=y ncases=$((ncases + 1))
ktap_begin uboot_end_state $ncases
ktap_diag "tl init $(tl_now)"
tl_clocks init
: > /tmp/tl
while [ "$(uptime_s)" -lt "${load:-0}" ]; do
	sleep 1
done
for m in $mods; do
	ktap_diag "loading $m.ko at $(cut -d' ' -f1 /proc/uptime)"
	t0=$(tl_now)
	insmod /lib/modules/$m.ko
	t1=$(tl_now)
	for b in $bound; do
		d=/sys/bus/platform/drivers/${b%/*}
		[ -e /sys/bus/platform/drivers/$b ] &&
			[ "$(basename "$(readlink $d/module)")" = "$(echo $m | tr - _)" ] &&
			echo "tl bound ${b#*/} $m $t0 $t1" >> /tmp/tl
	done
done
while [ "$(uptime_s)" -le "${waitfor:-0}" ]; do
	sleep 1
done
sleep 1
ktap_diag "end state at $(cut -d' ' -f1 /proc/uptime)"

missing=
for b in $bound; do
	[ -e /sys/bus/platform/drivers/$b ] || missing="$missing $b"
done
ktap_check late-drivers-bound [ -z "$missing" ]
[ -n "$missing" ] && ktap_diag "not bound:$missing"

warnings=$(dmesg | grep -c 'deadline: releasing .* resources held automatically')
if [ -d $D/boot_constraints ] && arg boot_constraints=auto && ! arg boot_constraints=off; then
	ktap_check one-summary-warning [ "$warnings" = 1 ]
else
	ktap_check no-summary-warning [ "$warnings" = 0 ]
fi

# Clocks: name, enable, prepare, protect counts, rate, hardware enable.
awk '$2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/ && NF >= 9 {
	print $1, $2, $3, $4, $5, $9 }' $D/clk/clk_summary > /tmp/clk
# Regulators: the lines of regulator_summary's regulators, not of their
# consumers (indented further, no use/open counts).
awk 'NR > 2 && $2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/' \
	$D/regulator/regulator_summary > /tmp/regulator 2>/dev/null
awk 'NR > 2 && NF >= 2 && $1 !~ /^\// { print $1, $2 }' \
	$D/pm_genpd/pm_genpd_summary > /tmp/genpd 2>/dev/null
for r in $regs; do
	echo "$r $(devmem $r 32)"
done > /tmp/gates
for d in /sys/bus/*/drivers/*/*; do
	[ -L "$d" ] && [ -e "$d/driver" ] && echo "${d#/sys/bus/}"
done | sort > /tmp/drivers
ktap_check clk-summary-read [ -s /tmp/clk ]
if [ -n "$auto" ]; then
	# The CPUs' devices (cpu0...), each of a node with clocks.
	cpus=$(for c in /sys/devices/system/cpu/cpu[0-9]*; do
		[ -e "$c/of_node/clocks" ] && echo "${c##*/}"
	done)
	ktap_diag "CPUs with clocks: $(echo $cpus)"
	ktap_check nothing-of-a-cpu none_of_cpus $cpus
fi
tl_clocks end
while read -r line; do
	echo "    # $line"
done < /tmp/tl
if [ -n "$with_bc" ]; then
	while read -r line; do
		echo "    # tl bc $line"
	done < $D/boot_constraints/constraints
	set -- $(tl_verdict)
	ktap_diag "timeline verdict: $1 held, $2 taken over, $3 at the deadline, $4 early, $5 left, hold after takeover $6 ns"
	ktap_check timeline-held-until-takeover-or-deadline [ "$4" = 0 -a "$5" = 0 ]
	ktap_check timeline-no-hold-after-takeover [ "$6" = 0 ]
fi
ktap_diag "tl end $(tl_now)"
for key in clk regulator genpd gates drivers; do
	show $key /tmp/$key
done
ktap_end
