// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of supply boot constraints: the supply is kept enabled and,
 * if asked, within a voltage range that no other consumer can leave until
 * the constraint is released, another consumer's request succeeding and
 * waiting; a constraint that cannot be applied leaves the regulator as it
 * found it. A release drops the constraint's enable and its voltage
 * request: the requests it bounded are applied then, where the regulator
 * core puts them without boot constraints, and a regulator left with no
 * request stays where it is, as it would have without boot constraints.
 */

#include <linux/err.h>
#include <linux/platform_device.h>
#include <linux/regulator/consumer.h>
#include <linux/regulator/driver.h>
#include <linux/sysfs.h>

#include <kunit/device.h>
#include <kunit/resource.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../kunit.h"

#define BC_TEST_SUPPLY_DEV	"bc-supply-dev"
#define BC_TEST_SUPPLY_OTHER	"bc-supply-other"
#define BC_TEST_SUPPLY_THIRD	"bc-supply-third"

/**
 * struct bc_test_supply_ctx - Context of a supply constraint test.
 *
 * @bc: the test's log, owner, constrained device and its regulator, "vdd"
 *	of both devices.
 * @other: the regulator as the other device's consumer.
 * @third: a third device, "vdd" too, which gets no handle of it.
 */
struct bc_test_supply_ctx {
	struct bc_test_ctx bc;
	struct regulator *other;
	struct device *third;
};

BC_TEST_DEFINE_INIT(bc_test_supply,
		    .size = sizeof(struct bc_test_supply_ctx));

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_supply_regulator_put, regulator_put,
			    struct regulator *);

/*
 * Registers the regulator, in the state the bootloader left it, then the
 * devices that use it.
 */
static void bc_test_supply_setup(struct kunit *test, bool enabled, int uv,
				 int enable_err)
{
	struct bc_test_supply_ctx *ctx = test->priv;
	struct platform_device *pdev;

	ctx->bc.reg = bc_test_reg_alloc(test, ctx->bc.log, enabled, uv);
	KUNIT_ASSERT_NOT_NULL(test, ctx->bc.reg);
	ctx->bc.reg->enable_err = enable_err;
	bc_test_reg_add_consumer(ctx->bc.reg, BC_TEST_SUPPLY_DEV);
	bc_test_reg_add_consumer(ctx->bc.reg, BC_TEST_SUPPLY_OTHER);
	bc_test_reg_add_consumer(ctx->bc.reg, BC_TEST_SUPPLY_THIRD);
	KUNIT_ASSERT_EQ(test, bc_test_reg_register(test, ctx->bc.reg), 0);

	pdev = bc_test_pdev_add(test, BC_TEST_SUPPLY_DEV);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	ctx->bc.dev = &pdev->dev;

	pdev = bc_test_pdev_add(test, BC_TEST_SUPPLY_OTHER);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	ctx->other = regulator_get_optional(&pdev->dev, "vdd");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ctx->other);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							bc_test_supply_regulator_put,
							ctx->other), 0);

	pdev = bc_test_pdev_add(test, BC_TEST_SUPPLY_THIRD);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	ctx->third = &pdev->dev;
}

static int bc_test_supply_add_info(struct kunit *test,
				   const struct dev_boot_constraint_supply_info *supply)
{
	return bc_test_add_dev(test, DEV_BOOT_CONSTRAINT_SUPPLY, supply, false);
}

static int bc_test_supply_add(struct kunit *test, const char *name,
			      unsigned int u_volt_min, unsigned int u_volt_max)
{
	return bc_test_add_range(test, DEV_BOOT_CONSTRAINT_SUPPLY, name,
				 u_volt_min, u_volt_max);
}

/* Asserts that a refused constraint left the regulator as it was. */
static void bc_test_supply_expect_untouched(struct kunit *test, bool enabled, int uv)
{
	struct bc_test_supply_ctx *ctx = test->priv;

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), "");
	KUNIT_EXPECT_EQ(test, ctx->bc.reg->enabled, enabled);
	KUNIT_EXPECT_EQ(test, ctx->bc.reg->uv, uv);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->bc.dev), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->bc.owner->calls), 0);
}

