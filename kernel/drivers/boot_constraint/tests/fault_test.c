// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit fault-injection sweep of the boot constraint core.
 *
 * Each case adds constraints with the n-th memory allocation failing, for
 * n = 1, 2, ... until an add makes fewer than n allocations. The task's
 * fail-nth counter counts every allocation that failslab looks at: in the
 * core, and in the clock, regulator, genpd and driver core calls it makes.
 * After each failure the add has either failed with nothing held (clock,
 * regulator and domain as before, no constraint left in the core) or
 * absorbed the failure and holds all it was asked to; either way the
 * device then probes, sees its resources as they should be, and nothing
 * stays held after its probe.
 *
 * Page allocations are left out: the slab allocator refills from the page
 * allocator, and KASAN's stack depot allocates pages, at points that vary
 * from one add to the next, which would shift the n-th allocation of a
 * sweep between adds so that a site of the core could be skipped.
 *
 * failslab leaves sleeping allocations alone until told otherwise in
 * debugfs, which the guest does before it runs the suite again through
 * KUnit's debugfs (tests/guest/scenarios/fault-sweep.sh). Until then, at
 * boot, only the allocations that cannot sleep fail in turn.
 */

#include <linux/bitops.h>
#include <linux/device.h>
#include <linux/gfp.h>
#include <linux/of.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <kunit/of.h>
#include <kunit/resource.h>
#include <kunit/static_stub.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../kunit.h"
#include "../table.h"

/* The device of the overlay's "bc-test-pd-consumer", and of "bc-test-no-pd" */
#define BC_TEST_FAULT_DEV		"bc-test-pd-consumer"
#define BC_TEST_FAULT_LATE_DEV	"bc-test-no-pd"

/* Bound of a sweep: an add never makes this many allocations. */
#define BC_TEST_FAULT_MAX_NTH	1000

#define BC_TEST_FAULT_CLK		BIT(0)
#define BC_TEST_FAULT_SUPPLY		BIT(1)
#define BC_TEST_FAULT_PM		BIT(2)
#define BC_TEST_FAULT_ALL	(BC_TEST_FAULT_CLK | BC_TEST_FAULT_SUPPLY | \
				 BC_TEST_FAULT_PM)
/* What the late device's table holds: its clock and its supply. */
#define BC_TEST_FAULT_LATE	(BC_TEST_FAULT_CLK | BC_TEST_FAULT_SUPPLY)

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
 * @nth: which allocation of the core's add of a new device fails, 0 for
 *	none.
 * @hit: whether that allocation was reached.
 * @held_at_add: constraints of the new device once the core's add ran.
 * @armed: whether failslab fails what fail-nth picks.
 * @console_np: the node of the console table's sweep.
 * @table: the console table the last add made, or an error pointer.
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
	unsigned int nth;
	bool hit;
	unsigned int held_at_add;
	bool armed;
	struct device_node *console_np;
	struct bc_table *table;
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

/*
 * The driver core's hook for a device being added, with the n-th allocation
 * of the core's add failing for the late device when @nth.
 */
