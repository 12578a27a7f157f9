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
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/jiffies.h>
#include <linux/kobject.h>
#include <linux/kstrtox.h>
#include <linux/limits.h>
#include <linux/lockdep.h>
#include <linux/math64.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/workqueue.h>

#include <asm/sections.h>

#include "../base/base.h"
#include "core.h"

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
 * bc_lock protects bc_active, bc_devices, bc_retry_list, bc_history, the
 * pending index (bc_pending, bc_pending_in, bc_nr_keyed, bc_pending_any),
 * the state of every constraint, the deadline and the counters. It is held
 * only around them, never across a call into a framework or into a
 * constraint's owner.
 *
 * The driver core's hooks first look the device up in bc_active under RCU,
 * so devices without constraints never take bc_lock. A bind takes it only if
 * a constraint may wait for the bound device, which the counts of pending
 * constraints tell without it; an add retries its pending constraints once
 * they are counted, so one of the two sees the other.
 *
 * Lock order: device_lock(dev), then bc_lock.
 */
static DEFINE_MUTEX(bc_lock);
/*
 * The driver core calls its hooks only while dev_boot_constraints_live is
 * on (drivers/base/base.h): from boot until every deadline under which
 * constraints may be added has passed and no device has constraints left;
 * then a probe pays nothing for them. bc_key_lock orders turning it off
 * with turning it on again for a new deadline; it is taken before bc_lock,
 * never under it, and never across a call into a framework.
 */
DEFINE_STATIC_KEY_TRUE(dev_boot_constraints_live);
static DEFINE_MUTEX(bc_key_lock);
/* Deadlines not passed yet, the machine's included: under bc_lock */
static unsigned int bc_open_deadlines = 1;
/*
 * Devices with constraints, hashed on the device: sized so that a device
 * without constraints most often finds its bucket empty, and costs the
 * hooks a load, while hundreds of devices have constraints (250 of them
 * leave 6% of the buckets taken).
 */
#define BC_ACTIVE_BITS	12
static DEFINE_HASHTABLE(bc_active, BC_ACTIVE_BITS);
static LIST_HEAD(bc_devices);
/* Devices marked for bc_retry_work, oldest mark first */
static LIST_HEAD(bc_retry_list);
/* Devices whose constraints have all ended, newest last, for debugfs */
#define BC_HISTORY_MAX	64
static LIST_HEAD(bc_history);
static unsigned int bc_history_len;
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
/* Counts binds that retry constraints, and deadline passes */
static unsigned long bc_seq;
/* Counts every bind: an add retries only if a device was bound meanwhile */
static atomic_long_t bc_binds = ATOMIC_LONG_INIT(0);
/* What the core holds and has held, for debugfs */
static unsigned int bc_nr_added;
static size_t bc_bytes, bc_bytes_peak;

static bool bc_disabled;
/* Resources found off by an automatic constraint, which held nothing */
static unsigned int bc_nr_auto_off;

/*
 * Seconds after late_initcall before the constraints of devices that have
 * not probed are released; -1 for never. By default, BC_TIMEOUT_DRIVER_CORE,
 * they are released when the driver core stops waiting for deferred probes:
 * deferred_probe_timeout= after late_initcall, extended as drivers register.
 * bc_machine_deadline is when.
 */
#define BC_TIMEOUT_DRIVER_CORE	-2
#define BC_TIMEOUT_MAX		(INT_MAX / HZ)
static int bc_timeout = BC_TIMEOUT_DRIVER_CORE;
static struct boot_constraint_deadline bc_machine_deadline;

/* boot_constraints=PATH[:...], once for each device: dt.c reads them. */
#define BC_SPECS_MAX	8
static struct {
	const char *spec[BC_SPECS_MAX];
	unsigned int count;
} bc_cmdline __initdata;

/*
 * boot_constraints=off, auto, report or tables, or a device to constrain,
 * once for each.
 */
static int __init boot_constraints_param(char *arg)
{
	if (!arg)
		return -EINVAL;

	if (!strcmp(arg, "off")) {
		bc_disabled = true;
		pr_info("disabled on the command line\n");
		return 0;
	}

	if (!boot_constraint_mode_param(arg))
		return 0;

	if (arg[0] != '/') {
		pr_err("boot_constraints=%s: neither off nor a node path (auto, report and tables need CONFIG_DEV_BOOT_CONSTRAINT_AUTO), nothing held\n",
		       arg);
		return 0;
	}

	if (bc_cmdline.count == BC_SPECS_MAX) {
		pr_err("boot_constraints=%s: more than %d devices, nothing held\n",
		       arg, BC_SPECS_MAX);
		return 0;
	}

	bc_cmdline.spec[bc_cmdline.count++] = arg;

	return 0;
}
early_param("boot_constraints", boot_constraints_param);

