// SPDX-License-Identifier: GPL-2.0
/*
 * The boot constraints declared in the device tree (dt.c) and on the
 * command line (spec.c), read at boot and added to their devices.
 *
 * One device has one declaration: two declarations of one node in the tree,
 * or two boot_constraints= for it, are both rejected; a boot_constraints=
 * replaces the tree's declaration of its node (the command line is for
 * bring-up, and overrides the tree), which one line says.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/err.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/of.h>

#include <kunit/visibility.h>

#include "core.h"
#include "dt.h"
#include "kunit.h"
#include "spec.h"
#include "table.h"

/*
 * The tables added at boot, kept for the devices that do not exist yet.
 * Only initcalls add to it, one at a time.
 */
static LIST_HEAD(bc_tables);

/* Another table of @list for the node of @t, or NULL. */
static struct bc_table *bc_other(struct list_head *list,
				 struct bc_table *t)
{
	struct bc_table *o;

	list_for_each_entry(o, list, node) {
		if (o != t && o->np == t->np)
			return o;
	}

	return NULL;
}

/* Two tables of one source for one node: both are rejected. */
static void bc_reject_conflicts(struct list_head *list)
{
	struct bc_table *t, *tmp, *o;
	LIST_HEAD(rejected);

	list_for_each_entry_safe(t, tmp, list, node) {
		o = bc_other(list, t) ?: bc_other(&rejected, t);
		if (!o)
			continue;

		bc_reject(t->origin, "%s is also declared by %s: both rejected",
			  t->path, o->origin);
		list_move_tail(&t->node, &rejected);
	}

	list_for_each_entry_safe(t, tmp, &rejected, node)
		bc_table_free(t);
}

/**
 * bc_tables_read() - Read the declarations of the tree and of
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
void bc_tables_read(struct device_node *decls,
		    const char * const *specs,
				 unsigned int nr_specs,
				 struct list_head *tables)
{
	struct bc_table *t, *tmp, *o;
	struct device_node *decl;
	struct property *prop;
	LIST_HEAD(from_dt);
	LIST_HEAD(from_cmdline);
	unsigned int i;

	for (i = 0; i < nr_specs; i++) {
		t = bc_table_from_spec(specs[i]);
		if (!IS_ERR(t))
			list_add_tail(&t->node, &from_cmdline);
	}
	bc_reject_conflicts(&from_cmdline);

	/* The binding allows no property there either. */
	for (prop = decls ? decls->properties : NULL; prop; prop = prop->next) {
		if (!bc_dt_bookkeeping(prop->name)) {
			pr_err("%pOF: unknown property \"%s\", no declaration added, nothing held\n",
			       decls, prop->name);
			decls = NULL;
			break;
		}
	}

	for_each_available_child_of_node(decls, decl) {
		t = bc_table_from_dt(decl);
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
		bc_table_free(t);
	}

	list_splice_tail(&from_dt, tables);
	list_splice_tail(&from_cmdline, tables);
}
EXPORT_SYMBOL_IF_KUNIT(bc_tables_read);

/* Before of_platform_populate() creates the devices, at arch_initcall_sync. */
static int __init bc_dt_init(void)
{
	struct bc_table *t, *tmp;
	struct device_node *decls;
	const char * const *specs;
	unsigned int nr_specs;
	LIST_HEAD(tables);

	if (bc_disabled())
		return 0;

	decls = of_find_node_by_path("/chosen/boot-constraints");
	nr_specs = bc_cmdline_specs(&specs);
	bc_tables_read(decls, specs, nr_specs, &tables);
	of_node_put(decls);

	/* An add that fails says so in one line, naming the table's origin. */
	list_for_each_entry_safe(t, tmp, &tables, node) {
		list_del_init(&t->node);
		if (bc_table_add_to_device(t))
			bc_table_free(t);
		else
			list_add_tail(&t->node, &bc_tables);
	}

	return 0;
}
arch_initcall(bc_dt_init);
