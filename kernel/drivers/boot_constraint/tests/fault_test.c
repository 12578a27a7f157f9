// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit fault-injection sweep of the boot constraint core.
 *
 * Each case adds constraints with the n-th memory allocation failing, for
 * n = 1, 2, ... until an add makes fewer than n allocations. The task's
 * fail-nth counter counts every allocation that failslab and
 * fail_page_alloc look at: in the core, and in the clock, regulator, genpd
 * and driver core calls it makes. After each failure the add has either
 * failed with nothing held (clock, regulator and domain as before, no
 * constraint left in the core) or absorbed the failure and holds all it
 * was asked to; either way the device then probes, sees its resources as
 * they should be, and nothing stays held after its probe.
 *
 * failslab and fail_page_alloc leave sleeping allocations alone until told
 * otherwise in debugfs, which the guest does before it runs the suite again
 * through KUnit's debugfs (tests/guest/scenarios/fault-sweep.sh). Until
 * then, at boot, only the allocations that cannot sleep fail in turn.
 */

#include <linux/bitops.h>
#include <linux/device.h>
#include <linux/gfp.h>
#include <linux/notifier.h>
#include <linux/of.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <kunit/of.h>
#include <kunit/resource.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../core.h"
#include "../table.h"

/* The device of the overlay's "bc-test-pd-consumer", and of "bc-test-no-pd" */
#define BC_TEST_FAULT_DEV		"bc-test-pd-consumer"
#define BC_TEST_FAULT_LATE_DEV	"bc-test-no-pd"

/* Bound of a sweep: an add never makes this many allocations. */
#define BC_TEST_FAULT_MAX_NTH	1000

#define BC_TEST_FAULT_CLK		BIT(0)
#define BC_TEST_FAULT_SUPPLY		BIT(1)
#define BC_TEST_FAULT_PM		BIT(2)

/**
 * struct bc_test_fault_ctx - Context of a fault-injection test.
 *
 * @log: what the providers and the drivers did.
 * @clk: clock "core" of both devices, off.
 * @reg: regulator "vdd" of both devices, off.
 * @pd: the domain of @dev, on.
 * @dev: the device of BC_TEST_FAULT_DEV, unbound between adds.
 * @drv: its driver, which records the resources it finds.
 * @late_np: the node of BC_TEST_FAULT_LATE_DEV, whose device the test creates.
 * @late_drv: the driver of that device.
 * @clk_info: clock constraint "core".
 * @supply_info: supply constraint "vdd", at its boot voltage.
 * @pm_info: power-domain constraint "core".
 * @infos: the three constraints.
 * @of_constraints: the same, for the DT tables.
 * @of_all: the table that constrains BC_TEST_FAULT_DEV with all three.
 * @of_late: the table that constrains BC_TEST_FAULT_LATE_DEV with the clock and
 *	the supply.
 * @nb_first: platform bus notifier run before the core's: arms @nth.
 * @nb_last: platform bus notifier run after the core's: disarms.
 * @nth: which allocation of the core's bus notifier fails, 0 for none.
 * @hit: whether that allocation was reached.
 * @held_at_add: constraints of the new device when its notifiers ran.
 * @armed: whether failslab and fail_page_alloc fail what fail-nth picks.
 */
struct bc_test_fault_ctx {
	struct bc_test_log *log;
	struct bc_test_clk *clk;
	struct bc_test_reg *reg;
	struct bc_test_pd *pd;
	struct device *dev;
	struct bc_test_driver *drv;
	struct device_node *late_np;
	struct bc_test_driver *late_drv;
	struct dev_boot_constraint_clk_info clk_info;
	struct dev_boot_constraint_supply_info supply_info;
	struct dev_boot_constraint_pm_info pm_info;
	struct dev_boot_constraint_info infos[3];
	struct dev_boot_constraint of_constraints[3];
	struct dev_boot_constraint_of of_all;
	struct dev_boot_constraint_of of_late;
	struct notifier_block nb_first;
	struct notifier_block nb_last;
	unsigned int nth;
	bool hit;
	unsigned int held_at_add;
	bool armed;
};

static const struct of_device_id bc_test_fault_late_match[] = {
	{ .compatible = "bc-test,kunit-no-pd" },
	{ }
};

/* Whether failslab fails a sleeping allocation that fail-nth picks. */
static bool bc_test_fault_armed_slab(void)
{
	void *p;

	WRITE_ONCE(current->fail_nth, 1);
	p = kmalloc(16, GFP_KERNEL);
	WRITE_ONCE(current->fail_nth, 0);
	kfree(p);

	return !p;
}

