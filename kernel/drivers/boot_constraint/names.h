/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How device tree nodes name their resources (names.c): what the resource
 * types, the tables and automatic constraints look a resource up by.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_NAMES_H
#define _DRIVERS_BOOT_CONSTRAINT_NAMES_H

#include <linux/types.h>

#include "core.h"

struct device_node;
struct of_phandle_args;

/**
 * struct bc_of_names - How a node names its resources of a type.
 *
 * @list: the property of their phandles ("clocks"), or NULL if each is a
 *	property of its own whose name ends in @suffix.
 * @cells: the property of a provider that gives its phandles' cells
 *	("#clock-cells").
 * @names: the property that names them, in @list's order ("clock-names").
 * @per: phandles in @list per resource: 2 for an interconnect path's ends.
 * @suffix: without @list, the end of their properties' names ("-supply").
 * @gpio: optional; the property of a GPIO that the framework takes as the
 *	node's only resource if the node has no @list ("reset-gpios"). Auto
 *	and report modes do not look it up.
 */
struct bc_of_names {
	const char *list;
	const char *cells;
	const char *names;
	unsigned int per;
	const char *suffix;
	const char *gpio;
};

unsigned int bc_of_count(struct device_node *np,
			 const struct bc_of_names *of);
int bc_of_name(struct device_node *np,
	       const struct bc_of_names *of,
			    unsigned int index, const char **name);
int bc_of_index(struct device_node *np,
		const struct bc_of_names *of,
			     const char *name);
int bc_of_spec(struct device_node *np,
	       const struct bc_of_names *of,
			    const char *name, struct of_phandle_args *spec);
struct device_node *bc_of_provider(const struct bc_constraint *c,
				   struct bc_spec *spec);

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