/* A supply that is off is enabled; no voltage is set when none is asked. */
static void bc_test_supply_enable(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;

	bc_test_supply_setup(test, false, BC_TEST_REG_BOOT_UV, 0);

	KUNIT_ASSERT_EQ(test, bc_test_supply_add(test, "vdd", 0, 0), 0);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), "reg:on");
	KUNIT_EXPECT_TRUE(test, ctx->bc.reg->enabled);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->bc.dev, BC_APPLIED), 1);
}

/* The supply is set within the range the device accepts. */
static void bc_test_supply_voltage_in_range(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;

	bc_test_supply_setup(test, true, 3300000, 0);

	KUNIT_ASSERT_EQ(test, bc_test_supply_add(test, "vdd", 1700000, 1900000), 0);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "reg:voltage=1700000");
	KUNIT_EXPECT_GE(test, ctx->bc.reg->uv, 1700000);
	KUNIT_EXPECT_LE(test, ctx->bc.reg->uv, 1900000);
	KUNIT_EXPECT_EQ(test, regulator_get_voltage(ctx->other), ctx->bc.reg->uv);
	KUNIT_EXPECT_TRUE(test, ctx->bc.reg->enabled);
}

/*
 * Release disables the supply, drops the voltage request without moving
 * the voltage, then tells the owner.
 */
static void bc_test_supply_release_order(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;

	bc_test_supply_setup(test, false, BC_TEST_REG_BOOT_UV, 0);
	KUNIT_ASSERT_EQ(test, bc_test_supply_add(test, "vdd", BC_TEST_REG_BOOT_UV,
						 BC_TEST_REG_BOOT_UV), 0);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "reg:voltage=1800000 reg:on");
	bc_test_log_clear(ctx->bc.log);

	boot_constraints_remove(ctx->bc.dev);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "reg:off free:owner");
	KUNIT_EXPECT_FALSE(test, ctx->bc.reg->enabled);
	KUNIT_EXPECT_EQ(test, ctx->bc.reg->uv, BC_TEST_REG_BOOT_UV);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->bc.dev), 0);
}

/*
 * The bootloader left an LDO that may run from 0.8 to 3.3 V at 3.3 V for a
 * panel, whose driver only enables it (as simple-framebuffer does): once
 * the constraint is released, nobody asks for a voltage, and the rail
 * stays at 3.3 V, not at the lowest voltage its constraints allow.
 */
static void bc_test_supply_release_leaves_voltage(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;

	bc_test_supply_setup(test, true, 3300000, 0);
	KUNIT_ASSERT_EQ(test, bc_test_supply_add(test, "vdd", 3300000, 3300000), 0);
	KUNIT_ASSERT_EQ(test, regulator_enable(ctx->other), 0);
	bc_test_log_clear(ctx->bc.log);

	boot_constraints_remove(ctx->bc.dev);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), "free:owner");
	KUNIT_EXPECT_EQ(test, ctx->bc.reg->uv, 3300000);
	KUNIT_EXPECT_TRUE(test, ctx->bc.reg->enabled);
	KUNIT_EXPECT_EQ(test, regulator_get_voltage(ctx->other), 3300000);
	KUNIT_EXPECT_EQ(test, regulator_disable(ctx->other), 0);
}

/* The supply, on at its boot voltage, held there by a constraint of its "vdd". */
static void bc_test_supply_hold_boot(struct kunit *test)
{
	bc_test_supply_setup(test, true, BC_TEST_REG_BOOT_UV, 0);
	KUNIT_ASSERT_EQ(test, bc_test_supply_add(test, "vdd", BC_TEST_REG_BOOT_UV,
						 BC_TEST_REG_BOOT_UV), 0);
}

/* Once the constraint is released the range is free again. */
static void bc_test_supply_other_after_release(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;

	bc_test_supply_hold_boot(test);
	boot_constraints_remove(ctx->bc.dev);
	bc_test_log_clear(ctx->bc.log);

	KUNIT_EXPECT_EQ(test, regulator_set_voltage(ctx->other, 3300000,
						    3300000), 0);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "reg:voltage=3300000");
	KUNIT_EXPECT_EQ(test, ctx->bc.reg->uv, 3300000);
}

