// SPDX-License-Identifier: GPL-2.0
/*
 * Boot constraints on devices described in the device tree.
 *
 * A node's constraints are added to its device as soon as both exist: at
 * once if the device is already there, else when a device of that node is
 * added to any bus, before it can probe. So the constraints may be declared
 * at any time before the device's driver probes, even before the devices
 * are populated, and for devices on any bus (bus.c): the driver core tells
 * us of every device it adds while its hooks are on; once every deadline
 * has passed, a new device gets nothing, and once no constraint is left, a
 * device's add costs what it costs with boot_constraints=off.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/device.h>
#include <linux/err.h>
#include <linux/hashtable.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/refcount.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <kunit/static_stub.h>
#include <kunit/visibility.h>

#include "core.h"
#include "kunit.h"
#include "bus.h"
#include "copy.h"
#include "retry.h"
#include "of.h"

/**
 * struct bc_of_waiter - Constraints of a node whose device is not there yet.
 *
 * @node: entry in bc_of_waiters, hashed on @np, or in a list of waiters
 *	taken out of it.
 * @np: the node, with a reference held.
 * @dev: once taken out for its device by a table's add, the device, with a
 *	reference held; NULL for one taken out as its device is added.
 * @oconst: the constraints: @copy's, or the caller's, which it keeps valid.
 * @copy: the core's copy of a table's entry, with a reference held, or NULL.
 * @origin: what declared them, for the messages, or NULL; the caller keeps
 *	it valid.
 */
struct bc_of_waiter {
	struct hlist_node node;
	struct device_node *np;
	struct device *dev;
	const struct dev_boot_constraint_of *oconst;
	struct bc_of_copy *copy;
	const char *origin;
};

/*
 * bc_of_lock protects bc_of_waiters and bc_of_waiting.
 *
 * Lock order: bc_of_lock is innermost but for bc_bus_lock (bus.c). Nothing
 * else is taken while it is held (but the allocator, devtree_lock to find a
 * table's nodes and the buses' klist locks to look a device up), so it may
 * be taken with any device_lock() held, as by a parent whose probe adds
 * children; constraints are added to a device only after it is dropped
 * (the core takes device_lock(dev), then bc_lock).
 *
 * The waiters are hashed on their node, and counted by their node in
 * counters of their own: the device being added looks at its node's count
 * first, without the lock, so that adding a device costs a counter read
 * unless a waiter may be for it. The counters outnumber the waiters of a
 * large board many times, so that few devices share one with a waiter
 * (the benchmark's 250 waiters: one device in nine); the buckets, only
 * walked for a device that may have one, need not. A device added while a
 * waiter is, is in its bus's list before the driver core's hook reads the
 * count, and the waiter is counted before its adder looks for the device
 * again: one of them sees the other.
 */
#define BC_OF_WAITER_BITS	8
#define BC_OF_WAITING_BITS	11
static DEFINE_MUTEX(bc_of_lock);
static DEFINE_HASHTABLE(bc_of_waiters, BC_OF_WAITER_BITS);
static unsigned int bc_of_waiting[1 << BC_OF_WAITING_BITS];

static unsigned int *bc_of_waiting_count(const struct device_node *np)
{
	return &bc_of_waiting[hash_min((unsigned long)np, BC_OF_WAITING_BITS)];
}

/*
 * Adds @oconst's constraints to @dev, as their infos: on the stack for an
 * entry of up to BC_ADD_FEW of them, as most are.
 */
static int bc_of_add_device(struct device *dev,
			    const struct dev_boot_constraint_of *oconst,
			    const char *origin, bool later)
{
	struct dev_boot_constraint_info few[BC_ADD_FEW], *infos = few;
	unsigned int i;
	int ret;

	if (oconst->count > ARRAY_SIZE(few)) {
		infos = kcalloc(oconst->count, sizeof(*infos),
				GFP_KERNEL | (origin ? __GFP_NOWARN : 0));
		if (!infos) {
			if (origin)
				bc_reject(origin, "out of memory");
			return -ENOMEM;
		}
	}

	for (i = 0; i < oconst->count; i++)
		infos[i] = (struct dev_boot_constraint_info) {
			.constraint = oconst->constraints[i],
		};

	if (later)
		ret = bc_add_later(dev, infos, oconst->count,
				   origin);
	else
		ret = bc_add_missing(dev, infos, oconst->count,
				     origin);
	if (infos != few)
		kfree(infos);

	return ret;
}

