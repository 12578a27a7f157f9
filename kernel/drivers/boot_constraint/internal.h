/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of the boot constraint core share, and only they: its one
 * lock, what a constraint's state says, and the life cycle of a device's
 * constraints (core.c), which they all drive. Each other file's functions
 * are declared in a header of its own, named after it: the records
 * (records.h), what waits (pending.h), the retries (retry.h). What a
 * resource type may use is in type.h; the core's types, and what the
 * tables and the tests call, in core.h.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_INTERNAL_H
#define _DRIVERS_BOOT_CONSTRAINT_INTERNAL_H

#include <linux/cleanup.h>
#include <linux/device.h>
#include <linux/of.h>
#include <linux/types.h>

#include "core.h"

struct list_head;

/*
 * The one lock of the core, with its rule in records.c: it protects the
 * records of every file of the core, and is held only around them, never
 * across a call into a framework or into a constraint's owner.
 * Lock order: device_lock(dev), then bc_lock; the OF core's of_mutex, then
 * bc_lock (detach.c).
 */
void bc_lock(void);
void bc_unlock(void);
DEFINE_LOCK_GUARD_0(bc, bc_lock(), bc_unlock())

#ifdef CONFIG_LOCKDEP
void bc_assert_held(void);
#else
static inline void bc_assert_held(void) { }
#endif

/* Whether the constraint holds its resource, or waits to. */
static inline bool bc_is_live(const struct bc_constraint *c)
{
	return c->state == BC_PENDING || c->state == BC_APPLIED ||
	       c->state == BC_HANDED_OVER;
}

/* Whether it holds its resource (perhaps because giving it back failed). */
static inline bool bc_holds(const struct bc_constraint *c)
{
	return c->state == BC_APPLIED || c->state == BC_HANDED_OVER;
}

/* Whether it took its resource: a constraint of a report takes nothing. */
static inline bool bc_takes(const struct bc_constraint *c)
{
	return bc_holds(c) && !c->report;
}

static inline const char *bc_name(const struct bc_constraint *c)
{
	return c->name ?: "(default)";
}

/*
 * The early console's device: its earlycon prints through the resources the
 * constraints hold until its driver binds, and a kernel without modules has
 * no deferred probe timeout at all, so the driver core's deadline spares it.
 */
static inline bool bc_is_console(const struct device *dev)
{
	return dev->of_node && dev->of_node == of_stdout;
}

/* core.c: a device's constraints applied, handed over and released */
bool bc_same_resource(const struct bc_constraint *a,
		      const struct bc_constraint *b);
struct bc_constraint *bc_find_live(struct bc_dev *bdev,
				   const struct bc_constraint *new);
void bc_set_state(struct bc_constraint *c, enum bc_state state);
int bc_take(struct bc_constraint *c);
bool bc_release(struct bc_constraint *c, enum bc_state state);
struct device *bc_device_settle_late(struct bc_dev *bdev,
				     struct list_head *done);
void bc_device_settle(struct bc_dev *bdev, struct list_head *done);
void bc_yield_auto(struct bc_constraint *c, struct list_head *done);
void bc_device_retry(struct bc_dev *bdev,
		     struct device_node *bound, bool skip_absent,
		     struct list_head *done);
struct bc_dev *bc_lookup(struct device *dev);
void bc_device_release(struct bc_dev *bdev,
		       enum bc_state state);

/* cmdline.c: boot_constraints.timeout=, or the driver core's deadline */
#define BC_TIMEOUT_DRIVER_CORE	-2
int bc_timeout(void);

#endif /* _DRIVERS_BOOT_CONSTRAINT_INTERNAL_H */
