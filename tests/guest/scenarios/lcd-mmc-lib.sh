# SPDX-License-Identifier: GPL-2.0
# Shared by the lcd-mmc-* scenarios (tests/dt/lcd-mmc.dtsi), sourced
# after /ktap.sh. The providers log every operation in $OPS, one a line:
# "NANOSECONDS RESOURCE OPERATION VALUE BY", BY the consumer whose probe
# asked for it, or "-".
OPS=/sys/kernel/debug/bc_test/ops
BC=$(bc_debugfs constraints)
EPROBE_DEFER=-517

# Booted with boot_constraints=off: the same scenario without constraints.
bct_baseline() {
	grep -qw 'boot_constraints=off' /proc/cmdline
}

# bct_check_held NAME CMD...: ktap_check NAME CMD..., a check of what the
# constraints hold; skipped in the baseline, which holds nothing.
bct_check_held() {
	if bct_baseline; then
		ktap_skip "$1" "no constraints in the baseline"
	else
		ktap_check "$@"
	fi
}

# Booted with boot_constraints=auto (or report, which finds the same and
# holds nothing) and no table of the board's: every resource the LCD's
# node names that is on at boot is held, at the rate or voltage it runs at.
bct_auto() {
	grep -qwE 'boot_constraints=(auto|report)' /proc/cmdline
}

# bct_lcd_held: how many of the LCD's resources its constraints hold: the
# table's five (clock, supply, domain, bandwidth, reset line), or with auto
# all but the bandwidth, which the hardware does not tell
bct_lcd_held() {
	if bct_auto; then echo 4; else echo 5; fi
}

# bct_params PARAMS: the parameters column of debugfs for a constraint of
# the LCD with PARAMS: "auto PARAMS" with auto
bct_params() {
	if bct_auto; then echo "auto $1"; else echo "$1"; fi
}

# bct_bound DEV: DEV is bound to its bc-test driver
bct_bound() {
	ls -d /sys/bus/platform/drivers/bc-test-*/"$1" >/dev/null 2>&1
}

# bct_probe HOLD DEV...: hold back only HOLD from now on, and probe DEVs
bct_probe() {
	echo "$1" > /sys/kernel/debug/bc_test/hold
	shift
	for dev; do
		echo "$dev" > /sys/bus/platform/drivers_probe 2>/dev/null
	done
}

# bct_wait DEV: wait up to 5 s for DEV to be bound
bct_wait() {
	i=0
	while ! bct_bound "$1" && [ $i -lt 50 ]; do
		usleep 100000
		i=$((i + 1))
	done
	bct_bound "$1"
}

# bct_probe_lcd: the LCD's driver released, the check that it probed
bct_probe_lcd() {
	bct_probe "" lcd
	ktap_check lcd-probed bct_wait lcd
}

# bct_probe_lcd_after_mmc [DIAG]: the check that the MMC probed first, DIAG
# (what it did to the shared resources) if given, then bct_probe_lcd
bct_probe_lcd_after_mmc() {
	ktap_check mmc-probed-first bct_bound mmc
	[ -n "$1" ] && ktap_diag "$1"
	bct_probe_lcd
}

# bct_glitch_counts DEV SPEC...: how often a resource of DEV changed
# without its driver asking for it, as "BEFORE AFTER": before its driver's
# first probe that did not defer, and from that probe on (the handover and
# after it, up to now). Each SPEC is RESOURCE:OP, an operation that is a
# glitch whoever asks for it but DEV's driver (off, a reset assert), or
# RESOURCE:OP:MIN:MAX, values of OP (a rate, a voltage, a bandwidth) the
# device runs with, as the bootloader set them; once DEV's driver set a
# rate or a voltage itself, only that value. A bandwidth is a floor (MAX is
# 4294967295): the providers log the sum of every request, so what DEV's
# driver asked for stays a floor. RESOURCE:OP:MIN:MAX:PMIN:PMAX allows, from
# DEV's driver's probe on and unless that driver set a value itself, the
# values another consumer asked for too (PMIN-PMAX): its request waits
# while DEV's constraints hold the resource, and is applied when they are
# released, where the framework puts it without constraints. What DEV's own probe asked for (the last column of
# the log) is no glitch. A probe that failed ends the count: no driver owns
# the resources then.
bct_glitch_counts() {
	dev=$1
	shift
	awk -v dev="$dev" -v defer=$EPROBE_DEFER -v specs="$*" '
	BEGIN {
		n = split(specs, s, " ")
		for (i = 1; i <= n; i++) {
			nf = split(s[i], f, ":")
			if (nf == 2) {
				bad[f[1] SUBSEP f[2]] = 1
				continue
			}
			lo[f[1] SUBSEP f[2]] = f[3] + 0
			hi[f[1] SUBSEP f[2]] = f[4] + 0
			if (nf == 6) {
				plo[f[1] SUBSEP f[2]] = f[5] + 0
				phi[f[1] SUBSEP f[2]] = f[6] + 0
			}
		}
	}
	$2 == dev && $3 == "probe" && $4 == 0 { probed = 1; next }
	$2 == dev && $3 == "probe" && $4 != defer { exit }
	{ key = $2 SUBSEP $3 }
	$5 == dev {
		if ((key in lo) && hi[key] != 4294967295) {
			lo[key] = hi[key] = $4 + 0
			delete plo[key]
		}
		next
	}
	probed && (key in plo) && $4 + 0 >= plo[key] && $4 + 0 <= phi[key] { next }
	(key in bad) || ((key in lo) && ($4 + 0 < lo[key] || $4 + 0 > hi[key])) {
		if (probed)
			after++
		else
			before++
	}
	END { print before + 0, after + 0 }' $OPS
}