/* Caller holds bc_of_lock. */
static struct bc_of_waiter *
bc_of_add_waiter(struct device_node *np,
		 const struct dev_boot_constraint_of *oconst, const char *origin)
{
	struct bc_of_waiter *w;
	unsigned int *count;

	lockdep_assert_held(&bc_of_lock);

	w = kzalloc(sizeof(*w), GFP_KERNEL);
	if (!w)
		return ERR_PTR(-ENOMEM);

	w->np = of_node_get(np);
	w->oconst = oconst;
	w->origin = origin;
	hash_add(bc_of_waiters, &w->node, (unsigned long)np);
	count = bc_of_waiting_count(np);
	WRITE_ONCE(*count, *count + 1);
	pr_debug("%pOF: constraints wait for the device\n", np);

	return w;
}

/* Caller holds bc_of_lock. */
static void bc_of_unhash_waiter(struct bc_of_waiter *w)
{
	unsigned int *count = bc_of_waiting_count(w->np);

	lockdep_assert_held(&bc_of_lock);

	hash_del(&w->node);
	WRITE_ONCE(*count, *count - 1);
}

static void bc_of_free_waiter(struct bc_of_waiter *w)
{
	put_device(w->dev);
	of_node_put(w->np);
	bc_of_copy_put(w->copy);
	kfree(w);
}

/*
 * Moves the waiters of @dev's node to @found, if @dev is its node's device,
 * for the caller to add their constraints once it drops bc_of_lock, which
 * it holds; each with a reference to @dev if @hold.
 */
static void bc_of_move_waiters(struct device *dev, struct hlist_head *found,
			       bool hold)
{
	struct device_node *np = dev->of_node;
	struct bc_of_waiter *w;
	struct hlist_node *tmp;

	if (!np || !*bc_of_waiting_count(np) || !bc_of_is_node_device(dev, np))
		return;

	hash_for_each_possible_safe(bc_of_waiters, w, tmp, node,
				    (unsigned long)np) {
		if (w->np != np)
			continue;

		bc_of_unhash_waiter(w);
		w->dev = hold ? get_device(dev) : NULL;
		hlist_add_head(&w->node, found);
	}
}

/* A table's add, for every device of every bus: its waiters, held */
static int bc_of_take_waiters(struct device *dev, void *found)
{
	bc_of_move_waiters(dev, found, true);

	return 0;
}

/* bc_reject_or()'s fallback for a node's constraints. */
static void bc_of_reject_node(const void *np, struct va_format *why)
{
	pr_err("%pOF: boot constraints rejected: %pV; nothing held\n", np, why);
}

/**
 * bc_add_of_node() - Constrain the device of a node.
 * @np: the node.
 * @oconst: the constraints; must stay valid until the device exists.
 * @origin: what declared them, named in the one line that says why they
 *	were not added; or NULL. Must stay valid as long as @oconst.
 *
 * Return: 0 if the constraints are added, or will be when the device is
 * created; -ETIMEDOUT if it is not there past the deadline, when nothing
 * waits for a device any more; a negative errno otherwise, with none of them
 * added.
 */
int bc_add_of_node(struct device_node *np,
		   const struct dev_boot_constraint_of *oconst,
				const char *origin)
{
	struct bc_of_waiter *w;
	struct device *dev;
	int ret;

	if (!oconst->count)
		return 0;

	mutex_lock(&bc_of_lock);
	dev = bc_of_find_device(np);
	if (!dev && bc_deadline_passed()) {
		mutex_unlock(&bc_of_lock);
		bc_reject_or(origin, bc_of_reject_node, np,
			     "past the deadline, no device");
		return -ETIMEDOUT;
	}
	if (!dev) {
		w = bc_of_add_waiter(np, oconst, origin);
		if (IS_ERR(w)) {
			mutex_unlock(&bc_of_lock);
			if (origin)
				bc_reject(origin, "out of memory");
			return PTR_ERR(w);
		}

		/* Pairs with the barrier in bc_of_may_wait(). */
		smp_mb();
		dev = bc_of_find_device(np);
		if (dev) {
			bc_of_unhash_waiter(w);
			bc_of_free_waiter(w);
		}
	}
	mutex_unlock(&bc_of_lock);

	ret = dev ? bc_of_add_device(dev, oconst, origin, false) : 0;
	put_device(dev);

	return ret;
}

