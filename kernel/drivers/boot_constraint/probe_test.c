// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of boot constraints around a real probe through the driver
 * core: held while the driver's probe runs, released once it has returned,
 * with success or failure, and kept while the probe is deferred.
 */

#include <linux/device.h>
#include <linux/platform_device.h>

#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "core.h"

#define BC_PROBE_DEV	"bc-probe-dev"

/**
 * struct bc_probe_ctx - Context of a probe test.
 *
 * @log: what the providers, the driver and the owner did.
 * @clk: a clock that is off, "core" of the device.
 * @reg: a regulator that is off, "vdd" of the device.
 * @owner: the owner of the constraints.
 * @dev: the constrained device.
 * @drv: its driver, not registered yet, which records @clk and @reg.
 */
struct bc_probe_ctx {
	struct bc_kunit_log *log;
	struct bc_kunit_clk *clk;
	struct bc_kunit_reg *reg;
	struct bc_kunit_owner *owner;
	struct device *dev;
	struct bc_kunit_driver *drv;
};

static int bc_probe_test_init(struct kunit *test)
{
	struct platform_device *pdev;
	struct bc_probe_ctx *ctx;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	test->priv = ctx;

	ctx->log = bc_kunit_log_alloc(test);
	KUNIT_ASSERT_NOT_NULL(test, ctx->log);
	ctx->owner = bc_kunit_owner_alloc(test, ctx->log, "owner");
	KUNIT_ASSERT_NOT_NULL(test, ctx->owner);

	ctx->clk = bc_kunit_clk_alloc(test, ctx->log, "clk0", false);
	KUNIT_ASSERT_NOT_NULL(test, ctx->clk);
	KUNIT_ASSERT_EQ(test, bc_kunit_clk_register(test, ctx->clk), 0);
	KUNIT_ASSERT_EQ(test, bc_kunit_clk_add_lookup(test, ctx->clk, "core",
						      BC_PROBE_DEV), 0);

	ctx->reg = bc_kunit_reg_alloc(test, ctx->log, false, 1200000);
	KUNIT_ASSERT_NOT_NULL(test, ctx->reg);
	bc_kunit_reg_add_consumer(ctx->reg, BC_PROBE_DEV);
	KUNIT_ASSERT_EQ(test, bc_kunit_reg_register(test, ctx->reg), 0);

	pdev = bc_kunit_pdev_add(test, BC_PROBE_DEV);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	ctx->dev = &pdev->dev;

	ctx->drv = bc_kunit_driver_alloc(test, ctx->log, BC_PROBE_DEV, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ctx->drv);
	ctx->drv->clk = ctx->clk;
	ctx->drv->reg = ctx->reg;

	return 0;
}

static void bc_probe_add_clk(struct kunit *test)
{
	struct bc_probe_ctx *ctx = test->priv;
	struct dev_boot_constraint_clk_info clk = { .name = "core" };
	struct dev_boot_constraint_info info = {
		.constraint = {
			.type = DEV_BOOT_CONSTRAINT_CLK,
			.data = &clk,
		},
	};

	bc_kunit_owner_set(&info, ctx->owner);
	KUNIT_ASSERT_EQ(test, dev_boot_constraint_add(ctx->dev, &info), 0);
}

/* The clock is held while the driver's probe runs. */
static void bc_probe_test_held_during_probe(struct kunit *test)
{
	struct bc_probe_ctx *ctx = test->priv;

	bc_probe_add_clk(test);
	KUNIT_ASSERT_EQ(test, bc_kunit_driver_register(test, ctx->drv), 0);

	KUNIT_EXPECT_EQ(test, ctx->drv->probes, 1);
	KUNIT_EXPECT_EQ(test, ctx->drv->seen_clk_enable_count, 1);
	KUNIT_EXPECT_EQ(test, ctx->drv->seen_applied, 1);
}

