# SPDX-License-Identifier: GPL-2.0
# Upstream drivers take their resources over their own way
# (tests/dt/takeover.dtsi), and must behave as on pristine 6.12 whatever
# holds the resources until then: leds-regulator gets its supply, left on,
# exclusively in its probe, finds it on (and leaves it on), and switches it
# as asked; cpufreq-dt
# scales cpu0, moving its clock and its supply, right after boot. Past the
# regulator core's clean-up of unused supplies (30 s) the LED's supply is
# still on, its driver's.
. /ktap.sh

LED=/sys/class/leds/bct-led
POL=/sys/devices/system/cpu/cpufreq/policy0

# vled_state: the state the regulator core reads of the LED's supply
vled_state() {
	for r in /sys/class/regulator/regulator.*; do
		[ "$(cat $r/name)" = vled ] && cat $r/state
	done
}

# cpu_freq KHZ: ask cpufreq for KHZ on cpu0, and check that it got it
cpu_freq() {
	echo "$1" > $POL/scaling_setspeed
	[ "$(cat $POL/scaling_cur_freq)" = "$1" ]
}

ktap_begin takeover 8
ktap_check led-bound test -e /sys/bus/platform/drivers/leds-regulator/led-reg
ktap_check vled-on [ "$(vled_state)" = enabled ]
echo 0 > $LED/brightness
ktap_check vled-off-as-asked [ "$(vled_state)" = disabled ]
echo 1 > $LED/brightness
ktap_check vled-on-as-asked [ "$(vled_state)" = enabled ]

ktap_check cpufreq-bound test -e $POL/scaling_setspeed
echo userspace > $POL/scaling_governor
ktap_check cpufreq-up cpu_freq 1000000
ktap_check cpufreq-down cpu_freq 500000
ktap_diag "cpu0 at $(cat $POL/scaling_cur_freq 2>/dev/null) kHz"

while [ "$(uptime_s)" -lt 32 ]; do
	sleep 1
done
ktap_check vled-on-past-clean-up [ "$(vled_state)" = enabled ]
ktap_diag_file "$(bc_debugfs constraints)"
ktap_end
