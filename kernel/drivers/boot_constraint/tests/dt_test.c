// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the boot constraints that the bootloader declares in the
 * device tree and the user gives with boot_constraints=: each declaration
 * holds exactly the resources it names, in the ranges it gives; each
 * malformed one is rejected, and leaves every resource as it was.
 */

#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/kthread.h>
#include <linux/of.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

#include <kunit/of.h>
#include <kunit/platform_device.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../core.h"
#include "../dt.h"
#include "../table.h"

#define BC_TEST_LCD	"/bc-dt-lcd"
#define BC_TEST_DT_DECLS	"/bc-dt-declarations"
#define BC_TEST_DT_DMA	"/bc-dt-dma"
#define BC_TEST_DT_UV	3300000

static BC_TEST_OF_MATCH(bc_test_dt_axi_match, "bc-test,dt-clock-axi");

static BC_TEST_OF_MATCH(bc_test_dt_pixel_match, "bc-test,dt-clock-pixel");

static BC_TEST_OF_MATCH(bc_test_dt_reg_match, "bc-test,dt-regulator");

static BC_TEST_OF_MATCH(bc_test_dt_pd_match, "bc-test,dt-power-controller");

/**
 * struct bc_test_dt_ctx - Context of a declaration test.
 *
 * @log: what the providers did.
 * @axi: the display's "axi" clock, off.
 * @pixel: its "pixel" clock, off.
 * @reg: its "vdd" supply, off.
 * @pd: its "core" power domain, on.
 * @dev: the display.
 */
struct bc_test_dt_ctx {
	struct bc_test_log *log;
	struct bc_test_clk *axi;
	struct bc_test_clk *pixel;
	struct bc_test_reg *reg;
	struct bc_test_pd *pd;
	struct device *dev;
};

/* The display and its providers; the regulator's driver if @reg_up. */
static int bc_test_dt_setup(struct kunit *test, bool reg_up)
{
	struct platform_device *pdev;
	struct bc_test_dt_ctx *ctx;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	test->priv = ctx;

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

	KUNIT_ASSERT_EQ(test, of_overlay_apply_kunit(test, dt_test), 0);
	KUNIT_ASSERT_EQ(test, bc_test_clk_driver_register(test, ctx->axi,
							  bc_test_dt_axi_match), 0);
	KUNIT_ASSERT_EQ(test, bc_test_clk_driver_register(test, ctx->pixel,
							  bc_test_dt_pixel_match), 0);
	if (reg_up)
		KUNIT_ASSERT_EQ(test, bc_test_reg_driver_register(test, ctx->reg,
								  bc_test_dt_reg_match), 0);
	KUNIT_ASSERT_EQ(test, bc_test_pd_driver_register(test, ctx->pd,
							 bc_test_dt_pd_match), 0);

	pdev = bc_test_of_pdev(test, BC_TEST_LCD);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	ctx->dev = &pdev->dev;

	return 0;
}

static int bc_test_dt_init(struct kunit *test)
{
	return bc_test_dt_setup(test, true);
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_dt_table_free, boot_constraint_table_free,
			    struct boot_constraint_table *);

/* Adds a table the test frees already to the display, released at its end. */
static int bc_test_dt_add_freed(struct kunit *test, struct boot_constraint_table *t)
{
	struct bc_test_dt_ctx *ctx = test->priv;
	int ret;

	ret = boot_constraint_table_add_to_device(t);
	if (!ret)
		KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, ctx->dev), 0);

	return ret;
}

/* Adds the table to the display, released and freed when the test ends. */
static int bc_test_dt_add(struct kunit *test, struct boot_constraint_table *t)
{
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, bc_test_dt_table_free, t), 0);

	return bc_test_dt_add_freed(test, t);
}

/* The child of @parent whose full name (unit address too) is @name. */
static struct device_node *bc_test_dt_child(struct device_node *parent,
					    const char *name)
{
	struct device_node *np;

	for_each_child_of_node(parent, np) {
		if (!strcmp(kbasename(np->full_name), name))
			return np;
	}

	return NULL;
}

static struct boot_constraint_table *bc_test_dt_read(struct kunit *test,
						     const char *decl)
{
	struct device_node *decls, *np;
	struct boot_constraint_table *t;

	decls = of_find_node_by_path(BC_TEST_DT_DECLS);
	KUNIT_ASSERT_NOT_NULL(test, decls);
	np = bc_test_dt_child(decls, decl);
	of_node_put(decls);
	KUNIT_ASSERT_NOT_NULL(test, np);

	t = boot_constraint_table_from_dt(np);
	of_node_put(np);

	return t;
}

