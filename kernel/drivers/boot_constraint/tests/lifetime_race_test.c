// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the races of boot constraints with their lifetime: many
 * constrained devices probed asynchronously at once, constraints added
 * while their device is deleted or as their deadline passes, a release
 * from user space while its device's probe defers, and the debugfs view
 * read while constraints come and go. The lifetime itself is
 * tested in lifetime_test.c.
 *
 * Every resource ends as it started, with as many releases as takes in
 * its provider's log, and every owner is told exactly once.
 */

#include <linux/completion.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/kthread.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/sched/task.h>
#include <linux/seq_file.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/sprintf.h>
#include <linux/string.h>

#include <kunit/of.h>
#include <kunit/platform_device.h>
#include <kunit/resource.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../deadline.h"
#include "../release.h"
#include "../kunit.h"
#include "lifetime.h"

#define BC_TEST_LIFE_ASYNC_DEVS	16
#define BC_TEST_LIFE_RACE_PAIRS	4
#define BC_TEST_LIFE_RACE_ROUNDS	25
#define BC_TEST_LIFE_SHOW_WRITERS	2
#define BC_TEST_LIFE_SHOW_LOOPS	40

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_life_pdev_unregister, platform_device_unregister,
			    struct platform_device *);

/**
 * struct bc_test_life_async - A driver probed asynchronously on many devices.
 *
 * @pdrv: the driver.
 * @clk: the clock all its devices' constraints hold.
 * @probes: number of probes.
 * @held: number of probes that found their constraint applied and the
 *	clock on.
 */
struct bc_test_life_async {
	struct platform_driver pdrv;
	struct bc_test_clk *clk;
	atomic_t probes;
	atomic_t held;
};

static int bc_test_life_async_probe(struct platform_device *pdev)
{
	struct bc_test_life_async *a;

	a = container_of(to_platform_driver(pdev->dev.driver),
			 struct bc_test_life_async, pdrv);
	if (bc_count(&pdev->dev, BC_HANDED_OVER) == 1 &&
	    bc_test_clk_enable_count(a->clk) > 0)
		atomic_inc(&a->held);
	atomic_inc(&a->probes);

	return 0;
}

/*
 * Many devices constrained by one clock probe asynchronously at once: each
 * finds its constraint held, each constraint is released once, and the
 * clock ends off.
 */