/* Whether fail_page_alloc fails a sleeping, order-0 one. */
static bool bc_test_fault_armed_page(void)
{
	struct page *page;

	WRITE_ONCE(current->fail_nth, 1);
	page = alloc_page(GFP_KERNEL);
	WRITE_ONCE(current->fail_nth, 0);
	if (page)
		__free_page(page);

	return !page;
}

static struct bc_test_fault_ctx *bc_test_fault_nb_ctx(struct notifier_block *nb,
						      bool first)
{
	return first ? container_of(nb, struct bc_test_fault_ctx, nb_first) :
		       container_of(nb, struct bc_test_fault_ctx, nb_last);
}

static int bc_test_fault_nb_first(struct notifier_block *nb, unsigned long action,
				  void *data)
{
	struct bc_test_fault_ctx *ctx = bc_test_fault_nb_ctx(nb, true);
	struct device *dev = data;

	if (action == BUS_NOTIFY_ADD_DEVICE && dev->of_node == ctx->late_np &&
	    ctx->nth)
		WRITE_ONCE(current->fail_nth, ctx->nth);

	return NOTIFY_DONE;
}

static int bc_test_fault_nb_last(struct notifier_block *nb, unsigned long action,
				 void *data)
{
	struct bc_test_fault_ctx *ctx = bc_test_fault_nb_ctx(nb, false);
	struct device *dev = data;

	if (action != BUS_NOTIFY_ADD_DEVICE || dev->of_node != ctx->late_np)
		return NOTIFY_DONE;

	ctx->hit = ctx->nth && !READ_ONCE(current->fail_nth);
	WRITE_ONCE(current->fail_nth, 0);
	ctx->held_at_add = bc_test_count_held(dev);

	return NOTIFY_DONE;
}

static void bc_test_fault_unregister_notifier(void *nb)
{
	bus_unregister_notifier(&platform_bus_type, nb);
}

/* The notifiers that arm fail-nth around the core's, for the late device. */
static int bc_test_fault_register_notifiers(struct kunit *test)
{
	struct bc_test_fault_ctx *ctx = test->priv;
	int ret;

	ctx->nb_first.notifier_call = bc_test_fault_nb_first;
	ctx->nb_first.priority = INT_MAX;
	ret = bus_register_notifier(&platform_bus_type, &ctx->nb_first);
	if (ret)
		return ret;
	ret = kunit_add_action_or_reset(test, bc_test_fault_unregister_notifier,
					&ctx->nb_first);
	if (ret)
		return ret;

	ctx->nb_last.notifier_call = bc_test_fault_nb_last;
	ctx->nb_last.priority = INT_MIN;
	ret = bus_register_notifier(&platform_bus_type, &ctx->nb_last);
	if (ret)
		return ret;

	return kunit_add_action_or_reset(test, bc_test_fault_unregister_notifier,
					 &ctx->nb_last);
}

static void bc_test_fault_init_constraints(struct kunit *test)
{
	struct bc_test_fault_ctx *ctx = test->priv;
	unsigned int i;

	/* Not in .rodata: kstrdup_const() has to copy them. */
	ctx->clk_info.name = kunit_kstrdup(test, "core", GFP_KERNEL);
	ctx->supply_info.name = kunit_kstrdup(test, "vdd", GFP_KERNEL);
	ctx->pm_info.name = kunit_kstrdup(test, "core", GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx->clk_info.name);
	KUNIT_ASSERT_NOT_NULL(test, ctx->supply_info.name);
	KUNIT_ASSERT_NOT_NULL(test, ctx->pm_info.name);
	ctx->supply_info.u_volt_min = BC_TEST_REG_BOOT_UV;
	ctx->supply_info.u_volt_max = BC_TEST_REG_BOOT_UV;

	ctx->of_constraints[0].type = DEV_BOOT_CONSTRAINT_CLK;
	ctx->of_constraints[0].data = &ctx->clk_info;
	ctx->of_constraints[1].type = DEV_BOOT_CONSTRAINT_SUPPLY;
	ctx->of_constraints[1].data = &ctx->supply_info;
	ctx->of_constraints[2].type = DEV_BOOT_CONSTRAINT_PM;
	ctx->of_constraints[2].data = &ctx->pm_info;
	for (i = 0; i < ARRAY_SIZE(ctx->infos); i++)
		ctx->infos[i].constraint = ctx->of_constraints[i];

	ctx->of_all.compat = "bc-test,kunit-pd-consumer";
	ctx->of_all.constraints = ctx->of_constraints;
	ctx->of_all.count = 3;
	ctx->of_late.compat = "bc-test,kunit-no-pd";
	ctx->of_late.constraints = ctx->of_constraints;
	ctx->of_late.count = 2;
}