static struct boot_constraint_table *bc_test_dt_read_spec(struct kunit *test,
							  const char *spec)
{
	return boot_constraint_table_from_spec(spec);
}

/* Nothing of the display is on but its domain, and nothing is held. */
static void bc_test_dt_expect_untouched(struct kunit *test)
{
	struct bc_test_dt_ctx *ctx = test->priv;

	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->axi), 0);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->pixel), 0);
	KUNIT_EXPECT_FALSE(test, ctx->reg->enabled);
	KUNIT_EXPECT_EQ(test, ctx->reg->uv, BC_TEST_REG_BOOT_UV);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
}

static void bc_test_dt_expect_holding(struct kunit *test, unsigned int count,
				      bool axi, int uv);

/*
 * The display's resources while the table @t of @count constraints is held:
 * the "pixel" clock, the supply at @uv and the domain always, the "axi"
 * clock if @axi.
 */
static void bc_test_dt_expect_held(struct kunit *test, struct boot_constraint_table *t,
				   unsigned int count, bool axi, int uv)
{
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
	KUNIT_EXPECT_EQ(test, boot_constraint_table_count(t), count);
	KUNIT_ASSERT_EQ(test, bc_test_dt_add(test, t), 0);
	bc_test_dt_expect_holding(test, count, axi, uv);
}

/* As bc_test_dt_expect_held(), once a table is added. */
static void bc_test_dt_expect_holding(struct kunit *test, unsigned int count,
				      bool axi, int uv)
{
	struct bc_test_dt_ctx *ctx = test->priv;

	KUNIT_EXPECT_EQ(test, boot_constraint_count(ctx->dev, BC_APPLIED), count);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->axi), axi);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->pixel), 1);
	KUNIT_EXPECT_TRUE(test, ctx->reg->enabled);
	KUNIT_EXPECT_EQ(test, ctx->reg->uv, uv);
	KUNIT_EXPECT_TRUE(test, ctx->pd->on);
}

/* A declaration naming no resource holds every one of the device. */
static void bc_test_dt_all(struct kunit *test)
{
	bc_test_dt_expect_held(test, bc_test_dt_read(test, "all"), 4, true,
			       BC_TEST_REG_BOOT_UV);
}

/*
 * A kind of resource that is listed is held only as listed, in its range;
 * the kinds that are not listed are held whole.
 */
static void bc_test_dt_named(struct kunit *test)
{
	bc_test_dt_expect_held(test, bc_test_dt_read(test, "named"), 3, false, BC_TEST_DT_UV);
}

/* The constraints of a declaration go once the device has probed. */
static void bc_test_dt_released(struct kunit *test)
{
	struct bc_test_dt_ctx *ctx = test->priv;

	bc_test_dt_expect_held(test, bc_test_dt_read(test, "all"), 4, true,
			       BC_TEST_REG_BOOT_UV);

	dev_boot_constraints_remove(ctx->dev);

	bc_test_dt_expect_untouched(test);
}

/**
 * struct bc_test_dt_bad - A malformed declaration and the error it gets.
 *
 * @decl: the declaration, a node of dt_test.dtso, or a boot_constraints=
 *	device. Every "bad-" node of tests/binding/malformed.dts, which the
 *	binding rejects, has its twin here.
 * @err: the error.
 */
struct bc_test_dt_bad {
	const char *decl;
	int err;
};

static const struct bc_test_dt_bad bc_test_dt_bad_decls[] = {
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
	/* Accepted before, against the binding */
	{ "device-two-phandles", -EINVAL },
	{ "device-extra-cells", -EINVAL },
	{ "device-disabled", -ENODEV },
	{ "device-two-cells", -EINVAL },
	{ "supplies-not-strings", -EINVAL },
	{ "device-empty", -EINVAL },
	{ "device-bytes", -EINVAL },
	{ "typo-holds-clocks", -EINVAL },
	{ "property-clocks", -EINVAL },
	{ "property-compatible", -EINVAL },
	{ "subnode", -EINVAL },
	{ "Bad_Name", -EINVAL },
	{ "unit-address@1", -EINVAL },
	{ "names-empty-string", -EINVAL },
	{ "names-unterminated", -EINVAL },
	{ "names-unprintable", -EINVAL },
	{ "names-with-space", -EINVAL },
	{ "rates-odd-bytes", -EINVAL },
	{ "rates-too-many", -EINVAL },
	{ "rates-without-clocks", -EINVAL },
	{ "microvolt-above-int-max", -EINVAL },
	{ "domains-not-strings", -EINVAL },
	{ "domain-with-range", -EINVAL },
	{ "device-without-resources", -ENOENT },
	{ "many-names", -EEXIST },
};

