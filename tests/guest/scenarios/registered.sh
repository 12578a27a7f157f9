# SPDX-License-Identifier: GPL-2.0
# What the core registers. With boot_constraints=off, nothing: neither the
# sysfs file that ends constraints (/sys/kernel/boot_constraints/release),
# nor the root of the devices that hold power domains
# (/sys/devices/boot_constraint), nor a notifier on any bus (debugfs:
# watched_buses). Otherwise all three, a notifier on every bus of /sys/bus
# while constraints may be added: booted with boot_constraints.timeout=-1,
# the deadline never passes (the deadline scenario checks that the
# notifiers go once it has).
. /ktap.sh

watched=$(sed -n 's/^watched_buses //p' /sys/kernel/debug/boot_constraints/stats)
buses=$(ls /sys/bus | wc -l)

ktap_begin registered 3
ktap_diag "$watched of $buses buses watched"
if grep -qw 'boot_constraints=off' /proc/cmdline; then
	ktap_check no-release-file [ ! -e /sys/kernel/boot_constraints ]
	ktap_check no-holders-root [ ! -e /sys/devices/boot_constraint ]
	ktap_check no-bus-watched [ "$watched" = 0 ]
else
	ktap_check release-file [ -f /sys/kernel/boot_constraints/release ]
	ktap_check holders-root [ -d /sys/devices/boot_constraint ]
	ktap_check every-bus-watched [ "$watched" = "$buses" ]
fi
ktap_end
