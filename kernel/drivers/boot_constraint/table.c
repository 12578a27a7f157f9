// SPDX-License-Identifier: GPL-2.0
/*
 * Tables of boot constraints on the resources that a device tree node names:
 * its clocks by their clock-names, its <name>-supply properties and its power
 * domains by their power-domain-names. Every name is checked against the node
 * as it is added, so a table holds only resources its device has.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "core.h"
#include "table.h"

static const char * const bc_kind_names[] = {
	[DEV_BOOT_CONSTRAINT_CLK] = "clock",
	[DEV_BOOT_CONSTRAINT_PM] = "power domain",
	[DEV_BOOT_CONSTRAINT_SUPPLY] = "supply",
};

static size_t bc_supply_name_len(const struct property *prop)
{
	static const char suffix[] = "-supply";
	size_t len = strlen(prop->name);

	if (len <= strlen(suffix) ||
	    strcmp(prop->name + len - strlen(suffix), suffix))
		return 0;

	return len - strlen(suffix);
}

static unsigned int bc_count_phandles(struct device_node *np, const char *list,
				      const char *cells)
{
	int count = of_count_phandle_with_args(np, list, cells);

	return count > 0 ? count : 0;
}

/* How many resources the node names: the most a table of it can hold. */
static unsigned int bc_node_resources(struct device_node *np)
{
	struct property *prop;
	unsigned int n;

	n = bc_count_phandles(np, "clocks", "#clock-cells") +
	    bc_count_phandles(np, "power-domains", "#power-domain-cells");
	for_each_property_of_node(np, prop)
		n += !!bc_supply_name_len(prop);

	return n;
}

static bool bc_node_has_supply(struct device_node *np, const char *name)
{
	struct property *prop;
	size_t len;

	for_each_property_of_node(np, prop) {
		len = bc_supply_name_len(prop);
		if (len && len == strlen(name) && !strncmp(prop->name, name, len))
			return true;
	}

	return false;
}

/* Whether the node has a resource of that kind and name (NULL: unnamed). */
static bool bc_node_has(struct device_node *np,
			enum dev_boot_constraint_type type, const char *name)
{
	switch (type) {
	case DEV_BOOT_CONSTRAINT_CLK:
		if (!name)
			return of_property_present(np, "clocks");
		return of_property_match_string(np, "clock-names", name) >= 0;
	case DEV_BOOT_CONSTRAINT_PM:
		if (!name)
			return of_property_present(np, "power-domains");
		return of_property_match_string(np, "power-domain-names", name) >= 0;
	case DEV_BOOT_CONSTRAINT_SUPPLY:
		return name && bc_node_has_supply(np, name);
	default:
		return false;
	}
}

static const char *bc_info_name(const struct boot_constraint_table *t,
				unsigned int i)
{
	switch (t->constraints[i].type) {
	case DEV_BOOT_CONSTRAINT_CLK:
		return t->info[i].clk.name;
	case DEV_BOOT_CONSTRAINT_PM:
		return t->info[i].pm.name;
	default:
		return t->info[i].supply.name;
	}
}

static bool bc_table_holds(const struct boot_constraint_table *t,
			   enum dev_boot_constraint_type type, const char *name)
{
	const char *held;
	unsigned int i;

	for (i = 0; i < t->oconst.count; i++) {
		if (t->constraints[i].type != type)
			continue;
		held = bc_info_name(t, i);
		if ((!held || !name) ? held == name : !strcmp(held, name))
			return true;
	}

	return false;
}

/**
 * boot_constraint_table_alloc() - Start the constraints of a node.
 * @np: the node.
 *
 * Return: an empty table, or NULL if out of memory.
 */
struct boot_constraint_table *boot_constraint_table_alloc(struct device_node *np)
{
	struct boot_constraint_table *t;

	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return NULL;

	INIT_LIST_HEAD(&t->node);
	t->size = bc_node_resources(np);
	if (t->size) {
		t->constraints = kcalloc(t->size, sizeof(*t->constraints),
					 GFP_KERNEL);
		t->info = kcalloc(t->size, sizeof(*t->info), GFP_KERNEL);
		if (!t->constraints || !t->info) {
			kfree(t->constraints);
			kfree(t->info);
			kfree(t);
			return NULL;
		}
	}

	t->np = of_node_get(np);
	t->oconst.constraints = t->constraints;

	return t;
}

/**
 * boot_constraint_table_free() - Free a table.
 * @t: the table, or NULL. The constraints added from it are not touched:
 *	the core keeps its own copy of them.
 */
void boot_constraint_table_free(struct boot_constraint_table *t)
{
	unsigned int i;

	if (!t)
		return;

	for (i = 0; i < t->oconst.count; i++)
		kfree_const(bc_info_name(t, i));
	list_del(&t->node);
	of_node_put(t->np);
	kfree(t->constraints);
	kfree(t->info);
	kfree(t);
}

/**
 * boot_constraint_table_count() - Number of constraints in a table.
 * @t: the table.
 *
 * Return: how many resources of its node @t holds.
 */
unsigned int boot_constraint_table_count(const struct boot_constraint_table *t)
{
	return t->oconst.count;
}

