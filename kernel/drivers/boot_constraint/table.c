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

#include <kunit/visibility.h>

#include "core.h"
#include "names.h"
#include "of.h"
#include "table.h"

/*
 * Every error about a table is one line: "ORIGIN: REASON, nothing held" for
 * a table with an origin, else "NODE: REASON", which this prints.
 */
static void bc_table_line(const void *path, struct va_format *why)
{
	pr_err("%s: %pV\n", (const char *)path, why);
}

/* How many resources the node names: the most a table of it can hold. */
static unsigned int bc_node_resources(struct device_node *np)
{
	const struct bc_type *bt;
	enum dev_boot_constraint_type type;
	unsigned int n = 0;

	bc_for_each_type(type, bt)
		n += bc_of_count(np, bt->names->of);

	return n;
}

/*
 * Checks that the node has a resource of that type and name, and resolves
 * an unnamed one of a list (the node's first) to its name if the node names
 * them, so that it is one resource whichever way it is given.
 */
static int bc_table_resolve(struct bc_table *t,
			    const struct bc_names *names,
			    const char **name)
{
	const char *first;
	int index;

	if (!names->of->list && !*name) {
		bc_reject_or(t->origin, bc_table_line, t->path,
			     "a %s needs its name", names->kind);
		return -EINVAL;
	}

	index = bc_of_index(t->np, names->of, *name);
	if (index < 0) {
		if (*name)
			bc_reject_or(t->origin, bc_table_line, t->path,
				     "%s has no %s \"%s\"", t->path, names->kind,
						  *name);
		else
			bc_reject_or(t->origin, bc_table_line, t->path,
				     "%s has no %s", t->path, names->kind);
		return -ENOENT;
	}

	if (!*name && !of_property_read_string_index(t->np, names->of->names, 0,
						     &first))
		*name = first;

	return 0;
}

static bool bc_table_holds(const struct bc_table *t,
			   enum dev_boot_constraint_type type, const char *name)
{
	const char *held;
	unsigned int i;

	for (i = 0; i < t->oconst.count; i++) {
		if (t->constraints[i].type != type)
			continue;
		held = t->names[i];
		if ((!held || !name) ? held == name : !strcmp(held, name))
			return true;
	}

	return false;
}

/**
 * bc_table_alloc() - Start the constraints of a node.
 * @np: the node.
 * @origin: what declares them (a declaration's node, a boot_constraints=
 *	spec), copied, for the messages; or NULL.
 *
 * Return: an empty table, or NULL if out of memory.
 */