static int bc_test_fault_init(struct kunit *test)
{
	struct platform_device *pdev;
	struct bc_test_fault_ctx *ctx;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	test->priv = ctx;
	ctx->armed = bc_test_fault_armed_slab() && bc_test_fault_armed_page();
	bc_test_fault_init_constraints(test);

	ctx->log = bc_test_log_alloc(test);
	KUNIT_ASSERT_NOT_NULL(test, ctx->log);

	ctx->clk = bc_test_clk_alloc(test, ctx->log, "clk", false);
	KUNIT_ASSERT_NOT_NULL(test, ctx->clk);
	KUNIT_ASSERT_EQ(test, bc_test_clk_register(test, ctx->clk), 0);
	KUNIT_ASSERT_EQ(test, bc_test_clk_add_lookup(test, ctx->clk, "core",
						     BC_TEST_FAULT_DEV), 0);
	KUNIT_ASSERT_EQ(test, bc_test_clk_add_lookup(test, ctx->clk, "core",
						     BC_TEST_FAULT_LATE_DEV), 0);

	ctx->reg = bc_test_reg_alloc(test, ctx->log, false, BC_TEST_REG_BOOT_UV);
	KUNIT_ASSERT_NOT_NULL(test, ctx->reg);
	bc_test_reg_add_consumer(ctx->reg, BC_TEST_FAULT_DEV);
	bc_test_reg_add_consumer(ctx->reg, BC_TEST_FAULT_LATE_DEV);
	KUNIT_ASSERT_EQ(test, bc_test_reg_register(test, ctx->reg), 0);

	ctx->pd = bc_test_pd_alloc(test, ctx->log);
	KUNIT_ASSERT_NOT_NULL(test, ctx->pd);
	KUNIT_ASSERT_EQ(test, bc_test_apply_overlay(test), 0);
	KUNIT_ASSERT_EQ(test, bc_test_pd_driver_register(test, ctx->pd,
							 bc_test_pd_match), 0);

	pdev = bc_test_of_pdev(test, "/" BC_TEST_FAULT_DEV);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	ctx->dev = &pdev->dev;

	/* Bound at once, without constraints: unbound until a test binds it. */
	ctx->drv = bc_test_driver_alloc(test, ctx->log, "bc-fault-consumer",
					bc_test_pd_consumer_match);
	KUNIT_ASSERT_NOT_NULL(test, ctx->drv);
	ctx->drv->clk = ctx->clk;
	ctx->drv->reg = ctx->reg;
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, ctx->drv), 0);
	KUNIT_ASSERT_TRUE(test, device_is_bound(ctx->dev));
	device_release_driver(ctx->dev);
	KUNIT_ASSERT_FALSE(test, device_is_bound(ctx->dev));

	ctx->late_np = of_find_node_by_path("/" BC_TEST_FAULT_LATE_DEV);
	KUNIT_ASSERT_NOT_NULL(test, ctx->late_np);
	of_node_put_kunit(test, ctx->late_np);

	return 0;
}

/* What the add of a case holds: @held of BC_TEST_FAULT_*, or nothing. */
static void bc_test_fault_expect_held(struct kunit *test, struct device *dev,
				      unsigned int held, unsigned int n)
{
	struct bc_test_fault_ctx *ctx = test->priv;

	KUNIT_EXPECT_EQ_MSG(test, bc_test_count_held(dev), hweight32(held),
			    "n=%u", n);
	KUNIT_EXPECT_EQ_MSG(test, bc_test_clk_enable_count(ctx->clk),
			    !!(held & BC_TEST_FAULT_CLK), "n=%u", n);
	KUNIT_EXPECT_EQ_MSG(test, ctx->reg->enabled, !!(held & BC_TEST_FAULT_SUPPLY),
			    "n=%u", n);
	KUNIT_EXPECT_EQ_MSG(test, ctx->pd->genpd.device_count,
			    !!(held & BC_TEST_FAULT_PM), "n=%u", n);
}

