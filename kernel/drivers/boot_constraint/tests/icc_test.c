// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of interconnect boot constraints: the bandwidth is requested
 * on the device's path when the constraint is applied, no other consumer
 * of the path's nodes can take the provider below it until the constraint
 * is released, and a constraint that cannot be applied requests nothing.
 */

#include <linux/device.h>
#include <linux/interconnect.h>
#include <linux/platform_device.h>

#include <kunit/resource.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../kunit.h"

#define BC_TEST_ICC_AVG	1000
#define BC_TEST_ICC_PEAK	2000

/* The provider's set() of the hop a-mem, with and without the constraint. */
#define BC_TEST_ICC_HELD	"a:avg=1000 a:peak=2000 mem:avg=1000 mem:peak=2000"
#define BC_TEST_ICC_DROPPED	"a:avg=0 a:peak=0 mem:avg=0 mem:peak=0"
/* The same, once the constraint is released, with the peer's 100/200. */
#define BC_TEST_ICC_PEER_ALONE	"a:avg=0 a:peak=0 mem:avg=100 mem:peak=200 free:owner"

/*
 * The provider of "bc-test-interconnect", not registered yet; the device of
 * "bc-test-icc-consumer", paths a-mem and a-cfg; its peer, of
 * "bc-test-icc-peer", path b-mem.
 */
BC_TEST_DEFINE_INIT(bc_test_icc, .dev = "/bc-test-icc-consumer",
		    .peer = "/bc-test-icc-peer", .with = BC_TEST_WITH_ICC);

/* Binds the provider's node; its constraints go before it at exit. */
static void bc_test_icc_register(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_ASSERT_EQ(test, bc_test_icc_driver_register(test, ctx->icc,
							  bc_test_icc_match), 0);
	wait_for_device_probe();
	KUNIT_ASSERT_NOT_NULL(test, ctx->icc->provider.dev);
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, ctx->dev), 0);
}

static int bc_test_icc_add(struct kunit *test, const char *name, u32 avg, u32 peak,
			   bool deferrable)
{
	struct dev_boot_constraint_icc_info icc = {
		.name = name,
		.avg_bw = avg,
		.peak_bw = peak,
	};

	return bc_test_add_dev(test, DEV_BOOT_CONSTRAINT_ICC, &icc, deferrable);
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_icc_path_put, icc_put, struct icc_path *);

/* The peer's path to memory, put at exit before the provider goes. */
static struct icc_path *bc_test_icc_peer_path(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct icc_path *path;

	path = of_icc_get(ctx->peer, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, path);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, bc_test_icc_path_put,
							path), 0);

	return path;
}

static void bc_test_icc_expect_mem(struct kunit *test, u32 avg, u32 peak)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_EXPECT_EQ(test, ctx->icc->avg_bw[BC_TEST_ICC_MEM], avg);
	KUNIT_EXPECT_EQ(test, ctx->icc->peak_bw[BC_TEST_ICC_MEM], peak);
}

/* The memory is back to no bandwidth, and the device holds nothing. */
static void bc_test_icc_expect_dropped(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	bc_test_icc_expect_mem(test, 0, 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
}

/* The first path is the default one; the bandwidth reaches its nodes. */
static void bc_test_icc_add_requests(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	bc_test_icc_register(test);

	KUNIT_ASSERT_EQ(test, bc_test_icc_add(test, NULL, BC_TEST_ICC_AVG, BC_TEST_ICC_PEAK,
					      false), 0);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), BC_TEST_ICC_HELD);
	bc_test_icc_expect_mem(test, BC_TEST_ICC_AVG, BC_TEST_ICC_PEAK);
	KUNIT_EXPECT_EQ(test, ctx->icc->peak_bw[BC_TEST_ICC_A], BC_TEST_ICC_PEAK);
	KUNIT_EXPECT_EQ(test, ctx->icc->peak_bw[BC_TEST_ICC_CFG], 0);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_APPLIED), 1);
}

/* A path is found by its name in "interconnect-names". */
static void bc_test_icc_named_path(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	bc_test_icc_register(test);

	KUNIT_ASSERT_EQ(test, bc_test_icc_add(test, "cfg", 0, BC_TEST_ICC_PEAK, false), 0);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "a:avg=0 a:peak=2000 cfg:avg=0 cfg:peak=2000");
	KUNIT_EXPECT_EQ(test, ctx->icc->peak_bw[BC_TEST_ICC_CFG], BC_TEST_ICC_PEAK);
	bc_test_icc_expect_mem(test, 0, 0);
}

/*
 * Another consumer of the memory node cannot take it below the constraint,
 * whatever it asks; once the constraint is released, its request alone
 * counts.
 */
