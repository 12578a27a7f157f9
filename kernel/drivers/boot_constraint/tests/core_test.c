// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the boot constraint core: argument checks, the life cycle
 * of a device's constraints and their owners' callbacks, the debugfs view,
 * and constraints added and released from several threads at once.
 */

#include <linux/completion.h>
#include <linux/err.h>
#include <linux/kthread.h>
#include <linux/minmax.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/sched/task.h>
#include <linux/seq_file.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/sprintf.h>
#include <linux/string.h>
#include <linux/time64.h>

#include <kunit/clk.h>
#include <kunit/of.h>
#include <kunit/resource.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../deadline.h"
#include "../kunit.h"

#define BC_TEST_CORE_DEV	"bc-core-dev"
#define BC_TEST_SHOW_DEV	"bc-show-dev"

#define BC_TEST_STRESS_THREADS	4
#define BC_TEST_STRESS_LOOPS		50

/**
 * struct bc_test_core_ctx - Context of a core test.
 *
 * @bc: the test's log; the constrained device, &pdev->dev; a regulator
 *	that is off, "vdd" of the device and of BC_TEST_SHOW_DEV.
 * @clk0: a clock that is off, "core" of the device.
 * @clk1: a clock that is off, "bus" of the device.
 * @owners: three owners of constraints, "a", "b" and "c".
 * @pdev: the constrained device.
 */
struct bc_test_core_ctx {
	struct bc_test_ctx bc;
	struct bc_test_clk *clk0;
	struct bc_test_clk *clk1;
	struct bc_test_owner *owners[3];
	struct platform_device *pdev;
};

static struct bc_test_clk *bc_test_core_clk(struct kunit *test,
					    struct bc_test_log *log,
				       const char *name, const char *con_id)
{
	struct bc_test_clk *clk;

	clk = bc_test_clk_alloc(test, log, name, false);
	KUNIT_ASSERT_NOT_NULL(test, clk);
	KUNIT_ASSERT_EQ(test, bc_test_clk_register(test, clk), 0);
	KUNIT_ASSERT_EQ(test, bc_test_clk_add_lookup(test, clk, con_id,
						     BC_TEST_CORE_DEV), 0);

	return clk;
}

static int bc_test_core_init(struct kunit *test)
{
	static const char * const tags[] = { "a", "b", "c" };
	struct bc_test_core_ctx *ctx;
	unsigned int i;

	ctx = bc_test_init_ctx(test, sizeof(*ctx));
	for (i = 0; i < ARRAY_SIZE(ctx->owners); i++) {
		ctx->owners[i] = bc_test_owner_alloc(test, ctx->bc.log, tags[i]);
		KUNIT_ASSERT_NOT_NULL(test, ctx->owners[i]);
	}

	ctx->clk0 = bc_test_core_clk(test, ctx->bc.log, "clk0", "core");
	ctx->clk1 = bc_test_core_clk(test, ctx->bc.log, "clk1", "bus");

	ctx->bc.reg = bc_test_reg_alloc(test, ctx->bc.log, false, BC_TEST_REG_BOOT_UV);
	KUNIT_ASSERT_NOT_NULL(test, ctx->bc.reg);
	bc_test_reg_add_consumer(ctx->bc.reg, BC_TEST_CORE_DEV);
	bc_test_reg_add_consumer(ctx->bc.reg, BC_TEST_SHOW_DEV);
	KUNIT_ASSERT_EQ(test, bc_test_reg_register(test, ctx->bc.reg), 0);

	ctx->pdev = bc_test_pdev_add(test, BC_TEST_CORE_DEV);
	KUNIT_ASSERT_NOT_NULL(test, ctx->pdev);
	ctx->bc.dev = &ctx->pdev->dev;

	return 0;
}

static const struct dev_boot_constraint_clk_info bc_test_core_clk0 = {
	.name = "core",
};

static const struct dev_boot_constraint_clk_info bc_test_core_clk1 = {
	.name = "bus",
};

/* The device's clock, whatever its name: its node's first. */
static const struct dev_boot_constraint_clk_info bc_test_core_clk_any;