/* Every enable of the clock has its disable: the log of its operations. */
static void bc_test_fault_expect_balanced(struct kunit *test, unsigned int n)
{
	struct bc_test_fault_ctx *ctx = test->priv;

	KUNIT_EXPECT_EQ_MSG(test, ctx->clk->enables, ctx->clk->disables,
			    "n=%u", n);
	KUNIT_EXPECT_EQ_MSG(test, ctx->clk->prepares, ctx->clk->unprepares,
			    "n=%u", n);
	KUNIT_EXPECT_FALSE_MSG(test, ctx->clk->enabled, "n=%u", n);
	KUNIT_EXPECT_FALSE_MSG(test, ctx->reg->enabled, "n=%u", n);
}

/*
 * The device probes, finding what its constraints hold, and nothing is
 * held once it has probed; then it is unbound for the next add.
 */
static void bc_test_fault_probe(struct kunit *test, unsigned int held,
				unsigned int n)
{
	struct bc_test_fault_ctx *ctx = test->priv;
	struct bc_test_driver *drv = ctx->drv;
	unsigned int probes = drv->probes;

	KUNIT_EXPECT_EQ_MSG(test, device_attach(ctx->dev), 1, "n=%u", n);
	KUNIT_EXPECT_EQ_MSG(test, drv->probes, probes + 1, "n=%u", n);
	KUNIT_EXPECT_EQ_MSG(test, drv->seen_applied, hweight32(held), "n=%u", n);
	KUNIT_EXPECT_EQ_MSG(test, drv->seen_clk_enable_count,
			    !!(held & BC_TEST_FAULT_CLK), "n=%u", n);
	KUNIT_EXPECT_EQ_MSG(test, drv->seen_reg_enabled,
			    !!(held & BC_TEST_FAULT_SUPPLY), "n=%u", n);
	if (held & BC_TEST_FAULT_SUPPLY)
		KUNIT_EXPECT_EQ_MSG(test, drv->seen_reg_uv, BC_TEST_REG_BOOT_UV,
				    "n=%u", n);

	device_release_driver(ctx->dev);
	bc_test_fault_expect_held(test, ctx->dev, 0, n);
	bc_test_fault_expect_balanced(test, n);
}

/**
 * struct bc_test_fault_sweep - Counts of a sweep.
 *
 * @what: what the sweep adds.
 * @nth: allocations that failed in turn.
 * @failed: adds that failed.
 * @absorbed: adds that succeeded although an allocation failed.
 */
struct bc_test_fault_sweep {
	const char *what;
	unsigned int nth;
	unsigned int failed;
	unsigned int absorbed;
};

/*
 * Armed, each of the @sites allocation sites of the core on the way must
 * have failed an add. Not armed, only the allocations that cannot sleep
 * may have failed.
 */
static void bc_test_fault_report(struct kunit *test, const struct bc_test_fault_sweep *sw,
				 unsigned int sites)
{
	struct bc_test_fault_ctx *ctx = test->priv;

	kunit_info(test, "fault-sweep: %s: %s: %u allocations failed in turn: %u adds failed, %u absorbed the failure; %u sites of the core listed\n",
		   sw->what, ctx->armed ? "armed" : "not armed", sw->nth,
		   sw->failed, sw->absorbed, sites);
	KUNIT_EXPECT_LT_MSG(test, sw->nth, BC_TEST_FAULT_MAX_NTH,
			    "%s: the sweep did not end", sw->what);
	if (ctx->armed)
		KUNIT_EXPECT_GE_MSG(test, sw->failed, sites,
				    "%s: fewer failed adds than allocation sites",
				    sw->what);
}

/*
 * Adds with @add, the n-th allocation failing, n = 1, 2, ... until an add
 * needs fewer; @held is what an add holds, @sites the number of allocation
 * sites of the core on the way, each of which must fail an add.
 */
