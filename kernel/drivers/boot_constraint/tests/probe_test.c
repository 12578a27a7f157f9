// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of boot constraints around a real probe through the driver
 * core: held while the driver's probe runs, released once it has returned,
 * with success or failure, and kept while the probe is deferred or the
 * device declined. The rate range and the voltage request stand aside for
 * the driver's own requests, which take them over, and hold off every other
 * consumer through each probe attempt; a deferral takes them back. A
 * release leaves the rate and the voltage as they are.
 */

#include <linux/clk.h>
#include <linux/device.h>
#include <linux/platform_device.h>
#include <linux/regulator/consumer.h>

#include <kunit/clk.h>
#include <kunit/platform_device.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../kunit.h"

#define BC_TEST_PROBE_DEV	"bc-probe-dev"

/* The device's clock, off, and supply, off at 1.2 V; its driver. */
static int bc_test_probe_init(struct kunit *test)
{
	static const struct bc_test_setup setup = {
		.dev = BC_TEST_PROBE_DEV,
		.with = BC_TEST_WITH_CLK,
		.reg_uv = 1200000,
	};
	struct bc_test_ctx *ctx;

	bc_test_init_with(test, &setup);
	ctx = test->priv;
	ctx->drv = bc_test_driver_alloc(test, ctx->log, BC_TEST_PROBE_DEV, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ctx->drv);
	ctx->drv->clk = ctx->clk;
	ctx->drv->reg = ctx->reg;

	return 0;
}

static void bc_test_probe_add_clk(struct kunit *test)
{
	struct dev_boot_constraint_clk_info clk = { .name = "core" };

	KUNIT_ASSERT_EQ(test, bc_test_add_dev(test, DEV_BOOT_CONSTRAINT_CLK, &clk, false), 0);
}

/* The clock is held while the driver's probe runs. */
static void bc_test_probe_held_during_probe(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	bc_test_probe_add_clk(test);
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, ctx->drv), 0);

	KUNIT_EXPECT_EQ(test, ctx->drv->probes, 1);
	KUNIT_EXPECT_EQ(test, ctx->drv->seen_clk_enable_count, 1);
	KUNIT_EXPECT_EQ(test, ctx->drv->seen_applied, 1);
}

/**
 * struct bc_test_probe_end - How the probe of bc_test_probe_released() ends.
 *
 * @name: the case's name.
 * @ret: what the driver's probe returns.
 * @log: what the clock and the driver do.
 */
struct bc_test_probe_end {
	const char *name;
	int ret;
	const char *log;
};

static const struct bc_test_probe_end bc_test_probe_ends[] = {
	{ "after_probe", 0,
	  "clk0:prepare clk0:on bc-probe-dev:probe=0 clk0:off clk0:unprepare free:owner" },
	{ "after_failure", -EINVAL,
	  "clk0:prepare clk0:on bc-probe-dev:probe=-22 clk0:off clk0:unprepare free:owner" },
};

static void bc_test_probe_end_desc(const struct bc_test_probe_end *end, char *desc)
{
	strscpy(desc, end->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(bc_test_probe_end, bc_test_probe_ends, bc_test_probe_end_desc);

/* It is released once the probe has returned, succeeded or failed, its owner told. */
static void bc_test_probe_released(struct kunit *test)
{
	const struct bc_test_probe_end *end = test->param_value;
	struct bc_test_ctx *ctx = test->priv;

	ctx->drv->ret = end->ret;
	bc_test_probe_add_clk(test);
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, ctx->drv), 0);

	KUNIT_EXPECT_EQ(test, device_is_bound(ctx->dev), !end->ret);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), end->log);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk), 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owner->calls), 1);
}

