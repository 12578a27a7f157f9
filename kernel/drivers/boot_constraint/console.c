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

#include <linux/console.h>
#include <linux/container_of.h>
#include <linux/init.h>
#include <linux/kmemleak.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "core.h"

static bool bc_boot_console_registered(void)
{
	struct console *con;
	bool found = false;

	console_list_lock();
	for_each_console(con) {
		if (con->flags & CON_BOOT) {
			found = true;
			break;
		}
	}
	console_list_unlock();

	return found;
}

/* One constraint and the description its data points to. */
union bc_console_info {
	struct dev_boot_constraint_clk_info clk;
	struct dev_boot_constraint_pm_info pm;
	struct dev_boot_constraint_supply_info supply;
};

struct bc_console_table {
	struct dev_boot_constraint_of oconst;
	struct dev_boot_constraint *constraints;
	union bc_console_info *info;
	unsigned int size;
};

static int bc_supply_name_len(const struct property *prop)
{
	static const char suffix[] = "-supply";
	size_t len = strlen(prop->name);

	if (len <= strlen(suffix) ||
	    strcmp(prop->name + len - strlen(suffix), suffix))
		return 0;

	return len - strlen(suffix);
}

/* Upper bound of the number of constraints of the node. */
static unsigned int bc_console_size(struct device_node *np)
{
	struct property *prop;
	unsigned int n = 0;
	int count;

	count = of_count_phandle_with_args(np, "clocks", "#clock-cells");
	if (count > 0)
		n += count;

	count = of_count_phandle_with_args(np, "power-domains",
					   "#power-domain-cells");
	if (count > 0)
		n += count;

	for_each_property_of_node(np, prop)
		n += !!bc_supply_name_len(prop);

	return n;
}

/* Returns NULL when the node names more resources than it has phandles. */
static union bc_console_info *bc_console_push(struct bc_console_table *t,
					      enum dev_boot_constraint_type type)
{
	unsigned int i = t->oconst.count;

	if (i == t->size)
		return NULL;

	t->oconst.count++;
	t->constraints[i].type = type;
	t->constraints[i].data = &t->info[i];

	return &t->info[i];
}

/*
 * The resources of the node's @list property, each by the name @names gives
 * it; a node without @names has its first one, unnamed.
 */
static void bc_console_named(struct device_node *np, struct bc_console_table *t,
			     enum dev_boot_constraint_type type,
			     const char *list, const char *names)
{
	union bc_console_info *info;
	const char *name;
	int i;

	if (!of_property_present(np, list))
		return;

	if (!of_property_present(np, names)) {
		bc_console_push(t, type);
		return;
	}

	for (i = 0; !of_property_read_string_index(np, names, i, &name); i++) {
		info = bc_console_push(t, type);
		if (!info)
			return;
		if (type == DEV_BOOT_CONSTRAINT_CLK)
			info->clk.name = name;
		else
			info->pm.name = name;
	}
}

static int bc_console_supplies(struct device_node *np, struct bc_console_table *t)
{
	union bc_console_info *info;
	struct property *prop;
	int len;

	for_each_property_of_node(np, prop) {
		len = bc_supply_name_len(prop);
		if (!len)
			continue;

		info = bc_console_push(t, DEV_BOOT_CONSTRAINT_SUPPLY);
		if (!info)
			return 0;
		info->supply.name = kstrndup(prop->name, len, GFP_KERNEL);
		if (!info->supply.name)
			return -ENOMEM;
	}

	return 0;
}

static void bc_console_free(struct bc_console_table *t)
{
	unsigned int i;

	for (i = 0; i < t->oconst.count; i++) {
		if (t->constraints[i].type == DEV_BOOT_CONSTRAINT_SUPPLY)
			kfree(t->info[i].supply.name);
	}
	kfree(t->constraints);
	kfree(t->info);
	kfree(t);
}

static struct bc_console_table *bc_console_build(struct device_node *np)
{
	struct bc_console_table *t;

	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return NULL;

	t->size = bc_console_size(np);
	t->constraints = kcalloc(t->size, sizeof(*t->constraints), GFP_KERNEL);
	t->info = kcalloc(t->size, sizeof(*t->info), GFP_KERNEL);
	if (!t->constraints || !t->info)
		goto free;

	t->oconst.constraints = t->constraints;
	bc_console_named(np, t, DEV_BOOT_CONSTRAINT_CLK, "clocks", "clock-names");
	bc_console_named(np, t, DEV_BOOT_CONSTRAINT_PM, "power-domains",
			 "power-domain-names");
	if (bc_console_supplies(np, t))
		goto free;

	return t;

free:
	bc_console_free(t);
	return NULL;
}

/**
 * boot_constraint_console_table() - The constraints a console node names.
 * @np: the node.
 *
 * Return: a table for boot_constraint_add_of_node() with a constraint for
 * each clock, power domain and supply of @np, to be freed with
 * boot_constraint_console_table_free(); NULL when out of memory.
 */
struct dev_boot_constraint_of *boot_constraint_console_table(struct device_node *np)
{
	struct bc_console_table *t = bc_console_build(np);

	return t ? &t->oconst : NULL;
}

/**
 * boot_constraint_console_table_free() - Free a console node's table.
 * @oconst: the table, from boot_constraint_console_table().
 */
void boot_constraint_console_table_free(struct dev_boot_constraint_of *oconst)
{
	bc_console_free(container_of(oconst, struct bc_console_table, oconst));
}

/*
 * After earlycon is set up, before of_platform_populate() creates the UART's
 * device at arch_initcall_sync.
 */
static int __init boot_constraint_console_init(void)
{
	struct bc_console_table *t;
	int ret;

	if (!of_stdout || boot_constraints_disabled() ||
	    !bc_boot_console_registered())
		return 0;

	t = bc_console_build(of_stdout);
	if (!t)
		return -ENOMEM;

	if (!t->oconst.count) {
		bc_console_free(t);
		return 0;
	}

	ret = boot_constraint_add_of_node(of_stdout, &t->oconst);
	if (ret) {
		pr_err("%pOF: console not constrained: %pe\n", of_stdout,
		       ERR_PTR(ret));
		bc_console_free(t);
		return ret;
	}

	/*
	 * The table must outlive the wait for the UART's device, whose end
	 * nothing reports here: it is kept for as long as the kernel runs,
	 * referenced from nowhere once the device has its constraints.
	 */
	kmemleak_not_leak(t);
	pr_info("%pOF: holding %u console resources until its driver probes\n",
		of_stdout, t->oconst.count);

	return 0;
}
arch_initcall(boot_constraint_console_init);