static void bc_test_fault_sweep(struct kunit *test, const char *what,
				int (*add)(struct kunit *test), unsigned int held,
				unsigned int sites)
{
	struct bc_test_fault_ctx *ctx = test->priv;
	struct bc_test_fault_sweep sw = { .what = what };
	unsigned int n;
	bool hit;
	int ret;

	for (n = 1; n < BC_TEST_FAULT_MAX_NTH; n++) {
		WRITE_ONCE(current->fail_nth, n);
		ret = add(test);
		hit = !READ_ONCE(current->fail_nth);
		WRITE_ONCE(current->fail_nth, 0);
		if (!hit)
			break;

		sw.nth++;
		if (ret) {
			sw.failed++;
			KUNIT_EXPECT_NE_MSG(test, ret, -EPROBE_DEFER, "n=%u", n);
		} else {
			sw.absorbed++;
		}
		bc_test_fault_expect_held(test, ctx->dev, ret ? 0 : held, n);
		bc_test_fault_probe(test, ret ? 0 : held, n);
	}

	/* The add that made fewer than n allocations. */
	KUNIT_EXPECT_EQ_MSG(test, ret, 0, "%s without failure", what);
	bc_test_fault_expect_held(test, ctx->dev, held, n);
	bc_test_fault_probe(test, held, n);
	bc_test_fault_report(test, &sw, sites);
}

static int bc_test_fault_add_clk(struct kunit *test)
{
	struct bc_test_fault_ctx *ctx = test->priv;

	return dev_boot_constraint_add(ctx->dev, &ctx->infos[0]);
}

static int bc_test_fault_add_supply(struct kunit *test)
{
	struct bc_test_fault_ctx *ctx = test->priv;

	return dev_boot_constraint_add(ctx->dev, &ctx->infos[1]);
}

static int bc_test_fault_add_pm(struct kunit *test)
{
	struct bc_test_fault_ctx *ctx = test->priv;

	return dev_boot_constraint_add(ctx->dev, &ctx->infos[2]);
}

static int bc_test_fault_add_all(struct kunit *test)
{
	struct bc_test_fault_ctx *ctx = test->priv;

	return boot_constraint_add_all(ctx->dev, ctx->infos,
				       ARRAY_SIZE(ctx->infos), true);
}

static int bc_test_fault_add_of(struct kunit *test)
{
	struct bc_test_fault_ctx *ctx = test->priv;

	return dev_boot_constraint_add_deferrable_of(&ctx->of_all, 1);
}

/*
 * A clock: the batch array, the constraint and its name; the device's
 * entry and its name (core.c, clk.c); then clk_get().
 */
static void bc_test_fault_clk(struct kunit *test)
{
	bc_test_fault_sweep(test, "clk", bc_test_fault_add_clk, BC_TEST_FAULT_CLK, 5);
}

/* A supply with a voltage range: as a clock, then regulator_get(). */
static void bc_test_fault_supply(struct kunit *test)
{
	bc_test_fault_sweep(test, "supply", bc_test_fault_add_supply, BC_TEST_FAULT_SUPPLY, 5);
}

/*
 * A power domain: as a clock, then the holder device and its name (pm.c),
 * device_add() of the holder and genpd's data for it.
 */
static void bc_test_fault_pm(struct kunit *test)
{
	bc_test_fault_sweep(test, "pm", bc_test_fault_add_pm, BC_TEST_FAULT_PM, 7);
}

/* All three at once, deferrable: the batch array, 3 x 2, 2, and 2 for pm. */
static void bc_test_fault_all(struct kunit *test)
{
	bc_test_fault_sweep(test, "clk+supply+pm", bc_test_fault_add_all,
			    BC_TEST_FAULT_CLK | BC_TEST_FAULT_SUPPLY | BC_TEST_FAULT_PM, 11);
}

/* The DT table of a device that exists: its info array (of.c), then as above. */
static void bc_test_fault_of(struct kunit *test)
{
	bc_test_fault_sweep(test, "of", bc_test_fault_add_of,
			    BC_TEST_FAULT_CLK | BC_TEST_FAULT_SUPPLY | BC_TEST_FAULT_PM, 12);
}

/* Creates the late device; returns it, with a reference, or NULL. */
static struct device *bc_test_fault_late_create(struct kunit *test)
{
	struct bc_test_fault_ctx *ctx = test->priv;
	struct platform_device *pdev;

	pdev = of_platform_device_create(ctx->late_np, NULL, NULL);
	if (!pdev)
		return NULL;

	return get_device(&pdev->dev);
}

static void bc_test_fault_late_destroy(struct device *dev)
{
	of_platform_device_destroy(dev, NULL);
	put_device(dev);
}

/*
 * The late device is created, with the n-th allocation of the core's bus
 * notifier failing when @nth: its driver probes at once, and finds its
 * constraints held unless the add failed. Returns whether it failed.
 */
