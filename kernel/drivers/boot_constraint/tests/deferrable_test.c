// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of deferrable boot constraints, on devices described in the
 * device tree: pending while their provider is missing, applied as soon as
 * it is there and before the constrained device's driver probes, dropped
 * without touching the provider if the device probes or goes first; retried
 * only when their provider's device, or its parent's, is bound; and of the
 * tables that add them by compatible, which the core copies.
 */

#include <linux/device.h>
#include <linux/kref.h>
#include <linux/of.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <linux/pm_runtime.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <kunit/of.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../kunit.h"
#include "../records.h"

/**
 * struct bc_test_defer_ctx - Context of a deferrable constraint test.
 *
 * @bc: the test's log and owner; its clock, of the "bc-test,kunit-clock"
 *	node, whose driver is not registered; the device of
 *	"bc-test-clk-consumer", a consumer of that clock, and as its peer the
 *	device of "bc-test-clk-late-consumer", of @late.
 * @late: clock of the "bc-test-clock-late" node, not registered, whose
 *	driver is bound.
 */
struct bc_test_defer_ctx {
	struct bc_test_ctx bc;
	struct bc_test_clk *late;
};

static int bc_test_defer_init(struct kunit *test)
{
	struct bc_test_defer_ctx *ctx;

	ctx = bc_test_init_ctx(test, sizeof(*ctx));
	/* Freed after the overlay, whose removal releases the constraints. */
	ctx->bc.clk = bc_test_clk_alloc(test, ctx->bc.log, "clk", false);
	KUNIT_ASSERT_NOT_NULL(test, ctx->bc.clk);
	ctx->late = bc_test_clk_alloc(test, ctx->bc.log, "late", false);
	KUNIT_ASSERT_NOT_NULL(test, ctx->late);

	KUNIT_ASSERT_EQ(test, bc_test_apply_overlay(test), 0);
	KUNIT_ASSERT_EQ(test, bc_test_empty_driver_register(test,
							    bc_test_clk_late_match), 0);
	ctx->bc.dev = bc_test_dev(test, "/bc-test-clk-consumer");
	ctx->bc.peer = bc_test_dev(test, "/bc-test-clk-late-consumer");

	return 0;
}

static int bc_test_defer_add(struct kunit *test, struct device *dev,
			     enum dev_boot_constraint_type type, const void *data)
{
	return bc_test_add(test, dev, type, data, true);
}

static const struct dev_boot_constraint_clk_info bc_test_defer_clk = { };

static void bc_test_defer_add_clk(struct kunit *test, struct device *dev)
{
	KUNIT_ASSERT_EQ(test, bc_test_defer_add(test, dev, DEV_BOOT_CONSTRAINT_CLK,
						&bc_test_defer_clk), 0);
}

/* Registers the clock of bc-test-clock-late, from no driver. */
static void bc_test_defer_register_late(struct kunit *test)
{
	struct bc_test_defer_ctx *ctx = test->priv;
	struct device_node *np;

	np = bc_test_of_node(test, "/bc-test-clock-late");
	KUNIT_ASSERT_EQ(test, bc_test_clk_register_of(test, ctx->late, np), 0);
}

/* Binds a device to a driver, after which pending constraints are retried. */
static void bc_test_defer_bind_any(struct kunit *test)
{
	struct platform_device *pdev = bc_test_pdev_add(test, "bc-defer-other");

	KUNIT_ASSERT_NOT_NULL(test, pdev);
	bc_test_driver_add(test, "bc-defer-other", NULL);
	KUNIT_ASSERT_TRUE(test, device_is_bound(&pdev->dev));
}

/*
 * Without its provider the constraint is pending, and nothing is touched;
 * a constraint that is not deferrable fails instead.
 */
