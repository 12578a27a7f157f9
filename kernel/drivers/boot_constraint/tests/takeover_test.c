// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of where a driver takes its device over: its probe runs as if
 * nothing held the device's resources, and nothing else changes them until
 * it has taken them over; in its probe for most drivers, at its aggregate's
 * bind for a component, when it says so for a display, at its bind for a
 * device bound without a probe, or when user space ends the hold.
 */

#include <linux/component.h>
#include <linux/device.h>
#include <linux/platform_device.h>
#include <linux/regulator/consumer.h>

#include <kunit/platform_device.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../release.h"
#include "../kunit.h"

#define BC_TEST_TAKEOVER_DEV	"bc-takeover-dev"
#define BC_TEST_MDSS		"bc-takeover-mdss"
#define BC_TEST_MDP5		"bc-takeover-mdp5"
#define BC_TEST_DSI		"bc-takeover-dsi"
#define BC_TEST_PANEL		"bc-takeover-panel"

/* The device's clock "core", off, and its supply "vdd", off at 1.2 V. */
BC_TEST_DEFINE_INIT(bc_test_takeover, .dev = BC_TEST_TAKEOVER_DEV,
		    .with = BC_TEST_WITH_CLK, .reg_uv = 1200000);

/**
 * struct bc_test_takeover_drv - A driver that takes its supply as it likes.
 *
 * @pdrv: the driver, of BC_TEST_TAKEOVER_DEV.
 * @exclusive: its probe gets "vdd" with regulator_get_exclusive().
 * @enable: its probe enables "vdd".
 * @uv: the voltage its probe sets on "vdd", or 0.
 * @later: its probe says it takes the device over later.
 * @ret: what its probe returns.
 * @peer: a handle of another device on "vdd", which the probe asks for
 *	1.0-1.3 V, below the held 1.8 V, or NULL.
 * @reg: the handle its probe got.
 * @get_ret: what the get returned.
 * @uv_ret: what regulator_set_voltage() returned.
 * @peer_ret: what the peer's regulator_set_voltage() returned.
 */
struct bc_test_takeover_drv {
	struct platform_driver pdrv;
	bool exclusive;
	bool enable;
	int uv;
	bool later;
	int ret;
	struct regulator *peer;
	struct regulator *reg;
	int get_ret;
	int uv_ret;
	int peer_ret;
};

static int bc_test_takeover_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct bc_test_takeover_drv *drv;
	struct regulator *reg;

	drv = container_of(to_platform_driver(dev->driver),
			   struct bc_test_takeover_drv, pdrv);
	reg = drv->exclusive ? devm_regulator_get_exclusive(dev, "vdd") :
			       devm_regulator_get(dev, "vdd");
	drv->get_ret = PTR_ERR_OR_ZERO(reg);
	if (IS_ERR(reg))
		return PTR_ERR(reg);
	drv->reg = reg;
	if (drv->peer)
		drv->peer_ret = regulator_set_voltage(drv->peer, 1000000, 1300000);
	if (drv->uv) {
		drv->uv_ret = regulator_set_voltage(reg, drv->uv, drv->uv);
		if (drv->uv_ret)
			return drv->uv_ret;
	}
	if (drv->enable && regulator_enable(reg))
		return -EIO;
	if (drv->later)
		dev_boot_constraints_take_over_later(dev);

	return READ_ONCE(drv->ret);
}

static void bc_test_takeover_remove(struct platform_device *pdev)
{
	struct bc_test_takeover_drv *drv;

	drv = container_of(to_platform_driver(pdev->dev.driver),
			   struct bc_test_takeover_drv, pdrv);
	/* An exclusive get took the enable of the supply, left on */
	if (drv->enable || drv->exclusive)
		regulator_disable(drv->reg);
}

/* The device's driver, not registered yet; the supply held at 1.8 V. */
static struct bc_test_takeover_drv *bc_test_takeover_start(struct kunit *test)
{
	struct bc_test_takeover_drv *drv;

	drv = kunit_kzalloc(test, sizeof(*drv), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, drv);
	drv->pdrv.probe = bc_test_takeover_probe;
	drv->pdrv.remove = bc_test_takeover_remove;
	drv->pdrv.driver.name = BC_TEST_TAKEOVER_DEV;
	drv->get_ret = 1;
	drv->uv_ret = 1;
	drv->peer_ret = 1;
	KUNIT_ASSERT_EQ(test, bc_test_add_dev(test, DEV_BOOT_CONSTRAINT_SUPPLY,
					      &bc_test_vdd_boot, false), 0);

	return drv;
}

static void bc_test_takeover_register(struct kunit *test,
				      struct bc_test_takeover_drv *drv)
{
	KUNIT_ASSERT_EQ(test, kunit_platform_driver_register(test, &drv->pdrv),
			0);
	wait_for_device_probe();
}