static int __init boot_constraints_timeout_param(char *arg)
{
	int ret;

	ret = kstrtoint(arg ?: "", 10, &bc_timeout);
	if (ret || bc_timeout < -1 || bc_timeout > BC_TIMEOUT_MAX) {
		pr_err("boot_constraints.timeout=%s: not -1 or a number of seconds up to %d; using the driver core's deadline\n",
		       arg ?: "", BC_TIMEOUT_MAX);
		bc_timeout = BC_TIMEOUT_DRIVER_CORE;
		return -EINVAL;
	}

	return 0;
}
early_param("boot_constraints.timeout", boot_constraints_timeout_param);

/**
 * boot_constraint_cmdline_specs() - The devices boot_constraints= names.
 * @specs: set to the specs, "PATH[:...]" as given, in their order.
 *
 * Context: init code only: the specs are freed after it.
 * Return: how many there are.
 */
unsigned int __init boot_constraint_cmdline_specs(const char * const **specs)
{
	*specs = bc_cmdline.spec;

	return bc_cmdline.count;
}

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
	[BC_HANDED_OVER] = "handed-over",
	[BC_RELEASED] = "released",
	[BC_EXPIRED] = "expired",
	[BC_FAILED] = "failed",
};

const char *boot_constraint_state_name(enum boot_constraint_state state)
{
	return bc_state_names[state];
}

/* Whether the constraint holds its resource, or waits to. */
static bool bc_is_live(const struct boot_constraint *c)
{
	return c->state == BC_PENDING || c->state == BC_APPLIED ||
	       c->state == BC_HANDED_OVER;
}

/* Whether it holds its resource (perhaps because giving it back failed). */
static bool bc_holds(const struct boot_constraint *c)
{
	return c->state == BC_APPLIED || c->state == BC_HANDED_OVER;
}

/* Whether it took its resource: a constraint of a report takes nothing. */
static bool bc_takes(const struct boot_constraint *c)
{
	return bc_holds(c) && !c->report;
}

static const char *bc_name(const struct boot_constraint *c)
{
	return c->name ?: "(default)";
}

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

/*
 * The types built in, by enum dev_boot_constraint_type: a type's file and
 * its line here are all a new type needs (see "Adding a resource type" in
 * Documentation/driver-api/boot-constraint.rst).
 */