/*
 * Whether constraints may wait for the device of @np, being added: its
 * node's counter counts some.
 */
static bool bc_of_may_wait(const struct device_node *np)
{
	/*
	 * Pairs with the barriers in bc_add_of_node() and
	 * dev_boot_constraint_add_deferrable_of().
	 */
	smp_mb();
	return READ_ONCE(*bc_of_waiting_count(np));
}

/* Adds what waited for @dev, its node's device, for bc_retry_work to apply */
static void bc_of_add_waiting(struct device *dev)
{
	struct bc_of_waiter *w;
	struct hlist_node *tmp;
	HLIST_HEAD(found);

	/* Its adder holds @dev until its add returns */
	scoped_guard(mutex, &bc_of_lock)
		bc_of_move_waiters(dev, &found, false);

	hlist_for_each_entry_safe(w, tmp, &found, node) {
		if (bc_of_add_device(dev, w->oconst, w->origin, true) &&
		    !w->origin)
			dev_err(dev, "boot constraints from %pOF not added\n",
				w->np);
		hlist_del(&w->node);
		bc_of_free_waiter(w);
	}
	bc_retry_schedule();
}

/**
 * bc_of_device_added() - Constrain a device being added.
 * @dev: the device, in its bus's list of devices, not probed yet.
 *
 * While a deadline is open, adds the constraints that wait for the device of
 * @dev's node, then, with boot_constraints=auto or report, what its node
 * names, unless a table holds it already or no driver binds the devices of
 * its bus. Nothing is taken here (see bc_add_later()).
 */
void bc_of_device_added(struct device *dev)
{
	struct device_node *np = dev->of_node;
	bool waiting, automatic;

	if (!np)
		return;

	/* Most devices: nothing waits for them, nothing is automatic */
	waiting = bc_of_may_wait(np);
	automatic = bc_mode() != BC_MODE_TABLES;
	if (!waiting && !automatic)
		return;

	if (!bc_deadlines_open() || !bc_of_is_node_device(dev, np))
		return;

	/* The tables' constraints first: the automatic ones yield to them */
	if (waiting)
		bc_of_add_waiting(dev);
	if (automatic && bc_of_bus_probes(dev->bus))
		bc_auto_add_device(dev);
}
EXPORT_SYMBOL_IF_KUNIT(bc_of_device_added);

/**
 * __boot_constraints_device_added() - The driver core adds a device.
 * @dev: the device, in its bus's list of devices, after the bus's
 *	notifiers and before its first probe.
 *
 * Called for every device added while the driver core's hooks are on, with
 * any lock of the code that adds it held (a framework that registers a
 * device, a parent's device_lock()).
 */
void __boot_constraints_device_added(struct device *dev)
{
	KUNIT_STATIC_STUB_REDIRECT(__boot_constraints_device_added, dev);
	bc_of_device_added(dev);
}
EXPORT_SYMBOL_IF_KUNIT(__boot_constraints_device_added);

/**
 * bc_of_drop_waiters() - Give up on devices that never came.
 *
 * Called at the deadline: the constraints of a node whose device was not
 * created by then are dropped, with one line naming those nodes.
 */
void bc_of_drop_waiters(void)
{
	struct bc_of_waiter *w;
	struct hlist_node *tmp;
	unsigned int bkt, n = 0;
	HLIST_HEAD(dropped);
	char names[256];
	int len = 0;

	scoped_guard(mutex, &bc_of_lock) {
		hash_for_each_safe(bc_of_waiters, bkt, tmp, w, node) {
			bc_of_unhash_waiter(w);
			hlist_add_head(&w->node, &dropped);
		}
	}

	names[0] = '\0';
	hlist_for_each_entry_safe(w, tmp, &dropped, node) {
		if (len < sizeof(names))
			len += snprintf(names + len, sizeof(names) - len, "%s%pOF",
					n ? " " : "", w->np);
		n++;
		hlist_del(&w->node);
		bc_of_free_waiter(w);
	}

	if (n)
		pr_warn("deadline: dropped the boot constraints of %u node%s whose device never appeared: %s%s\n",
			n, n == 1 ? "" : "s", names,
			len >= sizeof(names) ? "..." : "");
}