/*
 * A driver that takes its supply exclusively gets it, on, as it gets a
 * supply the bootloader left on: the regulator never goes off, and is the
 * driver's alone once the constraint is gone.
 */
static void bc_test_takeover_exclusive(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_takeover_drv *drv;

	drv = bc_test_takeover_start(test);
	drv->exclusive = true;
	bc_test_takeover_register(test, drv);

	KUNIT_ASSERT_EQ(test, drv->get_ret, 0);
	KUNIT_EXPECT_TRUE(test, device_is_bound(ctx->dev));
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
	KUNIT_EXPECT_TRUE(test, ctx->reg->enabled);
	KUNIT_EXPECT_EQ(test, ctx->reg->uv, BC_TEST_REG_BOOT_UV);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "reg:voltage=1800000 reg:on free:owner");
	KUNIT_EXPECT_TRUE(test, regulator_is_enabled(drv->reg));
}

/*
 * The driver's first enable takes the hold's over: the supply is its own,
 * and goes off when it disables it, as if nothing had held it, though its
 * device's constraint is still kept (its driver takes over later).
 */
static void bc_test_takeover_first_enable(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_takeover_drv *drv;

	drv = bc_test_takeover_start(test);
	drv->enable = true;
	drv->later = true;
	bc_test_takeover_register(test, drv);

	KUNIT_EXPECT_TRUE(test, device_is_bound(ctx->dev));
	KUNIT_EXPECT_TRUE(test, ctx->reg->enabled);
	KUNIT_EXPECT_EQ(test, regulator_disable(drv->reg), 0);
	drv->enable = false;
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_HANDED_OVER), 1);
	KUNIT_EXPECT_FALSE(test, ctx->reg->enabled);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "reg:voltage=1800000 reg:on reg:off");
	dev_boot_constraints_taken_over(ctx->dev);
	bc_flush();
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
	KUNIT_EXPECT_FALSE(test, ctx->reg->enabled);
}

/*
 * While the probe runs, and across its deferral, another device's
 * consumer cannot move the held voltage (its request succeeds and waits),
 * while the driver's own request, outside it, succeeds: it replaces the
 * hold's, and is balanced with the peer's as without constraints. The
 * deferral takes the hold's request back, at the voltage the rail is at.
 */
static void bc_test_takeover_peer_in_probe(struct kunit *test)
{
	struct device *peer = bc_test_dev(test, BC_TEST_REG_PEER);
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_takeover_drv *drv;

	drv = bc_test_takeover_start(test);
	drv->peer = regulator_get(peer, "vdd");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, drv->peer);
	drv->ret = -EPROBE_DEFER;
	bc_test_takeover_register(test, drv);

	KUNIT_EXPECT_EQ(test, drv->peer_ret, 0);
	KUNIT_EXPECT_FALSE(test, device_is_bound(ctx->dev));
	KUNIT_EXPECT_EQ(test, ctx->reg->uv, BC_TEST_REG_BOOT_UV);
	KUNIT_EXPECT_EQ(test, regulator_set_voltage(drv->peer, 3300000, 3300000), 0);
	KUNIT_EXPECT_EQ(test, ctx->reg->uv, BC_TEST_REG_BOOT_UV);
	KUNIT_EXPECT_EQ(test, regulator_set_voltage(drv->peer, 1000000, 1300000), 0);

	drv->uv = 1200000;
	WRITE_ONCE(drv->ret, 0);
	KUNIT_ASSERT_GE(test, device_attach(ctx->dev), 0);
	wait_for_device_probe();

	KUNIT_EXPECT_EQ(test, drv->peer_ret, 0);
	KUNIT_EXPECT_EQ(test, drv->uv_ret, 0);
	KUNIT_EXPECT_TRUE(test, device_is_bound(ctx->dev));
	KUNIT_EXPECT_EQ(test, ctx->reg->uv, 1200000);
	KUNIT_EXPECT_FALSE(test, bc_test_log_has(ctx->log, "reg:voltage=3300000"));
	KUNIT_EXPECT_FALSE(test, bc_test_log_has(ctx->log, "reg:voltage=1000000"));
	regulator_put(drv->peer);
}

/*
 * A driver that takes over later keeps its device's constraints past its
 * probe, until it says it has taken over.
 */
static void bc_test_takeover_later(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_takeover_drv *drv;

	drv = bc_test_takeover_start(test);
	drv->later = true;
	bc_test_takeover_register(test, drv);
	bc_flush();

	KUNIT_EXPECT_TRUE(test, device_is_bound(ctx->dev));
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_HANDED_OVER), 1);
	KUNIT_EXPECT_TRUE(test, ctx->reg->enabled);

	dev_boot_constraints_taken_over(ctx->dev);
	bc_flush();

	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
	KUNIT_EXPECT_FALSE(test, ctx->reg->enabled);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owner->calls), 1);
}

