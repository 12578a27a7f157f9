/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The constraints of devices matched in the device tree (of.c): adding a
 * node's constraints before or after its device exists; tables' entries,
 * their copies and the nodes they name (copy.c); the buses whose devices
 * are looked up (bus.c).
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_OF_H
#define _DRIVERS_BOOT_CONSTRAINT_OF_H

#include <linux/boot_constraint.h>
#include <linux/device.h>
#include <linux/refcount.h>
#include <linux/types.h>

struct device;
struct device_node;

int bc_add_of_node(struct device_node *np,
		   const struct dev_boot_constraint_of *oconst,
				const char *origin);
void bc_of_drop_waiters(void);
unsigned int bc_of_nr_buses(void);

/*
 * A table entry's copy for the waiters of its nodes (@ref counts them, and
 * the add): the descriptions, names kstrdup_const()'d, then the constraints.
 */
struct bc_of_copy {
	refcount_t ref;
	struct dev_boot_constraint_of oconst;
	struct bc_desc infos[];
};

struct bc_of_copy *bc_of_copy_alloc(const struct dev_boot_constraint_of *oconst);
void bc_of_copy_put(struct bc_of_copy *copy);
bool bc_of_entry_selects(const struct dev_boot_constraint_of *oconst,
			 struct device_node *np);

/*
 * A device that a driver may bind, and the one device of its node: not one
 * that shares its node with its parent, which its parent's driver created
 * for a function of its own (the GPIO chip of a GPIO controller).
 */
static inline bool bc_of_is_node_device(struct device *dev, const struct device_node *np)
{
	return dev->bus && dev->of_node == np && !dev->of_node_reused &&
	       !(dev->parent && dev->parent->of_node == np);
}

struct device *bc_of_find_device(struct device_node *np);
void bc_of_scan_devices(void *data, int (*fn)(struct device *, void *));
bool bc_of_bus_probes(const struct bus_type *bus);

#endif /* _DRIVERS_BOOT_CONSTRAINT_OF_H */
