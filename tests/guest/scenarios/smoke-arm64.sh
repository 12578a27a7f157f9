# SPDX-License-Identifier: GPL-2.0
# Smoke test of the arm64 guest (-M virt): the DT is QEMU's and the PL011
# console is bound to its driver. The KUnit suites ran before: the
# Qualcomm suite's table with the clock names of 2017 must have said why
# it failed in the kernel log, not only to its test.
. /ktap.sh

ktap_begin smoke 4
ktap_check dt-compatible grep -q 'linux,dummy-virt' /proc/device-tree/compatible
ktap_check pl011-bound test -e /sys/bus/amba/drivers/uart-pl011/9000000.pl011
ktap_check debugfs-mounted test -d /sys/kernel/debug/clk
ktap_check qcom-2017-names-logged eval \
	"dmesg | grep -q 'display-controller@1a01000: boot constraints rejected: cannot apply clk boot constraint iface_clk: -\(2\|ENOENT\); nothing held$'"
ktap_end