static void bc_test_defer_pending(struct kunit *test)
{
	struct bc_test_defer_ctx *ctx = test->priv;
	struct dev_boot_constraint_info info = {
		.constraint = {
			.type = DEV_BOOT_CONSTRAINT_CLK,
			.data = &bc_test_defer_clk,
		},
	};

	KUNIT_EXPECT_EQ(test, dev_boot_constraint_add(ctx->bc.peer, &info),
			-EPROBE_DEFER);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->bc.peer), 0);

	bc_test_defer_add_clk(test, ctx->bc.dev);

	KUNIT_EXPECT_EQ(test, bc_count(ctx->bc.dev, BC_PENDING), 1);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->bc.dev, BC_APPLIED), 0);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), "");
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->bc.owner->calls), 0);
}

/*
 * When the provider's driver binds, the constraint is applied before the
 * consumer's driver, waiting for that provider, probes.
 */
static void bc_test_defer_applied_on_provider_bind(struct kunit *test)
{
	static const char expected[] =
		"clk:prepare clk:on bc-consumer:probe=0 clk:off clk:unprepare free:owner";
	struct bc_test_defer_ctx *ctx = test->priv;
	struct bc_test_driver *drv;

	bc_test_defer_add_clk(test, ctx->bc.dev);
	drv = bc_test_driver_alloc(test, ctx->bc.log, "bc-consumer",
				   bc_test_clk_consumer_match);
	KUNIT_ASSERT_NOT_NULL(test, drv);
	drv->clk = ctx->bc.clk;
	drv->get_clk = true;
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, drv), 0);
	wait_for_device_probe();
	KUNIT_EXPECT_FALSE(test, device_is_bound(ctx->bc.dev));
	KUNIT_EXPECT_EQ(test, bc_count(ctx->bc.dev, BC_PENDING), 1);

	KUNIT_ASSERT_EQ(test, bc_test_clk_driver_register(test, ctx->bc.clk,
							  bc_test_clk_match), 0);
	wait_for_device_probe();

	KUNIT_EXPECT_TRUE(test, device_is_bound(ctx->bc.dev));
	KUNIT_EXPECT_EQ(test, drv->seen_clk_enable_count, 1);
	KUNIT_EXPECT_EQ(test, drv->seen_applied, 1);
	KUNIT_EXPECT_TRUE(test, bc_test_log_ends_with(ctx->bc.log, expected));
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->bc.clk), 0);
}

/*
 * A provider registered without a device being bound, as from an initcall:
 * the constraint is applied right before the consumer's driver probes.
 */
static void bc_test_defer_applied_before_probe(struct kunit *test)
{
	struct bc_test_defer_ctx *ctx = test->priv;
	struct bc_test_driver *drv;

	bc_test_defer_add_clk(test, ctx->bc.peer);
	bc_test_defer_register_late(test);
	drv = bc_test_driver_alloc(test, ctx->bc.log, "bc-late-consumer",
				   bc_test_clk_late_consumer_match);
	KUNIT_ASSERT_NOT_NULL(test, drv);
	drv->clk = ctx->late;
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, drv), 0);

	KUNIT_EXPECT_EQ(test, drv->seen_clk_enable_count, 1);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "late:prepare late:on bc-late-consumer:probe=0 late:off late:unprepare free:owner");
}

/*
 * A pending constraint whose device probes, and fails or succeeds, is
 * dropped: the provider that comes later is never touched.
 */
static void bc_test_defer_expect_dropped(struct kunit *test, int ret)
{
	struct bc_test_defer_ctx *ctx = test->priv;
	struct bc_test_driver *drv;
	char expected[64];

	bc_test_defer_add_clk(test, ctx->bc.peer);
	drv = bc_test_driver_alloc(test, ctx->bc.log, "bc-late-consumer",
				   bc_test_clk_late_consumer_match);
	KUNIT_ASSERT_NOT_NULL(test, drv);
	drv->ret = ret;
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, drv), 0);

	snprintf(expected, sizeof(expected),
		 "bc-late-consumer:probe=%d free:owner", ret);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), expected);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->bc.peer), 0);

	bc_test_defer_register_late(test);
	bc_test_defer_bind_any(test);

	KUNIT_EXPECT_FALSE(test, bc_test_log_has(ctx->bc.log, "late:prepare"));
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->late), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->bc.owner->calls), 1);
}

