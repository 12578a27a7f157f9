// SPDX-License-Identifier: GPL-2.0
/*
 * The handover of the boot constraint core: the driver core's hooks around
 * a probe, and the calls of a driver that takes its device over after its
 * probe. Right before the probe, the pending constraints are applied and
 * all of them handed over: the boot holds stand aside for the driver's own
 * requests. Once the probe has returned 0 they are released; a deferral or
 * a decline (-ENODEV, -ENXIO) takes back what the driver's requests took
 * over, and keeps them for the next attempt.
 */

#include <linux/device.h>
#include <linux/err.h>
#include <linux/jump_label.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>

#include <kunit/visibility.h>

#include "internal.h"
#include "records.h"
#include "pending.h"
#include "unseen.h"
#include "retry.h"
#include "marked.h"
#include "fresh.h"

/*
 * The probe hook of a constrained device, see below; out of line, so that
 * the hook is a leaf for the devices without constraints.
 */
static noinline void bc_probe_start(struct device *dev)
{
	struct bc_dev *bdev;
	struct bc_constraint *c;
	bool all_live;
	LIST_HEAD(done);

	/* What is on now is held from here, as if found at its provider's bind */
	bc_unseen_retry(dev, false);

	/* Each attempt says anew whether its driver takes over later */
	scoped_guard(bc) {
		bdev = bc_find(dev);
		if (!bdev)
			return;
		bdev->probing = true;
		bdev->later = false;
		bc_device_take_over_anew(bdev);
	}

	bc_device_retry(bdev, NULL, false, &done);

	/* No framework is called: one critical section for them all */
	scoped_guard(bc) {
		all_live = list_empty(&done) && !list_empty(&bdev->constraints);
		list_for_each_entry(c, &bdev->constraints, node) {
			if (c->state == BC_APPLIED)
				bc_set_state(c, BC_HANDED_OVER);
			all_live &= bc_is_live(c);
		}
	}

	/* Nothing released, every constraint kept: nothing to settle */
	if (!all_live)
		bc_device_settle(bdev, &done);
}

/**
 * __boot_constraints_probe_start() - A device's driver is about to probe.
 * @dev: the device whose driver is about to be probed.
 *
 * Called by the driver core, with device_lock(@dev) held, right before the
 * driver's probe. Applies the constraints still pending, whose provider
 * may have appeared without a device binding (a clock provider registered
 * from an initcall, for instance). Everything stays held until
 * boot_constraints_probe_end(): the boot holds stand aside for the
 * driver's own requests, which take them over.
 */
void __boot_constraints_probe_start(struct device *dev)
{
	device_lock_assert(dev);

	if (bc_is_constrained(dev))
		bc_probe_start(dev);
}
EXPORT_SYMBOL_IF_KUNIT(__boot_constraints_probe_start);

/* Whether the driver core will try again, this driver or another one. */
static bool bc_probe_may_retry(int ret)
{
	return ret == -EPROBE_DEFER || ret == -ENODEV || ret == -ENXIO;
}

/* Asks again for what a driver that did not keep the device took over. */
static void bc_device_take_back(struct bc_dev *bdev)
{
	struct bc_constraint *c;
	int ret;

	list_for_each_entry(c, &bdev->constraints, node) {
		if (c->state != BC_HANDED_OVER)
			continue;

		ret = c->type->ops.take_back && !c->report ?
		      c->type->ops.take_back(c) : 0;
		if (ret)
			dev_warn(bdev->dev, "%s boot constraint %s: cannot take back what the driver took over: %pe\n",
				 c->type->name, bc_name(c), ERR_PTR(ret));

		scoped_guard(bc)
			bc_set_state(c, BC_APPLIED);
	}
}

/*
 * Releases the constraints of @bdev, whose driver has taken it over, after
 * those published before as their devices were added are applied: a driver that
 * creates devices (a display subsystem, an MFD) shares resources with
 * them, which its release must not let go before their constraints hold
 * them. bc_retry_work, which applies those first, releases them then.
 * Caller holds device_lock(bdev->dev).
 */
static void bc_device_end(struct bc_dev *bdev)
{
	bool queued;

	device_lock_assert(bdev->dev);

	bc_lock();
	queued = bc_retry_queued() || bc_unseen_queued();
	if (queued)
		bc_device_taken_over(bdev);
	bc_unlock();

	if (!queued)
		bc_device_release(bdev, BC_RELEASED);
}

/* The probe end hook of a constrained device, out of line as above. */
static noinline void bc_probe_end(struct device *dev, int ret)
{
	struct bc_dev *bdev;
	bool keep, ended;
	LIST_HEAD(done);

	/*
	 * Not seen on by the probe's start: the driver's own, as it left
	 * them. After a probe that succeeded they go at the bind, which a bind
	 * without a probe shares (boot_constraints_device_bound()).
	 */
	if (ret && !bc_probe_may_retry(ret))
		bc_unseen_drop(dev);

	scoped_guard(bc) {
		bdev = bc_find(dev);
		if (!bdev)
			return;
		WRITE_ONCE(bdev->probing, false);
		ended = bdev->ended;
		keep = !ret && bdev->later && !bdev->taken_over && !ended;
	}

	if (keep) {
		dev_dbg(dev, "boot constraints kept until its driver takes over\n");
		return;
	}

	/* User space ended them: a deferral does not keep them */
	if (ended || !bc_probe_may_retry(ret)) {
		bc_device_end(bdev);
		return;
	}

	bc_device_take_back(bdev);
	if (READ_ONCE(bdev->retry))
		bc_device_retry(bdev, NULL, false, &done);
	bc_device_settle(bdev, &done);
}

