/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The constraints of devices matched in the device tree (of.c): adding a
 * node's constraints before or after its device exists, and whether an
 * early console runs.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_OF_H
#define _DRIVERS_BOOT_CONSTRAINT_OF_H

#include <linux/boot_constraint.h>
#include <linux/types.h>

struct device;
struct device_node;

int boot_constraint_add_of_node(struct device_node *np,
				const struct dev_boot_constraint_of *oconst,
				const char *origin);
void boot_constraint_of_drop_waiters(void);
unsigned int boot_constraint_of_buses(void);
bool boot_constraint_boot_console(void);

#endif /* _DRIVERS_BOOT_CONSTRAINT_OF_H */