static void bc_test_defer_dropped_on_failed_probe(struct kunit *test)
{
	bc_test_defer_expect_dropped(test, -EINVAL);
}

static void bc_test_defer_dropped_on_probe(struct kunit *test)
{
	bc_test_defer_expect_dropped(test, 0);
}

/* A pending constraint of a device that goes away is dropped. */
static void bc_test_defer_device_deleted(struct kunit *test)
{
	struct bc_test_defer_ctx *ctx = test->priv;

	bc_test_defer_add_clk(test, ctx->bc.dev);
	KUNIT_ASSERT_EQ(test, of_platform_device_destroy(ctx->bc.dev, NULL), 0);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), "free:owner");

	KUNIT_ASSERT_EQ(test, bc_test_clk_driver_register(test, ctx->bc.clk,
							  bc_test_clk_match), 0);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), "free:owner");
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->bc.owner->calls), 1);
}

/*
 * A constraint whose provider comes but fails to apply it fails: its owner
 * is told, once.
 */
static void bc_test_defer_fails_later(struct kunit *test)
{
	struct bc_test_defer_ctx *ctx = test->priv;

	ctx->bc.clk->enable_err = -EIO;
	bc_test_defer_add_clk(test, ctx->bc.dev);
	KUNIT_ASSERT_EQ(test, bc_test_clk_driver_register(test, ctx->bc.clk,
							  bc_test_clk_match), 0);

	KUNIT_EXPECT_EQ(test, bc_count(ctx->bc.dev, BC_FAILED), 1);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "clk:prepare clk:on=-5 clk:unprepare free:owner");

	boot_constraints_remove(ctx->bc.dev);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->bc.owner->calls), 1);
}

/* A supply found in the device tree is pending until its regulator binds. */
static void bc_test_defer_supply(struct kunit *test)
{
	struct bc_test_defer_ctx *ctx = test->priv;
	struct platform_device *pdev;
	struct bc_test_reg *reg;

	pdev = bc_test_of_pdev(test, "/bc-test-supply-consumer");
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	reg = bc_test_reg_alloc(test, ctx->bc.log, true, 1200000);
	KUNIT_ASSERT_NOT_NULL(test, reg);

	KUNIT_ASSERT_EQ(test, bc_test_defer_add(test, &pdev->dev,
						DEV_BOOT_CONSTRAINT_SUPPLY, &bc_test_vdd_boot), 0);
	KUNIT_EXPECT_EQ(test, bc_count(&pdev->dev, BC_PENDING), 1);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), "");

	KUNIT_ASSERT_EQ(test, bc_test_reg_driver_register(test, reg,
							  bc_test_reg_match), 0);
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, &pdev->dev), 0);

	KUNIT_EXPECT_EQ(test, bc_count(&pdev->dev, BC_APPLIED), 1);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "reg:voltage=1800000");
	KUNIT_EXPECT_EQ(test, reg->uv, BC_TEST_REG_BOOT_UV);
	KUNIT_EXPECT_TRUE(test, reg->enabled);
}

/* A power domain is pending until its provider binds, then holds it on. */
static void bc_test_defer_power_domain(struct kunit *test)
{
	struct bc_test_defer_ctx *ctx = test->priv;
	struct device *dev = bc_test_dev(test, "/bc-test-pd-consumer");
	struct bc_test_driver *peer_drv;
	struct bc_test_pd *pd;
	struct device *peer;

	KUNIT_ASSERT_EQ(test, bc_test_defer_add(test, dev,
						DEV_BOOT_CONSTRAINT_PM, NULL), 0);
	KUNIT_EXPECT_EQ(test, bc_count(dev, BC_PENDING), 1);

	pd = bc_test_pd_alloc(test, ctx->bc.log);
	KUNIT_ASSERT_NOT_NULL(test, pd);
	KUNIT_ASSERT_EQ(test, bc_test_pd_driver_register(test, pd,
							 bc_test_pd_match), 0);
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, dev), 0);
	KUNIT_EXPECT_EQ(test, bc_count(dev, BC_APPLIED), 1);

	peer = bc_test_dev(test, "/bc-test-pd-peer");
	peer_drv = bc_test_driver_alloc(test, ctx->bc.log, "bc-pd-peer",
					bc_test_pd_peer_match);
	KUNIT_ASSERT_NOT_NULL(test, peer_drv);
	peer_drv->runtime_pm = true;
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, peer_drv), 0);
	KUNIT_ASSERT_EQ(test, pm_runtime_put_sync(peer), 0);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "bc-pd-peer:probe=0");
	KUNIT_EXPECT_TRUE(test, pd->on);
}

