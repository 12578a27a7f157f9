// SPDX-License-Identifier: GPL-2.0
/*
 * The set-up of every boot constraint KUnit suite, bc_test_init_with():
 * the test's context, log and owner, the fakes it asks for, the device
 * tree overlay of kunit_boot_constraint_test.dtso with the match tables of
 * its nodes, and the test's devices. All are the test's KUnit resources,
 * released when it ends, in reverse order.
 */

#include <linux/of.h>

#include <kunit/of.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"

/* The match tables of the nodes of the overlay. */
BC_TEST_OF_MATCH(bc_test_clk_match, "bc-test,kunit-clock");
BC_TEST_OF_MATCH(bc_test_clk_late_match, "bc-test,kunit-clock-late");
BC_TEST_OF_MATCH(bc_test_reg_match, "bc-test,kunit-regulator");
BC_TEST_OF_MATCH(bc_test_pd_match, "bc-test,kunit-power-controller");
BC_TEST_OF_MATCH(bc_test_clk_consumer_match, "bc-test,kunit-clk-consumer");
BC_TEST_OF_MATCH(bc_test_clk_late_consumer_match, "bc-test,kunit-clk-late-consumer");
BC_TEST_OF_MATCH(bc_test_pd_consumer_match, "bc-test,kunit-pd-consumer");
BC_TEST_OF_MATCH(bc_test_pd_peer_match, "bc-test,kunit-pd-peer");
BC_TEST_OF_MATCH(bc_test_no_pd_match, "bc-test,kunit-no-pd");
BC_TEST_OF_MATCH(bc_test_icc_match, "bc-test,kunit-interconnect");
BC_TEST_OF_MATCH(bc_test_icc_consumer_match, "bc-test,kunit-icc-consumer");
BC_TEST_OF_MATCH(bc_test_reset_match, "bc-test,kunit-reset-controller");
BC_TEST_OF_MATCH(bc_test_reset_consumer_match, "bc-test,kunit-reset-consumer");
BC_TEST_OF_MATCH(bc_test_auto_bound_match, "bc-test,kunit-auto-bound-clock");

/**
 * bc_test_apply_overlay() - Add the test nodes to the device tree.
 * @test: the test, at whose end they are removed.
 *
 * The nodes, described in kunit_boot_constraint_test.dtso, get platform
 * devices as soon as they are added.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_apply_overlay(struct kunit *test)
{
	return of_overlay_apply_kunit(test, kunit_boot_constraint_test);
}

static void bc_test_init_supplies(struct kunit *test,
				  const struct bc_test_setup *setup,
				  const char *dev_name)
{
	struct bc_test_ctx *ctx = test->priv;

	if (setup->with & BC_TEST_WITH_CLK) {
		ctx->clk = bc_test_clk_alloc(test, ctx->log, "clk0", false);
		KUNIT_ASSERT_NOT_NULL(test, ctx->clk);
		KUNIT_ASSERT_EQ(test, bc_test_clk_register(test, ctx->clk), 0);
		KUNIT_ASSERT_EQ(test, bc_test_clk_add_lookup(test, ctx->clk, "core",
							     dev_name), 0);
	}
	if (setup->reg_uv) {
		ctx->reg = bc_test_reg_alloc(test, ctx->log, false, setup->reg_uv);
		KUNIT_ASSERT_NOT_NULL(test, ctx->reg);
		bc_test_reg_add_consumer(ctx->reg, dev_name);
		bc_test_reg_add_consumer(ctx->reg, BC_TEST_REG_PEER);
		KUNIT_ASSERT_EQ(test, bc_test_reg_register(test, ctx->reg), 0);
	}
}

/* Allocated before the overlay: freed after its removal. */
static void bc_test_init_fakes(struct kunit *test, unsigned int with)
{
	struct bc_test_ctx *ctx = test->priv;

	if (with & BC_TEST_WITH_PD) {
		ctx->pd = bc_test_pd_alloc(test, ctx->log);
		KUNIT_ASSERT_NOT_NULL(test, ctx->pd);
	}
	if (with & BC_TEST_WITH_ICC) {
		ctx->icc = bc_test_icc_alloc(test, ctx->log);
		KUNIT_ASSERT_NOT_NULL(test, ctx->icc);
	}
	if (with & BC_TEST_WITH_RESET) {
		ctx->rst = bc_test_reset_alloc(test, ctx->log);
		KUNIT_ASSERT_NOT_NULL(test, ctx->rst);
	}
}

/**
 * bc_test_init_with() - Set a suite's test up: the init of every suite.
 * @test: the test; what the set-up allocates and registers are its KUnit
 *	resources, released when it ends, in reverse order.
 * @setup: what the test starts with.
 *
 * Allocates the test's context (bc_test_priv_alloc()), its log and its
 * owner, then the fakes of @setup: a clock and a regulator registered
 * before the device they serve is, the overlay applied before its
 * domain's driver is registered and its nodes' devices are looked up.
 * Fails the test on any error.
 *
 * Return: 0.
 */
int bc_test_init_with(struct kunit *test, const struct bc_test_setup *setup)
{
	bool overlay = (setup->dev && setup->dev[0] == '/') || setup->peer;
	struct bc_test_ctx *ctx;

	ctx = bc_test_priv_alloc(test, setup->size ?: sizeof(*ctx));

	ctx->log = bc_test_log_alloc(test);
	KUNIT_ASSERT_NOT_NULL(test, ctx->log);
	ctx->owner = bc_test_owner_alloc(test, ctx->log, "owner");
	KUNIT_ASSERT_NOT_NULL(test, ctx->owner);

	bc_test_init_supplies(test, setup, overlay ? NULL : setup->dev);
	bc_test_init_fakes(test, setup->with);
	if (overlay)
		KUNIT_ASSERT_EQ(test, bc_test_apply_overlay(test), 0);
	if (setup->with & BC_TEST_WITH_PD)
		KUNIT_ASSERT_EQ(test, bc_test_pd_driver_register(test, ctx->pd,
								 bc_test_pd_match), 0);

	if (setup->dev)
		ctx->dev = bc_test_dev(test, setup->dev);
	if (setup->peer)
		ctx->peer = bc_test_dev(test, setup->peer);

	return 0;
}

/**
 * bc_test_init_ctx() - Set a test up with a context of its own.
 * @test: the test.
 * @size: the size of the context, a structure that starts with a struct
 *	bc_test_ctx.
 *
 * As bc_test_init_with() with only the size set: the context gets its log
 * and owner, and no device or fake yet.
 *
 * Return: the context, test->priv, which the test frees at its end.
 */
void *bc_test_init_ctx(struct kunit *test, size_t size)
{
	const struct bc_test_setup setup = { .size = size };

	KUNIT_ASSERT_EQ(test, bc_test_init_with(test, &setup), 0);

	return test->priv;
}
