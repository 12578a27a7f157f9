# SPDX-License-Identifier: GPL-2.0
# Smoke test of the i.MX6Q guest (-M sabrelite): the real DT, the console
# UART bound to imx-uart, and its clock gates in CCM CCGR5 as diagnostics
# (QEMU stores the gate bits but never gates the UART). The KUnit suites
# are a module here (configs/kunit-module.config), loaded once the
# machine's deadline (boot_constraints.timeout=1) has passed and the
# driver core's hooks went off: each test adds under a deadline of its own.
. /ktap.sh

# imx-uart is a module (configs/arm32.config), loaded as init would.
insmod /lib/modules/imx.ko

hooks_off() {
	dmesg | grep -q "no constraint left: the driver core's hooks are off"
}
i=0
while ! hooks_off && [ $i -lt 30 ]; do
	sleep 1
	i=$((i + 1))
done
hooks_off && off=0 || off=1
# The fake providers follow the tests: a module of their own, not vmlinux.
insmod /lib/modules/boot_constraint_fakes.ko
fakes=$?
insmod /lib/modules/boot_constraint_kunit.ko
loaded=$?

ktap_begin smoke 7
ktap_check dt-compatible grep -q 'fsl,imx6q' /proc/device-tree/compatible
ktap_check uart-bound test -e /sys/bus/platform/drivers/imx-uart/21e8000.serial
ktap_result $off hooks-off-before-kunit
ktap_result $fakes fakes-module-loaded
ktap_result $loaded kunit-module-loaded
ccgr5=$(devmem 0x020C407C 32)
if [ -n "$ccgr5" ]; then
	ktap_ok ccgr5-readable
	ktap_diag "CCGR5=$ccgr5 uart_ipg(bit 24)=$(( (ccgr5 >> 24) & 1 ))" \
		"uart_serial(bit 26)=$(( (ccgr5 >> 26) & 1 ))"
else
	ktap_fail ccgr5-readable "devmem 0x020C407C failed"
fi
if [ -f /sys/kernel/debug/clk/clk_summary ]; then
	ktap_ok clk-summary
	grep -E 'uart' /sys/kernel/debug/clk/clk_summary | sed 's/^/    # /'
else
	ktap_fail clk-summary "no /sys/kernel/debug/clk/clk_summary"
fi
ktap_end
