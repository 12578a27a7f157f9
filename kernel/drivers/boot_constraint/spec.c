// SPDX-License-Identifier: GPL-2.0
/*
 * Boot constraints given on the command line, for board bring-up:
 *
 *	boot_constraints=/lcd:supply=vdd@3300000-3300000
 *
 * holds the "vdd" supply of the node /lcd at 3.3 V, and every clock, power
 * domain and reset line the node names, until its device's driver probes.
 * A spec is a node's path and, for each resource it lists, its type's
 * &bc_type.name, its name in the node and its range: the same
 * as a declaration under /chosen/boot-constraints says (dt.c), checked the
 * same way against the node, and rejected whole, with one error line
 * quoting it, if it is malformed or names a resource the node lacks.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/ctype.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <kunit/visibility.h>

#include "core.h"
#include "spec.h"
#include "table.h"

static int bc_spec_type(const char *kind, enum dev_boot_constraint_type *type)
{
	const struct bc_type *bt;

	bc_for_each_type(*type, bt) {
		if (!strcmp(kind, bt->name))
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
static int bc_spec_add(struct bc_table *t, char *item,
		       unsigned long *listed)
{
	enum dev_boot_constraint_type type;
	char *name, *range;
	u32 min = 0, max = 0;
	int ret;

	if (!*item) {
		bc_reject(t->origin, "empty resource");
		return -EINVAL;
	}

	range = strchr(item, '@');
	if (range)
		*range++ = '\0';
	name = strchr(item, '=');
	if (name)
		*name++ = '\0';

	if (bc_spec_type(item, &type)) {
		bc_reject(t->origin, "unknown kind of resource \"%s\"", item);
		return -EINVAL;
	}

	if (name && !bc_name_valid(name, strlen(name))) {
		bc_reject(t->origin, "%s: empty or unprintable name", item);
		return -EINVAL;
	}

	if (name && strchr(name, '=')) {
		bc_reject(t->origin, "%s %s: more than one '='", item, name);
		return -EINVAL;
	}

	if (range) {
		ret = bc_spec_range(range, &min, &max);
		if (ret) {
			bc_reject(t->origin,
				  "%s %s: range is not MIN-MAX in decimal%s",
					       item, name ?: "(unnamed)",
					       ret == -ERANGE ? ", below 2^32" : "");
			return -EINVAL;
		}
	}

	*listed |= BIT(type);

	return bc_table_add(t, type, name, min, max);
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
 * bc_table_from_spec() - Read a boot_constraints= device.
 * @spec: "NODE-PATH[:KIND[=NAME][@MIN-MAX]]...", with KIND a type's
 *	&bc_type.name (clk, pd, supply, icc, reset) and MIN-MAX
 *	its range: a rate in Hz, a voltage in uV, an average and a peak
 *	bandwidth in kBps (decimal, below 2^32).
 *
 * Return: the table of the constraints @spec gives, not added yet, whose
 * origin is "boot_constraints=@spec"; or an ERR_PTR(), with the reason
 * logged in one line quoting @spec whole, if @spec is malformed or names a
 * resource that the node does not have.
 */
struct bc_table *bc_table_from_spec(const char *spec)
{
	struct bc_table *t = ERR_PTR(-ENOMEM);
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
		bc_reject(origin, "\"%s\" is not a node path", path);
		t = ERR_PTR(-EINVAL);
		goto out;
	}

	np = of_find_node_by_path(path);
	if (!np) {
		bc_reject(origin, "no node %s", path);
		t = ERR_PTR(-ENOENT);
		goto out;
	}

	if (!of_device_is_available(np)) {
		bc_reject(origin, "%s is disabled", path);
		of_node_put(np);
		t = ERR_PTR(-ENODEV);
		goto out;
	}

	t = bc_table_declared(np, origin);
	if (IS_ERR(t))
		goto out;

	while (!ret && (item = strsep(&rest, ":")))
		ret = bc_spec_add(t, item, &listed);
	t = bc_table_finish(t, ret, listed);
out:
	kfree(copy);
	kfree(origin);
	return t;
}
EXPORT_SYMBOL_IF_KUNIT(bc_table_from_spec);
