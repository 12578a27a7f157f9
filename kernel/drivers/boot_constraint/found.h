/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The adds of automatic mode, a chunk of resources at a time (found.c): of
 * what a new device's node names (auto.c), and of the resources recorded
 * unseen that their provider shows on, which bc_unseen_try() adds as
 * retry.c tries them.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_FOUND_H
#define _DRIVERS_BOOT_CONSTRAINT_FOUND_H

#include <linux/boot_constraint.h>
#include <linux/list.h>
#include <linux/types.h>

#include "core.h"
#include "names.h"

/*
 * The resources of a device, added a few at a time: one add, one look at
 * the device's record, and no array allocated, for most devices.
 */
#define BC_AUTO_CHUNK	BC_ADD_FEW

/*
 * @later: set once a flush has added resources pending (not @found), for
 * bc_retry_work, which the chunk's owner then schedules.
 */
struct bc_auto_chunk {
	struct bc_of_walker walker;
	struct device *dev;
	struct device_node *bound;
	enum dev_boot_constraint_type type;
	const struct bc_type *bt;
	bool found;
	bool later;
	struct list_head unseen;
	struct dev_boot_constraint_info infos[BC_AUTO_CHUNK];
	struct bc_desc desc[BC_AUTO_CHUNK];
	struct bc_spec specs[BC_AUTO_CHUNK];
	char *copies[BC_AUTO_CHUNK];
	unsigned int n;
};

void bc_auto_flush(struct bc_auto_chunk *ch);
void bc_auto_chunk_add(struct bc_auto_chunk *ch,
		       enum dev_boot_constraint_type type,
		       const struct bc_type *bt, const char *name,
		       char *copy, const struct bc_spec *spec);

#endif /* _DRIVERS_BOOT_CONSTRAINT_FOUND_H */