/*
 * While the constraint holds the range, no other consumer moves the rail
 * out of it; its requests outside the range do not fail because of the
 * hold, but wait for its end.
 */
static void bc_test_supply_other_while_held(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;

	bc_test_supply_hold_boot(test);
	bc_test_log_clear(ctx->bc.log);

	KUNIT_EXPECT_EQ(test, regulator_set_voltage(ctx->other, 3300000,
						    3300000), 0);
	KUNIT_EXPECT_EQ(test, regulator_set_voltage(ctx->other, 900000,
						    1000000), 0);

	KUNIT_EXPECT_FALSE(test, bc_test_log_has(ctx->bc.log, "reg:voltage=3300000"));
	KUNIT_EXPECT_FALSE(test, bc_test_log_has(ctx->bc.log, "reg:voltage=900000"));
	KUNIT_EXPECT_EQ(test, ctx->bc.reg->uv, BC_TEST_REG_BOOT_UV);
	KUNIT_EXPECT_EQ(test, regulator_get_voltage(ctx->other),
			BC_TEST_REG_BOOT_UV);
}

/* Another consumer's disable does not turn off a supply held on. */
static void bc_test_supply_other_disable(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;

	bc_test_supply_setup(test, false, BC_TEST_REG_BOOT_UV, 0);
	KUNIT_ASSERT_EQ(test, bc_test_supply_add(test, "vdd", 0, 0), 0);

	KUNIT_ASSERT_EQ(test, regulator_enable(ctx->other), 0);
	KUNIT_ASSERT_EQ(test, regulator_disable(ctx->other), 0);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), "reg:on");
	KUNIT_EXPECT_TRUE(test, ctx->bc.reg->enabled);

	boot_constraints_remove(ctx->bc.dev);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "reg:on reg:off free:owner");
	KUNIT_EXPECT_FALSE(test, ctx->bc.reg->enabled);
}

/* Without a range, neither apply nor release touches the voltage. */
static void bc_test_supply_no_voltage(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;

	bc_test_supply_setup(test, true, 1200000, 0);

	KUNIT_ASSERT_EQ(test, bc_test_supply_add(test, "vdd", 0, 0), 0);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), "");
	boot_constraints_remove(ctx->bc.dev);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "reg:off free:owner");
	KUNIT_EXPECT_EQ(test, ctx->bc.reg->uv, 1200000);
}

/* A range whose bounds are swapped is refused. */
static void bc_test_supply_min_above_max(struct kunit *test)
{
	bc_test_supply_setup(test, false, 1200000, 0);

	KUNIT_EXPECT_EQ(test, bc_test_supply_add(test, "vdd", 1900000, 1800000),
			-EINVAL);

	bc_test_supply_expect_untouched(test, false, 1200000);
}

/* Both bounds must be set: a lone maximum is refused. */
static void bc_test_supply_only_max(struct kunit *test)
{
	bc_test_supply_setup(test, false, BC_TEST_REG_BOOT_UV, 0);

	KUNIT_EXPECT_EQ(test, bc_test_supply_add(test, "vdd", 0, 1900000), -EINVAL);

	bc_test_supply_expect_untouched(test, false, BC_TEST_REG_BOOT_UV);
}