static void bc_test_fault_device_added(struct device *dev)
{
	struct kunit *test = kunit_get_current_test();
	struct bc_test_fault_ctx *ctx = test->priv;

	if (dev->of_node != ctx->late_np) {
		bc_of_device_added(dev);
		return;
	}

	WRITE_ONCE(current->fail_nth, ctx->nth);
	bc_of_device_added(dev);
	ctx->hit = ctx->nth && !READ_ONCE(current->fail_nth);
	WRITE_ONCE(current->fail_nth, 0);
	ctx->held_at_add = bc_test_count_held(dev);
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

	ctx = bc_test_priv_alloc(test, sizeof(*ctx));
	ctx->armed = bc_test_fault_armed_slab();
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

	ctx->late_np = bc_test_of_node(test, "/" BC_TEST_FAULT_LATE_DEV);
	ctx->console_np = bc_test_of_node(test, "/bc-test-console");

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

/* @drv probed once more than @probes times, and found what @held holds. */
static void bc_test_fault_expect_seen(struct kunit *test, struct bc_test_driver *drv,
				      unsigned int probes, unsigned int held,
				      unsigned int n)
{
	KUNIT_EXPECT_EQ_MSG(test, drv->probes, probes + 1, "n=%u", n);
	KUNIT_EXPECT_EQ_MSG(test, drv->seen_applied, hweight32(held), "n=%u", n);
	KUNIT_EXPECT_EQ_MSG(test, drv->seen_clk_enable_count,
			    !!(held & BC_TEST_FAULT_CLK), "n=%u", n);
	KUNIT_EXPECT_EQ_MSG(test, drv->seen_reg_enabled,
			    !!(held & BC_TEST_FAULT_SUPPLY), "n=%u", n);
	if (held & BC_TEST_FAULT_SUPPLY)
		KUNIT_EXPECT_EQ_MSG(test, drv->seen_reg_uv, BC_TEST_REG_BOOT_UV,
				    "n=%u", n);
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
	bc_test_fault_expect_seen(test, drv, probes, held, n);

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
 * Runs @add with the n-th allocation failing: returns whether the add
 * reached that allocation, and its result in *@ret.
 */
static bool bc_test_fault_nth(struct kunit *test, int (*add)(struct kunit *test),
			      unsigned int n, int *ret)
{
	bool hit;

	WRITE_ONCE(current->fail_nth, n);
	*ret = add(test);
	hit = !READ_ONCE(current->fail_nth);
	WRITE_ONCE(current->fail_nth, 0);

	return hit;
}

/**
 * struct bc_test_fault_param - A sweep: a case of bc_test_fault_sweep().
 *
 * @name: the name of the case, which the guest's
 *	tests/guest/scenarios/fault-sweep.sh reports.
 * @what: what the sweep adds, in its "fault-sweep:" lines.
 * @late: whether it adds the table of the late device, which the test
 *	creates (bc_test_fault_late_setup()).
 * @add: the add, with the n-th allocation failing.
 * @index: for bc_test_fault_add_one(), the constraint of ctx->infos.
 * @step: one add of the sweep and the checks of what it left: returns
 *	whether the n-th allocation was reached, and in *@failed whether the
 *	add failed.
 * @held: what an add holds, BC_TEST_FAULT_*.
 * @sites: allocation sites of the core on the way, each of which must fail
 *	an add.
 * @count_not_added: whether the failed adds are counted in a last line,
 *	which tests/guest/scenarios/fault-sweep.sh compares with the kernel
 *	log.
 */
struct bc_test_fault_param {
	const char *name;
	const char *what;
	bool late;
	int (*add)(struct kunit *test);
	unsigned int index;
	bool (*step)(struct kunit *test, unsigned int n, bool *failed);
	unsigned int held;
	unsigned int sites;
	bool count_not_added;
};

/* Adds the one constraint of ctx->infos that the sweep's parameter names. */
static int bc_test_fault_add_one(struct kunit *test)
{
	const struct bc_test_fault_param *p = test->param_value;
	struct bc_test_fault_ctx *ctx = test->priv;

	return dev_boot_constraint_add(ctx->dev, &ctx->infos[p->index]);
}

static int bc_test_fault_add_all(struct kunit *test)
{
	struct bc_test_fault_ctx *ctx = test->priv;

	return bc_add_all(ctx->dev, ctx->infos,
				       ARRAY_SIZE(ctx->infos), true);
}

static int bc_test_fault_add_of(struct kunit *test)
{
	struct bc_test_fault_ctx *ctx = test->priv;

	return dev_boot_constraint_add_deferrable_of(&ctx->of_all, 1);
}

static int bc_test_fault_add_late(struct kunit *test)
{
	struct bc_test_fault_ctx *ctx = test->priv;

	return dev_boot_constraint_add_deferrable_of(&ctx->of_late, 1);
}

/* Makes the console table in ctx->table; the step frees it. */
static int bc_test_fault_add_console(struct kunit *test)
{
	struct bc_test_fault_ctx *ctx = test->priv;

	ctx->table = bc_console_table(ctx->console_np);

	return PTR_ERR_OR_ZERO(ctx->table);
}

/*
 * The device holds what the add holds, or nothing if it failed, and then
 * probes finding that; an add that made fewer than n allocations succeeds.
 */
static bool bc_test_fault_step_dev(struct kunit *test, unsigned int n, bool *failed)
{
	const struct bc_test_fault_param *p = test->param_value;
	struct bc_test_fault_ctx *ctx = test->priv;
	unsigned int held;
	bool hit;
	int ret;

	hit = bc_test_fault_nth(test, p->add, n, &ret);
	if (!hit)
		KUNIT_EXPECT_EQ_MSG(test, ret, 0, "%s without failure", p->what);
	else if (ret)
		KUNIT_EXPECT_NE_MSG(test, ret, -EPROBE_DEFER, "n=%u", n);
	*failed = hit && ret;
	held = *failed ? 0 : p->held;
	bc_test_fault_expect_held(test, ctx->dev, held, n);
	bc_test_fault_probe(test, held, n);

	return hit;
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
 * The late device is created, with the n-th allocation of the core's add
 * failing when @nth: its driver probes at once, and finds its
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
	bc_test_fault_expect_seen(test, drv, probes, held, n);
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
					     bc_test_no_pd_match);
	KUNIT_ASSERT_NOT_NULL(test, ctx->late_drv);
	ctx->late_drv->clk = ctx->clk;
	ctx->late_drv->reg = ctx->reg;
	kunit_activate_static_stub(test, __boot_constraints_device_added,
				   bc_test_fault_device_added);

	/* The overlay's device goes: the test makes its own. */
	pdev = of_find_device_by_node(ctx->late_np);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	bc_test_fault_late_destroy(&pdev->dev);
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, ctx->late_drv), 0);
}

