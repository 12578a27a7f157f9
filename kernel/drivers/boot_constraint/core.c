// SPDX-License-Identifier: GPL-2.0
/*
 * Boot constraint core.
 *
 * The bootloader may leave devices running when it hands over to the kernel:
 * a display controller scanning out a splash screen, the console UART. Until
 * the driver of such a device probes, nothing in the kernel uses the clocks,
 * supplies and power domains the device depends on, so the first other
 * consumer of a shared resource, or the frameworks' clean-up of unused
 * resources, may turn them off or move them out of range under the device.
 *
 * A boot constraint takes the resource on the device's behalf with a boot
 * hold, a consumer handle of its own that the frameworks let stand aside for
 * the device's own consumers (clk_boot_hold(), regulator_get_boot_hold(),
 * reset_control_get_boot_hold()), and hands it over to the device's driver:
 *
 * - Through the probe, the hold keeps the resource on and its range (a rate
 *   range, a voltage request, a deasserted reset line) against the other
 *   devices, while the driver's own requests take it over as they come: its
 *   first enable, rate or voltage request, its get of the reset line. Nothing
 *   moves but what the driver asks for, so that its probe runs as it would
 *   without the hold.
 * - Once the probe has returned 0, the holds are released: the resources
 *   then follow the counts of their remaining users, the driver's included.
 *   If the driver deferred its probe or declined the device (-ENODEV,
 *   -ENXIO: the driver core tries the next matching driver), the constraint
 *   takes back what the driver's requests took over and is kept.
 *
 * A constraint whose provider is not there yet stays pending and is applied
 * as soon as its provider's device is bound to a driver, and in any case
 * before its own device's driver is called. Constraints of devices that no
 * driver has probed are released at a deadline.
 *
 * This file applies and releases the constraints of one device: the index
 * of the pending ones is in pending.c, the lines of what is rejected in
 * reject.c, their retry at a provider's bind in
 * retry.c, the adds in add.c and the driver core's probe hooks in probe.c.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/atomic.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/of.h>

#include <kunit/visibility.h>

#include "internal.h"
#include "records.h"
#include "pending.h"
#include "unseen.h"
#include "kunit.h"
#include "reject.h"
#include "absent.h"
#include "marked.h"

/**
 * bc_same_resource() - Whether two constraints hold the same resource.
 * @a: a constraint.
 * @b: another one, of the same device.
 *
 * Return: true if they are of the same type and name the same resource.
 */
bool bc_same_resource(const struct bc_constraint *a,
		      const struct bc_constraint *b)
{
	return bc_same_named(a->type, a->name, b->type, b->name);
}

/**
 * bc_find_live() - The live constraint of a device on a resource.
 * @bdev: the device's record.
 * @new: a constraint on the resource, not published.
 *
 * A table's constraint does not find an automatic one: it replaces it.
 *
 * Context: caller holds bc_lock.
 * Return: the live constraint of @bdev that holds or waits for @new's
 * resource, or NULL.
 */
struct bc_constraint *bc_find_live(struct bc_dev *bdev,
				   const struct bc_constraint *new)
{
	struct bc_constraint *c;

	bc_assert_held();

	list_for_each_entry(c, &bdev->constraints, node) {
		/* A table's constraint replaces an automatic one */
		if (c->auto_on && !new->auto_on)
			continue;
		if (bc_is_live(c) && bc_same_resource(c, new))
			return c;
	}

	return NULL;
}

/**
 * bc_set_state() - Move a constraint to a state.
 * @c: the constraint, published.
 * @state: its new state.
 *
 * A constraint that was pending leaves the pending index; its times are
 * stamped.
 *
 * Context: caller holds bc_lock.
 */
void bc_set_state(struct bc_constraint *c, enum bc_state state)
{
	bc_assert_held();

	if (c->state == BC_PENDING)
		bc_pending_del(c);

	c->state = state;
	if (state == BC_APPLIED && !c->applied_at)
		c->applied_at = ktime_get();
	else if (state == BC_RELEASED || state == BC_EXPIRED)
		c->released_at = ktime_get();
}

/**
 * bc_take() - Take a constraint's resource.
 * @c: the constraint.
 *
 * An automatic constraint takes it only if the resource is on, and one of
 * a report takes nothing.
 *
 * Context: caller holds device_lock() of the device, not bc_lock.
 * Return: 0 if taken (or, automatic, on); -ENODATA if an automatic
 * constraint found it off, with nothing taken; else the type's error,
 * -EPROBE_DEFER if its provider is not there yet.
 */
int bc_take(struct bc_constraint *c)
{
	int on;

	device_lock_assert(c->bdev->dev);

	if (!c->auto_on)
		return c->type->ops.apply(c);

	on = c->type->ops.sample(c, !c->report);

	return on > 0 ? 0 : on ?: -ENODATA;
}

/*
 * An automatic constraint found its resource off: it is left off, and the
 * constraint is taken out of its device's records at once, a device of a
 * large tree at a time; nothing shows it again, so it is not stamped
 * released. The caller frees it. Caller holds bc_lock.
 */
