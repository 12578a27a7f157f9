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
 * gives them (clock-names, <name>-supply, power-domain-names, reset-names,
 * interconnect-names), so it adds nothing to the tree's description of the
 * hardware. Of each type of resource that it does not list, every one of
 * the node is held (but interconnect paths: a path needs its bandwidth).
 * The properties of each type are its ops' (&boot_constraint_ops.decl). It is
 * checked against the node before anything is added: one that is malformed
 * (anything the binding does not allow, to the byte) or names a resource
 * the node lacks is rejected with one error line naming it, and none of its
 * constraints is added.
 *
 * One device has one declaration: two declarations of one node in the tree,
 * or two boot_constraints= for it, are both rejected; a boot_constraints=
 * replaces the tree's declaration of its node (the command line is for
 * bring-up, and overrides the tree), which one line says.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/ctype.h>
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

/* Holds every resource of the types not in @listed, a mask of types. */
static int bc_table_add_unlisted(struct boot_constraint_table *t,
				 unsigned long listed)
{
	int ret;

	ret = boot_constraint_table_add_unlisted(t, listed);
	if (ret)
		return ret;

	if (!t->oconst.count) {
		boot_constraint_reject(t->origin, "%s names no resource to hold", t->path);
		return -ENOENT;
	}

	return 0;
}

/*
 * A name of a resource, or a path, as a declaration or a spec gives it: not
 * empty, visible ASCII characters only (no space, no control or Latin-1
 * byte, which isgraph() would let through).
 */
static bool bc_name_valid(const char *name, size_t len)
{
	size_t i;

	if (!len)
		return false;

	for (i = 0; i < len; i++) {
		if (name[i] <= ' ' || name[i] > '~')
			return false;
	}

	return true;
}

/* What every node may have, besides what the binding lists. */
static const char * const bc_dt_bookkeeping[] = {
	"name", "phandle", "linux,phandle", "status",
};

static bool bc_dt_bookkeeping_prop(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bc_dt_bookkeeping); i++) {
		if (!strcmp(name, bc_dt_bookkeeping[i]))
			return true;
	}

	return false;
}

static bool bc_dt_prop_known(const char *name)
{
	const struct boot_constraint_ops *ops;
	enum dev_boot_constraint_type type;

	if (bc_dt_bookkeeping_prop(name) || !strcmp(name, "device"))
		return true;

	for_each_boot_constraint_type(type, ops) {
		if (!strcmp(name, ops->decl) ||
		    (ops->decl_range && !strcmp(name, ops->decl_range)))
			return true;
	}

	return false;
}

/* The binding's node name pattern, ^[a-z][a-z0-9-]*$, in ASCII */
static bool bc_dt_name_valid(const char *name)
{
	if (*name < 'a' || *name > 'z')
		return false;

	for (name++; *name; name++) {
		if ((*name < 'a' || *name > 'z') && !isdigit(*name) && *name != '-')
			return false;
	}

	return true;
}

/* A declaration has no subnode, and no property the binding does not list. */
static int bc_dt_check_node(struct device_node *decl, const char *origin)
{
	struct property *prop;
	struct device_node *child;

	if (!bc_dt_name_valid(kbasename(decl->full_name))) {
		boot_constraint_reject(origin, "name is not [a-z][a-z0-9-]*");
		return -EINVAL;
	}

	child = of_get_next_child(decl, NULL);
	if (child) {
		boot_constraint_reject(origin, "unexpected subnode %pOFn", child);
		of_node_put(child);
		return -EINVAL;
	}

	for_each_property_of_node(decl, prop) {
		if (!bc_dt_prop_known(prop->name)) {
			boot_constraint_reject(origin, "unknown property \"%s\"", prop->name);
			return -EINVAL;
		}
	}

	return 0;
}