static const struct boot_constraint_ops *const bc_types[DEV_BOOT_CONSTRAINT_NR_TYPES] = {
	[DEV_BOOT_CONSTRAINT_CLK] = &boot_constraint_clk_ops,
	[DEV_BOOT_CONSTRAINT_PM] = &boot_constraint_pm_ops,
	[DEV_BOOT_CONSTRAINT_SUPPLY] = &boot_constraint_supply_ops,
#ifdef CONFIG_DEV_BOOT_CONSTRAINT_ICC
	[DEV_BOOT_CONSTRAINT_ICC] = &boot_constraint_icc_ops,
#endif
#ifdef CONFIG_DEV_BOOT_CONSTRAINT_RESET
	[DEV_BOOT_CONSTRAINT_RESET] = &boot_constraint_reset_ops,
#endif
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

static size_t bc_constraint_bytes(const struct boot_constraint *c)
{
	return ksize(c) + bc_ksize_const(c->name);
}

/* Caller holds bc_lock. */
static void bc_count_bytes(size_t add, size_t sub)
{
	lockdep_assert_held(&bc_lock);

	bc_bytes += add;
	bc_bytes -= sub;
	bc_bytes_peak = max(bc_bytes_peak, bc_bytes);
}

/* The batch of every automatic constraint: each stands alone. */
static struct boot_constraint_batch bc_batch_alone = {
	.deadline = &bc_machine_deadline,
};

static struct boot_constraint_batch *
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

static void bc_batch_put(struct boot_constraint_batch *batch)
{
	if (batch == &bc_batch_alone || --batch->members)
		return;

	kfree_const(batch->origin);
	kfree(batch);
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

/* Where the device's node names @c's resource, if its adder read it. */
static void bc_constraint_set_spec(struct boot_constraint *c,
				   const struct boot_constraint_spec *spec)
{
	c->nr_cells = BOOT_CONSTRAINT_CELLS + 1;
	if (!spec)
		return;

	c->provider = spec->np;
	c->nr_cells = spec->nr;
	memcpy(c->cells, spec->cells, sizeof(c->cells));
}

static void bc_constraint_destroy(struct boot_constraint *c)
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

/*
 * Turns the hooks off once idle, from a work item: static_branch_disable()
 * takes the CPU hotplug lock, which must not nest in bc_lock. Caller holds
 * bc_lock.
 */
static void bc_hooks_may_quiet(void)
{
	if (bc_hooks_idle())
		schedule_work(&bc_hooks_quiet_work);
}

/* With boot_constraints=off, the hooks are off from the start. */
static int __init bc_hooks_init(void)
{
	if (bc_disabled)
		static_branch_disable(&dev_boot_constraints_live);

	return 0;
}
early_initcall(bc_hooks_init);

/**
 * boot_constraint_deadline_init() - Open a deadline of one's own.
 * @deadline: the deadline.
 *
 * Constraints may be added under @deadline, see boot_constraint_add_until(),
 * until boot_constraint_pass() passes it: the driver core's hooks are on
 * again if every constraint had ended.
 */
void boot_constraint_deadline_init(struct boot_constraint_deadline *deadline)
{
	guard(mutex)(&bc_key_lock);
	static_branch_enable(&dev_boot_constraints_live);
	guard(mutex)(&bc_lock);
	deadline->at = 0;
	deadline->past = false;
	bc_open_deadlines++;
}

/* Caller holds bc_lock. */
static struct boot_constraint_dev *bc_find(struct device *dev)
{
	struct boot_constraint_dev *bdev;

	lockdep_assert_held(&bc_lock);

	hash_for_each_possible(bc_active, bdev, hnode, (unsigned long)dev) {
		if (bdev->dev == dev)
			return bdev;
	}

	return NULL;
}

/*
 * A hint for the driver core's hooks, taken without bc_lock. Entries of
 * bc_active are freed only after an RCU grace period once they leave it, so
 * a racing removal is harmless: the hooks look again under bc_lock.
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

/* Caller holds bc_lock. */
static const char *bc_device_name(const struct boot_constraint_dev *bdev)
{
	lockdep_assert_held(&bc_lock);

	return bdev->dev ? dev_name(bdev->dev) : bdev->name ?: "(unnamed)";
}

/*
 * Frees the record of a device no longer active, and its constraints. The
 * record goes after a grace period, for bc_is_constrained()'s lockless
 * walk of the active table; its constraints are never seen there.
 */
static void bc_device_free(struct boot_constraint_dev *bdev)
{
	struct boot_constraint *c, *tmp;

	list_for_each_entry_safe(c, tmp, &bdev->constraints, node) {
		bc_count_bytes(0, bc_constraint_bytes(c));
		bc_constraint_destroy(c);
	}
	kfree(bdev->name);
	kfree_rcu(bdev, rcu);
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

/* Caller holds bc_lock. */
static void bc_device_activate(struct boot_constraint_dev *bdev)
{
	lockdep_assert_held(&bc_lock);

	get_device(bdev->dev);
	bdev->active = true;
	hash_add_rcu(bc_active, &bdev->hnode, (unsigned long)bdev->dev);
	list_add_tail(&bdev->node, &bc_devices);
	bc_count_bytes(bc_device_bytes(bdev), 0);
}

/*
 * Moves a device whose constraints have all ended to the history, which
 * keeps the last BC_HISTORY_MAX of them for debugfs. Caller holds bc_lock,
 * and calls put_device() on the result after it.
 */
static struct device *bc_device_retire(struct boot_constraint_dev *bdev)
{
	struct boot_constraint_dev *oldest;
	struct device *dev = bdev->dev;

	lockdep_assert_held(&bc_lock);

	hash_del_rcu(&bdev->hnode);
	bc_unmark_retry(bdev);
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

/*
 * Gives the resource back, or forgets a pending constraint, and marks it
 * @state. Returns whether its owner must be told; a resource that could not
 * be given back stays held, with the error. Caller holds device_lock() of
 * the device, not bc_lock.
 */
static bool bc_release(struct boot_constraint *c, enum boot_constraint_state state)
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
		bc_name(c), bc_state_names[state]);

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

/*
 * Once none of its constraints is live any more, the device is let go.
 * Caller holds device_lock() of the device, not bc_lock.
 */
static void bc_device_settle(struct boot_constraint_dev *bdev,
			     struct list_head *done)
{
	struct boot_constraint *c;
	struct device *put = NULL;

	bc_notify_owners(done);

	mutex_lock(&bc_lock);
	list_for_each_entry(c, &bdev->constraints, node) {
		if (bc_is_live(c))
			goto out;
	}
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
 * The early console's device: its earlycon prints through the resources the
 * constraints hold until its driver binds, and a kernel without modules has
 * no deferred probe timeout at all, so the driver core's deadline spares it.
 */
static bool bc_is_console(const struct device *dev)
{
	return dev->of_node && dev->of_node == of_stdout;
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

/*
 * The device's record, if it is constrained. Its constraints stay as they
 * are while the caller holds device_lock(dev).
 */
static struct boot_constraint_dev *bc_lookup(struct device *dev)
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

/*
 * The driver of @bdev has taken its resources over: bc_retry_work releases
 * them under the device's lock, which the caller may not take (a component
 * bound from another device's probe, a device bound by hand). Caller holds
 * bc_lock.
 */
static void bc_device_taken_over(struct boot_constraint_dev *bdev)
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
	bool pending = false;
	unsigned long binds;
	LIST_HEAD(done);
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
		if (ret) {
			if (!bdev->active)
				bc_device_free(bdev);
			return ret;
		}
	}

	mutex_lock(&bc_lock);
	ret = bc_check_deadline(dev, cs[0]->batch);
	if (!ret) {
		bc_publish(bdev, cs, n);
		if (later)
			bc_mark_retry(bdev);
	}
	mutex_unlock(&bc_lock);
	if (ret) {
		if (!later)
			bc_undo(cs, n);
		if (!bdev->active)
			bc_device_free(bdev);
		return ret;
	}
	if (later) {
		schedule_work(&bc_retry_work);
		return 0;
	}

	/*
	 * A provider that was bound while the constraints were taken may have
	 * missed them: they were not counted yet. Retry once they are, if a
	 * device was bound meanwhile: without one, a retry could only fail
	 * as the attempt did. Pairs with the count of binds in
	 * dev_boot_constraints_device_bound().
	 */
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

	if (bc_disabled) {
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
	struct boot_constraint_dev *bdev;

	if (!static_branch_unlikely(&dev_boot_constraints_live) ||
	    !bc_is_constrained(dev))
		return;

	mutex_lock(&bc_lock);
	bdev = bc_find(dev);
	if (bdev && bdev->probing)
		bdev->later = true;
	mutex_unlock(&bc_lock);
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
	struct boot_constraint_dev *bdev;

	if (!static_branch_unlikely(&dev_boot_constraints_live) ||
	    !bc_is_constrained(dev))
		return;

	mutex_lock(&bc_lock);
	bdev = bc_find(dev);
	if (bdev)
		bc_device_taken_over(bdev);
	mutex_unlock(&bc_lock);
}
EXPORT_SYMBOL_GPL(dev_boot_constraints_taken_over);

/*
 * A driver bound to @dev without the driver core's probe (device_bind_driver(),
 * as phylib binds its generic PHY driver) has taken it over; a driver that
 * probed it and takes over later has not.
 */
static void bc_device_bound(struct device *dev)
{
	struct boot_constraint_dev *bdev;

	if (!bc_is_constrained(dev))
		return;

	mutex_lock(&bc_lock);
	bdev = bc_find(dev);
	if (bdev && !bdev->later)
		bc_device_taken_over(bdev);
	mutex_unlock(&bc_lock);
}

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

	bc_device_bound(dev);

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

/**
 * enum bc_spare - What a deadline spares of the early console's device.
 *
 * @BC_SPARE_NONE: nothing: boot_constraints.timeout= expired, or a test.
 * @BC_SPARE_TABLES: the constraints of tables and declarations: the driver
 *	core's deadline, a kernel without modules having no other.
 * @BC_SPARE_ALL: the automatic ones too: the driver core's deadline while
 *	an early console prints through what they hold.
 */
enum bc_spare {
	BC_SPARE_NONE,
	BC_SPARE_TABLES,
	BC_SPARE_ALL,
};

/*
 * Whether @deadline, now passing, releases @c: NULL when one device's
 * constraints are released as if theirs passed.
 */
static bool bc_expires(const struct boot_constraint *c,
		       const struct boot_constraint_deadline *deadline,
		       enum bc_spare spare)
{
	if (!bc_is_live(c) || (deadline && c->batch->deadline != deadline))
		return false;
	if (spare == BC_SPARE_NONE || !bc_is_console(c->bdev->dev))
		return true;

	return c->auto_on && spare == BC_SPARE_TABLES;
}

/*
 * Warns of what is to be released, before anything is: a console may go.
 * The automatic constraints that hold something are counted instead, for
 * one line for all of them. A device whose probe is under way is left to
 * bc_device_expire(): its probe may release them first. Caller holds
 * bc_lock.
 */
static unsigned int
bc_device_warn_expiry(struct boot_constraint_dev *bdev,
		      const struct boot_constraint_deadline *deadline,
		      enum bc_spare spare)
{
	struct boot_constraint *c;
	unsigned int autos = 0;

	lockdep_assert_held(&bc_lock);

	if (bdev->probing)
		return 0;

	list_for_each_entry(c, &bdev->constraints, node) {
		if (!bc_expires(c, deadline, spare))
			continue;
		bdev->warned = true;
		if (c->auto_on)
			autos += bc_holds(c);
		else
			dev_warn(bdev->dev,
				 "%s boot constraint %s released at the deadline: %s\n",
				 c->ops->name, bc_name(c),
				 bdev->later ? "its driver did not take it over" :
					       "no driver probed");
	}

	return autos;
}

/* The one line for the automatic constraints that the deadline releases. */
static void bc_warn_auto_expiry(unsigned int autos, unsigned int devices)
{
	if (!autos)
		return;

	if (boot_constraint_mode() == BC_MODE_REPORT)
		pr_info("report: deadline: %u resources on at boot for %u devices whose driver did not probe would be released now (list in debugfs)\n",
			autos, devices);
	else
		pr_warn("deadline: releasing %u resources held automatically for %u devices whose driver did not probe (list in debugfs)\n",
			autos, devices);
}

/*
 * Releases what the deadline releases of @bdev, after warning of it if the
 * first pass did not, the device's probe being under way then. Caller holds
 * device_lock() of the device, not bc_lock.
 */
static void bc_device_expire(struct boot_constraint_dev *bdev,
			     const struct boot_constraint_deadline *deadline,
			     enum bc_spare spare)
{
	struct boot_constraint *c;
	LIST_HEAD(done);

	mutex_lock(&bc_lock);
	if (!bdev->warned)
		bc_warn_auto_expiry(bc_device_warn_expiry(bdev, deadline, spare),
				    1);
	bdev->warned = false;
	mutex_unlock(&bc_lock);

	list_for_each_entry_reverse(c, &bdev->constraints, node) {
		if (bc_expires(c, deadline, spare) && bc_release(c, BC_EXPIRED))
			list_add_tail(&c->done_node, &done);
	}

	bc_device_settle(bdev, &done);
}

/*
 * The first device with constraints that the deadline releases, not seen
 * yet by the pass @seq. Caller holds bc_lock.
 */
static struct boot_constraint_dev *
bc_next_to_expire(const struct boot_constraint_deadline *deadline,
		  enum bc_spare spare, unsigned long seq)
{
	struct boot_constraint_dev *bdev;
	struct boot_constraint *c;

	lockdep_assert_held(&bc_lock);

	list_for_each_entry(bdev, &bc_devices, node) {
		if (bdev->seq == seq)
			continue;

		bdev->seq = seq;
		list_for_each_entry(c, &bdev->constraints, node) {
			if (bc_expires(c, deadline, spare))
				return bdev;
		}
	}

	return NULL;
}

/*
 * Releases the constraints of @deadline whose device has not been taken over
 * yet, each under its device's lock, so never during its probe: warnings
 * first, for all of them, then the releases. From now on, constraints under
 * @deadline are refused: nothing would release them.
 */
static void bc_deadline_pass(struct boot_constraint_deadline *deadline,
			     enum bc_spare spare)
{
	unsigned int autos = 0, devices = 0, n;
	struct boot_constraint_dev *bdev;
	struct device *dev;
	unsigned long seq;

	mutex_lock(&bc_lock);
	seq = ++bc_seq;
	if (!deadline->past)
		bc_open_deadlines--;
	WRITE_ONCE(deadline->past, true);
	bc_hooks_may_quiet();
	deadline->at = ktime_get();
	list_for_each_entry(bdev, &bc_devices, node) {
		n = bc_device_warn_expiry(bdev, deadline, spare);
		autos += n;
		devices += !!n;
	}
	bc_warn_auto_expiry(autos, devices);
	mutex_unlock(&bc_lock);

	for (;;) {
		mutex_lock(&bc_lock);
		bdev = bc_next_to_expire(deadline, spare, seq);
		dev = bdev ? get_device(bdev->dev) : NULL;
		mutex_unlock(&bc_lock);
		if (!dev)
			break;

		device_lock(dev);
		if (bc_lookup(dev) == bdev)
			bc_device_expire(bdev, deadline, spare);
		device_unlock(dev);
		put_device(dev);
	}
}

/* The machine's deadline; the driver core's spares the early console's. */
static void bc_expire_all(bool driver_core)
{
	enum bc_spare spare;

	spare = !driver_core ? BC_SPARE_NONE :
		boot_constraint_boot_console() ? BC_SPARE_ALL : BC_SPARE_TABLES;
	bc_deadline_pass(&bc_machine_deadline, spare);
}

/**
 * boot_constraints_expire() - Release the constraints of every device.
 *
 * The deadline: a device whose driver has not probed by then may never get
 * one, and its resources must not stay on forever.
 */
void boot_constraints_expire(void)
{
	bc_expire_all(false);
}

/**
 * boot_constraint_pass() - Pass a deadline of boot_constraint_add_until().
 * @deadline: the deadline.
 *
 * Releases the constraints added under @deadline as the machine's deadline
 * releases its own, and refuses those added under it from now on: for
 * tests, which must not pass the machine's. The caller may free @deadline
 * once this returns and no add under it is under way.
 */
void boot_constraint_pass(struct boot_constraint_deadline *deadline)
{
	bc_deadline_pass(deadline, BC_SPARE_NONE);
}

/**
 * boot_constraint_expire_device() - Release one device's constraints.
 * @dev: the device.
 *
 * As the deadline would, for @dev alone: for tests, which must not release
 * the constraints of the machine they run on.
 */
void boot_constraint_expire_device(struct device *dev)
{
	struct boot_constraint_dev *bdev;

	device_lock(dev);
	bdev = bc_lookup(dev);
	if (bdev)
		bc_device_expire(bdev, NULL, BC_SPARE_NONE);
	device_unlock(dev);
}

/**
 * dev_boot_constraints_deadline() - The driver core stops waiting for drivers.
 *
 * Called by the driver core when its deferred probe timeout expires, or at
 * late_initcall if it has none. Unless boot_constraints.timeout= sets a
 * deadline of its own, the constraints of every device whose driver has
 * not probed are released then: the resources of a device that has no
 * driver must not stay on forever. The console's are kept: its earlycon
 * prints through them until its driver binds, and a kernel without modules
 * has no deferred probe timeout at all.
 */
void dev_boot_constraints_deadline(void)
{
	if (bc_timeout != BC_TIMEOUT_DRIVER_CORE || bc_disabled)
		return;

	bc_expire_all(true);
	boot_constraint_of_drop_waiters();
}

/*
 * Seconds after late_initcall before the constraints are released when the
 * driver core waits for drivers forever: as long as the regulator core waits
 * before it turns the unused supplies off.
 */
#define BC_TIMEOUT_NO_DRIVER_CORE	30

static void bc_driver_core_deadline_fn(struct work_struct *work)
{
	dev_boot_constraints_deadline();
}

static DECLARE_DELAYED_WORK(bc_driver_core_deadline_work,
			    bc_driver_core_deadline_fn);

/**
 * dev_boot_constraints_no_deadline() - The driver core waits forever.
 *
 * Called by the driver core at late_initcall when deferred_probe_timeout=-1
 * tells it to wait for missing drivers forever. Constraints must not: unless
 * boot_constraints.timeout= sets a deadline, they get the driver core's
 * deadline BC_TIMEOUT_NO_DRIVER_CORE seconds later.
 */
void dev_boot_constraints_no_deadline(void)
{
	if (bc_timeout != BC_TIMEOUT_DRIVER_CORE || bc_disabled)
		return;

	pr_info("deferred_probe_timeout=-1: the constraints of devices whose driver has not probed are released in %d s\n",
		BC_TIMEOUT_NO_DRIVER_CORE);
	mutex_lock(&bc_lock);
	bc_machine_deadline.at = ktime_add(ktime_get(),
					   ktime_set(BC_TIMEOUT_NO_DRIVER_CORE, 0));
	mutex_unlock(&bc_lock);
	schedule_delayed_work(&bc_driver_core_deadline_work,
			      secs_to_jiffies(BC_TIMEOUT_NO_DRIVER_CORE));
}

/**
 * boot_constraint_report() - Log what a report would keep on.
 * @when: the clean-up about to run, for the messages.
 *
 * With boot_constraints=report, logs one line for each resource that was on
 * at boot, is named by a device whose driver has not probed, and that the
 * clean-up of unused resources may now turn off: what boot_constraints=auto
 * would keep on.
 */
void boot_constraint_report(const char *when)
{
	struct boot_constraint_dev *bdev;
	struct boot_constraint *c;
	unsigned int n = 0;

	mutex_lock(&bc_lock);
	list_for_each_entry(bdev, &bc_devices, node) {
		list_for_each_entry(c, &bdev->constraints, node) {
			if (!c->report || c->state != BC_APPLIED)
				continue;
			pr_info("report: %s: would keep %s %s for %s\n", when,
				c->ops->kind, bc_name(c), bc_device_name(bdev));
			n++;
		}
	}
	mutex_unlock(&bc_lock);

	if (n)
		pr_info("report: %s: %u resources on at boot whose consumer has not probed\n",
			when, n);
}

/**
 * boot_constraint_end() - End the constraints of devices, as user space asks.
 * @name: a device's name, as debugfs lists it, or "all" for every device.
 *
 * The constraints of the devices named @name are released as if their
 * drivers had taken them over: once no probe of the device is under way.
 * For the "boot is done" signal a distribution sends once its display
 * manager runs, and for a device whose driver will not say it took over.
 *
 * Return: 0, or -ENODEV if no constrained device has that name.
 */
int boot_constraint_end(const char *name)
{
	bool all = !strcmp(name, "all");
	struct boot_constraint_dev *bdev;
	unsigned int n = 0;

	mutex_lock(&bc_lock);
	list_for_each_entry(bdev, &bc_devices, node) {
		if (all || !strcmp(dev_name(bdev->dev), name)) {
			bc_device_taken_over(bdev);
			n++;
		}
	}
	mutex_unlock(&bc_lock);

	if (!n)
		return -ENODEV;

	pr_info("user space ends the constraints of %s (%u devices)\n", name, n);
	return 0;
}

/* /sys/kernel/boot_constraints/release: a device's name, or "all" */
static ssize_t release_store(struct kobject *kobj, struct kobj_attribute *attr,
			     const char *buf, size_t count)
{
	char *name;
	int ret;

	name = kstrndup(buf, count, GFP_KERNEL);
	if (!name)
		return -ENOMEM;

	ret = boot_constraint_end(strim(name));
	kfree(name);

	return ret ?: count;
}

static struct kobj_attribute bc_release_attr = __ATTR_WO(release);

static struct attribute *bc_sysfs_attrs[] = {
	&bc_release_attr.attr,
	NULL
};

static const struct attribute_group bc_sysfs_group = {
	.attrs = bc_sysfs_attrs,
};

static int __init boot_constraints_sysfs_init(void)
{
	struct kobject *kobj;
	int ret;

	kobj = kobject_create_and_add("boot_constraints", kernel_kobj);
	if (!kobj)
		return -ENOMEM;

	ret = sysfs_create_group(kobj, &bc_sysfs_group);
	if (ret)
		kobject_put(kobj);

	return ret;
}
core_initcall(boot_constraints_sysfs_init);

static void bc_deadline_fn(struct work_struct *work)
{
	bc_expire_all(false);
	boot_constraint_of_drop_waiters();
}

static DECLARE_DELAYED_WORK(bc_deadline_work, bc_deadline_fn);

/* boot_constraints.timeout= counts from late_initcall, as the driver core's. */
static int __init boot_constraints_deadline_init(void)
{
	if (bc_disabled || bc_timeout < 0)
		return 0;

	mutex_lock(&bc_lock);
	bc_machine_deadline.at = ktime_add(ktime_get(),
					   ktime_set(bc_timeout, 0));
	mutex_unlock(&bc_lock);
	schedule_delayed_work(&bc_deadline_work, secs_to_jiffies(bc_timeout));

	return 0;
}
late_initcall(boot_constraints_deadline_init);

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
	mutex_lock(&bc_lock);
	bdev = bc_find_recorded(dev);
	if (bdev) {
		list_for_each_entry(c, &bdev->constraints, node) {
			count += c->state == state;
			*attempts += c->attempts;
		}
	}
	mutex_unlock(&bc_lock);

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

/**
 * boot_constraint_auto_off() - Count the resources found off.
 *
 * Return: how many automatic constraints found their resource off, and
 * were freed, since boot.
 */
unsigned int boot_constraint_auto_off(void)
{
	unsigned int n;

	mutex_lock(&bc_lock);
	n = bc_nr_auto_off;
	mutex_unlock(&bc_lock);

	return n;
}

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

/**
 * boot_constraint_show_stats() - Print what the constraints cost.
 * @s: where to print.
 *
 * Prints the number of constraints added since boot, of those recorded now
 * (the live ones and the history) and of those pending, how many times the
 * recorded ones were tried to be applied, and the bytes of memory the core
 * holds for its records of devices and constraints, now and at most. Not
 * counted: what a constraint allocates while it holds its resource (the
 * frameworks' consumer handles, the device that holds a power domain), all
 * freed when it is released. Then the mode (tables, auto or report) and how
 * many automatic constraints found their resource off.
 */
void boot_constraint_show_stats(struct seq_file *s)
{
	unsigned int constraints = 0, pending = 0, attempts = 0;
	struct boot_constraint_dev *bdev;
	struct boot_constraint *c;

	mutex_lock(&bc_lock);
	list_for_each_entry(bdev, &bc_devices, node) {
		list_for_each_entry(c, &bdev->constraints, node) {
			constraints++;
			pending += c->state == BC_PENDING;
			attempts += c->attempts;
		}
	}
	list_for_each_entry(bdev, &bc_history, node) {
		list_for_each_entry(c, &bdev->constraints, node) {
			constraints++;
			attempts += c->attempts;
		}
	}

	seq_printf(s, "added %u\nconstraints %u\npending %u\napply_attempts %u\nbytes %zu\nbytes_peak %zu\n",
		   bc_nr_added, constraints, pending, attempts, bc_bytes,
		   bc_bytes_peak);
	seq_printf(s, "mode %s\nauto_off %u\nhooks %s\n",
		   boot_constraint_mode_name(), bc_nr_auto_off,
		   static_key_enabled(&dev_boot_constraints_live) ? "on" : "off");
	mutex_unlock(&bc_lock);
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
	seq_printf(s, "%s %s %s", bc_device_name(bdev), c->ops->name,
		   bc_name(c));
	if (c->auto_on)
		seq_printf(s, " %s", c->report ? "report" : "auto");
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

static void bc_show_devices(struct seq_file *s, struct list_head *devices)
{
	struct boot_constraint_dev *bdev;
	struct boot_constraint *c;

	list_for_each_entry(bdev, devices, node) {
		list_for_each_entry(c, &bdev->constraints, node)
			bc_show_constraint(s, bdev, c);
	}
}

/**
 * boot_constraint_show_all() - Print the constraints.
 * @s: where to print, one constraint a line.
 *
 * Prints the constraints of the devices that still have some, then those of
 * the last BC_HISTORY_MAX devices whose constraints have all ended, oldest
 * first.
 */
void boot_constraint_show_all(struct seq_file *s)
{
	mutex_lock(&bc_lock);
	seq_puts(s, "# deadline");
	if (!bc_machine_deadline.at && bc_timeout == BC_TIMEOUT_DRIVER_CORE)
		seq_puts(s, " deferred_probe_timeout");
	else
		bc_show_time(s, bc_machine_deadline.at);
	seq_puts(s, "\n# device type resource parameters state applied released\n");

	bc_show_devices(s, &bc_history);
	bc_show_devices(s, &bc_devices);
	mutex_unlock(&bc_lock);
}