/* A deferred probe keeps it, until the probe that succeeds. */
static void bc_test_probe_kept_across_deferral(struct kunit *test)
{
	static const char expected[] =
		"bc-probe-dev:probe=0 clk0:off clk0:unprepare free:owner";
	struct bc_test_ctx *ctx = test->priv;

	ctx->drv->ret = -EPROBE_DEFER;
	bc_test_probe_add_clk(test);
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, ctx->drv), 0);
	wait_for_device_probe();

	KUNIT_EXPECT_GE(test, ctx->drv->probes, 1);
	KUNIT_EXPECT_EQ(test, ctx->drv->seen_clk_enable_count, 1);
	KUNIT_EXPECT_FALSE(test, bc_test_log_has(ctx->log, "clk0:off"));
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk), 1);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_APPLIED), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owner->calls), 0);

	WRITE_ONCE(ctx->drv->ret, 0);
	KUNIT_ASSERT_GE(test, device_attach(ctx->dev), 0);
	wait_for_device_probe();

	KUNIT_EXPECT_TRUE(test, device_is_bound(ctx->dev));
	KUNIT_EXPECT_EQ(test, ctx->drv->seen_clk_enable_count, 1);
	KUNIT_EXPECT_TRUE(test, bc_test_log_ends_with(ctx->log, expected));
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk), 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
}

/*
 * A probe deferred by the driver core, before the driver is called, because
 * a supplier is not bound, keeps it until the supplier is bound and the
 * driver's probe has run.
 */
static void bc_test_probe_kept_while_supplier_missing(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct platform_device *supplier;

	supplier = bc_test_pdev_add(test, "bc-probe-supplier");
	KUNIT_ASSERT_NOT_NULL(test, supplier);
	KUNIT_ASSERT_NOT_NULL(test, device_link_add(ctx->dev, &supplier->dev,
						    DL_FLAG_AUTOREMOVE_CONSUMER));

	bc_test_probe_add_clk(test);
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, ctx->drv), 0);
	wait_for_device_probe();

	KUNIT_EXPECT_EQ(test, ctx->drv->probes, 0);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "clk0:prepare clk0:on");
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_APPLIED), 1);

	bc_test_driver_add(test, "bc-probe-supplier", NULL);
	wait_for_device_probe();

	KUNIT_EXPECT_EQ(test, ctx->drv->probes, 1);
	KUNIT_EXPECT_EQ(test, ctx->drv->seen_clk_enable_count, 1);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "clk0:prepare clk0:on bc-probe-supplier:probe=0 bc-probe-dev:probe=0 clk0:off clk0:unprepare free:owner");
}

/* An asynchronous probe releases it too. */
static void bc_test_probe_async(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	ctx->drv->pdrv.driver.probe_type = PROBE_PREFER_ASYNCHRONOUS;
	bc_test_probe_add_clk(test);
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, ctx->drv), 0);
	wait_for_device_probe();

	KUNIT_EXPECT_EQ(test, ctx->drv->probes, 1);
	KUNIT_EXPECT_EQ(test, ctx->drv->seen_clk_enable_count, 1);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "clk0:prepare clk0:on bc-probe-dev:probe=0 clk0:off clk0:unprepare free:owner");
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
}

/* A supply is on, at its voltage, while the probe runs, and then let go. */
static void bc_test_probe_supply(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_ASSERT_EQ(test, bc_test_add_owned(ctx->dev, DEV_BOOT_CONSTRAINT_SUPPLY,
						&bc_test_vdd_boot, NULL, false), 0);
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, ctx->drv), 0);

	KUNIT_EXPECT_TRUE(test, ctx->drv->seen_reg_enabled);
	KUNIT_EXPECT_EQ(test, ctx->drv->seen_reg_uv, BC_TEST_REG_BOOT_UV);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "reg:voltage=1800000 reg:on bc-probe-dev:probe=0 reg:off");
	KUNIT_EXPECT_FALSE(test, ctx->reg->enabled);
	KUNIT_EXPECT_EQ(test, ctx->reg->uv, BC_TEST_REG_BOOT_UV);
}

