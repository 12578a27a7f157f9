// SPDX-License-Identifier: GPL-2.0
/*
 * The display of the declaration suites and what they expect of it: its
 * providers registered and its node's device found for a test, the tables
 * read for it added and freed, and what it holds while they are held.
 */

#include <linux/err.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/string.h>

#include <kunit/of.h>
#include <kunit/resource.h>
#include <kunit/test.h>

#include "kunit_decls.h"
#include "../kunit.h"
#include "../table.h"

static BC_TEST_OF_MATCH(bc_test_dt_axi_match, "bc-test,dt-clock-axi");

static BC_TEST_OF_MATCH(bc_test_dt_pixel_match, "bc-test,dt-clock-pixel");

static BC_TEST_OF_MATCH(bc_test_dt_reg_match, "bc-test,dt-regulator");

static BC_TEST_OF_MATCH(bc_test_dt_pd_match, "bc-test,dt-power-controller");

static int bc_test_dt_set_up(struct kunit *test, bool reg_up, bool apply)
{
	struct platform_device *pdev;
	struct bc_test_dt_ctx *ctx;

	ctx = bc_test_priv_alloc(test, sizeof(*ctx));
	ctx->log = bc_test_log_alloc(test);
	KUNIT_ASSERT_NOT_NULL(test, ctx->log);
	ctx->axi = bc_test_clk_alloc(test, ctx->log, "bc-dt-axi", false);
	ctx->pixel = bc_test_clk_alloc(test, ctx->log, "bc-dt-pixel", false);
	ctx->reg = bc_test_reg_alloc(test, ctx->log, false, BC_TEST_REG_BOOT_UV);
	ctx->pd = bc_test_pd_alloc(test, ctx->log);
	KUNIT_ASSERT_NOT_NULL(test, ctx->axi);
	KUNIT_ASSERT_NOT_NULL(test, ctx->pixel);
	KUNIT_ASSERT_NOT_NULL(test, ctx->reg);
	KUNIT_ASSERT_NOT_NULL(test, ctx->pd);

	if (apply)
		KUNIT_ASSERT_EQ(test, of_overlay_apply_kunit(test, kunit_decls), 0);
	KUNIT_ASSERT_EQ(test, bc_test_clk_driver_register(test, ctx->axi,
							  bc_test_dt_axi_match), 0);
	KUNIT_ASSERT_EQ(test, bc_test_clk_driver_register(test, ctx->pixel,
							  bc_test_dt_pixel_match), 0);
	if (reg_up)
		bc_test_dt_reg_up(test);
	KUNIT_ASSERT_EQ(test, bc_test_pd_driver_register(test, ctx->pd,
							 bc_test_dt_pd_match), 0);

	pdev = bc_test_of_pdev(test, BC_TEST_LCD);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	ctx->dev = &pdev->dev;

	return 0;
}

/**
 * bc_test_dt_setup() - Set the display up for a test.
 * @test: the test, whose priv becomes a &struct bc_test_dt_ctx.
 * @reg_up: register the regulator's driver now; else bc_test_dt_reg_up()
 *	does.
 *
 * Applies kunit_decls.dtso and registers the display's providers, each
 * removed when the test ends, as the context is freed.
 *
 * Return: 0; a failure to set up fails the test.
 */
int bc_test_dt_setup(struct kunit *test, bool reg_up)
{
	return bc_test_dt_set_up(test, reg_up, true);
}

/**
 * bc_test_dt_init() - The init of a suite whose display has its supply.
 * @test: the test.
 *
 * Return: 0, as bc_test_dt_setup().
 */
int bc_test_dt_init(struct kunit *test)
{
	return bc_test_dt_setup(test, true);
}

static int bc_test_dt_ovcs_id;

/**
 * bc_test_dt_suite_init() - Apply kunit_decls.dtso for a whole suite.
 * @suite: the suite, whose suite_exit is bc_test_dt_suite_exit().
 *
 * For the suites of malformed declarations, many cases that hold nothing:
 * applying and removing the overlay is most of what a case costs (4 s of
 * 4.5 under KASAN and lockdep), so their cases share one. Their init is
 * bc_test_dt_init_applied().
 *
 * Return: 0, or what of_overlay_fdt_apply() returned.
 */
int bc_test_dt_suite_init(struct kunit_suite *suite)
{
	return of_overlay_fdt_apply(__dtbo_kunit_decls_begin,
				    __dtbo_kunit_decls_end -
				    __dtbo_kunit_decls_begin,
				    &bc_test_dt_ovcs_id, NULL);
}

/**
 * bc_test_dt_suite_exit() - Remove what bc_test_dt_suite_init() applied.
 * @suite: the suite.
 *
 * Also after a failed apply, which may have applied part of the overlay.
 */
void bc_test_dt_suite_exit(struct kunit_suite *suite)
{
	if (bc_test_dt_ovcs_id)
		of_overlay_remove(&bc_test_dt_ovcs_id);
}

/**
 * bc_test_dt_init_applied() - The init of a case of such a suite.
 * @test: the test.
 *
 * As bc_test_dt_init(), on the suite's overlay.
 *
 * Return: 0, as bc_test_dt_setup().
 */
int bc_test_dt_init_applied(struct kunit *test)
{
	return bc_test_dt_set_up(test, true, false);
}

