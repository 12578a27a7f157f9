// SPDX-License-Identifier: GPL-2.0
/*
 * Boot constraints on devices described in the device tree.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/amba/bus.h>
#include <linux/device.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "core.h"

static bool bc_of_node_selected(const struct dev_boot_constraint_of *oconst,
				struct device_node *np)
{
	const char *name = kbasename(np->full_name);
	unsigned int i;

	if (!oconst->dev_names)
		return true;

	for (i = 0; i < oconst->dev_names_count; i++) {
		if (!strcmp(oconst->dev_names[i], name))
			return true;
	}

	return false;
}

/* The devices that of_platform_populate() creates for a node. */
static struct device *bc_of_find_device(struct device_node *np)
{
	struct device *dev;

	dev = bus_find_device_by_of_node(&platform_bus_type, np);
	if (!dev && IS_ENABLED(CONFIG_ARM_AMBA))
		dev = bus_find_device_by_of_node(&amba_bustype, np);

	return dev;
}

static int bc_of_add_node(struct device_node *np,
			  const struct dev_boot_constraint_of *oconst)
{
	struct dev_boot_constraint_info *infos;
	struct device *dev;
	unsigned int i;
	int ret;

	infos = kcalloc(oconst->count, sizeof(*infos), GFP_KERNEL);
	if (!infos)
		return -ENOMEM;

	for (i = 0; i < oconst->count; i++)
		infos[i].constraint = oconst->constraints[i];

	dev = bc_of_find_device(np);
	if (dev) {
		ret = boot_constraint_add_all(dev, infos, oconst->count, true);
		put_device(dev);
	} else {
		pr_err("%pOF: no device to constrain\n", np);
		ret = -ENODEV;
	}

	kfree(infos);

	return ret;
}

/**
 * dev_boot_constraint_add_deferrable_of() - Constrain devices found in DT.
 * @oconst: the constraints, each for the devices of a "compatible".
 * @count: number of entries in @oconst.
 *
 * Adds, with dev_boot_constraint_add_deferrable(), the constraints of each
 * entry of @oconst to the device of every available node that matches the
 * entry's compatible (and one of its names, if it lists names). The devices
 * must exist, so call it after of_platform_populate() created them and
 * before their drivers are registered: a platform's subsys_initcall is the
 * place.
 *
 * The constraints of one device are added all together or not at all; an
 * error on one device does not stop the others from being constrained.
 *
 * Context: process context; may sleep.
 * Return: 0 if every constraint is applied or pending, else the first error.
 */
int dev_boot_constraint_add_deferrable_of(const struct dev_boot_constraint_of *oconst,
					  unsigned int count)
{
	struct device_node *np;
	unsigned int i;
	int ret = 0;
	int err;

	if (!oconst && count) {
		pr_err("%s: no constraints\n", __func__);
		return -EINVAL;
	}

	for (i = 0; i < count; i++) {
		for_each_compatible_node(np, NULL, oconst[i].compat) {
			if (!of_device_is_available(np) ||
			    !bc_of_node_selected(&oconst[i], np))
				continue;

			err = bc_of_add_node(np, &oconst[i]);
			if (err && !ret)
				ret = err;
		}
	}

	return ret;
}
EXPORT_SYMBOL_GPL(dev_boot_constraint_add_deferrable_of);