/**
 * struct bc_test_probe_own - A driver that sets its own rate and voltage.
 *
 * @pdrv: the driver, of BC_TEST_PROBE_DEV.
 * @rate: the rate its probe sets on "core", or 0.
 * @uv: the voltage its probe sets on "vdd", or 0.
 * @ret: what its probe returns once it has set them.
 * @probes: number of calls of its probe.
 * @rate_ret: what clk_set_rate() returned.
 * @rate_got: the rate of "core" after it.
 * @uv_ret: what regulator_set_voltage() returned.
 * @peer_clk: if set, another device's handle of "core", with which its
 *	probe first asks for 100 MHz.
 * @peer_reg: if set, another device's handle of "vdd", with which its
 *	probe first asks for 1.0-1.3 V, below the held 1.8 V.
 * @peer_rate_got: the rate of "core" after the peer's request.
 * @peer_uv_ret: what the peer's regulator_set_voltage() returned.
 */
struct bc_test_probe_own {
	struct platform_driver pdrv;
	unsigned long rate;
	int uv;
	int ret;
	unsigned int probes;
	int rate_ret;
	unsigned long rate_got;
	int uv_ret;
	struct clk *peer_clk;
	struct regulator *peer_reg;
	unsigned long peer_rate_got;
	int peer_uv_ret;
};

/* A peer's requests, made in the middle of the device's probe attempt */
static void bc_test_probe_own_peer(struct bc_test_probe_own *drv)
{
	if (drv->peer_clk) {
		clk_set_rate(drv->peer_clk, 100000000);
		drv->peer_rate_got = clk_get_rate(drv->peer_clk);
	}
	if (drv->peer_reg)
		drv->peer_uv_ret = regulator_set_voltage(drv->peer_reg, 1000000,
							 1300000);
}

/*
 * Most drivers: set the rate and the voltage their device needs, whatever
 * the bootloader left, and fail the probe if they cannot.
 */
static int bc_test_probe_own_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct bc_test_probe_own *drv;
	struct regulator *reg;
	struct clk *clk;

	drv = container_of(to_platform_driver(dev->driver),
			   struct bc_test_probe_own, pdrv);
	drv->probes++;
	bc_test_probe_own_peer(drv);
	if (drv->rate) {
		clk = devm_clk_get(dev, "core");
		if (IS_ERR(clk))
			return PTR_ERR(clk);
		drv->rate_ret = clk_set_rate(clk, drv->rate);
		drv->rate_got = clk_get_rate(clk);
		if (drv->rate_ret)
			return drv->rate_ret;
	}
	if (drv->uv) {
		reg = devm_regulator_get(dev, "vdd");
		if (IS_ERR(reg))
			return PTR_ERR(reg);
		drv->uv_ret = regulator_set_voltage(reg, drv->uv, drv->uv);
		if (drv->uv_ret)
			return drv->uv_ret;
	}

	return READ_ONCE(drv->ret);
}

static struct bc_test_probe_own *bc_test_probe_own_alloc(struct kunit *test,
							 unsigned long rate, int uv)
{
	struct bc_test_probe_own *drv;

	drv = kunit_kzalloc(test, sizeof(*drv), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, drv);
	drv->pdrv.probe = bc_test_probe_own_probe;
	drv->pdrv.driver.name = BC_TEST_PROBE_DEV;
	drv->rate = rate;
	drv->uv = uv;
	drv->rate_ret = 1;
	drv->uv_ret = 1;

	return drv;
}

static void bc_test_probe_add_range(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct dev_boot_constraint_clk_info clk = {
		.name = "core",
		.rate_min = 74000000,
		.rate_max = 75000000,
	};
	struct dev_boot_constraint_info infos[] = {
		{ .constraint = { DEV_BOOT_CONSTRAINT_CLK, &clk } },
		{ .constraint = { DEV_BOOT_CONSTRAINT_SUPPLY, &bc_test_vdd_boot } },
	};

	bc_test_owner_set(&infos[0], ctx->owner);
	bc_test_owner_set(&infos[1], ctx->owner);
	KUNIT_ASSERT_EQ(test, bc_add_all(ctx->dev, infos, 2, false),
			0);
	KUNIT_ASSERT_EQ(test, ctx->clk->rate, 74000000);
	KUNIT_ASSERT_EQ(test, ctx->reg->uv, BC_TEST_REG_BOOT_UV);
}

/*
 * Registers @drv for the device, its probe returning @ret, once the range
 * constraints are added. The test frees it at its end.
 */
