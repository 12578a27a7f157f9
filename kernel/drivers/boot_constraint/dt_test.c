// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the boot constraints that the bootloader declares in the
 * device tree and the user gives with boot_constraints=: each declaration
 * holds exactly the resources it names, in the ranges it gives; each
 * malformed one is rejected, and leaves every resource as it was.
 */

#include <linux/err.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

#include <kunit/of.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "core.h"
#include "dt.h"
#include "table.h"

#define BC_DT_LCD	"/bc-dt-lcd"
#define BC_DT_DECLS	"/bc-dt-declarations"
#define BC_DT_UV	3300000

static const struct of_device_id bc_dt_axi_match[] = {
	{ .compatible = "test,bc-dt-clock-axi" },
	{ }
};

static const struct of_device_id bc_dt_pixel_match[] = {
	{ .compatible = "test,bc-dt-clock-pixel" },
	{ }
};

static const struct of_device_id bc_dt_reg_match[] = {
	{ .compatible = "test,bc-dt-regulator" },
	{ }
};

static const struct of_device_id bc_dt_pd_match[] = {
	{ .compatible = "test,bc-dt-power-controller" },
	{ }
};

/**
 * struct bc_dt_ctx - Context of a declaration test.
 *
 * @log: what the providers did.
 * @axi: the display's "axi" clock, off.
 * @pixel: its "pixel" clock, off.
 * @reg: its "vdd" supply, off.
 * @pd: its "core" power domain, on.
 * @dev: the display.
 */
struct bc_dt_ctx {
	struct bc_kunit_log *log;
	struct bc_kunit_clk *axi;
	struct bc_kunit_clk *pixel;
	struct bc_kunit_reg *reg;
	struct bc_kunit_pd *pd;
	struct device *dev;
};

static int bc_dt_test_init(struct kunit *test)
{
	struct platform_device *pdev;
	struct bc_dt_ctx *ctx;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	test->priv = ctx;

	ctx->log = bc_kunit_log_alloc(test);
	KUNIT_ASSERT_NOT_NULL(test, ctx->log);
	ctx->axi = bc_kunit_clk_alloc(test, ctx->log, "bc-dt-axi", false);
	ctx->pixel = bc_kunit_clk_alloc(test, ctx->log, "bc-dt-pixel", false);
	ctx->reg = bc_kunit_reg_alloc(test, ctx->log, false, BC_KUNIT_REG_BOOT_UV);
	ctx->pd = bc_kunit_pd_alloc(test, ctx->log);
	KUNIT_ASSERT_NOT_NULL(test, ctx->axi);
	KUNIT_ASSERT_NOT_NULL(test, ctx->pixel);
	KUNIT_ASSERT_NOT_NULL(test, ctx->reg);
	KUNIT_ASSERT_NOT_NULL(test, ctx->pd);

	KUNIT_ASSERT_EQ(test, of_overlay_apply_kunit(test, dt_test), 0);
	KUNIT_ASSERT_EQ(test, bc_kunit_clk_driver_register(test, ctx->axi,
							   bc_dt_axi_match), 0);
	KUNIT_ASSERT_EQ(test, bc_kunit_clk_driver_register(test, ctx->pixel,
							   bc_dt_pixel_match), 0);
	KUNIT_ASSERT_EQ(test, bc_kunit_reg_driver_register(test, ctx->reg,
							   bc_dt_reg_match), 0);
	KUNIT_ASSERT_EQ(test, bc_kunit_pd_driver_register(test, ctx->pd,
							  bc_dt_pd_match), 0);

	pdev = bc_kunit_of_pdev(test, BC_DT_LCD);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	ctx->dev = &pdev->dev;

	return 0;
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_dt_table_free, boot_constraint_table_free,
			    struct boot_constraint_table *);

/* Adds the table to the display, released and freed when the test ends. */
static int bc_dt_add(struct kunit *test, struct boot_constraint_table *t)
{
	struct bc_dt_ctx *ctx = test->priv;
	int ret;

	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, bc_dt_table_free, t), 0);

	ret = boot_constraint_table_add_to_device(t);
	if (!ret)
		KUNIT_ASSERT_EQ(test, bc_kunit_release_at_exit(test, ctx->dev), 0);

	return ret;
}

