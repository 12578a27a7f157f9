// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of automatic boot constraints (boot_constraints=auto): a
 * resource that is on once its provider is there is held as any constraint
 * holds it; one that is off is left off, and its constraint freed; and a
 * table's constraint on the same resource takes precedence, with no gap.
 * A clock controller with runtime PM is read resumed.
 */

#include <linux/clk.h>
#include <linux/clk-provider.h>
#include <linux/of.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <linux/string.h>
#include <linux/pm_runtime.h>

#include <kunit/clk.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../kunit.h"
#include "../names.h"

/**
 * struct bc_test_auto_ctx - The context of a test of the suite.
 * @ctx: the device, whose node names "core", clk0, off.
 * @boot: "boot", a gate of the device that the bootloader left on.
 */
struct bc_test_auto_ctx {
	struct bc_test_ctx ctx;
	struct bc_test_clk *boot;
};

static int bc_test_auto_init(struct kunit *test)
{
	static const struct bc_test_setup setup = {
		.size = sizeof(struct bc_test_auto_ctx),
		.dev = "/bc-test-auto-consumer",
	};
	struct device_node *core, *boot;
	struct bc_test_auto_ctx *actx;
	struct bc_test_ctx *ctx;

	/* Nothing adds automatic constraints once the machine's deadline passed */
	if (bc_deadline_passed())
		kunit_skip(test, "loaded after the machine's deadline");

	bc_test_init_with(test, &setup);
	actx = test->priv;
	ctx = &actx->ctx;
	ctx->clk = bc_test_clk_alloc(test, ctx->log, "clk0", false);
	KUNIT_ASSERT_NOT_NULL(test, ctx->clk);
	actx->boot = bc_test_clk_alloc(test, ctx->log, "boot", true);
	KUNIT_ASSERT_NOT_NULL(test, actx->boot);

	/* A clock is read from the device tree, as auto mode finds it */
	core = bc_test_of_node(test, "/bc-test-auto-core-clock");
	boot = bc_test_of_node(test, "/bc-test-auto-boot-clock");
	KUNIT_ASSERT_EQ(test, bc_test_clk_register_of(test, ctx->clk, core), 0);
	KUNIT_ASSERT_EQ(test, bc_test_clk_register_of(test, actx->boot, boot), 0);

	return 0;
}

/* A clock the bootloader left on is held until the device's driver probes. */
static void bc_test_auto_on_held(struct kunit *test)
{
	struct bc_test_auto_ctx *actx = test->priv;
	struct bc_test_ctx *ctx = &actx->ctx;
	struct clk *other;

	other = clk_hw_get_clk_kunit(test, &actx->boot->hw, "other");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, other);

	bc_test_add_auto_clk(test, ctx->dev, "boot");
	KUNIT_ASSERT_EQ(test, clk_prepare_enable(other), 0);
	clk_disable_unprepare(other);

	KUNIT_EXPECT_FALSE(test, bc_test_log_has(ctx->log, "boot:off"));
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(actx->boot), 1);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_APPLIED), 1);

	boot_constraints_remove(ctx->dev);
	KUNIT_EXPECT_TRUE(test, bc_test_log_ends_with(ctx->log, "boot:off boot:unprepare"));
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_auto_pm_disable, pm_runtime_disable,
			    struct device *);
KUNIT_DEFINE_ACTION_WRAPPER(bc_test_auto_del_provider, of_clk_del_provider,
			    struct device_node *);

/*
 * Registers "rpm", on, as the clock of its node, provided by a device with
 * runtime PM, suspended, and nothing to do to resume it; returns the device.
 */
static struct device *bc_test_auto_rpm_provider(struct kunit *test,
						struct bc_test_clk **rpm)
{
	struct bc_test_ctx *ctx = test->priv;
	struct clk_init_data init = { };
	struct platform_device *pdev;
	struct device_node *np;

