# SPDX-License-Identifier: GPL-2.0
# The LCD's driver probes late and fails: its constraints are released, so
# the shared clock, which nothing else holds, is gated after the probe and
# not before. Boot with bc_test.hold=lcd bc_test.fail=lcd.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

ktap_begin probe_fails 3
bct_probe "" lcd
usleep 500000
failed=$(awk '$2 == "lcd" && $3 == "probe" && $4 == -5 { print NR; exit }' $OPS)
ktap_check lcd-probe-failed [ -n "$failed" ]
if bct_baseline; then
	ktap_skip released-after-failure "no constraints in the baseline"
else
	gated=$(awk -v n="$failed" 'NR > n && $2 == "shared_gate" && $3 == "off" { print NR; exit }' $OPS)
	ktap_check released-after-failure [ -n "$gated" -a "$(bct_lcd_constraints released)" = "$(bct_lcd_held)" ]
fi
bct_check_glitches
bct_dump
ktap_end