static BC_TEST_OF_MATCH(bc_test_defer_clk_parent_match, "bc-test,kunit-clock-parent");

/* Binds the device of "bc-test-no-pd", a node that provides nothing. */
static void bc_test_defer_bind_unrelated_node(struct kunit *test)
{
	struct platform_device *pdev;

	pdev = bc_test_of_pdev(test, "/bc-test-no-pd");
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	KUNIT_ASSERT_EQ(test, bc_test_empty_driver_register(test,
							    bc_test_no_pd_match), 0);
	KUNIT_ASSERT_TRUE(test, device_is_bound(&pdev->dev));
}

/*
 * A bind retries only the constraints waiting for the bound device's node:
 * the bind of a device without a node, or of another node, makes no attempt
 * to apply them; the provider's bind applies them at its first attempt.
 */
static void bc_test_defer_unrelated_bind(struct kunit *test)
{
	struct bc_test_defer_ctx *ctx = test->priv;

	bc_test_defer_add_clk(test, ctx->bc.dev);
	KUNIT_EXPECT_EQ(test, bc_attempts(ctx->bc.dev), 1);

	bc_test_defer_bind_any(test);
	bc_test_defer_bind_unrelated_node(test);
	KUNIT_EXPECT_EQ(test, bc_attempts(ctx->bc.dev), 1);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->bc.dev, BC_PENDING), 1);
	KUNIT_EXPECT_FALSE(test, bc_test_log_has(ctx->bc.log, "clk:prepare"));

	KUNIT_ASSERT_EQ(test, bc_test_clk_driver_register(test, ctx->bc.clk,
							  bc_test_clk_match), 0);
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, ctx->bc.dev), 0);

	KUNIT_EXPECT_EQ(test, bc_attempts(ctx->bc.dev), 2);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->bc.dev, BC_APPLIED), 1);
	KUNIT_EXPECT_TRUE(test, bc_test_log_ends_with(ctx->bc.log, "clk:prepare clk:on"));
	KUNIT_EXPECT_TRUE(test, bc_test_log_has(ctx->bc.log, "bc-defer-other:probe=0"));
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->bc.clk), 1);
}

/*
 * A device that provides the clock of a node below its own, as an MFD its
 * cells' resources: its bind applies the constraints waiting for that node.
 */
static void bc_test_defer_subnode_provider(struct kunit *test)
{
	struct bc_test_defer_ctx *ctx = test->priv;
	struct platform_device *pdev;
	struct device_node *np;
	struct bc_test_clk *sub;

	pdev = bc_test_of_pdev(test, "/bc-test-clk-sub-consumer");
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	bc_test_defer_add_clk(test, &pdev->dev);
	KUNIT_EXPECT_EQ(test, bc_count(&pdev->dev, BC_PENDING), 1);

	sub = bc_test_clk_alloc(test, ctx->bc.log, "sub", false);
	KUNIT_ASSERT_NOT_NULL(test, sub);
	np = bc_test_of_node(test, "/bc-test-clock-parent/clock");
	KUNIT_ASSERT_EQ(test, bc_test_clk_register_of(test, sub, np), 0);
	KUNIT_EXPECT_EQ(test, bc_attempts(&pdev->dev), 1);

	KUNIT_ASSERT_EQ(test, bc_test_empty_driver_register(test,
							    bc_test_defer_clk_parent_match), 0);
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, &pdev->dev), 0);

	KUNIT_EXPECT_EQ(test, bc_attempts(&pdev->dev), 2);
	KUNIT_EXPECT_EQ(test, bc_count(&pdev->dev, BC_APPLIED), 1);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "sub:prepare sub:on");
}