/* User space ends the hold of one device by its name. */
static void bc_test_takeover_user_ends(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_takeover_drv *drv;

	drv = bc_test_takeover_start(test);
	drv->later = true;
	bc_test_takeover_register(test, drv);

	KUNIT_EXPECT_EQ(test, bc_end("bc-no-such-device"), -ENODEV);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_HANDED_OVER), 1);
	KUNIT_EXPECT_EQ(test, bc_end(dev_name(ctx->dev)), 0);
	bc_flush();

	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_RELEASED), 1);
}

/*
 * A driver bound by hand, without a probe (as phylib binds its generic PHY
 * driver), has taken its device over.
 */
static void bc_test_takeover_bound_by_hand(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_takeover_drv *drv;
	int ret;

	drv = bc_test_takeover_start(test);
	drv->pdrv.driver.name = "bc-takeover-by-hand";
	KUNIT_ASSERT_EQ(test, kunit_platform_driver_register(test, &drv->pdrv),
			0);
	/* Its name matches no device: bind it by hand */
	device_lock(ctx->dev);
	if (ctx->dev->driver) {
		device_unlock(ctx->dev);
		KUNIT_FAIL_AND_ABORT(test, "bound by the driver core");
	}
	ctx->dev->driver = &drv->pdrv.driver;
	ret = device_bind_driver(ctx->dev);
	if (ret)
		ctx->dev->driver = NULL;
	device_unlock(ctx->dev);
	KUNIT_ASSERT_EQ(test, ret, 0);
	bc_flush();

	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owner->calls), 1);
	device_release_driver(ctx->dev);
}

/*
 * A display pipeline as a DragonBoard 410c's: the MDSS is the aggregate
 * driver, the MDP5 and the DSI its components. The MDP5 probes first, its
 * clock held; the DSI last, its component completing the aggregate, whose
 * bind takes both over.
 */
static int bc_test_mdss_probe(struct platform_device *pdev)
{
	struct component_match *match = NULL;

	component_match_add(&pdev->dev, &match, component_compare_dev_name,
			    BC_TEST_MDP5);
	component_match_add(&pdev->dev, &match, component_compare_dev_name,
			    BC_TEST_DSI);

	return bc_test_aggregate_add(&pdev->dev, match);
}

static void bc_test_mdss_remove(struct platform_device *pdev)
{
	bc_test_aggregate_del(&pdev->dev);
}

static struct platform_driver bc_test_mdss_driver = {
	.probe = bc_test_mdss_probe,
	.remove = bc_test_mdss_remove,
	.driver.name = BC_TEST_MDSS,
};

/*
 * The MDP5's clock stays on from its probe until the aggregate's bind, and
 * is let go after it: its driver programs the hardware from its bind.
 */
static void bc_test_takeover_component(struct kunit *test)
{
	struct dev_boot_constraint_clk_info clk = { .name = "core" };
	struct bc_test_ctx *ctx = test->priv;
	struct platform_device *mdp5;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, bc_test_pdev_add(test, BC_TEST_MDSS));
	mdp5 = bc_test_pdev_add(test, BC_TEST_MDP5);
	KUNIT_ASSERT_NOT_NULL(test, mdp5);
	KUNIT_ASSERT_NOT_NULL(test, bc_test_pdev_add(test, BC_TEST_DSI));
	KUNIT_ASSERT_EQ(test, bc_test_clk_add_lookup(test, ctx->clk, "core",
						     BC_TEST_MDP5), 0);
	KUNIT_ASSERT_EQ(test, bc_test_add(test, &mdp5->dev,
					  DEV_BOOT_CONSTRAINT_CLK, &clk, false), 0);

	KUNIT_ASSERT_EQ(test, kunit_platform_driver_register(test,
							     &bc_test_mdss_driver), 0);
	ret = bc_test_component_driver_register(test, BC_TEST_MDP5, NULL);
	KUNIT_ASSERT_EQ(test, ret, 0);
	wait_for_device_probe();
	bc_flush();

	KUNIT_EXPECT_TRUE(test, device_is_bound(&mdp5->dev));
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk), 1);
	KUNIT_EXPECT_EQ(test, bc_count(&mdp5->dev, BC_HANDED_OVER), 1);

	ret = bc_test_component_driver_register(test, BC_TEST_DSI, NULL);
	KUNIT_ASSERT_EQ(test, ret, 0);
	wait_for_device_probe();
	bc_flush();

	KUNIT_EXPECT_EQ(test, bc_test_count_held(&mdp5->dev), 0);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owner->calls), 1);
}