/* The case's name in the KTAP output: visible characters only. */
static void bc_test_dt_bad_desc(const struct bc_test_dt_bad *bad, char *desc)
{
	char *p;

	strscpy(desc, bad->decl[0] ? bad->decl : "(empty)", KUNIT_PARAM_DESC_SIZE);
	for (p = desc; *p; p++) {
		if (*p <= ' ' || *p > '~' || *p == '#')
			*p = '?';
	}
}

KUNIT_ARRAY_PARAM(bc_test_dt_bad_decls, bc_test_dt_bad_decls, bc_test_dt_bad_desc);

/* @t, read from a malformed declaration, is rejected, and holds nothing. */
static void bc_test_dt_expect_rejected(struct kunit *test,
				       struct boot_constraint_table *t, int err)
{
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(t), err);
	if (!IS_ERR(t))
		boot_constraint_table_free(t);

	bc_test_dt_expect_untouched(test);
}

/* A malformed declaration is rejected whole: nothing of it is held. */
static void bc_test_dt_malformed(struct kunit *test)
{
	const struct bc_test_dt_bad *bad = test->param_value;

	bc_test_dt_expect_rejected(test, bc_test_dt_read(test, bad->decl), bad->err);
}

/*
 * A well-formed declaration whose voltage the regulator cannot give is
 * refused when it is added, and holds nothing either.
 */
static void bc_test_dt_impossible_voltage(struct kunit *test)
{
	struct boot_constraint_table *t;

	t = bc_test_dt_read_spec(test, BC_TEST_LCD ":clk=pixel:supply=vdd@5000000-5000000");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
	KUNIT_EXPECT_LT(test, bc_test_dt_add(test, t), 0);

	bc_test_dt_expect_untouched(test);
}

/* boot_constraints=PATH:... holds what it names, like a declaration. */
static void bc_test_dt_spec(struct kunit *test)
{
	const char *spec = BC_TEST_LCD ":clk=pixel:supply=vdd@3300000-3300000";

	bc_test_dt_expect_held(test, bc_test_dt_read_spec(test, spec), 3, false,
			       BC_TEST_DT_UV);
}

/* boot_constraints=PATH alone holds every resource of the node. */
static void bc_test_dt_spec_all(struct kunit *test)
{
	bc_test_dt_expect_held(test, bc_test_dt_read_spec(test, BC_TEST_LCD), 4, true,
			       BC_TEST_REG_BOOT_UV);
}

