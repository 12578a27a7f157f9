# SPDX-License-Identifier: GPL-2.0
# Smoke test of the arm64 guest (-M virt): the DT is QEMU's and the PL011
# console is bound to its driver.
. /ktap.sh

ktap_begin smoke 3
ktap_check dt-compatible grep -q 'linux,dummy-virt' /proc/device-tree/compatible
ktap_check pl011-bound test -e /sys/bus/amba/drivers/uart-pl011/9000000.pl011
ktap_check debugfs-mounted test -d /sys/kernel/debug/clk
ktap_end
