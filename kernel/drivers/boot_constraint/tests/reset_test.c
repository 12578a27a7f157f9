// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of reset boot constraints: the constraint is a boot hold of
 * the device's reset line that keeps it deasserted, so no shared user
 * asserting the line puts the device in reset until the device's driver
 * gets the line or the constraint is released; the hold is no user of the
 * line, which every consumer gets, exclusive ones included, as if nothing
 * held it. A constraint that cannot be applied leaves the line alone.
 */

#include <linux/device.h>
#include <linux/panic.h>
#include <linux/platform_device.h>
#include <linux/reset.h>

#include <kunit/resource.h>
#include <kunit/platform_device.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../kunit.h"

/*
 * The controller of "bc-test-reset-controller", not registered yet; the
 * device of "bc-test-reset-consumer", lines 0 "core" and 1 "bus"; its peer,
 * of "bc-test-reset-peer", whose only line is 0.
 */
BC_TEST_DEFINE_INIT(bc_test_reset, .dev = "/bc-test-reset-consumer",
		    .peer = "/bc-test-reset-peer", .with = BC_TEST_WITH_RESET);

/* Binds the controller's node; the constraints go before it at exit. */
static void bc_test_reset_register(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_ASSERT_EQ(test, bc_test_reset_driver_register(test, ctx->rst,
							    bc_test_reset_match),
			0);
	wait_for_device_probe();
	KUNIT_ASSERT_NOT_NULL(test, ctx->rst->rcdev.dev);
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, ctx->dev), 0);
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, ctx->peer), 0);
}

static int bc_test_reset_add_to(struct kunit *test, struct device *dev,
				const struct dev_boot_constraint_reset_info *reset,
				bool deferrable)
{
	return bc_test_add(test, dev, DEV_BOOT_CONSTRAINT_RESET, reset, deferrable);
}

static int bc_test_reset_add(struct kunit *test, const char *name, bool deferrable)
{
	struct bc_test_ctx *ctx = test->priv;
	struct dev_boot_constraint_reset_info reset = { .name = name };

	return bc_test_reset_add_to(test, ctx->dev, &reset, deferrable);
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_reset_control_put, reset_control_put,
			    struct reset_control *);

/* Asserts that a get gave @rstc, put at exit before the controller goes. */
static struct reset_control *bc_test_reset_got(struct kunit *test,
					       struct reset_control *rstc)
{
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, rstc);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							bc_test_reset_control_put,
							rstc), 0);

	return rstc;
}

/* The peer's shared line. */
static struct reset_control *bc_test_reset_peer_line(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	return bc_test_reset_got(test, reset_control_get_shared(ctx->peer, NULL));
}

/*
 * The line "core" of the device held by a constraint, and a shared user of
 * it, the peer: returns the peer's reset control, put at the test's end.
 */
static struct reset_control *bc_test_reset_held_with_peer(struct kunit *test)
{
	struct reset_control *peer;

	bc_test_reset_register(test);
	peer = bc_test_reset_peer_line(test);
	KUNIT_ASSERT_EQ(test, bc_test_reset_add(test, "core", false), 0);

	return peer;
}

/* Applying the constraint deasserts the line, as the bootloader left it. */
static void bc_test_reset_add_deasserts(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	bc_test_reset_register(test);

	KUNIT_ASSERT_EQ(test, bc_test_reset_add(test, "core", false), 0);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "rst0:deassert");
	KUNIT_EXPECT_FALSE(test, ctx->rst->asserted[0]);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_APPLIED), 1);
}

/*
 * Another shared user deasserting and asserting the line, as a driver
 * resetting its block does, does not assert it while the constraint holds
 * it. The release leaves the line deasserted, as the bootloader left it:
 * only a user of the line asserts it.
 */
static void bc_test_reset_peer_cannot_assert(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct reset_control *peer;

	peer = bc_test_reset_held_with_peer(test);

	KUNIT_EXPECT_EQ(test, reset_control_deassert(peer), 0);
	KUNIT_EXPECT_EQ(test, reset_control_assert(peer), 0);

	KUNIT_EXPECT_FALSE(test, bc_test_log_has(ctx->log, "rst0:assert"));
	KUNIT_EXPECT_FALSE(test, ctx->rst->asserted[0]);
	KUNIT_EXPECT_EQ(test, reset_control_status(peer), 0);

	boot_constraints_remove(ctx->dev);

	KUNIT_EXPECT_TRUE(test, bc_test_log_ends_with(ctx->log, "free:owner"));
	KUNIT_EXPECT_FALSE(test, bc_test_log_has(ctx->log, "rst0:assert"));
	KUNIT_EXPECT_FALSE(test, ctx->rst->asserted[0]);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);

	/* Nothing is left counted: the peer's assert reaches the line. */
	KUNIT_EXPECT_EQ(test, reset_control_deassert(peer), 0);
	KUNIT_EXPECT_EQ(test, reset_control_assert(peer), 0);
	KUNIT_EXPECT_TRUE(test, ctx->rst->asserted[0]);
}

