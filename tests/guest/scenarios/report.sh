# SPDX-License-Identifier: GPL-2.0
# boot_constraints=report on the lcd-mmc board with no table of its own,
# the LCD's driver held back for the whole boot (bc_test.hold=lcd): the
# report finds what boot_constraints=auto holds (never-probes-auto: the
# LCD's clock, supply, domain and reset line, on at boot) and holds none
# of it. Its lines at the clean-up of unused clocks and domains and at the
# regulator core's, 30 s later, name exactly the LCD's resources that
# debugfs lists as reported, none of the MMC's (its driver probed before);
# and the LCD sees the glitches of a boot without constraints.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

ktap_begin report 6

# "KIND NAME" of each resource debugfs reports for DEV, sorted
debugfs_set() {
	awk -v dev="$1" '$1 == dev && $4 == "report" {
		kind = $2 == "clk" ? "clock" : $2 == "pd" ? "power domain" : \
		       $2 == "reset" ? "reset line" : $2
		print kind, $3
	}' $BC | sort
}

# "KIND NAME" of each "would keep" line of the clean-up WHEN for DEV, sorted
log_set() {
	dmesg | sed -n "s/.*boot_constraint: report: $1: would keep \(.*\) for $2\$/\1/p" | sort
}

# The regulator core's clean-up runs 30 s after late_initcall_sync, which
# a debug kernel reaches late: wait for its report, 90 s of uptime at most
while ! dmesg | grep -q 'report: regulator clean-up: ' &&
	[ "$(cut -d. -f1 /proc/uptime)" -lt 90 ]; do
	sleep 1
done

debugfs_set lcd > /tmp/reported
ktap_diag_file /tmp/reported
ktap_check lcd-resources-reported [ "$(wc -l < /tmp/reported)" = "$(bct_lcd_held)" ]
for when in "unused clocks and domains" "regulator clean-up"; do
	log_set "$when" lcd > /tmp/logged
	ktap_diag "$when:"
	ktap_diag_file /tmp/logged
done
log_set "unused clocks and domains" lcd > /tmp/logged
ktap_check logged-at-unused-sweeps cmp -s /tmp/reported /tmp/logged
log_set "regulator clean-up" lcd > /tmp/logged
ktap_check logged-at-regulator-clean-up cmp -s /tmp/reported /tmp/logged
ktap_check probed-mmc-not-logged eval "! dmesg | grep -q 'would keep .* for mmc\$'"
ktap_check holds-nothing [ "$(grep -c "^lcd .* applied " $BC)" = \
	"$(grep -c "^lcd .* report .* applied " $BC)" ]

# Nothing held: the MMC's idling reaches the LCD's resources, as in a boot
# without constraints
set -- $(bct_glitches)
ktap_diag "lcd glitches: $1 before its probe, $2 after"
ktap_check glitches-as-without-constraints [ "$1" -gt 0 ]
bct_dump
ktap_end
