// SPDX-License-Identifier: GPL-2.0
/*
 * The retries of the boot constraint core: a provider's bind retries the
 * constraints that wait for it, and tries the resources recorded unseen
 * that wait for it (bc_unseen_try(), found.c), before anything else can use
 * its resources;
 * a work item retries those a bind found busy and those added as their
 * device was added, and releases those that a driver took over where it
 * could not take its device's lock.
 */

#include <linux/atomic.h>
#include <linux/device.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/workqueue.h>

#include <kunit/visibility.h>

#include "internal.h"
#include "records.h"
#include "pending.h"
#include "unseen.h"
#include "kunit.h"
#include "retry.h"
#include "marked.h"
#include "fresh.h"

/* Counts binds that retry constraints: under bc_lock */
static unsigned long bc_seq;

/**
 * bc_unseen_retry() - Try the resources of a device not seen on yet.
 * @dev: the device.
 * @fresh: only those marked for bc_retry_work; else all of them, as its
 *	driver is about to probe.
 *
 * Context: caller holds device_lock(@dev), not bc_lock.
 */
void bc_unseen_retry(struct device *dev, bool fresh)
{
	LIST_HEAD(taken);

	device_lock_assert(dev);

	scoped_guard(bc)
		bc_unseen_take_device(dev, &taken, fresh, NULL);
	if (!list_empty(&taken))
		bc_unseen_try(dev, &taken, NULL);
}

/*
 * Takes the lock of @dev, marked for a retry: at once if it is free; else,
 * unless @wait, not at all: a busy device (its probe under way,
 * asynchronous perhaps) is parked, to wait for only once every free one
 * has been retried, and the devices marked after it go first.
 */
static bool bc_retry_lock(struct device *dev, bool wait)
{
	if (wait) {
		device_lock(dev);
		return true;
	}

	return device_trylock(dev);
}

/*
 * Tries the resources recorded unseen whose provider may be there, those
 * of free devices first; waits for a busy one's lock only with @wait, once
 * nothing else is left.
 */
static void bc_retry_unseen(bool wait)
{
	struct device *dev;
	bool busy = false;

	for (;;) {
		scoped_guard(bc) {
			dev = bc_unseen_next_fresh(bc_binds());
			if (!dev && bc_unseen_unpark()) {
				busy = true;
				dev = wait ? bc_unseen_next_fresh(bc_binds()) : NULL;
			}
		}
		if (!dev)
			return;

		if (!bc_retry_lock(dev, wait && busy)) {
			scoped_guard(bc)
				bc_unseen_park(dev);
			put_device(dev);
			continue;
		}
		busy = false;
		bc_unseen_retry(dev, true);
		device_unlock(dev);
		put_device(dev);
	}
}

/*
 * The device of the next record marked for a retry, @bdev, with a reference
 * held: of the free ones first, as above. Without @wait, one whose driver
 * has taken it over is parked too: its release waits for every record to
 * be tried (see bc_device_end()), which only bc_retry_work, waiting, can
 * tell.
 */
static struct device *bc_retry_next(bool wait, bool *busy,
				    struct bc_dev **bdev)
{
	struct bc_dev *b;

	guard(bc)();
	for (;;) {
		b = bc_next_to_retry(bc_binds());
		if (!b && bc_retry_unpark()) {
			*busy = true;
			b = wait ? bc_next_to_retry(bc_binds()) : NULL;
		}
		if (!b)
			return NULL;
		if (wait || !b->taken_over)
			break;
		bc_retry_park(b);
	}
	*bdev = b;

	return get_device(b->dev);
}

/*
 * Retries, or releases, the devices marked for it: the free ones first;
 * waits for a busy one's lock only with @wait, once nothing else is left.
 */
static void bc_retry_devices(bool wait)
{
	struct bc_dev *bdev;
	struct device *dev;
	bool busy = false;
	LIST_HEAD(done);

	while ((dev = bc_retry_next(wait, &busy, &bdev))) {
		if (!bc_retry_lock(dev, wait && busy)) {
			scoped_guard(bc) {
				if (bc_find(dev) == bdev)
					bc_retry_park(bdev);
			}
			put_device(dev);
			continue;
		}
		busy = false;
		if (bc_lookup(dev) == bdev && READ_ONCE(bdev->taken_over) &&
		    !READ_ONCE(bdev->probing)) {
			bc_unmark_retry(bdev);
			bc_device_release(bdev, BC_RELEASED);
		} else if (bc_lookup(dev) == bdev && READ_ONCE(bdev->retry)) {
			bc_device_retry(bdev, NULL, true, &done);
			bc_device_settle(bdev, &done);
		} else {
			scoped_guard(bc) {
				if (bc_find(dev) == bdev)
					bc_unmark_retry_locked(bdev);
			}
		}
		device_unlock(dev);
		put_device(dev);
	}
}

