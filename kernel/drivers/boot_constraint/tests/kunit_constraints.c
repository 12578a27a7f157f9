// SPDX-License-Identifier: GPL-2.0
/*
 * Constraints of the boot constraint KUnit suites: their owner, whose
 * free_resources() callback counts and logs the end of each constraint;
 * adding them for the test's owner, alone or in a batch that fails;
 * checking what a device holds; releasing them when the test ends; and a
 * deadline of the test's own. What the core copies of a constraint is
 * the core's; what these helpers allocate is freed when the test ends.
 */

#include <linux/atomic.h>
#include <linux/device.h>

#include <kunit/resource.h>
#include <kunit/static_stub.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../core.h"
#include "../deadline.h"
#include "../kunit.h"

const struct dev_boot_constraint_supply_info bc_test_vdd_boot = {
	.name = "vdd",
	.u_volt_min = BC_TEST_REG_BOOT_UV,
	.u_volt_max = BC_TEST_REG_BOOT_UV,
};

static void bc_test_owner_free_resources(void *data)
{
	struct bc_test_owner *owner = data;

	atomic_inc(&owner->calls);
	if (owner->log)
		bc_test_log_add(owner->log, "free:%s", owner->tag);
}

/**
 * bc_test_owner_alloc() - Allocate the owner of constraints.
 * @test: the test, which frees it.
 * @log: where the owner's free_resources() calls go, or NULL.
 * @tag: the owner's name in @log.
 *
 * Return: the owner, or NULL.
 */
struct bc_test_owner *bc_test_owner_alloc(struct kunit *test,
					  struct bc_test_log *log,
					  const char *tag)
{
	struct bc_test_owner *owner;

	owner = kunit_kzalloc(test, sizeof(*owner), GFP_KERNEL);
	if (!owner)
		return NULL;

	owner->log = log;
	owner->tag = tag;
	atomic_set(&owner->calls, 0);

	return owner;
}

/**
 * bc_test_owner_set() - Make an owner the owner of a constraint.
 * @info: the constraint.
 * @owner: the owner.
 */
void bc_test_owner_set(struct dev_boot_constraint_info *info,
		       struct bc_test_owner *owner)
{
	info->free_resources = bc_test_owner_free_resources;
	info->free_resources_data = owner;
}

/**
 * bc_test_add_owned() - Add a constraint to a device for an owner.
 * @dev: the device.
 * @type: the constraint's type.
 * @data: its description, of that type; the core copies what it keeps,
 *	so it may be on the caller's stack.
 * @owner: the owner told when the constraint is gone, or NULL for none
 *	(the core then frees the constraint with nobody told).
 * @deferrable: whether it may wait for its provider.
 *
 * Once added, the constraint is the core's: it ends at its device's probe,
 * its removal or its deadline, and the core then tells @owner. The test
 * frees nothing.
 *
 * Return: what dev_boot_constraint_add() or
 * dev_boot_constraint_add_deferrable() returns.
 */
int bc_test_add_owned(struct device *dev, enum dev_boot_constraint_type type,
		      const void *data, struct bc_test_owner *owner,
		      bool deferrable)
{
	struct dev_boot_constraint_info info = {
		.constraint = { .type = type, .data = data },
	};

	if (owner)
		bc_test_owner_set(&info, owner);
	if (deferrable)
		return dev_boot_constraint_add_deferrable(dev, &info);

	return dev_boot_constraint_add(dev, &info);
}

/**
 * bc_test_add() - Add a constraint of the test's owner to a device.
 * @test: the test, whose context is a struct bc_test_ctx.
 * @dev: the device.
 * @type: the constraint's type.
 * @data: its description, of that type.
 * @deferrable: whether it may wait for its provider.
 *
 * Return: as bc_test_add_owned().
 */
int bc_test_add(struct kunit *test, struct device *dev,
		enum dev_boot_constraint_type type, const void *data,
		bool deferrable)
{
	struct bc_test_ctx *ctx = test->priv;

	return bc_test_add_owned(dev, type, data, ctx->owner, deferrable);
}

/**
 * bc_test_add_dev() - Add a constraint of the test's owner to its device.
 * @test: the test, whose context is a struct bc_test_ctx.
 * @type: the constraint's type.
 * @data: its description, of that type.
 * @deferrable: whether it may wait for its provider.
 *
 * Return: as bc_test_add() for ctx->dev.
 */
