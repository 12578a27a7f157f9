// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the lifetime of boot constraints: a driver that goes
 * while its device's probe is deferred, a power-domain provider that tries
 * to go while a constraint holds its domain, and the device that holds a
 * domain for a constraint. Their races are in lifetime_race_test.c.
 *
 * Every resource ends as it started, with as many releases as takes in
 * its provider's log, and every owner is told exactly once.
 */

#include <linux/device.h>
#include <linux/err.h>
#include <linux/of.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <linux/pm_domain.h>
#include <linux/string.h>

#include <kunit/resource.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../kunit.h"
#include "lifetime.h"

/**
 * bc_test_life_init() - Set a lifetime test up: the init of both suites.
 * @test: the test, whose context (struct bc_test_life_ctx) it allocates.
 *
 * Return: 0; fails the test on error.
 */
int bc_test_life_init(struct kunit *test)
{
	struct bc_test_life_ctx *ctx;

	ctx = bc_test_init_ctx(test, sizeof(*ctx));
	ctx->bc.clk = bc_test_clk_alloc(test, ctx->bc.log, "shared", false);
	KUNIT_ASSERT_NOT_NULL(test, ctx->bc.clk);
	KUNIT_ASSERT_EQ(test, bc_test_clk_register(test, ctx->bc.clk), 0);
	KUNIT_ASSERT_EQ(test, bc_test_clk_add_lookup(test, ctx->bc.clk, "shared",
						     NULL), 0);

	ctx->clk_info.name = "shared";
	ctx->info.constraint.type = DEV_BOOT_CONSTRAINT_CLK;
	ctx->info.constraint.data = &ctx->clk_info;
	bc_test_owner_set(&ctx->info, ctx->bc.owner);

	return 0;
}

/**
 * bc_test_life_expect_clk_idle() - Expect the clock off, with as many
 * disables as enables.
 * @test: the test.
 */
void bc_test_life_expect_clk_idle(struct kunit *test)
{
	struct bc_test_life_ctx *ctx = test->priv;

	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->bc.clk), 0);
	KUNIT_EXPECT_FALSE(test, ctx->bc.clk->enabled);
	KUNIT_EXPECT_EQ(test, ctx->bc.clk->enables, ctx->bc.clk->disables);
	KUNIT_EXPECT_EQ(test, ctx->bc.clk->prepares, ctx->bc.clk->unprepares);
}

/*
 * The driver goes while its device's probe is deferred: the constraint
 * stays, for the driver may come back, and is released once, with the
 * device.
 */
static void bc_test_life_driver_gone_while_deferred(struct kunit *test)
{
	struct bc_test_life_ctx *ctx = test->priv;
	struct platform_device *pdev;
	struct bc_test_driver *drv;

	pdev = bc_test_pdev_add(test, BC_TEST_LIFE_DEV);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	KUNIT_ASSERT_EQ(test, dev_boot_constraint_add(&pdev->dev, &ctx->info), 0);

	drv = bc_test_driver_alloc(test, ctx->bc.log, BC_TEST_LIFE_DEV, NULL);
	KUNIT_ASSERT_NOT_NULL(test, drv);
	drv->ret = -EPROBE_DEFER;
	drv->clk = ctx->bc.clk;
	KUNIT_ASSERT_EQ(test, platform_driver_register(&drv->pdrv), 0);
	platform_driver_unregister(&drv->pdrv);

	KUNIT_EXPECT_EQ(test, drv->probes, 1);
	KUNIT_EXPECT_EQ(test, drv->seen_clk_enable_count, 1);
	KUNIT_EXPECT_EQ(test, bc_count(&pdev->dev, BC_APPLIED), 1);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->bc.clk), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->bc.owner->calls), 0);

	bc_test_pdev_unregister(test, pdev);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "shared:prepare shared:on bc-life-dev:probe=-517 shared:off shared:unprepare free:owner");
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->bc.owner->calls), 1);
	bc_test_life_expect_clk_idle(test);
}

/**
 * struct bc_test_life_genpd - A test domain registered by the test itself.
 *
 * @pd: the domain.
 * @np: the node it is the provider of.
 * @removed: whether pm_genpd_remove() succeeded.
 */
struct bc_test_life_genpd {
	struct bc_test_pd *pd;
	struct device_node *np;
	bool removed;
};

static void bc_test_life_genpd_remove(void *data)
{
	struct bc_test_life_genpd *lg = data;

	of_genpd_del_provider(lg->np);
	if (!lg->removed)
		lg->removed = !pm_genpd_remove(&lg->pd->genpd);
}

/*
 * A domain of the overlay's power controller, with no driver bound: the
 * test removes it when it chooses.
 */
static struct bc_test_life_genpd *bc_test_life_genpd_add(struct kunit *test)
{
	struct bc_test_life_ctx *ctx = test->priv;
	struct bc_test_life_genpd *lg;

	lg = kunit_kzalloc(test, sizeof(*lg), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, lg);
	lg->pd = bc_test_pd_alloc(test, ctx->bc.log);
	KUNIT_ASSERT_NOT_NULL(test, lg->pd);
	KUNIT_ASSERT_EQ(test, bc_test_apply_overlay(test), 0);
	lg->np = bc_test_of_node(test, "/bc-test-power-controller");