/*
 * A provider bound without providing the resource yet: its constraints are
 * retried on every bind from then on, and applied at the first one after
 * the resource is registered.
 */
static void bc_test_defer_bound_without_resource(struct kunit *test)
{
	struct bc_test_defer_ctx *ctx = test->priv;
	struct device_node *np;

	bc_test_defer_add_clk(test, ctx->bc.dev);
	KUNIT_ASSERT_EQ(test, bc_test_empty_driver_register(test,
							    bc_test_clk_match), 0);
	KUNIT_EXPECT_EQ(test, bc_attempts(ctx->bc.dev), 2);
	bc_test_defer_bind_any(test);
	KUNIT_EXPECT_EQ(test, bc_attempts(ctx->bc.dev), 3);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->bc.dev, BC_PENDING), 1);

	np = bc_test_of_node(test, "/bc-test-clock");
	KUNIT_ASSERT_EQ(test, bc_test_clk_register_of(test, ctx->bc.clk, np), 0);
	bc_test_defer_bind_unrelated_node(test);
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, ctx->bc.dev), 0);

	KUNIT_EXPECT_EQ(test, bc_attempts(ctx->bc.dev), 4);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->bc.dev, BC_APPLIED), 1);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->bc.clk), 1);
}

/*
 * A missing provider is tried once: the constraint of another device that
 * waits for it is left to its bind while no device is bound. One that it
 * registers without a bind, once an attempt (a probe that fails) finds it,
 * is tried again.
 */
static void bc_test_defer_absent_tried_once(struct kunit *test)
{
	struct bc_test_defer_ctx *ctx = test->priv;
	struct device_node *np;
	struct device *a, *b;
	unsigned int off;

	/* Automatic constraints end at the machine's deadline: none after it */
	if (READ_ONCE(bc_machine_deadline()->past))
		kunit_skip(test, "loaded after the machine's deadline");

	a = bc_test_dev(test, "/bc-test-of-a");
	b = bc_test_dev(test, "/bc-test-of-b");
	bc_test_add_auto_clk(test, a, NULL);
	bc_test_add_auto_clk(test, b, NULL);
	KUNIT_EXPECT_EQ(test, bc_attempts(a), 1);
	KUNIT_EXPECT_EQ(test, bc_attempts(b), 0);
	KUNIT_EXPECT_EQ(test, bc_count(b, BC_PENDING), 1);

	np = bc_test_of_node(test, "/bc-test-clock");
	KUNIT_ASSERT_EQ(test, bc_test_clk_register_of(test, ctx->bc.clk, np), 0);
	off = bc_auto_off();
	bc_test_probe_start(a);
	bc_test_probe_end(a, -ENODEV);
	KUNIT_EXPECT_EQ(test, bc_auto_off(), off + 1);

	bc_test_add_auto_clk(test, ctx->bc.dev, NULL);
	KUNIT_EXPECT_EQ(test, bc_auto_off(), off + 2);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->bc.dev, BC_PENDING), 0);
}

static const struct dev_boot_constraint bc_test_defer_of_clk[] = {
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_test_defer_clk },
};

static const char * const bc_test_defer_of_b[] = { "bc-test-of-b" };

static const struct dev_boot_constraint_of bc_test_defer_of_table[] = {
	DEV_BOOT_CONSTRAINT_OF_NAMED("bc-test,kunit-of-consumer",
				     bc_test_defer_of_clk, bc_test_defer_of_b),
};

