# SPDX-License-Identifier: GPL-2.0
# Nothing is lost to the clean-ups (tests/dt/cleanup-race.dtsi): the slow
# bus sleeps in its asynchronous probe, its device locked, until the
# clean-ups at late_initcall_sync have run, while its clock controller
# binds (and finds the bus busy) and "idle", a device without a driver that
# names the controller's running gate, is added. With boot_constraints=auto
# the gate is held for "idle" whatever the bus's probe holds, so that
# clk_disable_unused() leaves it on, until the deadline, which releases it:
# it goes off then, and not before. With boot_constraints=off, the same
# scenario without constraints, clk_disable_unused() gates it.
# Boot with bc_test.no_table, and boot_constraints=auto
# boot_constraints.timeout=6 or boot_constraints=off.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

# The first time the gate went off, in ns, or nothing
gate_off_ns() {
	awk '$2 == "race_gate" && $3 == "off" { print $1; exit }' $OPS
}

deadline_secs() {
	sed -n 's/^# deadline \([0-9]*\)\..*/\1/p' $BC
}

ktap_begin cleanup_race 4
# /init runs once the asynchronous probes have ended
ktap_check slow-bus-slept-across-clean-ups grep -q ' slow-bus slept 1 ' $OPS
if bct_baseline; then
	ktap_check gate-off-at-clean-up [ -n "$(gate_off_ns)" ]
	ktap_skip idle-held "no constraints in the baseline"
	ktap_skip gate-off-at-deadline "no constraints in the baseline"
	bct_dump
	ktap_end
	exit 0
fi
i=0
while [ -z "$(deadline_secs)" ] && [ $i -lt 30 ]; do
	sleep 1
	i=$((i + 1))
done
deadline=$(deadline_secs)
while [ "$(cut -d. -f1 /proc/uptime)" -le "${deadline:-0}" ]; do
	sleep 1
done
sleep 1
# Held for "idle" (applied, or expired at the deadline once held)
ktap_check idle-held \
	grep -qE '^[^ ]*idle clk [^ ]+ auto [^ ]+ (applied|expired) [0-9]' $BC
deadline_ns=$(awk '$2 == "deadline" { split($3, t, "."); print t[1] t[2] "000"; exit }' $BC)
gated_ns=$(gate_off_ns)
ktap_diag "deadline at $deadline_ns ns, race gate first off at $gated_ns ns"
not_gated_before_deadline() {
	[ -n "$deadline_ns" ] && { [ -z "$gated_ns" ] || [ "$gated_ns" -ge "$deadline_ns" ]; }
}
ktap_check gate-on-until-deadline not_gated_before_deadline
ktap_check gate-off-at-deadline [ -n "$gated_ns" ]
bct_dump
ktap_end