static const struct bc_test_dt_bad bc_test_dt_bad_specs[] = {
	{ "/bc-dt-no-such-node", -ENOENT },
	{ BC_TEST_LCD ":gpio=reset", -EINVAL },
	{ BC_TEST_LCD ":supply=vdd@3300000", -EINVAL },
	{ BC_TEST_LCD ":supply=vdd@low-high", -EINVAL },
	{ BC_TEST_LCD ":supply=vdd@3300000-1800000", -EINVAL },
	{ BC_TEST_LCD ":clk=core", -ENOENT },
	{ BC_TEST_LCD ":supply", -EINVAL },
	{ BC_TEST_LCD ":pd=core@1-2", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel:clk=pixel", -EEXIST },
	/* Accepted before, or rejected for another reason */
	{ BC_TEST_LCD ":clk:clk=axi", -EEXIST },
	{ BC_TEST_LCD ":clk=axi:clk", -EEXIST },
	{ BC_TEST_LCD ":pd:pd=core", -EEXIST },
	{ "/bc-dt-lcd-off", -ENODEV },
	/* Hostile: empty parts, separators, numbers, characters, lengths */
	{ "/", -ENOENT },
	{ "//", -EINVAL },
	{ "/bc-dt-lcd/", -EINVAL },
	{ "//bc-dt-lcd", -EINVAL },
	{ "/bc-dt-lcd//", -EINVAL },
	{ "", -EINVAL },
	{ "bc-dt-lcd", -EINVAL },
	{ BC_TEST_LCD ":", -EINVAL },
	{ BC_TEST_LCD "::clk=pixel", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel:", -EINVAL },
	{ BC_TEST_LCD ":clk=", -EINVAL },
	{ BC_TEST_LCD ":clk=@1-2", -EINVAL },
	{ BC_TEST_LCD ":=pixel", -EINVAL },
	{ BC_TEST_LCD ":@1-2", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel@", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel@-", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel@1-", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel@-1", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel@1-2-3", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel@1-2@3", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel@@1-2", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel=axi", -EINVAL },
	{ BC_TEST_LCD ":clk==pixel", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel@+1-2", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel@1-+2", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel@0x10-0x20", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel@ 1-2", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel@1-2 ", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel@1-2\n", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel@4294967296-4294967296", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel@1-18446744073709551617", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel@99999999999999999999999999-99999999999999999999999999", -EINVAL },
	{ BC_TEST_LCD ":supply=vdd@2147483648-2147483648", -EINVAL },
	{ BC_TEST_LCD ":supply=vdd@0-3300000", -EINVAL },
	{ BC_TEST_LCD ":supply=vdd@3300000-0", -EINVAL },
	{ BC_TEST_LCD ":CLK=pixel", -EINVAL },
	{ BC_TEST_LCD ":clk =pixel", -EINVAL },
	{ BC_TEST_LCD ":clk=pix el", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel\x01", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel\xff", -EINVAL },
	{ BC_TEST_LCD ":clk=pixel:supply=vdd:pd=core:clk=axi:clk=pixel", -EEXIST },
	{ BC_TEST_LCD ":supply=vdd-supply", -ENOENT },
	{ BC_TEST_LCD ":supply=vd", -ENOENT },
	{ BC_TEST_LCD ":clk=pixe", -ENOENT },
	{ BC_TEST_LCD ":clk=pixel\\", -ENOENT },
	{ "/bc-dt-declarations", -ENOENT },
	{ "/bc-dt-declarations/all", -ENOENT },
	{ "/bc-dt-lcd@0", -ENOENT },
	{ "/bc-dt-lcd\x01", -EINVAL },
	{ "/ bc-dt-lcd", -EINVAL },
};

KUNIT_ARRAY_PARAM(bc_test_dt_bad_specs, bc_test_dt_bad_specs, bc_test_dt_bad_desc);

/* So is a malformed boot_constraints= device. */
static void bc_test_dt_spec_malformed(struct kunit *test)
{
	const struct bc_test_dt_bad *bad = test->param_value;

	bc_test_dt_expect_rejected(test, bc_test_dt_read_spec(test, bad->decl), bad->err);
}

/*
 * A spec as long as the command line allows, of a resource given again and
 * again, is rejected at its first repetition; one of a thousand unknown
 * kinds at the first.
 */
static void bc_test_dt_spec_huge(struct kunit *test)
{
	static const char * const items[] = { ":clk=pixel", ":bogus" };
	const size_t size = 4096;
	unsigned int i;
	char *spec;

	spec = kunit_kzalloc(test, size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, spec);

	for (i = 0; i < ARRAY_SIZE(items); i++) {
		strscpy(spec, BC_TEST_LCD, size);
		while (strlen(spec) + strlen(items[i]) < size)
			strcat(spec, items[i]);

		KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(boot_constraint_table_from_spec(spec)),
				i ? -EINVAL : -EEXIST);
		bc_test_dt_expect_untouched(test);
	}
}

/*
 * An unnamed clock or domain is the node's first, by its name: given
 * alone, it holds that one, the "axi" clock, and not the "pixel" one.
 */
static void bc_test_dt_spec_unnamed(struct kunit *test)
{
	struct bc_test_dt_ctx *ctx = test->priv;
	struct boot_constraint_table *t;

	t = bc_test_dt_read_spec(test, BC_TEST_LCD ":clk:pd");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
	KUNIT_EXPECT_EQ(test, boot_constraint_table_count(t), 3);
	KUNIT_ASSERT_EQ(test, bc_test_dt_add(test, t), 0);

	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->axi), 1);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->pixel), 0);
	KUNIT_EXPECT_TRUE(test, ctx->reg->enabled);
	KUNIT_EXPECT_EQ(test, boot_constraint_count(ctx->dev, BC_APPLIED), 3);
}

/* The table @t of the bus master, freed when the test ends, has @count. */
static void bc_test_dt_expect_dma(struct kunit *test,
				  struct boot_constraint_table *t,
				  unsigned int count)
{
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, bc_test_dt_table_free, t), 0);
	KUNIT_EXPECT_EQ(test, boot_constraint_table_count(t), count);
}

/* The description of @t's constraint on @type's resource @name, or NULL. */
static const void *
bc_test_dt_find(struct boot_constraint_table *t,
		enum dev_boot_constraint_type type, const char *name)
{
	unsigned int i;

	for (i = 0; i < boot_constraint_table_count(t); i++) {
		if (t->constraints[i].type == type && t->names[i] &&
		    !strcmp(t->names[i], name))
			return t->constraints[i].data;
	}