	KUNIT_ASSERT_EQ(test, pm_genpd_init(&lg->pd->genpd, NULL, false), 0);
	if (of_genpd_add_provider_simple(lg->np, &lg->pd->genpd)) {
		pm_genpd_remove(&lg->pd->genpd);
		KUNIT_FAIL_AND_ABORT(test, "of_genpd_add_provider_simple");
	}
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, bc_test_life_genpd_remove,
							lg), 0);

	return lg;
}

static int bc_test_life_add_pm(struct kunit *test, struct device *dev)
{
	static const struct dev_boot_constraint_pm_info pm = { .name = "core" };

	return bc_test_add_owned(dev, DEV_BOOT_CONSTRAINT_PM, &pm, NULL, false);
}

/*
 * genpd refuses to remove a domain that a constraint holds: the domain
 * stays, on, and goes once the constraint is released.
 */
static void bc_test_life_domain_removed_while_held(struct kunit *test)
{
	struct platform_device *pdev;
	struct bc_test_life_genpd *lg;
	struct bc_test_pd *pd;

	lg = bc_test_life_genpd_add(test);
	pd = lg->pd;
	pdev = bc_test_of_pdev(test, "/bc-test-pd-consumer");
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	KUNIT_ASSERT_EQ(test, bc_test_life_add_pm(test, &pdev->dev), 0);
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, &pdev->dev), 0);
	KUNIT_ASSERT_EQ(test, pd->genpd.device_count, 1);

	of_genpd_del_provider(lg->np);
	KUNIT_EXPECT_EQ(test, pm_genpd_remove(&pd->genpd), -EBUSY);
	KUNIT_EXPECT_TRUE(test, pd->on);
	KUNIT_EXPECT_EQ(test, pd->genpd.device_count, 1);

	boot_constraints_remove(&pdev->dev);

	KUNIT_EXPECT_EQ(test, pd->genpd.device_count, 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(&pdev->dev), 0);
	kunit_release_action(test, bc_test_life_genpd_remove, lg);
	KUNIT_EXPECT_TRUE(test, lg->removed);
}

/* The device that a power-domain constraint added to @pd's domain. */
static struct device *bc_test_life_holder(struct kunit *test, struct bc_test_pd *pd)
{
	struct pm_domain_data *pdd;
	struct device *holder;

	KUNIT_ASSERT_EQ(test, pd->genpd.device_count, 1);
	pdd = list_first_entry(&pd->genpd.dev_list, struct pm_domain_data,
			       list_node);
	holder = get_device(pdd->dev);
	/* Under the holders' parent, not in /sys/devices named by its user */
	KUNIT_ASSERT_NOT_NULL(test, holder->parent);
	KUNIT_EXPECT_STREQ(test, dev_name(holder->parent), "boot_constraint");
	KUNIT_EXPECT_TRUE(test, str_has_prefix(dev_name(holder), "pd"));

	return holder;
}

/*
 * The constraint's own device, which holds the domain, is registered
 * while the constraint holds it, and unregistered, out of the domain, once
 * it is released, by the probe of the device or by its deletion.
 */
static void bc_test_life_holder_released(struct kunit *test)
{
	struct bc_test_life_ctx *ctx = test->priv;
	struct bc_test_driver *drv;
	struct device *holder, *dev;
	struct bc_test_pd *pd;

	/* Bound to its driver: fw_devlink lets the consumer probe. */
	pd = bc_test_pd_alloc(test, ctx->bc.log);
	KUNIT_ASSERT_NOT_NULL(test, pd);
	KUNIT_ASSERT_EQ(test, bc_test_apply_overlay(test), 0);
	KUNIT_ASSERT_EQ(test, bc_test_pd_driver_register(test, pd,
							 bc_test_pd_match), 0);
	dev = bc_test_dev(test, "/bc-test-pd-consumer");

	/* Released by the device's probe. */
	KUNIT_ASSERT_EQ(test, bc_test_life_add_pm(test, dev), 0);
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, dev), 0);
	holder = bc_test_life_holder(test, pd);
	KUNIT_EXPECT_TRUE(test, device_is_registered(holder));
	drv = bc_test_driver_alloc(test, ctx->bc.log, "bc-life-pd-consumer",
				   bc_test_pd_consumer_match);
	KUNIT_ASSERT_NOT_NULL(test, drv);
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, drv), 0);
	KUNIT_EXPECT_EQ(test, drv->seen_applied, 1);
	KUNIT_EXPECT_FALSE(test, device_is_registered(holder));
	put_device(holder);

	/* Released by the deletion of the device. */
	device_release_driver(dev);
	KUNIT_EXPECT_EQ(test, pd->genpd.device_count, 0);
	KUNIT_ASSERT_EQ(test, bc_test_life_add_pm(test, dev), 0);
	holder = bc_test_life_holder(test, pd);
	KUNIT_EXPECT_TRUE(test, device_is_registered(holder));
	of_platform_device_destroy(dev, NULL);
	KUNIT_EXPECT_FALSE(test, device_is_registered(holder));
	KUNIT_EXPECT_EQ(test, pd->genpd.device_count, 0);
	put_device(holder);
}

static struct kunit_case bc_test_life_cases[] = {
	KUNIT_CASE(bc_test_life_driver_gone_while_deferred),
	KUNIT_CASE(bc_test_life_domain_removed_while_held),
	KUNIT_CASE(bc_test_life_holder_released),
	{}
};

static struct kunit_suite bc_test_life_suite = {
	.name = "boot_constraint_lifetime",
	.init = bc_test_life_init,
	.test_cases = bc_test_life_cases,
};

kunit_test_suite(bc_test_life_suite);
