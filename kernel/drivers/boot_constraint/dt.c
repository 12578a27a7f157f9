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
 * path: boot_constraints=/lcd:supply=vdd@3300000-3300000 (spec.c); decls.c
 * reads both at boot.
 *
 * A declaration refers to the resources by the names the device's own node
 * gives them (clock-names, <name>-supply, power-domain-names, reset-names,
 * interconnect-names), so it adds nothing to the tree's description of the
 * hardware. Of each type of resource that it does not list, every one of
 * the node is held (but interconnect paths: a path needs its bandwidth).
 * The properties of each type are its names' (&bc_names.decl).
 * It is checked against the node before anything is added: one that is malformed
 * (anything the binding does not allow, to the byte) or names a resource
 * the node lacks is rejected with one error line naming it, and none of its
 * constraints is added.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/ctype.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <kunit/visibility.h>

#include "core.h"
#include "dt.h"
#include "table.h"

/* What every node may have, besides what the binding lists. */
static const char * const bc_dt_bookkeeping_props[] = {
	"name", "phandle", "linux,phandle", "status",
};

/**
 * bc_dt_bookkeeping() - Whether any node may have a property.
 * @name: the property's name.
 *
 * Return: true for the properties every node may have besides what the
 * binding lists: its name, phandle and status.
 */
bool bc_dt_bookkeeping(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bc_dt_bookkeeping_props); i++) {
		if (!strcmp(name, bc_dt_bookkeeping_props[i]))
			return true;
	}

	return false;
}

static bool bc_dt_prop_known(const char *name)
{
	const struct bc_type *bt;
	enum dev_boot_constraint_type type;

	if (bc_dt_bookkeeping(name) || !strcmp(name, "device"))
		return true;

	bc_for_each_type(type, bt) {
		if (!strcmp(name, bt->names->decl) ||
		    (bt->names->decl_range && !strcmp(name, bt->names->decl_range)))
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
		bc_reject(origin, "name is not [a-z][a-z0-9-]*");
		return -EINVAL;
	}

	child = of_get_next_child(decl, NULL);
	if (child) {
		bc_reject(origin, "unexpected subnode %pOFn", child);
		of_node_put(child);
		return -EINVAL;
	}

	for_each_property_of_node(decl, prop) {
		if (!bc_dt_prop_known(prop->name)) {
			bc_reject(origin, "unknown property \"%s\"", prop->name);
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
		bc_reject(origin, "no \"device\"");
		return ERR_PTR(-EINVAL);
	}

	if (len != sizeof(*cell)) {
		bc_reject(origin, "\"device\" is not one phandle");
		return ERR_PTR(-EINVAL);
	}

	np = of_find_node_by_phandle(be32_to_cpup(cell));
	if (!np) {
		bc_reject(origin, "\"device\" is not a phandle of a node");
		return ERR_PTR(-EINVAL);
	}

	if (!of_device_is_available(np)) {
		bc_reject(origin, "device %pOF is disabled", np);
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
static int bc_dt_count_names(struct bc_table *t,
			     struct device_node *decl,
			     const struct bc_names *l)
{
	const struct property *prop;
	const char *p, *end;
	int count = 0;
	size_t len;

	prop = of_find_property(decl, l->decl, NULL);
	if (!prop) {
		if (l->decl_range && of_property_present(decl, l->decl_range)) {
			bc_reject(t->origin, "%s without %s", l->decl_range, l->decl);
			return -EINVAL;
		}
		return 0;
	}

	p = prop->value;
	end = p + prop->length;
	if (!prop->length || end[-1]) {
		bc_reject(t->origin, "%s is not a list of names", l->decl);
		return -EINVAL;
	}

	for (; p < end; p += len + 1) {
		len = strlen(p);
		if (!bc_name_valid(p, len)) {
			bc_reject(t->origin, "%s has an empty or unprintable name",
				  l->decl);
			return -EINVAL;
		}
		count++;
	}

	return count;
}

/* The ranges of a list of @count names: exactly one <min max> each. */
static int bc_dt_check_ranges(struct bc_table *t,
			      struct device_node *decl,
			      const struct bc_names *l, int count)
{
	const struct property *prop;

	prop = l->decl_range ? of_find_property(decl, l->decl_range, NULL) : NULL;
	if (prop && prop->length != 2 * count * sizeof(u32)) {
		bc_reject(t->origin,
			  "%s needs one <min max> for each of the %d entries of %s",
				       l->decl_range, count, l->decl);
		return -EINVAL;
	}

	return 0;
}

static int bc_dt_add_list(struct bc_table *t,
			  struct device_node *decl,
			  enum dev_boot_constraint_type type,
			  const struct bc_names *l, int count)
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
			bc_reject(t->origin, "cannot read %s: %pe", l->decl,
				  ERR_PTR(ret));
			return ret;
		}

		ret = bc_table_add(t, type, name, range[0],
				   range[1]);
		if (ret)
			return ret;
	}

	return 0;
}

/* Adds the resources @decl lists; the types it lists go in @listed. */
static int bc_dt_parse(struct bc_table *t, struct device_node *decl,
		       unsigned long *listed)
{
	const struct bc_type *bt;
	enum dev_boot_constraint_type type;
	int count, ret;

	bc_for_each_type(type, bt) {
		count = bc_dt_count_names(t, decl, bt->names);
		if (count < 0)
			return count;
		if (!count)
			continue;

		ret = bc_dt_check_ranges(t, decl, bt->names, count) ?:
		      bc_dt_add_list(t, decl, type, bt->names, count);
		if (ret)
			return ret;
		*listed |= BIT(type);
	}

	return 0;
}

/**
 * bc_table_from_dt() - Read a boot constraint declaration.
 * @decl: the declaration, a child of /chosen/boot-constraints.
 *
 * Return: the table of the constraints @decl declares on its device, not
 * added yet, whose origin is @decl's path; or an ERR_PTR(), with the reason
 * logged in one line naming @decl, if @decl is malformed or names a
 * resource its device's node does not have.
 */
struct bc_table *bc_table_from_dt(struct device_node *decl)
{
	struct bc_table *t = ERR_PTR(-ENOMEM);
	unsigned long listed = 0;
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

	t = bc_table_declared(np, origin);
	if (IS_ERR(t))
		goto out;

	ret = bc_dt_parse(t, decl, &listed);
	t = bc_table_finish(t, ret, listed);
out:
	kfree(origin);
	return t;
}
EXPORT_SYMBOL_IF_KUNIT(bc_table_from_dt);
