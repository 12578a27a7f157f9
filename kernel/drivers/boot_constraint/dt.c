// SPDX-License-Identifier: GPL-2.0
/*
 * Boot constraints on the resources that a device tree node names.
 *
 * The bootloader knows what it left running, and says so in the tree it
 * hands over, under /chosen/boot-constraints (see
 * Documentation/devicetree/bindings/boot-constraints.yaml):
 *
 *	boot-constraints {
 *		splash {
 *			device = <&lcd>;
 *			hold-supplies = "vdd";
 *			hold-supply-microvolt = <3300000 3300000>;
 *		};
 *	};
 *
 * For board bring-up, the same can be given on the command line, by node
 * path: boot_constraints=/lcd:supply=vdd@3300000-3300000.
 *
 * A declaration refers to the resources by the names the device's own node
 * gives them (clock-names, <name>-supply, power-domain-names), so it adds
 * nothing to the tree's description of the hardware. Of each kind of
 * resource that it does not list, every one of the node is held. It is
 * checked against the node before anything is added: one that is malformed
 * or names a resource the node lacks is rejected with an error, and none of
 * its constraints is added.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/err.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/list.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "core.h"
#include "dt.h"
#include "table.h"

/*
 * The tables added at boot, kept for the devices that do not exist yet.
 * Only initcalls add to it, one at a time.
 */
static LIST_HEAD(bc_tables);

/* Holds every resource of the kinds not in @listed, a mask of kinds. */
static int bc_table_add_unlisted(struct boot_constraint_table *t,
				 unsigned int listed)
{
	static const enum dev_boot_constraint_type kinds[] = {
		DEV_BOOT_CONSTRAINT_CLK,
		DEV_BOOT_CONSTRAINT_SUPPLY,
		DEV_BOOT_CONSTRAINT_PM,
	};
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		if (listed & BIT(kinds[i]))
			continue;
		ret = boot_constraint_table_add_all(t, kinds[i]);
		if (ret)
			return ret;
	}

	if (!t->oconst.count) {
		pr_err("%pOF names no clock, supply or power domain to hold\n",
		       t->np);
		return -ENOENT;
	}

	return 0;
}

/* Adds a table at boot, and keeps it for a device created later. */
static int bc_table_add_at_boot(struct boot_constraint_table *t)
{
	int ret;

	ret = boot_constraint_table_add_to_device(t);
	if (ret) {
		pr_err("%pOF: constraints not added: %pe\n", t->np, ERR_PTR(ret));
		return ret;
	}

	list_add_tail(&t->node, &bc_tables);

	return 0;
}

/* The properties of a declaration that list resources of one kind. */
struct bc_dt_list {
	const char *names;
	const char *ranges;
	enum dev_boot_constraint_type type;
};

static const struct bc_dt_list bc_dt_lists[] = {
	{ "hold-clocks", "hold-clock-rates-hz", DEV_BOOT_CONSTRAINT_CLK },
	{ "hold-supplies", "hold-supply-microvolt", DEV_BOOT_CONSTRAINT_SUPPLY },
	{ "hold-power-domains", NULL, DEV_BOOT_CONSTRAINT_PM },
};

/* A "hold-" property that is none of these is a mistake, say a typo. */
static int bc_dt_check_props(struct device_node *decl)
{
	struct property *prop;
	unsigned int i;
	bool known;

	for_each_property_of_node(decl, prop) {
		if (strncmp(prop->name, "hold-", 5))
			continue;

		known = false;
		for (i = 0; i < ARRAY_SIZE(bc_dt_lists); i++) {
			if (!strcmp(prop->name, bc_dt_lists[i].names) ||
			    (bc_dt_lists[i].ranges &&
			     !strcmp(prop->name, bc_dt_lists[i].ranges)))
				known = true;
		}
		if (!known) {
			pr_err("%pOF: unknown property %s\n", decl, prop->name);
			return -EINVAL;
		}
	}

	return 0;
}