/* Released while another user keeps the line deasserted, it stays so. */
static void bc_test_reset_release_keeps_peer(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct reset_control *peer;

	peer = bc_test_reset_held_with_peer(test);
	KUNIT_EXPECT_EQ(test, reset_control_deassert(peer), 0);

	boot_constraints_remove(ctx->dev);

	KUNIT_EXPECT_TRUE(test, bc_test_log_ends_with(ctx->log, "free:owner"));
	KUNIT_EXPECT_FALSE(test, ctx->rst->asserted[0]);

	KUNIT_EXPECT_EQ(test, reset_control_assert(peer), 0);
	KUNIT_EXPECT_TRUE(test, ctx->rst->asserted[0]);
}

/* A NULL name, or no description, is the device's only line. */
static void bc_test_reset_only_line(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	bc_test_reset_register(test);

	KUNIT_ASSERT_EQ(test, bc_test_reset_add_to(test, ctx->peer, NULL, false), 0);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "rst0:deassert");
	KUNIT_EXPECT_EQ(test, bc_count(ctx->peer, BC_APPLIED), 1);
}

/* A line is found by its name in "reset-names"; the others are untouched. */
static void bc_test_reset_named_line(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	bc_test_reset_register(test);
	ctx->rst->asserted[0] = true;

	KUNIT_ASSERT_EQ(test, bc_test_reset_add(test, "bus", false), 0);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "rst1:deassert");
	KUNIT_EXPECT_TRUE(test, ctx->rst->asserted[0]);
	KUNIT_EXPECT_FALSE(test, ctx->rst->asserted[1]);
}

/*
 * Without its controller a deferrable constraint is pending and touches
 * nothing; it is applied when the controller's driver binds. A constraint
 * that is not deferrable fails instead.
 */
static void bc_test_reset_deferred(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_EXPECT_EQ(test, bc_test_reset_add(test, "core", false), -EPROBE_DEFER);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);

	KUNIT_ASSERT_EQ(test, bc_test_reset_add(test, "core", true), 0);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_PENDING), 1);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "");

	bc_test_reset_register(test);

	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_APPLIED), 1);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "rst0:deassert");
}

/*
 * The line is held deasserted until the device's driver has probed; the
 * release leaves it so, though that driver does not use it: a device
 * running out of reset is not reset behind its driver's back.
 */
static void bc_test_reset_released_after_probe(struct kunit *test)
{
	static const char expected[] =
		"rst0:deassert bc-reset-consumer:probe=0 free:owner";
	struct bc_test_ctx *ctx = test->priv;

	bc_test_reset_register(test);
	KUNIT_ASSERT_EQ(test, bc_test_reset_add(test, "core", true), 0);
	bc_test_bind(test, "bc-reset-consumer", bc_test_reset_consumer_match, 1);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), expected);
	KUNIT_EXPECT_FALSE(test, ctx->rst->asserted[0]);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
}

/**
 * struct bc_test_reset_own - A driver that takes its line.
 *
 * @pdrv: the driver, of "bc-test-reset-consumer".
 * @shared: whether it takes the line shared, or exclusively.
 * @ret: what the get gave its probe.
 * @peer: if set, a shared user of the line that deasserts and asserts it
 *	first, in the middle of the probe attempt.
 * @rst: the controller, read in the probe.
 * @peer_asserted: whether the line was asserted after the peer's assert.
 * @defer: whether the probe defers once it has got and deasserted its line.
 */
struct bc_test_reset_own {
	struct platform_driver pdrv;
	bool shared;
	int ret;
	struct reset_control *peer;
	struct bc_test_reset *rst;
	bool peer_asserted;
	bool defer;
};