static bool bc_test_fault_late_probe(struct kunit *test, unsigned int nth,
				     unsigned int held, unsigned int n)
{
	struct bc_test_fault_ctx *ctx = test->priv;
	struct bc_test_driver *drv = ctx->late_drv;
	unsigned int probes = drv->probes;
	struct device *dev;
	bool failed;

	ctx->nth = nth;
	ctx->hit = false;
	dev = bc_test_fault_late_create(test);
	ctx->nth = 0;
	KUNIT_EXPECT_NOT_NULL_MSG(test, dev, "n=%u", n);
	if (!dev)
		return false;

	failed = ctx->hit && !ctx->held_at_add;
	if (failed) {
		kunit_info(test, "fault-sweep: of-notify n=%u: not added\n", n);
		held = 0;
	}
	KUNIT_EXPECT_EQ_MSG(test, ctx->held_at_add, hweight32(held), "n=%u", n);
	KUNIT_EXPECT_EQ_MSG(test, drv->probes, probes + 1, "n=%u", n);
	KUNIT_EXPECT_EQ_MSG(test, drv->seen_applied, hweight32(held), "n=%u", n);
	KUNIT_EXPECT_EQ_MSG(test, drv->seen_clk_enable_count,
			    !!(held & BC_TEST_FAULT_CLK), "n=%u", n);
	KUNIT_EXPECT_EQ_MSG(test, drv->seen_reg_enabled,
			    !!(held & BC_TEST_FAULT_SUPPLY), "n=%u", n);
	bc_test_fault_expect_held(test, dev, 0, n);
	bc_test_fault_expect_balanced(test, n);

	bc_test_fault_late_destroy(dev);

	return failed;
}

static void bc_test_fault_late_setup(struct kunit *test)
{
	struct bc_test_fault_ctx *ctx = test->priv;
	struct platform_device *pdev;

	ctx->late_drv = bc_test_driver_alloc(test, ctx->log, "bc-fault-late",
					     bc_test_fault_late_match);
	KUNIT_ASSERT_NOT_NULL(test, ctx->late_drv);
	ctx->late_drv->clk = ctx->clk;
	ctx->late_drv->reg = ctx->reg;
	KUNIT_ASSERT_EQ(test, bc_test_fault_register_notifiers(test), 0);

	/* The overlay's device goes: the test makes its own. */
	pdev = of_find_device_by_node(ctx->late_np);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	bc_test_fault_late_destroy(&pdev->dev);
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, ctx->late_drv), 0);
}

/*
 * The DT table of a device not created yet: the waiter (of.c) fails to be
 * allocated, and the device, once created, probes without constraints.
 */
static void bc_test_fault_of_waiter(struct kunit *test)
{
	struct bc_test_fault_ctx *ctx = test->priv;
	struct bc_test_fault_sweep sw = { .what = "of-waiter" };
	const unsigned int held = BC_TEST_FAULT_CLK | BC_TEST_FAULT_SUPPLY;
	unsigned int n;
	bool hit;
	int ret;

	bc_test_fault_late_setup(test);

	for (n = 1; n < BC_TEST_FAULT_MAX_NTH; n++) {
		WRITE_ONCE(current->fail_nth, n);
		ret = dev_boot_constraint_add_deferrable_of(&ctx->of_late, 1);
		hit = !READ_ONCE(current->fail_nth);
		WRITE_ONCE(current->fail_nth, 0);
		if (!hit)
			break;

		sw.nth++;
		if (ret)
			sw.failed++;
		else
			sw.absorbed++;
		bc_test_fault_late_probe(test, 0, ret ? 0 : held, n);
	}

	KUNIT_EXPECT_EQ(test, ret, 0);
	bc_test_fault_late_probe(test, 0, held, n);
	bc_test_fault_report(test, &sw, 1);
}

/*
 * The constraints of the DT table are added as the device is created, in
 * the core's bus notifier, with the n-th allocation failing: the info
 * array (of.c), the batch array, the two constraints and their names, the
 * device's entry and its name, then clk_get() and regulator_get(). The
 * device probes without them, and the guest checks that each failure was
 * logged once.
 */