	pdev = bc_test_pdev_add(test, "bc-test-auto-rpm");
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	pm_runtime_no_callbacks(&pdev->dev);
	pm_runtime_enable(&pdev->dev);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, bc_test_auto_pm_disable,
							&pdev->dev), 0);

	*rpm = bc_test_clk_alloc(test, ctx->log, "rpm", true);
	KUNIT_ASSERT_NOT_NULL(test, *rpm);
	bc_test_clk_init_hw(*rpm, &init, &bc_test_clk_ops);
	KUNIT_ASSERT_EQ(test, clk_hw_register_kunit(test, &pdev->dev, &(*rpm)->hw), 0);

	np = bc_test_of_node(test, "/bc-test-auto-rpm-clock");
	KUNIT_ASSERT_EQ(test, of_clk_add_hw_provider(np, of_clk_hw_simple_get,
						     &(*rpm)->hw), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, bc_test_auto_del_provider,
							np), 0);

	return &pdev->dev;
}

/*
 * A clock left on by a clock controller with runtime PM, suspended while
 * nothing is prepared (a display's, in its power domain), is held: the
 * hold keeps the controller resumed until the release.
 */
static void bc_test_auto_rpm_held(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_clk *rpm;
	struct device *provider;

	provider = bc_test_auto_rpm_provider(test, &rpm);
	KUNIT_ASSERT_TRUE(test, pm_runtime_suspended(provider));

	bc_test_add_auto_clk(test, ctx->dev, "rpm");

	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_APPLIED), 1);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(rpm), 1);
	KUNIT_EXPECT_TRUE(test, pm_runtime_active(provider));

	boot_constraints_remove(ctx->dev);
	KUNIT_EXPECT_TRUE(test, bc_test_log_ends_with(ctx->log, "rpm:off rpm:unprepare"));
	KUNIT_EXPECT_TRUE(test, pm_runtime_suspended(provider));
}

/* A clock that is off is left off, and its constraint freed at once. */
static void bc_test_auto_off_forgotten(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	unsigned int off = bc_auto_off();

	bc_test_add_auto_clk(test, ctx->dev, "core");

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "");
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk), 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
	KUNIT_EXPECT_EQ(test, bc_auto_off(), off + 1);
}

/*
 * A table's constraint added while the automatic one holds the clock takes
 * over: one constraint holds it, and it never goes off in between.
 */
static void bc_test_auto_yields_to_table(struct kunit *test)
{
	struct bc_test_auto_ctx *actx = test->priv;
	struct bc_test_ctx *ctx = &actx->ctx;
	struct dev_boot_constraint_clk_info clk = { .name = "boot" };

	bc_test_add_auto_clk(test, ctx->dev, "boot");
	KUNIT_ASSERT_EQ(test, bc_count(ctx->dev, BC_APPLIED), 1);

	KUNIT_ASSERT_EQ(test, bc_test_add_dev(test, DEV_BOOT_CONSTRAINT_CLK, &clk, false), 0);

	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_APPLIED), 1);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_RELEASED), 1);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(actx->boot), 1);
	KUNIT_EXPECT_FALSE(test, bc_test_log_has(ctx->log, "boot:off"));
}

/* What a table holds for the device is not held a second time. */
static void bc_test_auto_after_table(struct kunit *test)
{
	struct bc_test_auto_ctx *actx = test->priv;
	struct bc_test_ctx *ctx = &actx->ctx;
	struct dev_boot_constraint_clk_info clk = { .name = "boot" };

	KUNIT_ASSERT_EQ(test, bc_test_add_dev(test, DEV_BOOT_CONSTRAINT_CLK, &clk, false), 0);
	bc_test_add_auto_clk(test, ctx->dev, "boot");

	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 1);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(actx->boot), 1);
}

/*
 * As the device is added, what its node names is tried once its provider is
 * there: "boot", on, is held; "core", off, is forgotten; "rpm", whose
 * provider is missing, waits; and what waits goes with the device.
 */
static void bc_test_auto_device_added(struct kunit *test)
{
	struct bc_test_auto_ctx *actx = test->priv;
	struct bc_test_ctx *ctx = &actx->ctx;
	unsigned int off = bc_auto_off();

	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, ctx->dev), 0);
	bc_auto_add_device(ctx->dev);
	bc_flush();

	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_APPLIED), 1);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(actx->boot), 1);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clk), 0);
	KUNIT_EXPECT_EQ(test, bc_auto_off(), off + 1);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_PENDING), 1);

	boot_constraints_remove(ctx->dev);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_PENDING), 0);
	KUNIT_EXPECT_TRUE(test, bc_test_log_ends_with(ctx->log, "boot:off boot:unprepare"));
}