/*
 * Tries the resources recorded unseen that are marked for it, then retries
 * the pending constraints of the devices marked for it: those just added
 * as their device was, and those a provider's bind found busy, whose
 * lock's holder may have let them go without a retry. Releases the
 * constraints of those whose driver has taken them over. A busy device
 * holds none of the others up: they are tried first.
 */
static void bc_retry_fn(struct work_struct *work)
{
	/* Before the releases below, as for constraints: see bc_device_end() */
	bc_retry_unseen(true);
	bc_retry_devices(true);
}

static DECLARE_WORK(bc_retry_work, bc_retry_fn);

/**
 * bc_device_taken_over() - A device's driver has taken its resources over.
 * @bdev: the device's record.
 *
 * bc_retry_work releases them under the device's lock, which the caller may
 * not take (a component bound from another device's probe, a device bound
 * by hand).
 *
 * Context: caller holds bc_lock.
 */
void bc_device_taken_over(struct bc_dev *bdev)
{
	bc_assert_held();

	WRITE_ONCE(bdev->taken_over, true);
	bc_mark_retry(bdev);
	schedule_work(&bc_retry_work);
}

/**
 * bc_device_take_over_anew() - A new probe of a device says anew.
 * @bdev: the device's record, whose driver is about to probe.
 *
 * Its driver has not taken it over: the probe says it anew. Only this file
 * writes &bc_dev.taken_over.
 *
 * Context: caller holds bc_lock.
 */
void bc_device_take_over_anew(struct bc_dev *bdev)
{
	bc_assert_held();

	WRITE_ONCE(bdev->taken_over, false);
}

/*
 * Before the frameworks' clean-ups, clk_disable_unused(),
 * genpd_power_off_unused() and the regulator core's, at late_initcall_sync:
 * every constraint whose provider is there is applied and every record not
 * seen on yet is read, whether a bind announced its provider or not, here
 * and now rather than by bc_retry_work, which may wait for a device in an
 * asynchronous probe. A busy device is left to bc_retry_work, and to its
 * probe, whose start applies its constraints.
 */
static int __init bc_retry_before_cleanups(void)
{
	scoped_guard(bc) {
		bc_pending_mark_all();
		bc_unseen_mark_all();
	}
	bc_retry_unseen(false);
	bc_retry_devices(false);
	bc_retry_schedule();

	return 0;
}
late_initcall(bc_retry_before_cleanups);

/**
 * bc_flush() - Wait for the constraints of devices added.
 *
 * Has bc_retry_work run, and returns once the constraints published as
 * their devices were added have been tried: for tests, which look at them
 * right after adding a device, or constraints pending (bc_add_auto()).
 */
void bc_flush(void)
{
	schedule_work(&bc_retry_work);
	flush_work(&bc_retry_work);
}
EXPORT_SYMBOL_IF_KUNIT(bc_flush);

/**
 * bc_retry_schedule() - Have the devices marked for it retried.
 *
 * bc_retry_work retries, or releases, the devices that bc_mark_retry()
 * marked.
 */
void bc_retry_schedule(void)
{
	schedule_work(&bc_retry_work);
}

/*
 * A driver bound to the device without the driver core's probe
 * (device_bind_driver(), as phylib binds its generic PHY driver) has taken
 * it over; a driver that probed it and takes over later has not.
 */
static void bc_device_bound(struct bc_dev *bdev)
{
	bc_assert_held();

	if (!bdev->later)
		bc_device_taken_over(bdev);
}

/*
 * Claims the device of @c for a retry of its pending constraints: marks them
 * all tried by the bind @seq, and takes the device's lock if it is free.
 * Else the lock's holder retries them before it lets the device go, or
 * bc_retry_work does. The device's lock is only tried under bc_lock, which
 * it comes before: never waited for there. Caller holds bc_lock.
 *
 * Return: the device's record, its device locked; or NULL.
 */
static struct bc_dev *bc_retry_claim(struct bc_constraint *c,
				     unsigned long seq)
{
	struct bc_dev *bdev = c->bdev;
	struct bc_constraint *m;

	bc_assert_held();

	/* One retry covers all the device's pending constraints. */
	list_for_each_entry(m, &bdev->constraints, node)
		m->tried = seq;

	if (!device_trylock(bdev->dev)) {
		bc_mark_retry(bdev);
		return NULL;
	}

	return bdev;
}