/* Returns the number of names, 0 if absent, or a negative errno. */
static int bc_dt_count_names(struct device_node *decl, const struct bc_dt_list *l)
{
	int count, ranges;

	count = of_property_count_strings(decl, l->names);
	if (count == -EINVAL) {
		if (l->ranges && of_property_present(decl, l->ranges)) {
			pr_err("%pOF: %s without %s\n", decl, l->ranges, l->names);
			return -EINVAL;
		}
		return 0;
	}
	if (count <= 0) {
		pr_err("%pOF: %s is not a list of names\n", decl, l->names);
		return -EINVAL;
	}

	if (l->ranges && of_property_present(decl, l->ranges)) {
		ranges = of_property_count_u32_elems(decl, l->ranges);
		if (ranges != 2 * count) {
			pr_err("%pOF: %s needs a <min max> pair for each of the %d entries of %s\n",
			       decl, l->ranges, count, l->names);
			return -EINVAL;
		}
	}

	return count;
}

static int bc_dt_add_list(struct boot_constraint_table *t,
			  struct device_node *decl, const struct bc_dt_list *l,
			  int count)
{
	bool ranges = l->ranges && of_property_present(decl, l->ranges);
	u32 range[2] = { 0, 0 };
	const char *name;
	int i, ret;

	for (i = 0; i < count; i++) {
		ret = of_property_read_string_index(decl, l->names, i, &name);
		if (!ret && ranges)
			ret = of_property_read_u32_index(decl, l->ranges, 2 * i,
							 &range[0]) ?:
			      of_property_read_u32_index(decl, l->ranges,
							 2 * i + 1, &range[1]);
		if (!ret)
			ret = boot_constraint_table_add(t, l->type, name,
							range[0], range[1]);
		if (ret)
			return ret;
	}

	return 0;
}

static int bc_dt_parse(struct boot_constraint_table *t, struct device_node *decl)
{
	unsigned int i, listed = 0;
	int count, ret;

	ret = bc_dt_check_props(decl);
	if (ret)
		return ret;

	for (i = 0; i < ARRAY_SIZE(bc_dt_lists); i++) {
		count = bc_dt_count_names(decl, &bc_dt_lists[i]);
		if (count < 0)
			return count;
		if (!count)
			continue;

		ret = bc_dt_add_list(t, decl, &bc_dt_lists[i], count);
		if (ret)
			return ret;
		listed |= BIT(bc_dt_lists[i].type);
	}

	return bc_table_add_unlisted(t, listed);
}

/**
 * boot_constraint_table_from_dt() - Read a boot constraint declaration.
 * @decl: the declaration, a child of /chosen/boot-constraints.
 *
 * Return: the table of the constraints @decl declares on its device, not
 * added yet; or an ERR_PTR(), with the reason logged, if @decl is malformed
 * or names a resource its device's node does not have.
 */
struct boot_constraint_table *boot_constraint_table_from_dt(struct device_node *decl)
{
	struct boot_constraint_table *t;
	struct device_node *np;
	int ret;

	np = of_parse_phandle(decl, "device", 0);
	if (!np) {
		pr_err("%pOF: \"device\" is missing or not a phandle\n", decl);
		return ERR_PTR(-EINVAL);
	}

	t = boot_constraint_table_alloc(np);
	of_node_put(np);
	if (!t)
		return ERR_PTR(-ENOMEM);

	ret = bc_dt_parse(t, decl);
	if (ret) {
		boot_constraint_table_free(t);
		return ERR_PTR(ret);
	}

	return t;
}

static int bc_spec_type(const char *kind, enum dev_boot_constraint_type *type)
{
	if (!strcmp(kind, "clk"))
		*type = DEV_BOOT_CONSTRAINT_CLK;
	else if (!strcmp(kind, "supply"))
		*type = DEV_BOOT_CONSTRAINT_SUPPLY;
	else if (!strcmp(kind, "pd"))
		*type = DEV_BOOT_CONSTRAINT_PM;
	else
		return -EINVAL;

	return 0;
}

static int bc_spec_range(char *range, unsigned long *min, unsigned long *max)
{
	char *high = strchr(range, '-');

	if (!high)
		return -EINVAL;
	*high++ = '\0';

	return kstrtoul(range, 10, min) ?: kstrtoul(high, 10, max);
}

