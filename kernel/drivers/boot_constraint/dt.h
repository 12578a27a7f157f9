/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Boot constraints declared in the device tree, and their merge with those
 * of the command line.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_DT_H
#define _DRIVERS_BOOT_CONSTRAINT_DT_H

#include <linux/list.h>

struct boot_constraint_table;
struct device_node;

struct boot_constraint_table *boot_constraint_table_from_dt(struct device_node *decl);
void boot_constraint_tables_read(struct device_node *decls,
				 const char * const *specs,
				 unsigned int nr_specs,
				 struct list_head *tables);

#endif /* _DRIVERS_BOOT_CONSTRAINT_DT_H */