/*
 * A clock whose provider never comes waits until its deadline and goes
 * then, its device unflagged; a device added past it gets nothing.
 */
static void bc_test_auto_unseen_expires(struct kunit *test)
{
	struct device *dev = bc_test_dev(test, "/bc-test-auto-bound-consumer");

	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, dev), 0);
	bc_auto_add_device(dev);
	bc_flush();
	KUNIT_ASSERT_EQ(test, bc_count(dev, BC_PENDING), 1);
	KUNIT_ASSERT_TRUE(test, dev_boot_constrained(dev));

	bc_test_pass_own_deadline(test);
	KUNIT_EXPECT_EQ(test, bc_count(dev, BC_PENDING), 0);
	KUNIT_EXPECT_FALSE(test, dev_boot_constrained(dev));

	bc_auto_add_device(dev);
	KUNIT_EXPECT_EQ(test, bc_count(dev, BC_PENDING), 0);
	KUNIT_EXPECT_FALSE(test, dev_boot_constrained(dev));
}

/*
 * A clock whose provider registers without a bind (from an initcall) is
 * found at its device's probe, and held from the probe's start as any.
 */
static void bc_test_auto_found_at_probe(struct kunit *test)
{
	struct bc_test_auto_ctx *actx = test->priv;
	struct bc_test_ctx *ctx = &actx->ctx;
	struct bc_test_clk *rpm;

	bc_auto_add_device(ctx->dev);
	bc_flush();
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_PENDING), 1);

	bc_test_auto_rpm_provider(test, &rpm);
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, ctx->dev), 0);
	bc_test_probe_start(ctx->dev);

	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_PENDING), 0);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_HANDED_OVER), 2);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(rpm), 1);

	bc_test_probe_end(ctx->dev, 0);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(rpm), 0);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(actx->boot), 0);
}

/*
 * A clock whose controller binds after the device is added is tried by the
 * controller's bind, before anything else may use the clock: held once
 * the bind returns, with no work item in between.
 */
static void bc_test_auto_found_at_bind(struct kunit *test)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_clk *bound;
	struct device *dev;

	dev = bc_test_dev(test, "/bc-test-auto-bound-consumer");
	bound = bc_test_clk_alloc(test, ctx->log, "bound", true);
	KUNIT_ASSERT_NOT_NULL(test, bound);

	bc_auto_add_device(dev);
	bc_flush();
	KUNIT_EXPECT_EQ(test, bc_count(dev, BC_PENDING), 1);

	KUNIT_ASSERT_EQ(test, bc_test_clk_driver_register(test, bound,
							  bc_test_auto_bound_match), 0);
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, dev), 0);

	KUNIT_EXPECT_EQ(test, bc_count(dev, BC_PENDING), 0);
	KUNIT_EXPECT_EQ(test, bc_count(dev, BC_APPLIED), 1);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(bound), 1);
}

/**
 * struct bc_test_auto_walk - What a walk of a node's list found.
 * @w: the walker.
 * @names: the names of the entries, in the order walked.
 * @lens: the length of each name.
 * @np: the node of each entry's provider.
 * @n: how many entries were walked.
 */
struct bc_test_auto_walk {
	struct bc_of_walker w;
	const char *names[4];
	size_t lens[4];
	struct device_node *np[4];
	unsigned int n;
};

static int bc_test_auto_walked(struct bc_of_walker *w,
			       const char *name, size_t len,
			       const struct bc_spec *spec)
{
	struct bc_test_auto_walk *walk =
		container_of(w, struct bc_test_auto_walk, w);

	if (walk->n == ARRAY_SIZE(walk->names))
		return -E2BIG;

	walk->names[walk->n] = name;
	walk->lens[walk->n] = len;
	walk->np[walk->n++] = spec->np;

	return 0;
}