static void bc_test_life_async_many(struct kunit *test)
{
	struct bc_test_life_ctx *ctx = test->priv;
	struct bc_test_owner *owners[BC_TEST_LIFE_ASYNC_DEVS];
	struct platform_device *pdev;
	struct bc_test_life_async *a;
	unsigned int i;
	int ret;

	for (i = 0; i < BC_TEST_LIFE_ASYNC_DEVS; i++) {
		struct dev_boot_constraint_info info = ctx->info;

		pdev = platform_device_alloc("bc-life-async", i);
		KUNIT_ASSERT_NOT_NULL(test, pdev);
		KUNIT_ASSERT_EQ(test, platform_device_add(pdev), 0);
		ret = kunit_add_action_or_reset(test, bc_test_life_pdev_unregister,
						pdev);
		KUNIT_ASSERT_EQ(test, ret, 0);
		owners[i] = bc_test_owner_alloc(test, NULL, "async");
		KUNIT_ASSERT_NOT_NULL(test, owners[i]);
		bc_test_owner_set(&info, owners[i]);
		KUNIT_ASSERT_EQ(test, dev_boot_constraint_add(&pdev->dev, &info), 0);
	}
	KUNIT_ASSERT_EQ(test, bc_test_clk_enable_count(ctx->bc.clk),
			BC_TEST_LIFE_ASYNC_DEVS);

	a = kunit_kzalloc(test, sizeof(*a), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	a->clk = ctx->bc.clk;
	a->pdrv.probe = bc_test_life_async_probe;
	a->pdrv.driver.name = "bc-life-async";
	a->pdrv.driver.probe_type = PROBE_PREFER_ASYNCHRONOUS;
	KUNIT_ASSERT_EQ(test, kunit_platform_driver_register(test, &a->pdrv), 0);
	wait_for_device_probe();

	KUNIT_EXPECT_EQ(test, atomic_read(&a->probes), BC_TEST_LIFE_ASYNC_DEVS);
	KUNIT_EXPECT_EQ(test, atomic_read(&a->held), BC_TEST_LIFE_ASYNC_DEVS);
	for (i = 0; i < BC_TEST_LIFE_ASYNC_DEVS; i++)
		KUNIT_EXPECT_EQ(test, atomic_read(&owners[i]->calls), 1);
	KUNIT_EXPECT_EQ(test, ctx->bc.clk->enables, 1);
	bc_test_life_expect_clk_idle(test);
}

/**
 * struct bc_test_life_race - A constraint added while its device is deleted,
 * each by a thread of its own (bc_test_life_race_add(), _del()).
 *
 * @test: the test.
 * @pdev: the device, with a reference of the test's.
 * @info: the constraint.
 * @start: what the adding thread waits for before it adds.
 * @del_start: what the deleting thread waits for, or NULL to delete at once.
 * @added: completed, for all its waiters, once the add has returned.
 * @deleted: completed, for all its waiters, once the device is deleted.
 * @ret: what the add returned.
 */
struct bc_test_life_race {
	struct kunit *test;
	struct platform_device *pdev;
	struct dev_boot_constraint_info info;
	struct completion *start;
	struct completion *del_start;
	struct completion added;
	struct completion deleted;
	int ret;
};

static int bc_test_life_race_add(void *data)
{
	struct bc_test_life_race *r = data;

	bc_test_thread_join(r->test);
	wait_for_completion(r->start);
	r->ret = dev_boot_constraint_add(&r->pdev->dev, &r->info);
	complete_all(&r->added);

	return 0;
}

static int bc_test_life_race_del(void *data)
{
	struct bc_test_life_race *r = data;

	if (r->del_start)
		wait_for_completion(r->del_start);
	platform_device_del(r->pdev);
	complete_all(&r->deleted);

	return 0;
}

/* One round: each pair's device is deleted while a constraint is added. */
static void bc_test_life_race_round(struct kunit *test, struct bc_test_life_race *races,
				    unsigned int round, unsigned int *added)
{
	struct bc_test_life_ctx *ctx = test->priv;
	struct task_struct *task;
	DECLARE_COMPLETION_ONSTACK(start);
	struct bc_test_life_race *r;
	unsigned int i, id;

	for (i = 0; i < BC_TEST_LIFE_RACE_PAIRS; i++) {
		r = &races[i];
		id = round * BC_TEST_LIFE_RACE_PAIRS + i;
		r->pdev = platform_device_alloc("bc-life-race", id);
		KUNIT_ASSERT_NOT_NULL(test, r->pdev);
		if (platform_device_add(r->pdev)) {
			platform_device_put(r->pdev);
			KUNIT_FAIL_AND_ABORT(test, "platform_device_add");
		}
		r->test = test;
		r->info = ctx->info;
		r->start = &start;
		r->del_start = &start;
		init_completion(&r->added);
		init_completion(&r->deleted);
	}

	/* No assertion until the threads are done: they use @races. */
	for (i = 0; i < BC_TEST_LIFE_RACE_PAIRS; i++) {
		r = &races[i];
		task = kthread_run(bc_test_life_race_add, r, "bc-race-add/%u", i);
		if (IS_ERR(task)) {
			r->ret = PTR_ERR(task);
			complete(&r->added);
		}
		task = kthread_run(bc_test_life_race_del, r, "bc-race-del/%u", i);
		if (IS_ERR(task)) {
			platform_device_del(r->pdev);
			complete(&r->deleted);
		}
	}
	complete_all(&start);

	for (i = 0; i < BC_TEST_LIFE_RACE_PAIRS; i++) {
		r = &races[i];
		wait_for_completion(&r->added);
		wait_for_completion(&r->deleted);
		/* Added before the deletion released it, or refused. */
		if (!r->ret)
			(*added)++;
		else
			KUNIT_EXPECT_EQ_MSG(test, r->ret, -ENODEV,
					    "round %u pair %u", round, i);
		KUNIT_EXPECT_EQ_MSG(test, bc_test_count_held(&r->pdev->dev), 0,
				    "round %u pair %u", round, i);
		platform_device_put(r->pdev);
	}
	KUNIT_EXPECT_EQ_MSG(test, bc_test_clk_enable_count(ctx->bc.clk), 0,
			    "round %u", round);
}

/*
 * Constraints added while their devices are deleted: each is either
 * refused or released by the deletion, never left held by a device that
 * is gone; its owner is told once if it was added.
 */
static void bc_test_life_add_races_delete(struct kunit *test)
{
	struct bc_test_life_ctx *ctx = test->priv;
	struct bc_test_life_race *races;
	unsigned int round, added = 0;

	races = kunit_kcalloc(test, BC_TEST_LIFE_RACE_PAIRS, sizeof(*races),
			      GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, races);

	for (round = 0; round < BC_TEST_LIFE_RACE_ROUNDS; round++)
		bc_test_life_race_round(test, races, round, &added);

	kunit_info(test, "%u of %u constraints added before their device was deleted\n",
		   added, BC_TEST_LIFE_RACE_PAIRS * BC_TEST_LIFE_RACE_ROUNDS);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->bc.owner->calls), added);
	bc_test_life_expect_clk_idle(test);
}