static const struct dev_boot_constraint_clk_info bc_test_core_missing = {
	.name = "missing",
};

static const struct dev_boot_constraint_supply_info bc_test_core_vdd = {
	.name = "vdd",
};

static void bc_test_core_info(struct dev_boot_constraint_info *info,
			      enum dev_boot_constraint_type type, const void *data,
			      struct bc_test_owner *owner)
{
	*info = (struct dev_boot_constraint_info) {
		.constraint = {
			.type = type,
			.data = data,
		},
	};
	bc_test_owner_set(info, owner);
}

/* Nothing is added to no device, and the owner is not called. */
static void bc_test_core_null_dev(struct kunit *test)
{
	struct bc_test_core_ctx *ctx = test->priv;
	struct dev_boot_constraint_info info;

	bc_test_core_info(&info, DEV_BOOT_CONSTRAINT_CLK, &bc_test_core_clk0,
			  ctx->owners[0]);

	KUNIT_EXPECT_EQ(test, dev_boot_constraint_add(NULL, &info), -EINVAL);
	KUNIT_EXPECT_EQ(test, dev_boot_constraint_add_deferrable(NULL, &info),
			-EINVAL);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), "");
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk0), 0);
}

/* No constraint is no constraint. */
static void bc_test_core_null_info(struct kunit *test)
{
	struct bc_test_core_ctx *ctx = test->priv;

	KUNIT_EXPECT_EQ(test, dev_boot_constraint_add(ctx->bc.dev, NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, dev_boot_constraint_add_deferrable(ctx->bc.dev, NULL),
			-EINVAL);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), "");
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->bc.dev), 0);
}

/* A type the core does not know is refused. */
static void bc_test_core_unknown_type(struct kunit *test)
{
	struct bc_test_core_ctx *ctx = test->priv;
	struct dev_boot_constraint_info info;

	bc_test_core_info(&info, DEV_BOOT_CONSTRAINT_RESET + 1, &bc_test_core_clk0,
			  ctx->owners[0]);

	KUNIT_EXPECT_EQ(test, dev_boot_constraint_add(ctx->bc.dev, &info), -EINVAL);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), "");
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->bc.dev), 0);
}

/* A type whose framework is not built in is refused, not ignored. */
static void bc_test_core_type_not_built(struct kunit *test)
{
	static const struct dev_boot_constraint_icc_info icc = { .avg_bw = 1 };
	struct bc_test_core_ctx *ctx = test->priv;
	struct dev_boot_constraint_info info;
	unsigned int tried = 0;

	if (!IS_ENABLED(CONFIG_DEV_BOOT_CONSTRAINT_ICC)) {
		bc_test_core_info(&info, DEV_BOOT_CONSTRAINT_ICC, &icc,
				  ctx->owners[0]);
		KUNIT_EXPECT_EQ(test, dev_boot_constraint_add(ctx->bc.dev, &info),
				-EOPNOTSUPP);
		tried++;
	}

	if (!IS_ENABLED(CONFIG_DEV_BOOT_CONSTRAINT_RESET)) {
		bc_test_core_info(&info, DEV_BOOT_CONSTRAINT_RESET, NULL,
				  ctx->owners[0]);
		KUNIT_EXPECT_EQ(test, dev_boot_constraint_add(ctx->bc.dev, &info),
				-EOPNOTSUPP);
		tried++;
	}

	if (!tried)
		kunit_skip(test, "interconnect and reset constraints built in");

	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->bc.dev), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owners[0]->calls), 0);
}

/* The same resource twice is refused, and the first constraint kept. */
static void bc_test_core_twice(struct kunit *test)
{
	struct bc_test_core_ctx *ctx = test->priv;
	struct dev_boot_constraint_info first, again;

	bc_test_core_info(&first, DEV_BOOT_CONSTRAINT_CLK, &bc_test_core_clk0,
			  ctx->owners[0]);
	bc_test_core_info(&again, DEV_BOOT_CONSTRAINT_CLK, &bc_test_core_clk0,
			  ctx->owners[1]);

	KUNIT_ASSERT_EQ(test, dev_boot_constraint_add(ctx->bc.dev, &first), 0);
	KUNIT_EXPECT_EQ(test, dev_boot_constraint_add(ctx->bc.dev, &again), -EEXIST);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "clk0:prepare clk0:on");
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk0), 1);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->bc.dev, BC_APPLIED), 1);

	boot_constraints_remove(ctx->bc.dev);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "clk0:prepare clk0:on clk0:off clk0:unprepare free:a");
}

