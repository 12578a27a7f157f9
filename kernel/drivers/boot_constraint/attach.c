// SPDX-License-Identifier: GPL-2.0
/*
 * The attach of a device's new constraints, all together or not at all:
 * refused on a device that is already bound or not registered, after its
 * deadline, or on a resource named twice; their resources taken right
 * away, or left pending for a provider that is missing, or (for those
 * found as their device is added) left to a work item or to the device's
 * probe if it comes first; then published in the device's records. The
 * adds (add.c) create the constraints and call this.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/atomic.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/list.h>

#include "internal.h"
#include "records.h"
#include "pending.h"
#include "attach.h"
#include "reject.h"
#include "retry.h"
#include "absent.h"
#include "marked.h"

/* Caller holds device_lock(dev) and bc_lock. */
static bool bc_is_duplicate(struct bc_dev *bdev,
			    struct bc_constraint **cs, unsigned int i)
{
	unsigned int j;

	bc_assert_held();

	if (bdev && bc_find_live(bdev, cs[i]))
		return true;

	for (j = 0; j < i; j++) {
		if (bc_same_resource(cs[j], cs[i]))
			return true;
	}

	return false;
}

/*
 * No deadline would come to release constraints added after theirs. Checked
 * before they are taken, and again as they are published: the deadline may
 * pass meanwhile, and its walk of bc_devices would not see them. Caller
 * holds bc_lock.
 */
static int bc_check_deadline(struct device *dev,
			     const struct bc_batch *batch)
{
	bc_assert_held();

	if (!batch->deadline->past || bc_is_console(dev))
		return 0;

	bc_reject_or(batch->origin, bc_reject_dev, dev,
		     "past the deadline");
	return -ETIMEDOUT;
}

/* Caller holds device_lock(dev) and bc_lock. */
static int bc_check_attach(struct device *dev, struct bc_dev *bdev,
			   struct bc_constraint **cs, unsigned int n)
{
	const char *origin = cs[0]->batch->origin;
	unsigned int i;
	int ret;

	bc_assert_held();
	device_lock_assert(dev);

	/*
	 * device_del() releases the constraints after the device has left
	 * sysfs: one not registered yet, or being deleted, is refused here,
	 * and one deleted meanwhile is caught by bc_release_if_deleted().
	 */
	if (!device_is_registered(dev)) {
		bc_reject_or(origin, bc_reject_dev, dev,
			     "%s not registered", dev_name(dev));
		return -ENODEV;
	}

	/* Bound, not probing: the probe hook adds what it finds on */
	if (device_is_bound(dev)) {
		bc_reject_or(origin, bc_reject_dev, dev,
			     "%s already bound to %s",
					  dev_name(dev), dev->driver->name);
		return -EBUSY;
	}

	ret = bc_check_deadline(dev, cs[0]->batch);
	if (ret)
		return ret;

	for (i = 0; i < n; i++) {
		if (bc_is_duplicate(bdev, cs, i)) {
			bc_reject_or(origin, bc_reject_dev, dev,
				     "%s boot constraint %s added twice",
						  cs[i]->type->name, bc_name(cs[i]));
			return -EEXIST;
		}
	}

	return 0;
}

/*
 * Drops from @cs, and frees, the constraints whose resource @dev, of record
 * @bdev (or none), already holds or waits for. Returns how many are left,
 * at the start of @cs. Caller holds bc_lock.
 */
static unsigned int bc_drop_live(struct device *dev, struct bc_dev *bdev,
				 struct bc_constraint **cs, unsigned int n)
{
	unsigned int i, kept = 0;

	bc_assert_held();

	for (i = 0; i < n; i++) {
		if (bdev && bc_find_live(bdev, cs[i])) {
			dev_dbg(dev, "%s boot constraint %s already held\n",
				cs[i]->type->name, bc_name(cs[i]));
			bc_constraint_destroy(cs[i]);
			continue;
		}
		cs[kept++] = cs[i];
	}