struct bc_table *bc_table_alloc(struct device_node *np,
				const char *origin)
{
	struct bc_table *t;

	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return NULL;

	/* From here on bc_table_free() frees what is allocated. */
	INIT_LIST_HEAD(&t->node);
	/* %pOF prints nothing for the root, which boot_constraints=/ names */
	t->path = np->parent ? kasprintf(GFP_KERNEL, "%pOF", np) :
			       kstrdup("/", GFP_KERNEL);
	if (origin)
		t->origin = kstrdup(origin, GFP_KERNEL);
	if (!t->path || (origin && !t->origin))
		goto err;

	t->size = bc_node_resources(np);
	if (t->size) {
		t->constraints = kcalloc(t->size, sizeof(*t->constraints),
					 GFP_KERNEL);
		t->desc = kcalloc(t->size, sizeof(*t->desc), GFP_KERNEL);
		t->names = kcalloc(t->size, sizeof(*t->names), GFP_KERNEL);
		if (!t->constraints || !t->desc || !t->names)
			goto err;
	}

	t->np = of_node_get(np);
	t->oconst.constraints = t->constraints;

	return t;

err:
	bc_table_free(t);
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(bc_table_alloc);

/**
 * bc_table_free() - Free a table.
 * @t: the table, or NULL. The constraints added from it are not touched:
 *	the core keeps its own copy of them.
 */
void bc_table_free(struct bc_table *t)
{
	unsigned int i;

	if (!t)
		return;

	for (i = 0; i < t->oconst.count; i++)
		kfree_const(t->names[i]);
	list_del(&t->node);
	of_node_put(t->np);
	kfree(t->constraints);
	kfree(t->desc);
	kfree(t->names);
	kfree(t->origin);
	kfree(t->path);
	kfree(t);
}
EXPORT_SYMBOL_IF_KUNIT(bc_table_free);

/**
 * bc_table_count() - Number of constraints in a table.
 * @t: the table.
 *
 * Return: how many resources of its node @t holds.
 */
unsigned int bc_table_count(const struct bc_table *t)
{
	return t->oconst.count;
}
EXPORT_SYMBOL_IF_KUNIT(bc_table_count);

static int bc_table_check(struct bc_table *t,
			  const struct bc_names *names,
			  enum dev_boot_constraint_type type, const char **name,
			  unsigned long min, unsigned long max)
{
	int ret;

	ret = bc_table_resolve(t, names, name);
	if (ret)
		return ret;

	if (bc_table_holds(t, type, *name)) {
		bc_reject_or(t->origin, bc_table_line, t->path,
			     "%s %s named twice", names->kind, *name ?: "(unnamed)");
		return -EEXIST;
	}

	if (t->oconst.count == t->size) {
		bc_reject_or(t->origin, bc_table_line, t->path,
			     "more resources than %s has", t->path);
		return -E2BIG;
	}

	/* A range of rates or voltages has both bounds; a bandwidth may lack an average */
	if (min > max || max > names->range_max ||
	    (!names->range_needed && !min != !max)) {
		bc_reject_or(t->origin, bc_table_line, t->path,
			     "%s %s: invalid range %lu-%lu",
					  names->kind, *name ?: "(unnamed)", min, max);
		return -EINVAL;
	}

	if (names->range_needed && !max) {
		bc_reject_or(t->origin, bc_table_line, t->path,
			     "%s %s: holds nothing without a range",
					  names->kind, *name ?: "(unnamed)");
		return -EINVAL;
	}

	return 0;
}

/**
 * bc_table_add() - Add a constraint on a resource of the node.
 * @t: the table.
 * @type: the resource's type.
 * @name: its name in the node (NULL: the node's first of a list, which
 *	stands for its name if the node names them).
 * @min: lower bound of the range (a rate in Hz, a voltage in uV, an average
 *	bandwidth in kBps), or 0.
 * @max: upper bound (a peak bandwidth), or 0: both or neither must be set,
 *	and a type without ranges takes neither.
 *
 * Return: 0, or a negative errno with the reason logged in one line (naming
 * the table's origin) if the type is not built in, the node has no such
 * resource, names it twice, or the range is invalid.
 */
int bc_table_add(struct bc_table *t,
		 enum dev_boot_constraint_type type,
			      const char *name, unsigned long min,
			      unsigned long max)
{
	const struct bc_type *bt = bc_type(type);
	unsigned int i = t->oconst.count;
	const char *copy = NULL;
	int ret;

	if (!bt) {
		bc_reject_or(t->origin, bc_table_line, t->path,
			     "unknown kind of resource %d, or not built in", type);
		return -EOPNOTSUPP;
	}

	ret = bc_table_check(t, bt->names, type, &name, min, max);
	if (ret)
		return ret;

	if (name) {
		copy = kstrdup_const(name, GFP_KERNEL | __GFP_NOWARN);
		if (!copy) {
			bc_reject_or(t->origin, bc_table_line, t->path,
				     "out of memory");
			return -ENOMEM;
		}
	}

	bt->ops.describe(&t->desc[i], copy, min, max);
	t->names[i] = copy;
	t->constraints[i].type = type;
	t->constraints[i].data = &t->desc[i];
	t->oconst.count++;

	return 0;
}

/* Holds every resource of a type that the node names. */
static int bc_table_add_all(struct bc_table *t,
			    enum dev_boot_constraint_type type,
			    const struct bc_names *names)
{
	unsigned int i, count = bc_of_count(t->np, names->of);
	const char *name;
	int ret;

	for (i = 0; i < count; i++) {
		ret = bc_of_name(t->np, names->of, i, &name);
		/* Names for fewer resources than listed: only those */
		if (ret == -ENOENT)
			return 0;
		if (ret) {
			bc_reject_or(t->origin, bc_table_line, t->path,
				     "out of memory");
			return ret;
		}

		/* An unnamed list is held by its first resource. */
		if (!name && i)
			return 0;

		ret = bc_table_add(t, type, name, 0, 0);
		kfree(name);
		if (ret)
			return ret;
	}

	return 0;
}

/**
 * bc_table_add_unlisted() - Hold every resource of the others.
 * @t: the table.
 * @listed: the types that @t lists, as a mask of BIT(type): left alone.
 *
 * Adds every resource that the node names of each type not in @listed,
 * except the types that hold nothing without a range (a bandwidth): each
 * of the node's clocks by its clock-names, each <name>-supply, each domain
 * of its power-domain-names, each of its reset lines. Of a list without
 * names, the node's first resource is held.
 *
 * Return: 0, or a negative errno with the reason logged in one line.
 */
int bc_table_add_unlisted(struct bc_table *t,
			  unsigned long listed)
{
	const struct bc_type *bt;
	enum dev_boot_constraint_type type;
	int ret;

	bc_for_each_type(type, bt) {
		if (bt->names->range_needed || (listed & BIT(type)))
			continue;
		ret = bc_table_add_all(t, type, bt->names);
		if (ret)
			return ret;
	}

	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(bc_table_add_unlisted);

/**
 * bc_name_valid() - Check a name a declaration gives.
 * @name: a resource's name, or a node's path; not NUL-terminated.
 * @len: its length.
 *
 * A name of a resource, or a path, as a declaration of the tree or a
 * boot_constraints= spec gives it: not empty, and of visible ASCII
 * characters only (no space, no control or Latin-1 byte, which isgraph()
 * would let through).
 *
 * Return: true if @name is one.
 */
bool bc_name_valid(const char *name, size_t len)
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

/**
 * bc_table_declared() - Start the table of a declaration.
 * @np: the node of the declared device; its reference passes to the call,
 *	which drops it.
 * @origin: the declaration, as bc_table_alloc() takes it.
 *
 * Return: an empty table, freed by bc_table_finish() if
 * filling it fails; or ERR_PTR(-ENOMEM), with the rejection logged.
 */
struct bc_table *bc_table_declared(struct device_node *np,
				   const char *origin)
{
	struct bc_table *t = bc_table_alloc(np, origin);

	of_node_put(np);
	if (!t) {
		bc_reject(origin, "out of memory");
		return ERR_PTR(-ENOMEM);
	}

	return t;
}

/**
 * bc_table_finish() - Complete the table of a declaration.
 * @t: the table, from bc_table_declared().
 * @ret: what filling it with the resources the declaration lists returned.
 * @listed: the types it lists, as a mask of BIT(type).
 *
 * Unless @ret is an error, adds every resource of the types that are not
 * in @listed (bc_table_add_unlisted()); a declaration that
 * holds nothing then is rejected.
 *
 * Return: @t; or an ERR_PTR() with @t freed, if @ret is an error or
 * completing @t failed, with the reason logged in one line.
 */
struct bc_table *bc_table_finish(struct bc_table *t,
				 int ret, unsigned long listed)
{
	if (!ret)
		ret = bc_table_add_unlisted(t, listed);
	if (!ret && !t->oconst.count) {
		bc_reject(t->origin, "%s names no resource to hold", t->path);
		ret = -ENOENT;
	}
	if (!ret)
		return t;

	bc_table_free(t);
	return ERR_PTR(ret);
}

/**
 * bc_table_add_to_device() - Add a table's constraints.
 * @t: the table, which must stay valid until the node's device exists.
 *
 * Return: 0 if the constraints are added to the node's device, or will be
 * when it is created; a negative errno otherwise, with none of them added.
 */
int bc_table_add_to_device(struct bc_table *t)
{
	return bc_add_of_node(t->np, &t->oconst, t->origin);
}
EXPORT_SYMBOL_IF_KUNIT(bc_table_add_to_device);

