// SPDX-License-Identifier: GPL-2.0
/*
 * Clock boot constraints: keep a clock prepared and enabled.
 */

#include <linux/clk.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "core.h"

static int bc_clk_init(struct boot_constraint *c, struct device *dev,
		       const void *data)
{
	const struct dev_boot_constraint_clk_info *info = data;

	if (!info) {
		dev_err(dev, "clk boot constraint without clock\n");
		return -EINVAL;
	}

	if (info->name) {
		c->name = kstrdup_const(info->name, GFP_KERNEL);
		if (!c->name)
			return -ENOMEM;
	}

	return 0;
}

static int bc_clk_apply(struct boot_constraint *c)
{
	struct clk *clk;
	int ret;

	clk = clk_get(boot_constraint_device(c), c->name);
	if (IS_ERR(clk))
		return PTR_ERR(clk);

	ret = clk_prepare_enable(clk);
	if (ret) {
		clk_put(clk);
		return ret;
	}

	c->clk.clk = clk;

	return 0;
}

static void bc_clk_release(struct boot_constraint *c)
{
	clk_disable_unprepare(c->clk.clk);
	clk_put(c->clk.clk);
	c->clk.clk = NULL;
}

/* The node of the clock's provider, as clk_get() finds it in the device tree. */
static struct device_node *bc_clk_provider(struct boot_constraint *c)
{
	struct device_node *np = boot_constraint_device(c)->of_node;
	struct of_phandle_args spec;
	int index = 0;

	if (!np)
		return NULL;

	if (c->name) {
		index = of_property_match_string(np, "clock-names", c->name);
		if (index < 0)
			return NULL;
	}

	if (of_parse_phandle_with_args(np, "clocks", "#clock-cells", index, &spec))
		return NULL;
	of_node_put(spec.np);

	return spec.np;
}

const struct boot_constraint_ops boot_constraint_clk_ops = {
	.name = "clk",
	.init = bc_clk_init,
	.apply = bc_clk_apply,
	.release = bc_clk_release,
	.provider = bc_clk_provider,
};
