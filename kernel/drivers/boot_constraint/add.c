// SPDX-License-Identifier: GPL-2.0
/*
 * The adds of the boot constraint core: the constraints of a device are
 * created from their owners' descriptions, under the deadline that releases
 * them if the device's driver does not take them over, and attached to the
 * device all together or not at all (attach.c). Their resources are taken
 * right away, or, for constraints found as their device is added, by a work
 * item or by the device's probe if it comes first; a deferrable constraint
 * whose provider is missing stays pending until its provider binds.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/device.h>
#include <linux/err.h>
#include <linux/list.h>
#include <linux/slab.h>

#include <kunit/static_stub.h>
#include <kunit/visibility.h>

#include "internal.h"
#include "records.h"
#include "pending.h"
#include "kunit.h"
#include "reject.h"
#include "attach.h"

static void bc_destroy_all(struct bc_constraint **cs, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		bc_constraint_destroy(cs[i]);
}

/* How bc_add() adds constraints */
#define BC_ADD_DEFERRABLE	BIT(0)	/* a missing provider leaves them pending */
#define BC_ADD_MISSING		BIT(1)	/* a resource already held is skipped */
#define BC_ADD_LATER		BIT(2)	/* as the device is added: applied later */
#define BC_ADD_AUTO		BIT(3)	/* held only if on, see bc_take() */
#define BC_ADD_LOCKED		BIT(4)	/* the caller holds device_lock() */

/**
 * struct bc_add - What bc_add() adds.
 *
 * @infos: the constraints.
 * @specs: their entries in the device's node as the adder read them, or
 *	NULL.
 * @deadline: what releases them if their device's driver does not take
 *	them over: the machine's, or a test's.
 * @few: room for the constraints of a small add, as most are.
 */
struct bc_add {
	const struct dev_boot_constraint_info *infos;
	const struct bc_spec *specs;
	struct bc_deadline *deadline;
	struct bc_constraint *few[BC_ADD_FEW];
};

static struct bc_constraint **
bc_create_all(struct device *dev, struct bc_add *add, unsigned int n,
	      const char *origin, unsigned int flags)
{
	struct bc_batch *batch;
	struct bc_constraint **cs;
	unsigned int i;
	int ret;

	cs = n <= ARRAY_SIZE(add->few) ? add->few :
					 kcalloc(n, sizeof(*cs), GFP_KERNEL);
	if (!cs)
		return ERR_PTR(-ENOMEM);

	batch = flags & BC_ADD_AUTO ? bc_batch_alone() :
				      bc_batch_alloc(origin, n, add->deadline);
	if (!batch) {
		ret = -ENOMEM;
		goto free;
	}

	for (i = 0; i < n; i++) {
		cs[i] = bc_constraint_create(dev, &add->infos[i]);
		if (IS_ERR(cs[i])) {
			ret = PTR_ERR(cs[i]);
			goto err;
		}
		bc_constraint_set_spec(cs[i], add->specs ? &add->specs[i] : NULL);
		cs[i]->batch = batch;
		cs[i]->deferrable = flags & BC_ADD_DEFERRABLE;
		cs[i]->auto_on = flags & BC_ADD_AUTO;
		cs[i]->report = cs[i]->auto_on &&
				bc_mode() == BC_MODE_REPORT;
	}

	return cs;

err:
	/* The batch goes with its last member, or now if it has none. */
	if (batch != bc_batch_alone())
		batch->members = i + 1;
	bc_destroy_all(cs, i);
	bc_batch_put(batch);
free:
	if (cs != add->few)
		kfree(cs);
	return ERR_PTR(ret);
}

static void bc_release_owners(const struct dev_boot_constraint_info *infos,
			      unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (infos[i].free_resources)
			infos[i].free_resources(infos[i].free_resources_data);
	}
}

static int bc_add_under(struct device *dev,
			const struct dev_boot_constraint_info *infos,
			const struct bc_spec *specs, unsigned int n,
			const char *origin, unsigned int flags,
			struct bc_deadline *deadline)
{
	struct bc_add add = {
		.infos = infos,
		.specs = specs,
		.deadline = deadline,
	};
	struct bc_constraint **cs;
	int ret;

	if (!dev || !infos || !n) {
		pr_err("%s: no %s\n", __func__, dev ? "constraint" : "device");
		return -EINVAL;
	}

	if (bc_disabled()) {
		bc_release_owners(infos, n);
		return 0;
	}

	cs = bc_create_all(dev, &add, n, origin, flags);
	if (IS_ERR(cs)) {
		if (origin)
			bc_reject_or(origin, bc_reject_dev, dev,
				     "%pe", cs);
		return PTR_ERR(cs);
	}

	if (!(flags & BC_ADD_LOCKED))
		device_lock(dev);
	ret = bc_attach(dev, cs, &n, flags & BC_ADD_MISSING,
			flags & BC_ADD_LATER);
	if (!(flags & BC_ADD_LOCKED))
		device_unlock(dev);

	if (ret)
		bc_destroy_all(cs, n);
	if (cs != add.few)
		kfree(cs);

	return ret;
}

