# SPDX-License-Identifier: GPL-2.0
# Shared by the lcd-mmc-* scenarios (tests/scenarios/lcd-mmc.dtsi), sourced
# after /ktap.sh. The providers log every operation in $OPS, one a line:
# "NANOSECONDS RESOURCE OPERATION VALUE".
OPS=/sys/kernel/debug/bc_test/ops
BC=/sys/kernel/debug/boot_constraints/constraints
EPROBE_DEFER=-517

# Booted with boot_constraints=off: the same scenario without constraints.
bct_baseline() {
	grep -qw 'boot_constraints=off' /proc/cmdline
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

# bct_glitches: how often a resource of the LCD was off or away from
# 3.3 V between boot and its driver's first probe that did not defer.
bct_glitches() {
	awk -v defer=$EPROBE_DEFER '
	$2 == "lcd" && $3 == "probe" && $4 != defer { exit }
	$3 == "off" && ($2 == "shared_gate" || $2 == "vdd_shared" ||
			$2 == "power-controller") { n++ }
	$2 == "vdd_shared" && $3 == "voltage" && $4 != 3300000 { n++ }
	END { print n + 0 }' $OPS
}

# bct_glitches_of KIND: the same count for one more resource of the LCD:
# "rate", its pixel clock out of 74-75 MHz; "icc", its port or the memory
# bus below its 800000/1600000 kBps (average/peak); "reset", its reset line
# asserted.
bct_glitches_of() {
	awk -v defer=$EPROBE_DEFER -v kind="$1" '
	$2 == "lcd" && $3 == "probe" && $4 != defer { exit }
	kind == "rate" && $2 == "shared_gate" && $3 == "rate" &&
	    ($4 < 74000000 || $4 > 75000000) { n++ }
	kind == "icc" && ($2 == "icc_lcd" || $2 == "icc_ddr") &&
	    (($3 == "avg" && $4 < 800000) || ($3 == "peak" && $4 < 1600000)) { n++ }
	kind == "reset" && $2 == "shared_rst" && $3 == "assert" { n++ }
	END { print n + 0 }' $OPS
}

# bct_values RESOURCE OP: the values RESOURCE was set to with OP before the
# LCD's driver probed, on one line
bct_values() {
	awk -v defer=$EPROBE_DEFER -v res="$1" -v op="$2" '
	$2 == "lcd" && $3 == "probe" && $4 != defer { exit }
	$2 == res && $3 == op { printf "%s ", $4 }' $OPS
}

# bct_check_glitches [KIND]: the scenario's verdict, on the LCD's clock,
# supply and domain, or on KIND of bct_glitches_of. With constraints no
# glitch is allowed; without them (the baseline) there must be one, or the
# scenario proves nothing.
bct_check_glitches() {
	if [ -n "$1" ]; then
		n=$(bct_glitches_of "$1")
	else
		n=$(bct_glitches)
	fi
	ktap_diag "lcd${1:+ $1} glitches before its probe: $n"
	if bct_baseline; then
		ktap_result $([ "$n" -gt 0 ]; echo $?) baseline-glitches
	else
		ktap_result $([ "$n" -eq 0 ]; echo $?) no-glitches
	fi
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
