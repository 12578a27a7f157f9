// SPDX-License-Identifier: GPL-2.0
/*
 * Whether the driver core calls the boot constraint core at all: the static
 * key of its hooks, on from boot while a deadline under which constraints
 * may be added is open or a device has constraints left, then off, so that
 * a probe pays nothing for them. The deadlines (deadline.c) open and close
 * here; the records (records.c) tell whether a device has constraints left.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>

#include <kunit/visibility.h>

#include "internal.h"
#include "records.h"

/*
 * bc_key_lock orders turning boot_constraints_live off with turning it
 * on again for a new deadline; it is taken before bc_lock, never under it,
 * and never across a call into a framework.
 */
static DEFINE_MUTEX(bc_key_lock);
/*
 * The driver core calls its hooks only while boot_constraints_live is
 * on (<linux/boot_constraint.h>): from boot until every deadline under which
 * constraints may be added has passed and no device has constraints left;
 * then a probe pays nothing for them.
 */
DEFINE_STATIC_KEY_TRUE(boot_constraints_live);
EXPORT_SYMBOL_IF_KUNIT(boot_constraints_live);
/* Deadlines not passed yet, the machine's included: written under bc_lock */
static unsigned int bc_open_deadlines = 1;
/*
 * What drops what only the hooks use, once they are off: set once at boot,
 * called under bc_key_lock.
 */
static void (*bc_hooks_off)(void);

/* Whether the hooks have nothing left to do, and can get nothing more. */
static bool bc_hooks_idle(void)
{
	bc_assert_held();

	return !bc_open_deadlines && bc_devices_empty();
}

static void bc_hooks_quiet_fn(struct work_struct *work)
{
	bool idle;

	guard(mutex)(&bc_key_lock);
	scoped_guard(bc)
		idle = bc_hooks_idle();
	if (idle && static_key_enabled(&boot_constraints_live)) {
		/* First: a bus unregistered meanwhile is then not followed */
		if (bc_hooks_off)
			bc_hooks_off();
		static_branch_disable(&boot_constraints_live);
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
	bc_assert_held();

	if (bc_hooks_idle())
		schedule_work(&bc_hooks_quiet_work);
}

/**
 * bc_hooks_at_off() - Set what drops what only the hooks use.
 * @off: called each time the hooks go off, right before, with
 *	bc_key_lock held and no lock of the core's.
 *
 * Called once, at boot, before any deadline passes.
 */
void bc_hooks_at_off(void (*off)(void))
{
	bc_hooks_off = off;
}

/* With boot_constraints=off, the hooks are off from the start. */
static int __init bc_hooks_init(void)
{
	if (bc_disabled())
		static_branch_disable(&boot_constraints_live);

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
void bc_deadline_open(struct bc_deadline *deadline)
{
	guard(mutex)(&bc_key_lock);
	static_branch_enable(&boot_constraints_live);
	guard(bc)();
	deadline->at = 0;
	deadline->past = false;
	WRITE_ONCE(bc_open_deadlines, bc_open_deadlines + 1);
}

/**
 * bc_deadlines_open() - Whether constraints may still be added.
 *
 * Without a lock: a device added as the last deadline passes may still get
 * constraints, which their add refuses under bc_lock, see bc_check_deadline().
 *
 * Return: true while a deadline, the machine's or a test's, has not passed.
 */
bool bc_deadlines_open(void)
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
void bc_deadline_close(struct bc_deadline *deadline)
{
	bc_assert_held();

	if (!deadline->past)
		WRITE_ONCE(bc_open_deadlines, bc_open_deadlines - 1);
	WRITE_ONCE(deadline->past, true);
	bc_hooks_may_quiet();
}