/* Takes its "core" line and deasserts it, as most drivers do. */
static int bc_test_reset_own_probe(struct platform_device *pdev)
{
	struct bc_test_reset_own *drv;
	struct reset_control *rstc;
	int ret;

	drv = container_of(to_platform_driver(pdev->dev.driver),
			   struct bc_test_reset_own, pdrv);
	if (drv->peer && !reset_control_deassert(drv->peer)) {
		reset_control_assert(drv->peer);
		drv->peer_asserted = drv->rst->asserted[0];
	}

	if (drv->shared)
		rstc = devm_reset_control_get_shared(&pdev->dev, "core");
	else
		rstc = devm_reset_control_get_exclusive(&pdev->dev, "core");
	drv->ret = PTR_ERR_OR_ZERO(rstc);
	if (IS_ERR(rstc))
		return PTR_ERR(rstc);

	ret = reset_control_deassert(rstc);

	return ret ?: drv->defer ? -EPROBE_DEFER : 0;
}

/*
 * Registers a driver for the device that takes its line, exclusively
 * unless a shared @peer uses it too, and defers if @defer says.
 */
static struct bc_test_reset_own *
bc_test_reset_own_start(struct kunit *test, struct reset_control *peer,
			bool defer)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_reset_own *drv;

	drv = kunit_kzalloc(test, sizeof(*drv), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, drv);
	drv->ret = 1;
	drv->shared = peer;
	drv->peer = peer;
	drv->rst = ctx->rst;
	drv->defer = defer;
	drv->pdrv.probe = bc_test_reset_own_probe;
	drv->pdrv.driver.name = "bc-reset-exclusive";
	drv->pdrv.driver.of_match_table = bc_test_reset_consumer_match;
	KUNIT_ASSERT_EQ(test, kunit_platform_driver_register(test, &drv->pdrv),
			0);
	wait_for_device_probe();

	return drv;
}

/*
 * A driver that takes its line exclusively in its probe gets it, the hold
 * standing aside, and the line is never asserted on the way.
 */
static void bc_test_reset_exclusive_in_probe(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_reset_own *drv;

	bc_test_reset_register(test);
	KUNIT_ASSERT_EQ(test, bc_test_reset_add(test, "core", true), 0);
	drv = bc_test_reset_own_start(test, NULL, false);

	KUNIT_EXPECT_EQ(test, drv->ret, 0);
	KUNIT_EXPECT_TRUE(test, device_is_bound(ctx->dev));
	KUNIT_EXPECT_FALSE(test, bc_test_log_has(ctx->log, "rst0:assert"));
	KUNIT_EXPECT_FALSE(test, ctx->rst->asserted[0]);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
}

/* A line the device does not name, or a device without one, is refused. */
static void bc_test_reset_unknown_line(struct kunit *test)
{
	struct device *lineless;

	bc_test_reset_register(test);
	lineless = bc_test_dev(test, "/bc-test-no-pd");

	KUNIT_EXPECT_EQ(test, bc_test_reset_add(test, "missing", false), -ENOENT);
	KUNIT_EXPECT_EQ(test, bc_test_reset_add_to(test, lineless, NULL, false),
			-ENOENT);

	bc_test_expect_refused(test, lineless);
}

/*
 * In a batch that fails, the line deasserted for it is given back, as it
 * is: deasserted, as the bootloader left it.
 */
static void bc_test_reset_failed_batch(struct kunit *test)
{
	struct dev_boot_constraint_reset_info reset = { .name = "core" };
	struct bc_test_ctx *ctx = test->priv;
	struct reset_control *peer;

	bc_test_reset_register(test);

	KUNIT_EXPECT_LT(test, bc_test_add_failing_batch(test, DEV_BOOT_CONSTRAINT_RESET,
							&reset), 0);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "rst0:deassert");
	KUNIT_EXPECT_FALSE(test, ctx->rst->asserted[0]);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);

	/* Nothing is left counted: another user's assert reaches the line. */
	peer = bc_test_reset_peer_line(test);
	KUNIT_EXPECT_EQ(test, reset_control_deassert(peer), 0);
	KUNIT_EXPECT_EQ(test, reset_control_assert(peer), 0);
	KUNIT_EXPECT_TRUE(test, bc_test_log_ends_with(ctx->log,
						      "rst0:deassert rst0:assert"));
	KUNIT_EXPECT_TRUE(test, ctx->rst->asserted[0]);
}

/*
 * No other shared user asserts the line during a probe attempt of the
 * device that defers, before its driver gets the line; the driver's get
 * and deassert succeed, and the constraint is applied again after the
 * deferral.
 */
static void bc_test_reset_deferral_holds_off_peers(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_reset_own *drv;
	struct reset_control *peer;

	peer = bc_test_reset_held_with_peer(test);
	drv = bc_test_reset_own_start(test, peer, true);

	KUNIT_EXPECT_EQ(test, drv->ret, 0);
	KUNIT_EXPECT_FALSE(test, drv->peer_asserted);
	KUNIT_EXPECT_FALSE(test, device_is_bound(ctx->dev));
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_APPLIED), 1);
}

