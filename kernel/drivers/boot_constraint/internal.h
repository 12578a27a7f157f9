/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of the boot constraint core share, and only they: the
 * records (records.c), what waits (pending.c), the life cycle (core.c, and
 * its retries, adds and probe hooks in retry.c, add.c and probe.c), the
 * deadline (deadline.c), the command line (cmdline.c) and debugfs
 * (debugfs.c). The types, and what the resource types, the tables and the
 * tests call, are in core.h.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_INTERNAL_H
#define _DRIVERS_BOOT_CONSTRAINT_INTERNAL_H

#include <linux/atomic.h>
#include <linux/device.h>
#include <linux/hashtable.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/types.h>

#include "core.h"

/*
 * The one lock of the core, defined in records.c with its rule: it protects
 * the records of every file of the core, and is held only around them,
 * never across a call into a framework or into a constraint's owner.
 * Lock order: device_lock(dev), then bc_lock.
 */
extern struct mutex bc_lock;

/* Devices with constraints, and those whose constraints ended: bc_lock */
extern struct list_head bc_devices;
extern struct list_head bc_history;
/* The last BC_HISTORY_MAX devices whose constraints ended are kept */
#define BC_HISTORY_MAX	64

/* What the core holds and has held, for debugfs: under bc_lock */
extern unsigned int bc_nr_added;
extern unsigned int bc_nr_auto_off;
extern size_t bc_bytes, bc_bytes_peak;

/* The machine's deadline, and the batch of every automatic constraint */
extern struct boot_constraint_deadline bc_machine_deadline;
extern struct boot_constraint_batch bc_batch_alone;

/* Whether the constraint holds its resource, or waits to. */
static inline bool bc_is_live(const struct boot_constraint *c)
{
	return c->state == BC_PENDING || c->state == BC_APPLIED ||
	       c->state == BC_HANDED_OVER;
}

/* Whether it holds its resource (perhaps because giving it back failed). */
static inline bool bc_holds(const struct boot_constraint *c)
{
	return c->state == BC_APPLIED || c->state == BC_HANDED_OVER;
}

/* Whether it took its resource: a constraint of a report takes nothing. */
static inline bool bc_takes(const struct boot_constraint *c)
{
	return bc_holds(c) && !c->report;
}

static inline const char *bc_name(const struct boot_constraint *c)
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

/* records.c: the records of devices and constraints, and what they cost */
void bc_count_bytes(size_t add, size_t sub);
size_t bc_constraint_bytes(const struct boot_constraint *c);
struct boot_constraint_batch *
bc_batch_alloc(const char *origin, unsigned int n,
	       struct boot_constraint_deadline *deadline);
void bc_batch_put(struct boot_constraint_batch *batch);
struct boot_constraint *
bc_constraint_create(struct device *dev,
		     const struct dev_boot_constraint_info *info);
void bc_constraint_set_spec(struct boot_constraint *c,
			    const struct boot_constraint_spec *spec);
void bc_constraint_destroy(struct boot_constraint *c);
void bc_hooks_may_quiet(void);
void bc_deadline_open(struct boot_constraint_deadline *deadline);
void bc_deadline_close(struct boot_constraint_deadline *deadline);
struct boot_constraint_dev *bc_find(struct device *dev);

/*
 * The devices with constraints, hashed on the device (records.c). Its
 * entries are freed only after an RCU grace period once they leave it.
 */
#define BC_ACTIVE_BITS	12
extern DECLARE_HASHTABLE(bc_active, BC_ACTIVE_BITS);

bool __bc_is_constrained(struct device *dev, struct hlist_head *head);

/**
 * bc_is_constrained() - Whether a device may have constraints.
 * @dev: the device.
 *
 * A hint for the driver core's hooks, taken without bc_lock: a racing
 * removal is harmless, the hooks look again under bc_lock. Most devices
 * fall in an empty bucket and pay no call and no RCU read-side section;
 * the walk could see no more of a racing addition than the empty head.
 *
 * Return: true if @dev is in the table of devices with constraints.
 */
static inline bool bc_is_constrained(struct device *dev)
{
	struct hlist_head *head = &bc_active[hash_min((unsigned long)dev,
						      BC_ACTIVE_BITS)];

	return !hlist_empty(head) && __bc_is_constrained(dev, head);
}

struct boot_constraint_dev *bc_device_alloc(struct device *dev);
const char *bc_device_name(const struct boot_constraint_dev *bdev);
void bc_device_free(struct boot_constraint_dev *bdev);
void bc_device_activate(struct boot_constraint_dev *bdev);
struct device *bc_device_retire(struct boot_constraint_dev *bdev);

/*
 * pending.c: the constraints that wait for their provider, by its node, and
 * the devices marked for bc_retry_work; bc_binds counts every bind, for
 * the attempts that found a provider missing.
 */