# bct_dt_cells NODE PROPERTY: the property's 32-bit cells, in decimal, on
# one line, from the tree the kernel booted with
bct_dt_cells() {
	od -An -v -tu1 "/proc/device-tree/$1/$2" | awk '
	{ for (i = 1; i <= NF; i++) { v = v * 256 + $i; if (++n % 4 == 0) { printf "%s%.0f", sep, v; sep = " "; v = 0 } } }
	END { print "" }'
}

# bct_lcd_specs [KIND]: the LCD's resources, as bct_glitch_counts takes
# them: its clock, supply and domain (off, or the supply away from the
# voltage its driver asks, "bc-test,microvolt", but for the MMC's
# "bc-test,microvolt" from the LCD's probe on: the MMC's request, which
# waits while the LCD is held, applied at the release); "rate", its pixel clock
# out of its driver's "bc-test,rate-range-hz" (but for the MMC's
# "bc-test,rate-hz" from the LCD's probe on, the same way); "icc", its port or the
# memory bus below its driver's "bc-test,kBps" (average, peak); "reset",
# its reset line asserted; "pulse", its reset line pulsed. The values are
# the board's (/lcd and /mmc of
# tests/dt/lcd-mmc.dtsi, read from the booted tree): the one place they
# are written.
bct_lcd_specs() {
	case $1 in
	"")	set -- $(bct_dt_cells lcd bc-test,microvolt) \
			$(bct_dt_cells mmc bc-test,microvolt)
		echo shared_gate:off vdd_shared:off power-controller:off \
			vdd_shared:voltage:$1:$2:$3:$4 ;;
	rate)	set -- $(bct_dt_cells lcd bc-test,rate-range-hz) \
			$(bct_dt_cells mmc bc-test,rate-hz)
		echo shared_gate:rate:$1:$2:$3:$3 ;;
	icc)	set -- $(bct_dt_cells lcd bc-test,kBps)
		echo icc_lcd:avg:$1:4294967295 icc_lcd:peak:$2:4294967295 \
			icc_ddr:avg:$1:4294967295 icc_ddr:peak:$2:4294967295 ;;
	reset)	echo shared_rst:assert ;;
	pulse)	echo shared_rst:reset ;;
	esac
}

# bct_lcd_simple: the LCD's driver only enables its clock and supply
# (bc_test.simple=lcd), as simple-framebuffer does: it asks for no
# bandwidth, which follows the remaining requests once it probed.
bct_lcd_simple() {
	grep -qE 'bc_test\.simple=([^ ]*,)?lcd(,| |$)' /proc/cmdline
}

# bct_glitches [KIND]: the LCD's glitches, before its probe and after, on
# one line
bct_glitches() {
	bct_glitch_counts lcd $(bct_lcd_specs "$1")
}

# bct_values RESOURCE OP: the values RESOURCE was set to with OP before the
# LCD's driver probed, on one line
bct_values() {
	awk -v defer=$EPROBE_DEFER -v res="$1" -v op="$2" '
	$2 == "lcd" && $3 == "probe" && $4 != defer { exit }
	$2 == res && $3 == op { printf "%s ", $4 }' $OPS
}

# bct_verdict WHAT BEFORE AFTER: the verdict on glitches counted by
# bct_glitch_counts. With constraints no glitch is allowed, before the
# probe, at the handover or after it; without them (the baseline) there
# must be one, or the scenario proves nothing.
bct_verdict() {
	ktap_diag "$1 glitches: $2 before its probe, $3 at or after it"
	n=$(($2 + $3))
	if bct_baseline; then
		ktap_result $([ "$n" -gt 0 ]; echo $?) "baseline-glitches${4:+-$4}"
	else
		ktap_result $([ "$n" -eq 0 ]; echo $?) "no-glitches${4:+-$4}"
	fi
}

# bct_check_glitches [KIND]: the verdict on the LCD's clock, supply and
# domain, or on KIND of bct_lcd_specs, over the whole boot so far, after
# the specs it counts by (scripts/demo-timeline.py marks the same). The
# bandwidth of a simple LCD driver, which asks for none, counts until its
# probe only.
bct_check_glitches() {
	ktap_diag "lcd${1:+ $1} glitch specs: $(bct_lcd_specs "$1")"
	set -- "$1" $(bct_glitches "$1")
	if [ "$1" = icc ] && bct_lcd_simple; then
		set -- "$1" "$2" 0
	fi
	bct_verdict "lcd${1:+ $1}" "$2" "$3" "$1"
}

# bct_settle: with bc.settle on the command line, wait until the regulator
# core has disabled the unused supplies (30 s after late_initcall), so that
# the glitches counted next cover the whole boot.
bct_settle() {
	grep -qw bc.settle /proc/cmdline || return 0
	while [ "$(cut -d. -f1 /proc/uptime)" -lt 33 ]; do
		sleep 1
	done
}

# bct_lcd_constraints STATE: how many of the LCD's constraints are in STATE
bct_lcd_constraints() {
	grep -c "^lcd .* $1 " $BC
}

# bct_dump: the logs, for the console log of the boot
bct_dump() {
	ktap_diag_file $OPS
	ktap_diag_file $BC
}
