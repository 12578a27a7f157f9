# SPDX-License-Identifier: GPL-2.0
# boot_constraints.timeout= too large for the kernel's timers (17179870 s:
# times HZ, 250 here, it wraps to 204 jiffies, 0.8 s) is rejected with one
# error, and the driver core's deadline stays: the LCD, which never
# probes, keeps its constraints seconds after late_initcall. Boot with bc_test.hold=lcd and
# boot_constraints.timeout=17179870.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

ktap_begin timeout_overflow 3
ktap_check one-error \
	[ "$(dmesg | grep -c 'boot_constraints.timeout=17179870: not -1 or a number of seconds')" = 1 ]
ktap_check driver-core-deadline grep -qx '# deadline deferred_probe_timeout' $BC
while [ "$(cut -d. -f1 /proc/uptime)" -lt 4 ]; do
	sleep 1
done
ktap_check still-held-after-4s [ "$(bct_lcd_constraints applied)" = "$(bct_lcd_held)" ]
bct_dump
ktap_end