static void bc_test_icc_peer_cannot_lower(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct icc_path *peer;

	bc_test_icc_register(test);
	peer = bc_test_icc_peer_path(test);
	KUNIT_ASSERT_EQ(test, bc_test_icc_add(test, "mem", BC_TEST_ICC_AVG, BC_TEST_ICC_PEAK,
					      false), 0);

	KUNIT_EXPECT_EQ(test, icc_set_bw(peer, 5000, 8000), 0);
	bc_test_icc_expect_mem(test, 6000, 8000);
	KUNIT_EXPECT_EQ(test, icc_set_bw(peer, 100, 200), 0);
	bc_test_icc_expect_mem(test, 1100, BC_TEST_ICC_PEAK);
	KUNIT_EXPECT_EQ(test, icc_set_bw(peer, 0, 0), 0);
	bc_test_icc_expect_mem(test, BC_TEST_ICC_AVG, BC_TEST_ICC_PEAK);
	KUNIT_EXPECT_EQ(test, icc_set_bw(peer, 100, 200), 0);

	boot_constraints_remove(ctx->dev);

	KUNIT_EXPECT_TRUE(test, bc_test_log_ends_with(ctx->log, BC_TEST_ICC_PEER_ALONE));
	bc_test_icc_expect_mem(test, 100, 200);
	KUNIT_EXPECT_EQ(test, ctx->icc->peak_bw[BC_TEST_ICC_A], 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
}

/*
 * Without its provider a deferrable constraint is pending and requests
 * nothing; it is applied when the provider's driver binds. A constraint
 * that is not deferrable fails instead.
 */
static void bc_test_icc_deferred(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_EXPECT_EQ(test, bc_test_icc_add(test, NULL, BC_TEST_ICC_AVG, BC_TEST_ICC_PEAK,
					      false), -EPROBE_DEFER);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);

	KUNIT_ASSERT_EQ(test, bc_test_icc_add(test, NULL, BC_TEST_ICC_AVG, BC_TEST_ICC_PEAK,
					      true), 0);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_PENDING), 1);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "");

	bc_test_icc_register(test);

	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_APPLIED), 1);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), BC_TEST_ICC_HELD);
	bc_test_icc_expect_mem(test, BC_TEST_ICC_AVG, BC_TEST_ICC_PEAK);
}

/*
 * The bandwidth is held until the device's driver has probed, then the
 * request is dropped and the provider is back to the bandwidth it had.
 */
static void bc_test_icc_released_after_probe(struct kunit *test)
{
	static const char expected[] =
		BC_TEST_ICC_HELD " bc-icc-consumer:probe=0 " BC_TEST_ICC_DROPPED " free:owner";
	struct bc_test_ctx *ctx = test->priv;

	bc_test_icc_register(test);
	KUNIT_ASSERT_EQ(test, bc_test_icc_add(test, NULL, BC_TEST_ICC_AVG, BC_TEST_ICC_PEAK,
					      true), 0);
	bc_test_bind(test, "bc-icc-consumer", bc_test_icc_consumer_match, 1);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), expected);
	bc_test_icc_expect_dropped(test);
}

/*
 * No description, no bandwidth, a path the device does not name, or a
 * device without paths: refused, and nothing is requested.
 */
static void bc_test_icc_malformed(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct dev_boot_constraint_icc_info icc = { .avg_bw = BC_TEST_ICC_AVG };
	struct dev_boot_constraint_info info = {
		.constraint.type = DEV_BOOT_CONSTRAINT_ICC,
	};
	struct platform_device *pathless;

	bc_test_icc_register(test);
	pathless = bc_test_of_pdev(test, "/bc-test-no-pd");
	KUNIT_ASSERT_NOT_NULL(test, pathless);

	bc_test_owner_set(&info, ctx->owner);
	KUNIT_EXPECT_EQ(test, dev_boot_constraint_add(ctx->dev, &info), -EINVAL);
	KUNIT_EXPECT_EQ(test, bc_test_icc_add(test, NULL, 0, 0, false), -EINVAL);
	KUNIT_EXPECT_LT(test, bc_test_icc_add(test, "missing", BC_TEST_ICC_AVG,
					      BC_TEST_ICC_PEAK, false), 0);

	info.constraint.data = &icc;
	KUNIT_EXPECT_EQ(test, dev_boot_constraint_add(&pathless->dev, &info),
			-ENOENT);

	bc_test_expect_refused(test, &pathless->dev);
}

/* In a batch that fails, the bandwidth already requested is dropped. */
static void bc_test_icc_failed_batch(struct kunit *test)
{
	struct dev_boot_constraint_icc_info icc = {
		.avg_bw = BC_TEST_ICC_AVG,
		.peak_bw = BC_TEST_ICC_PEAK,
	};
	struct bc_test_ctx *ctx = test->priv;

	bc_test_icc_register(test);

	KUNIT_EXPECT_LT(test, bc_test_add_failing_batch(test, DEV_BOOT_CONSTRAINT_ICC,
							&icc), 0);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   BC_TEST_ICC_HELD " " BC_TEST_ICC_DROPPED);
	bc_test_icc_expect_dropped(test);
}

static struct kunit_case bc_test_icc_cases[] = {
	KUNIT_CASE(bc_test_icc_add_requests),
	KUNIT_CASE(bc_test_icc_named_path),
	KUNIT_CASE(bc_test_icc_peer_cannot_lower),
	KUNIT_CASE(bc_test_icc_deferred),
	KUNIT_CASE(bc_test_icc_released_after_probe),
	KUNIT_CASE(bc_test_icc_malformed),
	KUNIT_CASE(bc_test_icc_failed_batch),
	{}
};

static struct kunit_suite bc_test_icc_suite = {
	.name = "boot_constraint_icc",
	.init = bc_test_icc_init,
	.test_cases = bc_test_icc_cases,
};

kunit_test_suite(bc_test_icc_suite);
