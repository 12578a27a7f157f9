// SPDX-License-Identifier: GPL-2.0
/*
 * Boot constraints for the console the bootloader left running.
 *
 * With earlycon, the kernel prints on the UART of /chosen/stdout-path long
 * before the UART's driver probes, through the state the bootloader set up.
 * Every clock, supply and power domain that the UART's node names is held
 * until its driver probes, on any SoC, with no table of the platform's.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/err.h>
#include <linux/init.h>
#include <linux/of.h>

#include "core.h"
#include "table.h"

/* What the console's node names; kept for as long as the kernel runs. */
static struct boot_constraint_table *bc_console;

static int bc_console_build(struct boot_constraint_table *t)
{
	return boot_constraint_table_add_all(t, DEV_BOOT_CONSTRAINT_CLK) ?:
	       boot_constraint_table_add_all(t, DEV_BOOT_CONSTRAINT_SUPPLY) ?:
	       boot_constraint_table_add_all(t, DEV_BOOT_CONSTRAINT_PM);
}

/*
 * After earlycon is set up, before of_platform_populate() creates the UART's
 * device at arch_initcall_sync.
 */
static int __init boot_constraint_console_init(void)
{
	struct boot_constraint_table *t;
	int ret;

	if (!of_stdout || boot_constraints_disabled() ||
	    !boot_constraint_boot_console())
		return 0;

	t = boot_constraint_table_alloc(of_stdout);
	if (!t)
		return -ENOMEM;

	ret = bc_console_build(t);
	if (!ret && !boot_constraint_table_count(t))
		goto free;
	if (!ret)
		ret = boot_constraint_table_add_to_device(t);
	if (ret) {
		pr_err("%pOF: console not constrained: %pe\n", of_stdout,
		       ERR_PTR(ret));
		goto free;
	}

	pr_info("%pOF: holding %u console resources until its driver probes\n",
		of_stdout, boot_constraint_table_count(t));
	bc_console = t;

	return 0;

free:
	boot_constraint_table_free(t);
	return ret;
}
arch_initcall(boot_constraint_console_init);