/* A device already bound would never release it: refused. */
static void bc_test_core_bound(struct kunit *test)
{
	struct bc_test_core_ctx *ctx = test->priv;
	struct bc_test_driver *drv;

	drv = bc_test_driver_alloc(test, ctx->bc.log, BC_TEST_CORE_DEV, NULL);
	KUNIT_ASSERT_NOT_NULL(test, drv);
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, drv), 0);
	KUNIT_ASSERT_TRUE(test, device_is_bound(ctx->bc.dev));
	bc_test_log_clear(ctx->bc.log);

	KUNIT_EXPECT_EQ(test, bc_test_add_owned(ctx->bc.dev, DEV_BOOT_CONSTRAINT_CLK,
						&bc_test_core_clk0, ctx->owners[0], false), -EBUSY);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), "");
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk0), 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->bc.dev), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owners[0]->calls), 0);
}

/* The owner is told once, after the release, and never again. */
static void bc_test_core_free_once(struct kunit *test)
{
	struct bc_test_core_ctx *ctx = test->priv;

	KUNIT_ASSERT_EQ(test, bc_test_add_owned(ctx->bc.dev, DEV_BOOT_CONSTRAINT_CLK,
						&bc_test_core_clk0, ctx->owners[0], false), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owners[0]->calls), 0);

	boot_constraints_remove(ctx->bc.dev);
	boot_constraints_remove(ctx->bc.dev);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "clk0:prepare clk0:on clk0:off clk0:unprepare free:a");
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owners[0]->calls), 1);
}

/* A device's constraints are released last added first. */
static void bc_test_core_reverse_release(struct kunit *test)
{
	struct bc_test_core_ctx *ctx = test->priv;

	KUNIT_ASSERT_EQ(test, bc_test_add_owned(ctx->bc.dev, DEV_BOOT_CONSTRAINT_CLK,
						&bc_test_core_clk0, ctx->owners[0], false), 0);
	KUNIT_ASSERT_EQ(test, bc_test_add_owned(ctx->bc.dev, DEV_BOOT_CONSTRAINT_CLK,
						&bc_test_core_clk1, ctx->owners[1], false), 0);
	KUNIT_ASSERT_EQ(test, bc_test_add_owned(ctx->bc.dev, DEV_BOOT_CONSTRAINT_SUPPLY,
						&bc_test_core_vdd, ctx->owners[2], false), 0);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->bc.dev, BC_APPLIED), 3);
	bc_test_log_clear(ctx->bc.log);

	boot_constraints_remove(ctx->bc.dev);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "reg:off clk1:off clk1:unprepare clk0:off clk0:unprepare free:c free:b free:a");
	KUNIT_EXPECT_FALSE(test, ctx->bc.reg->enabled);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk0), 0);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk1), 0);
}

/*
 * Constraints added together are all applied or none: the first one is
 * released again when the second fails, and neither owner is called.
 */
static void bc_test_core_add_all_or_nothing(struct kunit *test)
{
	struct bc_test_core_ctx *ctx = test->priv;
	struct dev_boot_constraint_info infos[2];

	bc_test_core_info(&infos[0], DEV_BOOT_CONSTRAINT_CLK, &bc_test_core_clk0,
			  ctx->owners[0]);
	bc_test_core_info(&infos[1], DEV_BOOT_CONSTRAINT_CLK, &bc_test_core_missing,
			  ctx->owners[1]);

	KUNIT_EXPECT_EQ(test, bc_add_all(ctx->bc.dev, infos, 2, true),
			-ENOENT);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "clk0:prepare clk0:on clk0:off clk0:unprepare");
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk0), 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->bc.dev), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owners[0]->calls), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owners[1]->calls), 0);

	/* Nothing of the failed batch stands in the way of a new one. */
	KUNIT_EXPECT_EQ(test, bc_add_all(ctx->bc.dev, infos, 1, false),
			0);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk0), 1);
}