/* A supply constraint needs a description with a supply name. */
static void bc_test_supply_no_name(struct kunit *test)
{
	bc_test_supply_setup(test, false, BC_TEST_REG_BOOT_UV, 0);

	KUNIT_EXPECT_EQ(test, bc_test_supply_add(test, NULL, 0, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, bc_test_supply_add_info(test, NULL), -EINVAL);

	bc_test_supply_expect_untouched(test, false, BC_TEST_REG_BOOT_UV);
}

/* A supply the device does not have is an error, and nothing is taken. */
static void bc_test_supply_unknown_supply(struct kunit *test)
{
	bc_test_supply_setup(test, false, BC_TEST_REG_BOOT_UV, 0);

	KUNIT_EXPECT_EQ(test, bc_test_supply_add(test, "vcc", 0, 0), -ENODEV);

	bc_test_supply_expect_untouched(test, false, BC_TEST_REG_BOOT_UV);
}

/*
 * A supply that fails to enable fails the constraint, whose voltage
 * request is dropped without moving the voltage again: another consumer
 * may leave the range.
 */
static void bc_test_supply_enable_fails(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;

	bc_test_supply_setup(test, false, 1200000, -EIO);

	KUNIT_EXPECT_EQ(test, bc_test_supply_add(test, "vdd", BC_TEST_REG_BOOT_UV,
						 BC_TEST_REG_BOOT_UV), -EIO);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   "reg:voltage=1800000 reg:on=-5");
	KUNIT_EXPECT_FALSE(test, ctx->bc.reg->enabled);
	KUNIT_EXPECT_EQ(test, ctx->bc.reg->uv, BC_TEST_REG_BOOT_UV);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->bc.dev), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->bc.owner->calls), 0);
	KUNIT_EXPECT_EQ(test, regulator_set_voltage(ctx->other, 3300000,
						    3300000), 0);
	KUNIT_EXPECT_EQ(test, ctx->bc.reg->uv, 3300000);
}

/* A range the regulator cannot reach is an error, and nothing is taken. */
static void bc_test_supply_impossible_range(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;

	bc_test_supply_setup(test, true, BC_TEST_REG_BOOT_UV, 0);

	KUNIT_EXPECT_EQ(test, bc_test_supply_add(test, "vdd", 3600000, 3700000),
			-EINVAL);

	bc_test_supply_expect_untouched(test, true, BC_TEST_REG_BOOT_UV);
	KUNIT_EXPECT_EQ(test, regulator_set_voltage(ctx->other, 900000,
						    900000), 0);
}

/*
 * The hold leaves the names of the device's supply to the device's own
 * consumer, got while it holds: that consumer's sysfs link under the
 * regulator ("<device>-vdd") is there, and stays once the hold is gone.
 */
static void bc_test_supply_names_left_to_driver(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;
	struct kernfs_node *link;
	struct regulator *own;
	char name[64];

	bc_test_supply_hold_boot(test);
	own = regulator_get(ctx->bc.dev, "vdd");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, own);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							bc_test_supply_regulator_put,
							own), 0);
	boot_constraints_remove(ctx->bc.dev);

	snprintf(name, sizeof(name), "%s-vdd", dev_name(ctx->bc.dev));
	link = sysfs_get_dirent(ctx->bc.reg->rdev->dev.kobj.sd, name);
	KUNIT_EXPECT_NOT_NULL(test, link);
	sysfs_put(link);
}

/*
 * The regulator has a supply of its own, "vin", which nothing but the
 * regulator uses: registers both, then the constrained device.
 */
static struct bc_test_reg *bc_test_supply_setup_chain(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;
	struct platform_device *pdev;
	struct bc_test_reg *vin;
	struct device *dev;

	vin = bc_test_reg_alloc(test, ctx->bc.log, true, BC_TEST_REG_BOOT_UV);
	KUNIT_ASSERT_NOT_NULL(test, vin);
	vin->desc.name = "vin";
	vin->supplies[0].supply = "vin";
	vin->supplies[0].dev_name = "bc-test-reg-chained";
	vin->init_data.num_consumer_supplies = 1;
	KUNIT_ASSERT_EQ(test, bc_test_reg_register(test, vin), 0);

	ctx->bc.reg = bc_test_reg_alloc(test, ctx->bc.log, true,
					BC_TEST_REG_BOOT_UV);
	KUNIT_ASSERT_NOT_NULL(test, ctx->bc.reg);
	ctx->bc.reg->desc.supply_name = "vin";
	bc_test_reg_add_consumer(ctx->bc.reg, BC_TEST_SUPPLY_DEV);
	dev = kunit_device_register(test, "bc-test-reg-chained");
	KUNIT_ASSERT_FALSE(test, IS_ERR(dev));
	KUNIT_ASSERT_EQ(test, bc_test_reg_provide(dev, ctx->bc.reg), 0);

	pdev = bc_test_pdev_add(test, BC_TEST_SUPPLY_DEV);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	ctx->bc.dev = &pdev->dev;

	return vin;
}