/* Each entry of a node's clocks is walked with its own name and provider. */
static void bc_test_auto_walk_names(struct kunit *test)
{
	static const char * const names[] = { "core", "boot", "rpm" };
	static const char * const providers[] = {
		"/bc-test-auto-core-clock", "/bc-test-auto-boot-clock",
		"/bc-test-auto-rpm-clock",
	};
	const struct bc_type *bt;
	struct bc_test_auto_walk walk = { .w.fn = bc_test_auto_walked };
	struct bc_test_ctx *ctx = test->priv;
	unsigned int i;

	bt = bc_type(DEV_BOOT_CONSTRAINT_CLK);
	KUNIT_ASSERT_NOT_NULL(test, bt);
	KUNIT_ASSERT_EQ(test, bc_of_walk(ctx->dev->of_node, bt->names->of,
					 &walk.w), 0);

	KUNIT_ASSERT_EQ(test, walk.n, ARRAY_SIZE(names));
	for (i = 0; i < walk.n; i++) {
		KUNIT_EXPECT_STREQ(test, walk.names[i], names[i]);
		KUNIT_EXPECT_EQ(test, walk.lens[i], strlen(names[i]));
		KUNIT_EXPECT_PTR_EQ(test, walk.np[i],
				    bc_test_of_node(test, providers[i]));
	}
}

/* A supply is walked by its property's name, less the "-supply". */
static void bc_test_auto_walk_supplies(struct kunit *test)
{
	static const char * const names[] = { "vdd", "vio" };
	struct bc_test_auto_walk walk = { .w.fn = bc_test_auto_walked };
	const struct bc_type *bt = bc_type(DEV_BOOT_CONSTRAINT_SUPPLY);
	struct device_node *np;
	unsigned int i;

	if (!bt)
		kunit_skip(test, "supplies not built in");

	np = bc_test_of_node(test, "/bc-test-console");
	KUNIT_ASSERT_EQ(test, bc_of_walk(np, bt->names->of, &walk.w), 0);

	KUNIT_ASSERT_EQ(test, walk.n, ARRAY_SIZE(names));
	for (i = 0; i < walk.n; i++) {
		KUNIT_EXPECT_EQ(test, walk.lens[i], strlen(names[i]));
		KUNIT_EXPECT_STREQ(test, walk.names[i] + walk.lens[i],
				   "-supply");
		KUNIT_EXPECT_EQ(test, strncmp(walk.names[i], names[i],
					      walk.lens[i]), 0);
	}
}

/* Reverts and frees a changeset of the test's, at its end or at once. */
static void bc_test_auto_changeset_free(void *data)
{
	struct of_changeset *cs = data;

	of_changeset_revert(cs);
	of_changeset_destroy(cs);
}

/*
 * Adds a node under the root, as an overlay does: a platform device is made
 * for it. Its properties are set by @props; the test reverts it at its end.
 */
static struct of_changeset *
bc_test_auto_node_add(struct kunit *test, const char *name,
		      void (*props)(struct kunit *test, struct of_changeset *cs,
				    struct device_node *np))
{
	struct of_changeset *cs;
	struct device_node *np;
	int ret;

	cs = kunit_kzalloc(test, sizeof(*cs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, cs);
	of_changeset_init(cs);
	np = of_changeset_create_node(cs, of_root, name);
	KUNIT_ASSERT_NOT_NULL(test, np);
	props(test, cs, np);
	/* The changeset's reference is the node's last once it is reverted */
	of_node_put(np);
	KUNIT_ASSERT_EQ(test, of_changeset_apply(cs), 0);
	ret = kunit_add_action_or_reset(test, bc_test_auto_changeset_free, cs);
	KUNIT_ASSERT_EQ(test, ret, 0);

	return cs;
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_auto_put_device, put_device,
			    struct device *);

/* A phandle that no node of the tree has */
#define BC_TEST_GONE_PHANDLE	0xbc0de

static void bc_test_auto_gone_provider(struct kunit *test,
				       struct of_changeset *cs,
				       struct device_node *np)
{
	KUNIT_ASSERT_EQ(test, of_changeset_add_prop_u32(cs, np, "phandle",
							BC_TEST_GONE_PHANDLE), 0);
	KUNIT_ASSERT_EQ(test, of_changeset_add_prop_u32(cs, np, "#clock-cells",
							0), 0);
}

static void bc_test_auto_gone_consumer(struct kunit *test,
				       struct of_changeset *cs,
				       struct device_node *np)
{
	static const u32 clocks[] = {
		BC_TEST_GONE_PHANDLE, BC_TEST_GONE_PHANDLE,
	};
	static const char * const names[] = { "core", "bus" };
	int ret;