/* Releasing a device without constraints touches nothing. */
static void bc_test_core_remove_unconstrained(struct kunit *test)
{
	struct bc_test_core_ctx *ctx = test->priv;
	struct clk *clk;

	clk = clk_hw_get_clk_prepared_enabled_kunit(test, &ctx->clk0->hw, "test");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, clk);
	bc_test_log_clear(ctx->bc.log);

	boot_constraints_remove(ctx->bc.dev);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), "");
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk0), 1);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->bc.dev), 0);
}

/* Unregistering the device releases its constraints. */
static void bc_test_core_unregister(struct kunit *test)
{
	struct bc_test_core_ctx *ctx = test->priv;

	KUNIT_ASSERT_EQ(test, bc_test_add_owned(ctx->bc.dev, DEV_BOOT_CONSTRAINT_CLK,
						&bc_test_core_clk0, ctx->owners[0], false), 0);
	bc_test_log_clear(ctx->bc.log);

	bc_test_pdev_unregister(test, ctx->pdev);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "clk0:off clk0:unprepare free:a");
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk0), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owners[0]->calls), 1);
}

/*
 * A device's constraints are released as the deadline releases them
 * (expired, with a warning each), and those of other devices are left
 * alone: the test expires its own device only, never the machine's real
 * constraints.
 */
static void bc_test_core_expire(struct kunit *test)
{
	struct bc_test_core_ctx *ctx = test->priv;
	struct dev_boot_constraint_supply_info vdd = { .name = "vdd" };
	struct platform_device *other;

	other = bc_test_pdev_add(test, BC_TEST_SHOW_DEV);
	KUNIT_ASSERT_NOT_NULL(test, other);
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, &other->dev), 0);
	KUNIT_ASSERT_EQ(test, bc_test_add_owned(&other->dev, DEV_BOOT_CONSTRAINT_SUPPLY, &vdd,
						ctx->owners[1], false), 0);
	KUNIT_ASSERT_EQ(test, bc_test_add_owned(ctx->bc.dev, DEV_BOOT_CONSTRAINT_CLK,
						&bc_test_core_clk0, ctx->owners[0], false), 0);
	bc_test_log_clear(ctx->bc.log);

	/* Never the global deadline: it would release the machine's too. */
	bc_expire_device(ctx->bc.dev);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "clk0:off clk0:unprepare free:a");
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk0), 0);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->bc.dev, BC_APPLIED), 0);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->bc.dev, BC_EXPIRED), 1);

	/* The other device's constraint still holds its supply. */
	KUNIT_EXPECT_EQ(test, bc_count(&other->dev, BC_APPLIED), 1);
	KUNIT_EXPECT_TRUE(test, ctx->bc.reg->enabled);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owners[1]->calls), 0);

	/* The device's driver, when it comes, finds nothing left to release. */
	bc_test_log_clear(ctx->bc.log);
	boot_constraints_remove(ctx->bc.dev);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), "");
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owners[0]->calls), 1);
}

/* The line of the last constraint of a device in @buf, copied to @line. */
static bool bc_test_show_find(const char *buf, const char *dev_name, char *line,
			      size_t size)
{
	size_t n = strlen(dev_name);
	const char *found = NULL;
	const char *p, *end;

	for (p = buf; *p; p = *end ? end + 1 : end) {
		end = strchrnul(p, '\n');
		if (!strncmp(p, dev_name, n) && p[n] == ' ')
			found = p;
	}
	if (!found)
		return false;

	end = strchrnul(found, '\n');
	strscpy(line, found, min_t(size_t, size, end - found + 1));

	return true;
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_core_kvfree, kvfree, const void *);

/*
 * debugfs shows each constraint with its device, type, resource,
 * parameters, state (applied, released, pending or failed), and the
 * times it was applied and released.
 */
