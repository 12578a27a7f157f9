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
 * of its own, and gives it back once the device's driver has probed (with
 * success or not; a deferred probe keeps the constraint) or the device is
 * deleted. A constraint whose provider is not there yet stays pending and is
 * applied as soon as its provider's device is bound to a driver, and in any
 * case before its own device's driver is called.
 *
 * Pending constraints cost nothing until then: they are hashed on the device
 * tree node of their provider, and a device being bound retries only those
 * of its own node and of the nodes below it (a device may register the
 * providers of its subnodes, as an MFD its regulators'). Only a constraint
 * whose device has no node naming the provider is retried on every bind.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/device.h>
#include <linux/err.h>
#include <linux/hashtable.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/kstrtox.h>
#include <linux/math64.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include <asm/sections.h>

#include "core.h"

/*
 * bc_lock protects bc_active, bc_devices, bc_pending, bc_pending_any,
 * bc_nr_keyed, bc_pending_in and the state of every constraint, and is held
 * across the calls that take and give back the resources, so a constraint is
 * never applied and released at once. Owners' free_resources() callbacks and
 * put_device() run after it is dropped.
 *
 * The driver core's hooks first look the device up in bc_active under RCU,
 * so devices without constraints never take bc_lock: neither the probe path
 * of every other device, nor the devices that the clock, regulator and genpd
 * frameworks add and delete while bc_lock is held. A bind takes it only if
 * a constraint may wait for the bound device, which the counts of pending
 * constraints (bc_nr_keyed, bc_pending_in) tell without it: a constraint
 * added while its provider binds may be missed there, and is then applied
 * before its own device's driver probes.
 *
 * Lock order: device_lock(dev), then bc_lock.
 */
static DEFINE_MUTEX(bc_lock);
static DEFINE_HASHTABLE(bc_active, 6);
static LIST_HEAD(bc_devices);
/* Pending constraints, by provider node, with their count per bucket */
#define BC_PENDING_BITS	7
static DEFINE_HASHTABLE(bc_pending, BC_PENDING_BITS);
static unsigned int bc_pending_in[1 << BC_PENDING_BITS];
static unsigned int bc_nr_keyed;
/* Pending constraints without a provider node */
static HLIST_HEAD(bc_pending_any);

static bool bc_disabled;

/*
 * Seconds after late_initcall before the constraints of devices that have
 * not probed are released; -1 for never. By default, BC_TIMEOUT_DRIVER_CORE,
 * they are released when the driver core stops waiting for deferred probes:
 * deferred_probe_timeout= after late_initcall, extended as drivers register.
 * bc_deadline is when they are (or were) released; bc_lock protects it.
 */
#define BC_TIMEOUT_DRIVER_CORE	-2
static int bc_timeout = BC_TIMEOUT_DRIVER_CORE;
static ktime_t bc_deadline;

static int __init boot_constraints_param(char *arg)
{
	if (!arg)
		return -EINVAL;

	if (!strcmp(arg, "off")) {
		bc_disabled = true;
		pr_info("disabled on the command line\n");
		return 0;
	}

	/* Any other value names a device to constrain, for the DT code. */
	return 0;
}
early_param("boot_constraints", boot_constraints_param);

static int __init boot_constraints_timeout_param(char *arg)
{
	int ret;

	ret = kstrtoint(arg ?: "", 10, &bc_timeout);
	if (ret || bc_timeout < -1) {
		pr_err("boot_constraints.timeout=%s: not a number of seconds or -1\n",
		       arg ?: "");
		bc_timeout = BC_TIMEOUT_DRIVER_CORE;
		return -EINVAL;
	}

	return 0;
}
early_param("boot_constraints.timeout", boot_constraints_timeout_param);

/**
 * boot_constraints_disabled() - Whether boot_constraints=off was given.
 *
 * Return: true if constraints are released as soon as they are added.
 */
bool boot_constraints_disabled(void)
{
	return bc_disabled;
}

static const char * const bc_state_names[] = {
	[BC_PENDING] = "pending",
	[BC_APPLIED] = "applied",
	[BC_RELEASED] = "released",
	[BC_EXPIRED] = "expired",
	[BC_FAILED] = "failed",
};

const char *boot_constraint_state_name(enum boot_constraint_state state)
{
	return bc_state_names[state];
}

/* A type whose framework is not built in is refused, not ignored. */
static const struct boot_constraint_ops *
bc_type_ops(struct device *dev, enum dev_boot_constraint_type type)
{
	switch (type) {
	case DEV_BOOT_CONSTRAINT_CLK:
		return &boot_constraint_clk_ops;
	case DEV_BOOT_CONSTRAINT_PM:
		return &boot_constraint_pm_ops;
	case DEV_BOOT_CONSTRAINT_SUPPLY:
		return &boot_constraint_supply_ops;
	case DEV_BOOT_CONSTRAINT_ICC:
		if (IS_ENABLED(CONFIG_DEV_BOOT_CONSTRAINT_ICC))
			return &boot_constraint_icc_ops;
		dev_err(dev, "icc boot constraint needs CONFIG_INTERCONNECT\n");
		return ERR_PTR(-EOPNOTSUPP);
	case DEV_BOOT_CONSTRAINT_RESET:
		if (IS_ENABLED(CONFIG_DEV_BOOT_CONSTRAINT_RESET))
			return &boot_constraint_reset_ops;
		dev_err(dev, "reset boot constraint needs CONFIG_RESET_CONTROLLER\n");
		return ERR_PTR(-EOPNOTSUPP);
	}

	dev_err(dev, "unknown boot constraint type %d\n", type);
	return ERR_PTR(-EINVAL);
}

static struct boot_constraint *
bc_constraint_create(struct device *dev, const struct dev_boot_constraint_info *info)
{
	const struct boot_constraint_ops *ops;
	struct boot_constraint *c;
	int ret;

	ops = bc_type_ops(dev, info->constraint.type);
	if (IS_ERR(ops))
		return ERR_CAST(ops);

	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return ERR_PTR(-ENOMEM);

	INIT_HLIST_NODE(&c->pending_node);
	INIT_LIST_HEAD(&c->done_node);
	c->ops = ops;
	c->free_resources = info->free_resources;
	c->free_resources_data = info->free_resources_data;

	ret = ops->init(c, dev, info->constraint.data);
	if (ret) {
		kfree_const(c->name);
		kfree(c);
		return ERR_PTR(ret);
	}

	return c;
}

static void bc_constraint_destroy(struct boot_constraint *c)
{
	kfree_const(c->name);
	kfree(c);
}

static const char *bc_name(const struct boot_constraint *c)
{
	return c->name ?: "(default)";
}

/* Caller holds bc_lock. */
static struct boot_constraint_dev *bc_find(struct device *dev)
{
	struct boot_constraint_dev *bdev;

	hash_for_each_possible(bc_active, bdev, hnode, (unsigned long)dev) {
		if (bdev->dev == dev)
			return bdev;
	}

	return NULL;
}

/*
 * A hint for the driver core's hooks, taken without bc_lock. Entries of
 * bc_active are never freed, only unhashed, so a racing removal is harmless:
 * the hooks look again under bc_lock.
 */
static bool bc_is_constrained(struct device *dev)
{
	struct boot_constraint_dev *bdev;
	bool found = false;

	rcu_read_lock();
	hash_for_each_possible_rcu(bc_active, bdev, hnode, (unsigned long)dev) {
		if (READ_ONCE(bdev->dev) == dev) {
			found = true;
			break;
		}
	}
	rcu_read_unlock();

	return found;
}

static struct boot_constraint_dev *bc_device_alloc(struct device *dev)
{
	struct boot_constraint_dev *bdev;

	bdev = kzalloc(sizeof(*bdev), GFP_KERNEL);
	if (!bdev)
		return NULL;

	bdev->name = kstrdup(dev_name(dev), GFP_KERNEL);
	if (!bdev->name) {
		kfree(bdev);
		return NULL;
	}

	bdev->dev = dev;
	INIT_LIST_HEAD(&bdev->constraints);

	return bdev;
}

static void bc_device_free(struct boot_constraint_dev *bdev)
{
	kfree(bdev->name);
	kfree(bdev);
}

/* Caller holds bc_lock. The entry is kept for debugfs once inactive. */
static void bc_device_activate(struct boot_constraint_dev *bdev)
{
	get_device(bdev->dev);
	bdev->active = true;
	hash_add_rcu(bc_active, &bdev->hnode, (unsigned long)bdev->dev);
	list_add_tail(&bdev->node, &bc_devices);
}

/* Caller holds bc_lock, and calls put_device() on the result after it. */
static struct device *bc_device_deactivate(struct boot_constraint_dev *bdev)
{
	struct device *dev = bdev->dev;

	hash_del_rcu(&bdev->hnode);
	bdev->active = false;
	WRITE_ONCE(bdev->dev, NULL);

	return dev;
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

static struct boot_constraint *bc_find_held(struct boot_constraint_dev *bdev,
					    const struct boot_constraint *new)
{
	struct boot_constraint *c;

	list_for_each_entry(c, &bdev->constraints, node) {
		if ((c->state == BC_PENDING || c->state == BC_APPLIED) &&
		    bc_same_resource(c, new))
			return c;
	}

	return NULL;
}

static unsigned int *bc_pending_count(const struct device_node *np)
{
	return &bc_pending_in[hash_min((unsigned long)np, BC_PENDING_BITS)];
}

/* Caller holds bc_lock. */
static void bc_pending_add(struct boot_constraint *c)
{
	unsigned int *count;

	c->provider = c->ops->provider ? c->ops->provider(c) : NULL;
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

	hlist_del_init(&c->pending_node);
	if (!c->provider)
		return;

	count = bc_pending_count(c->provider);
	WRITE_ONCE(*count, *count - 1);
	WRITE_ONCE(bc_nr_keyed, bc_nr_keyed - 1);
	c->provider = NULL;
}

/* Caller holds bc_lock. */
static int bc_apply(struct boot_constraint *c)
{
	struct device *dev = boot_constraint_device(c);
	int ret;

	c->attempts++;
	ret = c->ops->apply(c);
	if (ret)
		return ret;

	c->state = BC_APPLIED;
	c->applied_at = ktime_get();
	dev_dbg(dev, "%s boot constraint %s applied\n", c->ops->name, bc_name(c));

	return 0;
}

/* Caller holds bc_lock. Returns whether the owner must be told. */
static bool bc_release(struct boot_constraint *c)
{
	switch (c->state) {
	case BC_APPLIED:
		c->ops->release(c);
		break;
	case BC_PENDING:
		bc_pending_del(c);
		break;
	default:
		return false;
	}

	c->state = BC_RELEASED;
	c->released_at = ktime_get();
	dev_dbg(boot_constraint_device(c), "%s boot constraint %s released\n",
		c->ops->name, bc_name(c));

	return true;
}

/* Caller holds bc_lock. */
static void bc_fail(struct boot_constraint *c, int error, struct list_head *done)
{
	dev_err(boot_constraint_device(c),
		"cannot apply %s boot constraint %s: %pe\n",
		c->ops->name, bc_name(c), ERR_PTR(error));

	bc_pending_del(c);
	c->state = BC_FAILED;
	c->error = error;
	list_add_tail(&c->done_node, done);
}

/* Caller holds bc_lock. Returns -EPROBE_DEFER if @c stays pending. */
static int bc_retry(struct boot_constraint *c, struct list_head *done)
{
	int ret;

	ret = bc_apply(c);
	if (!ret)
		bc_pending_del(c);
	else if (ret != -EPROBE_DEFER)
		bc_fail(c, ret, done);

	return ret;
}

/* Runs without bc_lock: the callbacks may add or remove constraints. */
static void bc_notify_owners(struct list_head *done)
{
	struct boot_constraint *c, *tmp;

	list_for_each_entry_safe(c, tmp, done, done_node) {
		list_del_init(&c->done_node);
		if (c->free_resources)
			c->free_resources(c->free_resources_data);
	}
}

static bool bc_is_duplicate(struct boot_constraint_dev *bdev,
			    struct boot_constraint **cs, unsigned int i)
{
	unsigned int j;

	if (bdev && bc_find_held(bdev, cs[i]))
		return true;

	for (j = 0; j < i; j++) {
		if (bc_same_resource(cs[j], cs[i]))
			return true;
	}

	return false;
}

/*
 * An add that fails says why in one line: on the device, or, if the caller
 * names where the constraints come from (a declaration in the device tree,
 * a boot_constraints= spec), as "ORIGIN: REASON, nothing held".
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
		pr_err("%s: %pV, nothing held\n", origin, &vaf);
	else
		dev_err(dev, "%pV\n", &vaf);
	va_end(args);
}

/* Caller holds device_lock(dev) and bc_lock. */
static int bc_check_attach(struct device *dev, struct boot_constraint_dev *bdev,
			   struct boot_constraint **cs, unsigned int n,
			   const char *origin)
{
	unsigned int i;

	/*
	 * device_del() releases the constraints after the device has left
	 * sysfs: one not registered yet, or being deleted, is refused here,
	 * and one deleted meanwhile is caught by bc_release_if_deleted().
	 */
	if (!device_is_registered(dev)) {
		bc_add_err(dev, origin, "boot constraints refused: device not registered");
		return -ENODEV;
	}

	if (dev->driver) {
		if (origin)
			bc_add_err(dev, origin, "%s already bound to %s",
				   dev_name(dev), dev->driver->name);
		else
			dev_warn(dev, "boot constraints refused: already bound to %s\n",
				 dev->driver->name);
		return -EBUSY;
	}

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
 * Applies all of @cs to @dev, or none: on error the constraints applied here
 * are released again. Caller holds device_lock(dev) and bc_lock.
 */
static int bc_attach(struct device *dev, struct boot_constraint **cs,
		     unsigned int n, const char *origin)
{
	struct boot_constraint_dev *bdev;
	struct boot_constraint *c;
	unsigned int i;
	int ret;

	bdev = bc_find(dev);
	ret = bc_check_attach(dev, bdev, cs, n, origin);
	if (ret)
		return ret;

	if (!bdev) {
		bdev = bc_device_alloc(dev);
		if (!bdev)
			return -ENOMEM;
	}

	for (i = 0; i < n; i++) {
		c = cs[i];
		c->bdev = bdev;
		ret = bc_apply(c);
		if (ret == -EPROBE_DEFER && c->deferrable) {
			c->state = BC_PENDING;
			dev_dbg(dev, "%s boot constraint %s pending\n",
				c->ops->name, bc_name(c));
		} else if (ret) {
			goto undo;
		}
	}

	for (i = 0; i < n; i++) {
		list_add_tail(&cs[i]->node, &bdev->constraints);
		if (cs[i]->state == BC_PENDING)
			bc_pending_add(cs[i]);
	}

	if (!bdev->active)
		bc_device_activate(bdev);

	return 0;

undo:
	if (ret != -EPROBE_DEFER)
		bc_add_err(dev, origin, "cannot apply %s boot constraint %s: %pe",
			   c->ops->name, bc_name(c), ERR_PTR(ret));

	while (i--) {
		if (cs[i]->state == BC_APPLIED)
			cs[i]->ops->release(cs[i]);
	}

	if (!bdev->active)
		bc_device_free(bdev);

	return ret;
}

static void bc_destroy_all(struct boot_constraint **cs, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		bc_constraint_destroy(cs[i]);
	kfree(cs);
}

static struct boot_constraint **
bc_create_all(struct device *dev, const struct dev_boot_constraint_info *infos,
	      unsigned int n, bool deferrable)
{
	struct boot_constraint **cs;
	unsigned int i;

	cs = kcalloc(n, sizeof(*cs), GFP_KERNEL);
	if (!cs)
		return ERR_PTR(-ENOMEM);

	for (i = 0; i < n; i++) {
		cs[i] = bc_constraint_create(dev, &infos[i]);
		if (IS_ERR(cs[i])) {
			int ret = PTR_ERR(cs[i]);

			bc_destroy_all(cs, i);
			return ERR_PTR(ret);
		}
		cs[i]->deferrable = deferrable;
	}

	return cs;
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

/*
 * Drops from @cs, and frees, the constraints whose resource @dev already
 * holds or waits for. Returns how many are left, at the start of @cs.
 * Caller holds bc_lock.
 */
static unsigned int bc_drop_held(struct device *dev, struct boot_constraint **cs,
				 unsigned int n)
{
	struct boot_constraint_dev *bdev = bc_find(dev);
	unsigned int i, kept = 0;

	for (i = 0; i < n; i++) {
		if (bdev && bc_find_held(bdev, cs[i])) {
			dev_dbg(dev, "%s boot constraint %s already held\n",
				cs[i]->ops->name, bc_name(cs[i]));
			bc_constraint_destroy(cs[i]);
			continue;
		}
		cs[kept++] = cs[i];
	}

	return kept;
}

/*
 * Releases every constraint of @bdev, last added first, and lets the device
 * go; at the deadline each is marked expired, with a warning. Caller holds
 * bc_lock, and calls put_device() on the result after it.
 */
static struct device *bc_release_device(struct boot_constraint_dev *bdev,
					bool expired, struct list_head *done)
{
	struct boot_constraint *c;

	list_for_each_entry_reverse(c, &bdev->constraints, node) {
		if (!bc_release(c))
			continue;

		if (expired) {
			dev_warn(bdev->dev,
				 "%s boot constraint %s released at the deadline: no driver probed\n",
				 c->ops->name, bc_name(c));
			c->state = BC_EXPIRED;
		}
		list_add_tail(&c->done_node, done);
	}

	return bc_device_deactivate(bdev);
}

/*
 * device_del() releases a device's constraints once the device has left
 * sysfs, and finds them without bc_lock: an add that checked the device
 * registered just before may publish it just after that look-up. The full
 * barrier pairs with the one in dev_boot_constraints_remove(): either that
 * look-up sees the device, or the device is seen unregistered here and its
 * constraints are released at once, as device_del() would have. Caller
 * holds bc_lock, and calls put_device() on the result after it.
 */
static struct device *bc_release_if_deleted(struct device *dev,
					    struct list_head *done)
{
	struct boot_constraint_dev *bdev;

	/* Pairs with the barrier in dev_boot_constraints_remove() */
	smp_mb();
	if (device_is_registered(dev))
		return NULL;

	bdev = bc_find(dev);

	return bdev ? bc_release_device(bdev, false, done) : NULL;
}

static int bc_add_all(struct device *dev,
		      const struct dev_boot_constraint_info *infos,
		      unsigned int n, bool deferrable, bool missing,
		      const char *origin)
{
	struct boot_constraint **cs;
	struct device *put = NULL;
	LIST_HEAD(done);
	int ret;

	if (!dev || !infos || !n) {
		pr_err("%s: no %s\n", __func__, dev ? "constraint" : "device");
		return -EINVAL;
	}

	if (bc_disabled) {
		bc_release_owners(infos, n);
		return 0;
	}

	cs = bc_create_all(dev, infos, n, deferrable);
	if (IS_ERR(cs)) {
		if (origin)
			bc_add_err(dev, origin, "%pe", cs);
		return PTR_ERR(cs);
	}

	device_lock(dev);
	mutex_lock(&bc_lock);
	if (missing)
		n = bc_drop_held(dev, cs, n);
	ret = n ? bc_attach(dev, cs, n, origin) : 0;
	if (!ret)
		put = bc_release_if_deleted(dev, &done);
	mutex_unlock(&bc_lock);
	device_unlock(dev);

	if (ret)
		bc_destroy_all(cs, n);
	else
		kfree(cs);

	bc_notify_owners(&done);
	put_device(put);

	return ret;
}

/**
 * boot_constraint_add_all() - Add several constraints to a device, or none.
 * @dev: the device.
 * @infos: the constraints.
 * @n: number of entries in @infos.
 * @deferrable: whether a missing provider leaves a constraint pending.
 *
 * Return: 0 if all are applied (or pending), else a negative errno with none
 * of them held.
 */
int boot_constraint_add_all(struct device *dev,
			    const struct dev_boot_constraint_info *infos,
			    unsigned int n, bool deferrable)
{
	return bc_add_all(dev, infos, n, deferrable, false, NULL);
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
				unsigned int n, const char *origin)
{
	return bc_add_all(dev, infos, n, true, true, origin);
}

/**
 * dev_boot_constraint_add() - Hold a resource of a device until it probes.
 * @dev: the device, not yet bound to a driver.
 * @info: the constraint; its data is copied.
 *
 * Takes the resource that @info describes as a consumer on behalf of @dev
 * and keeps it until @dev's driver has probed, with success or failure, or
 * @dev is deleted. A probe deferral keeps the constraint. Then the resource
 * is given back and @info's free_resources() called.
 *
 * Must not be called with device_lock(@dev) held. A constraint on a device
 * that is already bound, or not registered (not added yet, or being
 * deleted), would never be released, so it is refused.
 *
 * Context: process context; may sleep.
 * Return: 0 on success, with the resource held; -EPROBE_DEFER if the
 * resource's provider is not registered yet; -ENODEV if @dev is not
 * registered; -EBUSY if @dev is bound;
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
 * is about to probe. It is released like any other once @dev has probed.
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

/**
 * dev_boot_constraints_prepare() - Apply a device's pending constraints.
 * @dev: the device whose driver is about to be probed.
 *
 * Called by the driver core before a driver's probe, so that a constraint
 * whose provider appeared without a device binding (a clock provider
 * registered from an initcall, for instance) is applied before the driver
 * runs.
 */
void dev_boot_constraints_prepare(struct device *dev)
{
	struct boot_constraint_dev *bdev;
	struct boot_constraint *c;
	LIST_HEAD(done);

	if (!bc_is_constrained(dev))
		return;

	mutex_lock(&bc_lock);
	bdev = bc_find(dev);
	if (bdev) {
		list_for_each_entry(c, &bdev->constraints, node) {
			if (c->state == BC_PENDING)
				bc_retry(c, &done);
		}
	}
	mutex_unlock(&bc_lock);

	bc_notify_owners(&done);
}

/**
 * dev_boot_constraints_remove() - Release all constraints of a device.
 * @dev: the device.
 *
 * Called by the driver core once @dev's driver has probed, whatever the
 * result but -EPROBE_DEFER, and when @dev is deleted. Costs one hash lookup
 * for a device without constraints.
 */
void dev_boot_constraints_remove(struct device *dev)
{
	struct boot_constraint_dev *bdev;
	struct device *put = NULL;
	LIST_HEAD(done);

	/* Pairs with bc_release_if_deleted(), for device_del() */
	smp_mb();
	if (!bc_is_constrained(dev))
		return;

	mutex_lock(&bc_lock);
	bdev = bc_find(dev);
	if (bdev)
		put = bc_release_device(bdev, false, &done);
	mutex_unlock(&bc_lock);

	bc_notify_owners(&done);
	put_device(put);
}

/*
 * Retries the constraints whose provider is @np or a node below it. One that
 * still waits once the device of its very node, @bound, is bound gets its
 * resource from somewhere that no bind announces (the provider registers it
 * later, or waits for a supplier of its own): from then on it is retried on
 * every bind. Caller holds bc_lock.
 */
static void bc_retry_node(struct device_node *np, const struct device_node *bound,
			  struct list_head *done)
{
	struct device_node *child;
	struct boot_constraint *c;
	struct hlist_node *tmp;

	hash_for_each_possible_safe(bc_pending, c, tmp, pending_node,
				    (unsigned long)np) {
		if (c->provider != np)
			continue;

		if (bc_retry(c, done) == -EPROBE_DEFER && np == bound) {
			bc_pending_del(c);
			hlist_add_head(&c->pending_node, &bc_pending_any);
		}
	}

	for_each_child_of_node(np, child)
		bc_retry_node(child, bound, done);
}

/* Whether a constraint may wait for @np or a node below it, without bc_lock. */
static bool bc_may_wait_for(struct device_node *np)
{
	struct device_node *child;

	if (READ_ONCE(*bc_pending_count(np)))
		return true;

	/* A hint too, that spares a leaf the lock of the tree */
	if (!READ_ONCE(np->child))
		return false;

	for_each_child_of_node(np, child) {
		if (bc_may_wait_for(child)) {
			of_node_put(child);
			return true;
		}
	}

	return false;
}

/**
 * dev_boot_constraints_device_bound() - Retry the constraints it provides.
 * @dev: the device just bound to its driver, perhaps a provider.
 *
 * Called by the driver core when a device is bound, before its consumers are
 * let probe, so that constraints waiting for a provider are applied before
 * anything else can use the provider's resources. Only the constraints
 * whose provider is @dev's node, or a node below it, are retried; a device
 * without a node (an MFD cell) stands for its parent's. While constraints
 * are pending, a bind costs a look at a counter per node of that subtree
 * (one for a leaf), and takes bc_lock only if one of them is not zero.
 */
void dev_boot_constraints_device_bound(struct device *dev)
{
	struct boot_constraint *c;
	struct hlist_node *tmp;
	struct device_node *np;
	bool provides;
	LIST_HEAD(done);

	np = dev->of_node;
	if (!np && dev->parent)
		np = dev->parent->of_node;

	provides = np && READ_ONCE(bc_nr_keyed) && bc_may_wait_for(np);
	if (!provides && hlist_empty(&bc_pending_any))
		return;

	mutex_lock(&bc_lock);
	hlist_for_each_entry_safe(c, tmp, &bc_pending_any, pending_node)
		bc_retry(c, &done);
	if (provides)
		bc_retry_node(np, dev->of_node, &done);
	mutex_unlock(&bc_lock);

	bc_notify_owners(&done);
}

/* Caller holds bc_lock. */
static struct boot_constraint_dev *bc_first_active(void)
{
	struct boot_constraint_dev *bdev;
	unsigned int bkt;

	hash_for_each(bc_active, bkt, bdev, hnode)
		return bdev;

	return NULL;
}

/**
 * boot_constraints_expire() - Release the constraints of every device.
 *
 * Run at the deadline: a device whose driver has not probed by then may
 * never get one, and its resources must not stay on forever.
 */
void boot_constraints_expire(void)
{
	struct boot_constraint_dev *bdev;
	struct device *put;
	LIST_HEAD(done);

	do {
		mutex_lock(&bc_lock);
		bdev = bc_first_active();
		put = NULL;
		if (bdev)
			put = bc_release_device(bdev, true, &done);
		mutex_unlock(&bc_lock);

		bc_notify_owners(&done);
		put_device(put);
	} while (bdev);
}

static void bc_set_deadline(ktime_t deadline)
{
	mutex_lock(&bc_lock);
	bc_deadline = deadline;
	mutex_unlock(&bc_lock);
}

/**
 * dev_boot_constraints_deadline() - The driver core stops waiting for drivers.
 *
 * Called by the driver core when its deferred probe timeout expires, or at
 * late_initcall if it has none. Unless boot_constraints.timeout= sets a
 * deadline of its own, the constraints of every device whose driver has
 * not probed are released then: the resources of a device that has no
 * driver must not stay on forever.
 */
void dev_boot_constraints_deadline(void)
{
	if (bc_timeout != BC_TIMEOUT_DRIVER_CORE || bc_disabled)
		return;

	bc_set_deadline(ktime_get());
	boot_constraints_expire();
	boot_constraint_of_drop_waiters();
}

static void bc_deadline_fn(struct work_struct *work)
{
	boot_constraints_expire();
	boot_constraint_of_drop_waiters();
}

static DECLARE_DELAYED_WORK(bc_deadline_work, bc_deadline_fn);

/* boot_constraints.timeout= counts from late_initcall, as the driver core's. */
static int __init boot_constraints_deadline_init(void)
{
	if (bc_disabled || bc_timeout < 0)
		return 0;

	bc_set_deadline(ktime_add(ktime_get(), ktime_set(bc_timeout, 0)));
	schedule_delayed_work(&bc_deadline_work, secs_to_jiffies(bc_timeout));

	return 0;
}
late_initcall(boot_constraints_deadline_init);

/**
 * boot_constraint_count() - Count a device's constraints in a given state.
 * @dev: the device.
 * @state: the state.
 *
 * Return: how many of @dev's current constraints are in @state; 0 once they
 * have all been released.
 */
unsigned int boot_constraint_count(struct device *dev,
				   enum boot_constraint_state state)
{
	struct boot_constraint_dev *bdev;
	struct boot_constraint *c;
	unsigned int count = 0;

	mutex_lock(&bc_lock);
	bdev = bc_find(dev);
	if (bdev) {
		list_for_each_entry(c, &bdev->constraints, node)
			count += c->state == state;
	}
	mutex_unlock(&bc_lock);

	return count;
}

/**
 * boot_constraint_attempts() - Count the attempts to apply a device's constraints.
 * @dev: the device.
 *
 * Return: how many times the device's current constraints were tried to be
 * applied, successfully or not.
 */
unsigned int boot_constraint_attempts(struct device *dev)
{
	struct boot_constraint_dev *bdev;
	struct boot_constraint *c;
	unsigned int count = 0;

	mutex_lock(&bc_lock);
	bdev = bc_find(dev);
	if (bdev) {
		list_for_each_entry(c, &bdev->constraints, node)
			count += c->attempts;
	}
	mutex_unlock(&bc_lock);

	return count;
}

static size_t bc_ksize_const(const void *p)
{
	return p && !is_kernel_rodata((unsigned long)p) ? ksize(p) : 0;
}

/**
 * boot_constraint_show_stats() - Print what the constraints cost.
 * @s: where to print.
 *
 * Prints the number of constraints added since boot and of those pending,
 * how many times they were tried to be applied in all, and the bytes of
 * memory the core holds for them: its records of the devices and the
 * constraints, which are kept for debugfs. Not counted: what a constraint
 * allocates while it holds its resource (the frameworks' consumer handles,
 * the device that holds a power domain), all freed when it is released.
 */
void boot_constraint_show_stats(struct seq_file *s)
{
	unsigned int constraints = 0, pending = 0, attempts = 0;
	struct boot_constraint_dev *bdev;
	struct boot_constraint *c;
	size_t bytes = 0;

	mutex_lock(&bc_lock);
	list_for_each_entry(bdev, &bc_devices, node) {
		bytes += ksize(bdev) + ksize(bdev->name);
		list_for_each_entry(c, &bdev->constraints, node) {
			constraints++;
			pending += c->state == BC_PENDING;
			attempts += c->attempts;
			bytes += ksize(c) + bc_ksize_const(c->name);
		}
	}
	mutex_unlock(&bc_lock);

	seq_printf(s, "constraints %u\npending %u\napply_attempts %u\nbytes %zu\n",
		   constraints, pending, attempts, bytes);
}

static void bc_show_time(struct seq_file *s, ktime_t t)
{
	u32 us;
	u64 sec;

	if (!t) {
		seq_puts(s, " -");
		return;
	}

	sec = div_u64_rem(ktime_to_us(t), USEC_PER_SEC, &us);
	seq_printf(s, " %llu.%06u", sec, us);
}

static void bc_show_constraint(struct seq_file *s,
			       const struct boot_constraint_dev *bdev,
			       const struct boot_constraint *c)
{
	seq_printf(s, "%s %s %s", bdev->name, c->ops->name, bc_name(c));
	if (c->ops->show)
		c->ops->show(s, c);
	else
		seq_puts(s, " -");

	if (c->state == BC_FAILED)
		seq_printf(s, " failed(%d)", c->error);
	else
		seq_printf(s, " %s", boot_constraint_state_name(c->state));

	bc_show_time(s, c->applied_at);
	bc_show_time(s, c->released_at);
	seq_putc(s, '\n');
}

/**
 * boot_constraint_show_all() - Print every constraint ever added.
 * @s: where to print, one constraint a line.
 */
void boot_constraint_show_all(struct seq_file *s)
{
	struct boot_constraint_dev *bdev;
	struct boot_constraint *c;

	mutex_lock(&bc_lock);
	seq_puts(s, "# deadline");
	if (!bc_deadline && bc_timeout == BC_TIMEOUT_DRIVER_CORE)
		seq_puts(s, " deferred_probe_timeout");
	else
		bc_show_time(s, bc_deadline);
	seq_puts(s, "\n# device type resource parameters state applied released\n");

	list_for_each_entry(bdev, &bc_devices, node) {
		list_for_each_entry(c, &bdev->constraints, node)
			bc_show_constraint(s, bdev, c);
	}
	mutex_unlock(&bc_lock);
}