/* The one node that "device" names, available, with a reference held. */
static struct device_node *bc_dt_device(struct device_node *decl,
					const char *origin)
{
	struct device_node *np;
	const __be32 *cell;
	int len;

	cell = of_get_property(decl, "device", &len);
	if (!cell) {
		boot_constraint_reject(origin, "no \"device\"");
		return ERR_PTR(-EINVAL);
	}

	if (len != sizeof(*cell)) {
		boot_constraint_reject(origin, "\"device\" is not one phandle");
		return ERR_PTR(-EINVAL);
	}

	np = of_find_node_by_phandle(be32_to_cpup(cell));
	if (!np) {
		boot_constraint_reject(origin, "\"device\" is not a phandle of a node");
		return ERR_PTR(-EINVAL);
	}

	if (!of_device_is_available(np)) {
		boot_constraint_reject(origin, "device %pOF is disabled", np);
		of_node_put(np);
		return ERR_PTR(-ENODEV);
	}

	return np;
}

/*
 * A list of names: non-empty strings of visible characters, each ended by
 * its NUL, the last one too. Returns their number, 0 if the list is absent,
 * or a negative errno.
 */
static int bc_dt_count_names(struct boot_constraint_table *t,
			     struct device_node *decl,
			     const struct boot_constraint_ops *l)
{
	const struct property *prop;
	const char *p, *end;
	int count = 0;
	size_t len;

	prop = of_find_property(decl, l->decl, NULL);
	if (!prop) {
		if (l->decl_range && of_property_present(decl, l->decl_range)) {
			boot_constraint_reject(t->origin, "%s without %s", l->decl_range, l->decl);
			return -EINVAL;
		}
		return 0;
	}

	p = prop->value;
	end = p + prop->length;
	if (!prop->length || end[-1]) {
		boot_constraint_reject(t->origin, "%s is not a list of names", l->decl);
		return -EINVAL;
	}

	for (; p < end; p += len + 1) {
		len = strlen(p);
		if (!bc_name_valid(p, len)) {
			boot_constraint_reject(t->origin, "%s has an empty or unprintable name",
					       l->decl);
			return -EINVAL;
		}
		count++;
	}

	return count;
}

/* The ranges of a list of @count names: exactly one <min max> each. */
static int bc_dt_check_ranges(struct boot_constraint_table *t,
			      struct device_node *decl,
			      const struct boot_constraint_ops *l, int count)
{
	const struct property *prop;

	prop = l->decl_range ? of_find_property(decl, l->decl_range, NULL) : NULL;
	if (prop && prop->length != 2 * count * sizeof(u32)) {
		boot_constraint_reject(t->origin,
				       "%s needs one <min max> for each of the %d entries of %s",
				       l->decl_range, count, l->decl);
		return -EINVAL;
	}

	return 0;
}

static int bc_dt_add_list(struct boot_constraint_table *t,
			  struct device_node *decl,
			  enum dev_boot_constraint_type type,
			  const struct boot_constraint_ops *l, int count)
{
	bool ranges = l->decl_range && of_property_present(decl, l->decl_range);
	u32 range[2] = { 0, 0 };
	const char *name;
	int i, ret;

	for (i = 0; i < count; i++) {
		ret = of_property_read_string_index(decl, l->decl, i, &name);
		if (!ret && ranges)
			ret = of_property_read_u32_index(decl, l->decl_range, 2 * i,
							 &range[0]) ?:
			      of_property_read_u32_index(decl, l->decl_range,
							 2 * i + 1, &range[1]);
		if (ret) {
			boot_constraint_reject(t->origin, "cannot read %s: %pe", l->decl,
					       ERR_PTR(ret));
			return ret;
		}

		ret = boot_constraint_table_add(t, type, name, range[0],
						range[1]);
		if (ret)
			return ret;
	}

	return 0;
}