static void bc_test_core_show(struct kunit *test)
{
	struct bc_test_core_ctx *ctx = test->priv;
	struct platform_device *pending, *failed, *show;
	unsigned long long applied_s, applied_us, released_s, released_us;
	struct bc_test_clk *late;
	struct device_node *np;
	struct seq_file s = { };
	char line[128];
	char released;
	size_t n;
	int ret;

	/* Applied, then released. */
	show = bc_test_pdev_add(test, BC_TEST_SHOW_DEV);
	KUNIT_ASSERT_NOT_NULL(test, show);
	KUNIT_ASSERT_EQ(test, bc_test_add_owned(&show->dev, DEV_BOOT_CONSTRAINT_SUPPLY,
						&bc_test_vdd_boot, NULL, false), 0);
	boot_constraints_remove(&show->dev);

	/* Applied. */
	KUNIT_ASSERT_EQ(test, bc_test_add_owned(ctx->bc.dev, DEV_BOOT_CONSTRAINT_CLK,
						&bc_test_core_clk0, NULL, false), 0);

	/* Pending: a clock whose provider never comes. */
	KUNIT_ASSERT_EQ(test, bc_test_apply_overlay(test), 0);
	pending = bc_test_of_pdev(test, "/bc-test-clk-consumer");
	KUNIT_ASSERT_NOT_NULL(test, pending);
	KUNIT_ASSERT_EQ(test, bc_test_add_owned(&pending->dev, DEV_BOOT_CONSTRAINT_CLK,
						&bc_test_core_clk_any, NULL, true), 0);

	/* Failed: a clock whose provider comes, and fails to enable it. */
	failed = bc_test_of_pdev(test, "/bc-test-clk-late-consumer");
	KUNIT_ASSERT_NOT_NULL(test, failed);
	KUNIT_ASSERT_EQ(test, bc_test_add_owned(&failed->dev, DEV_BOOT_CONSTRAINT_CLK,
						&bc_test_core_clk_any, NULL, true), 0);
	late = bc_test_clk_alloc(test, ctx->bc.log, "late", false);
	KUNIT_ASSERT_NOT_NULL(test, late);
	late->enable_err = -EIO;
	np = bc_test_of_node(test, "/bc-test-clock-late");
	KUNIT_ASSERT_EQ(test, bc_test_clk_register_of(test, late, np), 0);
	/* Registered by no bind: retried right before the device probes. */
	bc_test_probe_start(&failed->dev);
	KUNIT_ASSERT_EQ(test, bc_count(&failed->dev, BC_FAILED), 1);
	KUNIT_ASSERT_EQ(test, bc_count(&pending->dev, BC_PENDING), 1);

	s.size = SZ_128K;
	s.buf = kvzalloc(s.size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, s.buf);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, bc_test_core_kvfree,
							s.buf), 0);
	bc_show_all(&s);
	KUNIT_ASSERT_FALSE(test, seq_has_overflowed(&s));
	s.buf[min(s.count, s.size - 1)] = '\0';

	KUNIT_EXPECT_TRUE(test, str_has_prefix(s.buf, "# deadline "));
	KUNIT_EXPECT_NOT_NULL(test, strstr(s.buf, "\n# device type resource"));

	KUNIT_ASSERT_TRUE(test, bc_test_show_find(s.buf, BC_TEST_SHOW_DEV, line,
						  sizeof(line)));
	n = str_has_prefix(line,
			   BC_TEST_SHOW_DEV " supply vdd 1800000-1800000uV released ");
	KUNIT_ASSERT_GT_MSG(test, n, 0, "line: %s", line);
	ret = sscanf(line + n, "%llu.%llu %llu.%llu", &applied_s, &applied_us,
		     &released_s, &released_us);
	KUNIT_ASSERT_EQ_MSG(test, ret, 4, "line: %s", line);
	KUNIT_EXPECT_LE(test, applied_s * USEC_PER_SEC + applied_us,
			released_s * USEC_PER_SEC + released_us);
	KUNIT_EXPECT_GT(test, applied_s * USEC_PER_SEC + applied_us, 0);

	KUNIT_ASSERT_TRUE(test, bc_test_show_find(s.buf, BC_TEST_CORE_DEV, line,
						  sizeof(line)));
	n = str_has_prefix(line, BC_TEST_CORE_DEV " clk core - applied ");
	KUNIT_ASSERT_GT_MSG(test, n, 0, "line: %s", line);
	ret = sscanf(line + n, "%llu.%llu %c", &applied_s, &applied_us,
		     &released);
	KUNIT_EXPECT_EQ_MSG(test, ret, 3, "line: %s", line);
	KUNIT_EXPECT_EQ_MSG(test, released, '-', "line: %s", line);

	KUNIT_ASSERT_TRUE(test, bc_test_show_find(s.buf, dev_name(&pending->dev),
						  line, sizeof(line)));
	KUNIT_EXPECT_STREQ(test, line,
			   "bc-test-clk-consumer clk (default) - pending - -");

	KUNIT_ASSERT_TRUE(test, bc_test_show_find(s.buf, dev_name(&failed->dev),
						  line, sizeof(line)));
	KUNIT_EXPECT_STREQ(test, line,
			   "bc-test-clk-late-consumer clk (default) - failed(-5) - -");
}