/**
 * struct bc_test_life_window - A constraint added in the last moments of its
 * device's deletion.
 *
 * @nb: the platform bus notifier that stops the deletion there.
 * @race: the add, which starts at @go, and the deletion, at once.
 * @go: completed when the deletion has sent its last notification, and
 *	is about to leave sysfs and look its constraints up. These
 *	completions have more than one waiter: complete_all() them.
 * @preparing: completed when the add, past its checks, prepares the clock.
 */
struct bc_test_life_window {
	struct notifier_block nb;
	struct bc_test_life_race race;
	struct completion go;
	struct completion preparing;
};

/* The deletion waits for the add to be past its checks, for up to 1 s. */
static int bc_test_life_window_notify(struct notifier_block *nb,
				      unsigned long action, void *data)
{
	struct bc_test_life_window *w = container_of(nb, struct bc_test_life_window, nb);

	if (data != &w->race.pdev->dev || action != BUS_NOTIFY_REMOVED_DEVICE)
		return NOTIFY_DONE;

	complete_all(&w->go);
	wait_for_completion_timeout(&w->preparing, HZ);

	return NOTIFY_OK;
}

/* The add, in the clock's prepare, waits for the deletion to be done. */
static void bc_test_life_window_prepare(void *data)
{
	struct bc_test_life_window *w = data;

	complete_all(&w->preparing);
	wait_for_completion_timeout(&w->race.deleted, HZ);
}

/*
 * The race of bc_test_life_add_races_delete(), made to happen: the add
 * finds the device still registered, the deletion leaves sysfs and looks
 * its constraints up while the add is applying its clock, and the add
 * publishes the constraint after that look-up. It must not be left held
 * by the deleted device: the add sees the deletion and releases it.
 */
static void bc_test_life_add_in_deletion(struct kunit *test)
{
	struct bc_test_life_ctx *ctx = test->priv;
	struct task_struct *adder, *deleter;
	struct bc_test_life_window *w;

	w = kunit_kzalloc(test, sizeof(*w), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, w);
	init_completion(&w->go);
	init_completion(&w->preparing);
	w->race.start = &w->go;
	init_completion(&w->race.added);
	init_completion(&w->race.deleted);
	w->race.test = test;
	w->race.info = ctx->info;
	w->nb.notifier_call = bc_test_life_window_notify;
	w->race.pdev = platform_device_alloc("bc-life-window", PLATFORM_DEVID_NONE);
	KUNIT_ASSERT_NOT_NULL(test, w->race.pdev);
	if (platform_device_add(w->race.pdev)) {
		platform_device_put(w->race.pdev);
		KUNIT_FAIL_AND_ABORT(test, "platform_device_add");
	}
	ctx->bc.clk->hook_data = w;
	ctx->bc.clk->prepare_hook = bc_test_life_window_prepare;
	if (bus_register_notifier(&platform_bus_type, &w->nb)) {
		platform_device_unregister(w->race.pdev);
		KUNIT_FAIL_AND_ABORT(test, "bus_register_notifier");
	}

	/* No assertion until both threads are done: they use @w. */
	adder = kthread_run(bc_test_life_race_add, &w->race, "bc-window-add");
	if (IS_ERR(adder)) {
		w->race.ret = PTR_ERR(adder);
		complete_all(&w->preparing);
		complete_all(&w->race.added);
	}
	deleter = kthread_run(bc_test_life_race_del, &w->race, "bc-window-del");
	if (IS_ERR(deleter)) {
		complete_all(&w->go);
		platform_device_del(w->race.pdev);
		complete_all(&w->race.deleted);
	}
	wait_for_completion(&w->race.added);
	wait_for_completion(&w->race.deleted);
	bus_unregister_notifier(&platform_bus_type, &w->nb);
	ctx->bc.clk->prepare_hook = NULL;

	KUNIT_EXPECT_EQ(test, w->race.ret, 0);
	KUNIT_EXPECT_TRUE(test, completion_done(&w->preparing));
	KUNIT_EXPECT_EQ(test, bc_test_count_held(&w->race.pdev->dev), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->bc.owner->calls), w->race.ret ? 0 : 1);
	platform_device_put(w->race.pdev);
	bc_test_life_expect_clk_idle(test);
}