static void bc_forget_off(struct bc_constraint *c)
{
	bc_assert_held();

	bc_pending_del(c);
	list_del(&c->node);
	bc_count_bytes(0, bc_constraint_bytes(c));
	bc_count_auto_off();
}

/*
 * Tries to take the resource. An automatic constraint that finds it off is
 * forgotten, for the caller to free (-ENODATA). Caller holds device_lock()
 * of the device, not bc_lock.
 */
static int bc_apply(struct bc_constraint *c)
{
	unsigned long binds = bc_binds();
	struct device_node *provider;
	int ret;

	device_lock_assert(c->bdev->dev);

	/*
	 * The type reads the provider's node while an overlay's removal may
	 * let go of it (bc_pending_detach()): a reference of the attempt's own.
	 */
	scoped_guard(bc)
		provider = of_node_get((struct device_node *)c->provider);
	ret = bc_take(c);
	of_node_put(provider);

	bc_lock();
	c->attempts++;
	if (!ret)
		bc_set_state(c, BC_APPLIED);
	else if (ret == -EPROBE_DEFER)
		bc_note_absent(c, binds);
	else if (ret == -ENODATA && c->auto_on)
		bc_forget_off(c);
	bc_unlock();

	return ret;
}

/**
 * bc_release() - Give a constraint's resource back.
 * @c: the constraint.
 * @state: what it becomes: %BC_RELEASED, %BC_EXPIRED or %BC_FAILED.
 *
 * Gives the resource back, or forgets a pending constraint, and marks it
 * @state. A resource that could not be given back stays held, with the
 * error.
 *
 * Context: caller holds device_lock() of the device, not bc_lock.
 * Return: whether its owner must be told, see bc_device_settle().
 */
bool bc_release(struct bc_constraint *c, enum bc_state state)
{
	int ret = 0;

	device_lock_assert(c->bdev->dev);

	if (!bc_is_live(c))
		return false;

	if (bc_takes(c))
		ret = c->type->ops.release(c);

	scoped_guard(bc) {
		if (ret)
			c->error = ret;
		else
			bc_set_state(c, state);
	}

	if (ret) {
		dev_err(c->bdev->dev, "cannot release %s boot constraint %s, still held: %pe\n",
			c->type->name, bc_name(c), ERR_PTR(ret));
		return false;
	}

	dev_dbg(c->bdev->dev, "%s boot constraint %s %s\n", c->type->name,
		bc_name(c), bc_state_name(state));

	return true;
}

/* Runs without bc_lock: the callbacks may add constraints to other devices. */
static void bc_notify_owners(struct list_head *done)
{
	struct bc_constraint *c, *tmp;

	list_for_each_entry_safe(c, tmp, done, done_node) {
		list_del_init(&c->done_node);
		if (c->free_resources)
			c->free_resources(c->free_resources_data);
	}
}

/**
 * bc_device_settle_late() - Tell the owners, and let the device go if it is
 *	done, its reference put by the caller.
 * @bdev: the device's record.
 * @done: the constraints released, whose owners are told first.
 *
 * Once none of its constraints is live any more, the device is let go: its
 * record goes to the history, and the reference it held is the caller's to
 * put once it has unlocked the device.
 *
 * Context: caller holds device_lock() of the device, not bc_lock.
 * Return: the device if it was let go, for put_device(); else NULL.
 */
struct device *bc_device_settle_late(struct bc_dev *bdev,
				     struct list_head *done)
{
	struct bc_constraint *c;
	struct device *dev;

	device_lock_assert(bdev->dev);

	bc_notify_owners(done);

	guard(bc)();
	list_for_each_entry(c, &bdev->constraints, node) {
		if (bc_is_live(c))
			return NULL;
	}
	bc_unmark_retry_locked(bdev);
	dev = bc_device_retire(bdev, bc_unseen_has(bdev->dev));
	bc_hooks_may_quiet();

	return dev;
}

/**
 * bc_device_settle() - Tell the owners, and let the device go if it is done.
 * @bdev: the device's record.
 * @done: the constraints released, whose owners are told first.
 *
 * As bc_device_settle_late(), for a caller that holds a reference to the
 * device of its own.
 *
 * Context: caller holds device_lock() of the device, not bc_lock.
 */
void bc_device_settle(struct bc_dev *bdev, struct list_head *done)
{
	put_device(bc_device_settle_late(bdev, done));
}

static bool bc_same_batch(const struct bc_constraint *a,
			  const struct bc_constraint *b)
{
	return a == b || (a->batch == b->batch && a->batch != bc_batch_alone());
}

/*
 * Fails every constraint of @c's batch, as if none had been added: @c could
 * not be applied once its provider appeared. Caller holds device_lock() of
 * the device, not bc_lock.
 */
static void bc_fail_batch(struct bc_constraint *c, int error,
			  struct list_head *done)
{
	struct bc_dev *bdev = c->bdev;
	struct bc_constraint *m;

	device_lock_assert(bdev->dev);

	bc_reject_applied(bdev->dev, c, error);

