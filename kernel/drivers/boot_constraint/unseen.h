/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The resources that a device's node names, recorded unseen until their
 * provider shows them on (unseen.c): what boot_constraints=auto adds for a
 * type with a peek() (auto.c, through fresh.c), tried where a pending
 * constraint is (retry.c, probe.c).
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_UNSEEN_H
#define _DRIVERS_BOOT_CONSTRAINT_UNSEEN_H

#include <linux/list.h>
#include <linux/types.h>

#include "core.h"

struct device;
struct device_node;
struct seq_file;

/**
 * struct bc_unseen - A resource a device's node names, not seen on yet.
 *
 * @by_np: entry in the table hashed on @spec.np.
 * @by_dev: entry in the table hashed on @dev.
 * @node: entry in the list of records for bc_retry_work while it is to
 *	try it, or in its taker's list once taken out of the tables.
 * @dev: the device, flagged while it has a record; no reference held: its
 *	records go before device_del() returns.
 * @type: the resource's type.
 * @bt: its type, with a peek().
 * @deadline: the deadline that drops it.
 * @name: the resource's name, a string of @dev's node, or NULL for the
 *	first of its list.
 * @spec: the node's entry, as walked, with a reference to its node held
 *	until the record is freed.
 * @tried: the bind during which it was last tried.
 */
struct bc_unseen {
	struct hlist_node by_np;
	struct hlist_node by_dev;
	struct list_head node;
	struct device *dev;
	enum dev_boot_constraint_type type;
	const struct bc_type *bt;
	struct bc_deadline *deadline;
	const char *name;
	struct bc_spec spec;
	unsigned long tried;
};

/**
 * enum bc_unseen_end - How a record taken out ends, for the counters.
 *
 * @BC_UNSEEN_DROPPED: never seen on: it went with its device, or at its
 *	deadline.
 * @BC_UNSEEN_OFF: found off.
 * @BC_UNSEEN_FOUND: found on: a constraint now, counted as one.
 */
enum bc_unseen_end {
	BC_UNSEEN_DROPPED,
	BC_UNSEEN_OFF,
	BC_UNSEEN_FOUND,
};

void bc_unseen_add(struct bc_unseen *u);
bool bc_unseen_known(const struct bc_unseen *u);
struct bc_unseen *bc_unseen_next_of(struct device *dev, struct bc_unseen *u);
struct bc_unseen *bc_unseen_next(struct bc_unseen *u);
void bc_unseen_put_back(struct list_head *again, unsigned long binds);
void bc_unseen_free(struct list_head *taken, enum bc_unseen_end end);
void bc_unseen_settle(struct device *dev);
void bc_unseen_take_device(struct device *dev, struct list_head *taken,
			   bool fresh, struct device_node *below);
bool bc_unseen_has(struct device *dev);
unsigned int bc_unseen_count(struct device *dev);
struct bc_unseen *bc_unseen_next_bound(struct device_node *np,
				       unsigned long seq);
void bc_unseen_drop(struct device *dev);
void bc_unseen_detach(struct device_node *np);
unsigned int bc_unseen_expire(const struct bc_deadline *deadline,
			      const char *name);
bool bc_unseen_show(struct seq_file *s, unsigned int part);

/* The tries of auto mode (found.c); without it, nothing is recorded unseen */
#ifdef CONFIG_DEV_BOOT_CONSTRAINT_AUTO
void bc_unseen_try(struct device *dev, struct list_head *taken,
		   struct device_node *bound);
#else
static inline void bc_unseen_try(struct device *dev, struct list_head *taken,
				 struct device_node *bound)
{
}
#endif

#endif /* _DRIVERS_BOOT_CONSTRAINT_UNSEEN_H */