	ret = of_changeset_add_prop_string(cs, np, "compatible",
					   "bc-test,gone-consumer");
	KUNIT_ASSERT_EQ(test, ret, 0);
	ret = of_changeset_add_prop_u32_array(cs, np, "clocks", clocks,
					      ARRAY_SIZE(clocks));
	KUNIT_ASSERT_EQ(test, ret, 0);
	ret = of_changeset_add_prop_string_array(cs, np, "clock-names", names,
						 ARRAY_SIZE(names));
	KUNIT_ASSERT_EQ(test, ret, 0);
}

static const struct of_device_id bc_test_auto_gone_match[] = {
	{ .compatible = "bc-test,gone-consumer" },
	{}
};

/*
 * A clock provider's node that an overlay's removal takes away, while a
 * constraint and a record of its consumer wait for it: neither reads the
 * node once it is freed (KASAN would say so at the consumer's probe), the
 * record goes with the node, and the consumer probes as it would without
 * constraints.
 */
static void bc_test_auto_provider_gone(struct kunit *test)
{
	struct of_changeset *provider;
	struct platform_device *pdev;
	struct device_node *np;
	struct device *dev;
	int ret;

	np = of_find_node_by_phandle(BC_TEST_GONE_PHANDLE);
	of_node_put(np);
	KUNIT_ASSERT_NULL(test, np);

	provider = bc_test_auto_node_add(test, "bc-test-gone-clock",
					 bc_test_auto_gone_provider);
	/*
	 * A changeset attaches a node before it adds its properties: the OF
	 * core reads no phandle from them. The node is the test's.
	 */
	np = of_find_node_by_path("/bc-test-gone-clock");
	KUNIT_ASSERT_NOT_NULL(test, np);
	np->phandle = BC_TEST_GONE_PHANDLE;
	of_node_put(np);
	bc_test_auto_node_add(test, "bc-test-gone-consumer",
			      bc_test_auto_gone_consumer);
	np = of_find_node_by_path("/bc-test-gone-consumer");
	KUNIT_ASSERT_NOT_NULL(test, np);
	pdev = of_find_device_by_node(np);
	of_node_put(np);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	dev = &pdev->dev;
	/* The changeset's revert unregisters it: the test's end puts it */
	ret = kunit_add_action_or_reset(test, bc_test_auto_put_device, dev);
	KUNIT_ASSERT_EQ(test, ret, 0);

	/* "core" a constraint, "bus" a record: both wait for the provider */
	bc_test_add_auto_clk(test, dev, "core");
	bc_auto_add_device(dev);
	bc_flush();
	KUNIT_ASSERT_EQ(test, bc_count(dev, BC_PENDING), 2);

	kunit_release_action(test, bc_test_auto_changeset_free, provider);

	/* Nothing can show "bus" on any more; "core" waits on */
	KUNIT_EXPECT_EQ(test, bc_count(dev, BC_PENDING), 1);

	bc_test_driver_add(test, "bc-test-gone-consumer",
			   bc_test_auto_gone_match);
	wait_for_device_probe();
	KUNIT_EXPECT_TRUE(test, device_is_bound(dev));
	KUNIT_EXPECT_EQ(test, bc_test_count_held(dev), 0);
}

static struct kunit_case bc_test_auto_cases[] = {
	KUNIT_CASE(bc_test_auto_on_held),
	KUNIT_CASE(bc_test_auto_off_forgotten),
	KUNIT_CASE(bc_test_auto_rpm_held),
	KUNIT_CASE(bc_test_auto_yields_to_table),
	KUNIT_CASE(bc_test_auto_after_table),
	KUNIT_CASE(bc_test_auto_device_added),
	KUNIT_CASE(bc_test_auto_found_at_probe),
	KUNIT_CASE(bc_test_auto_found_at_bind),
	KUNIT_CASE(bc_test_auto_unseen_expires),
	KUNIT_CASE(bc_test_auto_provider_gone),
	KUNIT_CASE(bc_test_auto_walk_names),
	KUNIT_CASE(bc_test_auto_walk_supplies),
	{}
};

static struct kunit_suite bc_test_auto_suite = {
	.name = "boot_constraint_auto",
	.init = bc_test_auto_init,
	.test_cases = bc_test_auto_cases,
};

kunit_test_suite(bc_test_auto_suite);
