/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The buses whose devices are looked up for a node's constraints (bus.c),
 * for of.c and debugfs.c.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_BUS_H
#define _DRIVERS_BOOT_CONSTRAINT_BUS_H

#include <linux/device.h>
#include <linux/types.h>

struct device_node;

unsigned int bc_of_nr_buses(void);

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

#endif /* _DRIVERS_BOOT_CONSTRAINT_BUS_H */