/**
 * struct bc_test_life_deadline - A constraint added as its deadline passes.
 *
 * @pdev: the device.
 * @info: the constraint.
 * @deadline: the test's deadline, under which it is added.
 * @preparing: completed when the add, past its checks, prepares the clock.
 * @passed: completed when the deadline has passed.
 * @added: completed once the add has returned.
 * @ret: what the add returned.
 */
struct bc_test_life_deadline {
	struct platform_device *pdev;
	struct dev_boot_constraint_info info;
	struct bc_deadline *deadline;
	struct completion preparing;
	struct completion passed;
	struct completion added;
	int ret;
};

static int bc_test_life_deadline_add(void *data)
{
	struct bc_test_life_deadline *d = data;

	d->ret = bc_add_until(&d->pdev->dev, &d->info, 1,
			      d->deadline);
	complete_all(&d->added);

	return 0;
}

/* The add, in the clock's prepare, waits for the deadline to pass. */
static void bc_test_life_deadline_prepare(void *data)
{
	struct bc_test_life_deadline *d = data;

	complete_all(&d->preparing);
	wait_for_completion_timeout(&d->passed, HZ);
}

/*
 * The deadline passes while a constraint is being added: the add found it
 * not passed, and publishes the constraint after the deadline's walk of the
 * devices. Nothing would release it: the add is refused, with the clock
 * left as it was. Another deadline's adds go on.
 */
static void bc_test_life_add_at_deadline(struct kunit *test)
{
	struct bc_deadline *other;
	struct bc_test_life_ctx *ctx = test->priv;
	struct bc_test_life_deadline *d;
	struct task_struct *adder;

	d = kunit_kzalloc(test, sizeof(*d), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, d);
	d->pdev = bc_test_pdev_add(test, BC_TEST_LIFE_DEV);
	KUNIT_ASSERT_NOT_NULL(test, d->pdev);
	d->deadline = bc_test_deadline_alloc(test);
	KUNIT_ASSERT_NOT_NULL(test, d->deadline);
	d->info = ctx->info;
	init_completion(&d->preparing);
	init_completion(&d->passed);
	init_completion(&d->added);
	ctx->bc.clk->hook_data = d;
	ctx->bc.clk->prepare_hook = bc_test_life_deadline_prepare;

	/* No assertion until the add is done: it uses @d. */
	adder = kthread_run(bc_test_life_deadline_add, d, "bc-deadline-add");
	if (IS_ERR(adder)) {
		d->ret = PTR_ERR(adder);
		complete_all(&d->added);
	}
	wait_for_completion_timeout(&d->preparing, HZ);
	bc_pass(d->deadline);
	complete_all(&d->passed);
	wait_for_completion(&d->added);
	ctx->bc.clk->prepare_hook = NULL;

	KUNIT_EXPECT_TRUE(test, completion_done(&d->preparing));
	KUNIT_EXPECT_EQ(test, d->ret, -ETIMEDOUT);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(&d->pdev->dev), 0);
	bc_test_life_expect_clk_idle(test);
	KUNIT_EXPECT_EQ(test, bc_add_until(&d->pdev->dev, &d->info,
					   1, d->deadline),
			-ETIMEDOUT);

	/* Another deadline, not passed, holds it */
	other = bc_test_deadline_alloc(test);
	KUNIT_ASSERT_NOT_NULL(test, other);
	KUNIT_EXPECT_EQ(test, bc_add_until(&d->pdev->dev, &d->info,
					   1, other), 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(&d->pdev->dev), 1);
	bc_test_pdev_unregister(test, d->pdev);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->bc.owner->calls), 1);
	bc_test_life_expect_clk_idle(test);
}

