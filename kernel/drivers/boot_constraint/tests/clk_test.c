// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of clock boot constraints: the clock is prepared and enabled
 * when the constraint is added, and kept within its rate range if it has
 * one; no other consumer can gate it, or move its rate out of the range,
 * itself or through a parent, until the device's driver takes it over or the
 * constraint is released; and a constraint that cannot be applied leaves
 * the clock alone.
 */

#include <linux/clk.h>
#include <linux/platform_device.h>

#include <kunit/clk.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../kunit.h"

#define BC_TEST_CLK_DEV	"bc-clk-dev"

/* The rate the bootloader left the "pixel" clock at, and the device's range */
#define BC_TEST_CLK_BOOT_HZ	74250000
#define BC_TEST_CLK_MIN_HZ	74000000
#define BC_TEST_CLK_MAX_HZ	75000000

BC_TEST_DEFINE_INIT(bc_test_clk, .dev = BC_TEST_CLK_DEV,
		    .with = BC_TEST_WITH_CLK);

static int bc_test_clk_add_range(struct kunit *test, const char *name,
				 unsigned long rate_min, unsigned long rate_max)
{
	return bc_test_add_range(test, DEV_BOOT_CONSTRAINT_CLK, name, rate_min,
				 rate_max);
}

static int bc_test_clk_add(struct kunit *test, const char *name)
{
	return bc_test_clk_add_range(test, name, 0, 0);
}

/* Adding the constraint prepares and enables the clock, once. */
static void bc_test_clk_add_enables(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_ASSERT_EQ(test, bc_test_clk_add(test, "core"), 0);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "clk0:prepare clk0:on");
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk), 1);
	KUNIT_EXPECT_TRUE(test, clk_hw_is_enabled(&ctx->clk->hw));
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_APPLIED), 1);
}

/* Releasing it disables and unprepares the clock, then tells the owner. */
static void bc_test_clk_release_disables(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_ASSERT_EQ(test, bc_test_clk_add(test, "core"), 0);
	bc_test_log_clear(ctx->log);

	boot_constraints_remove(ctx->dev);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "clk0:off clk0:unprepare free:owner");
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk), 0);
	KUNIT_EXPECT_FALSE(test, clk_hw_is_enabled(&ctx->clk->hw));
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owner->calls), 1);
}

/*
 * Another consumer of the clock cannot gate it while the constraint holds
 * it, and can once it is released.
 */
static void bc_test_clk_shared_consumer(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct clk *other;

	other = clk_hw_get_clk_kunit(test, &ctx->clk->hw, "other");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, other);
	KUNIT_ASSERT_EQ(test, bc_test_clk_add(test, "core"), 0);

	KUNIT_ASSERT_EQ(test, clk_prepare_enable(other), 0);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk), 2);
	clk_disable_unprepare(other);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "clk0:prepare clk0:on");
	KUNIT_EXPECT_TRUE(test, clk_hw_is_enabled(&ctx->clk->hw));

	boot_constraints_remove(ctx->dev);
	bc_test_log_clear(ctx->log);

	KUNIT_ASSERT_EQ(test, clk_prepare_enable(other), 0);
	clk_disable_unprepare(other);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "clk0:prepare clk0:on clk0:off clk0:unprepare");
	KUNIT_EXPECT_FALSE(test, clk_hw_is_enabled(&ctx->clk->hw));
}

/*
 * A gate the bootloader left on is never turned off while the constraint
 * holds it, whatever the other consumers do.
 */