static int bc_dt_parse(struct boot_constraint_table *t, struct device_node *decl)
{
	const struct boot_constraint_ops *ops;
	enum dev_boot_constraint_type type;
	unsigned long listed = 0;
	int count, ret;

	for_each_boot_constraint_type(type, ops) {
		count = bc_dt_count_names(t, decl, ops);
		if (count < 0)
			return count;
		if (!count)
			continue;

		ret = bc_dt_check_ranges(t, decl, ops, count) ?:
		      bc_dt_add_list(t, decl, type, ops, count);
		if (ret)
			return ret;
		listed |= BIT(type);
	}

	return bc_table_add_unlisted(t, listed);
}

/*
 * The empty table of @np, whose reference it drops, for @origin; or
 * ERR_PTR(-ENOMEM), with the rejection logged.
 */
static struct boot_constraint_table *bc_dt_table_alloc(struct device_node *np,
						       const char *origin)
{
	struct boot_constraint_table *t = boot_constraint_table_alloc(np, origin);

	of_node_put(np);
	if (!t) {
		boot_constraint_reject(origin, "out of memory");
		return ERR_PTR(-ENOMEM);
	}

	return t;
}

/* @t if filling it returned @ret 0; else ERR_PTR(@ret), @t freed. */
static struct boot_constraint_table *bc_dt_table_or_err(struct boot_constraint_table *t,
							int ret)
{
	if (!ret)
		return t;

	boot_constraint_table_free(t);
	return ERR_PTR(ret);
}

/**
 * boot_constraint_table_from_dt() - Read a boot constraint declaration.
 * @decl: the declaration, a child of /chosen/boot-constraints.
 *
 * Return: the table of the constraints @decl declares on its device, not
 * added yet, whose origin is @decl's path; or an ERR_PTR(), with the reason
 * logged in one line naming @decl, if @decl is malformed or names a
 * resource its device's node does not have.
 */
struct boot_constraint_table *boot_constraint_table_from_dt(struct device_node *decl)
{
	struct boot_constraint_table *t = ERR_PTR(-ENOMEM);
	struct device_node *np;
	char *origin;
	int ret;

	origin = kasprintf(GFP_KERNEL, "%pOF", decl);
	if (!origin) {
		pr_err("%pOF: out of memory, nothing held\n", decl);
		return ERR_PTR(-ENOMEM);
	}

	ret = bc_dt_check_node(decl, origin);
	if (ret) {
		t = ERR_PTR(ret);
		goto out;
	}

	np = bc_dt_device(decl, origin);
	if (IS_ERR(np)) {
		t = ERR_CAST(np);
		goto out;
	}

	t = bc_dt_table_alloc(np, origin);
	if (IS_ERR(t))
		goto out;

	t = bc_dt_table_or_err(t, bc_dt_parse(t, decl));
out:
	kfree(origin);
	return t;
}

static int bc_spec_type(const char *kind, enum dev_boot_constraint_type *type)
{
	const struct boot_constraint_ops *ops;

	for_each_boot_constraint_type(*type, ops) {
		if (!strcmp(kind, ops->spec))
			return 0;
	}

	return -EINVAL;
}

/* A decimal u32, digits only. */
static int bc_spec_number(const char *s, u32 *val)
{
	const char *p;

	if (!*s)
		return -EINVAL;
	for (p = s; *p; p++) {
		if (!isdigit(*p))
			return -EINVAL;
	}

	return kstrtou32(s, 10, val);
}

/* MIN-MAX */
static int bc_spec_range(char *range, u32 *min, u32 *max)
{
	char *high = strchr(range, '-');

	if (!high)
		return -EINVAL;
	*high++ = '\0';

	return bc_spec_number(range, min) ?: bc_spec_number(high, max);
}

