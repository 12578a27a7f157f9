/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Boot constraints declared in the device tree.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_DT_H
#define _DRIVERS_BOOT_CONSTRAINT_DT_H

#include <linux/types.h>

struct bc_table;
struct device_node;

bool bc_dt_bookkeeping(const char *name);
struct bc_table *bc_table_from_dt(struct device_node *decl);

#endif /* _DRIVERS_BOOT_CONSTRAINT_DT_H */