/*
 * A DSI host as mediatek's, exynos' and vc4's: its probe registers the
 * host, and says that it takes its device over later; it adds its
 * component from its host-attach callback, which its panel's probe calls,
 * with the panel's lock held and not the host's.
 */
static int bc_test_dsi_host_probe(struct platform_device *pdev)
{
	dev_boot_constraints_take_over_later(&pdev->dev);

	return 0;
}

static struct platform_driver bc_test_dsi_host_driver = {
	.probe = bc_test_dsi_host_probe,
	.driver.name = BC_TEST_DSI,
};

static int bc_test_dsi_bind(struct device *dev, struct device *master,
			    void *data)
{
	return 0;
}

static void bc_test_dsi_unbind(struct device *dev, struct device *master,
			       void *data)
{
}

static const struct component_ops bc_test_dsi_ops = {
	.bind = bc_test_dsi_bind,
	.unbind = bc_test_dsi_unbind,
};

/* The panel's probe attaches it to its host: the host adds its component */
static int bc_test_panel_probe(struct platform_device *pdev)
{
	struct device *host = bus_find_device_by_name(&platform_bus_type, NULL,
						      BC_TEST_DSI);
	int ret;

	if (!host)
		return -ENODEV;

	ret = component_add(host, &bc_test_dsi_ops);
	if (ret)
		put_device(host);
	else
		platform_set_drvdata(pdev, host);

	return ret;
}

static void bc_test_panel_remove(struct platform_device *pdev)
{
	struct device *host = platform_get_drvdata(pdev);

	component_del(host, &bc_test_dsi_ops);
	put_device(host);
}

static struct platform_driver bc_test_panel_driver = {
	.probe = bc_test_panel_probe,
	.remove = bc_test_panel_remove,
	.driver.name = BC_TEST_PANEL,
};

/*
 * A component added from another device's probe, the DSI host's from its
 * panel's, after the host's own probe has returned: the host's clock stays
 * on until the aggregate binds, and goes after it; the call from the
 * panel's probe, which does not hold the host's lock, is no lockdep
 * warning.
 */
static void bc_test_takeover_component_from_peer(struct kunit *test)
{
	struct dev_boot_constraint_clk_info clk = { .name = "core" };
	struct bc_test_ctx *ctx = test->priv;
	struct platform_device *dsi;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, bc_test_pdev_add(test, BC_TEST_MDSS));
	KUNIT_ASSERT_NOT_NULL(test, bc_test_pdev_add(test, BC_TEST_MDP5));
	dsi = bc_test_pdev_add(test, BC_TEST_DSI);
	KUNIT_ASSERT_NOT_NULL(test, dsi);
	KUNIT_ASSERT_NOT_NULL(test, bc_test_pdev_add(test, BC_TEST_PANEL));
	KUNIT_ASSERT_EQ(test, bc_test_clk_add_lookup(test, ctx->clk, "core",
						     BC_TEST_DSI), 0);
	KUNIT_ASSERT_EQ(test, bc_test_add(test, &dsi->dev,
					  DEV_BOOT_CONSTRAINT_CLK, &clk, false), 0);

	KUNIT_ASSERT_EQ(test, kunit_platform_driver_register(test,
							     &bc_test_mdss_driver), 0);
	ret = bc_test_component_driver_register(test, BC_TEST_MDP5, NULL);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_EQ(test, kunit_platform_driver_register(test,
							     &bc_test_dsi_host_driver), 0);
	wait_for_device_probe();
	bc_flush();

	KUNIT_EXPECT_TRUE(test, device_is_bound(&dsi->dev));
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk), 1);
	KUNIT_EXPECT_EQ(test, bc_count(&dsi->dev, BC_HANDED_OVER), 1);

	KUNIT_ASSERT_EQ(test, kunit_platform_driver_register(test,
							     &bc_test_panel_driver), 0);
	wait_for_device_probe();
	bc_flush();

	KUNIT_EXPECT_EQ(test, bc_test_count_held(&dsi->dev), 0);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owner->calls), 1);
}

static struct kunit_case bc_test_takeover_cases[] = {
	KUNIT_CASE(bc_test_takeover_exclusive),
	KUNIT_CASE(bc_test_takeover_first_enable),
	KUNIT_CASE(bc_test_takeover_peer_in_probe),
	KUNIT_CASE(bc_test_takeover_later),
	KUNIT_CASE(bc_test_takeover_user_ends),
	KUNIT_CASE(bc_test_takeover_bound_by_hand),
	KUNIT_CASE(bc_test_takeover_component),
	KUNIT_CASE(bc_test_takeover_component_from_peer),
	{}
};

static struct kunit_suite bc_test_takeover_suite = {
	.name = "boot_constraint_takeover",
	.init = bc_test_takeover_init,
	.test_cases = bc_test_takeover_cases,
};

kunit_test_suite(bc_test_takeover_suite);