static void bc_test_fault_of_notify(struct kunit *test)
{
	struct bc_test_fault_ctx *ctx = test->priv;
	struct bc_test_fault_sweep sw = { .what = "of-notify" };
	const unsigned int held = BC_TEST_FAULT_CLK | BC_TEST_FAULT_SUPPLY;
	unsigned int n;
	bool failed;
	int ret;

	bc_test_fault_late_setup(test);

	for (n = 1; n < BC_TEST_FAULT_MAX_NTH; n++) {
		ret = dev_boot_constraint_add_deferrable_of(&ctx->of_late, 1);
		KUNIT_EXPECT_EQ_MSG(test, ret, 0, "n=%u", n);
		failed = bc_test_fault_late_probe(test, n, held, n);
		if (!ctx->hit)
			break;

		sw.nth++;
		if (failed)
			sw.failed++;
		else
			sw.absorbed++;
	}

	bc_test_fault_report(test, &sw, 8);
	kunit_info(test, "fault-sweep: of-notify: %u not added\n", sw.failed);
}

/* The table of the node's two clocks, its domain and its two supplies. */
static void bc_test_fault_expect_console(struct kunit *test,
					 const struct dev_boot_constraint_of *oconst,
					 unsigned int n)
{
	const struct dev_boot_constraint_supply_info *supply;
	unsigned int i, clks = 0, pms = 0, supplies = 0;

	KUNIT_ASSERT_EQ_MSG(test, oconst->count, 5, "n=%u", n);
	for (i = 0; i < oconst->count; i++) {
		switch (oconst->constraints[i].type) {
		case DEV_BOOT_CONSTRAINT_CLK:
			clks++;
			break;
		case DEV_BOOT_CONSTRAINT_PM:
			pms++;
			break;
		case DEV_BOOT_CONSTRAINT_SUPPLY:
			supply = oconst->constraints[i].data;
			KUNIT_EXPECT_TRUE_MSG(test, !strcmp(supply->name, "vdd") ||
					      !strcmp(supply->name, "vio"),
					      "n=%u: supply %s", n, supply->name);
			supplies++;
			break;
		default:
			KUNIT_FAIL(test, "n=%u: a %d constraint in a console table",
				   n, oconst->constraints[i].type);
			break;
		}
	}
	KUNIT_EXPECT_EQ_MSG(test, clks, 2, "n=%u", n);
	KUNIT_EXPECT_EQ_MSG(test, pms, 1, "n=%u", n);
	KUNIT_EXPECT_EQ_MSG(test, supplies, 2, "n=%u", n);
}

/*
 * The table of the constraints of a console node (console.c, table.c): the
 * table, its two arrays, the copies of its two clock names, and the name of
 * each of its two supplies and its copy. What a failure leaves is for
 * kmemleak to find.
 */
static void bc_test_fault_console(struct kunit *test)
{
	struct bc_test_fault_sweep sw = { .what = "console" };
	struct boot_constraint_table *t;
	struct device_node *np;
	unsigned int n;
	bool hit;

	np = of_find_node_by_path("/bc-test-console");
	KUNIT_ASSERT_NOT_NULL(test, np);
	of_node_put_kunit(test, np);

	for (n = 1; n < BC_TEST_FAULT_MAX_NTH; n++) {
		WRITE_ONCE(current->fail_nth, n);
		t = boot_constraint_console_table(np);
		hit = !READ_ONCE(current->fail_nth);
		WRITE_ONCE(current->fail_nth, 0);
		if (!hit)
			break;

		sw.nth++;
		if (IS_ERR(t)) {
			sw.failed++;
			continue;
		}
		sw.absorbed++;
		bc_test_fault_expect_console(test, &t->oconst, n);
		boot_constraint_table_free(t);
	}

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
	bc_test_fault_expect_console(test, &t->oconst, n);
	boot_constraint_table_free(t);
	bc_test_fault_report(test, &sw, 9);
}

static struct kunit_case bc_test_fault_cases[] = {
	KUNIT_CASE_SLOW(bc_test_fault_clk),
	KUNIT_CASE_SLOW(bc_test_fault_supply),
	KUNIT_CASE_SLOW(bc_test_fault_pm),
	KUNIT_CASE_SLOW(bc_test_fault_all),
	KUNIT_CASE_SLOW(bc_test_fault_of),
	KUNIT_CASE_SLOW(bc_test_fault_of_waiter),
	KUNIT_CASE_SLOW(bc_test_fault_of_notify),
	KUNIT_CASE(bc_test_fault_console),
	{}
};

static struct kunit_suite bc_test_fault_suite = {
	.name = "boot_constraint_fault",
	.init = bc_test_fault_init,
	.test_cases = bc_test_fault_cases,
};

kunit_test_suite(bc_test_fault_suite);