static void bc_test_clk_boot_on_gate(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_clk *boot;
	struct clk *other;

	boot = bc_test_clk_alloc(test, ctx->log, "boot", true);
	KUNIT_ASSERT_NOT_NULL(test, boot);
	KUNIT_ASSERT_EQ(test, bc_test_clk_register(test, boot), 0);
	KUNIT_ASSERT_EQ(test, bc_test_clk_add_lookup(test, boot, "boot",
						     BC_TEST_CLK_DEV), 0);
	other = clk_hw_get_clk_kunit(test, &boot->hw, "other");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, other);

	KUNIT_ASSERT_EQ(test, bc_test_clk_add(test, "boot"), 0);
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, ctx->dev), 0);
	KUNIT_ASSERT_EQ(test, clk_prepare_enable(other), 0);
	clk_disable_unprepare(other);

	KUNIT_EXPECT_FALSE(test, bc_test_log_has(ctx->log, "boot:off"));
	KUNIT_EXPECT_TRUE(test, clk_hw_is_enabled(&boot->hw));
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(boot), 1);

	boot_constraints_remove(ctx->dev);

	KUNIT_EXPECT_TRUE(test, bc_test_log_ends_with(ctx->log,
						      "boot:off boot:unprepare free:owner"));
	KUNIT_EXPECT_FALSE(test, clk_hw_is_enabled(&boot->hw));
}

/* A clock the device does not have is an error, and nothing is taken. */
static void bc_test_clk_unknown_name(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_EXPECT_EQ(test, bc_test_clk_add(test, "missing"), -ENOENT);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "");
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk), 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owner->calls), 0);
}

/* A clock constraint without its description is refused. */
static void bc_test_clk_null_data(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct dev_boot_constraint_info info = {
		.constraint.type = DEV_BOOT_CONSTRAINT_CLK,
	};

	bc_test_owner_set(&info, ctx->owner);

	KUNIT_EXPECT_EQ(test, dev_boot_constraint_add(ctx->dev, &info), -EINVAL);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "");
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owner->calls), 0);
}

/* A NULL name is the device's default clock, as for clk_get(). */
static void bc_test_clk_default_clock(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_clk *dflt;

	dflt = bc_test_clk_alloc(test, ctx->log, "dflt", false);
	KUNIT_ASSERT_NOT_NULL(test, dflt);
	KUNIT_ASSERT_EQ(test, bc_test_clk_register(test, dflt), 0);
	KUNIT_ASSERT_EQ(test, bc_test_clk_add_lookup(test, dflt, NULL,
						     BC_TEST_CLK_DEV), 0);

	KUNIT_ASSERT_EQ(test, bc_test_clk_add(test, NULL), 0);
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, ctx->dev), 0);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "dflt:prepare dflt:on");
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(dflt), 1);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk), 0);
}

/* A clock that fails to enable fails the constraint, left unprepared. */
static void bc_test_clk_enable_fails(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	ctx->clk->enable_err = -EIO;

	KUNIT_EXPECT_EQ(test, bc_test_clk_add(test, "core"), -EIO);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "clk0:prepare clk0:on=-5 clk0:unprepare");
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk), 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owner->calls), 0);
}

/*
 * Registers "pixel", on at its boot rate, and returns another consumer of
 * it.
 */
static struct clk *bc_test_clk_setup_pixel(struct kunit *test,
					   struct bc_test_clk **pixel)
{
	struct bc_test_ctx *ctx = test->priv;
	struct clk *other;

	*pixel = bc_test_clk_alloc(test, ctx->log, "pixel", true);
	KUNIT_ASSERT_NOT_NULL(test, *pixel);
	(*pixel)->rate = BC_TEST_CLK_BOOT_HZ;
	KUNIT_ASSERT_EQ(test, bc_test_clk_register(test, *pixel), 0);
	KUNIT_ASSERT_EQ(test, bc_test_clk_add_lookup(test, *pixel, "pixel",
						     BC_TEST_CLK_DEV), 0);
	other = clk_hw_get_clk_kunit(test, &(*pixel)->hw, "other");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, other);

	return other;
}

/*
 * A range around the boot rate leaves the rate alone; while it is held,
 * another consumer asking for a rate out of it gets the nearest end of it,
 * and the rest of its request waits. The release applies it, after the
 * clock is released, as the clock framework applies a request that a
 * dropped range bounded: the rate pristine 6.12 would have set at once.
 */