/**
 * bc_test_dt_reg_up() - Register the driver of the display's regulator.
 * @test: the test, at whose end it is unregistered.
 */
void bc_test_dt_reg_up(struct kunit *test)
{
	struct bc_test_dt_ctx *ctx = test->priv;

	KUNIT_ASSERT_EQ(test, bc_test_reg_driver_register(test, ctx->reg,
							  bc_test_dt_reg_match), 0);
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_dt_table_free, bc_table_free,
			    struct bc_table *);

/**
 * bc_test_dt_free_at_exit() - Free a table when the test ends.
 * @test: the test.
 * @t: the table, which the test owns from now on.
 *
 * Return: 0; or an error, with @t freed at once.
 */
int bc_test_dt_free_at_exit(struct kunit *test, struct bc_table *t)
{
	return kunit_add_action_or_reset(test, bc_test_dt_table_free, t);
}

/**
 * bc_test_dt_add_freed() - Add a table that the test frees already.
 * @test: the test, at whose end the display's constraints are released.
 * @t: the table, for the display.
 *
 * Return: what bc_table_add_to_device() returned.
 */
int bc_test_dt_add_freed(struct kunit *test, struct bc_table *t)
{
	struct bc_test_dt_ctx *ctx = test->priv;
	int ret;

	ret = bc_table_add_to_device(t);
	if (!ret)
		KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, ctx->dev), 0);

	return ret;
}

/**
 * bc_test_dt_add() - Add a table to the display.
 * @test: the test, at whose end the constraints are released and @t freed.
 * @t: the table, which the test owns from now on.
 *
 * Return: what bc_table_add_to_device() returned.
 */
int bc_test_dt_add(struct kunit *test, struct bc_table *t)
{
	KUNIT_ASSERT_EQ(test, bc_test_dt_free_at_exit(test, t), 0);

	return bc_test_dt_add_freed(test, t);
}

/**
 * bc_test_dt_expect_untouched() - Expect the display as the boot left it.
 * @test: the test.
 *
 * Nothing of the display is on but its domain, and nothing is held.
 */
void bc_test_dt_expect_untouched(struct kunit *test)
{
	struct bc_test_dt_ctx *ctx = test->priv;

	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->axi), 0);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->pixel), 0);
	KUNIT_EXPECT_FALSE(test, ctx->reg->enabled);
	KUNIT_EXPECT_EQ(test, ctx->reg->uv, BC_TEST_REG_BOOT_UV);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
}

/**
 * bc_test_dt_expect_held() - Add a table and expect what it holds.
 * @test: the test, which owns @t from now on.
 * @t: the table read, or an ERR_PTR() that fails the test.
 * @count: the constraints it has.
 * @axi: whether it holds the "axi" clock.
 * @uv: the voltage it holds the supply at.
 *
 * While @t is held: the "pixel" clock, the supply at @uv and the domain
 * are on always, the "axi" clock if @axi.
 */
void bc_test_dt_expect_held(struct kunit *test, struct bc_table *t,
			    unsigned int count, bool axi, int uv)
{
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
	KUNIT_EXPECT_EQ(test, bc_table_count(t), count);
	KUNIT_ASSERT_EQ(test, bc_test_dt_add(test, t), 0);
	bc_test_dt_expect_holding(test, count, axi, uv);
}

/**
 * bc_test_dt_expect_holding() - As bc_test_dt_expect_held(), once added.
 * @test: the test.
 * @count: the constraints held.
 * @axi: whether the "axi" clock is held.
 * @uv: the voltage the supply is held at.
 */
void bc_test_dt_expect_holding(struct kunit *test, unsigned int count,
			       bool axi, int uv)
{
	struct bc_test_dt_ctx *ctx = test->priv;

	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_APPLIED), count);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->axi), axi);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->pixel), 1);
	KUNIT_EXPECT_TRUE(test, ctx->reg->enabled);
	KUNIT_EXPECT_EQ(test, ctx->reg->uv, uv);
	KUNIT_EXPECT_TRUE(test, ctx->pd->on);
}

/**
 * bc_test_dt_expect_rejected() - Expect a malformed declaration rejected.
 * @test: the test.
 * @t: what reading the declaration returned, freed here if it is a table.
 * @err: the error it should get.
 *
 * It is rejected with @err, and nothing of the display is held.
 */
void bc_test_dt_expect_rejected(struct kunit *test,
				struct bc_table *t, int err)
{
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(t), err);
	if (!IS_ERR(t))
		bc_table_free(t);

	bc_test_dt_expect_untouched(test);
}

/**
 * bc_test_dt_bad_desc() - Name a malformed declaration's case.
 * @bad: the declaration.
 * @desc: the case's name in the KTAP output, of KUNIT_PARAM_DESC_SIZE:
 *	@bad's, its invisible characters replaced.
 */
void bc_test_dt_bad_desc(const struct bc_test_dt_bad *bad, char *desc)
{
	char *p;

	strscpy(desc, bad->decl[0] ? bad->decl : "(empty)", KUNIT_PARAM_DESC_SIZE);
	for (p = desc; *p; p++) {
		if (*p <= ' ' || *p > '~' || *p == '#')
			*p = '?';
	}
}
