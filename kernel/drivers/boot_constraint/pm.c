// SPDX-License-Identifier: GPL-2.0
/*
 * Power-domain boot constraints: keep a domain from being powered off.
 *
 * The domain is not attached to the constrained device itself: the driver
 * core detaches a device's domain whenever its probe fails, deferral
 * included, which would drop the constraint with it. Instead a device of the
 * constraint's own, on no bus and with runtime PM disabled, is added to the
 * domain. genpd counts such a device as active, so neither a runtime
 * suspend of the domain's other devices nor genpd_power_off_unused() can
 * power the domain off while the constraint holds it. A domain that is off
 * is left off: the constraint keeps the state the bootloader left.
 *
 * The constraints on one domain share one such device: a domain that many
 * devices name costs one device in genpd's list and in sysfs, not one per
 * constraint, and goes off when the last of them lets it go.
 */

#include <linux/cleanup.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/idr.h>
#include <linux/init.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/pm_domain.h>
#include <linux/pm_runtime.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "type.h"

struct bc_pm_holder;

/**
 * struct bc_pm - A power-domain constraint.
 *
 * @c: the constraint.
 * @holder: the device that holds the domain on, shared by the constraints
 *	on the domain, while held.
 * @parent: the domain is the one the device's parent node names.
 */
struct bc_pm {
	struct bc_constraint c;
	struct bc_pm_holder *holder;
	bool parent;
};

#define to_bc_pm(_c) container_of_const(_c, struct bc_pm, c)

static int bc_pm_init(struct bc_constraint *c, struct device *dev,
		      const void *data)
{
	const struct dev_boot_constraint_pm_info *info = data;

	if (info && info->parent && !dev->parent) {
		dev_err(dev, "pd boot constraint on its parent's domain, but no parent\n");
		return -EINVAL;
	}

	to_bc_pm(c)->parent = info && info->parent;

	return 0;
}

static const struct bc_of_names bc_pm_of = {
	.list = "power-domains", .cells = "#power-domain-cells",
	.names = "power-domain-names", .per = 1,
};

/* The node that names the domain: the device's own, or its parent's. */
static struct device_node *bc_pm_node(const struct bc_constraint *c)
{
	struct device *dev = bc_device(c);

	return to_bc_pm(c)->parent ? dev->parent->of_node : dev->of_node;
}

/*
 * The node's entry for the domain, with a reference to its provider's node
 * that the caller puts: as the core kept it (bc_constraint_args()), or read
 * now.
 */
static int bc_pm_domain_spec(const struct bc_constraint *c,
			     struct of_phandle_args *spec)
{
	struct device_node *np = bc_pm_node(c);

	if (bc_constraint_args(c, spec)) {
		of_node_get(spec->np);
		return 0;
	}

	if (!np)
		return -ENOENT;

	return bc_of_spec(np, &bc_pm_of, c->name, spec);
}

/**
 * struct bc_pm_holder - The device that holds a domain on.
 *
 * @dev: the device, in the domain, on no bus: pdN under
 *	/sys/devices/boot_constraint.
 * @id: the N of its name.
 * @node: in bc_pm_holders while it may be shared.
 * @spec: the domain, as the constraints' nodes name it; a reference to its
 *	provider's node is held.
 * @users: the constraints that hold the domain through it.
 */
struct bc_pm_holder {
	struct device dev;
	unsigned int id;
	struct list_head node;
	struct of_phandle_args spec;
	unsigned int users;
};

/*
 * The holders, with their users. bc_pm_lock is taken for the list and the
 * counts only, never across genpd or the driver core: a holder is added to
 * its domain before it is listed, and taken out of it once unlisted.
 */
static LIST_HEAD(bc_pm_holders);
static DEFINE_MUTEX(bc_pm_lock);

/*
 * The holders' parent. Named after their first user, they collided in
 * /sys/devices when two devices of one name on two buses held domains.
 * None with boot_constraints=off, which holds nothing.
 */
static struct device *bc_pm_root;
static DEFINE_IDA(bc_pm_ids);

static int __init bc_pm_root_init(void)
{
	struct device *root;

	if (bc_disabled())
		return 0;

	root = root_device_register("boot_constraint");

	if (IS_ERR(root))
		return PTR_ERR(root);

	bc_pm_root = root;
	return 0;
}
core_initcall(bc_pm_root_init);

static bool bc_pm_same_domain(const struct of_phandle_args *a,
			      const struct of_phandle_args *b)
{
	return a->np == b->np && a->args_count == b->args_count &&
	       !memcmp(a->args, b->args, a->args_count * sizeof(a->args[0]));
}

/* A user more for the holder of @spec's domain, if there is one. */
static struct bc_pm_holder *bc_pm_holder_share(const struct of_phandle_args *spec)
{
	struct bc_pm_holder *h;

	guard(mutex)(&bc_pm_lock);
	list_for_each_entry(h, &bc_pm_holders, node) {
		if (bc_pm_same_domain(&h->spec, spec)) {
			h->users++;
			return h;
		}
	}

	return NULL;
}

static void bc_pm_holder_list(struct bc_pm_holder *h)
{
	guard(mutex)(&bc_pm_lock);
	h->users = 1;
	list_add(&h->node, &bc_pm_holders);
}

static void bc_pm_holder_release(struct device *dev)
{
	struct bc_pm_holder *h = container_of(dev, struct bc_pm_holder, dev);

	ida_free(&bc_pm_ids, h->id);
	of_node_put(h->spec.np);
	kfree(h);
}

/*
 * Adds a device to the domain of @spec, without powering it. Takes over
 * @spec's reference.
 */