static void bc_test_clk_range_holds(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_clk *pixel;
	struct clk *other;

	other = bc_test_clk_setup_pixel(test, &pixel);

	KUNIT_ASSERT_EQ(test, bc_test_clk_add_range(test, "pixel", BC_TEST_CLK_MIN_HZ,
						    BC_TEST_CLK_MAX_HZ), 0);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "pixel:prepare pixel:on");
	KUNIT_EXPECT_EQ(test, pixel->rate, BC_TEST_CLK_BOOT_HZ);

	KUNIT_EXPECT_EQ(test, clk_set_rate(other, 50000000), 0);
	KUNIT_EXPECT_EQ(test, pixel->rate, BC_TEST_CLK_MIN_HZ);
	KUNIT_EXPECT_EQ(test, clk_set_rate(other, 200000000), 0);
	KUNIT_EXPECT_EQ(test, pixel->rate, BC_TEST_CLK_MAX_HZ);
	KUNIT_EXPECT_EQ(test, clk_get_rate(other), BC_TEST_CLK_MAX_HZ);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "pixel:prepare pixel:on pixel:rate=74000000 pixel:rate=75000000");
	bc_test_log_clear(ctx->log);

	boot_constraints_remove(ctx->dev);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "pixel:off pixel:unprepare pixel:rate=200000000 free:owner");
	KUNIT_EXPECT_EQ(test, pixel->rate, 200000000);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(pixel), 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);

	KUNIT_EXPECT_EQ(test, clk_set_rate(other, 200000000), 0);
	KUNIT_EXPECT_EQ(test, pixel->rate, 200000000);
}

/*
 * A range with one end only, or upside down, is refused before anything
 * is touched.
 */
static void bc_test_clk_range_malformed(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_clk *pixel;

	bc_test_clk_setup_pixel(test, &pixel);

	KUNIT_EXPECT_EQ(test, bc_test_clk_add_range(test, "pixel", BC_TEST_CLK_MAX_HZ,
						    BC_TEST_CLK_MIN_HZ), -EINVAL);
	KUNIT_EXPECT_EQ(test, bc_test_clk_add_range(test, "pixel", BC_TEST_CLK_MIN_HZ, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, bc_test_clk_add_range(test, "pixel", 0, BC_TEST_CLK_MAX_HZ),
			-EINVAL);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "");
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(pixel), 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owner->calls), 0);
}

/*
 * A range the clock cannot be moved into, its rate held by another
 * consumer, fails the constraint: the clock is disabled again and the
 * range dropped, so that consumer can then set any rate.
 */
static void bc_test_clk_range_fails(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_clk *pixel;
	struct clk *other;

	other = bc_test_clk_setup_pixel(test, &pixel);
	KUNIT_ASSERT_EQ(test, clk_rate_exclusive_get(other), 0);

	KUNIT_EXPECT_EQ(test, bc_test_clk_add_range(test, "pixel", 10000000,
						    20000000), -EBUSY);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "pixel:prepare pixel:on pixel:off pixel:unprepare");
	KUNIT_EXPECT_EQ(test, pixel->rate, BC_TEST_CLK_BOOT_HZ);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(pixel), 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owner->calls), 0);

	clk_rate_exclusive_put(other);
	KUNIT_EXPECT_EQ(test, clk_set_rate(other, 50000000), 0);
	KUNIT_EXPECT_EQ(test, pixel->rate, 50000000);
}

/*
 * In a batch that fails, the range of a constraint that was applied is
 * dropped with it.
 */
static void bc_test_clk_range_failed_batch(struct kunit *test)
{
	struct dev_boot_constraint_clk_info range = {
		.name = "pixel",
		.rate_min = BC_TEST_CLK_MIN_HZ,
		.rate_max = BC_TEST_CLK_MAX_HZ,
	};
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_clk *pixel;
	struct clk *other;

	other = bc_test_clk_setup_pixel(test, &pixel);

	KUNIT_EXPECT_EQ(test, bc_test_add_failing_batch(test, DEV_BOOT_CONSTRAINT_CLK,
							&range), -ENOENT);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(pixel), 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);

	KUNIT_EXPECT_EQ(test, clk_set_rate(other, 50000000), 0);
	KUNIT_EXPECT_EQ(test, pixel->rate, 50000000);
}

/**
 * struct bc_test_clk_rates - What a consumer's rate-change notifier saw.
 * @nb: the notifier.
 * @clk: the consumer's handle it is registered on.
 * @pre: PRE_RATE_CHANGE notifications.
 * @abort: ABORT_RATE_CHANGE notifications.
 * @post: POST_RATE_CHANGE notifications.
 */