/*
 * The deadline of the constraints added for the machine. A KUnit test stands
 * its own in (kunit_activate_static_stub()): what it adds ends with it,
 * whether it runs before the machine's deadline or, as a module, after.
 */
struct bc_deadline *bc_add_deadline(void)
{
	KUNIT_STATIC_STUB_REDIRECT(bc_add_deadline);
	return bc_machine_deadline();
}
EXPORT_SYMBOL_IF_KUNIT(bc_add_deadline);

/**
 * bc_deadline_passed() - Whether adds are past their deadline.
 *
 * From then on constraints added are refused (but the console's), and a
 * node's constraints must not wait for its device: the deadline that drops
 * what waits has passed too.
 *
 * Return: true once the deadline of the constraints added now has passed.
 */
bool bc_deadline_passed(void)
{
	return READ_ONCE(bc_add_deadline()->past);
}
EXPORT_SYMBOL_IF_KUNIT(bc_deadline_passed);

static int bc_add(struct device *dev,
		  const struct dev_boot_constraint_info *infos,
		      const struct bc_spec *specs,
		      unsigned int n, const char *origin, unsigned int flags)
{
	return bc_add_under(dev, infos, specs, n, origin, flags,
			    bc_add_deadline());
}

/**
 * bc_add_all() - Add several constraints to a device, or none.
 * @dev: the device.
 * @infos: the constraints.
 * @n: number of entries in @infos.
 * @deferrable: whether a missing provider leaves a constraint pending.
 *
 * Return: 0 if all are applied (or pending), else a negative errno with none
 * of them held. One that is pending and fails once its provider appears
 * takes the others with it.
 */
int bc_add_all(struct device *dev,
	       const struct dev_boot_constraint_info *infos,
			    unsigned int n, bool deferrable)
{
	return bc_add(dev, infos, NULL, n, NULL,
			  deferrable ? BC_ADD_DEFERRABLE : 0);
}
EXPORT_SYMBOL_IF_KUNIT(bc_add_all);

/**
 * bc_add_until() - Add constraints that a deadline of their own
 * releases.
 * @dev: the device.
 * @infos: the deferrable constraints.
 * @n: number of entries in @infos.
 * @deadline: what releases them, not the machine's: bc_pass()
 *	it before it is freed.
 *
 * For tests, which must not pass the deadline of the machine they run on.
 *
 * Return: as bc_add_all().
 */
int bc_add_until(struct device *dev,
		 const struct dev_boot_constraint_info *infos,
			      unsigned int n,
			      struct bc_deadline *deadline)
{
	return bc_add_under(dev, infos, NULL, n, NULL, BC_ADD_DEFERRABLE,
			    deadline);
}
EXPORT_SYMBOL_IF_KUNIT(bc_add_until);

/**
 * bc_add_missing() - Add the constraints a device lacks, or none.
 * @dev: the device.
 * @infos: the deferrable constraints, without free_resources() callbacks.
 * @n: number of entries in @infos.
 * @origin: what declared them (a declaration node, a boot_constraints=
 *	spec), or NULL. If set, an error is one line naming it.
 *
 * Two tables may describe the same resource of a device: the console's, from
 * the device tree, and its platform's. Like bc_add_all(), except
 * that a resource that @dev already holds or waits for is not an error: it is
 * held once, by the constraint that came first.
 *
 * Return: 0 if all are held (or pending), else a negative errno with none of
 * those that were missing held.
 */
int bc_add_missing(struct device *dev,
		   const struct dev_boot_constraint_info *infos,
				unsigned int n,
				const char *origin)
{
	return bc_add(dev, infos, NULL, n, origin,
			  BC_ADD_DEFERRABLE | BC_ADD_MISSING);
}

/**
 * bc_add_later() - Add constraints to a device being added.
 * @dev: the device, being added by the driver core.
 * @infos: the deferrable constraints, without free_resources() callbacks.
 * @n: number of entries in @infos.
 * @origin: what declared them (a declaration node, a boot_constraints=
 *	spec), or NULL. If set, an error is one line naming it.
 *
 * As bc_add_missing(), except that the resources are not taken
 * here: the driver core adds a device with the locks of the code that adds
 * it held, and a framework that registers a device for a resource of its own
 * (the reset core a reset-gpio line's) holds its own, which taking @dev's
 * resources would take again. The constraints are published pending, and applied
 * right after by a work item, which the caller schedules
 * (bc_retry_schedule()), or by @dev's probe if it comes first; a batch that
 * fails then is released whole, with one error.
 *
 * Return: 0 if all are pending, else a negative errno with none of them
 * added.
 */
int bc_add_later(struct device *dev,
		 const struct dev_boot_constraint_info *infos,
			      unsigned int n, const char *origin)
{
	return bc_add(dev, infos, NULL, n, origin,
			  BC_ADD_DEFERRABLE | BC_ADD_MISSING | BC_ADD_LATER);
}