/**
 * __boot_constraints_probe_end() - A device's driver has probed.
 * @dev: the device.
 * @ret: what the driver's probe returned.
 *
 * Called by the driver core, with device_lock(@dev) held, once the driver's
 * probe has returned, and after a failure once the driver's managed
 * resources are released. The constraints are released: the enable counts are
 * given back, and the resources follow those of their remaining users, the
 * driver's included. A driver that said in its probe that it takes the
 * device over later, see dev_boot_constraints_take_over_later(), keeps them
 * until it says it has. If the probe is deferred, or the driver declined
 * the device (-ENODEV, -ENXIO) so that another one may bind it, what the
 * driver's requests took over is asked for again and the constraints are
 * kept, unless user space has ended them (bc_end()).
 */
void __boot_constraints_probe_end(struct device *dev, int ret)
{
	device_lock_assert(dev);

	if (bc_is_constrained(dev))
		bc_probe_end(dev, ret);
}
EXPORT_SYMBOL_IF_KUNIT(__boot_constraints_probe_end);

/*
 * Marks the record of @dev, if it has one: with @later, the driver probing
 * it takes it over after its probe (outside the probe, the probe has said
 * already: its constraints were kept, or released); else its driver has
 * taken it over. Costs a look at a flag for a device without constraints.
 */
static void bc_device_mark(struct device *dev, bool later)
{
	struct bc_dev *bdev;

	if (!static_branch_unlikely(&boot_constraints_live) ||
	    !bc_is_constrained(dev))
		return;

	guard(bc)();
	bdev = bc_find(dev);
	if (bdev && !later)
		bc_device_taken_over(bdev);
	else if (bdev && bdev->probing)
		bdev->later = true;
}

/**
 * dev_boot_constraints_take_over_later() - Keep the constraints past the probe.
 * @dev: the device, whose driver's probe is under way or has returned.
 *
 * For a driver that takes its device's resources over after its probe has
 * returned: a component, whose aggregate driver binds once every component
 * has probed (component_add() calls this); a display controller, which
 * programs the hardware at its first modeset. The constraints of @dev then
 * stay, enable counts held, past a successful probe, until the driver calls
 * dev_boot_constraints_taken_over(), the device is deleted, or the
 * deadline. There is no hook at unbind: a driver unbound before it has
 * taken over calls dev_boot_constraints_taken_over() in its remove, or the
 * constraints stay until the deadline. The driver's rates, voltages and
 * reset lines are its own from its probe on, as for any driver. Each probe
 * says it anew.
 *
 * It may be called from another device's probe, or from another thread,
 * while the probe of @dev is under way: a DSI host adds its component from
 * its host-attach callback, which the probe of its panel calls. Once that
 * probe has returned, a call does nothing: the constraints are kept if a
 * call during the probe kept them, and were released otherwise. A driver
 * that adds its component only after its probe (its panel's driver probing
 * later) calls this from its own probe as well.
 *
 * Costs a read of the device's flag for a device without constraints, and
 * nothing once no constraint is left.
 *
 * Context: process context; takes no device lock; may sleep.
 */
void dev_boot_constraints_take_over_later(struct device *dev)
{
	bc_device_mark(dev, true);
}
EXPORT_SYMBOL_GPL(dev_boot_constraints_take_over_later);

/**
 * dev_boot_constraints_taken_over() - A driver has taken its device over.
 * @dev: the device.
 *
 * Ends the constraints that dev_boot_constraints_take_over_later() kept for
 * @dev: the resources then follow the counts of their users, the driver's
 * included. They are released once no probe of @dev is under way, from a
 * work item, so that this may be called with any lock held, including
 * device_lock() of another device. Calling it for a device without
 * constraints, or twice, does nothing.
 *
 * Context: any process context; does not sleep on device_lock().
 */
void dev_boot_constraints_taken_over(struct device *dev)
{
	bc_device_mark(dev, false);
}
EXPORT_SYMBOL_GPL(dev_boot_constraints_taken_over);

/**
 * __boot_constraints_remove() - Release the constraints of a deleted device.
 * @dev: the device.
 *
 * Called by device_del() once @dev has left sysfs. Costs a read of the
 * device's flag for a device without constraints.
 */
void __boot_constraints_remove(struct device *dev)
{
	struct bc_dev *bdev;

	/* Pairs with bc_release_if_deleted() */
	smp_mb();
	if (!bc_is_constrained(dev))
		return;

	device_lock(dev);
	bc_unseen_drop(dev);
	scoped_guard(bc)
		bdev = bc_find(dev);
	if (bdev)
		bc_device_release(bdev, BC_RELEASED);
	device_unlock(dev);
}
EXPORT_SYMBOL_IF_KUNIT(__boot_constraints_remove);