/*
 * Another device's driver takes the held line exclusively, as it would
 * without the hold, and asserts it as it likes; the hold cannot deassert a
 * line an exclusive user owns.
 */
static void bc_test_reset_peer_exclusive(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct reset_control *peer;

	bc_test_reset_register(test);
	KUNIT_ASSERT_EQ(test, bc_test_reset_add(test, "core", false), 0);
	peer = bc_test_reset_got(test, reset_control_get_exclusive(ctx->peer, NULL));

	KUNIT_EXPECT_EQ(test, reset_control_assert(peer), 0);
	KUNIT_EXPECT_TRUE(test, ctx->rst->asserted[0]);
	KUNIT_EXPECT_EQ(test, bc_test_reset_add_to(test, ctx->peer, NULL, false),
			-EBUSY);
}

/*
 * The device's own consumer, getting its line shared, takes the hold over:
 * its assert, after its deassert, asserts the line as it would without
 * the hold.
 */
static void bc_test_reset_own_get_takes_over(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct reset_control *own;

	bc_test_reset_register(test);
	KUNIT_ASSERT_EQ(test, bc_test_reset_add(test, "core", false), 0);
	own = bc_test_reset_got(test, reset_control_get_shared(ctx->dev, "core"));

	KUNIT_EXPECT_EQ(test, reset_control_deassert(own), 0);
	KUNIT_EXPECT_EQ(test, reset_control_assert(own), 0);
	KUNIT_EXPECT_TRUE(test, ctx->rst->asserted[0]);
}

/*
 * A shared user's pulse of a line a boot hold keeps deasserted would reset
 * the running device: it is refused with -EPROBE_DEFER, the line left
 * alone, so that the user's probe is retried once the hold has ended; then
 * the pulse reaches the line.
 */
static void bc_test_reset_peer_pulse_deferred(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct reset_control *peer;

	peer = bc_test_reset_held_with_peer(test);

	KUNIT_EXPECT_EQ(test, reset_control_reset(peer), -EPROBE_DEFER);
	KUNIT_EXPECT_FALSE(test, bc_test_log_has(ctx->log, "rst0:reset"));

	boot_constraints_remove(ctx->dev);

	KUNIT_EXPECT_EQ(test, reset_control_reset(peer), 0);
	KUNIT_EXPECT_TRUE(test, bc_test_log_ends_with(ctx->log, "rst0:reset"));
}

static const struct of_device_id bc_test_reset_peer_match[] = {
	{ .compatible = "bc-test,kunit-reset-peer" },
	{ }
};

/**
 * struct bc_test_reset_pulser - A driver that resets its block in its probe.
 *
 * @pdrv: the driver, of "bc-test-reset-peer".
 * @log: the test's log, where each probe attempt logs what it returned.
 */
struct bc_test_reset_pulser {
	struct platform_driver pdrv;
	struct bc_test_log *log;
};

/* Takes its line shared and pulses it, failing its probe if that fails. */
static int bc_test_reset_pulser_probe(struct platform_device *pdev)
{
	struct bc_test_reset_pulser *drv;
	struct reset_control *rstc;
	int ret;

	drv = container_of(to_platform_driver(pdev->dev.driver),
			   struct bc_test_reset_pulser, pdrv);
	rstc = devm_reset_control_get_shared(&pdev->dev, NULL);
	ret = PTR_ERR_OR_ZERO(rstc);
	if (!ret)
		ret = reset_control_reset(rstc);
	bc_test_log_add(drv->log, "pulser:probe=%d", ret);

	return ret;
}

/* Registers the peer's driver, which resets its block in its probe. */
static void bc_test_reset_pulser_start(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_reset_pulser *drv;

	drv = kunit_kzalloc(test, sizeof(*drv), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, drv);
	drv->log = ctx->log;
	drv->pdrv.probe = bc_test_reset_pulser_probe;
	drv->pdrv.driver.name = "bc-reset-pulser";
	drv->pdrv.driver.of_match_table = bc_test_reset_peer_match;
	KUNIT_ASSERT_EQ(test, kunit_platform_driver_register(test, &drv->pdrv),
			0);
	wait_for_device_probe();
}

/*
 * The probe of a peer that pulses the held line is deferred, the line left
 * deasserted; at the hold's deadline the probe is retried, and the pulse
 * resets the line, as it would have had the held device's driver probed
 * first (its peer then pulsing the line in its own probe).
 */