/**
 * bc_add_auto() - Hold what a device's node names, if it is on.
 * @dev: the device, being added by the driver core.
 * @infos: its resources, without ranges nor free_resources() callbacks,
 *	each of a type with a sample() operation.
 * @specs: their entries in @dev's node, as its walk read them, in @infos'
 *	order; or NULL, to have them read again.
 * @n: number of entries in @infos.
 *
 * As bc_add_later(), for boot_constraints=auto and
 * report, except that each resource is its own: once its provider is there,
 * one that is on is held (or, for a report, only recorded), one that is off
 * is left off and its constraint freed, and one that cannot be looked up
 * fails alone. A resource that a table holds for @dev is skipped, and one
 * that a table adds later is handed over to the table's constraint. Named
 * twice in @infos, a resource is an error, as in a table.
 *
 * Return: 0 if all are pending, else a negative errno with none of them
 * added.
 */
int bc_add_auto(struct device *dev,
		const struct dev_boot_constraint_info *infos,
			     const struct bc_spec *specs,
			     unsigned int n)
{
	/* Nothing would release them; a table's would be refused, loudly */
	if (READ_ONCE(bc_machine_deadline()->past))
		return 0;

	return bc_add(dev, infos, specs, n, NULL,
			  BC_ADD_DEFERRABLE | BC_ADD_MISSING | BC_ADD_LATER |
			  BC_ADD_AUTO);
}
EXPORT_SYMBOL_IF_KUNIT(bc_add_auto);

/**
 * bc_add_auto_found() - Hold what a device's node names, found on.
 * @dev: the device, not bound.
 * @infos: its resources, as for bc_add_auto().
 * @specs: their entries in @dev's node, in @infos' order.
 * @n: number of entries in @infos.
 * @bound: the node of the device whose bind found them, or NULL.
 *
 * As bc_add_auto(), for resources found on once their provider was there
 * (auto.c), and tried at once, as bc_device_retry() tries: each is held if
 * it is still on, freed if it went off, and left pending if its provider
 * is missing.
 *
 * Context: caller holds device_lock(@dev), not bc_lock.
 * Return: 0, or a negative errno with none of them added.
 */
int bc_add_auto_found(struct device *dev,
		      const struct dev_boot_constraint_info *infos,
		      const struct bc_spec *specs, unsigned int n,
		      struct device_node *bound)
{
	struct bc_dev *bdev;
	LIST_HEAD(done);
	int ret;

	device_lock_assert(dev);

	ret = bc_add(dev, infos, specs, n, NULL,
		     BC_ADD_DEFERRABLE | BC_ADD_MISSING | BC_ADD_LATER |
		     BC_ADD_AUTO | BC_ADD_LOCKED);
	bdev = ret ? NULL : bc_lookup(dev);
	if (bdev) {
		bc_device_retry(bdev, bound, false, &done);
		bc_device_settle(bdev, &done);
	}

	return ret;
}

/**
 * dev_boot_constraint_add() - Hold a resource of a device until it probes.
 * @dev: the device, not yet bound to a driver.
 * @info: the constraint; its data is copied.
 *
 * Takes the resource that @info describes with a boot hold on behalf of @dev
 * and hands it over to @dev's driver when it probes: through the probe, the
 * hold stands aside for the driver's own requests, the first of which takes
 * it over (an enable, a rate or voltage request, the get of a reset line);
 * once the probe has returned 0, the hold is released and @info's
 * free_resources() called. A probe that defers, or a driver that declines
 * @dev with -ENODEV or -ENXIO, keeps the constraint, and what the driver's
 * requests took over is asked for again; nothing else ends it before the
 * deadline.
 *
 * Must not be called with device_lock(@dev) held. A constraint on a device
 * that is already bound, or not registered (not added yet, or being
 * deleted), would never be released, so it is refused; so is one added
 * after the deadline.
 *
 * Context: process context; may sleep.
 * Return: 0 on success, with the resource held; -EPROBE_DEFER if the
 * resource's provider is not registered yet; -ENODEV if @dev is not
 * registered; -EBUSY if @dev is bound; -ETIMEDOUT past the deadline;
 * -EEXIST if @dev already holds that resource; another negative errno if
 * @info is malformed or the resource cannot be taken. On error nothing is
 * held and free_resources() is not called.
 */
int dev_boot_constraint_add(struct device *dev,
			    const struct dev_boot_constraint_info *info)
{
	return bc_add_all(dev, info, 1, false);
}
EXPORT_SYMBOL_GPL(dev_boot_constraint_add);

/**
 * dev_boot_constraint_add_deferrable() - Hold a resource, once it exists.
 * @dev: the device, not yet bound to a driver.
 * @info: the constraint; its data is copied.
 *
 * Like dev_boot_constraint_add(), except that a resource whose provider is
 * not registered yet does not fail: the constraint stays pending and is
 * applied as soon as its provider is there, at the latest when @dev's driver
 * is about to probe. It is handed over like any other.
 *
 * Context: process context; may sleep.
 * Return: 0 if the constraint is applied or pending, a negative errno as for
 * dev_boot_constraint_add() otherwise.
 */
int dev_boot_constraint_add_deferrable(struct device *dev,
				       const struct dev_boot_constraint_info *info)
{
	return bc_add_all(dev, info, 1, true);
}
EXPORT_SYMBOL_GPL(dev_boot_constraint_add_deferrable);
