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

/*
 * Every error about a table is one line: "ORIGIN: REASON, nothing held" for
 * a table with an origin, else "NODE: REASON".
 */
static __printf(2, 3) void bc_table_err(const struct boot_constraint_table *t,
					const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	if (t->origin)
		pr_err("%s: %pV, nothing held\n", t->origin, &vaf);
	else
		pr_err("%s: %pV\n", t->path, &vaf);
	va_end(args);
}

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

/* The node's properties that list and name its resources of a kind. */
struct bc_node_list {
	const char *list;
	const char *cells;
	const char *names;
};

static const struct bc_node_list bc_node_clocks = {
	"clocks", "#clock-cells", "clock-names"
};

static const struct bc_node_list bc_node_domains = {
	"power-domains", "#power-domain-cells", "power-domain-names"
};

/*
 * Checks that the node has a resource of that kind and name, and resolves
 * an unnamed clock or domain (the node's first) to its name if the node
 * names them, so that it is one resource whichever way it is given.
 */
static int bc_table_resolve(struct boot_constraint_table *t,
			    enum dev_boot_constraint_type type,
			    const char **name)
{
	const char *kind = bc_kind_names[type];
	const struct bc_node_list *l;
	const char *first = NULL;
	unsigned int count;
	int index;

	switch (type) {
	case DEV_BOOT_CONSTRAINT_SUPPLY:
		if (!*name) {
			bc_table_err(t, "a supply needs its name");
			return -EINVAL;
		}
		if (!bc_node_has_supply(t->np, *name)) {
			bc_table_err(t, "%s has no supply \"%s\"", t->path, *name);
			return -ENOENT;
		}
		return 0;
	case DEV_BOOT_CONSTRAINT_CLK:
		l = &bc_node_clocks;
		break;
	case DEV_BOOT_CONSTRAINT_PM:
		l = &bc_node_domains;
		break;
	default:
		bc_table_err(t, "unknown kind of resource %d", type);
		return -EINVAL;
	}

	count = bc_count_phandles(t->np, l->list, l->cells);
	if (!*name) {
		if (!count) {
			bc_table_err(t, "%s has no %s", t->path, kind);
			return -ENOENT;
		}
		if (!of_property_read_string_index(t->np, l->names, 0, &first))
			*name = first;
		return 0;
	}

	index = of_property_match_string(t->np, l->names, *name);
	if (index < 0 || index >= count) {
		bc_table_err(t, "%s has no %s \"%s\"", t->path, kind, *name);
		return -ENOENT;
	}

	return 0;
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
 * @origin: what declares them (a declaration's node, a boot_constraints=
 *	spec), copied, for the messages; or NULL.
 *
 * Return: an empty table, or NULL if out of memory.
 */
struct boot_constraint_table *boot_constraint_table_alloc(struct device_node *np,
							  const char *origin)
{
	struct boot_constraint_table *t;

	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return NULL;

	/* %pOF prints nothing for the root, which boot_constraints=/ names */
	t->path = np->parent ? kasprintf(GFP_KERNEL, "%pOF", np) :
			       kstrdup("/", GFP_KERNEL);
	if (origin)
		t->origin = kstrdup(origin, GFP_KERNEL);
	if (!t->path || (origin && !t->origin)) {
		kfree(t->path);
		kfree(t->origin);
		kfree(t);
		return NULL;
	}

	INIT_LIST_HEAD(&t->node);
	t->size = bc_node_resources(np);
	if (t->size) {
		t->constraints = kcalloc(t->size, sizeof(*t->constraints),
					 GFP_KERNEL);
		t->info = kcalloc(t->size, sizeof(*t->info), GFP_KERNEL);
		if (!t->constraints || !t->info) {
			kfree(t->constraints);
			kfree(t->info);
			kfree(t->origin);
			kfree(t->path);
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
	kfree(t->origin);
	kfree(t->path);
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
			  enum dev_boot_constraint_type type, const char **name,
			  unsigned long min, unsigned long max)
{
	const char *kind = bc_kind_names[type];
	int ret;

	ret = bc_table_resolve(t, type, name);
	if (ret)
		return ret;

	if (bc_table_holds(t, type, *name)) {
		bc_table_err(t, "%s %s named twice", kind, *name ?: "(unnamed)");
		return -EEXIST;
	}

	if (t->oconst.count == t->size) {
		bc_table_err(t, "more resources than %s has", t->path);
		return -E2BIG;
	}

	if (!min != !max || min > max ||
	    (type == DEV_BOOT_CONSTRAINT_SUPPLY && max > INT_MAX) ||
	    (type == DEV_BOOT_CONSTRAINT_PM && max)) {
		bc_table_err(t, "%s %s: invalid range %lu-%lu", kind,
			     *name ?: "(unnamed)", min, max);
		return -EINVAL;
	}

	return 0;
}

/**
 * boot_constraint_table_add() - Add a constraint on a resource of the node.
 * @t: the table.
 * @type: the resource's kind.
 * @name: its name in the node (NULL: the node's first clock or domain, which
 *	stands for its name if the node names them).
 * @min: lowest rate (Hz) or voltage (uV) the device accepts, or 0.
 * @max: highest rate or voltage, or 0: both or neither must be set.
 *
 * Return: 0, or a negative errno with the reason logged in one line (naming
 * the table's origin) if the node has no such resource, names it twice, or
 * the range is invalid.
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

	ret = bc_table_check(t, type, &name, min, max);
	if (ret)
		return ret;

	info = &t->info[i];

	if (name) {
		copy = kstrdup_const(name, GFP_KERNEL | __GFP_NOWARN);
		if (!copy) {
			bc_table_err(t, "out of memory");
			return -ENOMEM;
		}
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

/* Every clock or domain of the node, by its name if it has one. */
static int bc_table_add_listed(struct boot_constraint_table *t,
			       enum dev_boot_constraint_type type,
			       const struct bc_node_list *l)
{
	unsigned int i, count;
	const char *name;
	int ret;

	count = bc_count_phandles(t->np, l->list, l->cells);
	if (!count)
		return 0;

	if (!of_property_present(t->np, l->names))
		return boot_constraint_table_add(t, type, NULL, 0, 0);

	for (i = 0; i < count; i++) {
		if (of_property_read_string_index(t->np, l->names, i, &name))
			break;
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

		name = kstrndup(prop->name, len, GFP_KERNEL | __GFP_NOWARN);
		if (!name) {
			bc_table_err(t, "out of memory");
			return -ENOMEM;
		}
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
		return bc_table_add_listed(t, type, &bc_node_clocks);
	case DEV_BOOT_CONSTRAINT_PM:
		return bc_table_add_listed(t, type, &bc_node_domains);
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
	return boot_constraint_add_of_node(t->np, &t->oconst, t->origin);
}