	list_for_each_entry_reverse(m, &bdev->constraints, node) {
		if (!bc_same_batch(m, c) || !bc_release(m, BC_FAILED))
			continue;

		scoped_guard(bc)
			m->error = m == c ? error : -ECANCELED;
		list_add_tail(&m->done_node, done);
	}
}

/**
 * bc_yield_auto() - Let an automatic constraint go for a table's.
 * @c: a table's constraint.
 * @done: where the automatic constraint released goes, for its owner.
 *
 * Once @c holds its resource, an automatic constraint that held it for the
 * device meanwhile lets it go, the resource staying on.
 *
 * Context: caller holds device_lock() of the device, not bc_lock.
 */
void bc_yield_auto(struct bc_constraint *c, struct list_head *done)
{
	struct bc_constraint *a;

	device_lock_assert(c->bdev->dev);

	if (c->auto_on || !bc_holds(c))
		return;

	list_for_each_entry(a, &c->bdev->constraints, node) {
		if (a->auto_on && bc_same_resource(a, c) &&
		    bc_release(a, BC_RELEASED))
			list_add_tail(&a->done_node, done);
	}
}

/* Whether an attempt of @c could only fail, see bc_known_absent(). */
static bool bc_absent_now(struct bc_constraint *c)
{
	unsigned long binds = bc_binds();

	guard(bc)();
	return bc_known_absent(c, binds);
}

/**
 * bc_device_retry() - Retry the pending constraints of a device.
 * @bdev: the device's record.
 * @bound: the node of the device whose bind retries them, or NULL.
 * @skip_absent: whether to skip those whose attempt could only fail.
 * @done: where the constraints released go, for their owners.
 *
 * One that still waits once the device of its provider's very node, @bound,
 * is bound is retried on every bind from then on, see bc_pending_unkey().
 * One that waits for another node than @bound's is left alone: its
 * provider's bind will retry it. With @skip_absent (bc_retry_work's first
 * tries), neither is one whose attempt could only fail as another's did,
 * see bc_known_absent(): the bind of its provider, or the device's probe,
 * tries it. One that fails otherwise fails its batch.
 *
 * Context: caller holds device_lock() of the device, not bc_lock.
 */
void bc_device_retry(struct bc_dev *bdev,
		     struct device_node *bound, bool skip_absent,
		     struct list_head *done)
{
	struct bc_constraint *c, *tmp;
	int ret;

	device_lock_assert(bdev->dev);

	/* Not marked now: a mark from now on asks for a retry after this one */
	if (READ_ONCE(bdev->retry))
		bc_unmark_retry(bdev);

	list_for_each_entry_safe(c, tmp, &bdev->constraints, node) {
		if (c->state != BC_PENDING)
			continue;

		/* Its provider is not bound: an attempt could only fail */
		if (bound && c->provider && !bc_node_covers(bound, c->provider))
			continue;

		if (skip_absent && bc_absent_now(c))
			continue;

		ret = bc_apply(c);
		if (!ret)
			bc_yield_auto(c, done);
		else if (ret == -EPROBE_DEFER)
			bc_pending_unkey(c, bound);
		else if (ret == -ENODATA && c->auto_on)
			bc_constraint_destroy(c);
		else
			bc_fail_batch(c, ret, done);
	}
}

/**
 * bc_lookup() - The record of a device, if it is constrained.
 * @dev: the device.
 *
 * Its constraints stay as they are while the caller holds device_lock(dev).
 *
 * Context: caller does not hold bc_lock.
 * Return: the record, or NULL.
 */
struct bc_dev *bc_lookup(struct device *dev)
{
	if (!bc_is_constrained(dev))
		return NULL;

	guard(bc)();
	return bc_find(dev);
}

/**
 * bc_device_release() - Release the constraints of a device.
 * @bdev: the device's record.
 * @state: what they become, as for bc_release().
 *
 * Releases its live constraints, last added first, tells their owners and
 * lets the device go.
 *
 * Context: caller holds device_lock() of the device, not bc_lock.
 */
void bc_device_release(struct bc_dev *bdev,
		       enum bc_state state)
{
	struct bc_constraint *c;
	LIST_HEAD(done);

	device_lock_assert(bdev->dev);

	list_for_each_entry_reverse(c, &bdev->constraints, node) {
		if (bc_release(c, state))
			list_add_tail(&c->done_node, &done);
	}

	bc_device_settle(bdev, &done);
}

/**
 * bc_count() - Count a device's constraints in a given state.
 * @dev: the device.
 * @state: the state.
 *
 * Return: how many of @dev's constraints are in @state, those that ended
 * included while the history keeps them; for %BC_PENDING, its resources
 * recorded unseen included.
 */
unsigned int bc_count(struct device *dev, enum bc_state state)
{
	unsigned int attempts, n;

	n = bc_count_recorded(dev, state, &attempts);
	if (state == BC_PENDING) {
		guard(bc)();
		n += bc_unseen_count(dev);
	}

	return n;
}
EXPORT_SYMBOL_IF_KUNIT(bc_count);