/*
 * The driver gets its supply exclusively and finds it off (its output went
 * off under the hold, or cannot be read): its handle starts from off, as on
 * a boot without constraints, and the use of "vin" that the hold's enable
 * took goes with the hold's: nothing keeps "vin" in use.
 */
static void bc_test_supply_exclusive_finds_off(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;
	struct regulator *own;
	struct bc_test_reg *vin;

	vin = bc_test_supply_setup_chain(test);
	KUNIT_ASSERT_EQ(test, bc_test_supply_add(test, "vdd", 0, 0), 0);
	KUNIT_ASSERT_EQ(test, vin->rdev->use_count, 1);

	ctx->bc.reg->enabled = false;
	own = regulator_get_exclusive(ctx->bc.dev, "vdd");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, own);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							bc_test_supply_regulator_put,
							own), 0);

	KUNIT_EXPECT_EQ(test, ctx->bc.reg->rdev->use_count, 0);
	KUNIT_EXPECT_EQ(test, vin->rdev->use_count, 0);
}

/* A handle of @dev's "vdd", put at the test's end. */
static struct regulator *bc_test_supply_get(struct kunit *test,
					    struct device *dev, bool exclusive)
{
	struct regulator *reg;

	reg = exclusive ? regulator_get_exclusive(dev, "vdd") :
			  regulator_get(dev, "vdd");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, reg);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							bc_test_supply_regulator_put,
							reg), 0);

	return reg;
}

/*
 * A probe attempt that enables the supply, disables it and defers, while
 * another consumer keeps it on, leaves the rail held again: the other
 * consumer's disable before the next attempt does not switch it off. The
 * next attempt's enable is then the rail's only one, as without the hold:
 * its disable switches the rail off.
 */
static void bc_test_supply_deferral_holds_again(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;
	struct regulator *own;

	bc_test_supply_hold_boot(test);
	KUNIT_ASSERT_EQ(test, regulator_enable(ctx->other), 0);

	bc_test_probe_start(ctx->bc.dev);
	own = regulator_get(ctx->bc.dev, "vdd");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, own);
	KUNIT_EXPECT_EQ(test, regulator_enable(own), 0);
	KUNIT_EXPECT_EQ(test, regulator_disable(own), 0);
	regulator_put(own);
	bc_test_probe_end(ctx->bc.dev, -EPROBE_DEFER);

	KUNIT_ASSERT_EQ(test, regulator_disable(ctx->other), 0);
	KUNIT_EXPECT_TRUE(test, ctx->bc.reg->enabled);
	KUNIT_EXPECT_FALSE(test, bc_test_log_has(ctx->bc.log, "reg:off"));

	bc_test_probe_start(ctx->bc.dev);
	own = bc_test_supply_get(test, ctx->bc.dev, false);
	KUNIT_ASSERT_EQ(test, regulator_enable(own), 0);
	KUNIT_EXPECT_EQ(test, ctx->bc.reg->rdev->use_count, 1);
	bc_test_probe_end(ctx->bc.dev, 0);

	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->bc.dev), 0);
	KUNIT_EXPECT_TRUE(test, ctx->bc.reg->enabled);
	KUNIT_EXPECT_EQ(test, regulator_disable(own), 0);
	KUNIT_EXPECT_FALSE(test, ctx->bc.reg->enabled);
}

/*
 * A probe attempt that switches its supply off and defers leaves it off:
 * the hold does not switch it on again.
 */
static void bc_test_supply_deferral_leaves_off(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;
	struct regulator *own;

	bc_test_supply_hold_boot(test);

	bc_test_probe_start(ctx->bc.dev);
	own = bc_test_supply_get(test, ctx->bc.dev, false);
	KUNIT_EXPECT_EQ(test, regulator_enable(own), 0);
	KUNIT_EXPECT_EQ(test, regulator_disable(own), 0);
	bc_test_probe_end(ctx->bc.dev, -EPROBE_DEFER);

	KUNIT_EXPECT_FALSE(test, ctx->bc.reg->enabled);
	KUNIT_EXPECT_TRUE(test, bc_test_log_ends_with(ctx->bc.log, "reg:off"));
	KUNIT_EXPECT_EQ(test, ctx->bc.reg->rdev->use_count, 0);
}