/* One KIND[=NAME][@MIN-MAX] of a boot_constraints= device. */
static int bc_spec_add(struct boot_constraint_table *t, char *item,
		       unsigned long *listed)
{
	enum dev_boot_constraint_type type;
	char *name, *range;
	u32 min = 0, max = 0;
	int ret;

	if (!*item) {
		boot_constraint_reject(t->origin, "empty resource");
		return -EINVAL;
	}

	range = strchr(item, '@');
	if (range)
		*range++ = '\0';
	name = strchr(item, '=');
	if (name)
		*name++ = '\0';

	if (bc_spec_type(item, &type)) {
		boot_constraint_reject(t->origin, "unknown kind of resource \"%s\"", item);
		return -EINVAL;
	}

	if (name && !bc_name_valid(name, strlen(name))) {
		boot_constraint_reject(t->origin, "%s: empty or unprintable name", item);
		return -EINVAL;
	}

	if (name && strchr(name, '=')) {
		boot_constraint_reject(t->origin, "%s %s: more than one '='", item, name);
		return -EINVAL;
	}

	if (range) {
		ret = bc_spec_range(range, &min, &max);
		if (ret) {
			boot_constraint_reject(t->origin,
					       "%s %s: range is not MIN-MAX in decimal%s",
					       item, name ?: "(unnamed)",
					       ret == -ERANGE ? ", below 2^32" : "");
			return -EINVAL;
		}
	}

	*listed |= BIT(type);

	return boot_constraint_table_add(t, type, name, min, max);
}

/* A full path: "/", or "/"-separated non-empty names of visible characters. */
static bool bc_spec_path_valid(const char *path)
{
	size_t len = strlen(path);

	if (path[0] != '/' || !bc_name_valid(path, len))
		return false;

	return len == 1 || (!strstr(path, "//") && path[len - 1] != '/');
}

/**
 * boot_constraint_table_from_spec() - Read a boot_constraints= device.
 * @spec: "NODE-PATH[:KIND[=NAME][@MIN-MAX]]...", with KIND a type's
 *	&boot_constraint_ops.spec (clk, pd, supply, icc, reset) and MIN-MAX
 *	its range: a rate in Hz, a voltage in uV, an average and a peak
 *	bandwidth in kBps (decimal, below 2^32). *
 * Return: the table of the constraints @spec gives, not added yet, whose
 * origin is "boot_constraints=@spec"; or an ERR_PTR(), with the reason
 * logged in one line quoting @spec whole, if @spec is malformed or names a
 * resource that the node does not have.
 */
struct boot_constraint_table *boot_constraint_table_from_spec(const char *spec)
{
	struct boot_constraint_table *t = ERR_PTR(-ENOMEM);
	char *origin, *copy, *rest, *path, *item;
	unsigned long listed = 0;
	struct device_node *np;
	int ret = 0;

	origin = kasprintf(GFP_KERNEL, "boot_constraints=%s", spec);
	copy = kstrdup(spec, GFP_KERNEL);
	if (!origin || !copy) {
		pr_err("boot_constraints=%s: out of memory, nothing held\n", spec);
		goto out;
	}

	rest = copy;
	path = strsep(&rest, ":");
	if (!bc_spec_path_valid(path)) {
		boot_constraint_reject(origin, "\"%s\" is not a node path", path);
		t = ERR_PTR(-EINVAL);
		goto out;
	}

	np = of_find_node_by_path(path);
	if (!np) {
		boot_constraint_reject(origin, "no node %s", path);
		t = ERR_PTR(-ENOENT);
		goto out;
	}

	if (!of_device_is_available(np)) {
		boot_constraint_reject(origin, "%s is disabled", path);
		of_node_put(np);
		t = ERR_PTR(-ENODEV);
		goto out;
	}

	t = bc_dt_table_alloc(np, origin);
	if (IS_ERR(t))
		goto out;

	while (!ret && (item = strsep(&rest, ":")))
		ret = bc_spec_add(t, item, &listed);
	if (!ret)
		ret = bc_table_add_unlisted(t, listed);
	t = bc_dt_table_or_err(t, ret);
out:
	kfree(copy);
	kfree(origin);
	return t;
}

/* Another table of @list for the node of @t, or NULL. */
static struct boot_constraint_table *bc_other(struct list_head *list,
					      struct boot_constraint_table *t)
{
	struct boot_constraint_table *o;

