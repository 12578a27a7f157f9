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
 */

#include <linux/device.h>
#include <linux/err.h>
#include <linux/of.h>
#include <linux/pm_domain.h>
#include <linux/pm_runtime.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "core.h"

static int bc_pm_init(struct boot_constraint *c, struct device *dev,
		      const void *data)
{
	const struct dev_boot_constraint_pm_info *info = data;

	if (info && info->parent && !dev->parent) {
		dev_err(dev, "pm boot constraint on its parent's domain, but no parent\n");
		return -EINVAL;
	}

	if (info && info->name) {
		c->name = kstrdup_const(info->name, GFP_KERNEL);
		if (!c->name)
			return -ENOMEM;
	}
	c->pm.parent = info && info->parent;

	return 0;
}

static const struct boot_constraint_of_names bc_pm_of = {
	.list = "power-domains", .cells = "#power-domain-cells",
	.names = "power-domain-names", .per = 1,
};

/* The node that names the domain: the device's own, or its parent's. */
static struct device_node *bc_pm_node(const struct boot_constraint *c)
{
	struct device *dev = boot_constraint_device(c);

	return c->pm.parent ? dev->parent->of_node : dev->of_node;
}

static int bc_pm_domain_spec(const struct boot_constraint *c,
			     struct of_phandle_args *spec)
{
	struct device_node *np = bc_pm_node(c);
	int index;

	if (!np)
		return -ENOENT;

	index = boot_constraint_of_index(np, &bc_pm_of, c->name);
	if (index < 0)
		return index;

	return of_parse_phandle_with_args(np, bc_pm_of.list, bc_pm_of.cells,
					  index, spec);
}

static void bc_pm_holder_release(struct device *holder)
{
	kfree(holder);
}

/* Adds a device of the constraint's own to the domain, without powering it. */
static struct device *bc_pm_holder_add(struct boot_constraint *c)
{
	struct device *dev = boot_constraint_device(c);
	struct of_phandle_args spec;
	struct device *holder;
	int ret;

	ret = bc_pm_domain_spec(c, &spec);
	if (ret)
		return ERR_PTR(ret);

	holder = kzalloc(sizeof(*holder), GFP_KERNEL);
	if (!holder) {
		of_node_put(spec.np);
		return ERR_PTR(-ENOMEM);
	}

	device_initialize(holder);
	holder->release = bc_pm_holder_release;
	ret = dev_set_name(holder, "boot-constraint:%s:%s", dev_name(dev),
			   c->name ?: "domain");
	if (ret)
		goto put;

	ret = device_add(holder);
	if (ret)
		goto put;

	ret = of_genpd_add_device(&spec, holder);
	if (ret)
		goto del;

	of_node_put(spec.np);

	return holder;

del:
	device_del(holder);
put:
	put_device(holder);
	of_node_put(spec.np);

	/* genpd says -ENOENT when the domain's provider is not registered. */
	return ERR_PTR(ret == -ENOENT ? -EPROBE_DEFER : ret);
}

static int bc_pm_apply(struct boot_constraint *c)
{
	struct device *holder = bc_pm_holder_add(c);

	if (IS_ERR(holder))
		return PTR_ERR(holder);

	c->pm.holder = holder;

	return 0;
}

static int bc_pm_release(struct boot_constraint *c)
{
	struct device *holder = c->pm.holder;
	int ret;

	/*
	 * genpd looks at powering a domain off only when one of its devices
	 * suspends or is detached, not when one is removed: runtime-suspend
	 * the holder, as the domain's last active device would, so that the
	 * domain goes off now if nothing else uses it, rather than stay on
	 * until another of its devices happens to suspend, if one ever does.
	 */
	pm_runtime_set_active(holder);
	pm_runtime_enable(holder);
	pm_runtime_suspend(holder);
	pm_runtime_disable(holder);

	ret = pm_genpd_remove_device(holder);
	if (ret) {
		/* Still on the domain's list: the holder must stay. */
		pm_runtime_set_active(holder);
		return ret;
	}

	device_unregister(holder);
	c->pm.holder = NULL;

	return 0;
}

/*
 * The domain's status as genpd has it, from its provider's state at
 * registration or since, read without a device in the domain. A domain
 * that is on is held by a holder, as apply() holds it; one that is off
 * costs no holder.
 */
static int bc_pm_sample(struct boot_constraint *c, bool hold)
{
	struct of_phandle_args spec;
	int on, ret;

	ret = bc_pm_domain_spec(c, &spec);
	if (ret)
		return ret;

	on = of_genpd_peek(&spec);
	of_node_put(spec.np);
	if (on < 0)
		return on == -ENOENT ? -EPROBE_DEFER : on;
	if (!on || !hold)
		return on;

	ret = bc_pm_apply(c);

	return ret ?: 1;
}

static struct device_node *bc_pm_provider(const struct boot_constraint *c)
{
	struct of_phandle_args spec;

	if (bc_pm_domain_spec(c, &spec))
		return NULL;
	of_node_put(spec.np);

	return spec.np;
}

static void bc_pm_describe(union boot_constraint_info *info, const char *name,
			   unsigned long min, unsigned long max)
{
	info->pm = (struct dev_boot_constraint_pm_info) { .name = name };
}

const struct boot_constraint_ops boot_constraint_pm_ops = {
	.name = "pm",
	.init = bc_pm_init,
	.apply = bc_pm_apply,
	.release = bc_pm_release,
	.provider = bc_pm_provider,
	.kind = "power domain",
	.of = &bc_pm_of,
	.spec = "pd",
	.decl = "hold-power-domains",
	.describe = bc_pm_describe,
	.sample = bc_pm_sample,
};