static void bc_test_reset_peer_probe_retried(struct kunit *test)
{
	static const char expected[] =
		"rst0:deassert pulser:probe=-517 free:owner rst0:reset pulser:probe=0";
	struct bc_test_ctx *ctx = test->priv;

	bc_test_reset_register(test);
	KUNIT_ASSERT_EQ(test, bc_test_reset_add(test, "core", false), 0);
	bc_test_reset_pulser_start(test);

	KUNIT_EXPECT_FALSE(test, device_is_bound(ctx->peer));
	KUNIT_EXPECT_FALSE(test, ctx->rst->asserted[0]);

	bc_expire_device(ctx->dev);
	wait_for_device_probe();

	KUNIT_EXPECT_TRUE(test, device_is_bound(ctx->peer));
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), expected);
}

/*
 * Without a hold of the line, a shared user's pulse is as on a boot
 * without boot constraints: once per reset control, until each of its
 * calls is rearmed.
 * A hold of another line, or one the device's own get took over, changes
 * nothing.
 */
static void bc_test_reset_pulse_without_hold(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct reset_control *peer;

	bc_test_reset_register(test);
	peer = bc_test_reset_peer_line(test);
	KUNIT_ASSERT_EQ(test, bc_test_reset_add(test, "bus", false), 0);

	KUNIT_EXPECT_EQ(test, reset_control_reset(peer), 0);
	KUNIT_EXPECT_EQ(test, reset_control_reset(peer), 0);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "rst1:deassert rst0:reset");
	KUNIT_EXPECT_EQ(test, reset_control_rearm(peer), 0);
	KUNIT_EXPECT_EQ(test, reset_control_rearm(peer), 0);

	KUNIT_ASSERT_EQ(test, bc_test_reset_add(test, "core", false), 0);
	bc_test_reset_got(test, reset_control_get_shared(ctx->dev, "core"));

	KUNIT_EXPECT_EQ(test, reset_control_reset(peer), 0);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log),
			   "rst1:deassert rst0:reset rst0:deassert rst0:reset");
}

/*
 * The hold's own control does nothing but deassert its line: its assert
 * and its acquire fail, without a warning, and the line stays deasserted.
 */
static void bc_test_reset_hold_only_deasserts(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct reset_control *hold;

	if (test_taint(TAINT_WARN))
		kunit_skip(test, "a warning before: cannot tell one of ours");

	bc_test_reset_register(test);
	hold = bc_test_reset_got(test, reset_control_get_boot_hold(ctx->dev, "core"));
	KUNIT_ASSERT_EQ(test, reset_control_deassert(hold), 0);

	KUNIT_EXPECT_EQ(test, reset_control_assert(hold), -EPERM);
	KUNIT_EXPECT_EQ(test, reset_control_acquire(hold), -EPERM);
	KUNIT_EXPECT_EQ(test, reset_control_assert(hold), -EPERM);

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "rst0:deassert");
	KUNIT_EXPECT_FALSE(test, ctx->rst->asserted[0]);
	KUNIT_EXPECT_FALSE(test, test_taint(TAINT_WARN));
}

static struct kunit_case bc_test_reset_cases[] = {
	KUNIT_CASE(bc_test_reset_add_deasserts),
	KUNIT_CASE(bc_test_reset_peer_cannot_assert),
	KUNIT_CASE(bc_test_reset_release_keeps_peer),
	KUNIT_CASE(bc_test_reset_only_line),
	KUNIT_CASE(bc_test_reset_named_line),
	KUNIT_CASE(bc_test_reset_deferred),
	KUNIT_CASE(bc_test_reset_released_after_probe),
	KUNIT_CASE(bc_test_reset_exclusive_in_probe),
	KUNIT_CASE(bc_test_reset_deferral_holds_off_peers),
	KUNIT_CASE(bc_test_reset_peer_exclusive),
	KUNIT_CASE(bc_test_reset_own_get_takes_over),
	KUNIT_CASE(bc_test_reset_peer_pulse_deferred),
	KUNIT_CASE(bc_test_reset_peer_probe_retried),
	KUNIT_CASE(bc_test_reset_pulse_without_hold),
	KUNIT_CASE(bc_test_reset_hold_only_deasserts),
	KUNIT_CASE(bc_test_reset_unknown_line),
	KUNIT_CASE(bc_test_reset_failed_batch),
	{}
};

static struct kunit_suite bc_test_reset_suite = {
	.name = "boot_constraint_reset",
	.init = bc_test_reset_init,
	.test_cases = bc_test_reset_cases,
};

kunit_test_suite(bc_test_reset_suite);