	return kept;
}

/* Gives back what bc_take_all() took of @cs[0..@n). No lock held. */
static void bc_undo(struct bc_constraint **cs, unsigned int n)
{
	while (n--) {
		if (bc_takes(cs[n]) && cs[n]->type->ops.release(cs[n]))
			dev_err(cs[n]->bdev->dev, "cannot undo %s boot constraint %s\n",
				cs[n]->type->name, bc_name(cs[n]));
	}
}

/*
 * Takes the resources of @cs, all or none; a missing provider leaves a
 * deferrable constraint pending. Caller holds device_lock(), not bc_lock;
 * the constraints are not published yet.
 */
static int bc_take_all(struct bc_dev *bdev,
		       struct bc_constraint **cs, unsigned int n,
		       unsigned long binds)
{
	struct bc_constraint *c;
	unsigned int i;
	int ret;

	device_lock_assert(bdev->dev);

	for (i = 0; i < n; i++) {
		c = cs[i];
		c->bdev = bdev;
		c->attempts++;
		ret = bc_take(c);
		if (!ret) {
			c->state = BC_APPLIED;
			c->applied_at = ktime_get();
			continue;
		}

		if (ret == -EPROBE_DEFER && c->deferrable) {
			c->state = BC_PENDING;
			bc_mark_absent(c, binds);
			continue;
		}

		if (ret != -EPROBE_DEFER)
			bc_reject_applied(bdev->dev, c, ret);
		bc_undo(cs, i);
		return ret;
	}

	return 0;
}

/* Caller holds bc_lock. */
static void bc_publish(struct bc_dev *bdev,
		       struct bc_constraint **cs, unsigned int n)
{
	unsigned int i;

	bc_assert_held();

	for (i = 0; i < n; i++) {
		list_add_tail(&cs[i]->node, &bdev->constraints);
		bc_count_added(cs[i]);
		if (cs[i]->state == BC_PENDING)
			bc_pending_add(cs[i]);
	}

	if (!bdev->active)
		bc_device_activate(bdev);
}

/*
 * device_del() releases a device's constraints once the device has left
 * sysfs, and finds them without bc_lock: an add that checked the device
 * registered just before may publish it just after that look-up. The full
 * barrier pairs with the one in boot_constraints_remove(): either that
 * look-up sees the device, or the device is seen unregistered here and its
 * constraints are released at once, as device_del() would have. Caller
 * holds device_lock(dev), not bc_lock.
 */
static void bc_release_if_deleted(struct bc_dev *bdev,
				  struct list_head *done)
{
	struct bc_constraint *c;

	device_lock_assert(bdev->dev);

	/* Pairs with the barrier in boot_constraints_remove() */
	smp_mb();
	if (device_is_registered(bdev->dev))
		return;

	list_for_each_entry_reverse(c, &bdev->constraints, node) {
		if (bc_release(c, BC_RELEASED))
			list_add_tail(&c->done_node, done);
	}
}

/*
 * A provider that was bound while the constraints were taken may have
 * missed them: they were not counted yet. Retries them once they are, if a
 * device was bound meanwhile (@binds, read before they were taken, is then
 * behind): without one, a retry could only fail as the attempt did. Pairs
 * with the count of binds in boot_constraints_device_bound(). Caller
 * holds device_lock() of the device, not bc_lock; @cs are published.
 */
static void bc_attach_settle(struct bc_dev *bdev,
			     struct bc_constraint **cs, unsigned int n,
			     unsigned long binds)
{
	bool pending = false;
	unsigned int i;
	LIST_HEAD(done);

	device_lock_assert(bdev->dev);

	for (i = 0; i < n; i++) {
		pending |= cs[i]->state == BC_PENDING;
		bc_yield_auto(cs[i], &done);
	}
	/* Published, then the binds counted again: see above */
	smp_mb();
	if (pending && (bc_binds() != binds ||
			READ_ONCE(bdev->retry)))
		bc_device_retry(bdev, NULL, false, &done);

	bc_release_if_deleted(bdev, &done);
	bc_device_settle(bdev, &done);
}

