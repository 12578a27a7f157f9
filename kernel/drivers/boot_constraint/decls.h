/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Boot constraints declared in the device tree and on the command line,
 * read together.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_DECLS_H
#define _DRIVERS_BOOT_CONSTRAINT_DECLS_H

#include <linux/list.h>

struct device_node;

void boot_constraint_tables_read(struct device_node *decls,
				 const char * const *specs,
				 unsigned int nr_specs,
				 struct list_head *tables);

#endif /* _DRIVERS_BOOT_CONSTRAINT_DECLS_H */