	return NULL;
}

/*
 * Interconnect paths and reset lines are declared as the other types are,
 * by the names the device's node gives them: a path with its average and
 * peak bandwidth, a reset line alone.
 */
static void bc_test_dt_expect_dma_bus(struct kunit *test,
				      struct boot_constraint_table *t)
{
	const struct dev_boot_constraint_icc_info *icc;

	bc_test_dt_expect_dma(test, t, 2);
	icc = bc_test_dt_find(t, DEV_BOOT_CONSTRAINT_ICC, "mem");
	KUNIT_ASSERT_NOT_NULL(test, icc);
	KUNIT_EXPECT_EQ(test, icc->avg_bw, 800000);
	KUNIT_EXPECT_EQ(test, icc->peak_bw, 1600000);
	KUNIT_EXPECT_NOT_NULL(test, bc_test_dt_find(t, DEV_BOOT_CONSTRAINT_RESET, "bus"));
	KUNIT_EXPECT_NULL(test, bc_test_dt_find(t, DEV_BOOT_CONSTRAINT_RESET, "core"));
}

/* The interconnect and reset types are built with their frameworks only. */
static void bc_test_dt_need_bus_types(struct kunit *test)
{
	if (!boot_constraint_type(DEV_BOOT_CONSTRAINT_ICC) ||
	    !boot_constraint_type(DEV_BOOT_CONSTRAINT_RESET))
		kunit_skip(test, "needs CONFIG_INTERCONNECT and CONFIG_RESET_CONTROLLER");
}

static void bc_test_dt_bus_types(struct kunit *test)
{
	bc_test_dt_need_bus_types(test);
	bc_test_dt_expect_dma_bus(test, bc_test_dt_read(test, "dma"));
	bc_test_dt_expect_dma_bus(test, bc_test_dt_read_spec(test, BC_TEST_DT_DMA
						   ":icc=mem@800000-1600000:reset=bus"));
}

/*
 * Of a type not listed, every reset line is held, but no interconnect path:
 * without a bandwidth a path would hold nothing.
 */
static void bc_test_dt_bus_types_unlisted(struct kunit *test)
{
	struct boot_constraint_table *t;

	bc_test_dt_need_bus_types(test);

	t = bc_test_dt_read(test, "dma-all");
	bc_test_dt_expect_dma(test, t, 2);
	KUNIT_EXPECT_NOT_NULL(test, bc_test_dt_find(t, DEV_BOOT_CONSTRAINT_RESET, "core"));
	KUNIT_EXPECT_NOT_NULL(test, bc_test_dt_find(t, DEV_BOOT_CONSTRAINT_RESET, "bus"));
	KUNIT_EXPECT_NULL(test, bc_test_dt_find(t, DEV_BOOT_CONSTRAINT_ICC, "mem"));

	bc_test_dt_expect_dma(test, bc_test_dt_read_spec(test, BC_TEST_DT_DMA), 2);
}

static const struct bc_test_dt_bad bc_test_dt_bad_bus[] = {
	{ BC_TEST_LCD ":icc", -ENOENT },
	{ BC_TEST_LCD ":reset", -ENOENT },
	{ "dma-no-bandwidth", -EINVAL },
	{ "dma-bandwidth-reversed", -EINVAL },
	{ "dma-reset-range", -EINVAL },
	{ BC_TEST_DT_DMA ":icc=mem", -EINVAL },
	{ BC_TEST_DT_DMA ":icc=mem@1600000-800000", -EINVAL },
	{ BC_TEST_DT_DMA ":icc=mem@0-0", -EINVAL },
	{ BC_TEST_DT_DMA ":icc=mem@1-4294967296", -EINVAL },
	{ BC_TEST_DT_DMA ":icc=gpu@1-2", -ENOENT },
	{ BC_TEST_DT_DMA ":icc=mem@1-2:icc=mem@3-4", -EEXIST },
	{ BC_TEST_DT_DMA ":reset=core@1-2", -EINVAL },
	{ BC_TEST_DT_DMA ":reset=phy", -ENOENT },
	{ BC_TEST_DT_DMA ":reset:reset=core", -EEXIST },
	{ BC_TEST_DT_DMA ":supply=vdd", -ENOENT },
};

KUNIT_ARRAY_PARAM(bc_test_dt_bad_bus, bc_test_dt_bad_bus, bc_test_dt_bad_desc);

