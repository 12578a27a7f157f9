// SPDX-License-Identifier: GPL-2.0
/*
 * The records of the boot constraint core: the types built in, each
 * constraint and its batch, the table of the devices with constraints and
 * the history of those whose constraints ended, what they cost, and the
 * driver core's static key, off once nothing is left to do. The life
 * cycle (core.c) fills them, the deadline (deadline.c) and debugfs read
 * them, the tests query them.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/device.h>
#include <linux/err.h>
#include <linux/hashtable.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/rculist.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include <kunit/visibility.h>

#include <asm/sections.h>

#include "internal.h"
#include "kunit.h"

/*
 * A device's constraints change only under device_lock() of that device:
 * adding them, its probe (the driver core holds the lock), the deadline and
 * the device's deletion take it. A provider's bind, which retries the
 * pending constraints of other devices, only tries it, and leaves a device
 * it cannot take to the holder of the lock (boot_constraint_dev.retry). So
 * the calls into the frameworks that take and give back resources run with
 * no lock of the core held: they may register and bind devices, whose binds
 * come back here.
 *
 * bc_lock protects bc_active, bc_devices, bc_history, the retry list and
 * the pending index of pending.c (bc_retry_list, bc_pending, bc_pending_in,
 * bc_nr_keyed, bc_pending_any), the state of every constraint, the
 * deadlines and the counters. It is held only around them, never across a
 * call into a framework or into a constraint's owner. A function whose
 * comment says "Caller holds bc_lock" asserts it with lockdep.
 *
 * The driver core's hooks first look the device up in bc_active under RCU,
 * so devices without constraints never take bc_lock. A bind takes it only if
 * a constraint may wait for the bound device, which the counts of pending
 * constraints tell without it; an add retries its pending constraints once
 * they are counted, so one of the two sees the other.
 *
 * Lock order: device_lock(dev), then bc_lock.
 */
DEFINE_MUTEX(bc_lock);
/*
 * The driver core calls its hooks only while dev_boot_constraints_live is
 * on (<linux/boot_constraint.h>): from boot until every deadline under which
 * constraints may be added has passed and no device has constraints left;
 * then a probe pays nothing for them. bc_key_lock orders turning it off
 * with turning it on again for a new deadline; it is taken before bc_lock,
 * never under it, and never across a call into a framework.
 */
DEFINE_STATIC_KEY_TRUE(dev_boot_constraints_live);
EXPORT_SYMBOL_IF_KUNIT(dev_boot_constraints_live);
static DEFINE_MUTEX(bc_key_lock);
/* Deadlines not passed yet, the machine's included: written under bc_lock */
static unsigned int bc_open_deadlines = 1;
struct boot_constraint_deadline bc_machine_deadline;
EXPORT_SYMBOL_IF_KUNIT(bc_machine_deadline);
/*
 * Devices with constraints, hashed on the device: sized so that a device
 * without constraints most often finds its bucket empty, and costs the
 * hooks a load, while hundreds of devices have constraints (250 of them
 * leave 6% of the buckets taken).
 */
DEFINE_HASHTABLE(bc_active, BC_ACTIVE_BITS);
LIST_HEAD(bc_devices);
/* Devices whose constraints have all ended, newest last, for debugfs */
LIST_HEAD(bc_history);
static unsigned int bc_history_len;
/* What the core holds and has held, for debugfs */
unsigned int bc_nr_added;
size_t bc_bytes, bc_bytes_peak;
/* Resources found off by an automatic constraint, which held nothing */
unsigned int bc_nr_auto_off;

static const char * const bc_state_names[] = {
	[BC_PENDING] = "pending",
	[BC_APPLIED] = "applied",
	[BC_HANDED_OVER] = "handed-over",
	[BC_RELEASED] = "released",
	[BC_EXPIRED] = "expired",
	[BC_FAILED] = "failed",
};

/**
 * boot_constraint_state_name() - The name of a state, as debugfs shows it.
 * @state: the state.
 *
 * Return: "pending", "applied", "handed-over", "released", "expired" or
 * "failed".
 */
const char *boot_constraint_state_name(enum boot_constraint_state state)
{
	return bc_state_names[state];
}

/*
 * The types built in, by enum dev_boot_constraint_type: a type's file, its
 * config option and its line here are all a new type needs (see "Adding a
 * resource type" in Documentation/driver-api/boot-constraint.rst). A type
 * whose option is off is refused. Each entry names its option as written:
 * kbuild rebuilds this file when an option it names changes.
 */