static struct bc_pm_holder *bc_pm_holder_add(struct of_phandle_args *spec)
{
	struct bc_pm_holder *h;
	int ret, id;

	if (!bc_pm_root) {
		of_node_put(spec->np);
		return ERR_PTR(-EPROBE_DEFER);
	}

	h = kzalloc(sizeof(*h), GFP_KERNEL);
	id = ida_alloc(&bc_pm_ids, GFP_KERNEL);
	if (!h || id < 0) {
		if (id >= 0)
			ida_free(&bc_pm_ids, id);
		kfree(h);
		of_node_put(spec->np);
		return ERR_PTR(-ENOMEM);
	}

	h->id = id;
	h->spec = *spec;
	device_initialize(&h->dev);
	h->dev.parent = bc_pm_root;
	h->dev.release = bc_pm_holder_release;
	ret = dev_set_name(&h->dev, "pd%u", id);
	if (ret)
		goto put;

	ret = device_add(&h->dev);
	if (ret)
		goto put;

	ret = of_genpd_add_device(&h->spec, &h->dev);
	if (ret)
		goto del;

	return h;

del:
	device_del(&h->dev);
put:
	put_device(&h->dev);

	/* genpd says -ENOENT when the domain's provider is not registered. */
	return ERR_PTR(ret == -ENOENT ? -EPROBE_DEFER : ret);
}

/* Holds @spec's domain, whose reference it takes over, for @c. */
static int bc_pm_hold(struct bc_constraint *c, struct of_phandle_args *spec)
{
	struct bc_pm_holder *h = bc_pm_holder_share(spec);

	if (h) {
		of_node_put(spec->np);
	} else {
		/* Two first users at once each add one: both work */
		h = bc_pm_holder_add(spec);
		if (IS_ERR(h))
			return PTR_ERR(h);
		bc_pm_holder_list(h);
	}

	to_bc_pm(c)->holder = h;

	return 0;
}

static int bc_pm_apply(struct bc_constraint *c)
{
	struct of_phandle_args spec;
	int ret;

	ret = bc_pm_domain_spec(c, &spec);
	if (ret)
		return ret;

	return bc_pm_hold(c, &spec);
}

/* Takes the last user's holder out of its domain; on error it stays. */
static int bc_pm_holder_remove(struct bc_pm_holder *h)
{
	int ret;

	/*
	 * genpd looks at powering a domain off only when one of its devices
	 * suspends or is detached, not when one is removed: runtime-suspend
	 * the holder, as the domain's last active device would, so that the
	 * domain goes off now if nothing else uses it, rather than stay on
	 * until another of its devices happens to suspend, if one ever does.
	 */
	pm_runtime_set_active(&h->dev);
	pm_runtime_enable(&h->dev);
	pm_runtime_suspend(&h->dev);
	pm_runtime_disable(&h->dev);

	ret = pm_genpd_remove_device(&h->dev);
	if (ret) {
		/* Still on the domain's list: the holder must stay. */
		pm_runtime_set_active(&h->dev);
		return ret;
	}

	device_unregister(&h->dev);

	return 0;
}

/* One user less; returns whether it was the last, the holder unlisted. */
static bool bc_pm_holder_unshare(struct bc_pm_holder *h)
{
	guard(mutex)(&bc_pm_lock);
	if (--h->users)
		return false;

	list_del(&h->node);
	return true;
}

static int bc_pm_release(struct bc_constraint *c)
{
	struct bc_pm *bc = to_bc_pm(c);
	struct bc_pm_holder *h = bc->holder;
	int ret;

	if (bc_pm_holder_unshare(h)) {
		ret = bc_pm_holder_remove(h);
		if (ret) {
			bc_pm_holder_list(h);
			return ret;
		}
	}
	bc->holder = NULL;

	return 0;
}

/*
 * The domain's status as genpd has it, from its provider's state at
 * registration or since, read without a device in the domain. A domain
 * that is on is held by a holder, as apply() holds it; one that is off
 * costs no holder.
 */
static int bc_pm_sample(struct bc_constraint *c, bool hold)
{
	struct of_phandle_args spec;
	int on, ret;

	ret = bc_pm_domain_spec(c, &spec);
	if (ret)
		return ret;

	on = of_genpd_peek(&spec);
	if (on <= 0 || !hold) {
		of_node_put(spec.np);
		if (on < 0)
			return on == -ENOENT ? -EPROBE_DEFER : on;
		return on;
	}

	ret = bc_pm_hold(c, &spec);

	return ret ?: 1;
}

static struct device_node *bc_pm_provider(const struct bc_constraint *c,
					  struct bc_spec *unused)
{
	struct of_phandle_args spec;

	if (bc_pm_domain_spec(c, &spec))
		return NULL;
	of_node_put(spec.np);

	return spec.np;
}

static void bc_pm_describe(struct bc_desc *desc, const char *name,
			   unsigned long min, unsigned long max)
{
	struct dev_boot_constraint_pm_info *info =
		BC_DESC(desc, struct dev_boot_constraint_pm_info);

	*info = (struct dev_boot_constraint_pm_info) { .name = name };
}

static const struct bc_names bc_pm_names = {
	.kind = "power domain",
	.of = &bc_pm_of,
	.decl = "hold-power-domains",
};

const struct bc_type bc_pm_type = {
	.name = "pd",
	.names = &bc_pm_names,
	.size = BC_SIZE(struct bc_pm),
	.name_offset = offsetof(struct dev_boot_constraint_pm_info, name),
	.ops = {
		.init = bc_pm_init,
		.apply = bc_pm_apply,
		.release = bc_pm_release,
		.provider = bc_pm_provider,
		.describe = bc_pm_describe,
		.sample = bc_pm_sample,
	},
};
