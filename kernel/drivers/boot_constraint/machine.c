// SPDX-License-Identifier: GPL-2.0
/*
 * The constraints of the machine the kernel runs on: platform code gives
 * tables for several machines, each found by the compatible of the root
 * node, and the entry of this machine is added as the device-tree tables
 * are (of.c).
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/boot_constraint.h>
#include <linux/err.h>
#include <linux/of.h>
#include <linux/printk.h>

#include <kunit/visibility.h>

#include "core.h"
#include "deadline.h"
#include "kunit.h"

/**
 * bc_machine_match() - The table of the machine of a root node.
 * @root: the root node, or a node standing for it.
 * @machines: the tables, each for the machines of a "compatible".
 * @count: number of entries in @machines.
 *
 * Return: the first entry of @machines whose compatible @root has, or NULL.
 */
const struct dev_boot_constraint_machine *
bc_machine_match(const struct device_node *root,
		 const struct dev_boot_constraint_machine *machines,
			      unsigned int count)
{
	unsigned int i;

	for (i = 0; i < count; i++) {
		if (of_device_is_compatible(root, machines[i].compatible))
			return &machines[i];
	}

	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(bc_machine_match);

/**
 * dev_boot_constraint_add_machine_of() - Constrain the devices of a machine.
 * @machines: the tables, each for the machines of a "compatible".
 * @count: number of entries in @machines.
 *
 * Finds the entry of @machines for the machine the kernel runs on, by the
 * compatible of the root node, and adds its constraints as
 * dev_boot_constraint_add_deferrable_of() does, which copies what waits for
 * a device: the caller may free @machines once this returns. An entry that
 * is only for the early console adds nothing unless a boot console is
 * registered.
 *
 * Context: process context; may sleep.
 * Return: 0 if there is nothing to add or all is added or pending, else the
 * first error.
 */
int dev_boot_constraint_add_machine_of(const struct dev_boot_constraint_machine *machines,
				       unsigned int count)
{
	const struct dev_boot_constraint_machine *m;
	struct device_node *root;
	int ret;

	root = of_find_node_by_path("/");
	m = bc_machine_match(root, machines, count);
	of_node_put(root);
	if (!m || (m->boot_console && !bc_boot_console()))
		return 0;

	if (bc_deadline_passed()) {
		pr_err("%s: boot constraints rejected: past the deadline; nothing held\n",
		       m->compatible);
		return -ETIMEDOUT;
	}

	ret = dev_boot_constraint_add_deferrable_of(m->oconst, m->count);
	if (ret)
		pr_err("%s: boot constraints not all added: %pe\n",
		       m->compatible, ERR_PTR(ret));

	return ret;
}
EXPORT_SYMBOL_GPL(dev_boot_constraint_add_machine_of);