/**
 * struct bc_test_stress - A thread adding and releasing a constraint in a loop.
 *
 * @test: the test.
 * @dev: the device it constrains.
 * @owner: the owner of its constraints.
 * @errors: the number of adds that failed or did not apply.
 * @done: completed when the loop is over.
 */
struct bc_test_stress {
	struct kunit *test;
	struct device *dev;
	struct bc_test_owner *owner;
	unsigned int errors;
	struct completion done;
};

static int bc_test_stress_thread(void *data)
{
	struct dev_boot_constraint_clk_info clk = { .name = "shared" };
	struct dev_boot_constraint_info info = {
		.constraint = {
			.type = DEV_BOOT_CONSTRAINT_CLK,
			.data = &clk,
		},
	};
	struct bc_test_stress *s = data;
	unsigned int i;

	bc_test_thread_join(s->test);
	bc_test_owner_set(&info, s->owner);
	for (i = 0; i < BC_TEST_STRESS_LOOPS; i++) {
		if (dev_boot_constraint_add(s->dev, &info) ||
		    bc_count(s->dev, BC_APPLIED) != 1)
			s->errors++;
		boot_constraints_remove(s->dev);
	}
	complete(&s->done);

	return 0;
}

/*
 * Devices sharing a clock add and release constraints at once: the clock
 * ends as it started, with as many disables as enables.
 */
static void bc_test_core_concurrent(struct kunit *test)
{
	static const char * const names[BC_TEST_STRESS_THREADS] = {
		"bc-stress-0", "bc-stress-1", "bc-stress-2", "bc-stress-3",
	};
	struct task_struct *tasks[BC_TEST_STRESS_THREADS] = { };
	struct bc_test_core_ctx *ctx = test->priv;
	struct platform_device *pdev;
	struct bc_test_stress *stress;
	struct bc_test_clk *clk;
	unsigned int i;

	clk = bc_test_clk_alloc(test, ctx->bc.log, "shared", false);
	KUNIT_ASSERT_NOT_NULL(test, clk);
	KUNIT_ASSERT_EQ(test, bc_test_clk_register(test, clk), 0);
	KUNIT_ASSERT_EQ(test, bc_test_clk_add_lookup(test, clk, "shared", NULL),
			0);

	stress = kunit_kcalloc(test, BC_TEST_STRESS_THREADS, sizeof(*stress),
			       GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, stress);
	for (i = 0; i < BC_TEST_STRESS_THREADS; i++) {
		stress[i].owner = bc_test_owner_alloc(test, NULL, names[i]);
		KUNIT_ASSERT_NOT_NULL(test, stress[i].owner);
		pdev = bc_test_pdev_add(test, names[i]);
		KUNIT_ASSERT_NOT_NULL(test, pdev);
		stress[i].test = test;
		stress[i].dev = &pdev->dev;
		init_completion(&stress[i].done);
	}

	/* No assertion until the threads are stopped: they use @stress. */
	for (i = 0; i < BC_TEST_STRESS_THREADS; i++) {
		tasks[i] = kthread_create(bc_test_stress_thread, &stress[i],
					  "bc-stress/%u", i);
		if (IS_ERR(tasks[i])) {
			KUNIT_FAIL(test, "kthread_create: %pe", tasks[i]);
			tasks[i] = NULL;
			break;
		}
		get_task_struct(tasks[i]);
		wake_up_process(tasks[i]);
	}
	/* A thread stopped before it ran would not run its loop at all. */
	for (i = 0; i < BC_TEST_STRESS_THREADS && tasks[i]; i++) {
		wait_for_completion(&stress[i].done);
		kthread_stop(tasks[i]);
		put_task_struct(tasks[i]);
	}
	KUNIT_ASSERT_EQ(test, i, BC_TEST_STRESS_THREADS);

	for (i = 0; i < BC_TEST_STRESS_THREADS; i++) {
		KUNIT_EXPECT_EQ(test, stress[i].errors, 0);
		KUNIT_EXPECT_EQ(test, atomic_read(&stress[i].owner->calls),
				BC_TEST_STRESS_LOOPS);
		KUNIT_EXPECT_EQ(test, bc_test_count_held(stress[i].dev), 0);
	}
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(clk), 0);
	KUNIT_EXPECT_FALSE(test, clk->enabled);
	KUNIT_EXPECT_GT(test, clk->enables, 0);
	KUNIT_EXPECT_EQ(test, clk->enables, clk->disables);
	KUNIT_EXPECT_EQ(test, clk->prepares, clk->unprepares);
}

