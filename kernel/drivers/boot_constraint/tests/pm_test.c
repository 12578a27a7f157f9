// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of power-domain boot constraints: the domain of a device
 * described in the device tree stays powered while another device of the
 * domain runtime-suspends, across a deferred probe of the constrained
 * device, until the constraint is released.
 */

#include <linux/device.h>
#include <linux/platform_device.h>
#include <linux/pm_runtime.h>
#include <linux/workqueue.h>

#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../kunit.h"

/*
 * The domain, powered on, of two devices: the constrained one, whose domain
 * is named "core", with its driver not registered yet, which records the
 * domain; and its peer, bound and runtime-active.
 */
static int bc_test_pm_init(struct kunit *test)
{
	static const struct bc_test_setup setup = {
		.dev = "/bc-test-pd-consumer",
		.peer = "/bc-test-pd-peer",
		.with = BC_TEST_WITH_PD,
	};
	struct bc_test_driver *peer_drv;
	struct bc_test_ctx *ctx;

	bc_test_init_with(test, &setup);
	ctx = test->priv;
	peer_drv = bc_test_driver_alloc(test, ctx->log, "bc-pd-peer",
					bc_test_pd_peer_match);
	KUNIT_ASSERT_NOT_NULL(test, peer_drv);
	peer_drv->runtime_pm = true;
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, peer_drv), 0);
	KUNIT_ASSERT_TRUE(test, device_is_bound(ctx->peer));

	ctx->drv = bc_test_driver_alloc(test, ctx->log, "bc-pd-consumer",
					bc_test_pd_consumer_match);
	KUNIT_ASSERT_NOT_NULL(test, ctx->drv);
	ctx->drv->pd = ctx->pd;

	/* genpd's checks after the peer's probe are over: the test decides. */
	flush_workqueue(pm_wq);
	KUNIT_ASSERT_TRUE(test, ctx->pd->on);
	bc_test_log_clear(ctx->log);

	return 0;
}

static int bc_test_pm_add(struct kunit *test, struct device *dev, const char *name)
{
	struct dev_boot_constraint_pm_info pm = { .name = name };
	struct dev_boot_constraint_info info = {
		.constraint = {
			.type = DEV_BOOT_CONSTRAINT_PM,
			.data = &pm,
		},
	};
	int ret;

	ret = dev_boot_constraint_add(dev, &info);
	if (!ret)
		KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, dev), 0);

	return ret;
}

/* The peer runtime-suspends, which powers the domain off if it may. */
static void bc_test_pm_peer_suspend(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_ASSERT_EQ(test, pm_runtime_put_sync(ctx->peer), 0);
	KUNIT_ASSERT_TRUE(test, pm_runtime_suspended(ctx->peer));
}

static void bc_test_pm_peer_resume(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_ASSERT_GE(test, pm_runtime_get_sync(ctx->peer), 0);
}

/* The domain is off, and its going off is all the log holds. */
static void bc_test_pm_expect_off(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "pd:off");
	KUNIT_EXPECT_FALSE(test, ctx->pd->on);
}

/*
 * The domain stays on while its other device runtime-suspends, and is
 * powered off when that device suspends once the constraint is released.
 */
static void bc_test_pm_holds_domain(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_ASSERT_EQ(test, bc_test_pm_add(test, ctx->dev, NULL), 0);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_APPLIED), 1);

	bc_test_pm_peer_suspend(test);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "");
	KUNIT_EXPECT_TRUE(test, ctx->pd->on);
	bc_test_pm_peer_resume(test);

	boot_constraints_remove(ctx->dev);
	bc_test_pm_peer_suspend(test);

	bc_test_pm_expect_off(test);
}

/*
 * The driver core detaches the domain from a device whose probe is
 * deferred, and genpd then tries to power it off: the constraint keeps it
 * on, until the probe that succeeds releases it.
 */
static void bc_test_pm_deferred_probe(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_ASSERT_EQ(test, bc_test_pm_add(test, ctx->dev, NULL), 0);
	bc_test_pm_peer_suspend(test);
	ctx->drv->ret = -EPROBE_DEFER;
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, ctx->drv), 0);
	wait_for_device_probe();
	flush_workqueue(pm_wq);

	KUNIT_EXPECT_GE(test, ctx->drv->probes, 1);
	KUNIT_EXPECT_TRUE(test, ctx->drv->seen_pd_on);
	KUNIT_EXPECT_FALSE(test, bc_test_log_has(ctx->log, "pd:off"));
	KUNIT_EXPECT_TRUE(test, ctx->pd->on);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_APPLIED), 1);

	WRITE_ONCE(ctx->drv->ret, 0);
	KUNIT_ASSERT_GE(test, device_attach(ctx->dev), 0);
	wait_for_device_probe();
	KUNIT_ASSERT_TRUE(test, device_is_bound(ctx->dev));
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);

	/* Its driver gone, nothing holds the domain. */
	device_release_driver(ctx->dev);
	flush_workqueue(pm_wq);
	KUNIT_EXPECT_TRUE(test, bc_test_log_ends_with(ctx->log, "pd:off"));
	KUNIT_EXPECT_FALSE(test, ctx->pd->on);
}

/* The domain is on while the probe runs, and let go after it. */
static void bc_test_pm_released_after_probe(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_ASSERT_EQ(test, bc_test_pm_add(test, ctx->dev, NULL), 0);
	bc_test_pm_peer_suspend(test);
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, ctx->drv), 0);

	KUNIT_EXPECT_EQ(test, ctx->drv->probes, 1);
	KUNIT_EXPECT_TRUE(test, ctx->drv->seen_pd_on);
	KUNIT_EXPECT_EQ(test, ctx->drv->seen_applied, 1);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);

	device_release_driver(ctx->dev);
	flush_workqueue(pm_wq);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "bc-pd-consumer:probe=0 pd:off");
	KUNIT_EXPECT_FALSE(test, ctx->pd->on);
}