/* A path without its bandwidth, a reset line with a range: rejected. */
static void bc_test_dt_bus_types_malformed(struct kunit *test)
{
	const struct bc_test_dt_bad *bad = test->param_value;
	struct boot_constraint_table *t;

	bc_test_dt_need_bus_types(test);
	t = bad->decl[0] == '/' ? bc_test_dt_read_spec(test, bad->decl) :
				  bc_test_dt_read(test, bad->decl);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(t), bad->err);
	if (!IS_ERR(t))
		boot_constraint_table_free(t);
}

/* A type whose framework is not built in is an unknown kind: rejected. */
static void bc_test_dt_type_not_built(struct kunit *test)
{
	if (boot_constraint_type(DEV_BOOT_CONSTRAINT_ICC))
		kunit_skip(test, "the interconnect type is built in");

	bc_test_dt_expect_rejected(test,
				   bc_test_dt_read_spec(test, BC_TEST_LCD ":icc=mem@1-2"),
				   -EINVAL);
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_dt_put_node, of_node_put, struct device_node *);

/*
 * Reads the declarations under @decls (a path, or NULL) and the specs into
 * a list that lives, as its tables, until the test ends.
 */
static struct list_head *bc_test_dt_read_all(struct kunit *test, const char *decls,
					     const char * const *specs,
					     unsigned int nr_specs)
{
	struct boot_constraint_table *t, *tmp;
	struct device_node *np = NULL;
	struct list_head *tables;

	tables = kunit_kzalloc(test, sizeof(*tables), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, tables);
	INIT_LIST_HEAD(tables);

	if (decls) {
		np = of_find_node_by_path(decls);
		KUNIT_ASSERT_NOT_NULL(test, np);
		KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, bc_test_dt_put_node, np), 0);
	}

	boot_constraint_tables_read(np, specs, nr_specs, tables);
	list_for_each_entry_safe(t, tmp, tables, node)
		KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, bc_test_dt_table_free, t), 0);

	return tables;
}

static struct boot_constraint_table *bc_test_dt_only(struct kunit *test,
						     struct list_head *tables)
{
	KUNIT_ASSERT_TRUE(test, list_is_singular(tables));

	return list_first_entry(tables, struct boot_constraint_table, node);
}

/* Two declarations of one device in the tree: both rejected. */
static void bc_test_dt_conflict_dt(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, list_empty(bc_test_dt_read_all(test, "/bc-dt-two-declarations",
							       NULL, 0)));
}

/* Two boot_constraints= for one device: both rejected. */
static void bc_test_dt_conflict_cmdline(struct kunit *test)
{
	static const char * const specs[] = {
		BC_TEST_LCD ":clk=pixel", BC_TEST_LCD ":clk=axi",
	};
	KUNIT_EXPECT_TRUE(test, list_empty(bc_test_dt_read_all(test, NULL, specs,
							       ARRAY_SIZE(specs))));
}

/*
 * The command line overrides the tree: the spec's table replaces the
 * declaration's; a disabled declaration is no declaration.
 */
static void bc_test_dt_cmdline_overrides_dt(struct kunit *test)
{
	static const char * const specs[] = { BC_TEST_LCD ":clk=pixel" };
	struct boot_constraint_table *t;

	t = bc_test_dt_only(test, bc_test_dt_read_all(test, "/bc-dt-one-declaration", NULL, 0));
	KUNIT_EXPECT_STREQ(test, t->origin, "/bc-dt-one-declaration/splash");

	t = bc_test_dt_only(test, bc_test_dt_read_all(test, "/bc-dt-one-declaration", specs, 1));
	KUNIT_EXPECT_STREQ(test, t->origin, "boot_constraints=" BC_TEST_LCD ":clk=pixel");
	KUNIT_ASSERT_EQ(test, bc_test_dt_add_freed(test, t), 0);
	bc_test_dt_expect_holding(test, 3, false, BC_TEST_REG_BOOT_UV);
}

/* A rejected spec overrides nothing: the tree's declaration stands. */
static void bc_test_dt_rejected_spec_overrides_nothing(struct kunit *test)
{
	static const char * const specs[] = {
		BC_TEST_LCD ":clk=pixel", BC_TEST_LCD ":supply=vdd", BC_TEST_LCD ":clk=nope",
	};
	struct list_head *tables;

	tables = bc_test_dt_read_all(test, "/bc-dt-one-declaration", specs,
				     ARRAY_SIZE(specs));
	KUNIT_EXPECT_STREQ(test, bc_test_dt_only(test, tables)->origin,
			   "/bc-dt-one-declaration/splash");
}