/*
 * The waiter of the late device's table (of.c) fails to be allocated: the
 * device, once created, probes without constraints.
 */
static bool bc_test_fault_step_waiter(struct kunit *test, unsigned int n, bool *failed)
{
	const struct bc_test_fault_param *p = test->param_value;
	bool hit;
	int ret;

	hit = bc_test_fault_nth(test, p->add, n, &ret);
	if (!hit)
		KUNIT_EXPECT_EQ(test, ret, 0);
	*failed = hit && ret;
	bc_test_fault_late_probe(test, 0, *failed ? 0 : p->held, n);

	return hit;
}

/*
 * The table's add succeeds; the n-th allocation of the core's add of the
 * late device fails as the device is created, and the device probes without
 * its constraints.
 */
static bool bc_test_fault_step_notify(struct kunit *test, unsigned int n, bool *failed)
{
	const struct bc_test_fault_param *p = test->param_value;
	struct bc_test_fault_ctx *ctx = test->priv;

	KUNIT_EXPECT_EQ_MSG(test, p->add(test), 0, "n=%u", n);
	*failed = bc_test_fault_late_probe(test, n, p->held, n);

	return ctx->hit;
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

/* A console table that was made is whole; one that was not leaves nothing. */
static bool bc_test_fault_step_console(struct kunit *test, unsigned int n, bool *failed)
{
	const struct bc_test_fault_param *p = test->param_value;
	struct bc_test_fault_ctx *ctx = test->priv;
	bool hit;
	int ret;

	hit = bc_test_fault_nth(test, p->add, n, &ret);
	if (!hit)
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ctx->table);
	*failed = ret;
	if (!ret) {
		bc_test_fault_expect_console(test, &ctx->table->oconst, n);
		bc_table_free(ctx->table);
	}

	return hit;
}

