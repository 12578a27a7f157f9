// SPDX-License-Identifier: GPL-2.0
/*
 * Supply boot constraints: keep a regulator enabled, and optionally within
 * the voltage range the bootloader set it to.
 */

#include <linux/device.h>
#include <linux/err.h>
#include <linux/limits.h>
#include <linux/of.h>
#include <linux/regulator/consumer.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "core.h"

static int bc_supply_init(struct boot_constraint *c, struct device *dev,
			  const void *data)
{
	const struct dev_boot_constraint_supply_info *info = data;

	if (!info || !info->name) {
		dev_err(dev, "supply boot constraint without supply name\n");
		return -EINVAL;
	}

	/*
	 * Both bounds or neither: with a maximum alone, the regulator would
	 * be free to settle on its lowest voltage under the running device.
	 */
	if (!info->u_volt_min != !info->u_volt_max ||
	    info->u_volt_min > info->u_volt_max ||
	    info->u_volt_max > INT_MAX) {
		dev_err(dev, "supply boot constraint %s: bad range %u-%u uV\n",
			info->name, info->u_volt_min, info->u_volt_max);
		return -EINVAL;
	}

	c->name = kstrdup_const(info->name, GFP_KERNEL);
	if (!c->name)
		return -ENOMEM;

	c->supply.u_volt_min = info->u_volt_min;
	c->supply.u_volt_max = info->u_volt_max;

	return 0;
}

static bool bc_supply_sets_voltage(const struct boot_constraint *c)
{
	return c->supply.u_volt_max;
}

static int bc_supply_apply(struct boot_constraint *c)
{
	struct regulator *reg;
	int ret;

	reg = regulator_get_optional(boot_constraint_device(c), c->name);
	if (IS_ERR(reg))
		return PTR_ERR(reg);

	if (bc_supply_sets_voltage(c)) {
		ret = regulator_set_voltage(reg, c->supply.u_volt_min,
					    c->supply.u_volt_max);
		if (ret)
			goto put;
	}

	ret = regulator_enable(reg);
	if (ret)
		goto drop_voltage;

	c->supply.reg = reg;

	return 0;

drop_voltage:
	if (bc_supply_sets_voltage(c))
		regulator_set_voltage(reg, 0, INT_MAX);
put:
	regulator_put(reg);
	return ret;
}

static void bc_supply_release(struct boot_constraint *c)
{
	struct regulator *reg = c->supply.reg;
	struct device *dev = boot_constraint_device(c);
	int ret;

	ret = regulator_disable(reg);
	if (ret)
		dev_err(dev, "cannot disable supply %s: %pe\n", c->name,
			ERR_PTR(ret));

	if (bc_supply_sets_voltage(c)) {
		ret = regulator_set_voltage(reg, 0, INT_MAX);
		if (ret)
			dev_err(dev, "cannot drop voltage request on %s: %pe\n",
				c->name, ERR_PTR(ret));
	}

	regulator_put(reg);
	c->supply.reg = NULL;
}

static void bc_supply_show(struct seq_file *s, const struct boot_constraint *c)
{
	if (bc_supply_sets_voltage(c))
		seq_printf(s, " %u-%uuV", c->supply.u_volt_min,
			   c->supply.u_volt_max);
	else
		seq_puts(s, " -");
}

/* The regulator's node, as "<name>-supply" of the device's node names it. */
static struct device_node *bc_supply_provider(struct boot_constraint *c)
{
	struct device_node *np = boot_constraint_device(c)->of_node;
	struct device_node *reg;
	char *prop;

	if (!np)
		return NULL;

	prop = kasprintf(GFP_KERNEL, "%s-supply", c->name);
	if (!prop)
		return NULL;

	reg = of_parse_phandle(np, prop, 0);
	kfree(prop);
	of_node_put(reg);

	return reg;
}

const struct boot_constraint_ops boot_constraint_supply_ops = {
	.name = "supply",
	.init = bc_supply_init,
	.apply = bc_supply_apply,
	.release = bc_supply_release,
	.show = bc_supply_show,
	.provider = bc_supply_provider,
};