struct bc_test_clk_rates {
	struct notifier_block nb;
	struct clk *clk;
	unsigned int pre;
	unsigned int abort;
	unsigned int post;
};

static int bc_test_clk_rates_count(struct notifier_block *nb,
				   unsigned long event, void *data)
{
	struct bc_test_clk_rates *r = container_of(nb, struct bc_test_clk_rates, nb);

	if (event == PRE_RATE_CHANGE)
		r->pre++;
	else if (event == ABORT_RATE_CHANGE)
		r->abort++;
	else if (event == POST_RATE_CHANGE)
		r->post++;

	return NOTIFY_OK;
}

static void bc_test_clk_rates_unregister(void *data)
{
	struct bc_test_clk_rates *r = data;

	clk_notifier_unregister(r->clk, &r->nb);
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_clk_put, clk_put, struct clk *);

/*
 * Registers "pixel-pll", rate-gated, at the boot rate, the device's "pll",
 * and under it "pixel", on, a gate that passes its rate and its rate
 * requests through, the device's "pixel"; returns the PLL's handle of a
 * peer, whose rate changes *@rates counts.
 */
static struct clk *bc_test_clk_setup_pll(struct kunit *test,
					 struct bc_test_clk **pll,
					 struct bc_test_clk_rates **rates)
{
	struct bc_test_ctx *ctx = test->priv;
	struct clk_init_data init = { .flags = CLK_SET_RATE_GATE };
	const struct clk_hw *parent;
	struct bc_test_clk *pixel;
	struct clk *peer;

	*pll = bc_test_clk_alloc(test, ctx->log, "pixel-pll", true);
	KUNIT_ASSERT_NOT_NULL(test, *pll);
	(*pll)->rate = BC_TEST_CLK_BOOT_HZ;
	bc_test_clk_init_hw(*pll, &init, &bc_test_clk_ops);
	KUNIT_ASSERT_EQ(test, clk_hw_register_kunit(test, NULL, &(*pll)->hw), 0);
	KUNIT_ASSERT_EQ(test, bc_test_clk_add_lookup(test, *pll, "pll",
						     BC_TEST_CLK_DEV), 0);

	pixel = bc_test_clk_alloc(test, ctx->log, "pixel", true);
	KUNIT_ASSERT_NOT_NULL(test, pixel);
	parent = &(*pll)->hw;
	init = (struct clk_init_data) {
		.parent_hws = &parent, .num_parents = 1,
		.flags = CLK_SET_RATE_PARENT,
	};
	bc_test_clk_init_hw(pixel, &init, &bc_test_gate_ops);
	KUNIT_ASSERT_EQ(test, clk_hw_register_kunit(test, NULL, &pixel->hw), 0);
	KUNIT_ASSERT_EQ(test, bc_test_clk_add_lookup(test, pixel, "pixel",
						     BC_TEST_CLK_DEV), 0);

	peer = clk_hw_get_clk_kunit(test, &(*pll)->hw, "peer");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, peer);
	*rates = kunit_kzalloc(test, sizeof(**rates), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, *rates);
	(*rates)->clk = peer;
	(*rates)->nb.notifier_call = bc_test_clk_rates_count;
	KUNIT_ASSERT_EQ(test, clk_notifier_register(peer, &(*rates)->nb), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							bc_test_clk_rates_unregister,
							*rates), 0);

	return peer;
}

/*
 * A peer's change of the parent that would move the held clock out of its
 * range waits: it returns 0 and changes nothing, and no notifier is told.
 * One that keeps the clock within the range goes through; the release
 * applies the one that waited, as pristine 6.12 would have at once.
 */