static int bc_table_check(struct boot_constraint_table *t,
			  enum dev_boot_constraint_type type, const char *name,
			  unsigned long min, unsigned long max)
{
	const char *kind = bc_kind_names[type];

	if (!bc_node_has(t->np, type, name)) {
		pr_err("%pOF has no %s %s\n", t->np, kind, name ?: "(unnamed)");
		return -ENOENT;
	}

	if (bc_table_holds(t, type, name)) {
		pr_err("%pOF: %s %s named twice\n", t->np, kind, name ?: "(unnamed)");
		return -EEXIST;
	}

	if (t->oconst.count == t->size) {
		pr_err("%pOF: more %s names than %ss\n", t->np, kind, kind);
		return -E2BIG;
	}

	if (!min != !max || min > max ||
	    (type == DEV_BOOT_CONSTRAINT_SUPPLY && max > INT_MAX) ||
	    (type == DEV_BOOT_CONSTRAINT_PM && max)) {
		pr_err("%pOF: %s %s: invalid range %lu-%lu\n", t->np, kind,
		       name ?: "(unnamed)", min, max);
		return -EINVAL;
	}

	return 0;
}

/**
 * boot_constraint_table_add() - Add a constraint on a resource of the node.
 * @t: the table.
 * @type: the resource's kind.
 * @name: its name in the node (NULL: the node's unnamed clock or domain).
 * @min: lowest rate (Hz) or voltage (uV) the device accepts, or 0.
 * @max: highest rate or voltage, or 0: both or neither must be set.
 *
 * Return: 0, or a negative errno with the reason logged if the node has no
 * such resource, names it twice, or the range is invalid.
 */
int boot_constraint_table_add(struct boot_constraint_table *t,
			      enum dev_boot_constraint_type type,
			      const char *name, unsigned long min,
			      unsigned long max)
{
	unsigned int i = t->oconst.count;
	union bc_table_info *info;
	const char *copy = NULL;
	int ret;

	ret = bc_table_check(t, type, name, min, max);
	if (ret)
		return ret;

	info = &t->info[i];

	if (name) {
		copy = kstrdup_const(name, GFP_KERNEL);
		if (!copy)
			return -ENOMEM;
	}

	switch (type) {
	case DEV_BOOT_CONSTRAINT_CLK:
		info->clk.name = copy;
		info->clk.rate_min = min;
		info->clk.rate_max = max;
		break;
	case DEV_BOOT_CONSTRAINT_PM:
		info->pm.name = copy;
		break;
	default:
		info->supply.name = copy;
		info->supply.u_volt_min = min;
		info->supply.u_volt_max = max;
		break;
	}

	t->constraints[i].type = type;
	t->constraints[i].data = info;
	t->oconst.count++;

	return 0;
}

/* The node's @list of resources, each by its name in @names, if it has. */
static int bc_table_add_listed(struct boot_constraint_table *t,
			       enum dev_boot_constraint_type type,
			       const char *list, const char *names)
{
	const char *name;
	int i, ret;

	if (!of_property_present(t->np, list))
		return 0;

	if (!of_property_present(t->np, names))
		return boot_constraint_table_add(t, type, NULL, 0, 0);

	for (i = 0; !of_property_read_string_index(t->np, names, i, &name); i++) {
		ret = boot_constraint_table_add(t, type, name, 0, 0);
		if (ret)
			return ret;
	}

	return 0;
}

static int bc_table_add_supplies(struct boot_constraint_table *t)
{
	struct property *prop;
	char *name;
	size_t len;
	int ret;

	for_each_property_of_node(t->np, prop) {
		len = bc_supply_name_len(prop);
		if (!len)
			continue;

		name = kstrndup(prop->name, len, GFP_KERNEL);
		if (!name)
			return -ENOMEM;
		ret = boot_constraint_table_add(t, DEV_BOOT_CONSTRAINT_SUPPLY,
						name, 0, 0);
		kfree(name);
		if (ret)
			return ret;
	}

	return 0;
}

/**
 * boot_constraint_table_add_all() - Hold every resource of a kind.
 * @t: the table.
 * @type: the kind.
 *
 * Adds each clock of the node's clock-names, each <name>-supply, or each
 * domain of its power-domain-names; a node whose clocks or domains have no
 * names gets its first one.
 *
 * Return: 0, or a negative errno.
 */
int boot_constraint_table_add_all(struct boot_constraint_table *t,
				  enum dev_boot_constraint_type type)
{
	switch (type) {
	case DEV_BOOT_CONSTRAINT_CLK:
		return bc_table_add_listed(t, type, "clocks", "clock-names");
	case DEV_BOOT_CONSTRAINT_PM:
		return bc_table_add_listed(t, type, "power-domains",
					   "power-domain-names");
	case DEV_BOOT_CONSTRAINT_SUPPLY:
		return bc_table_add_supplies(t);
	default:
		return -EINVAL;
	}
}

/**
 * boot_constraint_table_add_to_device() - Add a table's constraints.
 * @t: the table, which must stay valid until the node's device exists.
 *
 * Return: 0 if the constraints are added to the node's device, or will be
 * when it is created; a negative errno otherwise, with none of them added.
 */
int boot_constraint_table_add_to_device(struct boot_constraint_table *t)
{
	return boot_constraint_add_of_node(t->np, &t->oconst, &t->origin);
}

