// SPDX-License-Identifier: GPL-2.0
/*
 * The records of resources not seen on yet (unseen.c) that bc_retry_work is
 * to try: those of a device being added, and every record once the
 * evidence of missing providers is stale; taken oldest first, a busy
 * device's parked until every free one has been tried, and those whose
 * provider is known to be missing (absent.c) passed over. A bind that finds
 * a record's device busy leaves it here too.
 */

#include <linux/device.h>
#include <linux/list.h>

#include "absent.h"
#include "fresh.h"
#include "internal.h"
#include "pending.h"
#include "records.h"
#include "unseen.h"

/*
 * bc_lock's (its rule in records.c), as the records are. Records whose
 * provider may be there already, for bc_retry_work; and those of them
 * whose device was found busy, parked until every free one has been tried.
 */
static LIST_HEAD(bc_unseen_fresh);
static LIST_HEAD(bc_unseen_parked);

/**
 * bc_unseen_enter() - Enter the records of a device being added.
 * @dev: the device.
 * @new: its records, allocated by their adder, which this takes: entered,
 *	or freed if their device knows their resource already or their
 *	deadline has passed.
 *
 * Those entered are marked for bc_retry_work, which passes over those whose
 * provider is known to be missing (bc_absent_known()); @dev is flagged.
 *
 * Context: caller holds bc_lock.
 * Return: true if one is entered where none was marked: while one is,
 * bc_retry_work is queued, or runs until none is; the caller queues it.
 */
bool bc_unseen_enter(struct device *dev, struct list_head *new)
{
	bool idle = list_empty(&bc_unseen_fresh);
	struct bc_unseen *u, *tmp;
	bool entered = false;
	LIST_HEAD(gone);

	bc_assert_held();

	list_for_each_entry_safe(u, tmp, new, node) {
		if (u->deadline->past || bc_unseen_known(u)) {
			list_move_tail(&u->node, &gone);
			continue;
		}

		bc_unseen_add(u);
		list_move_tail(&u->node, &bc_unseen_fresh);
		/* Flagged as it has one: the next one looks at its records */
		if (!entered)
			bc_device_flag(dev);
		entered = true;
	}
	if (!list_empty(&gone))
		bc_unseen_free(&gone, BC_UNSEEN_DROPPED);

	return entered && idle;
}

/**
 * bc_unseen_queued() - Whether a record is marked for bc_retry_work.
 *
 * Context: caller holds bc_lock.
 * Return: true if one is.
 */
bool bc_unseen_queued(void)
{
	bc_assert_held();

	return !list_empty(&bc_unseen_fresh) || !list_empty(&bc_unseen_parked);
}

/**
 * bc_unseen_park() - Leave a busy device until the free ones are tried.
 * @dev: the device, some of whose records are marked for bc_retry_work.
 *
 * Context: caller holds bc_lock.
 */
void bc_unseen_park(struct device *dev)
{
	struct bc_unseen *u;

	bc_assert_held();

	for (u = bc_unseen_next_of(dev, NULL); u;
	     u = bc_unseen_next_of(dev, u)) {
		if (!list_empty(&u->node))
			list_move_tail(&u->node, &bc_unseen_parked);
	}
}

/**
 * bc_unseen_unpark() - Mark the parked records for bc_retry_work again.
 *
 * Context: caller holds bc_lock.
 * Return: true if one was parked.
 */
bool bc_unseen_unpark(void)
{
	bc_assert_held();

	if (list_empty(&bc_unseen_parked))
		return false;

	list_splice_tail_init(&bc_unseen_parked, &bc_unseen_fresh);
	return true;
}

/**
 * bc_unseen_mark_all() - Mark every record for bc_retry_work.
 *
 * Each is read again, whether its provider is known to be missing or not:
 * the caller makes that evidence stale (bc_pending_mark_all()).
 *
 * Context: caller holds bc_lock.
 */
void bc_unseen_mark_all(void)
{
	struct bc_unseen *u;

	bc_assert_held();

	for (u = bc_unseen_next(NULL); u; u = bc_unseen_next(u)) {
		if (list_empty(&u->node))
			list_add_tail(&u->node, &bc_unseen_fresh);
	}
}

/**
 * bc_unseen_next_fresh() - The device of the first record to try.
 * @binds: the count of binds, read now.
 *
 * Those whose provider is known to be missing (bc_absent_known()) are
 * unmarked on the way: the bind of their provider, or their device's probe,
 * tries them.
 *
 * Context: caller holds bc_lock.
 * Return: the device, with a reference held, or NULL if none is marked.
 */
struct device *bc_unseen_next_fresh(unsigned long binds)
{
	struct bc_unseen *u, *tmp;

	bc_assert_held();

	list_for_each_entry_safe(u, tmp, &bc_unseen_fresh, node) {
		if (!bc_absent_known(u->spec.np, u->bt, binds))
			return get_device(u->dev);
		list_del_init(&u->node);
	}

	return NULL;
}

/**
 * bc_unseen_mark_busy() - Leave the records of a busy device to the work.
 * @dev: the device, whose lock a bind found held.
 * @seq: the bind's number.
 * @bound: the bound device's node, or NULL.
 *
 * Those whose provider is @bound or a node below it (all of them for NULL)
 * are marked for bc_retry_work, and not tried again during this bind.
 *
 * Context: caller holds bc_lock.
 */
void bc_unseen_mark_busy(struct device *dev, unsigned long seq,
			 struct device_node *bound)
{
	struct bc_unseen *u;

	bc_assert_held();

	for (u = bc_unseen_next_of(dev, NULL); u;
	     u = bc_unseen_next_of(dev, u)) {
		u->tried = seq;
		if (!bound || bc_node_covers(bound, u->spec.np))
			list_move_tail(&u->node, &bc_unseen_fresh);
	}
}