/* A property the binding does not allow on the declarations' node. */
static void bc_test_dt_bad_container(struct kunit *test)
{
	static const char * const specs[] = { BC_TEST_LCD ":clk=pixel" };
	struct list_head *tables;

	tables = bc_test_dt_read_all(test, "/bc-dt-bad-container", specs, 1);
	KUNIT_EXPECT_STREQ(test, bc_test_dt_only(test, tables)->origin,
			   "boot_constraints=" BC_TEST_LCD ":clk=pixel");
}

/**
 * struct bc_test_dt_populate - A parent adding its child in its probe, while its
 *	own constraints are being added.
 *
 * @in_probe: the parent's probe has started.
 * @adding: the adder of the parent's constraints is about to add them.
 * @added: it has returned.
 * @table: the parent's constraints.
 * @ret: what their add returned.
 */
struct bc_test_dt_populate {
	struct completion in_probe;
	bool adding;
	struct completion added;
	struct boot_constraint_table *table;
	int ret;
};

static struct bc_test_dt_populate *bc_test_dt_populate;

/*
 * Holds device_lock(parent) from the start of its probe, waits for the
 * adder to start and gives it time to block on that lock, then adds the
 * child, whose constraints wait for it.
 */
static int bc_test_dt_parent_probe(struct platform_device *pdev)
{
	unsigned int i;

	complete(&bc_test_dt_populate->in_probe);
	for (i = 0; i < 250 && !READ_ONCE(bc_test_dt_populate->adding); i++)
		msleep(20);
	msleep(100);

	return devm_of_platform_populate(&pdev->dev);
}

static BC_TEST_OF_MATCH(bc_test_dt_parent_match, "bc-test,dt-parent");

static struct platform_driver bc_test_dt_parent_driver = {
	.probe = bc_test_dt_parent_probe,
	.driver = {
		.name = "bc-dt-parent",
		.of_match_table = bc_test_dt_parent_match,
	},
};

static int bc_test_dt_parent_adder(void *data)
{
	struct bc_test_dt_populate *p = data;

	wait_for_completion(&p->in_probe);
	WRITE_ONCE(p->adding, true);
	p->ret = boot_constraint_table_add_to_device(p->table);
	complete(&p->added);

	return 0;
}

/* A table of every clock of the node at @path, freed when the test ends. */
static struct boot_constraint_table *bc_test_dt_clocks_of(struct kunit *test,
							  const char *path)
{
	struct boot_constraint_table *t;
	struct device_node *np;

	np = of_find_node_by_path(path);
	KUNIT_ASSERT_NOT_NULL(test, np);
	t = boot_constraint_table_alloc(np, path);
	of_node_put(np);
	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, bc_test_dt_table_free, t), 0);
	KUNIT_ASSERT_EQ(test, boot_constraint_table_add_unlisted(t, ~BIT(DEV_BOOT_CONSTRAINT_CLK)),
			0);

	return t;
}

/*
 * Constraints added to a parent while its probe adds a child with
 * constraints waiting for it: the adder blocks on device_lock(parent) (and
 * is refused once the parent is bound), the child's device gets its own
 * constraints. Before issue 12 (bug 12) the adder held bc_of_lock while it
 * waited for device_lock(parent), and the child's addition waited for
 * bc_of_lock under device_lock(parent): a deadlock, the boot hung here.
 */
static void bc_test_dt_parent_populates(struct kunit *test)
{
	struct bc_test_dt_ctx *ctx = test->priv;
	struct platform_device *child;
	struct boot_constraint_table *t;
	struct device_node *np;
	struct bc_test_dt_populate p;
	struct task_struct *adder;

	init_completion(&p.in_probe);
	p.adding = false;
	init_completion(&p.added);
	p.table = bc_test_dt_clocks_of(test, "/bc-dt-parent");
	t = bc_test_dt_clocks_of(test, "/bc-dt-parent/bc-dt-child");
	KUNIT_ASSERT_EQ(test, boot_constraint_table_add_to_device(t), 0);

	bc_test_dt_populate = &p;
	adder = kthread_run(bc_test_dt_parent_adder, &p, "bc-dt-adder");
	KUNIT_ASSERT_FALSE(test, IS_ERR(adder));
	KUNIT_EXPECT_EQ(test, kunit_platform_driver_register(test, &bc_test_dt_parent_driver), 0);
	KUNIT_ASSERT_TRUE(test, wait_for_completion_timeout(&p.added, 10 * HZ));

	KUNIT_EXPECT_EQ(test, p.ret, -EBUSY);
	/* The child's constraints, found by the bus notifier, apply from a work item */
	boot_constraint_flush();
	np = of_find_node_by_path("/bc-dt-parent/bc-dt-child");
	child = of_find_device_by_node(np);
	of_node_put(np);
	KUNIT_ASSERT_NOT_NULL(test, child);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(&child->dev), 1);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->pixel), 1);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->axi), 0);
	put_device(&child->dev);
}

