// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the boot constraints that the bootloader declares in the
 * device tree: each declaration holds exactly the resources it names, in
 * the ranges it gives; each malformed one is rejected, and leaves every
 * resource as it was.
 */

#include <linux/err.h>
#include <linux/of.h>

#include <kunit/test.h>

#include "kunit_decls.h"
#include "../dt.h"
#include "../kunit.h"
#include "../spec.h"
#include "../table.h"

#define BC_TEST_DT_DECLS	"/bc-dt-declarations"

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

static struct bc_table *bc_test_dt_read(struct kunit *test,
					const char *decl)
{
	struct device_node *np = bc_test_dt_child(bc_test_of_node(test, BC_TEST_DT_DECLS), decl);
	struct bc_table *t;

	KUNIT_ASSERT_NOT_NULL(test, np);

	t = bc_table_from_dt(np);
	of_node_put(np);

	return t;
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

	boot_constraints_remove(ctx->dev);

	bc_test_dt_expect_untouched(test);
}

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

KUNIT_ARRAY_PARAM(bc_test_dt_bad_decls, bc_test_dt_bad_decls, bc_test_dt_bad_desc);

/* A malformed declaration is rejected whole: nothing of it is held. */
static void bc_test_dt_malformed(struct kunit *test)
{
	const struct bc_test_dt_bad *bad = test->param_value;

	bc_test_dt_expect_rejected(test, bc_test_dt_read(test, bad->decl), bad->err);
}

/* The table @t of the bus master, freed when the test ends, has @count. */
static void bc_test_dt_expect_dma(struct kunit *test,
				  struct bc_table *t,
				  unsigned int count)
{
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
	KUNIT_ASSERT_EQ(test, bc_test_dt_free_at_exit(test, t), 0);
	KUNIT_EXPECT_EQ(test, bc_table_count(t), count);
}

/* The description of @t's constraint on @type's resource @name, or NULL. */
static const void *
bc_test_dt_find(struct bc_table *t,
		enum dev_boot_constraint_type type, const char *name)
{
	unsigned int i;

	for (i = 0; i < bc_table_count(t); i++) {
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
				      struct bc_table *t)
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
	if (!bc_type(DEV_BOOT_CONSTRAINT_ICC) ||
	    !bc_type(DEV_BOOT_CONSTRAINT_RESET))
		kunit_skip(test, "needs CONFIG_INTERCONNECT and CONFIG_RESET_CONTROLLER");
}

static void bc_test_dt_bus_types(struct kunit *test)
{
	bc_test_dt_need_bus_types(test);
	bc_test_dt_expect_dma_bus(test, bc_test_dt_read(test, "dma"));
	bc_test_dt_expect_dma_bus(test, bc_table_from_spec(BC_TEST_DT_DMA
						   ":icc=mem@800000-1600000:reset=bus"));
}

/*
 * Of a type not listed, every reset line is held, but no interconnect path:
 * without a bandwidth a path would hold nothing.
 */
static void bc_test_dt_bus_types_unlisted(struct kunit *test)
{
	struct bc_table *t;

	bc_test_dt_need_bus_types(test);

	t = bc_test_dt_read(test, "dma-all");
	bc_test_dt_expect_dma(test, t, 2);
	KUNIT_EXPECT_NOT_NULL(test, bc_test_dt_find(t, DEV_BOOT_CONSTRAINT_RESET, "core"));
	KUNIT_EXPECT_NOT_NULL(test, bc_test_dt_find(t, DEV_BOOT_CONSTRAINT_RESET, "bus"));
	KUNIT_EXPECT_NULL(test, bc_test_dt_find(t, DEV_BOOT_CONSTRAINT_ICC, "mem"));

	bc_test_dt_expect_dma(test, bc_table_from_spec(BC_TEST_DT_DMA), 2);
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
	struct bc_table *t;

	bc_test_dt_need_bus_types(test);
	t = bad->decl[0] == '/' ? bc_table_from_spec(bad->decl) :
				  bc_test_dt_read(test, bad->decl);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(t), bad->err);
	if (!IS_ERR(t))
		bc_table_free(t);
}

/* A type whose framework is not built in is an unknown kind: rejected. */
static void bc_test_dt_type_not_built(struct kunit *test)
{
	if (bc_type(DEV_BOOT_CONSTRAINT_ICC))
		kunit_skip(test, "the interconnect type is built in");

	bc_test_dt_expect_rejected(test,
				   bc_table_from_spec(BC_TEST_LCD ":icc=mem@1-2"),
				   -EINVAL);
}

static struct kunit_case bc_test_dt_cases[] = {
	KUNIT_CASE(bc_test_dt_all),
	KUNIT_CASE(bc_test_dt_named),
	KUNIT_CASE(bc_test_dt_released),
	KUNIT_CASE(bc_test_dt_bus_types),
	KUNIT_CASE(bc_test_dt_bus_types_unlisted),
	KUNIT_CASE(bc_test_dt_type_not_built),
	{ }
};

static struct kunit_suite bc_test_dt_suite = {
	.name = "boot_constraint_dt",
	.init = bc_test_dt_init,
	.test_cases = bc_test_dt_cases,
};

static struct kunit_case bc_test_dt_malformed_cases[] = {
	KUNIT_CASE_PARAM(bc_test_dt_malformed, bc_test_dt_bad_decls_gen_params),
	KUNIT_CASE_PARAM(bc_test_dt_bus_types_malformed, bc_test_dt_bad_bus_gen_params),
	{ }
};

static struct kunit_suite bc_test_dt_malformed_suite = {
	.name = "boot_constraint_dt_malformed",
	.suite_init = bc_test_dt_suite_init,
	.suite_exit = bc_test_dt_suite_exit,
	.init = bc_test_dt_init_applied,
	.test_cases = bc_test_dt_malformed_cases,
};

kunit_test_suites(&bc_test_dt_suite, &bc_test_dt_malformed_suite);