#define BC_TEST_LIFE_BUSY_DEV	"bc-life-busy"

/*
 * A release from user space is for good. bc_retry_work, which releases
 * what user space ends, waits for the lock of a device it got to first;
 * meanwhile the device's driver probes, and defers. The deferral does
 * not keep the constraint: it is released, and the clock ends off.
 */
static void bc_test_life_user_release_outlives_deferral(struct kunit *test)
{
	struct bc_test_life_ctx *ctx = test->priv;
	struct platform_device *busy, *pdev;
	struct bc_test_driver *drv;
	int ret;

	busy = bc_test_pdev_add(test, BC_TEST_LIFE_BUSY_DEV);
	KUNIT_ASSERT_NOT_NULL(test, busy);
	pdev = bc_test_pdev_add(test, BC_TEST_LIFE_DEV);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	KUNIT_ASSERT_EQ(test, dev_boot_constraint_add(&busy->dev, &ctx->info), 0);
	KUNIT_ASSERT_EQ(test, dev_boot_constraint_add(&pdev->dev, &ctx->info), 0);
	drv = bc_test_driver_alloc(test, ctx->bc.log, BC_TEST_LIFE_DEV, NULL);
	KUNIT_ASSERT_NOT_NULL(test, drv);
	drv->ret = -EPROBE_DEFER;

	/* No assertion while the lock is held: the work waits for it. */
	device_lock(&busy->dev);
	KUNIT_EXPECT_EQ(test, bc_end(BC_TEST_LIFE_BUSY_DEV), 0);
	KUNIT_EXPECT_EQ(test, bc_end(BC_TEST_LIFE_DEV), 0);
	ret = platform_driver_register(&drv->pdrv);
	if (!ret)
		platform_driver_unregister(&drv->pdrv);
	device_unlock(&busy->dev);
	bc_flush();

	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, drv->probes, 1);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(&pdev->dev), 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(&busy->dev), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->bc.owner->calls), 2);
	bc_test_life_expect_clk_idle(test);
}

/**
 * struct bc_test_life_show - A thread that reads the debugfs view in a loop.
 *
 * @s: the buffer it prints to.
 * @bad: reads that overflowed or printed a malformed line.
 * @stop: set when the writers are done.
 * @done: completed when the loop is over.
 */
struct bc_test_life_show {
	struct seq_file s;
	unsigned int bad;
	bool stop;
	struct completion done;
};

/* Every line is a comment or has the seven fields of a constraint. */
static bool bc_test_life_show_ok(const char *buf)
{
	const char *p, *end;
	unsigned int fields;

	for (p = buf; *p; p = *end ? end + 1 : end) {
		end = strchrnul(p, '\n');
		if (*p == '#' || p == end)
			continue;
		fields = 1;
		for (; p < end; p++)
			fields += *p == ' ';
		if (fields < 7)
			return false;
	}

	return true;
}

static int bc_test_life_show_thread(void *data)
{
	struct bc_test_life_show *sh = data;

	while (!READ_ONCE(sh->stop)) {
		sh->s.count = 0;
		bc_show_all(&sh->s);
		if (seq_has_overflowed(&sh->s)) {
			sh->bad++;
		} else {
			sh->s.buf[sh->s.count] = '\0';
			sh->bad += !bc_test_life_show_ok(sh->s.buf);
		}
		cond_resched();
	}
	complete(&sh->done);

	return 0;
}

/**
 * struct bc_test_life_writer - A thread adding and releasing constraints.
 *
 * @test: the test.
 * @id: its number, which names the devices it adds and deletes.
 * @info: the constraint.
 * @errors: adds that failed.
 * @done: completed when the loop is over.
 */
