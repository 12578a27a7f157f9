// SPDX-License-Identifier: GPL-2.0
/*
 * Boot constraints of HiSilicon boards: the PL011 UART that the bootloader
 * left running as the early console keeps its clocks until amba-pl011
 * probes, when the kernel is booted with earlycon.
 *
 * The console constraint finds the same UART from /chosen/stdout-path; this
 * table names it for boards booted without one (earlycon=pl011,<address>),
 * and the two hold each clock once.
 */

#include <linux/boot_constraint.h>
#include <linux/init.h>
#include <linux/kernel.h>

#include <kunit/visibility.h>

#include "kunit.h"

static const struct dev_boot_constraint_clk_info bc_hisi_uartclk = {
	.name = "uartclk",
};

static const struct dev_boot_constraint_clk_info bc_hisi_apb_pclk = {
	.name = "apb_pclk",
};

static const struct dev_boot_constraint bc_hisi_pl011[] = {
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_hisi_uartclk },
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_hisi_apb_pclk },
};

/* HiKey960: UART6, on the low-speed expansion connector. */
static const char * const bc_hi3660_uarts[] = { "serial@fff32000" };

/* HiKey: UART3, on the low-speed expansion connector. */
static const char * const bc_hi6220_uarts[] = { "serial@f7113000" };

/* Poplar: UART0, on the debug header. */
static const char * const bc_hi3798cv200_uarts[] = { "serial@8b00000" };

static const struct dev_boot_constraint_of bc_hi3660[] = {
	DEV_BOOT_CONSTRAINT_OF_NAMED("arm,pl011", bc_hisi_pl011, bc_hi3660_uarts),
};

static const struct dev_boot_constraint_of bc_hi6220[] = {
	DEV_BOOT_CONSTRAINT_OF_NAMED("arm,pl011", bc_hisi_pl011, bc_hi6220_uarts),
};

static const struct dev_boot_constraint_of bc_hi3798cv200[] = {
	DEV_BOOT_CONSTRAINT_OF_NAMED("arm,pl011", bc_hisi_pl011,
				     bc_hi3798cv200_uarts),
};

/* For the early console only. */
VISIBLE_IF_KUNIT const struct dev_boot_constraint_machine bc_hisi_machines[] = {
	{
		.compatible = "hisilicon,hi3660",
		.oconst = bc_hi3660,
		.count = ARRAY_SIZE(bc_hi3660),
		.boot_console = true,
	}, {
		.compatible = "hisilicon,hi6220",
		.oconst = bc_hi6220,
		.count = ARRAY_SIZE(bc_hi6220),
		.boot_console = true,
	}, {
		.compatible = "hisilicon,hi3798cv200",
		.oconst = bc_hi3798cv200,
		.count = ARRAY_SIZE(bc_hi3798cv200),
		.boot_console = true,
	},
};
EXPORT_SYMBOL_IF_KUNIT(bc_hisi_machines);

/* After earlycon is set up, before the UARTs' devices are created. */
static int __init bc_hisi_init(void)
{
	return dev_boot_constraint_add_machine_of(bc_hisi_machines,
						  ARRAY_SIZE(bc_hisi_machines));
}
arch_initcall(bc_hisi_init);

#if IS_ENABLED(CONFIG_KUNIT)
const unsigned int bc_hisi_nr_machines = ARRAY_SIZE(bc_hisi_machines);
EXPORT_SYMBOL_IF_KUNIT(bc_hisi_nr_machines);
#endif