/*
 * The record of a device whose constraints have all ended is kept for
 * debugfs until BC_HISTORY_MAX (64) more devices' have, then freed.
 */
static void bc_test_core_history_bounded(struct kunit *test)
{
	struct bc_test_core_ctx *ctx = test->priv;
	struct dev_boot_constraint_info info;
	struct platform_device *pdev;
	char name[16];
	unsigned int i;

	info = (struct dev_boot_constraint_info) {
		.constraint = { DEV_BOOT_CONSTRAINT_CLK, &bc_test_core_clk0 },
	};
	KUNIT_ASSERT_EQ(test, dev_boot_constraint_add(ctx->bc.dev, &info), 0);
	bc_test_probe_end(ctx->bc.dev, 0);
	KUNIT_ASSERT_EQ(test, bc_count(ctx->bc.dev, BC_RELEASED), 1);

	KUNIT_ASSERT_EQ(test, bc_test_clk_add_lookup(test, ctx->clk1, "bus",
						     NULL), 0);
	for (i = 0; i < 64; i++) {
		snprintf(name, sizeof(name), "bc-hist.%u", i);
		pdev = bc_test_pdev_add(test, name);
		KUNIT_ASSERT_NOT_NULL(test, pdev);
		info.constraint.data = &bc_test_core_clk1;
		KUNIT_ASSERT_EQ(test, dev_boot_constraint_add(&pdev->dev, &info), 0);
		bc_test_probe_end(&pdev->dev, 0);
	}

	KUNIT_EXPECT_EQ(test, bc_count(ctx->bc.dev, BC_RELEASED), 0);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk1), 0);
}

static struct kunit_case bc_test_core_cases[] = {
	KUNIT_CASE(bc_test_core_null_dev),
	KUNIT_CASE(bc_test_core_null_info),
	KUNIT_CASE(bc_test_core_unknown_type),
	KUNIT_CASE(bc_test_core_type_not_built),
	KUNIT_CASE(bc_test_core_twice),
	KUNIT_CASE(bc_test_core_bound),
	KUNIT_CASE(bc_test_core_free_once),
	KUNIT_CASE(bc_test_core_reverse_release),
	KUNIT_CASE(bc_test_core_add_all_or_nothing),
	KUNIT_CASE(bc_test_core_remove_unconstrained),
	KUNIT_CASE(bc_test_core_unregister),
	KUNIT_CASE(bc_test_core_expire),
	KUNIT_CASE(bc_test_core_show),
	KUNIT_CASE(bc_test_core_concurrent),
	KUNIT_CASE(bc_test_core_history_bounded),
	{}
};

static struct kunit_suite bc_test_core_suite = {
	.name = "boot_constraint_core",
	.init = bc_test_core_init,
	.test_cases = bc_test_core_cases,
};

kunit_test_suite(bc_test_core_suite);
