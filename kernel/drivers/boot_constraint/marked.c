// SPDX-License-Identifier: GPL-2.0
/*
 * The devices marked for a retry of their pending constraints by
 * bc_retry_work, in the boot constraint core: marked as they are added or
 * as every pending constraint is to be tried again, taken oldest mark
 * first, and those found busy parked until every free one has been
 * retried. A device whose every attempt could only fail as another one did
 * (absent.c) is passed over.
 */

#include <linux/list.h>

#include "absent.h"
#include "internal.h"
#include "marked.h"

/*
 * bc_lock's (its rule in records.c).
 *
 * Devices marked for bc_retry_work, oldest mark first; and those of them
 * found busy, parked until every free one has been retried.
 */
static LIST_HEAD(bc_retry_list);
static LIST_HEAD(bc_retry_parked);

/**
 * bc_mark_retry() - Mark a device for bc_retry_work.
 * @bdev: the device's record.
 *
 * Context: caller holds bc_lock.
 */
void bc_mark_retry(struct bc_dev *bdev)
{
	bc_assert_held();

	WRITE_ONCE(bdev->retry, true);
	if (list_empty(&bdev->retry_node))
		list_add_tail(&bdev->retry_node, &bc_retry_list);
}

/**
 * bc_unmark_retry_locked() - Unmark a device marked for bc_retry_work.
 * @bdev: the device's record, marked or not.
 *
 * Context: caller holds bc_lock.
 */
void bc_unmark_retry_locked(struct bc_dev *bdev)
{
	bc_assert_held();

	WRITE_ONCE(bdev->retry, false);
	list_del_init(&bdev->retry_node);
}

/**
 * bc_unmark_retry() - Unmark a device, taking bc_lock.
 * @bdev: the device's record, marked or not.
 *
 * Context: caller holds no lock of the core.
 */
void bc_unmark_retry(struct bc_dev *bdev)
{
	guard(bc)();
	bc_unmark_retry_locked(bdev);
}

/**
 * bc_retry_queued() - Whether a device is marked for bc_retry_work.
 *
 * Context: caller holds bc_lock.
 * Return: true if one is.
 */
bool bc_retry_queued(void)
{
	bc_assert_held();

	return !list_empty(&bc_retry_list) || !list_empty(&bc_retry_parked);
}

/**
 * bc_retry_park() - Leave a busy device until the free ones are retried.
 * @bdev: the device's record, marked for bc_retry_work.
 *
 * Context: caller holds bc_lock.
 */
void bc_retry_park(struct bc_dev *bdev)
{
	bc_assert_held();

	list_move_tail(&bdev->retry_node, &bc_retry_parked);
}

/**
 * bc_retry_unpark() - Mark the parked devices for bc_retry_work again.
 *
 * Context: caller holds bc_lock.
 * Return: true if one was parked.
 */
bool bc_retry_unpark(void)
{
	bc_assert_held();

	if (list_empty(&bc_retry_parked))
		return false;

	list_splice_tail_init(&bc_retry_parked, &bc_retry_list);
	return true;
}

/*
 * Whether every pending constraint of @bdev could only fail as another's
 * attempt did, see bc_known_absent(). Caller holds bc_lock.
 */
static bool bc_device_absent(struct bc_dev *bdev,
			     unsigned long binds)
{
	struct bc_constraint *c;

	bc_assert_held();

	list_for_each_entry(c, &bdev->constraints, node) {
		if (c->state == BC_PENDING && !bc_known_absent(c, binds))
			return false;
	}

	return true;
}

/**
 * bc_next_to_retry() - The first device whose constraints are to be retried.
 * @binds: the count of binds, read now.
 *
 * A list of its own, as the devices being added are marked
 * one by one while hundreds of others are active. A device whose every
 * attempt could only fail is unmarked on the way, without taking its lock:
 * the bind of its provider, or its probe, tries it, as they would have
 * after a retry.
 *
 * Context: caller holds bc_lock.
 * Return: the device's record, or NULL if none is marked.
 */
struct bc_dev *bc_next_to_retry(unsigned long binds)
{
	struct bc_dev *bdev, *tmp;

	bc_assert_held();

	list_for_each_entry_safe(bdev, tmp, &bc_retry_list, retry_node) {
		if (bdev->taken_over || !bc_device_absent(bdev, binds))
			return bdev;
		bc_unmark_retry_locked(bdev);
	}

	return NULL;
}