/*
 * Publishes @cs, taken, unless the deadline passed meanwhile; then gives
 * back what they took. Caller holds device_lock() of the device, not
 * bc_lock.
 */
static int bc_attach_publish(struct bc_dev *bdev,
			     struct bc_constraint **cs, unsigned int n)
{
	int ret;

	device_lock_assert(bdev->dev);

	bc_lock();
	ret = bc_check_deadline(bdev->dev, cs[0]->batch);
	if (!ret)
		bc_publish(bdev, cs, n);
	bc_unlock();

	if (ret)
		bc_undo(cs, n);

	return ret;
}

/*
 * Publishes @cs pending, checked in the same section: nothing is taken in
 * between. @dev's record is allocated here if it has none. Caller holds
 * device_lock(dev) and bc_lock.
 */
static int bc_attach_later_locked(struct device *dev,
				  struct bc_constraint **cs,
				  unsigned int *nr, bool missing)
{
	struct bc_dev *bdev;
	unsigned int i, n = *nr;
	int ret;

	bc_assert_held();

	bdev = bc_find(dev);
	if (missing)
		*nr = n = bc_drop_live(dev, bdev, cs, n);
	if (!n)
		return 0;

	ret = bc_check_attach(dev, bdev, cs, n);
	if (ret)
		return ret;

	if (!bdev) {
		bdev = bc_device_alloc(dev);
		if (!bdev)
			return -ENOMEM;
	}

	for (i = 0; i < n; i++)
		cs[i]->bdev = bdev;
	bc_publish(bdev, cs, n);
	bc_mark_retry(bdev);

	return 0;
}

/*
 * Publishes @cs pending, marked for bc_retry_work, which the adder then
 * schedules, or for @dev's probe if it comes first. Caller holds
 * device_lock(dev), not bc_lock.
 */
static int bc_attach_later(struct device *dev, struct bc_constraint **cs,
			   unsigned int *nr, bool missing)
{
	device_lock_assert(dev);

	guard(bc)();
	return bc_attach_later_locked(dev, cs, nr, missing);
}

/*
 * Applies all of @cs to @dev, or none. With @missing, those whose resource
 * @dev already holds are freed first, and *@nr says how many are left. With
 * @later, they are published pending and applied by bc_retry_work, which the
 * caller's adder schedules (bc_retry_schedule()), or by the device's probe if
 * it comes first.
 * Caller holds device_lock(dev), not bc_lock; on error the caller frees the
 * *@nr left.
 */
int bc_attach(struct device *dev, struct bc_constraint **cs,
	      unsigned int *nr, bool missing, bool later)
{
	struct bc_dev *bdev;
	unsigned int n = *nr;
	unsigned long binds;
	int ret;

	device_lock_assert(dev);

	if (later)
		return bc_attach_later(dev, cs, nr, missing);

	bc_lock();
	bdev = bc_find(dev);
	if (missing)
		*nr = n = bc_drop_live(dev, bdev, cs, n);
	ret = n ? bc_check_attach(dev, bdev, cs, n) : 0;
	bc_unlock();
	if (ret || !n)
		return ret;

	if (!bdev) {
		bdev = bc_device_alloc(dev);
		if (!bdev)
			return -ENOMEM;
	}

	/* A provider counted here was bound before the attempts below */
	binds = bc_binds();
	ret = bc_take_all(bdev, cs, n, binds);
	if (!ret)
		ret = bc_attach_publish(bdev, cs, n);
	if (ret) {
		if (!bdev->active)
			bc_device_free(bdev);
		return ret;
	}

	bc_attach_settle(bdev, cs, n, binds);

	return 0;
}