/* The sweeps; each names the allocations on its way, in order. */
static const struct bc_test_fault_param bc_test_fault_params[] = {
	/*
	 * A clock: the batch, the constraint with its name's copy, the
	 * device's entry (constraint.c, records.c); then clk_get(). An add of
	 * up to four constraints needs no array; the device's name is copied
	 * when its constraints end.
	 */
	{ .name = "bc_test_fault_clk", .what = "clk", .add = bc_test_fault_add_one,
	  .index = 0, .step = bc_test_fault_step_dev, .held = BC_TEST_FAULT_CLK,
	  .sites = 3 },
	/* A supply with a voltage range: as a clock, then regulator_get(). */
	{ .name = "bc_test_fault_supply", .what = "supply",
	  .add = bc_test_fault_add_one, .index = 1, .step = bc_test_fault_step_dev,
	  .held = BC_TEST_FAULT_SUPPLY, .sites = 3 },
	/*
	 * A power domain: as a clock, then the holder device and its name
	 * (pm.c), device_add() of the holder and genpd's data for it.
	 */
	{ .name = "bc_test_fault_pm", .what = "pm", .add = bc_test_fault_add_one,
	  .index = 2, .step = bc_test_fault_step_dev, .held = BC_TEST_FAULT_PM,
	  .sites = 5 },
	/* All three at once, deferrable: the batch, 3, 1, and 2 for pm. */
	{ .name = "bc_test_fault_all", .what = "clk+supply+pm",
	  .add = bc_test_fault_add_all, .step = bc_test_fault_step_dev,
	  .held = BC_TEST_FAULT_ALL, .sites = 7 },
	/*
	 * The DT table of a device that exists: as all three (of.c passes up
	 * to four constraints without an array).
	 */
	{ .name = "bc_test_fault_of", .what = "of", .add = bc_test_fault_add_of,
	  .step = bc_test_fault_step_dev, .held = BC_TEST_FAULT_ALL, .sites = 7 },
	/* The DT table of a device not created yet: the waiter (of.c). */
	{ .name = "bc_test_fault_of_waiter", .what = "of-waiter", .late = true,
	  .add = bc_test_fault_add_late, .step = bc_test_fault_step_waiter,
	  .held = BC_TEST_FAULT_LATE, .sites = 1 },
	/*
	 * That table's constraints added as the device is created, from the
	 * driver core's hook: the batch, the two constraints with their names'
	 * copies, the device's entry, then clk_get() and regulator_get(); the
	 * guest checks that each failure was logged once.
	 */
	{ .name = "bc_test_fault_of_notify", .what = "of-notify", .late = true,
	  .add = bc_test_fault_add_late, .step = bc_test_fault_step_notify,
	  .held = BC_TEST_FAULT_LATE, .sites = 4, .count_not_added = true },
	/*
	 * The table of a console node (console.c, table.c): the table, its two
	 * arrays, the copies of its two clock names, and the name of each of
	 * its two supplies and its copy; what a failure leaves is for kmemleak
	 * to find.
	 */
	{ .name = "bc_test_fault_console", .what = "console",
	  .add = bc_test_fault_add_console, .step = bc_test_fault_step_console,
	  .sites = 9 },
};

static void bc_test_fault_param_desc(const struct bc_test_fault_param *p,
				     char *desc)
{
	strscpy(desc, p->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(bc_test_fault, bc_test_fault_params, bc_test_fault_param_desc);

/*
 * Each sweep adds with the n-th allocation failing, n = 1, 2, ... until an
 * add makes fewer than n, and checks what each add left.
 */
static void bc_test_fault_sweep(struct kunit *test)
{
	const struct bc_test_fault_param *p = test->param_value;
	struct bc_test_fault_sweep sw = { .what = p->what };
	unsigned int n;
	bool failed;

	if (p->late)
		bc_test_fault_late_setup(test);

	for (n = 1; n < BC_TEST_FAULT_MAX_NTH && p->step(test, n, &failed); n++) {
		sw.nth++;
		if (failed)
			sw.failed++;
		else
			sw.absorbed++;
	}

	bc_test_fault_report(test, &sw, p->sites);
	if (p->count_not_added)
		kunit_info(test, "fault-sweep: %s: %u not added\n", p->what,
			   sw.failed);
}

static struct kunit_case bc_test_fault_cases[] = {
	KUNIT_CASE_PARAM_ATTR(bc_test_fault_sweep, bc_test_fault_gen_params,
			      { .speed = KUNIT_SPEED_SLOW }),
	{}
};

static struct kunit_suite bc_test_fault_suite = {
	.name = "boot_constraint_fault",
	.init = bc_test_fault_init,
	.test_cases = bc_test_fault_cases,
};

kunit_test_suite(bc_test_fault_suite);
