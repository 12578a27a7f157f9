/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The constraints of devices matched in the device tree (of.c): adding a
 * node's constraints before or after its device exists, for the tables;
 * dropping those that wait for a device at the deadline.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_OF_H
#define _DRIVERS_BOOT_CONSTRAINT_OF_H

struct dev_boot_constraint_of;
struct device_node;

int bc_add_of_node(struct device_node *np,
		   const struct dev_boot_constraint_of *oconst,
				const char *origin);
void bc_of_drop_waiters(void);

#endif /* _DRIVERS_BOOT_CONSTRAINT_OF_H */
