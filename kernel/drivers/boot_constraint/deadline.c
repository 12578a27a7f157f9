// SPDX-License-Identifier: GPL-2.0
/*
 * What ends the boot constraints that no driver took over: the deadline,
 * and user space.
 *
 * A device whose driver has not probed by the deadline may never get one,
 * and its resources must not stay on forever: its constraints are released
 * then, each with a warning. The deadline is the driver core's, when it
 * stops waiting for deferred probes (deferred_probe_timeout=, or 30 s after
 * late_initcall if it waits forever), or boot_constraints.timeout= seconds
 * after late_initcall. The early console's constraints outlive the driver
 * core's: its earlycon prints through them until its driver binds, which
 * user space may load from its initramfs; but not by more than
 * BC_CONSOLE_GRACE seconds.
 * boot_constraints=report logs here what it would have kept on, as report.c
 * does at the clean-ups of unused resources. What user space ends, through
 * /sys/kernel/boot_constraints/release, is in release.c.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/console.h>
#include <linux/device.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>

#include <kunit/visibility.h>

#include "deadline.h"
#include "internal.h"
#include "records.h"
#include "unseen.h"
#include "kunit.h"
#include "of.h"
#include "retry.h"

/* Counts the passes of deadlines: under bc_lock */
static unsigned long bc_expiry_seq;

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
static bool bc_expires(const struct bc_constraint *c,
		       const struct bc_deadline *deadline,
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
bc_device_warn_expiry(struct bc_dev *bdev,
		      const struct bc_deadline *deadline,
		      enum bc_spare spare)
{
	struct bc_constraint *c;
	unsigned int autos = 0;

	bc_assert_held();

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
				 c->type->name, bc_name(c),
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

	if (bc_mode() == BC_MODE_REPORT)
		pr_info("report: deadline: %u resources on at boot for %u devices whose driver did not probe would be released now (list in debugfs)\n",
			autos, devices);
	else
		pr_warn("deadline: releasing %u resources held automatically for %u devices whose driver did not probe (list in debugfs)\n",
			autos, devices);
}

/*
 * Releases what the deadline releases of the constraints of @dev, after
 * warning of it if the first pass did not, the device's probe being under
 * way then; none if @dev has none, or if @expected, other records than
 * @expected (the device's constraints ended, and it has new ones). Caller
 * holds device_lock(@dev), not bc_lock.
 */
static void bc_device_expire(struct device *dev,
			     const struct bc_dev *expected,
			     const struct bc_deadline *deadline,
			     enum bc_spare spare)
{
	struct bc_dev *bdev;
	struct bc_constraint *c;
	LIST_HEAD(done);

	device_lock_assert(dev);

	scoped_guard(bc) {
		bdev = bc_find(dev);
		if (!bdev || (expected && bdev != expected))
			return;
		if (!bdev->warned)
			bc_warn_auto_expiry(bc_device_warn_expiry(bdev, deadline, spare), 1);
		bdev->warned = false;
	}

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
static struct bc_dev *
bc_next_to_expire(const struct bc_deadline *deadline,
		  enum bc_spare spare, unsigned long seq)
{
	struct bc_dev *bdev;
	struct bc_constraint *c;

	bc_assert_held();

	for (bdev = bc_next_device(NULL); bdev; bdev = bc_next_device(bdev)) {
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
 * @deadline are refused: nothing would release them; once no deadline is
 * open, a new device gets none.
 */
static void bc_deadline_pass(struct bc_deadline *deadline,
			     enum bc_spare spare)
{
	unsigned int autos = 0, devices = 0, n;
	struct bc_dev *bdev;
	struct device *dev;
	unsigned long seq;

	scoped_guard(bc) {
		seq = ++bc_expiry_seq;
		bc_unseen_expire(deadline, NULL);
		/* When it passed first: the console's pass comes later */
		if (!deadline->past)
			deadline->at = ktime_get();
		bc_deadline_close(deadline);
		for (bdev = bc_next_device(NULL); bdev; bdev = bc_next_device(bdev)) {
			n = bc_device_warn_expiry(bdev, deadline, spare);
			autos += n;
			devices += !!n;
		}
		bc_warn_auto_expiry(autos, devices);
	}

	for (;;) {
		scoped_guard(bc) {
			bdev = bc_next_to_expire(deadline, spare, seq);
			dev = bdev ? get_device(bdev->dev) : NULL;
		}
		if (!dev)
			break;

		device_lock(dev);
		bc_device_expire(dev, bdev, deadline, spare);
		device_unlock(dev);
		put_device(dev);
	}
}

/*
 * The machine's deadline; the driver core's spares the early console's,
 * which the console's pass, BC_CONSOLE_GRACE seconds later, releases.
 */
static void bc_expire_all(bool driver_core)
{
	enum bc_spare spare;

	spare = !driver_core ? BC_SPARE_NONE :
		bc_boot_console() ? BC_SPARE_ALL : BC_SPARE_TABLES;
	bc_deadline_pass(bc_machine_deadline(), spare);
}

/**
 * bc_expire() - Release the constraints of every device.
 *
 * The deadline: a device whose driver has not probed by then may never get
 * one, and its resources must not stay on forever.
 */
void bc_expire(void)
{
	bc_expire_all(false);
}

/**
 * bc_deadline_init() - Open a deadline of one's own.
 * @deadline: the deadline.
 *
 * Constraints may be added under @deadline, see bc_add_until(),
 * until bc_pass() passes it: the driver core's hooks are on
 * again if every constraint had ended, and new devices get constraints
 * again if every deadline had passed.
 */
void bc_deadline_init(struct bc_deadline *deadline)
{
	bc_deadline_open(deadline);
}
EXPORT_SYMBOL_IF_KUNIT(bc_deadline_init);

/**
 * bc_pass() - Pass a deadline of bc_add_until().
 * @deadline: the deadline.
 *
 * Releases the constraints added under @deadline as the machine's deadline
 * releases its own, and refuses those added under it from now on: for
 * tests, which must not pass the machine's. The caller may free @deadline
 * once this returns and no add under it is under way.
 */
void bc_pass(struct bc_deadline *deadline)
{
	bc_deadline_pass(deadline, BC_SPARE_NONE);
}
EXPORT_SYMBOL_IF_KUNIT(bc_pass);

/**
 * bc_expire_device() - Release one device's constraints.
 * @dev: the device.
 *
 * As the deadline would, for @dev alone: for tests, which must not release
 * the constraints of the machine they run on.
 */
void bc_expire_device(struct device *dev)
{
	device_lock(dev);
	bc_device_expire(dev, NULL, NULL, BC_SPARE_NONE);
	device_unlock(dev);
}
EXPORT_SYMBOL_IF_KUNIT(bc_expire_device);

/*
 * Seconds after the driver core's deadline before the early console's
 * constraints are released too, if its driver has not probed: long enough
 * for user space to load it from an initramfs, as the driver core's own
 * deadline is for any driver, and a bound on what is held for a console
 * whose driver never comes.
 */
#define BC_CONSOLE_GRACE	30

static void bc_console_deadline_fn(struct work_struct *work)
{
	bc_expire_all(false);
}

static DECLARE_DELAYED_WORK(bc_console_deadline_work, bc_console_deadline_fn);

/**
 * boot_constraints_deadline() - The driver core stops waiting for drivers.
 *
 * Called by the driver core when its deferred probe timeout expires, or at
 * late_initcall if it has none. Unless boot_constraints.timeout= sets a
 * deadline of its own, the constraints of every device whose driver has
 * not probed are released then: the resources of a device that has no
 * driver must not stay on forever. The console's are kept BC_CONSOLE_GRACE
 * seconds more: its earlycon prints through them until its driver binds,
 * and a kernel without modules has no deferred probe timeout at all.
 */
void boot_constraints_deadline(void)
{
	if (bc_timeout() != BC_TIMEOUT_DRIVER_CORE ||
	    bc_disabled())
		return;

	bc_expire_all(true);
	bc_of_drop_waiters();
	schedule_delayed_work(&bc_console_deadline_work,
			      secs_to_jiffies(BC_CONSOLE_GRACE));
}

/*
 * Seconds after late_initcall before the constraints are released when the
 * driver core waits for drivers forever: as long as the regulator core waits
 * before it turns the unused supplies off.
 */
#define BC_TIMEOUT_NO_DRIVER_CORE	30

static void bc_driver_core_deadline_fn(struct work_struct *work)
{
	boot_constraints_deadline();
}

static DECLARE_DELAYED_WORK(bc_driver_core_deadline_work,
			    bc_driver_core_deadline_fn);

/**
 * boot_constraints_no_deadline() - The driver core waits forever.
 *
 * Called by the driver core at late_initcall when deferred_probe_timeout=-1
 * tells it to wait for missing drivers forever. Constraints must not: unless
 * boot_constraints.timeout= sets a deadline, they get the driver core's
 * deadline BC_TIMEOUT_NO_DRIVER_CORE seconds later.
 */
void boot_constraints_no_deadline(void)
{
	if (bc_timeout() != BC_TIMEOUT_DRIVER_CORE ||
	    bc_disabled())
		return;

	pr_info("deferred_probe_timeout=-1: the constraints of devices whose driver has not probed are released in %d s\n",
		BC_TIMEOUT_NO_DRIVER_CORE);
	scoped_guard(bc)
		bc_machine_deadline()->at = ktime_add(ktime_get(),
						      ktime_set(BC_TIMEOUT_NO_DRIVER_CORE, 0));
	schedule_delayed_work(&bc_driver_core_deadline_work,
			      secs_to_jiffies(BC_TIMEOUT_NO_DRIVER_CORE));
}

static void bc_deadline_fn(struct work_struct *work)
{
	bc_expire_all(false);
	bc_of_drop_waiters();
}

static DECLARE_DELAYED_WORK(bc_deadline_work, bc_deadline_fn);

/* boot_constraints.timeout= counts from late_initcall, as the driver core's. */
static int __init bc_machine_deadline_init(void)
{
	int timeout = bc_timeout();

	if (bc_disabled() || timeout < 0)
		return 0;

	scoped_guard(bc)
		bc_machine_deadline()->at = ktime_add(ktime_get(),
						      ktime_set(timeout, 0));
	schedule_delayed_work(&bc_deadline_work, secs_to_jiffies(timeout));

	return 0;
}
late_initcall(bc_machine_deadline_init);

/**
 * bc_boot_console() - Whether a boot console (earlycon) runs.
 *
 * Return: true while a console registered with %CON_BOOT prints.
 */
bool bc_boot_console(void)
{
	struct console *con;
	bool found = false;

	console_list_lock();
	for_each_console(con) {
		if (con->flags & CON_BOOT) {
			found = true;
			break;
		}
	}
	console_list_unlock();

	return found;
}
EXPORT_SYMBOL_IF_KUNIT(bc_boot_console);