/*
 * Released when nothing else uses the domain, the constraint lets genpd
 * power it off.
 */
static void bc_test_pm_release_powers_off(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_ASSERT_EQ(test, bc_test_pm_add(test, ctx->dev, NULL), 0);
	bc_test_pm_peer_suspend(test);
	KUNIT_EXPECT_TRUE(test, ctx->pd->on);

	boot_constraints_remove(ctx->dev);
	flush_workqueue(pm_wq);

	bc_test_pm_expect_off(test);
}

/* The domain may be named, as in "power-domain-names". */
static void bc_test_pm_by_name(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_ASSERT_EQ(test, bc_test_pm_add(test, ctx->dev, "core"), 0);

	bc_test_pm_peer_suspend(test);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "");
	KUNIT_EXPECT_TRUE(test, ctx->pd->on);
}

/*
 * Two constraints on one domain, the default and the named one, share the
 * device that holds it: genpd counts the peer and one holder. Both released
 * at once, the domain goes off with the peer.
 */
static void bc_test_pm_holder_shared(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_ASSERT_EQ(test, bc_test_pm_add(test, ctx->dev, NULL), 0);
	KUNIT_ASSERT_EQ(test, bc_test_pm_add(test, ctx->dev, "core"), 0);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_APPLIED), 2);
	KUNIT_EXPECT_EQ(test, ctx->pd->genpd.device_count, 2);

	bc_test_pm_peer_suspend(test);
	KUNIT_EXPECT_TRUE(test, ctx->pd->on);
	bc_test_pm_peer_resume(test);

	boot_constraints_remove(ctx->dev);
	KUNIT_EXPECT_EQ(test, ctx->pd->genpd.device_count, 1);
	bc_test_pm_peer_suspend(test);
	bc_test_pm_expect_off(test);
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_root_device_unregister,
			    root_device_unregister, struct device *);

/*
 * Two devices of one name, a platform device and one outside any bus, each
 * hold their own domain: the devices that hold the domains are not named
 * after their users.
 */
static void bc_test_pm_users_of_one_name(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_pd *twin;
	struct device_node *np;
	struct device *dev;
	int ret;

	twin = bc_test_pd_alloc(test, ctx->log);
	KUNIT_ASSERT_NOT_NULL(test, twin);
	twin->genpd.name = "twin";
	np = bc_test_of_node(test, "/bc-test-power-controller-twin");
	KUNIT_ASSERT_EQ(test, bc_test_pd_register_cell(test, np, twin, 0), 0);
	dev = root_device_register(dev_name(ctx->dev));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	ret = kunit_add_action_or_reset(test, bc_test_root_device_unregister, dev);
	KUNIT_ASSERT_EQ(test, ret, 0);
	dev->of_node = bc_test_of_node(test, "/bc-test-pd-twin");

	KUNIT_ASSERT_EQ(test, bc_test_pm_add(test, ctx->dev, NULL), 0);
	KUNIT_EXPECT_EQ(test, bc_test_pm_add(test, dev, NULL), 0);
	KUNIT_EXPECT_EQ(test, bc_count(dev, BC_APPLIED), 1);
	KUNIT_EXPECT_EQ(test, twin->genpd.device_count, 1);
	KUNIT_EXPECT_EQ(test, ctx->pd->genpd.device_count, 2);

	boot_constraints_remove(dev);
	KUNIT_EXPECT_EQ(test, twin->genpd.device_count, 0);
	dev->of_node = NULL;
}

/* A name the device does not have is an error, and nothing is held. */
static void bc_test_pm_unknown_name(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_EXPECT_EQ(test, bc_test_pm_add(test, ctx->dev, "gpu"), -ENOENT);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);

	bc_test_pm_peer_suspend(test);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "pd:off");
}

/*
 * A device without a domain, in the device tree or not described there at
 * all, cannot have a domain constraint.
 */
static void bc_test_pm_no_domain(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct platform_device *no_pd, *no_dt;

	no_pd = bc_test_of_pdev(test, "/bc-test-no-pd");
	KUNIT_ASSERT_NOT_NULL(test, no_pd);
	no_dt = bc_test_pdev_add(test, "bc-pm-no-dt");
	KUNIT_ASSERT_NOT_NULL(test, no_dt);

	KUNIT_EXPECT_EQ(test, bc_test_pm_add(test, &no_pd->dev, NULL), -ENOENT);
	KUNIT_EXPECT_EQ(test, bc_test_pm_add(test, &no_dt->dev, NULL), -ENOENT);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(&no_pd->dev), 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(&no_dt->dev), 0);

	bc_test_pm_peer_suspend(test);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "pd:off");
}

static struct kunit_case bc_test_pm_cases[] = {
	KUNIT_CASE(bc_test_pm_holds_domain),
	KUNIT_CASE(bc_test_pm_deferred_probe),
	KUNIT_CASE(bc_test_pm_released_after_probe),
	KUNIT_CASE(bc_test_pm_release_powers_off),
	KUNIT_CASE(bc_test_pm_by_name),
	KUNIT_CASE(bc_test_pm_holder_shared),
	KUNIT_CASE(bc_test_pm_users_of_one_name),
	KUNIT_CASE(bc_test_pm_unknown_name),
	KUNIT_CASE(bc_test_pm_no_domain),
	{}
};

static struct kunit_suite bc_test_pm_suite = {
	.name = "boot_constraint_pm",
	.init = bc_test_pm_init,
	.test_cases = bc_test_pm_cases,
};

kunit_test_suite(bc_test_pm_suite);