/* A table entry constrains the devices of its compatible that it names. */
static void bc_test_defer_of_dev_names(struct kunit *test)
{
	struct bc_test_defer_ctx *ctx = test->priv;
	struct platform_device *a, *b;
	int ret;

	KUNIT_ASSERT_EQ(test, bc_test_clk_driver_register(test, ctx->bc.clk,
							  bc_test_clk_match), 0);
	a = bc_test_of_pdev(test, "/bc-test-of-a");
	KUNIT_ASSERT_NOT_NULL(test, a);
	b = bc_test_of_pdev(test, "/bc-test-of-b");
	KUNIT_ASSERT_NOT_NULL(test, b);

	ret = dev_boot_constraint_add_deferrable_of(bc_test_defer_of_table,
						    ARRAY_SIZE(bc_test_defer_of_table));
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, &b->dev), 0);

	KUNIT_EXPECT_EQ(test, bc_count(&b->dev, BC_APPLIED), 1);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(&a->dev), 0);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "clk:prepare clk:on");
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->bc.clk), 1);
}

/* An entry whose compatible no node has adds nothing. */
static void bc_test_defer_of_unknown_compatible(struct kunit *test)
{
	static const struct dev_boot_constraint_of table[] = {
		DEV_BOOT_CONSTRAINT_OF("bc-test,kunit-nothing", bc_test_defer_of_clk),
	};
	struct bc_test_defer_ctx *ctx = test->priv;

	KUNIT_ASSERT_EQ(test, bc_test_clk_driver_register(test, ctx->bc.clk,
							  bc_test_clk_match), 0);

	KUNIT_EXPECT_EQ(test, dev_boot_constraint_add_deferrable_of(table,
								    ARRAY_SIZE(table)), 0);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), "");
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->bc.dev), 0);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->bc.clk), 0);
}

/*
 * Past the deadline, a table adds nothing: not even a wait for a device not
 * created yet, which would hold its node for good, as nothing drops it then.
 */
static void bc_test_defer_of_past_deadline(struct kunit *test)
{
	static const struct dev_boot_constraint_of table[] = {
		DEV_BOOT_CONSTRAINT_OF("bc-test,kunit-of-unborn",
				       bc_test_defer_of_clk),
	};
	struct device_node *np;
	unsigned int refs;

	np = bc_test_of_node(test, "/bc-test-clock-parent/bc-test-of-unborn");
	refs = kref_read(&np->kobj.kref);
	bc_test_pass_own_deadline(test);

	KUNIT_EXPECT_EQ(test, dev_boot_constraint_add_deferrable_of(table,
								    ARRAY_SIZE(table)), -ETIMEDOUT);
	KUNIT_EXPECT_EQ(test, kref_read(&np->kobj.kref), refs);
}

/**
 * struct bc_test_defer_of_heap - A table entry as a module has it, in memory
 * that goes when the module does.
 *
 * @oconst: the entry, for @compat's node named @name.
 * @constraint: its constraint, on @clk.
 * @clk: the node's clock, by its name in "clock-names".
 * @names: @name.
 * @compat: the compatible.
 * @name: the name of the node.
 * @clk_name: the name of the clock.
 */
struct bc_test_defer_of_heap {
	struct dev_boot_constraint_of oconst;
	struct dev_boot_constraint constraint;
	struct dev_boot_constraint_clk_info clk;
	const char *names[1];
	char compat[32];
	char name[16];
	char clk_name[8];
};

static void bc_test_defer_of_destroy(void *dev)
{
	of_platform_device_destroy(dev, NULL);
}

/*
 * The caller's table may go once the add returns (its module unloaded)
 * before the node's device is created: what waits for the device is the
 * core's copy. The table is wiped and freed right after the add; the
 * device, created then, holds the clock the table named.
 */