/*
 * Retries the pending constraints of @bdev, whose device bc_retry_claim()
 * locked, and lets the device go. Caller holds no lock of the core.
 */
static void bc_retry_owner(struct bc_dev *bdev, struct device_node *bound)
{
	struct device *dev = bdev->dev, *put;
	LIST_HEAD(done);

	/*
	 * The record stays the device's, and holds it, while its lock is
	 * held: the reference of a record let go is put once it is unlocked.
	 */
	bc_device_retry(bdev, bound, false, &done);
	put = bc_device_settle_late(bdev, &done);
	device_unlock(dev);
	put_device(put);
}

/*
 * Claims @dev for a try of its records not seen on yet that the bind of
 * @bound may provide for: takes them out into @taken, marked tried by the
 * bind @seq, if the device's lock is free; else marks them for
 * bc_retry_work. The lock is only tried under bc_lock, which it comes
 * before; taken, it keeps the device: device_del() takes it before it
 * drops the records. Caller holds bc_lock.
 *
 * Return: true if @dev is locked, its records in @taken.
 */
static bool bc_unseen_claim(struct device *dev, struct device_node *bound,
			    unsigned long seq, struct list_head *taken)
{
	struct bc_unseen *u;

	bc_assert_held();

	if (!device_trylock(dev)) {
		bc_unseen_mark_busy(dev, seq, bound);
		return false;
	}

	/* Those put back are not tried again during this bind */
	bc_unseen_take_device(dev, taken, false, bound);
	list_for_each_entry(u, taken, node)
		u->tried = seq;

	return true;
}

/*
 * Retries the pending constraints that the bind of @dev may provide for:
 * out of line, so that a bind that provides nothing pays no more than the
 * look at the counts. Each device is claimed under bc_lock and retried
 * without it.
 */
static noinline void bc_retry_bound(struct device *dev, struct device_node *np,
				    bool keyed)
{
	struct bc_constraint *c;
	struct bc_unseen *u;
	struct device *owner;
	struct bc_dev *bdev;
	unsigned long seq;

	bc_lock();
	seq = ++bc_seq;
	while ((c = bc_next_pending(np, keyed, seq))) {
		bdev = bc_retry_claim(c, seq);
		bc_unlock();
		if (bdev)
			bc_retry_owner(bdev, dev->of_node);
		else
			bc_retry_schedule();
		bc_lock();
	}
	while (keyed && (u = bc_unseen_next_bound(np, seq))) {
		LIST_HEAD(taken);

		owner = u->dev;
		if (!bc_unseen_claim(owner, dev->of_node, seq, &taken)) {
			bc_retry_schedule();
			continue;
		}
		bc_unlock();
		bc_unseen_try(owner, &taken, dev->of_node);
		device_unlock(owner);
		bc_lock();
	}
	bc_unlock();
}

/**
 * __boot_constraints_device_bound() - Retry the constraints it provides.
 * @dev: the device just bound to its driver, perhaps a provider.
 *
 * Called by the driver core when a device is bound, before its consumers are
 * let probe. Its resources recorded unseen go: its driver has them. A
 * device bound without a probe (device_bind_driver()) has its own
 * constraints released: its driver has taken it over. Then the
 * constraints waiting for a provider are applied before
 * anything else can use the provider's resources. Only the constraints
 * whose provider is @dev's node, or a node below it, are retried; a device
 * without a node (an MFD cell) stands for its parent's. While constraints
 * are pending, a bind costs a look at a counter per node of that subtree
 * (one for a leaf), and takes bc_lock only if one of them is not zero.
 */
void __boot_constraints_device_bound(struct device *dev)
{
	struct device_node *np;
	struct bc_dev *bdev;
	bool keyed;

	if (bc_is_constrained(dev)) {
		bc_unseen_drop(dev);
		scoped_guard(bc) {
			bdev = bc_find(dev);
			if (bdev)
				bc_device_bound(bdev);
		}
	}

	np = dev->of_node;
	if (!np && dev->parent)
		np = dev->parent->of_node;

	/*
	 * The provider's resources are registered: the bind is counted, fully
	 * ordered, before the pending constraints are looked at. Pairs with
	 * bc_attach().
	 */
	if (bc_bind_may_retry(np, &keyed))
		bc_retry_bound(dev, np, keyed);
}
