# SPDX-License-Identifier: GPL-2.0
# The console whose driver has not come (initcall_blacklist=pl011_init):
# with earlycon its clock stays held, counted by the clock framework, for
# as long as the driver is away; without boot constraints nothing holds it.
# The guest's console is the boot console here: init writes to /dev/kmsg.
. /ktap.sh

BC=/sys/kernel/debug/boot_constraints/constraints
uart=9000000.pl011
# QEMU's 24 MHz fixed clock, both of the pl011's clocks, and the apb_pclk
# of every other AMBA device, which the AMBA bus keeps enabled while its
# driver is bound (the PL061 GPIO's, with CONFIG_GPIO_PL061): those are
# not counted.
bound=$(ls -d /sys/bus/amba/drivers/*/*.* 2>/dev/null | grep -vc "/$uart$")
count=$(awk -v bound="$bound" '$1 == "clk24mhz" { print $2 - bound }' \
	/sys/kernel/debug/clk/clk_summary)

ktap_begin earlycon_virt_held 2
ktap_check pl011-not-bound eval "! test -e /sys/bus/amba/drivers/uart-pl011/$uart"
ktap_diag "clk24mhz enable count, without $bound other AMBA device(s): $count"
if grep -qw 'boot_constraints=off' /proc/cmdline; then
	ktap_check baseline-clock-not-held [ "$count" = 0 ]
else
	ktap_check clock-held-by-constraints \
		[ "$count" = 2 -a "$(grep -c "^$uart clk .* applied " $BC)" = 2 ]
fi
ktap_diag_file $BC
ktap_end
