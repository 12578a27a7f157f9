/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tables of boot constraints on the resources that a device tree node names.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_TABLE_H
#define _DRIVERS_BOOT_CONSTRAINT_TABLE_H

#include <linux/boot_constraint.h>
#include <linux/list.h>

#include "core.h"

struct device_node;

/**
 * struct bc_table - The constraints on one node's resources.
 *
 * @oconst: the constraints, in the form the core adds them to the node's
 *	device.
 * @np: the node, with a reference held.
 * @origin: what declares the constraints, named in the messages, or NULL.
 * @path: the full path of @np, for the messages.
 * @node: entry in a list of the table's owner, if it keeps one.
 * @constraints: the array of @oconst.
 * @desc: the description of each constraint, which @constraints point to.
 * @names: the name of each constraint's resource, allocated, or NULL.
 * @size: room in @constraints, @desc and @names: the number of resources
 *	the node names.
 */
struct bc_table {
	struct dev_boot_constraint_of oconst;
	struct device_node *np;
	char *origin;
	char *path;
	struct list_head node;
	struct dev_boot_constraint *constraints;
	struct bc_desc *desc;
	const char **names;
	unsigned int size;
};

struct bc_table *bc_table_alloc(struct device_node *np,
				const char *origin);
void bc_table_free(struct bc_table *t);
unsigned int bc_table_count(const struct bc_table *t);
int bc_table_add(struct bc_table *t,
		 enum dev_boot_constraint_type type,
			      const char *name, unsigned long min,
			      unsigned long max);
int bc_table_add_unlisted(struct bc_table *t,
			  unsigned long listed);
bool bc_name_valid(const char *name, size_t len);
struct bc_table *bc_table_declared(struct device_node *np,
				   const char *origin);
struct bc_table *bc_table_finish(struct bc_table *t,
				 int ret, unsigned long listed);
int bc_table_add_to_device(struct bc_table *t);

#endif /* _DRIVERS_BOOT_CONSTRAINT_TABLE_H */