static struct kunit_case bc_test_dt_cases[] = {
	KUNIT_CASE(bc_test_dt_all),
	KUNIT_CASE(bc_test_dt_named),
	KUNIT_CASE(bc_test_dt_released),
	KUNIT_CASE_PARAM(bc_test_dt_malformed, bc_test_dt_bad_decls_gen_params),
	KUNIT_CASE(bc_test_dt_impossible_voltage),
	KUNIT_CASE(bc_test_dt_spec),
	KUNIT_CASE(bc_test_dt_spec_all),
	KUNIT_CASE_PARAM(bc_test_dt_spec_malformed, bc_test_dt_bad_specs_gen_params),
	KUNIT_CASE(bc_test_dt_spec_huge),
	KUNIT_CASE(bc_test_dt_spec_unnamed),
	KUNIT_CASE(bc_test_dt_bus_types),
	KUNIT_CASE(bc_test_dt_bus_types_unlisted),
	KUNIT_CASE_PARAM(bc_test_dt_bus_types_malformed, bc_test_dt_bad_bus_gen_params),
	KUNIT_CASE(bc_test_dt_type_not_built),
	KUNIT_CASE(bc_test_dt_conflict_dt),
	KUNIT_CASE(bc_test_dt_conflict_cmdline),
	KUNIT_CASE(bc_test_dt_cmdline_overrides_dt),
	KUNIT_CASE(bc_test_dt_rejected_spec_overrides_nothing),
	KUNIT_CASE(bc_test_dt_bad_container),
	KUNIT_CASE(bc_test_dt_parent_populates),
	{ }
};

static struct kunit_suite bc_test_dt_suite = {
	.name = "boot_constraint_dt",
	.init = bc_test_dt_init,
	.test_cases = bc_test_dt_cases,
};

static int bc_test_dt_order_test_init(struct kunit *test)
{
	return bc_test_dt_setup(test, false);
}

#define BC_TEST_DT_5V	BC_TEST_LCD ":clk=pixel:supply=vdd@5000000-5000000"

/*
 * The regulator is up when the declaration is added, and cannot give 5 V:
 * the declaration is rejected whole, nothing of it held.
 */
static void bc_test_dt_order_test_provider_first(struct kunit *test)
{
	struct bc_test_dt_ctx *ctx = test->priv;
	struct boot_constraint_table *t;

	KUNIT_ASSERT_EQ(test, bc_test_reg_driver_register(test, ctx->reg,
							  bc_test_dt_reg_match), 0);

	t = bc_test_dt_read_spec(test, BC_TEST_DT_5V);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
	KUNIT_EXPECT_LT(test, bc_test_dt_add(test, t), 0);

	bc_test_dt_expect_untouched(test);
}

/*
 * The same declaration, added before the regulator probes: its clock and
 * domain are held while the supply waits; when the regulator comes and
 * cannot give 5 V, the declaration is dropped whole, as if the regulator
 * had been there first. Before issue 16 the supply failed alone and the
 * clock and the domain stayed held.
 */
static void bc_test_dt_order_test_provider_late(struct kunit *test)
{
	struct bc_test_dt_ctx *ctx = test->priv;
	struct boot_constraint_table *t;

	t = bc_test_dt_read_spec(test, BC_TEST_DT_5V);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
	KUNIT_ASSERT_EQ(test, bc_test_dt_add(test, t), 0);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->pixel), 1);
	KUNIT_EXPECT_EQ(test, boot_constraint_count(ctx->dev, BC_PENDING), 1);

	KUNIT_ASSERT_EQ(test, bc_test_reg_driver_register(test, ctx->reg,
							  bc_test_dt_reg_match), 0);

	bc_test_dt_expect_untouched(test);
}

static struct kunit_case bc_test_dt_order_test_cases[] = {
	KUNIT_CASE(bc_test_dt_order_test_provider_first),
	KUNIT_CASE(bc_test_dt_order_test_provider_late),
	{ }
};

static struct kunit_suite bc_test_dt_order_test_suite = {
	.name = "boot_constraint_dt_order",
	.init = bc_test_dt_order_test_init,
	.test_cases = bc_test_dt_order_test_cases,
};

kunit_test_suites(&bc_test_dt_suite, &bc_test_dt_order_test_suite);
