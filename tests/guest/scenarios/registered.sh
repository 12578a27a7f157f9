# SPDX-License-Identifier: GPL-2.0
# What the core registers. With boot_constraints=off, nothing: neither the
# sysfs file that ends constraints (/sys/kernel/boot_constraints/release),
# nor the root of the devices that hold power domains
# (/sys/devices/boot_constraint), nor a record of any bus (debugfs: buses).
# Otherwise all three, every bus of /sys/bus known, to look a node's device
# up on it (no notifier on any: the driver core calls the core as it adds
# a device, while its hooks are on).
. /ktap.sh

known=$(sed -n 's/^buses //p' /sys/kernel/debug/boot_constraints/stats)
buses=$(ls /sys/bus | wc -l)

ktap_begin registered 3
ktap_diag "$known of $buses buses known"
if grep -qw 'boot_constraints=off' /proc/cmdline; then
	ktap_check no-release-file [ ! -e /sys/kernel/boot_constraints ]
	ktap_check no-holders-root [ ! -e /sys/devices/boot_constraint ]
	ktap_check no-bus-known [ "$known" = 0 ]
else
	ktap_check release-file [ -f /sys/kernel/boot_constraints/release ]
	ktap_check holders-root [ -d /sys/devices/boot_constraint ]
	ktap_check every-bus-known [ "$known" = "$buses" ]
fi
ktap_end