static const struct boot_constraint_ops *const bc_types[DEV_BOOT_CONSTRAINT_NR_TYPES] = {
	[DEV_BOOT_CONSTRAINT_CLK] = IS_ENABLED(CONFIG_DEV_BOOT_CONSTRAINT_CLK) ?
		&boot_constraint_clk_ops : NULL,
	[DEV_BOOT_CONSTRAINT_PM] = IS_ENABLED(CONFIG_DEV_BOOT_CONSTRAINT_PM) ?
		&boot_constraint_pm_ops : NULL,
	[DEV_BOOT_CONSTRAINT_SUPPLY] = IS_ENABLED(CONFIG_DEV_BOOT_CONSTRAINT_SUPPLY) ?
		&boot_constraint_supply_ops : NULL,
	[DEV_BOOT_CONSTRAINT_ICC] = IS_ENABLED(CONFIG_DEV_BOOT_CONSTRAINT_ICC) ?
		&boot_constraint_icc_ops : NULL,
	[DEV_BOOT_CONSTRAINT_RESET] = IS_ENABLED(CONFIG_DEV_BOOT_CONSTRAINT_RESET) ?
		&boot_constraint_reset_ops : NULL,
};

/**
 * boot_constraint_type() - What a type of constraint does.
 * @type: the type.
 *
 * Return: its ops, or NULL for a type that is unknown or whose framework
 * is not built in.
 */
const struct boot_constraint_ops *boot_constraint_type(enum dev_boot_constraint_type type)
{
	return (unsigned int)type < DEV_BOOT_CONSTRAINT_NR_TYPES ?
	       bc_types[type] : NULL;
}
EXPORT_SYMBOL_IF_KUNIT(boot_constraint_type);

/**
 * boot_constraint_next_type() - The next type built in.
 * @type: a type; set to the first type built in from it on.
 *
 * Return: the ops of that type, or NULL if there is none: @type is then
 * %DEV_BOOT_CONSTRAINT_NR_TYPES.
 */
const struct boot_constraint_ops *
boot_constraint_next_type(enum dev_boot_constraint_type *type)
{
	for (; *type < DEV_BOOT_CONSTRAINT_NR_TYPES; (*type)++) {
		if (bc_types[*type])
			return bc_types[*type];
	}

	return NULL;
}

/* A type whose framework is not built in is refused, not ignored. */
static const struct boot_constraint_ops *
bc_type_ops(struct device *dev, enum dev_boot_constraint_type type)
{
	const struct boot_constraint_ops *ops = boot_constraint_type(type);

	if (ops)
		return ops;

	dev_err(dev, "boot constraint of unknown type %d, or of a framework not built in\n",
		type);
	return ERR_PTR((unsigned int)type < DEV_BOOT_CONSTRAINT_NR_TYPES ?
		       -EOPNOTSUPP : -EINVAL);
}

static size_t bc_ksize_const(const void *p)
{
	return p && !is_kernel_rodata((unsigned long)p) ? ksize(p) : 0;
}

/**
 * bc_constraint_bytes() - The memory a constraint's record takes.
 * @c: the constraint.
 *
 * Return: its bytes, its type's state and its resource's name included.
 */
size_t bc_constraint_bytes(const struct boot_constraint *c)
{
	return ksize(c) + bc_ksize_const(c->name);
}

/**
 * bc_count_bytes() - Count the memory of records added and freed.
 * @add: the bytes of the records added.
 * @sub: the bytes of the records freed.
 *
 * Context: caller holds bc_lock.
 */
void bc_count_bytes(size_t add, size_t sub)
{
	lockdep_assert_held(&bc_lock);

	bc_bytes += add;
	bc_bytes -= sub;
	bc_bytes_peak = max(bc_bytes_peak, bc_bytes);
}

/* The batch of every automatic constraint: each stands alone. */
struct boot_constraint_batch bc_batch_alone = {
	.deadline = &bc_machine_deadline,
};

/**
 * bc_batch_alloc() - Allocate the batch of constraints added together.
 * @origin: what declared them, copied; or NULL.
 * @n: how many they are.
 * @deadline: what releases them if their device's driver does not take
 *	them over.
 *
 * Return: the batch, or NULL if out of memory.
 */
struct boot_constraint_batch *
bc_batch_alloc(const char *origin, unsigned int n,
	       struct boot_constraint_deadline *deadline)
{
	struct boot_constraint_batch *batch;

	batch = kzalloc(sizeof(*batch), GFP_KERNEL);
	if (!batch)
		return NULL;

