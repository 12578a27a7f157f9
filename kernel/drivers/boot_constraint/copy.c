// SPDX-License-Identifier: GPL-2.0
/*
 * The core's copy of a table's entry: what waits for the devices of a
 * table's nodes (of.c) is the copy, so that the caller may free its table,
 * or be unloaded, once its add returns. The descriptions are copied at
 * their type's size, the resources' names with kstrdup_const(). And which
 * of the nodes of its compatible an entry is for.
 */

#include <linux/boot_constraint.h>
#include <linux/build_bug.h>
#include <linux/of.h>
#include <linux/overflow.h>
#include <linux/refcount.h>
#include <linux/slab.h>
#include <linux/stddef.h>
#include <linux/string.h>

#include "core.h"
#include "copy.h"

#define BC_OF_INFO(type)							\
	{ sizeof(type) + BUILD_BUG_ON_ZERO(sizeof(type) >		\
					   sizeof(struct bc_desc)), \
	  offsetof(type, name) }

/* Each type's description: its size, in a desc, and where its name is */
static const struct {
	size_t size;
	size_t name;
} bc_of_infos[DEV_BOOT_CONSTRAINT_NR_TYPES] = {
	[DEV_BOOT_CONSTRAINT_CLK] = BC_OF_INFO(struct dev_boot_constraint_clk_info),
	[DEV_BOOT_CONSTRAINT_PM] = BC_OF_INFO(struct dev_boot_constraint_pm_info),
	[DEV_BOOT_CONSTRAINT_SUPPLY] = BC_OF_INFO(struct dev_boot_constraint_supply_info),
	[DEV_BOOT_CONSTRAINT_ICC] = BC_OF_INFO(struct dev_boot_constraint_icc_info),
	[DEV_BOOT_CONSTRAINT_RESET] = BC_OF_INFO(struct dev_boot_constraint_reset_info),
};

/* Where the copy of a description of @type keeps the resource's name */
static const char **bc_of_info_name(struct bc_desc *info,
				    enum dev_boot_constraint_type type)
{
	return (void *)info + bc_of_infos[type].name;
}

static struct dev_boot_constraint *bc_of_copy_constraints(struct bc_of_copy *copy)
{
	return (void *)&copy->infos[copy->oconst.count];
}

/**
 * bc_of_copy_put() - Drop a reference to a table entry's copy.
 * @copy: the copy, freed with its last reference; or NULL.
 */
void bc_of_copy_put(struct bc_of_copy *copy)
{
	struct dev_boot_constraint *con;
	unsigned int i;

	if (!copy || !refcount_dec_and_test(&copy->ref))
		return;

	con = bc_of_copy_constraints(copy);
	for (i = 0; i < copy->oconst.count; i++) {
		if (con[i].data)
			kfree_const(*bc_of_info_name(&copy->infos[i], con[i].type));
	}
	kfree(copy);
}

/* Copies @from; one of an unknown type without its description, refused later */
static int bc_of_copy_constraint(struct bc_of_copy *copy, unsigned int i,
				 const struct dev_boot_constraint *from)
{
	struct dev_boot_constraint *to = &bc_of_copy_constraints(copy)[i];
	const char **name;

	to->type = from->type;
	if (!from->data || (unsigned int)from->type >= DEV_BOOT_CONSTRAINT_NR_TYPES)
		return 0;

	memcpy(&copy->infos[i], from->data, bc_of_infos[from->type].size);
	name = bc_of_info_name(&copy->infos[i], from->type);
	if (*name) {
		*name = kstrdup_const(*name, GFP_KERNEL);
		if (!*name)
			return -ENOMEM;
	}
	to->data = &copy->infos[i];

	return 0;
}

/**
 * bc_of_copy_alloc() - Copy a table's entry.
 * @oconst: the entry.
 *
 * Return: the core's copy, with a reference for the caller, which drops it
 * with bc_of_copy_put(); or NULL if out of memory.
 */
struct bc_of_copy *bc_of_copy_alloc(const struct dev_boot_constraint_of *oconst)
{
	unsigned int i, n = oconst->count;
	struct bc_of_copy *copy;

	copy = kzalloc(size_add(struct_size(copy, infos, n),
				array_size(n, sizeof(struct dev_boot_constraint))),
		       GFP_KERNEL);
	if (!copy)
		return NULL;

	refcount_set(&copy->ref, 1);
	copy->oconst.count = n;
	copy->oconst.constraints = bc_of_copy_constraints(copy);
	for (i = 0; i < n; i++) {
		if (bc_of_copy_constraint(copy, i, &oconst->constraints[i])) {
			bc_of_copy_put(copy);
			return NULL;
		}
	}

	return copy;
}

/**
 * bc_of_entry_selects() - Whether a table's entry is for a node.
 * @oconst: the entry.
 * @np: a node that matches its compatible.
 *
 * Return: true if the entry names no node, or names @np's.
 */
bool bc_of_entry_selects(const struct dev_boot_constraint_of *oconst,
			 struct device_node *np)
{
	const char *name = kbasename(np->full_name);
	unsigned int i;

	if (!oconst->dev_names)
		return true;

	for (i = 0; i < oconst->dev_names_count; i++) {
		if (!strcmp(oconst->dev_names[i], name))
			return true;
	}

	return false;
}