static struct boot_constraint_table *bc_dt_read(struct kunit *test,
						const char *decl)
{
	struct device_node *decls, *np;
	struct boot_constraint_table *t;

	decls = of_find_node_by_path(BC_DT_DECLS);
	KUNIT_ASSERT_NOT_NULL(test, decls);
	np = of_get_child_by_name(decls, decl);
	of_node_put(decls);
	KUNIT_ASSERT_NOT_NULL(test, np);

	t = boot_constraint_table_from_dt(np);
	of_node_put(np);

	return t;
}

static struct boot_constraint_table *bc_dt_read_spec(struct kunit *test,
						     const char *spec)
{
	char *copy = kunit_kstrdup(test, spec, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, copy);

	return boot_constraint_table_from_spec(copy);
}

/* Nothing of the display is on but its domain, and nothing is held. */
static void bc_dt_expect_untouched(struct kunit *test)
{
	struct bc_dt_ctx *ctx = test->priv;

	KUNIT_EXPECT_EQ(test, bc_kunit_clk_enable_count(ctx->axi), 0);
	KUNIT_EXPECT_EQ(test, bc_kunit_clk_enable_count(ctx->pixel), 0);
	KUNIT_EXPECT_FALSE(test, ctx->reg->enabled);
	KUNIT_EXPECT_EQ(test, ctx->reg->uv, BC_KUNIT_REG_BOOT_UV);
	KUNIT_EXPECT_EQ(test, bc_kunit_count_held(ctx->dev), 0);
}

/*
 * The display's resources while the table @t of @count constraints is held:
 * the "pixel" clock, the supply at @uv and the domain always, the "axi"
 * clock if @axi.
 */
static void bc_dt_expect_held(struct kunit *test, struct boot_constraint_table *t,
			      unsigned int count, bool axi, int uv)
{
	struct bc_dt_ctx *ctx = test->priv;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
	KUNIT_EXPECT_EQ(test, boot_constraint_table_count(t), count);
	KUNIT_ASSERT_EQ(test, bc_dt_add(test, t), 0);

	KUNIT_EXPECT_EQ(test, boot_constraint_count(ctx->dev, BC_APPLIED), count);
	KUNIT_EXPECT_EQ(test, bc_kunit_clk_enable_count(ctx->axi), axi);
	KUNIT_EXPECT_EQ(test, bc_kunit_clk_enable_count(ctx->pixel), 1);
	KUNIT_EXPECT_TRUE(test, ctx->reg->enabled);
	KUNIT_EXPECT_EQ(test, ctx->reg->uv, uv);
	KUNIT_EXPECT_TRUE(test, ctx->pd->on);
}

/* A declaration naming no resource holds every one of the device. */
static void bc_dt_test_all(struct kunit *test)
{
	bc_dt_expect_held(test, bc_dt_read(test, "all"), 4, true,
			  BC_KUNIT_REG_BOOT_UV);
}

/*
 * A kind of resource that is listed is held only as listed, in its range;
 * the kinds that are not listed are held whole.
 */
static void bc_dt_test_named(struct kunit *test)
{
	bc_dt_expect_held(test, bc_dt_read(test, "named"), 3, false, BC_DT_UV);
}

/* The constraints of a declaration go once the device has probed. */
static void bc_dt_test_released(struct kunit *test)
{
	struct bc_dt_ctx *ctx = test->priv;

	bc_dt_expect_held(test, bc_dt_read(test, "all"), 4, true,
			  BC_KUNIT_REG_BOOT_UV);

	dev_boot_constraints_remove(ctx->dev);

	bc_dt_expect_untouched(test);
}

/**
 * struct bc_dt_bad - A malformed declaration and the error it gets.
 *
 * @decl: the declaration, a node of dt_test.dtso, or a boot_constraints=
 *	device.
 * @err: the error.
 */
struct bc_dt_bad {
	const char *decl;
	int err;
};

static const struct bc_dt_bad bc_dt_bad_decls[] = {
	{ "no-device", -EINVAL },
	{ "bad-phandle", -EINVAL },
	{ "device-not-phandle", -EINVAL },
	{ "unknown-clock", -ENOENT },
	{ "unknown-supply", -ENOENT },
	{ "unknown-domain", -ENOENT },
	{ "unknown-property", -EINVAL },
	{ "names-not-strings", -EINVAL },
	{ "names-empty", -EINVAL },
	{ "rates-not-pairs", -EINVAL },
	{ "rates-reversed", -EINVAL },
	{ "microvolt-reversed", -EINVAL },
	{ "microvolt-half", -EINVAL },
	{ "microvolt-without-supplies", -EINVAL },
	{ "named-twice", -EEXIST },
	{ "partly-unknown", -ENOENT },
};