/* It is released once the probe has succeeded. */
static void bc_probe_test_released_after_probe(struct kunit *test)
{
	struct bc_probe_ctx *ctx = test->priv;

	bc_probe_add_clk(test);
	KUNIT_ASSERT_EQ(test, bc_kunit_driver_register(test, ctx->drv), 0);

	KUNIT_EXPECT_TRUE(test, device_is_bound(ctx->dev));
	KUNIT_EXPECT_STREQ(test, bc_kunit_log_str(ctx->log),
			   "clk0:prepare clk0:enable bc-probe-dev:probe=0 clk0:disable clk0:unprepare free:owner");
	KUNIT_EXPECT_EQ(test, bc_kunit_clk_enable_count(ctx->clk), 0);
	KUNIT_EXPECT_EQ(test, bc_kunit_count_held(ctx->dev), 0);
}

/* It is released once the probe has failed, and its owner told. */
static void bc_probe_test_released_after_failure(struct kunit *test)
{
	struct bc_probe_ctx *ctx = test->priv;

	ctx->drv->ret = -EINVAL;
	bc_probe_add_clk(test);
	KUNIT_ASSERT_EQ(test, bc_kunit_driver_register(test, ctx->drv), 0);

	KUNIT_EXPECT_FALSE(test, device_is_bound(ctx->dev));
	KUNIT_EXPECT_STREQ(test, bc_kunit_log_str(ctx->log),
			   "clk0:prepare clk0:enable bc-probe-dev:probe=-22 clk0:disable clk0:unprepare free:owner");
	KUNIT_EXPECT_EQ(test, bc_kunit_clk_enable_count(ctx->clk), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owner->calls), 1);
}

/* A deferred probe keeps it, until the probe that succeeds. */
static void bc_probe_test_kept_across_deferral(struct kunit *test)
{
	static const char expected[] =
		"bc-probe-dev:probe=0 clk0:disable clk0:unprepare free:owner";
	struct bc_probe_ctx *ctx = test->priv;

	ctx->drv->ret = -EPROBE_DEFER;
	bc_probe_add_clk(test);
	KUNIT_ASSERT_EQ(test, bc_kunit_driver_register(test, ctx->drv), 0);
	wait_for_device_probe();

	KUNIT_EXPECT_GE(test, ctx->drv->probes, 1);
	KUNIT_EXPECT_EQ(test, ctx->drv->seen_clk_enable_count, 1);
	KUNIT_EXPECT_FALSE(test, bc_kunit_log_has(ctx->log, "clk0:disable"));
	KUNIT_EXPECT_EQ(test, bc_kunit_clk_enable_count(ctx->clk), 1);
	KUNIT_EXPECT_EQ(test, boot_constraint_count(ctx->dev, BC_APPLIED), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owner->calls), 0);

	WRITE_ONCE(ctx->drv->ret, 0);
	KUNIT_ASSERT_GE(test, device_attach(ctx->dev), 0);
	wait_for_device_probe();

	KUNIT_EXPECT_TRUE(test, device_is_bound(ctx->dev));
	KUNIT_EXPECT_EQ(test, ctx->drv->seen_clk_enable_count, 1);
	KUNIT_EXPECT_TRUE(test, bc_kunit_log_ends_with(ctx->log, expected));
	KUNIT_EXPECT_EQ(test, bc_kunit_clk_enable_count(ctx->clk), 0);
	KUNIT_EXPECT_EQ(test, bc_kunit_count_held(ctx->dev), 0);
}

/*
 * A probe deferred by the driver core, before the driver is called, because
 * a supplier is not bound, keeps it until the supplier is bound and the
 * driver's probe has run.
 */