/*
 * A request of the device's own consumer that fails, out of the
 * regulator's constraints or in conflict with another consumer's, leaves
 * the hold's in place: no other consumer moves the rail out of the range.
 */
static void bc_test_supply_own_request_fails(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;
	struct regulator *own;

	bc_test_supply_hold_boot(test);
	own = bc_test_supply_get(test, ctx->bc.dev, false);
	KUNIT_ASSERT_EQ(test, regulator_set_voltage(ctx->other, 1700000,
						    1900000), 0);

	KUNIT_EXPECT_LT(test, regulator_set_voltage(own, 3600000, 3700000), 0);
	KUNIT_EXPECT_EQ(test, regulator_set_voltage(ctx->other, 1900000,
						    1900000), 0);
	KUNIT_EXPECT_LT(test, regulator_set_voltage(own, 1200000, 1200000), 0);

	KUNIT_EXPECT_EQ(test, ctx->bc.reg->uv, BC_TEST_REG_BOOT_UV);
	KUNIT_EXPECT_FALSE(test, bc_test_log_has(ctx->bc.log, "reg:voltage=1900000"));

	/* One that succeeds replaces it */
	KUNIT_EXPECT_EQ(test, regulator_set_voltage(own, 1700000, 1900000), 0);
	KUNIT_EXPECT_EQ(test, regulator_set_voltage(ctx->other, 1900000,
						    1900000), 0);
	KUNIT_EXPECT_EQ(test, ctx->bc.reg->uv, 1900000);
}

/*
 * Another device's exclusive get takes the hold over: the rail is that
 * consumer's alone, which switches it off and sets it as it likes, and a
 * deferral of the held device's probe does not hold it again.
 */
static void bc_test_supply_exclusive_by_other(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;
	struct regulator *excl;

	bc_test_supply_hold_boot(test);
	kunit_release_action(test, bc_test_supply_regulator_put, ctx->other);
	excl = bc_test_supply_get(test, ctx->third, true);

	bc_test_probe_start(ctx->bc.dev);
	bc_test_probe_end(ctx->bc.dev, -EPROBE_DEFER);

	KUNIT_EXPECT_EQ(test, regulator_set_voltage(excl, 3300000, 3300000), 0);
	KUNIT_EXPECT_EQ(test, ctx->bc.reg->uv, 3300000);
	KUNIT_EXPECT_EQ(test, regulator_disable(excl), 0);
	KUNIT_EXPECT_FALSE(test, ctx->bc.reg->enabled);
}

/*
 * The bootloader left the rail at 3.3 V for the held device; the other
 * consumer, probing first, asks for 1.8 V, and its request succeeds and
 * waits. When the held device's driver, which only enables the supply (as
 * simple-framebuffer does), has taken it over, the request is applied: the
 * rail ends at 1.8 V, where that order of probes puts it without boot
 * constraints.
 */
static void bc_test_supply_other_applied_at_takeover(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;
	struct regulator *own;

	bc_test_supply_setup(test, true, 3300000, 0);
	KUNIT_ASSERT_EQ(test, bc_test_supply_add(test, "vdd", 3300000, 3300000), 0);

	KUNIT_EXPECT_EQ(test, regulator_set_voltage(ctx->other, 1800000,
						    1800000), 0);
	KUNIT_EXPECT_EQ(test, ctx->bc.reg->uv, 3300000);

	bc_test_probe_start(ctx->bc.dev);
	own = bc_test_supply_get(test, ctx->bc.dev, false);
	KUNIT_ASSERT_EQ(test, regulator_enable(own), 0);
	KUNIT_EXPECT_EQ(test, ctx->bc.reg->uv, 3300000);
	bc_test_probe_end(ctx->bc.dev, 0);

	KUNIT_EXPECT_EQ(test, ctx->bc.reg->uv, 1800000);
	KUNIT_EXPECT_TRUE(test, bc_test_log_has(ctx->bc.log,
						"reg:voltage=1800000"));
	KUNIT_EXPECT_TRUE(test, ctx->bc.reg->enabled);
	KUNIT_EXPECT_EQ(test, regulator_disable(own), 0);
}

