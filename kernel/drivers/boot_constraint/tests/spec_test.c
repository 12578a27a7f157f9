// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the boot constraints given with boot_constraints=: each
 * spec holds exactly the resources it names, in the ranges it gives; each
 * malformed one is rejected whole, and leaves every resource as it was.
 */

#include <linux/err.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <kunit/test.h>

#include "kunit_decls.h"
#include "../kunit.h"
#include "../spec.h"
#include "../table.h"

/* boot_constraints=PATH:... holds what it names, like a declaration. */
static void bc_test_spec_holds(struct kunit *test)
{
	const char *spec = BC_TEST_LCD ":clk=pixel:supply=vdd@3300000-3300000";

	bc_test_dt_expect_held(test, bc_table_from_spec(spec), 3, false,
			       BC_TEST_DT_UV);
}

/* boot_constraints=PATH alone holds every resource of the node. */
static void bc_test_spec_all(struct kunit *test)
{
	bc_test_dt_expect_held(test, bc_table_from_spec(BC_TEST_LCD), 4, true,
			       BC_TEST_REG_BOOT_UV);
}

static const struct bc_test_dt_bad bc_test_spec_bad[] = {
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

KUNIT_ARRAY_PARAM(bc_test_spec_bad, bc_test_spec_bad, bc_test_dt_bad_desc);

/* So is a malformed boot_constraints= device. */
static void bc_test_spec_malformed(struct kunit *test)
{
	const struct bc_test_dt_bad *bad = test->param_value;

	bc_test_dt_expect_rejected(test, bc_table_from_spec(bad->decl), bad->err);
}

/*
 * A spec as long as the command line allows, of a resource given again and
 * again, is rejected at its first repetition; one of a thousand unknown
 * kinds at the first.
 */
static void bc_test_spec_huge(struct kunit *test)
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

		KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(bc_table_from_spec(spec)),
				i ? -EINVAL : -EEXIST);
		bc_test_dt_expect_untouched(test);
	}
}

/*
 * An unnamed clock or domain is the node's first, by its name: given
 * alone, it holds that one, the "axi" clock, and not the "pixel" one.
 */
static void bc_test_spec_unnamed(struct kunit *test)
{
	struct bc_test_dt_ctx *ctx = test->priv;
	struct bc_table *t;

	t = bc_table_from_spec(BC_TEST_LCD ":clk:pd");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
	KUNIT_EXPECT_EQ(test, bc_table_count(t), 3);
	KUNIT_ASSERT_EQ(test, bc_test_dt_add(test, t), 0);

	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->axi), 1);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->pixel), 0);
	KUNIT_EXPECT_TRUE(test, ctx->reg->enabled);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_APPLIED), 3);
}

static int bc_test_spec_order_init(struct kunit *test)
{
	return bc_test_dt_setup(test, false);
}

#define BC_TEST_SPEC_5V	BC_TEST_LCD ":clk=pixel:supply=vdd@5000000-5000000"

/*
 * The regulator is up when the spec is added, and cannot give 5 V: the
 * spec, well-formed, is refused whole when it is added, nothing of it held.
 */
static void bc_test_spec_order_provider_first(struct kunit *test)
{
	struct bc_table *t;

	bc_test_dt_reg_up(test);

	t = bc_table_from_spec(BC_TEST_SPEC_5V);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
	KUNIT_EXPECT_LT(test, bc_test_dt_add(test, t), 0);

	bc_test_dt_expect_untouched(test);
}

/*
 * The same spec, added before the regulator probes: its clock and
 * domain are held while the supply waits; when the regulator comes and
 * cannot give 5 V, the spec is dropped whole, as if the regulator
 * had been there first, not the supply alone with the clock and the
 * domain left held.
 */
static void bc_test_spec_order_provider_late(struct kunit *test)
{
	struct bc_test_dt_ctx *ctx = test->priv;
	struct bc_table *t;

	t = bc_table_from_spec(BC_TEST_SPEC_5V);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
	KUNIT_ASSERT_EQ(test, bc_test_dt_add(test, t), 0);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->pixel), 1);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->dev, BC_PENDING), 1);

	bc_test_dt_reg_up(test);

	bc_test_dt_expect_untouched(test);
}

static struct kunit_case bc_test_spec_cases[] = {
	KUNIT_CASE(bc_test_spec_holds),
	KUNIT_CASE(bc_test_spec_all),
	KUNIT_CASE(bc_test_spec_huge),
	KUNIT_CASE(bc_test_spec_unnamed),
	{ }
};

static struct kunit_suite bc_test_spec_suite = {
	.name = "bc_spec",
	.init = bc_test_dt_init,
	.test_cases = bc_test_spec_cases,
};

static struct kunit_case bc_test_spec_malformed_cases[] = {
	KUNIT_CASE_PARAM(bc_test_spec_malformed, bc_test_spec_bad_gen_params),
	{ }
};

static struct kunit_suite bc_test_spec_malformed_suite = {
	.name = "boot_constraint_spec_malformed",
	.suite_init = bc_test_dt_suite_init,
	.suite_exit = bc_test_dt_suite_exit,
	.init = bc_test_dt_init_applied,
	.test_cases = bc_test_spec_malformed_cases,
};

static struct kunit_case bc_test_spec_order_cases[] = {
	KUNIT_CASE(bc_test_spec_order_provider_first),
	KUNIT_CASE(bc_test_spec_order_provider_late),
	{ }
};

static struct kunit_suite bc_test_spec_order_suite = {
	.name = "boot_constraint_spec_order",
	.init = bc_test_spec_order_init,
	.test_cases = bc_test_spec_order_cases,
};

kunit_test_suites(&bc_test_spec_suite, &bc_test_spec_malformed_suite,
		  &bc_test_spec_order_suite);