static void bc_probe_test_kept_while_supplier_missing(struct kunit *test)
{
	struct bc_probe_ctx *ctx = test->priv;
	struct platform_device *supplier;
	struct bc_kunit_driver *supplier_drv;

	supplier = bc_kunit_pdev_add(test, "bc-probe-supplier");
	KUNIT_ASSERT_NOT_NULL(test, supplier);
	KUNIT_ASSERT_NOT_NULL(test, device_link_add(ctx->dev, &supplier->dev,
						    DL_FLAG_AUTOREMOVE_CONSUMER));

	bc_probe_add_clk(test);
	KUNIT_ASSERT_EQ(test, bc_kunit_driver_register(test, ctx->drv), 0);
	wait_for_device_probe();

	KUNIT_EXPECT_EQ(test, ctx->drv->probes, 0);
	KUNIT_EXPECT_STREQ(test, bc_kunit_log_str(ctx->log),
			   "clk0:prepare clk0:enable");
	KUNIT_EXPECT_EQ(test, boot_constraint_count(ctx->dev, BC_APPLIED), 1);

	supplier_drv = bc_kunit_driver_alloc(test, ctx->log, "bc-probe-supplier",
					     NULL);
	KUNIT_ASSERT_NOT_NULL(test, supplier_drv);
	KUNIT_ASSERT_EQ(test, bc_kunit_driver_register(test, supplier_drv), 0);
	wait_for_device_probe();

	KUNIT_EXPECT_EQ(test, ctx->drv->probes, 1);
	KUNIT_EXPECT_EQ(test, ctx->drv->seen_clk_enable_count, 1);
	KUNIT_EXPECT_STREQ(test, bc_kunit_log_str(ctx->log),
			   "clk0:prepare clk0:enable bc-probe-supplier:probe=0 bc-probe-dev:probe=0 clk0:disable clk0:unprepare free:owner");
}

/* An asynchronous probe releases it too. */
static void bc_probe_test_async(struct kunit *test)
{
	struct bc_probe_ctx *ctx = test->priv;

	ctx->drv->pdrv.driver.probe_type = PROBE_PREFER_ASYNCHRONOUS;
	bc_probe_add_clk(test);
	KUNIT_ASSERT_EQ(test, bc_kunit_driver_register(test, ctx->drv), 0);
	wait_for_device_probe();

	KUNIT_EXPECT_EQ(test, ctx->drv->probes, 1);
	KUNIT_EXPECT_EQ(test, ctx->drv->seen_clk_enable_count, 1);
	KUNIT_EXPECT_STREQ(test, bc_kunit_log_str(ctx->log),
			   "clk0:prepare clk0:enable bc-probe-dev:probe=0 clk0:disable clk0:unprepare free:owner");
	KUNIT_EXPECT_EQ(test, bc_kunit_count_held(ctx->dev), 0);
}

/* A supply is on, at its voltage, while the probe runs, and then let go. */
static void bc_probe_test_supply(struct kunit *test)
{
	struct bc_probe_ctx *ctx = test->priv;
	struct dev_boot_constraint_supply_info vdd = {
		.name = "vdd",
		.u_volt_min = BC_KUNIT_REG_BOOT_UV,
		.u_volt_max = BC_KUNIT_REG_BOOT_UV,
	};
	struct dev_boot_constraint_info info = {
		.constraint = {
			.type = DEV_BOOT_CONSTRAINT_SUPPLY,
			.data = &vdd,
		},
	};

	KUNIT_ASSERT_EQ(test, dev_boot_constraint_add(ctx->dev, &info), 0);
	KUNIT_ASSERT_EQ(test, bc_kunit_driver_register(test, ctx->drv), 0);

	KUNIT_EXPECT_TRUE(test, ctx->drv->seen_reg_enabled);
	KUNIT_EXPECT_EQ(test, ctx->drv->seen_reg_uv, BC_KUNIT_REG_BOOT_UV);
	KUNIT_EXPECT_STREQ(test, bc_kunit_log_str(ctx->log),
			   "reg:set_voltage=1800000 reg:enable bc-probe-dev:probe=0 reg:disable");
	KUNIT_EXPECT_FALSE(test, ctx->reg->enabled);
}

static struct kunit_case bc_probe_test_cases[] = {
	KUNIT_CASE(bc_probe_test_held_during_probe),
	KUNIT_CASE(bc_probe_test_released_after_probe),
	KUNIT_CASE(bc_probe_test_released_after_failure),
	KUNIT_CASE(bc_probe_test_kept_across_deferral),
	KUNIT_CASE(bc_probe_test_kept_while_supplier_missing),
	KUNIT_CASE(bc_probe_test_async),
	KUNIT_CASE(bc_probe_test_supply),
	{}
};

static struct kunit_suite bc_probe_test_suite = {
	.name = "boot_constraint_probe",
	.init = bc_probe_test_init,
	.test_cases = bc_probe_test_cases,
};

kunit_test_suite(bc_probe_test_suite);