int bc_test_add_dev(struct kunit *test, enum dev_boot_constraint_type type,
		    const void *data, bool deferrable)
{
	struct bc_test_ctx *ctx = test->priv;

	return bc_test_add(test, ctx->dev, type, data, deferrable);
}

/**
 * bc_test_add_range() - Add a constraint on a resource of the test's device.
 * @test: the test, whose context is a struct bc_test_ctx.
 * @type: the constraint's type, built in.
 * @name: the resource's name, or NULL for the device's default one.
 * @min: lower bound of its range (Hz, uV), or 0.
 * @max: upper bound, or 0 for none.
 *
 * Describes the constraint as its type's describe() does for the device
 * tree, so that a test says only what differs from case to case.
 *
 * Return: as bc_test_add_dev(), not deferrable.
 */
int bc_test_add_range(struct kunit *test, enum dev_boot_constraint_type type,
		      const char *name, unsigned long min, unsigned long max)
{
	struct bc_desc desc;

	bc_type(type)->ops.describe(&desc, name, min, max);

	return bc_test_add_dev(test, type, &desc, false);
}

/**
 * bc_test_add_failing_batch() - Add a batch whose last constraint fails.
 * @test: the test, whose context is a struct bc_test_ctx.
 * @type: the type of the batch's first constraint.
 * @data: its description; the caller keeps it, the core copies it.
 *
 * The batch, not deferrable, is that constraint of ctx->dev and then a
 * clock "missing", which the device does not have: the core must drop
 * the first one again. Nothing is left for the caller to free.
 *
 * Return: what bc_add_all() returns, a negative errno.
 */
int bc_test_add_failing_batch(struct kunit *test,
			      enum dev_boot_constraint_type type,
			      const void *data)
{
	static const struct dev_boot_constraint_clk_info missing = {
		.name = "missing",
	};
	struct dev_boot_constraint_info infos[] = {
		{ .constraint = { type, data } },
		{ .constraint = { DEV_BOOT_CONSTRAINT_CLK, &missing } },
	};
	struct bc_test_ctx *ctx = test->priv;

	return bc_add_all(ctx->dev, infos, ARRAY_SIZE(infos),
				       false);
}

/**
 * bc_test_expect_refused() - Nothing happened for the adds that failed.
 * @test: the test, whose context is a struct bc_test_ctx.
 * @other: a device the test also tried to constrain.
 *
 * Expects an empty log, neither ctx->dev nor @other holding a constraint,
 * and the owner never told.
 */
void bc_test_expect_refused(struct kunit *test, struct device *other)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "");
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(other), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owner->calls), 0);
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_constraints_remove,
			    boot_constraints_remove, struct device *);

/**
 * bc_test_release_at_exit() - Release the constraints of a device at exit.
 * @test: the test, at whose end the constraints are released.
 * @dev: the device, which must outlive the test's actions registered
 *	before this call.
 *
 * For a device that outlives a provider of its constraints: the
 * constraints are released when the actions registered so far have not run
 * yet.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_release_at_exit(struct kunit *test, struct device *dev)
{
	return kunit_add_action_or_reset(test, bc_test_constraints_remove, dev);
}

/**
 * bc_test_add_auto_clk() - Hold a device's clock as boot_constraints=auto does.
 * @test: the test, at whose end the device's constraints are released.
 * @dev: the device, whose node names the clock.
 * @name: the clock's name, or NULL for the first of the node's clocks.
 *
 * The constraint is added as at the device's add, and the work item that
 * tries it has run when this returns.
 */
void bc_test_add_auto_clk(struct kunit *test, struct device *dev,
			  const char *name)
{
	struct dev_boot_constraint_clk_info clk = { .name = name };
	struct dev_boot_constraint_info info = {
		.constraint = { .type = DEV_BOOT_CONSTRAINT_CLK, .data = &clk },
	};

	KUNIT_ASSERT_EQ(test, bc_add_auto(dev, &info, NULL, 1), 0);
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, dev), 0);
	bc_flush();
}

/**
 * bc_test_count_held() - Count the constraints a device holds or waits for.
 * @dev: the device.
 *
 * Return: the number of constraints of @dev that are applied, handed over
 * to its probing driver, or pending.
 */