	if (origin) {
		batch->origin = kstrdup_const(origin, GFP_KERNEL);
		if (!batch->origin) {
			kfree(batch);
			return NULL;
		}
	}
	batch->members = n;
	batch->deadline = deadline;

	return batch;
}

/**
 * bc_batch_put() - A member of a batch goes.
 * @batch: its batch, freed with its last member unless it is bc_batch_alone.
 */
void bc_batch_put(struct boot_constraint_batch *batch)
{
	if (batch == &bc_batch_alone || --batch->members)
		return;

	kfree_const(batch->origin);
	kfree(batch);
}

/**
 * bc_constraint_create() - Allocate a constraint, as its type checks it.
 * @dev: the device it is for.
 * @info: the caller's description of it.
 *
 * The constraint is allocated at its type's size: its &struct
 * boot_constraint starts the type's struct.
 *
 * Return: the constraint, not in any batch nor list yet; or an ERR_PTR():
 * -EOPNOTSUPP for a type whose framework is not built in, -EINVAL for an
 * unknown type, or the type's init() error.
 */
struct boot_constraint *
bc_constraint_create(struct device *dev,
		     const struct dev_boot_constraint_info *info)
{
	const struct boot_constraint_ops *ops;
	struct boot_constraint *c;
	int ret;

	ops = bc_type_ops(dev, info->constraint.type);
	if (IS_ERR(ops))
		return ERR_CAST(ops);

	c = kzalloc(ops->size, GFP_KERNEL);
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

/**
 * bc_constraint_set_spec() - Where the device's node names the resource.
 * @c: the constraint, not published yet.
 * @spec: the node's entry for its resource, as its adder read it, or NULL
 *	if it did not.
 */
void bc_constraint_set_spec(struct boot_constraint *c,
			    const struct boot_constraint_spec *spec)
{
	c->nr_cells = BOOT_CONSTRAINT_CELLS + 1;
	if (!spec)
		return;

	c->provider = spec->np;
	c->nr_cells = spec->nr;
	memcpy(c->cells, spec->cells, sizeof(c->cells));
}

/**
 * bc_constraint_destroy() - Free a constraint that holds nothing.
 * @c: the constraint, in no list.
 */
void bc_constraint_destroy(struct boot_constraint *c)
{
	bc_batch_put(c->batch);
	kfree_const(c->name);
	kfree(c);
}

/* Whether the hooks have nothing left to do, and can get nothing more. */
static bool bc_hooks_idle(void)
{
	lockdep_assert_held(&bc_lock);

	return !bc_open_deadlines && list_empty(&bc_devices);
}

static void bc_hooks_quiet_fn(struct work_struct *work)
{
	bool idle;

	guard(mutex)(&bc_key_lock);
	scoped_guard(mutex, &bc_lock)
		idle = bc_hooks_idle();
	if (idle && static_key_enabled(&dev_boot_constraints_live)) {
		static_branch_disable(&dev_boot_constraints_live);
		pr_info("no constraint left: the driver core's hooks are off\n");
	}
}

static DECLARE_WORK(bc_hooks_quiet_work, bc_hooks_quiet_fn);

/**
 * bc_hooks_may_quiet() - Turn the driver core's hooks off if they are idle.
 *
 * Once no deadline is open and no device has constraints, from a work item:
 * static_branch_disable() takes the CPU hotplug lock, which must not nest
 * in bc_lock.
 *
 * Context: caller holds bc_lock.
 */
void bc_hooks_may_quiet(void)
{
	lockdep_assert_held(&bc_lock);

	if (bc_hooks_idle())
		schedule_work(&bc_hooks_quiet_work);
}

/* With boot_constraints=off, the hooks are off from the start. */
static int __init bc_hooks_init(void)
{
	if (boot_constraints_disabled())
		static_branch_disable(&dev_boot_constraints_live);

	return 0;
}
early_initcall(bc_hooks_init);

/**
 * bc_deadline_open() - Open a deadline.
 * @deadline: the deadline.
 *
 * Constraints may be added under @deadline until bc_deadline_close(): the
 * driver core's hooks are on again if every constraint had ended.
 */
void bc_deadline_open(struct boot_constraint_deadline *deadline)
{
	guard(mutex)(&bc_key_lock);
	static_branch_enable(&dev_boot_constraints_live);
	guard(mutex)(&bc_lock);
	deadline->at = 0;
	deadline->past = false;
	WRITE_ONCE(bc_open_deadlines, bc_open_deadlines + 1);
}

/**
 * boot_constraint_deadlines_open() - Whether constraints may still be added.
 *
 * Without a lock: a device added as the last deadline passes may still get
 * constraints, which their add refuses under bc_lock, see bc_check_deadline().
 *
 * Return: true while a deadline, the machine's or a test's, has not passed.
 */
bool boot_constraint_deadlines_open(void)
{
	return READ_ONCE(bc_open_deadlines);
}

/**
 * bc_deadline_close() - A deadline passes.
 * @deadline: the deadline, open or already passed.
 *
 * From now on, constraints added under @deadline are refused: nothing would
 * release them. The driver core's hooks go off once no deadline is open
 * and no device has constraints left.
 *
 * Context: caller holds bc_lock.
 */
void bc_deadline_close(struct boot_constraint_deadline *deadline)
{
	lockdep_assert_held(&bc_lock);

	if (!deadline->past)
		WRITE_ONCE(bc_open_deadlines, bc_open_deadlines - 1);
	WRITE_ONCE(deadline->past, true);
	bc_hooks_may_quiet();
}

/**
 * bc_find() - The record of a device with constraints.
 * @dev: the device.
 *
 * Context: caller holds bc_lock.
 * Return: its record, or NULL if it has no constraint live.
 */
struct boot_constraint_dev *bc_find(struct device *dev)
{
	struct boot_constraint_dev *bdev;

	lockdep_assert_held(&bc_lock);

	hash_for_each_possible(bc_active, bdev, hnode, (unsigned long)dev) {
		if (bdev->dev == dev)
			return bdev;
	}

	return NULL;
}

/**
 * __bc_is_constrained() - Whether a device is in its bucket of bc_active.
 * @dev: the device.
 * @head: its bucket, not empty: see bc_is_constrained().
 *
 * Return: true if @dev is in the table of devices with constraints.
 */
bool __bc_is_constrained(struct device *dev, struct hlist_head *head)
{
	struct boot_constraint_dev *bdev;
	bool found = false;

	rcu_read_lock();
	hlist_for_each_entry_rcu(bdev, head, hnode) {
		if (READ_ONCE(bdev->dev) == dev) {
			found = true;
			break;
		}
	}
	rcu_read_unlock();

	return found;
}

/**
 * bc_device_alloc() - Allocate the record of a device.
 * @dev: the device.
 *
 * Return: its record, not active yet, or NULL if out of memory.
 */
struct boot_constraint_dev *bc_device_alloc(struct device *dev)
{
	struct boot_constraint_dev *bdev;

	bdev = kzalloc(sizeof(*bdev), GFP_KERNEL);
	if (!bdev)
		return NULL;

	bdev->dev = dev;
	bdev->key = dev;
	INIT_LIST_HEAD(&bdev->constraints);
	INIT_LIST_HEAD(&bdev->retry_node);

	return bdev;
}

static size_t bc_device_bytes(const struct boot_constraint_dev *bdev)
{
	return ksize(bdev) + (bdev->name ? ksize(bdev->name) : 0);
}

/**
 * bc_device_name() - The name of a recorded device.
 * @bdev: its record, active or in the history.
 *
 * Context: caller holds bc_lock.
 * Return: its name, or "(unnamed)" if it was not copied.
 */
const char *bc_device_name(const struct boot_constraint_dev *bdev)
{
	lockdep_assert_held(&bc_lock);

	return bdev->dev ? dev_name(bdev->dev) : bdev->name ?: "(unnamed)";
}

/**
 * bc_device_free() - Free the record of a device, and its constraints.
 * @bdev: the record, not active.
 *
 * The record goes after a grace period, for bc_is_constrained()'s lockless
 * walk of the active table; its constraints are never seen there.
 */
void bc_device_free(struct boot_constraint_dev *bdev)
{
	struct boot_constraint *c, *tmp;

	list_for_each_entry_safe(c, tmp, &bdev->constraints, node) {
		bc_count_bytes(0, bc_constraint_bytes(c));
		bc_constraint_destroy(c);
	}
	kfree(bdev->name);
	kfree_rcu(bdev, rcu);
}

/**
 * bc_device_activate() - Enter a device in the table of active devices.
 * @bdev: its record, with its first constraints.
 *
 * A reference to the device is held while it is there.
 *
 * Context: caller holds bc_lock.
 */
void bc_device_activate(struct boot_constraint_dev *bdev)
{
	lockdep_assert_held(&bc_lock);

	get_device(bdev->dev);
	bdev->active = true;
	hash_add_rcu(bc_active, &bdev->hnode, (unsigned long)bdev->dev);
	list_add_tail(&bdev->node, &bc_devices);
	bc_count_bytes(bc_device_bytes(bdev), 0);
}

/**
 * bc_device_retire() - Move a device whose constraints all ended to history.
 * @bdev: its record, active and not marked for a retry.
 *
 * The history keeps the last BC_HISTORY_MAX devices for debugfs.
 *
 * Context: caller holds bc_lock, and calls put_device() on the result
 * after it.
 * Return: the device.
 */
struct device *bc_device_retire(struct boot_constraint_dev *bdev)
{
	struct boot_constraint_dev *oldest;
	struct device *dev = bdev->dev;

	lockdep_assert_held(&bc_lock);

	hash_del_rcu(&bdev->hnode);
	bdev->active = false;
	WRITE_ONCE(bdev->dev, NULL);
	list_del_init(&bdev->node);
	bc_hooks_may_quiet();

	/* Only automatic constraints that found their resource off: nothing */
	if (list_empty(&bdev->constraints)) {
		bc_count_bytes(0, bc_device_bytes(bdev));
		bc_device_free(bdev);
		return dev;
	}

	list_add_tail(&bdev->node, &bc_history);
	/* Without its copy, debugfs shows the device unnamed */
	bdev->name = kstrdup(dev_name(dev), GFP_KERNEL | __GFP_NOWARN);
	if (bdev->name)
		bc_count_bytes(ksize(bdev->name), 0);

	if (++bc_history_len > BC_HISTORY_MAX) {
		oldest = list_first_entry(&bc_history,
					  struct boot_constraint_dev, node);
		list_del(&oldest->node);
		bc_history_len--;
		bc_count_bytes(0, bc_device_bytes(oldest));
		bc_device_free(oldest);
	}

	return dev;
}

/* The device's record, or the last one in the history. Caller holds bc_lock. */
static struct boot_constraint_dev *bc_find_recorded(struct device *dev)
{
	struct boot_constraint_dev *bdev = bc_find(dev);

	lockdep_assert_held(&bc_lock);

	if (bdev)
		return bdev;

	list_for_each_entry_reverse(bdev, &bc_history, node) {
		if (bdev->key == dev)
			return bdev;
	}

	return NULL;
}

/*
 * Counts @dev's recorded constraints, those that ended included while the
 * history keeps them: returns how many are in @state, and sets *@attempts
 * to the sum of their attempts to be applied.
 */
static unsigned int bc_count_recorded(struct device *dev,
				      enum boot_constraint_state state,
				      unsigned int *attempts)
{
	struct boot_constraint_dev *bdev;
	struct boot_constraint *c;
	unsigned int count = 0;

	*attempts = 0;
	guard(mutex)(&bc_lock);
	bdev = bc_find_recorded(dev);
	if (bdev) {
		list_for_each_entry(c, &bdev->constraints, node) {
			count += c->state == state;
			*attempts += c->attempts;
		}
	}

	return count;
}

/**
 * boot_constraint_count() - Count a device's constraints in a given state.
 * @dev: the device.
 * @state: the state.
 *
 * Return: how many of @dev's constraints are in @state, those that ended
 * included while the history keeps them.
 */
unsigned int boot_constraint_count(struct device *dev,
				   enum boot_constraint_state state)
{
	unsigned int attempts;

	return bc_count_recorded(dev, state, &attempts);
}
EXPORT_SYMBOL_IF_KUNIT(boot_constraint_count);

/**
 * boot_constraint_auto_off() - Count the resources found off.
 *
 * Return: how many automatic constraints found their resource off, and
 * were freed, since boot.
 */
unsigned int boot_constraint_auto_off(void)
{
	guard(mutex)(&bc_lock);
	return bc_nr_auto_off;
}
EXPORT_SYMBOL_IF_KUNIT(boot_constraint_auto_off);

/**
 * boot_constraint_attempts() - Count the attempts to apply a device's constraints.
 * @dev: the device.
 *
 * Return: how many times the device's constraints were tried to be applied,
 * successfully or not, those that ended included while the history keeps
 * them.
 */
unsigned int boot_constraint_attempts(struct device *dev)
{
	unsigned int attempts;

	bc_count_recorded(dev, BC_APPLIED, &attempts);

	return attempts;
}
EXPORT_SYMBOL_IF_KUNIT(boot_constraint_attempts);