static struct bc_test_probe_own *
bc_test_probe_own_start_with(struct kunit *test, struct bc_test_probe_own *drv,
			     int ret)
{
	drv->ret = ret;
	bc_test_probe_add_range(test);
	KUNIT_ASSERT_EQ(test, kunit_platform_driver_register(test, &drv->pdrv),
			0);

	return drv;
}

/*
 * Registers a driver of its own for the device, whose probe sets @rate and
 * @uv (0: leaves them) and returns @ret, once the range constraints are
 * added.
 */
static struct bc_test_probe_own *bc_test_probe_own_start(struct kunit *test,
							 unsigned long rate,
							 int uv, int ret)
{
	return bc_test_probe_own_start_with(test,
					    bc_test_probe_own_alloc(test, rate, uv),
					    ret);
}

/*
 * The device is not bound and both constraints are held, the owner not
 * told: the voltage request is back, no other device's consumer moves the
 * rail out of the range (its request succeeds, and waits).
 */
static void bc_test_probe_expect_kept(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct platform_device *peer;
	struct regulator *other;

	KUNIT_EXPECT_FALSE(test, device_is_bound(ctx->dev));
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_APPLIED), 2);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk), 1);
	KUNIT_EXPECT_TRUE(test, ctx->reg->enabled);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owner->calls), 0);
	peer = bc_test_pdev_add(test, BC_TEST_REG_PEER);
	KUNIT_ASSERT_NOT_NULL(test, peer);
	other = regulator_get(&peer->dev, "vdd");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, other);
	KUNIT_EXPECT_EQ(test, regulator_set_voltage(other, 3300000, 3300000), 0);
	KUNIT_EXPECT_EQ(test, ctx->reg->uv, BC_TEST_REG_BOOT_UV);
	regulator_put(other);
	KUNIT_EXPECT_EQ(test, ctx->reg->uv, BC_TEST_REG_BOOT_UV);
}

/*
 * The rate range and the voltage request are the driver's from its probe
 * on: it sets a rate and a voltage out of them, gets them, and keeps them
 * after the constraints are released.
 */
static void bc_test_probe_handover(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_probe_own *drv;

	drv = bc_test_probe_own_start(test, 50000000, 1200000, 0);

	KUNIT_EXPECT_EQ(test, drv->probes, 1);
	KUNIT_EXPECT_EQ(test, drv->rate_ret, 0);
	KUNIT_EXPECT_EQ(test, drv->rate_got, 50000000);
	KUNIT_EXPECT_EQ(test, drv->uv_ret, 0);
	KUNIT_EXPECT_TRUE(test, device_is_bound(ctx->dev));
	KUNIT_EXPECT_EQ(test, ctx->clk->rate, 50000000);
	KUNIT_EXPECT_EQ(test, ctx->reg->uv, 1200000);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk), 0);
	KUNIT_EXPECT_FALSE(test, ctx->reg->enabled);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
}

/*
 * A driver that declines the device (-ENODEV) is not its driver: the
 * constraints stay, whole, until another driver binds it, and are released
 * after that one's probe.
 */
static void bc_test_probe_decline_keeps(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_driver *second;
	struct bc_test_probe_own *first;

	first = bc_test_probe_own_start(test, 0, 0, -ENODEV);

	KUNIT_EXPECT_EQ(test, first->probes, 1);
	bc_test_probe_expect_kept(test);

	second = bc_test_driver_alloc(test, ctx->log, "bc-probe-second", NULL);
	KUNIT_ASSERT_NOT_NULL(test, second);
	second->clk = ctx->clk;
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, second), 0);
	KUNIT_ASSERT_EQ(test, device_set_driver_override(ctx->dev,
							 "bc-probe-second"), 0);
	KUNIT_ASSERT_GE(test, device_attach(ctx->dev), 0);
	wait_for_device_probe();

	KUNIT_EXPECT_TRUE(test, device_is_bound(ctx->dev));
	KUNIT_EXPECT_EQ(test, second->seen_clk_enable_count, 1);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owner->calls), 2);
	KUNIT_EXPECT_EQ(test, ctx->reg->uv, BC_TEST_REG_BOOT_UV);
}