struct bc_test_life_writer {
	struct kunit *test;
	unsigned int id;
	struct dev_boot_constraint_info info;
	unsigned int errors;
	struct completion done;
};

static int bc_test_life_writer_thread(void *data)
{
	struct bc_test_life_writer *w = data;
	struct platform_device *pdev;
	unsigned int i;

	bc_test_thread_join(w->test);
	for (i = 0; i < BC_TEST_LIFE_SHOW_LOOPS; i++) {
		pdev = platform_device_register_simple("bc-life-show",
						       w->id * BC_TEST_LIFE_SHOW_LOOPS + i,
						       NULL, 0);
		if (IS_ERR(pdev)) {
			w->errors++;
			continue;
		}
		if (dev_boot_constraint_add(&pdev->dev, &w->info))
			w->errors++;
		/* Released by the probe or by the deletion, in turn. */
		if (i % 2)
			boot_constraints_remove(&pdev->dev);
		platform_device_unregister(pdev);
	}
	complete(&w->done);

	return 0;
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_life_kvfree, kvfree, const void *);

/*
 * The debugfs view is read while constraints are added and released and
 * their devices deleted: every read is whole and well formed, and the
 * constraints end released.
 */
static void bc_test_life_show_races_release(struct kunit *test)
{
	struct task_struct *tasks[BC_TEST_LIFE_SHOW_WRITERS + 1] = { };
	struct bc_test_life_ctx *ctx = test->priv;
	struct bc_test_life_writer *w;
	struct bc_test_life_show *sh;
	unsigned int i;

	sh = kunit_kzalloc(test, sizeof(*sh), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sh);
	sh->s.size = SZ_1M;
	sh->s.buf = kvzalloc(sh->s.size + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sh->s.buf);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, bc_test_life_kvfree,
							sh->s.buf), 0);
	init_completion(&sh->done);
	w = kunit_kcalloc(test, BC_TEST_LIFE_SHOW_WRITERS, sizeof(*w), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, w);
	for (i = 0; i < BC_TEST_LIFE_SHOW_WRITERS; i++) {
		w[i].test = test;
		w[i].id = i;
		w[i].info = ctx->info;
		init_completion(&w[i].done);
	}

	/* No assertion until the threads are done: they use @sh and @w. */
	tasks[0] = kthread_run(bc_test_life_show_thread, sh, "bc-show");
	if (IS_ERR(tasks[0])) {
		KUNIT_FAIL(test, "kthread_run: %pe", tasks[0]);
		return;
	}
	for (i = 0; i < BC_TEST_LIFE_SHOW_WRITERS; i++) {
		tasks[i + 1] = kthread_run(bc_test_life_writer_thread, &w[i],
					   "bc-show-writer/%u", i);
		if (IS_ERR(tasks[i + 1])) {
			KUNIT_FAIL(test, "kthread_run: %pe", tasks[i + 1]);
			complete(&w[i].done);
		}
	}
	for (i = 0; i < BC_TEST_LIFE_SHOW_WRITERS; i++)
		wait_for_completion(&w[i].done);
	WRITE_ONCE(sh->stop, true);
	wait_for_completion(&sh->done);

	KUNIT_EXPECT_EQ(test, sh->bad, 0);
	for (i = 0; i < BC_TEST_LIFE_SHOW_WRITERS; i++)
		KUNIT_EXPECT_EQ(test, w[i].errors, 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->bc.owner->calls),
			BC_TEST_LIFE_SHOW_WRITERS * BC_TEST_LIFE_SHOW_LOOPS);
	bc_test_life_expect_clk_idle(test);
}

static struct kunit_case bc_test_life_race_cases[] = {
	KUNIT_CASE(bc_test_life_async_many),
	KUNIT_CASE(bc_test_life_add_races_delete),
	KUNIT_CASE(bc_test_life_add_in_deletion),
	KUNIT_CASE(bc_test_life_add_at_deadline),
	KUNIT_CASE(bc_test_life_user_release_outlives_deferral),
	KUNIT_CASE(bc_test_life_show_races_release),
	{}
};

static struct kunit_suite bc_test_life_race_suite = {
	.name = "boot_constraint_lifetime_races",
	.init = bc_test_life_init,
	.test_cases = bc_test_life_race_cases,
};

kunit_test_suite(bc_test_life_race_suite);