static void bc_test_defer_of_table_freed(struct kunit *test)
{
	struct bc_test_defer_ctx *ctx = test->priv;
	struct bc_test_defer_of_heap *heap;
	struct platform_device *pdev;
	struct device_node *np;
	int ret;

	KUNIT_ASSERT_EQ(test, bc_test_clk_driver_register(test, ctx->bc.clk,
							  bc_test_clk_match), 0);
	/* The overlay's device goes: the test makes its own, later. */
	np = bc_test_of_node(test, "/bc-test-console");
	pdev = of_find_device_by_node(np);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	of_platform_device_destroy(&pdev->dev, NULL);
	put_device(&pdev->dev);

	heap = kzalloc(sizeof(*heap), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, heap);
	strscpy(heap->compat, "bc-test,kunit-console");
	strscpy(heap->name, "bc-test-console");
	strscpy(heap->clk_name, "core");
	heap->clk.name = heap->clk_name;
	heap->constraint.type = DEV_BOOT_CONSTRAINT_CLK;
	heap->constraint.data = &heap->clk;
	heap->names[0] = heap->name;
	heap->oconst.compat = heap->compat;
	heap->oconst.constraints = &heap->constraint;
	heap->oconst.count = 1;
	heap->oconst.dev_names = heap->names;
	heap->oconst.dev_names_count = 1;
	ret = dev_boot_constraint_add_deferrable_of(&heap->oconst, 1);
	memset(heap, 0, sizeof(*heap));
	kfree(heap);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), "");

	pdev = of_platform_device_create(np, NULL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, bc_test_defer_of_destroy,
							&pdev->dev), 0);
	bc_flush();

	KUNIT_EXPECT_EQ(test, bc_count(&pdev->dev, BC_APPLIED), 1);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), "clk:prepare clk:on");
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->bc.clk), 1);
}

static const struct dev_boot_constraint_supply_info bc_test_defer_vdd = {
	.name = "vdd",
};

static const struct dev_boot_constraint bc_test_defer_of_clk_vdd[] = {
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_test_defer_clk },
	{ .type = DEV_BOOT_CONSTRAINT_SUPPLY, .data = &bc_test_defer_vdd },
};

/*
 * The constraints of an entry are added to a device together or not at
 * all: the clock is let go when the supply, which the node does not have,
 * fails.
 */
static void bc_test_defer_of_all_or_nothing(struct kunit *test)
{
	static const struct dev_boot_constraint_of table[] = {
		DEV_BOOT_CONSTRAINT_OF("bc-test,kunit-clk-consumer",
				       bc_test_defer_of_clk_vdd),
	};
	struct bc_test_defer_ctx *ctx = test->priv;

	KUNIT_ASSERT_EQ(test, bc_test_clk_driver_register(test, ctx->bc.clk,
							  bc_test_clk_match), 0);

	KUNIT_EXPECT_EQ(test, dev_boot_constraint_add_deferrable_of(table,
								    ARRAY_SIZE(table)), -ENODEV);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "clk:prepare clk:on clk:off clk:unprepare");
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->bc.dev), 0);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->bc.clk), 0);
}

static struct kunit_case bc_test_defer_cases[] = {
	KUNIT_CASE(bc_test_defer_pending),
	KUNIT_CASE(bc_test_defer_applied_on_provider_bind),
	KUNIT_CASE(bc_test_defer_applied_before_probe),
	KUNIT_CASE(bc_test_defer_dropped_on_failed_probe),
	KUNIT_CASE(bc_test_defer_dropped_on_probe),
	KUNIT_CASE(bc_test_defer_device_deleted),
	KUNIT_CASE(bc_test_defer_fails_later),
	KUNIT_CASE(bc_test_defer_supply),
	KUNIT_CASE(bc_test_defer_power_domain),
	KUNIT_CASE(bc_test_defer_unrelated_bind),
	KUNIT_CASE(bc_test_defer_subnode_provider),
	KUNIT_CASE(bc_test_defer_bound_without_resource),
	KUNIT_CASE(bc_test_defer_absent_tried_once),
	KUNIT_CASE(bc_test_defer_of_dev_names),
	KUNIT_CASE(bc_test_defer_of_unknown_compatible),
	KUNIT_CASE(bc_test_defer_of_all_or_nothing),
	KUNIT_CASE(bc_test_defer_of_past_deadline),
	KUNIT_CASE(bc_test_defer_of_table_freed),
	{}
};

static struct kunit_suite bc_test_defer_suite = {
	.name = "boot_constraint_deferrable",
	.init = bc_test_defer_init,
	.test_cases = bc_test_defer_cases,
};

kunit_test_suite(bc_test_defer_suite);