/**
 * dev_boot_constraint_add_deferrable_of() - Constrain devices found in DT.
 * @oconst: the constraints, each for the devices of a "compatible".
 * @count: number of entries in @oconst.
 *
 * Adds, as with dev_boot_constraint_add_deferrable(), the constraints of each
 * entry of @oconst to the device of every available node that matches the
 * entry's compatible (and one of its names, if it lists names). A device
 * that is not created yet gets them when it is added to its bus, before it
 * can probe. Each node's constraints wait for its device first; then one
 * pass over the devices of every bus takes those whose device exists
 * already (a table is most often added before the devices are created,
 * when a look-up per node would find nothing at the cost of a walk of every
 * bus).
 *
 * What waits is the core's copy of the entry: the caller may free @oconst,
 * or be unloaded, once this returns (a table has no free_resources()).
 *
 * The constraints of one device are added all together or not at all; an
 * error on one device does not stop the others from being constrained. A
 * resource that the device already holds, because another table (the
 * console's, say) names it too, is held once.
 *
 * Past the deadline (a module's table, loaded late), nothing is added, as
 * nothing would drop what waits for a device.
 *
 * Context: process context; may sleep.
 * Return: 0 if every constraint is applied or pending, -ETIMEDOUT past the
 * deadline, else the first error.
 */
int dev_boot_constraint_add_deferrable_of(const struct dev_boot_constraint_of *oconst,
					  unsigned int count)
{
	struct bc_of_copy *copy;
	struct bc_of_waiter *w;
	struct device_node *np;
	struct hlist_node *tmp;
	HLIST_HEAD(found);
	int ret = 0, err;
	unsigned int i;

	if (!oconst && count) {
		pr_err("%s: no constraints\n", __func__);
		return -EINVAL;
	}

	if (bc_disabled())
		return 0;

	mutex_lock(&bc_of_lock);
	/*
	 * Waiters added now would outlive the deadline that drops them. It
	 * passes before it takes bc_of_lock to drop them: either they are
	 * added before, or this sees it has passed.
	 */
	if (bc_deadline_passed()) {
		mutex_unlock(&bc_of_lock);
		pr_err("%ps: boot constraints rejected: past the deadline; nothing held\n",
		       __builtin_return_address(0));
		return -ETIMEDOUT;
	}
	for (i = 0; i < count; i++) {
		if (!oconst[i].count)
			continue;

		/* One copy for all the entry's nodes */
		copy = NULL;
		for_each_compatible_node(np, NULL, oconst[i].compat) {
			if (!of_device_is_available(np) ||
			    !bc_of_entry_selects(&oconst[i], np))
				continue;

			if (!copy)
				copy = bc_of_copy_alloc(&oconst[i]);
			w = copy ? bc_of_add_waiter(np, &copy->oconst, NULL) :
				   ERR_PTR(-ENOMEM);
			if (!IS_ERR(w)) {
				refcount_inc(&copy->ref);
				w->copy = copy;
			} else if (!ret) {
				ret = PTR_ERR(w);
			}
		}
		bc_of_copy_put(copy);
	}

	/*
	 * The waiters are counted before the devices are looked at: a device
	 * added meanwhile is seen here or sees them. Pairs with the barrier in
	 * bc_of_may_wait().
	 */
	smp_mb();
	bc_of_scan_devices(&found, bc_of_take_waiters);
	mutex_unlock(&bc_of_lock);

	hlist_for_each_entry_safe(w, tmp, &found, node) {
		err = bc_of_add_device(w->dev, w->oconst, w->origin, false);
		if (err && !ret)
			ret = err;
		hlist_del(&w->node);
		bc_of_free_waiter(w);
	}

	return ret;
}
EXPORT_SYMBOL_GPL(dev_boot_constraint_add_deferrable_of);