static void bc_dt_bad_desc(const struct bc_dt_bad *bad, char *desc)
{
	strscpy(desc, bad->decl, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(bc_dt_bad_decls, bc_dt_bad_decls, bc_dt_bad_desc);

/*
 * A malformed declaration, or boot_constraints= device (which starts with
 * a '/'), is rejected whole: nothing of it is held.
 */
static void bc_dt_test_malformed(struct kunit *test)
{
	const struct bc_dt_bad *bad = test->param_value;
	struct boot_constraint_table *t;

	if (bad->decl[0] == '/')
		t = bc_dt_read_spec(test, bad->decl);
	else
		t = bc_dt_read(test, bad->decl);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(t), bad->err);
	if (!IS_ERR(t))
		boot_constraint_table_free(t);

	bc_dt_expect_untouched(test);
}

/*
 * A well-formed declaration whose voltage the regulator cannot give is
 * refused when it is added, and holds nothing either.
 */
static void bc_dt_test_impossible_voltage(struct kunit *test)
{
	struct boot_constraint_table *t;

	t = bc_dt_read_spec(test, BC_DT_LCD ":clk=pixel:supply=vdd@5000000-5000000");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
	KUNIT_EXPECT_LT(test, bc_dt_add(test, t), 0);

	bc_dt_expect_untouched(test);
}

/* boot_constraints=PATH:... holds what it names, like a declaration. */
static void bc_dt_test_spec(struct kunit *test)
{
	bc_dt_expect_held(test,
			  bc_dt_read_spec(test, BC_DT_LCD ":clk=pixel:supply=vdd@3300000-3300000"),
			  3, false, BC_DT_UV);
}

/* boot_constraints=PATH alone holds every resource of the node. */
static void bc_dt_test_spec_all(struct kunit *test)
{
	bc_dt_expect_held(test, bc_dt_read_spec(test, BC_DT_LCD), 4, true,
			  BC_KUNIT_REG_BOOT_UV);
}

static const struct bc_dt_bad bc_dt_bad_specs[] = {
	{ "/bc-dt-no-such-node", -ENOENT },
	{ BC_DT_LCD ":gpio=reset", -EINVAL },
	{ BC_DT_LCD ":supply=vdd@3300000", -EINVAL },
	{ BC_DT_LCD ":supply=vdd@low-high", -EINVAL },
	{ BC_DT_LCD ":supply=vdd@3300000-1800000", -EINVAL },
	{ BC_DT_LCD ":clk=core", -ENOENT },
	{ BC_DT_LCD ":supply", -ENOENT },
	{ BC_DT_LCD ":pd=core@1-2", -EINVAL },
	{ BC_DT_LCD ":clk=pixel:clk=pixel", -EEXIST },
};

KUNIT_ARRAY_PARAM(bc_dt_bad_specs, bc_dt_bad_specs, bc_dt_bad_desc);

static void bc_dt_test_spec_malformed(struct kunit *test)
{
	bc_dt_test_malformed(test);
}

static struct kunit_case bc_dt_test_cases[] = {
	KUNIT_CASE(bc_dt_test_all),
	KUNIT_CASE(bc_dt_test_named),
	KUNIT_CASE(bc_dt_test_released),
	KUNIT_CASE_PARAM(bc_dt_test_malformed, bc_dt_bad_decls_gen_params),
	KUNIT_CASE(bc_dt_test_impossible_voltage),
	KUNIT_CASE(bc_dt_test_spec),
	KUNIT_CASE(bc_dt_test_spec_all),
	KUNIT_CASE_PARAM(bc_dt_test_spec_malformed, bc_dt_bad_specs_gen_params),
	{ }
};

static struct kunit_suite bc_dt_test_suite = {
	.name = "boot_constraint_dt",
	.init = bc_dt_test_init,
	.test_cases = bc_dt_test_cases,
};

kunit_test_suite(bc_dt_test_suite);