static void bc_test_clk_range_holds_parent(struct kunit *test)
{
	struct bc_test_clk_rates *rates;
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_clk *pll;
	struct clk *peer;

	peer = bc_test_clk_setup_pll(test, &pll, &rates);
	KUNIT_ASSERT_EQ(test, bc_test_clk_add_range(test, "pixel", BC_TEST_CLK_MIN_HZ,
						    BC_TEST_CLK_MAX_HZ), 0);
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, ctx->dev), 0);
	bc_test_log_clear(ctx->log);

	KUNIT_EXPECT_EQ(test, clk_set_rate(peer, BC_TEST_CLK_MIN_HZ), 0);
	KUNIT_EXPECT_EQ(test, pll->rate, BC_TEST_CLK_MIN_HZ);
	bc_test_log_clear(ctx->log);

	KUNIT_EXPECT_EQ(test, clk_set_rate(peer, 50000000), 0);
	KUNIT_EXPECT_EQ(test, pll->rate, BC_TEST_CLK_MIN_HZ);
	KUNIT_EXPECT_EQ(test, clk_get_rate(peer), BC_TEST_CLK_MIN_HZ);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "");
	KUNIT_EXPECT_EQ(test, rates->pre, 1);
	KUNIT_EXPECT_EQ(test, rates->abort, 0);
	KUNIT_EXPECT_EQ(test, rates->post, 1);

	boot_constraints_remove(ctx->dev);

	KUNIT_EXPECT_EQ(test, pll->rate, 50000000);
	KUNIT_EXPECT_EQ(test, rates->post, 2);
}

/*
 * The device's own rate request, on the held clock (the parameter "pixel")
 * or on the parent ("pll", as a node's assigned-clock-rates may ask), takes
 * the range over: it goes through the parent, out of the range, as without
 * the constraint; then so may a peer's.
 */
static void bc_test_clk_range_taken_over_parent(struct kunit *test)
{
	const char * const *con_id = test->param_value;
	struct bc_test_clk_rates *rates;
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_clk *pll;
	struct clk *peer, *clk;

	peer = bc_test_clk_setup_pll(test, &pll, &rates);
	KUNIT_ASSERT_EQ(test, bc_test_clk_add_range(test, "pixel", BC_TEST_CLK_MIN_HZ,
						    BC_TEST_CLK_MAX_HZ), 0);
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, ctx->dev), 0);
	clk = clk_get(ctx->dev, *con_id);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, clk);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, bc_test_clk_put, clk), 0);

	KUNIT_EXPECT_EQ(test, clk_set_rate(clk, 50000000), 0);
	KUNIT_EXPECT_EQ(test, pll->rate, 50000000);
	KUNIT_EXPECT_EQ(test, clk_get_rate(clk), 50000000);

	KUNIT_EXPECT_EQ(test, clk_set_rate(peer, 200000000), 0);
	KUNIT_EXPECT_EQ(test, pll->rate, 200000000);
}

static const char * const bc_test_clk_own_requests[] = { "pixel", "pll" };

static void bc_test_clk_own_request_desc(const char * const *con_id, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", *con_id);
}

KUNIT_ARRAY_PARAM(bc_test_clk_own_request, bc_test_clk_own_requests,
		  bc_test_clk_own_request_desc);

static struct kunit_case bc_test_clk_cases[] = {
	KUNIT_CASE(bc_test_clk_add_enables),
	KUNIT_CASE(bc_test_clk_release_disables),
	KUNIT_CASE(bc_test_clk_shared_consumer),
	KUNIT_CASE(bc_test_clk_boot_on_gate),
	KUNIT_CASE(bc_test_clk_unknown_name),
	KUNIT_CASE(bc_test_clk_null_data),
	KUNIT_CASE(bc_test_clk_default_clock),
	KUNIT_CASE(bc_test_clk_enable_fails),
	KUNIT_CASE(bc_test_clk_range_holds),
	KUNIT_CASE(bc_test_clk_range_malformed),
	KUNIT_CASE(bc_test_clk_range_fails),
	KUNIT_CASE(bc_test_clk_range_failed_batch),
	KUNIT_CASE(bc_test_clk_range_holds_parent),
	KUNIT_CASE_PARAM(bc_test_clk_range_taken_over_parent,
			 bc_test_clk_own_request_gen_params),
	{}
};

static struct kunit_suite bc_test_clk_suite = {
	.name = "boot_constraint_clk",
	.init = bc_test_clk_init,
	.test_cases = bc_test_clk_cases,
};

kunit_test_suite(bc_test_clk_suite);
