/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How device tree nodes name their resources (names.c): what the tables
 * and automatic constraints look a resource up by. What the resource types
 * look up, with struct bc_of_names, is in type.h.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_NAMES_H
#define _DRIVERS_BOOT_CONSTRAINT_NAMES_H

#include <linux/types.h>

#include "core.h"

struct device_node;

unsigned int bc_of_count(struct device_node *np,
			 const struct bc_of_names *of);
int bc_of_name(struct device_node *np,
	       const struct bc_of_names *of,
			    unsigned int index, const char **name);

/**
 * struct bc_of_walker - Who bc_of_walk() tells.
 *
 * @fn: called for each resource; returns 0, or an error that ends the walk.
 */
struct bc_of_walker {
	int (*fn)(struct bc_of_walker *w, const char *name,
		  size_t len, const struct bc_spec *spec);
};

int bc_of_walk(struct device_node *np,
	       const struct bc_of_names *of,
			    struct bc_of_walker *w);

#endif /* _DRIVERS_BOOT_CONSTRAINT_NAMES_H */