/*
 * A deferral takes the constraints back whole: the driver set its own
 * rate and voltage, then deferred; its requests are gone with it, the
 * constraints' are back, and no one else may leave their ranges until the
 * driver probes again.
 */
static void bc_test_probe_deferral_takes_back(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_probe_own *drv;

	drv = bc_test_probe_own_start(test, 50000000, 1200000, -EPROBE_DEFER);
	wait_for_device_probe();

	KUNIT_EXPECT_GE(test, drv->probes, 1);
	KUNIT_EXPECT_EQ(test, drv->rate_ret, 0);
	KUNIT_EXPECT_EQ(test, drv->uv_ret, 0);
	KUNIT_EXPECT_EQ(test, ctx->reg->uv, BC_TEST_REG_BOOT_UV);
	KUNIT_EXPECT_GE(test, ctx->clk->rate, 74000000);
	KUNIT_EXPECT_LE(test, ctx->clk->rate, 75000000);
	bc_test_probe_expect_kept(test);

	WRITE_ONCE(drv->ret, 0);
	KUNIT_ASSERT_GE(test, device_attach(ctx->dev), 0);
	wait_for_device_probe();

	KUNIT_EXPECT_TRUE(test, device_is_bound(ctx->dev));
	KUNIT_EXPECT_EQ(test, ctx->clk->rate, 50000000);
	KUNIT_EXPECT_EQ(test, ctx->reg->uv, 1200000);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
}

/*
 * No peer leaves the ranges while the device's driver probes and defers:
 * another device's rate and voltage requests, made in the middle of the
 * attempt, before the driver's own, are held within them, the voltage
 * request succeeding and waiting; the driver's own requests that follow
 * succeed, balanced with the peer's as without constraints.
 */
static void bc_test_probe_deferral_holds_off_peers(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct platform_device *peer;
	struct bc_test_probe_own *drv;

	drv = bc_test_probe_own_alloc(test, 50000000, 1200000);
	drv->peer_clk = clk_hw_get_clk_kunit(test, &ctx->clk->hw, "peer");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, drv->peer_clk);
	peer = bc_test_pdev_add(test, BC_TEST_REG_PEER);
	KUNIT_ASSERT_NOT_NULL(test, peer);
	drv->peer_reg = devm_regulator_get(&peer->dev, "vdd");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, drv->peer_reg);

	bc_test_probe_own_start_with(test, drv, -EPROBE_DEFER);
	wait_for_device_probe();

	KUNIT_EXPECT_GE(test, drv->probes, 1);
	KUNIT_EXPECT_GE(test, drv->peer_rate_got, 74000000);
	KUNIT_EXPECT_LE(test, drv->peer_rate_got, 75000000);
	KUNIT_EXPECT_EQ(test, drv->peer_uv_ret, 0);
	KUNIT_EXPECT_FALSE(test, bc_test_log_has(ctx->log, "reg:voltage=1000000"));
	KUNIT_EXPECT_EQ(test, drv->rate_ret, 0);
	KUNIT_EXPECT_EQ(test, drv->uv_ret, 0);
}

static struct kunit_case bc_test_probe_cases[] = {
	KUNIT_CASE(bc_test_probe_held_during_probe),
	KUNIT_CASE_PARAM(bc_test_probe_released, bc_test_probe_end_gen_params),
	KUNIT_CASE(bc_test_probe_kept_across_deferral),
	KUNIT_CASE(bc_test_probe_kept_while_supplier_missing),
	KUNIT_CASE(bc_test_probe_async),
	KUNIT_CASE(bc_test_probe_supply),
	KUNIT_CASE(bc_test_probe_handover),
	KUNIT_CASE(bc_test_probe_decline_keeps),
	KUNIT_CASE(bc_test_probe_deferral_takes_back),
	KUNIT_CASE(bc_test_probe_deferral_holds_off_peers),
	{}
};

static struct kunit_suite bc_test_probe_suite = {
	.name = "boot_constraint_probe",
	.init = bc_test_probe_init,
	.test_cases = bc_test_probe_cases,
};

kunit_test_suite(bc_test_probe_suite);
