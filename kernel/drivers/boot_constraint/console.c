// SPDX-License-Identifier: GPL-2.0
/*
 * Boot constraints for the console the bootloader left running.
 *
 * With earlycon, the kernel prints on the UART of /chosen/stdout-path long
 * before the UART's driver probes, through the state the bootloader set up.
 * Every clock, supply, power domain and reset line that the UART's node
 * names (every resource of a type that holds something without a range:
 * bc_table_add_unlisted()) is held until its driver probes,
 * on any SoC, with no table of the platform's. An interconnect path needs
 * its bandwidth, which only a declaration or boot_constraints= can give.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/err.h>
#include <linux/init.h>
#include <linux/kmemleak.h>
#include <linux/of.h>

#include <kunit/visibility.h>

#include "core.h"
#include "deadline.h"
#include "kunit.h"
#include "table.h"

/**
 * bc_console_table() - The constraints a console node names.
 * @np: the node.
 *
 * Return: a table with a constraint for each resource of @np that a type
 * holds without a range, to be freed with bc_table_free(); or
 * an ERR_PTR().
 */
struct bc_table *bc_console_table(struct device_node *np)
{
	struct bc_table *t;
	int ret;

	t = bc_table_alloc(np, NULL);
	if (!t)
		return ERR_PTR(-ENOMEM);

	ret = bc_table_add_unlisted(t, 0);
	if (ret) {
		bc_table_free(t);
		return ERR_PTR(ret);
	}

	return t;
}
EXPORT_SYMBOL_IF_KUNIT(bc_console_table);

/*
 * After earlycon is set up, before of_platform_populate() creates the UART's
 * device at arch_initcall_sync.
 */
static int __init bc_console_init(void)
{
	struct bc_table *t;
	int ret;

	if (!of_stdout || bc_disabled() ||
	    !bc_boot_console())
		return 0;

	t = bc_console_table(of_stdout);
	if (IS_ERR(t)) {
		ret = PTR_ERR(t);
		goto err;
	}

	if (!bc_table_count(t)) {
		bc_table_free(t);
		return 0;
	}

	ret = bc_table_add_to_device(t);
	if (ret) {
		bc_table_free(t);
		goto err;
	}

	/*
	 * The table must outlive the wait for the UART's device, whose end
	 * nothing reports here: it is kept for as long as the kernel runs,
	 * referenced from nowhere once the device has its constraints.
	 */
	kmemleak_not_leak(t);
	pr_info("%pOF: holding %u console resources until its driver probes\n",
		of_stdout, bc_table_count(t));

	return 0;

err:
	pr_err("%pOF: console not constrained: %pe\n", of_stdout, ERR_PTR(ret));
	return ret;
}
arch_initcall(bc_console_init);
