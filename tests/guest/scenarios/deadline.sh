# SPDX-License-Identifier: GPL-2.0
# No resource is held forever: the LCD's driver never probes, and at the
# deadline its constraints are released, each with one warning naming the
# device and the resource, and debugfs shows the deadline and the expired
# constraints. Nothing else holds the shared gate then (the MMC idles it),
# so the gate goes off after the deadline, and not before; and with no
# constraint left, the driver core's hooks go off: a device's add and probe
# cost what they cost with boot_constraints=off.
# Boot with bc_test.hold=lcd and boot_constraints.timeout=2 (2 s after
# late_initcall), or deferred_probe_timeout=2: by default the deadline is
# the driver core's, and debugfs shows "deferred_probe_timeout" until then.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

deadline_secs() {
	sed -n 's/^# deadline \([0-9]*\)\..*/\1/p' $BC
}

ktap_begin deadline 5
i=0
while [ -z "$(deadline_secs)" ] && [ $i -lt 30 ]; do
	sleep 1
	i=$((i + 1))
done
deadline=$(deadline_secs)
ktap_check deadline-shown [ -n "$deadline" ]
while [ "$(cut -d. -f1 /proc/uptime)" -le "${deadline:-0}" ]; do
	sleep 1
done
sleep 1
ktap_check constraints-expired [ "$(bct_lcd_constraints expired)" = "$(bct_lcd_held)" ]
# One warning per constraint of a table; with auto one for all of them,
# which counts the automatic constraints that held something until the
# deadline, and their devices, as debugfs lists them
if bct_auto; then
	awk '$4 == "auto" && $(NF - 2) == "expired" && $(NF - 1) != "-" { print $1 }' \
		$BC > /tmp/expired
	n=$(wc -l < /tmp/expired)
	m=$(sort -u /tmp/expired | wc -l)
	ktap_check one-warning-each \
		[ "$(dmesg | grep -c "deadline: releasing $n resources held automatically for $m devices ")" = 1 ]
else
	ktap_check one-warning-each \
		[ "$(dmesg | grep -c 'lcd: .* boot constraint .* released at the deadline: no driver probed')" = 5 ]
fi
deadline_ns=$(awk '$2 == "deadline" { split($3, t, "."); print t[1] t[2] "000"; exit }' $BC)
gated_ns=$(awk '$2 == "shared_gate" && $3 == "off" { print $1; exit }' $OPS)
ktap_diag "deadline at $deadline_ns ns, shared gate first off at $gated_ns ns"
# Both conditions inside the check: the gate went off, and not before.
gated_after_deadline() {
	[ -n "$gated_ns" ] && [ -n "$deadline_ns" ] &&
		[ "$gated_ns" -ge "$deadline_ns" ]
}
ktap_check gate-off-after-deadline-only gated_after_deadline
# Once no constraint is left and none can be added, the driver core's
# hooks are off (a probe pays nothing for them): once, after the deadline.
hooks_off_ns=$(dmesg | awk -F'[][]' '/boot_constraint: no constraint left: the driver core.s hooks are off/ {
	split($2, t, "."); printf "%d%06d000\n", t[1], t[2] }')
ktap_diag "hooks off at ${hooks_off_ns:-never} ns"
hooks_off_after_deadline() {
	[ "$(echo "$hooks_off_ns" | grep -c .)" = 1 ] && [ -n "$deadline_ns" ] &&
		[ "$hooks_off_ns" -ge "$deadline_ns" ] &&
		grep -qx 'hooks off' /sys/kernel/debug/boot_constraints/stats
}
ktap_check hooks-off-after-last-constraint hooks_off_after_deadline
bct_dump
ktap_end