/*
 * A request the hold bounds, 1.8 to 3.3 V against a hold at 3.3 V, keeps
 * the rail at 3.3 V until the deadline, then goes to the lowest voltage it
 * allows, as the regulator core sets it without boot constraints.
 */
static void bc_test_supply_bounded_applied_at_deadline(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;

	bc_test_supply_setup(test, true, 3300000, 0);
	KUNIT_ASSERT_EQ(test, bc_test_supply_add(test, "vdd", 3300000, 3300000), 0);

	KUNIT_EXPECT_EQ(test, regulator_set_voltage(ctx->other, 1800000,
						    3300000), 0);
	KUNIT_EXPECT_EQ(test, ctx->bc.reg->uv, 3300000);

	bc_expire_device(ctx->bc.dev);

	KUNIT_EXPECT_EQ(test, ctx->bc.reg->uv, 1800000);
	KUNIT_EXPECT_EQ(test, regulator_get_voltage(ctx->other), 1800000);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->bc.dev), 0);
}

/*
 * The held device's driver asks for its range after another consumer's
 * request waited: the two are balanced as they would be without boot
 * constraints in that order, the rail at the lowest voltage both allow.
 */
static void bc_test_supply_own_request_meets_waiting(struct kunit *test)
{
	struct bc_test_supply_ctx *ctx = test->priv;
	struct regulator *own;

	bc_test_supply_setup(test, true, 3300000, 0);
	KUNIT_ASSERT_EQ(test, bc_test_supply_add(test, "vdd", 3300000, 3300000), 0);
	KUNIT_ASSERT_EQ(test, regulator_set_voltage(ctx->other, 1800000,
						    3000000), 0);
	KUNIT_EXPECT_EQ(test, ctx->bc.reg->uv, 3300000);

	own = bc_test_supply_get(test, ctx->bc.dev, false);
	KUNIT_EXPECT_EQ(test, regulator_set_voltage(own, 2500000, 3300000), 0);

	KUNIT_EXPECT_EQ(test, ctx->bc.reg->uv, 2500000);
}

static struct kunit_case bc_test_supply_cases[] = {
	KUNIT_CASE(bc_test_supply_enable),
	KUNIT_CASE(bc_test_supply_voltage_in_range),
	KUNIT_CASE(bc_test_supply_release_order),
	KUNIT_CASE(bc_test_supply_release_leaves_voltage),
	KUNIT_CASE(bc_test_supply_other_after_release),
	KUNIT_CASE(bc_test_supply_names_left_to_driver),
	KUNIT_CASE(bc_test_supply_exclusive_finds_off),
	KUNIT_CASE(bc_test_supply_deferral_holds_again),
	KUNIT_CASE(bc_test_supply_deferral_leaves_off),
	KUNIT_CASE(bc_test_supply_own_request_fails),
	KUNIT_CASE(bc_test_supply_exclusive_by_other),
	KUNIT_CASE(bc_test_supply_other_while_held),
	KUNIT_CASE(bc_test_supply_other_applied_at_takeover),
	KUNIT_CASE(bc_test_supply_bounded_applied_at_deadline),
	KUNIT_CASE(bc_test_supply_own_request_meets_waiting),
	KUNIT_CASE(bc_test_supply_other_disable),
	KUNIT_CASE(bc_test_supply_no_voltage),
	KUNIT_CASE(bc_test_supply_min_above_max),
	KUNIT_CASE(bc_test_supply_only_max),
	KUNIT_CASE(bc_test_supply_no_name),
	KUNIT_CASE(bc_test_supply_unknown_supply),
	KUNIT_CASE(bc_test_supply_enable_fails),
	KUNIT_CASE(bc_test_supply_impossible_range),
	{}
};

static struct kunit_suite bc_test_supply_suite = {
	.name = "boot_constraint_supply",
	.init = bc_test_supply_init,
	.test_cases = bc_test_supply_cases,
};

kunit_test_suite(bc_test_supply_suite);