extern atomic_long_t bc_binds;

void bc_mark_retry(struct boot_constraint_dev *bdev);
void bc_unmark_retry(struct boot_constraint_dev *bdev);
void bc_unmark_retry_locked(struct boot_constraint_dev *bdev);
bool bc_retry_queued(void);
struct boot_constraint_dev *bc_next_to_retry(unsigned long binds);
void bc_pending_add(struct boot_constraint *c);
void bc_pending_del(struct boot_constraint *c);
void bc_pending_unkey(struct boot_constraint *c, struct device_node *bound);
bool bc_node_covers(struct device_node *np, const struct device_node *key);
void bc_mark_absent(struct boot_constraint *c, unsigned long binds);
void bc_note_absent(struct boot_constraint *c, unsigned long binds);
bool bc_known_absent(struct boot_constraint *c, unsigned long binds);
struct boot_constraint *bc_next_pending(struct device_node *np, bool keyed,
					unsigned long seq);

/*
 * The pending index's counts, for the bind hook's hint (pending.c): the
 * constraints waiting for a node, by its bucket, how many wait for any
 * node, and those that wait for none. Written under bc_lock, read without
 * it by the inlines below.
 */
#define BC_PENDING_IN_BITS	10
#define BC_PENDING_IN_SHIFT	7
extern unsigned int bc_pending_in[1 << BC_PENDING_IN_BITS];
extern unsigned int bc_nr_keyed;
extern struct hlist_head bc_pending_any;

bool bc_may_wait_below(struct device_node *np);

/*
 * The count of @np's bucket. Device nodes lie more than 128 bytes apart:
 * their address over 128 picks their bucket.
 */
static inline unsigned int *bc_pending_count(const struct device_node *np)
{
	return &bc_pending_in[((unsigned long)np >> BC_PENDING_IN_SHIFT) &
			      (ARRAY_SIZE(bc_pending_in) - 1)];
}

/*
 * Whether a constraint may wait for @np or a node below it, without bc_lock:
 * a leaf that provides nothing costs a bind one counter.
 */
static inline bool bc_may_wait_for(struct device_node *np)
{
	if (READ_ONCE(*bc_pending_count(np)))
		return true;

	/* A hint too, that spares a leaf the lock of the tree */
	return READ_ONCE(np->child) && bc_may_wait_below(np);
}

/**
 * bc_pending_may_retry() - Whether a bind may have constraints to retry.
 * @np: the bound device's node (its parent's for a device without one), or
 *	NULL.
 * @keyed: set if a constraint may wait for @np or a node below it.
 *
 * Without bc_lock: a hint, taken after the bind was counted. A constraint
 * counted after it is retried by its add, see bc_binds. Inline, as
 * bc_is_constrained(): every bind pays it while constraints are pending.
 *
 * Return: true if a constraint may wait for @np, or waits for no node.
 */
static inline bool bc_pending_may_retry(struct device_node *np, bool *keyed)
{
	*keyed = np && READ_ONCE(bc_nr_keyed) && bc_may_wait_for(np);

	return *keyed || !hlist_empty(&bc_pending_any);
}

/* core.c: the life cycle of a device's constraints */
void bc_reject_dev(const void *dev, struct va_format *why);
void bc_reject_applied(struct device *dev, const struct boot_constraint *c,
		       int error);
bool bc_same_resource(const struct boot_constraint *a,
		      const struct boot_constraint *b);
struct boot_constraint *bc_find_live(struct boot_constraint_dev *bdev,
				     const struct boot_constraint *new);
void bc_set_state(struct boot_constraint *c, enum boot_constraint_state state);
int bc_take(struct boot_constraint *c);
bool bc_release(struct boot_constraint *c, enum boot_constraint_state state);
void bc_device_settle(struct boot_constraint_dev *bdev, struct list_head *done);
void bc_yield_auto(struct boot_constraint *c, struct list_head *done);
void bc_device_retry(struct boot_constraint_dev *bdev,
		     struct device_node *bound, bool skip_absent,
		     struct list_head *done);
struct boot_constraint_dev *bc_lookup(struct device *dev);
void bc_device_release(struct boot_constraint_dev *bdev,
		       enum boot_constraint_state state);

/* retry.c: the retries, at a provider's bind and from bc_retry_work */
void bc_device_taken_over(struct boot_constraint_dev *bdev);
void bc_retry_schedule(void);
void bc_device_mark(struct device *dev,
		    void (*mark)(struct boot_constraint_dev *bdev));

/* cmdline.c: boot_constraints.timeout=, or the driver core's deadline */
#define BC_TIMEOUT_DRIVER_CORE	-2
int boot_constraint_timeout(void);

#endif /* _DRIVERS_BOOT_CONSTRAINT_INTERNAL_H */