/* One KIND[=NAME][@MIN-MAX] of a boot_constraints= device. */
static int bc_spec_add(struct boot_constraint_table *t, char *item,
		       unsigned int *listed)
{
	enum dev_boot_constraint_type type;
	unsigned long min = 0, max = 0;
	char *name, *range;

	range = strchr(item, '@');
	if (range)
		*range++ = '\0';
	name = strchr(item, '=');
	if (name)
		*name++ = '\0';

	if (bc_spec_type(item, &type)) {
		pr_err("boot_constraints=: unknown resource kind \"%s\" (clk, supply or pd)\n",
		       item);
		return -EINVAL;
	}

	if (range && bc_spec_range(range, &min, &max)) {
		pr_err("boot_constraints=: %s %s: range is not MIN-MAX\n", item,
		       name ?: "(unnamed)");
		return -EINVAL;
	}

	*listed |= BIT(type);

	return boot_constraint_table_add(t, type, name, min, max);
}

/**
 * boot_constraint_table_from_spec() - Read a boot_constraints= device.
 * @spec: "NODE-PATH[:KIND[=NAME][@MIN-MAX]]...", with KIND one of clk,
 *	supply and pd, and MIN-MAX a rate in Hz or a voltage in uV; it is
 *	cut up in place.
 *
 * Return: the table of the constraints @spec gives, not added yet; or an
 * ERR_PTR(), with the reason logged, if @spec is malformed or names a
 * resource that the node does not have.
 */
struct boot_constraint_table *boot_constraint_table_from_spec(char *spec)
{
	struct boot_constraint_table *t;
	unsigned int listed = 0;
	struct device_node *np;
	char *path, *item;
	int ret = 0;

	path = strsep(&spec, ":");
	np = of_find_node_by_path(path);
	if (!np) {
		pr_err("boot_constraints=%s: no such node\n", path);
		return ERR_PTR(-ENOENT);
	}

	t = boot_constraint_table_alloc(np);
	of_node_put(np);
	if (!t)
		return ERR_PTR(-ENOMEM);

	while (!ret && (item = strsep(&spec, ":")))
		ret = bc_spec_add(t, item, &listed);
	if (!ret)
		ret = bc_table_add_unlisted(t, listed);
	if (ret) {
		boot_constraint_table_free(t);
		return ERR_PTR(ret);
	}

	return t;
}

#define BC_SPECS_MAX	8

static char *bc_specs[BC_SPECS_MAX] __initdata;
static unsigned int bc_nr_specs __initdata;

/*
 * boot_constraints=PATH..., once for each device. The command line is read
 * before the device tree is unflattened: the devices are added at
 * arch_initcall. boot_constraints=off is the core's.
 */
static int __init boot_constraints_spec_param(char *spec)
{
	if (!spec || !strcmp(spec, "off"))
		return 0;

	if (spec[0] != '/') {
		pr_err("boot_constraints=%s: neither \"off\" nor a node path\n",
		       spec);
		return -EINVAL;
	}

	if (bc_nr_specs == BC_SPECS_MAX) {
		pr_err("boot_constraints=%s: more than %d devices\n", spec,
		       BC_SPECS_MAX);
		return -E2BIG;
	}

	bc_specs[bc_nr_specs++] = spec;

	return 0;
}
early_param("boot_constraints", boot_constraints_spec_param);

static void __init bc_add_specs(void)
{
	struct boot_constraint_table *t;
	unsigned int i;

	for (i = 0; i < bc_nr_specs; i++) {
		t = boot_constraint_table_from_spec(bc_specs[i]);
		if (!IS_ERR(t) && bc_table_add_at_boot(t))
			boot_constraint_table_free(t);
	}
}

static void __init bc_add_declarations(void)
{
	struct boot_constraint_table *t;
	struct device_node *decls, *decl;

	decls = of_find_node_by_path("/chosen/boot-constraints");
	if (!decls)
		return;

	for_each_available_child_of_node(decls, decl) {
		t = boot_constraint_table_from_dt(decl);
		if (!IS_ERR(t) && bc_table_add_at_boot(t))
			boot_constraint_table_free(t);
	}
	of_node_put(decls);
}

/* Before of_platform_populate() creates the devices, at arch_initcall_sync. */
static int __init boot_constraint_dt_init(void)
{
	if (boot_constraints_disabled())
		return 0;

	bc_add_declarations();
	bc_add_specs();

	return 0;
}
arch_initcall(boot_constraint_dt_init);
