// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the declarations of the tree and the command line read
 * together: one device has one declaration, the command line overrides the
 * tree; and of constraints added to a parent while its probe adds a child
 * with constraints of its own.
 */

#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/kref.h>
#include <linux/kthread.h>
#include <linux/of.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

#include <kunit/platform_device.h>
#include <kunit/resource.h>
#include <kunit/test.h>

#include "kunit_decls.h"
#include "../kunit.h"
#include "../table.h"

/*
 * Reads the declarations under @decls (a path, or NULL) and the specs into
 * a list that lives, as its tables, until the test ends.
 */
static struct list_head *bc_test_dt_read_all(struct kunit *test, const char *decls,
					     const char * const *specs,
					     unsigned int nr_specs)
{
	struct device_node *np = decls ? bc_test_of_node(test, decls) : NULL;
	struct bc_table *t, *tmp;
	struct list_head *tables;

	tables = kunit_kzalloc(test, sizeof(*tables), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, tables);
	INIT_LIST_HEAD(tables);

	bc_tables_read(np, specs, nr_specs, tables);
	list_for_each_entry_safe(t, tmp, tables, node)
		KUNIT_ASSERT_EQ(test, bc_test_dt_free_at_exit(test, t), 0);

	return tables;
}

static struct bc_table *bc_test_dt_only(struct kunit *test,
					struct list_head *tables)
{
	KUNIT_ASSERT_TRUE(test, list_is_singular(tables));

	return list_first_entry(tables, struct bc_table, node);
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
	struct bc_table *t;

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
 * @test: the test.
 * @in_probe: the parent's probe has started.
 * @adding: the adder of the parent's constraints is about to add them.
 * @added: it has returned.
 * @table: the parent's constraints.
 * @ret: what their add returned.
 */
struct bc_test_dt_populate {
	struct kunit *test;
	struct completion in_probe;
	bool adding;
	struct completion added;
	struct bc_table *table;
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

	bc_test_thread_join(p->test);
	wait_for_completion(&p->in_probe);
	WRITE_ONCE(p->adding, true);
	p->ret = bc_table_add_to_device(p->table);
	complete(&p->added);

	return 0;
}

/* A table of every clock of the node at @path, freed when the test ends. */
static struct bc_table *bc_test_dt_clocks_of(struct kunit *test,
					     const char *path)
{
	struct bc_table *t;

	t = bc_table_alloc(bc_test_of_node(test, path), path);
	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_EQ(test, bc_test_dt_free_at_exit(test, t), 0);
	KUNIT_ASSERT_EQ(test, bc_table_add_unlisted(t, ~BIT(DEV_BOOT_CONSTRAINT_CLK)),
			0);

	return t;
}

/*
 * Constraints added to a parent while its probe adds a child with
 * constraints waiting for it: the adder blocks on device_lock(parent) (and
 * is refused once the parent is bound), the child's device gets its own
 * constraints. An adder that held a lock of the core while it waited for
 * device_lock(parent), which the child's addition takes under
 * device_lock(parent), would deadlock: the boot would hang here.
 */
static void bc_test_dt_parent_populates(struct kunit *test)
{
	struct bc_test_dt_ctx *ctx = test->priv;
	struct platform_device *child;
	struct bc_table *t;
	struct bc_test_dt_populate p;
	struct task_struct *adder;

	p.test = test;
	init_completion(&p.in_probe);
	p.adding = false;
	init_completion(&p.added);
	p.table = bc_test_dt_clocks_of(test, "/bc-dt-parent");
	t = bc_test_dt_clocks_of(test, "/bc-dt-parent/bc-dt-child");
	KUNIT_ASSERT_EQ(test, bc_table_add_to_device(t), 0);

	bc_test_dt_populate = &p;
	adder = kthread_run(bc_test_dt_parent_adder, &p, "bc-dt-adder");
	KUNIT_ASSERT_FALSE(test, IS_ERR(adder));
	KUNIT_EXPECT_EQ(test, kunit_platform_driver_register(test, &bc_test_dt_parent_driver), 0);
	KUNIT_ASSERT_TRUE(test, wait_for_completion_timeout(&p.added, 10 * HZ));

	KUNIT_EXPECT_EQ(test, p.ret, -EBUSY);
	/* The child's constraints, found as it is added, apply from a work item */
	bc_flush();
	child = bc_test_of_pdev(test, "/bc-dt-parent/bc-dt-child");
	KUNIT_ASSERT_NOT_NULL(test, child);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(&child->dev), 1);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->pixel), 1);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->axi), 0);
}

/*
 * Past the deadline, the declaration of a device not created yet is
 * refused, in one line: nothing would drop its wait for the device then.
 */
static void bc_test_dt_past_deadline(struct kunit *test)
{
	struct bc_table *t;
	struct device_node *np;
	unsigned int refs;

	np = bc_test_of_node(test, "/bc-dt-parent/bc-dt-child");
	t = bc_test_dt_clocks_of(test, "/bc-dt-parent/bc-dt-child");
	refs = kref_read(&np->kobj.kref);
	bc_test_pass_own_deadline(test);

	KUNIT_EXPECT_EQ(test, bc_table_add_to_device(t), -ETIMEDOUT);
	KUNIT_EXPECT_EQ(test, kref_read(&np->kobj.kref), refs);
}

static struct kunit_case bc_test_decls_cases[] = {
	KUNIT_CASE(bc_test_dt_conflict_dt),
	KUNIT_CASE(bc_test_dt_conflict_cmdline),
	KUNIT_CASE(bc_test_dt_cmdline_overrides_dt),
	KUNIT_CASE(bc_test_dt_rejected_spec_overrides_nothing),
	KUNIT_CASE(bc_test_dt_bad_container),
	KUNIT_CASE(bc_test_dt_parent_populates),
	KUNIT_CASE(bc_test_dt_past_deadline),
	{ }
};

static struct kunit_suite bc_test_decls_suite = {
	.name = "boot_constraint_decls",
	.init = bc_test_dt_init,
	.test_cases = bc_test_decls_cases,
};

kunit_test_suite(bc_test_decls_suite);
