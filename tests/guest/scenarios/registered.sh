# SPDX-License-Identifier: GPL-2.0
# What the core registers. With boot_constraints=off, nothing: neither the
# sysfs file that ends constraints (/sys/kernel/boot_constraints/release),
# nor the root of the devices that hold power domains
# (/sys/devices/boot_constraint), nor its debugfs directory, where it
# would say how many buses it knows. Otherwise all three, every bus of
# /sys/bus known, to look a node's device up on it (no notifier on any:
# the driver core calls the core as it adds a device, while its hooks are
# on, and in a kernel with KUnit, as this one, for every bus).
. /ktap.sh

known=$(sed -n 's/^buses //p' "$(bc_debugfs stats)")
buses=$(ls /sys/bus | wc -l)

ktap_begin registered 3
ktap_diag "${known:-no} of $buses buses known"
if grep -qw 'boot_constraints=off' /proc/cmdline; then
	ktap_check no-release-file [ ! -e /sys/kernel/boot_constraints ]
	ktap_check no-holders-root [ ! -e /sys/devices/boot_constraint ]
	ktap_check no-debugfs [ ! -e /sys/kernel/debug/boot_constraints ]
else
	ktap_check release-file [ -f /sys/kernel/boot_constraints/release ]
	ktap_check holders-root [ -d /sys/devices/boot_constraint ]
	ktap_check every-bus-known [ "$known" = "$buses" ]
fi
ktap_end