	list_for_each_entry(o, list, node) {
		if (o != t && o->np == t->np)
			return o;
	}

	return NULL;
}

/* Two tables of one source for one node: both are rejected. */
static void bc_reject_conflicts(struct list_head *list)
{
	struct boot_constraint_table *t, *tmp, *o;
	LIST_HEAD(rejected);

	list_for_each_entry_safe(t, tmp, list, node) {
		o = bc_other(list, t) ?: bc_other(&rejected, t);
		if (!o)
			continue;

		boot_constraint_reject(t->origin, "%s is also declared by %s: both rejected",
				       t->path, o->origin);
		list_move_tail(&t->node, &rejected);
	}

	list_for_each_entry_safe(t, tmp, &rejected, node)
		boot_constraint_table_free(t);
}

/**
 * boot_constraint_tables_read() - Read the declarations of the tree and of
 *	the command line.
 * @decls: the node of the declarations, /chosen/boot-constraints, or NULL.
 * @specs: the boot_constraints= devices.
 * @nr_specs: number of entries in @specs.
 * @tables: where the tables to add go, those of @decls first.
 *
 * Reads each declaration and spec, and resolves the conflicts: two of one
 * source (the tree, the command line) for one node are both rejected, and a
 * spec replaces the tree's declaration of its node. Each rejection is one
 * error line, each replacement one warning line.
 */
void boot_constraint_tables_read(struct device_node *decls,
				 const char * const *specs,
				 unsigned int nr_specs,
				 struct list_head *tables)
{
	struct boot_constraint_table *t, *tmp, *o;
	struct device_node *decl;
	struct property *prop;
	LIST_HEAD(from_dt);
	LIST_HEAD(from_cmdline);
	unsigned int i;

	for (i = 0; i < nr_specs; i++) {
		t = boot_constraint_table_from_spec(specs[i]);
		if (!IS_ERR(t))
			list_add_tail(&t->node, &from_cmdline);
	}
	bc_reject_conflicts(&from_cmdline);

	/* The binding allows no property there either. */
	for (prop = decls ? decls->properties : NULL; prop; prop = prop->next) {
		if (!bc_dt_bookkeeping_prop(prop->name)) {
			pr_err("%pOF: unknown property \"%s\", no declaration added, nothing held\n",
			       decls, prop->name);
			decls = NULL;
			break;
		}
	}

	for_each_available_child_of_node(decls, decl) {
		t = boot_constraint_table_from_dt(decl);
		if (!IS_ERR(t))
			list_add_tail(&t->node, &from_dt);
	}
	bc_reject_conflicts(&from_dt);

	list_for_each_entry_safe(t, tmp, &from_dt, node) {
		o = bc_other(&from_cmdline, t);
		if (!o)
			continue;

		pr_warn("%s: replaces %s (the command line overrides the device tree)\n",
			o->origin, t->origin);
		boot_constraint_table_free(t);
	}

	list_splice_tail(&from_dt, tables);
	list_splice_tail(&from_cmdline, tables);
}

/* Before of_platform_populate() creates the devices, at arch_initcall_sync. */
static int __init boot_constraint_dt_init(void)
{
	struct boot_constraint_table *t, *tmp;
	struct device_node *decls;
	const char * const *specs;
	unsigned int nr_specs;
	LIST_HEAD(tables);

	if (boot_constraints_disabled())
		return 0;

	decls = of_find_node_by_path("/chosen/boot-constraints");
	nr_specs = boot_constraint_cmdline_specs(&specs);
	boot_constraint_tables_read(decls, specs, nr_specs, &tables);
	of_node_put(decls);

	/* An add that fails says so in one line, naming the table's origin. */
	list_for_each_entry_safe(t, tmp, &tables, node) {
		list_del_init(&t->node);
		if (boot_constraint_table_add_to_device(t))
			boot_constraint_table_free(t);
		else
			list_add_tail(&t->node, &bc_tables);
	}

	return 0;
}
arch_initcall(boot_constraint_dt_init);
