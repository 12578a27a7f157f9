/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A table entry's copy for the devices of its nodes not there yet, and the
 * nodes an entry selects (copy.c), for of.c.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_COPY_H
#define _DRIVERS_BOOT_CONSTRAINT_COPY_H

#include <linux/boot_constraint.h>
#include <linux/refcount.h>
#include <linux/types.h>

#include "core.h"

struct device_node;

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

#endif /* _DRIVERS_BOOT_CONSTRAINT_COPY_H */