unsigned int bc_test_count_held(struct device *dev)
{
	return bc_count(dev, BC_PENDING) +
	       bc_count(dev, BC_APPLIED) +
	       bc_count(dev, BC_HANDED_OVER);
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_deadline_pass, bc_pass,
			    struct bc_deadline *);

/**
 * bc_test_deadline_alloc() - A deadline of the test's own.
 * @test: the test, which passes the deadline at its end and then frees it.
 *
 * For constraints that bc_add_until() adds: the test passes it
 * with bc_pass() when it likes, and the test's end passes it
 * (again) before it is freed, so that none outlives it.
 *
 * Return: the deadline, not passed yet, or NULL.
 */
struct bc_deadline *bc_test_deadline_alloc(struct kunit *test)
{
	struct bc_deadline *deadline;

	deadline = kunit_kzalloc(test, sizeof(*deadline), GFP_KERNEL);
	if (!deadline)
		return NULL;
	bc_deadline_init(deadline);

	if (kunit_add_action_or_reset(test, bc_test_deadline_pass, deadline))
		return NULL;

	return deadline;
}

#define BC_TEST_OWN_DEADLINE	"bc_test_own_deadline"

/* The deadline that bc_test_own_deadline() stood in for @test. */
static struct bc_deadline *bc_test_deadline_of(struct kunit *test)
{
	struct bc_deadline *deadline;
	struct kunit_resource *res;

	res = kunit_find_named_resource(test, BC_TEST_OWN_DEADLINE);
	deadline = res->data;
	kunit_put_resource(res);

	return deadline;
}

/* Stands in for bc_add_deadline() in the test's thread. */
static struct bc_deadline *bc_test_add_deadline(void)
{
	return bc_test_deadline_of(kunit_get_current_test());
}

/**
 * bc_test_own_deadline() - Stand a deadline of the test's own in for the
 * machine's.
 * @test: the test, at whose end the deadline passes and is freed.
 *
 * What the test's thread adds for the machine (dev_boot_constraint_add(),
 * the tables) is added under this deadline from now on, and ends with the
 * test at the latest: the same whether the machine's deadline is still to
 * come (the tests built in) or has passed (a module loaded later). Other
 * threads of the test add with bc_add_until().
 *
 * Return: the deadline, or NULL.
 */
struct bc_deadline *bc_test_own_deadline(struct kunit *test)
{
	struct bc_deadline *deadline;
	struct kunit_resource *res;

	deadline = bc_test_deadline_alloc(test);
	res = kunit_kzalloc(test, sizeof(*res), GFP_KERNEL);
	if (!deadline || !res ||
	    kunit_add_named_resource(test, NULL, NULL, res,
				     BC_TEST_OWN_DEADLINE, deadline))
		return NULL;

	kunit_activate_static_stub(test, bc_add_deadline, bc_test_add_deadline);
	return deadline;
}

/**
 * bc_test_pass_own_deadline() - Pass the test's own deadline now.
 * @test: the test, under the deadline of bc_test_own_deadline().
 *
 * As the machine's deadline passes: what was added under it is released,
 * and what is added from now on refused. The test's end frees it still.
 */
void bc_test_pass_own_deadline(struct kunit *test)
{
	bc_pass(bc_test_deadline_of(test));
}

/**
 * bc_test_priv_alloc() - Allocate a test's context, under a deadline of its
 * own.
 * @test: the test, which frees the context at its end.
 * @size: the size of the context.
 *
 * The start of every suite's init: test->priv, zeroed, and
 * bc_test_own_deadline(). Fails the test on error.
 *
 * Return: the context.
 */
void *bc_test_priv_alloc(struct kunit *test, size_t size)
{
	test->priv = kunit_kzalloc(test, size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, test->priv);
	KUNIT_ASSERT_NOT_NULL(test, bc_test_own_deadline(test));

	return test->priv;
}

/**
 * bc_test_thread_join() - Make the current thread part of a test.
 * @test: the test, which must wait for the thread to finish before it ends.
 *
 * For a thread the test starts to add constraints: there too,
 * bc_test_own_deadline() stands in for the machine's deadline.
 */
void bc_test_thread_join(struct kunit *test)
{
	current->kunit_test = test;
}
