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
 * A boot constraint takes the resource on the device's behalf, as a consumer
 * of its own, and hands it over to the device's driver in two steps:
 *
 * - Right before the driver's probe is called, it gives up what the driver
 *   must own: a clock's rate range, a supply's voltage request, a reset line.
 *   None of them moves: the rate and the voltage stay where they are and the
 *   line stays deasserted. Only the enable counts are kept across the probe
 *   (clock prepared and enabled, supply enabled, power domain on, interconnect
 *   bandwidth), so that the driver may take its resources exclusively and set
 *   its own rate and voltage.
 * - Once the probe has returned, the enable counts are dropped: the resources
 *   then follow the counts of their remaining users, the driver's included.
 *   If the driver deferred its probe or declined the device (-ENODEV,
 *   -ENXIO: the driver core tries the next matching driver), the constraint
 *   takes back what it gave up and is kept.
 *
 * A constraint whose provider is not there yet stays pending and is applied
 * as soon as its provider's device is bound to a driver, and in any case
 * before its own device's driver is called. Constraints of devices that no
 * driver has probed are released at a deadline.
 *
 * Pending constraints cost nothing until then: they are hashed on the device
 * tree node of their provider, and a device being bound retries only those
 * of its own node and of the nodes below it (a device may register the
 * providers of its subnodes, as an MFD its regulators'). Only a constraint
 * whose device has no node naming the provider is retried on every bind.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/atomic.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/hashtable.h>
#include <linux/jump_label.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "../base/base.h"
#include "internal.h"

/*
 * The tables below are bc_lock's (internal.h, and its rule in records.c).
 *
 * Devices marked for bc_retry_work, oldest mark first.
 */
static LIST_HEAD(bc_retry_list);
/* Pending constraints, by provider node, with their count per bucket */
#define BC_PENDING_BITS	7
static DEFINE_HASHTABLE(bc_pending, BC_PENDING_BITS);
/*
 * The counts are kept in more buckets than the table has, so that the bind
 * of a node that provides nothing most often finds a zero. Device nodes lie
 * more than 128 bytes apart: their address over 128 picks their bucket.
 */
#define BC_PENDING_IN_BITS	10
#define BC_PENDING_IN_SHIFT	7
static unsigned int bc_pending_in[1 << BC_PENDING_IN_BITS];
static unsigned int bc_nr_keyed;
/* Pending constraints without a provider node */
static HLIST_HEAD(bc_pending_any);
/* Counts binds that retry constraints */
static unsigned long bc_seq;
/* Counts every bind: an add retries only if a device was bound meanwhile */
static atomic_long_t bc_binds = ATOMIC_LONG_INIT(0);

/**
 * boot_constraint_reject() - Say why the constraints of a declaration went.
 * @origin: what declared them: a node of /chosen/boot-constraints, a
 *	boot_constraints= spec.
 * @fmt: why, printf()-style.
 * @...: its arguments.
 *
 * The one line of a rejection, "ORIGIN: REASON, nothing held", whoever
 * finds it: the parser of the declaration, or the core when it cannot
 * hold what was declared.
 */
void boot_constraint_reject(const char *origin, const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	pr_err("%s: %pV, nothing held\n", origin, &vaf);
	va_end(args);
}

/*
 * The one line that says why constraints are rejected: on the device, or
 * as boot_constraint_reject() if the batch names where it comes from.
 */
static __printf(3, 4) void bc_add_err(struct device *dev, const char *origin,
				      const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	if (origin)
		boot_constraint_reject(origin, "%pV", &vaf);
	else
		dev_err(dev, "boot constraints rejected: %pV; nothing held\n", &vaf);
	va_end(args);
}

static void bc_reject_applied(struct device *dev,
			      const struct boot_constraint *c, int error)
{
	bc_add_err(dev, c->batch->origin, "cannot apply %s boot constraint %s: %pe",
		   c->ops->name, bc_name(c), ERR_PTR(error));
}

/* Marks @bdev for bc_retry_work. Caller holds bc_lock. */
static void bc_mark_retry(struct boot_constraint_dev *bdev)
{
	lockdep_assert_held(&bc_lock);

	WRITE_ONCE(bdev->retry, true);
	if (list_empty(&bdev->retry_node))
		list_add_tail(&bdev->retry_node, &bc_retry_list);
}

/* Caller holds bc_lock. */
static void bc_unmark_retry(struct boot_constraint_dev *bdev)
{
	lockdep_assert_held(&bc_lock);

	WRITE_ONCE(bdev->retry, false);
	list_del_init(&bdev->retry_node);
}

/* Caller holds no lock of the core. */
static void bc_unmark_retry_locked(struct boot_constraint_dev *bdev)
{
	mutex_lock(&bc_lock);
	bc_unmark_retry(bdev);
	mutex_unlock(&bc_lock);
}

static bool bc_same_resource(const struct boot_constraint *a,
			     const struct boot_constraint *b)
{
	if (a->ops != b->ops)
		return false;
	if (!a->name || !b->name)
		return a->name == b->name;

	return !strcmp(a->name, b->name);
}

static struct boot_constraint *bc_find_live(struct boot_constraint_dev *bdev,
					    const struct boot_constraint *new)
{
	struct boot_constraint *c;

	list_for_each_entry(c, &bdev->constraints, node) {
		/* A table's constraint replaces an automatic one */
		if (c->auto_on && !new->auto_on)
			continue;
		if (bc_is_live(c) && bc_same_resource(c, new))
			return c;
	}

	return NULL;
}

static unsigned int *bc_pending_count(const struct device_node *np)
{
	return &bc_pending_in[((unsigned long)np >> BC_PENDING_IN_SHIFT) &
			      (ARRAY_SIZE(bc_pending_in) - 1)];
}

/* Caller holds bc_lock. */
static void bc_pending_add(struct boot_constraint *c)
{
	unsigned int *count;

	lockdep_assert_held(&bc_lock);

	if (!c->provider && c->ops->provider)
		c->provider = c->ops->provider(c);
	if (!c->provider) {
		hlist_add_head(&c->pending_node, &bc_pending_any);
		return;
	}

	hash_add(bc_pending, &c->pending_node, (unsigned long)c->provider);
	count = bc_pending_count(c->provider);
	WRITE_ONCE(*count, *count + 1);
	WRITE_ONCE(bc_nr_keyed, bc_nr_keyed + 1);
}

/* Caller holds bc_lock. */
static void bc_pending_del(struct boot_constraint *c)
{
	unsigned int *count;

	lockdep_assert_held(&bc_lock);

	hlist_del_init(&c->pending_node);
	if (!c->provider)
		return;

	count = bc_pending_count(c->provider);
	WRITE_ONCE(*count, *count - 1);
	WRITE_ONCE(bc_nr_keyed, bc_nr_keyed - 1);
	c->provider = NULL;
}

/* Caller holds bc_lock. */
static void bc_set_state(struct boot_constraint *c,
			 enum boot_constraint_state state)
{
	lockdep_assert_held(&bc_lock);

	if (c->state == BC_PENDING)
		bc_pending_del(c);

	c->state = state;
	if (state == BC_APPLIED && !c->applied_at)
		c->applied_at = ktime_get();
	else if (state == BC_RELEASED || state == BC_EXPIRED)
		c->released_at = ktime_get();
}

/*
 * Records that an attempt of @c, begun when @binds devices had been bound,
 * found its provider missing. Caller holds bc_lock, or @c is not published.
 */
static void bc_mark_absent(struct boot_constraint *c, unsigned long binds)
{
	c->absent = true;
	c->absent_binds = binds;
}

/*
 * As bc_mark_absent(), for @c published: it is moved first in its bucket,
 * where the next constraint waiting for the same provider looks first,
 * past those not tried yet. Caller holds bc_lock.
 */
static void bc_note_absent(struct boot_constraint *c, unsigned long binds)
{
	lockdep_assert_held(&bc_lock);

	bc_mark_absent(c, binds);
	if (c->state != BC_PENDING || !c->provider)
		return;

	hash_del(&c->pending_node);
	hash_add(bc_pending, &c->pending_node, (unsigned long)c->provider);
}

/*
 * Whether an attempt of @c, pending and counted, could only fail as another
 * one did: a constraint of the same type waits for the same provider node,
 * its attempt found the provider missing, and no device has been bound
 * since (@binds, read now, is the count that attempt began with). A
 * provider registers what it provides before its device is bound, or that
 * of a node below it before its parent's is: a bind counted before that
 * attempt began was seen by it, and one counted after @binds sees @c and
 * retries it. @c is then marked as the other, evidence for the next one.
 * What a provider registers without any bind (from an initcall) reaches @c
 * at its device's probe, as it reaches the other. Caller holds bc_lock.
 */
static bool bc_known_absent(struct boot_constraint *c, unsigned long binds)
{
	struct boot_constraint *p;

	lockdep_assert_held(&bc_lock);

	if (c->state != BC_PENDING || !c->provider)
		return false;

	hash_for_each_possible(bc_pending, p, pending_node,
			       (unsigned long)c->provider) {
		if (p != c && p->provider == c->provider && p->ops == c->ops &&
		    p->absent && p->absent_binds == (unsigned int)binds) {
			bc_note_absent(c, binds);
			return true;
		}
	}

	return false;
}

/*
 * Takes the resource; an automatic constraint only if the resource is on,
 * else -ENODATA with nothing taken, and one of a report takes nothing.
 */
static int bc_take(struct boot_constraint *c)
{
	int on;

	if (!c->auto_on)
		return c->ops->apply(c);

	on = c->ops->sample(c, !c->report);

	return on > 0 ? 0 : on ?: -ENODATA;
}

/*
 * Tries to take the resource. Caller holds device_lock() of the device, not
 * bc_lock.
 */
static int bc_apply(struct boot_constraint *c)
{
	unsigned long binds = atomic_long_read_acquire(&bc_binds);
	int ret;

	device_lock_assert(c->bdev->dev);
	ret = bc_take(c);

	mutex_lock(&bc_lock);
	c->attempts++;
	if (!ret)
		bc_set_state(c, BC_APPLIED);
	else if (ret == -EPROBE_DEFER)
		bc_note_absent(c, binds);
	mutex_unlock(&bc_lock);

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
bool bc_release(struct boot_constraint *c, enum boot_constraint_state state)
{
	int ret = 0;

	if (!bc_is_live(c))
		return false;

	if (bc_takes(c))
		ret = c->ops->release(c);

	mutex_lock(&bc_lock);
	if (ret)
		c->error = ret;
	else
		bc_set_state(c, state);
	mutex_unlock(&bc_lock);

	if (ret) {
		dev_err(c->bdev->dev, "cannot release %s boot constraint %s, still held: %pe\n",
			c->ops->name, bc_name(c), ERR_PTR(ret));
		return false;
	}

	dev_dbg(c->bdev->dev, "%s boot constraint %s %s\n", c->ops->name,
		bc_name(c), boot_constraint_state_name(state));

	return true;
}

/* Runs without bc_lock: the callbacks may add constraints to other devices. */
static void bc_notify_owners(struct list_head *done)
{
	struct boot_constraint *c, *tmp;

	list_for_each_entry_safe(c, tmp, done, done_node) {
		list_del_init(&c->done_node);
		if (c->free_resources)
			c->free_resources(c->free_resources_data);
	}
}

/**
 * bc_device_settle() - Tell the owners, and let the device go if it is done.
 * @bdev: the device's record.
 * @done: the constraints released, whose owners are told first.
 *
 * Once none of its constraints is live any more, the device is let go: its
 * record goes to the history.
 *
 * Context: caller holds device_lock() of the device, not bc_lock.
 */
void bc_device_settle(struct boot_constraint_dev *bdev, struct list_head *done)
{
	struct boot_constraint *c;
	struct device *put = NULL;

	bc_notify_owners(done);

	mutex_lock(&bc_lock);
	list_for_each_entry(c, &bdev->constraints, node) {
		if (bc_is_live(c))
			goto out;
	}
	bc_unmark_retry(bdev);
	put = bc_device_retire(bdev);
out:
	mutex_unlock(&bc_lock);
	put_device(put);
}

static bool bc_same_batch(const struct boot_constraint *a,
			  const struct boot_constraint *b)
{
	return a == b || (a->batch == b->batch && a->batch != &bc_batch_alone);
}

/*
 * Fails every constraint of @c's batch, as if none had been added: @c could
 * not be applied once its provider appeared. Caller holds device_lock() of
 * the device, not bc_lock.
 */
static void bc_fail_batch(struct boot_constraint *c, int error,
			  struct list_head *done)
{
	struct boot_constraint_dev *bdev = c->bdev;
	struct boot_constraint *m;

	bc_reject_applied(bdev->dev, c, error);

	list_for_each_entry_reverse(m, &bdev->constraints, node) {
		if (!bc_same_batch(m, c) || !bc_release(m, BC_FAILED))
			continue;

		mutex_lock(&bc_lock);
		m->error = m == c ? error : -ECANCELED;
		mutex_unlock(&bc_lock);
		list_add_tail(&m->done_node, done);
	}
}

/* Whether @key, a provider's node, is @np or a node below it. */
static bool bc_node_covers(struct device_node *np,
			   const struct device_node *key)
{
	struct device_node *child;

	if (np == key)
		return true;

	for_each_child_of_node(np, child) {
		if (bc_node_covers(child, key)) {
			of_node_put(child);
			return true;
		}
	}

	return false;
}

/*
 * An automatic constraint found its resource off: it is left off, and the
 * constraint is freed at once, a device of a large tree at a time; nothing
 * shows it again, so it is not stamped released. Caller holds device_lock()
 * of the device, not bc_lock.
 */
static void bc_forget_off(struct boot_constraint *c)
{
	mutex_lock(&bc_lock);
	bc_pending_del(c);
	list_del(&c->node);
	bc_count_bytes(0, bc_constraint_bytes(c));
	bc_nr_auto_off++;
	mutex_unlock(&bc_lock);

	bc_constraint_destroy(c);
}

/*
 * A table's constraint @c holds its resource: an automatic one that held it
 * for the device meanwhile lets it go, the resource staying on. Caller holds
 * device_lock() of the device, not bc_lock.
 */
static void bc_yield_auto(struct boot_constraint *c, struct list_head *done)
{
	struct boot_constraint *a;

	if (c->auto_on || !bc_holds(c))
		return;

	list_for_each_entry(a, &c->bdev->constraints, node) {
		if (a->auto_on && bc_same_resource(a, c) &&
		    bc_release(a, BC_RELEASED))
			list_add_tail(&a->done_node, done);
	}
}

/* Whether an attempt of @c could only fail, see bc_known_absent(). */
static bool bc_absent_now(struct boot_constraint *c)
{
	unsigned long binds = atomic_long_read_acquire(&bc_binds);
	bool absent;

	mutex_lock(&bc_lock);
	absent = bc_known_absent(c, binds);
	mutex_unlock(&bc_lock);

	return absent;
}

/*
 * Retries the pending constraints of a device. One that still waits once the
 * device of its provider's very node, @bound, is bound gets its resource
 * from somewhere that no bind announces (the provider registers it later,
 * or waits for a supplier of its own): from then on it is retried on every
 * bind. One that waits for another node than @bound's is left alone: its
 * provider's bind will retry it. With @skip_absent (bc_retry_work's first
 * tries), neither is one whose attempt could only fail as another's did,
 * see bc_known_absent(): the bind of its provider, or the device's probe,
 * tries it. Caller holds device_lock() of the device, not bc_lock.
 */
static void bc_device_retry(struct boot_constraint_dev *bdev,
			    struct device_node *bound, bool skip_absent,
			    struct list_head *done)
{
	struct boot_constraint *c, *tmp;
	int ret;

	device_lock_assert(bdev->dev);

	/* Not marked now: a mark from now on asks for a retry after this one */
	if (READ_ONCE(bdev->retry))
		bc_unmark_retry_locked(bdev);

	list_for_each_entry_safe(c, tmp, &bdev->constraints, node) {
		if (c->state != BC_PENDING)
			continue;

		/* Its provider is not bound: an attempt could only fail */
		if (bound && c->provider && !bc_node_covers(bound, c->provider))
			continue;

		if (skip_absent && bc_absent_now(c))
			continue;

		ret = bc_apply(c);
		if (!ret) {
			bc_yield_auto(c, done);
		} else if (ret == -EPROBE_DEFER) {
			mutex_lock(&bc_lock);
			if (bound && c->provider == bound) {
				bc_pending_del(c);
				hlist_add_head(&c->pending_node, &bc_pending_any);
			}
			mutex_unlock(&bc_lock);
		} else if (ret == -ENODATA && c->auto_on) {
			bc_forget_off(c);
		} else {
			bc_fail_batch(c, ret, done);
		}
	}
}

/* Caller holds device_lock(dev) and bc_lock. */
static bool bc_is_duplicate(struct boot_constraint_dev *bdev,
			    struct boot_constraint **cs, unsigned int i)
{
	unsigned int j;

	lockdep_assert_held(&bc_lock);

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
			     const struct boot_constraint_batch *batch)
{
	lockdep_assert_held(&bc_lock);

	if (!batch->deadline->past || bc_is_console(dev))
		return 0;

	bc_add_err(dev, batch->origin, "past the deadline");
	return -ETIMEDOUT;
}

/* Caller holds device_lock(dev) and bc_lock. */
static int bc_check_attach(struct device *dev, struct boot_constraint_dev *bdev,
			   struct boot_constraint **cs, unsigned int n)
{
	const char *origin = cs[0]->batch->origin;
	unsigned int i;
	int ret;

	lockdep_assert_held(&bc_lock);
	device_lock_assert(dev);

	/*
	 * device_del() releases the constraints after the device has left
	 * sysfs: one not registered yet, or being deleted, is refused here,
	 * and one deleted meanwhile is caught by bc_release_if_deleted().
	 */
	if (!device_is_registered(dev)) {
		bc_add_err(dev, origin, "%s not registered", dev_name(dev));
		return -ENODEV;
	}

	if (dev->driver) {
		bc_add_err(dev, origin, "%s already bound to %s", dev_name(dev),
			   dev->driver->name);
		return -EBUSY;
	}

	ret = bc_check_deadline(dev, cs[0]->batch);
	if (ret)
		return ret;

	for (i = 0; i < n; i++) {
		if (bc_is_duplicate(bdev, cs, i)) {
			bc_add_err(dev, origin, "%s boot constraint %s added twice",
				   cs[i]->ops->name, bc_name(cs[i]));
			return -EEXIST;
		}
	}

	return 0;
}

/*
 * Drops from @cs, and frees, the constraints whose resource @dev already
 * holds or waits for. Returns how many are left, at the start of @cs.
 * Caller holds bc_lock.
 */
static unsigned int bc_drop_live(struct device *dev, struct boot_constraint **cs,
				 unsigned int n)
{
	struct boot_constraint_dev *bdev = bc_find(dev);
	unsigned int i, kept = 0;

	lockdep_assert_held(&bc_lock);

	for (i = 0; i < n; i++) {
		if (bdev && bc_find_live(bdev, cs[i])) {
			dev_dbg(dev, "%s boot constraint %s already held\n",
				cs[i]->ops->name, bc_name(cs[i]));
			bc_constraint_destroy(cs[i]);
			continue;
		}
		cs[kept++] = cs[i];
	}

	return kept;
}

/* Gives back what bc_take_all() took of @cs[0..@n). No lock held. */
static void bc_undo(struct boot_constraint **cs, unsigned int n)
{
	while (n--) {
		if (bc_takes(cs[n]) && cs[n]->ops->release(cs[n]))
			dev_err(cs[n]->bdev->dev, "cannot undo %s boot constraint %s\n",
				cs[n]->ops->name, bc_name(cs[n]));
	}
}

/*
 * Takes the resources of @cs, all or none; a missing provider leaves a
 * deferrable constraint pending. Caller holds device_lock(), not bc_lock;
 * the constraints are not published yet.
 */
static int bc_take_all(struct boot_constraint_dev *bdev,
		       struct boot_constraint **cs, unsigned int n,
		       unsigned long binds)
{
	struct boot_constraint *c;
	unsigned int i;
	int ret;

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
static void bc_publish(struct boot_constraint_dev *bdev,
		       struct boot_constraint **cs, unsigned int n)
{
	unsigned int i;

	lockdep_assert_held(&bc_lock);

	for (i = 0; i < n; i++) {
		list_add_tail(&cs[i]->node, &bdev->constraints);
		bc_count_bytes(bc_constraint_bytes(cs[i]), 0);
		bc_nr_added++;
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
 * barrier pairs with the one in dev_boot_constraints_remove(): either that
 * look-up sees the device, or the device is seen unregistered here and its
 * constraints are released at once, as device_del() would have. Caller
 * holds device_lock(dev), not bc_lock.
 */
static void bc_release_if_deleted(struct boot_constraint_dev *bdev,
				  struct list_head *done)
{
	struct boot_constraint *c;

	/* Pairs with the barrier in dev_boot_constraints_remove() */
	smp_mb();
	if (device_is_registered(bdev->dev))
		return;

	list_for_each_entry_reverse(c, &bdev->constraints, node) {
		if (bc_release(c, BC_RELEASED))
			list_add_tail(&c->done_node, done);
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
struct boot_constraint_dev *bc_lookup(struct device *dev)
{
	struct boot_constraint_dev *bdev;

	if (!bc_is_constrained(dev))
		return NULL;

	mutex_lock(&bc_lock);
	bdev = bc_find(dev);
	mutex_unlock(&bc_lock);

	return bdev;
}

/*
 * Whether every pending constraint of @bdev could only fail as another's
 * attempt did, see bc_known_absent(). Caller holds bc_lock.
 */
static bool bc_device_absent(struct boot_constraint_dev *bdev,
			     unsigned long binds)
{
	struct boot_constraint *c;

	lockdep_assert_held(&bc_lock);

	list_for_each_entry(c, &bdev->constraints, node) {
		if (c->state == BC_PENDING && !bc_known_absent(c, binds))
			return false;
	}

	return true;
}

/*
 * Releases the live constraints of @bdev, last added first, as @state.
 * Caller holds device_lock() of the device, not bc_lock.
 */
static void bc_device_release(struct boot_constraint_dev *bdev,
			      enum boot_constraint_state state)
{
	struct boot_constraint *c;
	LIST_HEAD(done);

	list_for_each_entry_reverse(c, &bdev->constraints, node) {
		if (bc_release(c, state))
			list_add_tail(&c->done_node, &done);
	}

	bc_device_settle(bdev, &done);
}

/*
 * The first device whose pending constraints are to be retried: a list of
 * its own, as the devices added from a bus notifier are marked one by one
 * while hundreds of others are active. A device whose every attempt could
 * only fail is unmarked on the way, without taking its lock: the bind of
 * its provider, or its probe, tries it, as they would have after a retry.
 * Caller holds bc_lock.
 */
static struct boot_constraint_dev *bc_next_to_retry(unsigned long binds)
{
	struct boot_constraint_dev *bdev, *tmp;

	lockdep_assert_held(&bc_lock);

	list_for_each_entry_safe(bdev, tmp, &bc_retry_list, retry_node) {
		if (bdev->taken_over || !bc_device_absent(bdev, binds))
			return bdev;
		bc_unmark_retry(bdev);
	}

	return NULL;
}

/*
 * Retries the pending constraints of the devices marked for it: those just
 * added from a bus notifier, and those a provider's bind found busy, whose
 * lock's holder may have let them go without a retry. Releases the
 * constraints of those whose driver has taken them over.
 */
static void bc_retry_fn(struct work_struct *work)
{
	struct boot_constraint_dev *bdev;
	unsigned long binds;
	struct device *dev;
	LIST_HEAD(done);

	for (;;) {
		binds = atomic_long_read_acquire(&bc_binds);
		mutex_lock(&bc_lock);
		bdev = bc_next_to_retry(binds);
		dev = bdev ? get_device(bdev->dev) : NULL;
		mutex_unlock(&bc_lock);
		if (!dev)
			return;

		device_lock(dev);
		if (bc_lookup(dev) == bdev && READ_ONCE(bdev->taken_over) &&
		    !READ_ONCE(bdev->probing)) {
			bc_unmark_retry_locked(bdev);
			bc_device_release(bdev, BC_RELEASED);
		} else if (bc_lookup(dev) == bdev && READ_ONCE(bdev->retry)) {
			bc_device_retry(bdev, NULL, true, &done);
			bc_device_settle(bdev, &done);
		} else {
			mutex_lock(&bc_lock);
			if (bc_find(dev) == bdev)
				bc_unmark_retry(bdev);
			mutex_unlock(&bc_lock);
		}
		device_unlock(dev);
		put_device(dev);
	}
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
void bc_device_taken_over(struct boot_constraint_dev *bdev)
{
	lockdep_assert_held(&bc_lock);

	WRITE_ONCE(bdev->taken_over, true);
	bc_mark_retry(bdev);
	schedule_work(&bc_retry_work);
}

/*
 * Releases the constraints of @bdev, whose driver has taken it over, after
 * those that bus notifiers published before are applied: a driver that
 * creates devices (a display subsystem, an MFD) shares resources with
 * them, which its release must not let go before their constraints hold
 * them. bc_retry_work, which applies those first, releases them then.
 * Caller holds device_lock(bdev->dev).
 */
static void bc_device_end(struct boot_constraint_dev *bdev)
{
	bool queued;

	mutex_lock(&bc_lock);
	queued = !list_empty(&bc_retry_list);
	if (queued)
		bc_device_taken_over(bdev);
	mutex_unlock(&bc_lock);

	if (!queued)
		bc_device_release(bdev, BC_RELEASED);
}

/**
 * boot_constraint_flush() - Wait for the constraints added from notifiers.
 *
 * Returns once the constraints published from bus notifiers so far have
 * been tried: for tests, which look at them right after adding a device.
 */
void boot_constraint_flush(void)
{
	flush_work(&bc_retry_work);
}

/*
 * A provider that was bound while the constraints were taken may have
 * missed them: they were not counted yet. Retries them once they are, if a
 * device was bound meanwhile (@binds, read before they were taken, is then
 * behind): without one, a retry could only fail as the attempt did. Pairs
 * with the count of binds in dev_boot_constraints_device_bound(). Caller
 * holds device_lock() of the device, not bc_lock; @cs are published.
 */
static void bc_attach_settle(struct boot_constraint_dev *bdev,
			     struct boot_constraint **cs, unsigned int n,
			     unsigned long binds)
{
	bool pending = false;
	unsigned int i;
	LIST_HEAD(done);

	for (i = 0; i < n; i++) {
		pending |= cs[i]->state == BC_PENDING;
		bc_yield_auto(cs[i], &done);
	}
	/* Published, then the binds counted again: see above */
	smp_mb();
	if (pending && (atomic_long_read(&bc_binds) != binds ||
			READ_ONCE(bdev->retry)))
		bc_device_retry(bdev, NULL, false, &done);

	bc_release_if_deleted(bdev, &done);
	bc_device_settle(bdev, &done);
}

/*
 * Publishes @cs, taken or (with @later) not, unless the deadline passed
 * meanwhile; then gives back what they took. With @later, marks @bdev for
 * bc_retry_work. Caller holds device_lock() of the device, not bc_lock.
 */
static int bc_attach_publish(struct boot_constraint_dev *bdev,
			     struct boot_constraint **cs, unsigned int n,
			     bool later)
{
	int ret;

	mutex_lock(&bc_lock);
	ret = bc_check_deadline(bdev->dev, cs[0]->batch);
	if (!ret) {
		bc_publish(bdev, cs, n);
		if (later)
			bc_mark_retry(bdev);
	}
	mutex_unlock(&bc_lock);

	if (ret && !later)
		bc_undo(cs, n);

	return ret;
}

/*
 * Applies all of @cs to @dev, or none. With @missing, those whose resource
 * @dev already holds are freed first, and *@nr says how many are left. With
 * @later, they are published pending and applied by bc_retry_work, or by
 * the device's probe if it comes first.
 * Caller holds device_lock(dev), not bc_lock; on error the caller frees the
 * *@nr left.
 */
static int bc_attach(struct device *dev, struct boot_constraint **cs,
		     unsigned int *nr, bool missing, bool later)
{
	struct boot_constraint_dev *bdev;
	unsigned int i, n = *nr;
	unsigned long binds;
	int ret;

	device_lock_assert(dev);

	mutex_lock(&bc_lock);
	if (missing)
		*nr = n = bc_drop_live(dev, cs, n);
	bdev = bc_find(dev);
	ret = n ? bc_check_attach(dev, bdev, cs, n) : 0;
	mutex_unlock(&bc_lock);
	if (ret || !n)
		return ret;

	if (!bdev) {
		bdev = bc_device_alloc(dev);
		if (!bdev)
			return -ENOMEM;
	}

	/* A provider counted here was bound before the attempts below */
	binds = atomic_long_read_acquire(&bc_binds);
	if (later) {
		for (i = 0; i < n; i++)
			cs[i]->bdev = bdev;
	} else {
		ret = bc_take_all(bdev, cs, n, binds);
	}
	if (!ret)
		ret = bc_attach_publish(bdev, cs, n, later);
	if (ret) {
		if (!bdev->active)
			bc_device_free(bdev);
		return ret;
	}

	if (later)
		schedule_work(&bc_retry_work);
	else
		bc_attach_settle(bdev, cs, n, binds);

	return 0;
}

static void bc_destroy_all(struct boot_constraint **cs, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		bc_constraint_destroy(cs[i]);
}

/* How bc_add_all() adds constraints */
#define BC_ADD_DEFERRABLE	BIT(0)	/* a missing provider leaves them pending */
#define BC_ADD_MISSING		BIT(1)	/* a resource already held is skipped */
#define BC_ADD_LATER		BIT(2)	/* from a bus notifier: applied later */
#define BC_ADD_AUTO		BIT(3)	/* held only if on, see bc_take() */

/**
 * struct bc_add - What bc_add_all() adds.
 *
 * @infos: the constraints.
 * @specs: their entries in the device's node as the adder read them, or
 *	NULL.
 * @deadline: what releases them if their device's driver does not take
 *	them over: the machine's, or a test's.
 * @few: room for the constraints of a small add, as most are.
 */
struct bc_add {
	const struct dev_boot_constraint_info *infos;
	const struct boot_constraint_spec *specs;
	struct boot_constraint_deadline *deadline;
	struct boot_constraint *few[BOOT_CONSTRAINT_ADD_FEW];
};

static struct boot_constraint **
bc_create_all(struct device *dev, struct bc_add *add, unsigned int n,
	      const char *origin, unsigned int flags)
{
	struct boot_constraint_batch *batch;
	struct boot_constraint **cs;
	unsigned int i;
	int ret;

	cs = n <= ARRAY_SIZE(add->few) ? add->few :
					 kcalloc(n, sizeof(*cs), GFP_KERNEL);
	if (!cs)
		return ERR_PTR(-ENOMEM);

	batch = flags & BC_ADD_AUTO ? &bc_batch_alone :
				      bc_batch_alloc(origin, n, add->deadline);
	if (!batch) {
		ret = -ENOMEM;
		goto free;
	}

	for (i = 0; i < n; i++) {
		cs[i] = bc_constraint_create(dev, &add->infos[i]);
		if (IS_ERR(cs[i])) {
			ret = PTR_ERR(cs[i]);
			goto err;
		}
		bc_constraint_set_spec(cs[i], add->specs ? &add->specs[i] : NULL);
		cs[i]->batch = batch;
		cs[i]->deferrable = flags & BC_ADD_DEFERRABLE;
		cs[i]->auto_on = flags & BC_ADD_AUTO;
		cs[i]->report = cs[i]->auto_on &&
				boot_constraint_mode() == BC_MODE_REPORT;
	}

	return cs;

err:
	/* The batch goes with its last member, or now if it has none. */
	if (batch != &bc_batch_alone)
		batch->members = i + 1;
	bc_destroy_all(cs, i);
	bc_batch_put(batch);
free:
	if (cs != add->few)
		kfree(cs);
	return ERR_PTR(ret);
}

static void bc_release_owners(const struct dev_boot_constraint_info *infos,
			      unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (infos[i].free_resources)
			infos[i].free_resources(infos[i].free_resources_data);
	}
}

static int bc_add_until(struct device *dev,
			const struct dev_boot_constraint_info *infos,
			const struct boot_constraint_spec *specs, unsigned int n,
			const char *origin, unsigned int flags,
			struct boot_constraint_deadline *deadline)
{
	struct bc_add add = {
		.infos = infos,
		.specs = specs,
		.deadline = deadline,
	};
	struct boot_constraint **cs;
	int ret;

	if (!dev || !infos || !n) {
		pr_err("%s: no %s\n", __func__, dev ? "constraint" : "device");
		return -EINVAL;
	}

	if (boot_constraints_disabled()) {
		bc_release_owners(infos, n);
		return 0;
	}

	cs = bc_create_all(dev, &add, n, origin, flags);
	if (IS_ERR(cs)) {
		if (origin)
			bc_add_err(dev, origin, "%pe", cs);
		return PTR_ERR(cs);
	}

	device_lock(dev);
	ret = bc_attach(dev, cs, &n, flags & BC_ADD_MISSING,
			flags & BC_ADD_LATER);
	device_unlock(dev);

	if (ret)
		bc_destroy_all(cs, n);
	if (cs != add.few)
		kfree(cs);

	return ret;
}

static int bc_add_all(struct device *dev,
		      const struct dev_boot_constraint_info *infos,
		      const struct boot_constraint_spec *specs,
		      unsigned int n, const char *origin, unsigned int flags)
{
	return bc_add_until(dev, infos, specs, n, origin, flags,
			    &bc_machine_deadline);
}

/**
 * boot_constraint_add_all() - Add several constraints to a device, or none.
 * @dev: the device.
 * @infos: the constraints.
 * @n: number of entries in @infos.
 * @deferrable: whether a missing provider leaves a constraint pending.
 *
 * Return: 0 if all are applied (or pending), else a negative errno with none
 * of them held. One that is pending and fails once its provider appears
 * takes the others with it.
 */
int boot_constraint_add_all(struct device *dev,
			    const struct dev_boot_constraint_info *infos,
			    unsigned int n, bool deferrable)
{
	return bc_add_all(dev, infos, NULL, n, NULL,
			  deferrable ? BC_ADD_DEFERRABLE : 0);
}

/**
 * boot_constraint_add_until() - Add constraints that a deadline of their own
 * releases.
 * @dev: the device.
 * @infos: the deferrable constraints.
 * @n: number of entries in @infos.
 * @deadline: what releases them, not the machine's: boot_constraint_pass()
 *	it before it is freed.
 *
 * For tests, which must not pass the deadline of the machine they run on.
 *
 * Return: as boot_constraint_add_all().
 */
int boot_constraint_add_until(struct device *dev,
			      const struct dev_boot_constraint_info *infos,
			      unsigned int n,
			      struct boot_constraint_deadline *deadline)
{
	return bc_add_until(dev, infos, NULL, n, NULL, BC_ADD_DEFERRABLE,
			    deadline);
}

/**
 * boot_constraint_add_missing() - Add the constraints a device lacks, or none.
 * @dev: the device.
 * @infos: the deferrable constraints, without free_resources() callbacks.
 * @n: number of entries in @infos.
 * @origin: what declared them (a declaration node, a boot_constraints=
 *	spec), or NULL. If set, an error is one line naming it.
 *
 * Two tables may describe the same resource of a device: the console's, from
 * the device tree, and its platform's. Like boot_constraint_add_all(), except
 * that a resource that @dev already holds or waits for is not an error: it is
 * held once, by the constraint that came first.
 *
 * Return: 0 if all are held (or pending), else a negative errno with none of
 * those that were missing held.
 */
int boot_constraint_add_missing(struct device *dev,
				const struct dev_boot_constraint_info *infos,
				unsigned int n,
				const char *origin)
{
	return bc_add_all(dev, infos, NULL, n, origin,
			  BC_ADD_DEFERRABLE | BC_ADD_MISSING);
}

/**
 * boot_constraint_add_in_notifier() - Add constraints from a bus notifier.
 * @dev: the device being added.
 * @infos: the deferrable constraints, without free_resources() callbacks.
 * @n: number of entries in @infos.
 * @origin: what declared them (a declaration node, a boot_constraints=
 *	spec), or NULL. If set, an error is one line naming it.
 *
 * As boot_constraint_add_missing(), except that the resources are not taken
 * here: a bus notifier must not call into the frameworks, which may add
 * devices to the same bus (a reset-gpio line does) and so take the bus's
 * notifier lock again. The constraints are published pending, and applied
 * right after by a work item, or by @dev's probe if it comes first; a batch
 * that fails then is released whole, with one error.
 *
 * Return: 0 if all are pending, else a negative errno with none of them
 * added.
 */
int boot_constraint_add_in_notifier(struct device *dev,
				    const struct dev_boot_constraint_info *infos,
				    unsigned int n,
				    const char *origin)
{
	return bc_add_all(dev, infos, NULL, n, origin,
			  BC_ADD_DEFERRABLE | BC_ADD_MISSING | BC_ADD_LATER);
}

/**
 * boot_constraint_add_auto() - Hold what a device's node names, if it is on.
 * @dev: the device being added, from a bus notifier.
 * @infos: its resources, without ranges nor free_resources() callbacks,
 *	each of a type with a sample() operation.
 * @specs: their entries in @dev's node, as its walk read them, in @infos'
 *	order; or NULL, to have them read again.
 * @n: number of entries in @infos.
 *
 * As boot_constraint_add_in_notifier(), for boot_constraints=auto and
 * report, except that each resource is its own: once its provider is there,
 * one that is on is held (or, for a report, only recorded), one that is off
 * is left off and its constraint freed, and one that cannot be looked up
 * fails alone. A resource that a table holds for @dev is skipped, and one
 * that a table adds later is handed over to the table's constraint. Named
 * twice in @infos, a resource is an error, as in a table.
 *
 * Return: 0 if all are pending, else a negative errno with none of them
 * added.
 */
int boot_constraint_add_auto(struct device *dev,
			     const struct dev_boot_constraint_info *infos,
			     const struct boot_constraint_spec *specs,
			     unsigned int n)
{
	/* Nothing would release them; a table's would be refused, loudly */
	if (READ_ONCE(bc_machine_deadline.past))
		return 0;

	return bc_add_all(dev, infos, specs, n, NULL,
			  BC_ADD_DEFERRABLE | BC_ADD_MISSING | BC_ADD_LATER |
			  BC_ADD_AUTO);
}

/**
 * dev_boot_constraint_add() - Hold a resource of a device until it probes.
 * @dev: the device, not yet bound to a driver.
 * @info: the constraint; its data is copied.
 *
 * Takes the resource that @info describes as a consumer on behalf of @dev
 * and hands it over to @dev's driver when it probes: right before the probe,
 * what the driver must own (a rate range, a voltage request, a reset line)
 * is given up without changing the resource; once the probe has returned,
 * the rest (the enable counts) is given back and @info's free_resources()
 * called. A probe that defers, or a driver that declines @dev with -ENODEV
 * or -ENXIO, keeps the constraint; so does nothing else until the deadline.
 *
 * Must not be called with device_lock(@dev) held. A constraint on a device
 * that is already bound, or not registered (not added yet, or being
 * deleted), would never be released, so it is refused; so is one added
 * after the deadline.
 *
 * Context: process context; may sleep.
 * Return: 0 on success, with the resource held; -EPROBE_DEFER if the
 * resource's provider is not registered yet; -ENODEV if @dev is not
 * registered; -EBUSY if @dev is bound; -ETIMEDOUT past the deadline;
 * -EEXIST if @dev already holds that resource; another negative errno if
 * @info is malformed or the resource cannot be taken. On error nothing is
 * held and free_resources() is not called.
 */
int dev_boot_constraint_add(struct device *dev,
			    const struct dev_boot_constraint_info *info)
{
	return boot_constraint_add_all(dev, info, 1, false);
}
EXPORT_SYMBOL_GPL(dev_boot_constraint_add);

/**
 * dev_boot_constraint_add_deferrable() - Hold a resource, once it exists.
 * @dev: the device, not yet bound to a driver.
 * @info: the constraint; its data is copied.
 *
 * Like dev_boot_constraint_add(), except that a resource whose provider is
 * not registered yet does not fail: the constraint stays pending and is
 * applied as soon as its provider is there, at the latest when @dev's driver
 * is about to probe. It is handed over like any other.
 *
 * Context: process context; may sleep.
 * Return: 0 if the constraint is applied or pending, a negative errno as for
 * dev_boot_constraint_add() otherwise.
 */
int dev_boot_constraint_add_deferrable(struct device *dev,
				       const struct dev_boot_constraint_info *info)
{
	return boot_constraint_add_all(dev, info, 1, true);
}
EXPORT_SYMBOL_GPL(dev_boot_constraint_add_deferrable);

/*
 * The probe hook of a constrained device, see below; out of line, so that
 * the hook is a leaf for the devices without constraints.
 */
static noinline void bc_probe_start(struct device *dev)
{
	struct boot_constraint_dev *bdev;
	struct boot_constraint *c;
	LIST_HEAD(done);

	bdev = bc_lookup(dev);
	if (!bdev)
		return;

	/* Each attempt says anew whether its driver takes over later */
	mutex_lock(&bc_lock);
	bdev->probing = true;
	bdev->later = false;
	WRITE_ONCE(bdev->taken_over, false);
	mutex_unlock(&bc_lock);

	bc_device_retry(bdev, NULL, false, &done);

	/* No framework is called: one critical section for them all */
	mutex_lock(&bc_lock);
	list_for_each_entry(c, &bdev->constraints, node)
		if (c->state == BC_APPLIED)
			bc_set_state(c, BC_HANDED_OVER);
	mutex_unlock(&bc_lock);

	bc_device_settle(bdev, &done);
}

/**
 * __dev_boot_constraints_probe_start() - A device's driver is about to probe.
 * @dev: the device whose driver is about to be probed.
 *
 * Called by the driver core, with device_lock(@dev) held, right before the
 * driver's probe. Applies the constraints still pending, whose provider
 * may have appeared without a device binding (a clock provider registered
 * from an initcall, for instance). Everything stays held until
 * dev_boot_constraints_probe_end(): the boot holds stand aside for the
 * driver's own requests, which take them over.
 */
void __dev_boot_constraints_probe_start(struct device *dev)
{
	if (bc_is_constrained(dev))
		bc_probe_start(dev);
}

/* Whether the driver core will try again, this driver or another one. */
static bool bc_probe_may_retry(int ret)
{
	return ret == -EPROBE_DEFER || ret == -ENODEV || ret == -ENXIO;
}

/* Asks again for what a driver that did not keep the device took over. */
static void bc_device_take_back(struct boot_constraint_dev *bdev)
{
	struct boot_constraint *c;
	int ret;

	list_for_each_entry(c, &bdev->constraints, node) {
		if (c->state != BC_HANDED_OVER)
			continue;

		ret = c->ops->take_back && !c->report ? c->ops->take_back(c) : 0;
		if (ret)
			dev_warn(bdev->dev, "%s boot constraint %s: cannot take back its range: %pe\n",
				 c->ops->name, bc_name(c), ERR_PTR(ret));

		mutex_lock(&bc_lock);
		bc_set_state(c, BC_APPLIED);
		mutex_unlock(&bc_lock);
	}
}

/* The probe end hook of a constrained device, out of line as above. */
static noinline void bc_probe_end(struct device *dev, int ret)
{
	struct boot_constraint_dev *bdev;
	bool keep;
	LIST_HEAD(done);

	bdev = bc_lookup(dev);
	if (!bdev)
		return;

	mutex_lock(&bc_lock);
	WRITE_ONCE(bdev->probing, false);
	keep = !ret && bdev->later && !bdev->taken_over;
	mutex_unlock(&bc_lock);

	if (keep) {
		dev_dbg(dev, "boot constraints kept until its driver takes over\n");
		return;
	}

	if (!bc_probe_may_retry(ret)) {
		bc_device_end(bdev);
		return;
	}

	bc_device_take_back(bdev);
	if (READ_ONCE(bdev->retry))
		bc_device_retry(bdev, NULL, false, &done);
	bc_device_settle(bdev, &done);
}

/**
 * __dev_boot_constraints_probe_end() - A device's driver has probed.
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
 * kept.
 */
void __dev_boot_constraints_probe_end(struct device *dev, int ret)
{
	if (bc_is_constrained(dev))
		bc_probe_end(dev, ret);
}

/*
 * Marks the record of @dev, if it has one, with @mark under bc_lock. Costs
 * one hash lookup for a device without constraints.
 */
static void bc_device_mark(struct device *dev,
			   void (*mark)(struct boot_constraint_dev *bdev))
{
	struct boot_constraint_dev *bdev;

	if (!bc_is_constrained(dev))
		return;

	guard(mutex)(&bc_lock);
	bdev = bc_find(dev);
	if (bdev)
		mark(bdev);
}

/* The driver probing the device takes it over after its probe. */
static void bc_device_later(struct boot_constraint_dev *bdev)
{
	lockdep_assert_held(&bc_lock);

	if (bdev->probing)
		bdev->later = true;
}

/*
 * A driver bound to the device without the driver core's probe
 * (device_bind_driver(), as phylib binds its generic PHY driver) has taken
 * it over; a driver that probed it and takes over later has not.
 */
static void bc_device_bound(struct boot_constraint_dev *bdev)
{
	lockdep_assert_held(&bc_lock);

	if (!bdev->later)
		bc_device_taken_over(bdev);
}

/**
 * dev_boot_constraints_take_over_later() - Keep the constraints past the probe.
 * @dev: the device, whose driver's probe is under way.
 *
 * For a driver that takes its device's resources over after its probe has
 * returned: a component, whose aggregate driver binds once every component
 * has probed (component_add() calls this); a display controller, which
 * programs the hardware at its first modeset. The constraints of @dev then
 * stay, enable counts held, past a successful probe, until the driver calls
 * dev_boot_constraints_taken_over(), the device is unbound or deleted, or
 * the deadline. The driver's rates, voltages and reset lines are its own
 * from its probe on, as for any driver. Each probe says it anew.
 *
 * Costs one hash lookup for a device without constraints, and nothing once
 * no constraint is left.
 *
 * Context: the probe of @dev, with device_lock(@dev) held; may sleep.
 */
void dev_boot_constraints_take_over_later(struct device *dev)
{
	if (static_branch_unlikely(&dev_boot_constraints_live))
		bc_device_mark(dev, bc_device_later);
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
	if (static_branch_unlikely(&dev_boot_constraints_live))
		bc_device_mark(dev, bc_device_taken_over);
}
EXPORT_SYMBOL_GPL(dev_boot_constraints_taken_over);

/**
 * __dev_boot_constraints_remove() - Release the constraints of a deleted device.
 * @dev: the device.
 *
 * Called by device_del() once @dev has left sysfs. Costs one hash lookup for
 * a device without constraints.
 */
void __dev_boot_constraints_remove(struct device *dev)
{
	struct boot_constraint_dev *bdev;

	/* Pairs with bc_release_if_deleted() */
	smp_mb();
	if (!bc_is_constrained(dev))
		return;

	device_lock(dev);
	bdev = bc_lookup(dev);
	if (bdev)
		bc_device_release(bdev, BC_RELEASED);
	device_unlock(dev);
}

/*
 * The next pending constraint whose provider is @np or a node below it, not
 * retried yet during bind @seq. Caller holds bc_lock.
 */
static struct boot_constraint *bc_next_keyed(struct device_node *np,
					     unsigned long seq)
{
	struct boot_constraint *c, *found = NULL;
	struct device_node *child;

	lockdep_assert_held(&bc_lock);

	hash_for_each_possible(bc_pending, c, pending_node, (unsigned long)np) {
		if (c->provider == np && c->tried != seq)
			return c;
	}

	for_each_child_of_node(np, child) {
		found = bc_next_keyed(child, seq);
		if (found) {
			of_node_put(child);
			break;
		}
	}

	return found;
}

/* Caller holds bc_lock. */
static struct boot_constraint *bc_next_pending(struct device_node *np,
					       bool keyed, unsigned long seq)
{
	struct boot_constraint *c;

	lockdep_assert_held(&bc_lock);

	hlist_for_each_entry(c, &bc_pending_any, pending_node) {
		if (c->tried != seq)
			return c;
	}

	return keyed ? bc_next_keyed(np, seq) : NULL;
}

/*
 * Retries the pending constraints of the device of @c, now or, if the
 * device is busy (its lock held, by its probe for instance), by the lock's
 * holder before it lets the device go. Caller holds bc_lock; drops it.
 */
static void bc_retry_owner(struct boot_constraint *c, struct device_node *bound,
			   unsigned long seq)
{
	struct boot_constraint_dev *bdev = c->bdev;
	struct boot_constraint *m;
	struct device *dev;
	LIST_HEAD(done);

	lockdep_assert_held(&bc_lock);

	/* One retry covers all the device's pending constraints. */
	list_for_each_entry(m, &bdev->constraints, node)
		m->tried = seq;
	dev = get_device(bdev->dev);
	mutex_unlock(&bc_lock);

	if (!device_trylock(dev)) {
		mutex_lock(&bc_lock);
		if (bc_find(dev) == bdev) {
			bc_mark_retry(bdev);
			schedule_work(&bc_retry_work);
		}
		mutex_unlock(&bc_lock);
	} else {
		/* Still the device's record: only its lock's holder frees it */
		if (bc_lookup(dev) == bdev) {
			bc_device_retry(bdev, bound, false, &done);
			bc_device_settle(bdev, &done);
		}
		device_unlock(dev);
	}
	put_device(dev);
}

static bool bc_may_wait_below(struct device_node *np);

/*
 * Whether a constraint may wait for @np or a node below it, without bc_lock.
 * Inline: a leaf that provides nothing costs a bind one counter.
 */
static inline bool bc_may_wait_for(struct device_node *np)
{
	if (READ_ONCE(*bc_pending_count(np)))
		return true;

	/* A hint too, that spares a leaf the lock of the tree */
	return READ_ONCE(np->child) && bc_may_wait_below(np);
}

static bool bc_may_wait_below(struct device_node *np)
{
	struct device_node *child;

	for_each_child_of_node(np, child) {
		if (bc_may_wait_for(child)) {
			of_node_put(child);
			return true;
		}
	}

	return false;
}

/**
 * __dev_boot_constraints_device_bound() - Retry the constraints it provides.
 * @dev: the device just bound to its driver, perhaps a provider.
 *
 * Called by the driver core when a device is bound, before its consumers are
 * let probe. A device bound without a probe (device_bind_driver()) has its
 * own constraints released: its driver has taken it over. Then the
 * constraints waiting for a provider are applied before
 * anything else can use the provider's resources. Only the constraints
 * whose provider is @dev's node, or a node below it, are retried; a device
 * without a node (an MFD cell) stands for its parent's. While constraints
 * are pending, a bind costs a look at a counter per node of that subtree
 * (one for a leaf), and takes bc_lock only if one of them is not zero.
 */
void __dev_boot_constraints_device_bound(struct device *dev)
{
	struct boot_constraint *c;
	struct device_node *np;
	unsigned long seq;
	bool keyed;

	bc_device_mark(dev, bc_device_bound);

	np = dev->of_node;
	if (!np && dev->parent)
		np = dev->parent->of_node;

	/*
	 * The provider's resources are registered: the bind is counted, fully
	 * ordered, before the pending constraints are looked at. Pairs with
	 * bc_attach().
	 */
	atomic_long_inc_return(&bc_binds);
	keyed = np && READ_ONCE(bc_nr_keyed) && bc_may_wait_for(np);
	if (!keyed && hlist_empty(&bc_pending_any))
		return;

	mutex_lock(&bc_lock);
	seq = ++bc_seq;
	while ((c = bc_next_pending(np, keyed, seq))) {
		bc_retry_owner(c, dev->of_node, seq);
		mutex_lock(&bc_lock);
	}
	mutex_unlock(&bc_lock);
}
