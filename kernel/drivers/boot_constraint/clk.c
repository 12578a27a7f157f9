// SPDX-License-Identifier: GPL-2.0
/*
 * Clock boot constraints: keep a clock prepared and enabled, and optionally
 * within the rate range the device accepts.
 */

#include <linux/clk.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/seq_file.h>
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

	/*
	 * Both bounds or neither: with a single bound the clock would be free
	 * to move to the other end of the clock's own range under the device.
	 */
	if (!info->rate_min != !info->rate_max ||
	    info->rate_min > info->rate_max) {
		dev_err(dev, "clk boot constraint %s: bad rate range %lu-%lu Hz\n",
			info->name ?: "(default)", info->rate_min,
			info->rate_max);
		return -EINVAL;
	}

	if (info->name) {
		c->name = kstrdup_const(info->name, GFP_KERNEL);
		if (!c->name)
			return -ENOMEM;
	}

	c->clk.rate_min = info->rate_min;
	c->clk.rate_max = info->rate_max;

	return 0;
}

static bool bc_clk_sets_range(const struct boot_constraint *c)
{
	return c->clk.rate_max;
}

/* Holds @clk, enabled and within the range; on error @clk is put. */
static int bc_clk_hold(struct boot_constraint *c, struct clk *clk)
{
	int ret;

	ret = clk_prepare_enable(clk);
	if (ret)
		goto put;

	if (bc_clk_sets_range(c)) {
		ret = clk_set_rate_range(clk, c->clk.rate_min, c->clk.rate_max);
		if (ret)
			goto disable;
	}

	c->clk.clk = clk;
	c->clk.ranged = bc_clk_sets_range(c);

	return 0;

disable:
	clk_disable_unprepare(clk);
put:
	/* The range was not set: clk_put() has none to drop. */
	clk_put(clk);
	return ret;
}

static int bc_clk_apply(struct boot_constraint *c)
{
	struct clk *clk;

	clk = clk_get(boot_constraint_device(c), c->name);
	if (IS_ERR(clk))
		return PTR_ERR(clk);

	return bc_clk_hold(c, clk);
}

/*
 * Lets go of the rate range without moving the rate. Dropping a range makes
 * the clock framework apply again the rate last requested of the clock, by
 * any consumer: one that asked for a rate outside the range while it was
 * held would get it now, under the running device. So the range goes with
 * the handle it was set on, while a second handle, which only keeps the
 * clock enabled, protects the rate: the framework's attempt fails, and the
 * rate stays. Returns an error, with the range still held, if it cannot.
 */
static int bc_clk_drop_range(struct boot_constraint *c)
{
	struct clk *keep;
	int ret;

	keep = clk_get(boot_constraint_device(c), c->name);
	if (IS_ERR(keep))
		return PTR_ERR(keep);

	ret = clk_prepare_enable(keep);
	if (ret)
		goto put;

	ret = clk_rate_exclusive_get(keep);
	if (ret)
		goto disable;

	clk_disable_unprepare(c->clk.clk);
	clk_put(c->clk.clk);
	clk_rate_exclusive_put(keep);
	c->clk.clk = keep;
	c->clk.ranged = false;

	return 0;

disable:
	clk_disable_unprepare(keep);
put:
	clk_put(keep);
	return ret;
}

/* The driver sets its own rate: the range goes, the clock stays enabled. */
static void bc_clk_hand_over(struct boot_constraint *c)
{
	int ret;

	if (!c->clk.ranged)
		return;

	ret = bc_clk_drop_range(c);
	if (ret)
		dev_warn(boot_constraint_device(c),
			 "clk boot constraint %s: range kept across the probe: %pe\n",
			 c->name ?: "(default)", ERR_PTR(ret));
}

static int bc_clk_take_back(struct boot_constraint *c)
{
	int ret;

	if (!bc_clk_sets_range(c) || c->clk.ranged)
		return 0;

	/* A no-op if the clock still runs within the range. */
	ret = clk_set_rate_range(c->clk.clk, c->clk.rate_min, c->clk.rate_max);
	c->clk.ranged = !ret;

	return ret;
}

/* The rate stays; the clock goes off only if nothing else keeps it on. */
static int bc_clk_release(struct boot_constraint *c)
{
	if (c->clk.ranged && bc_clk_drop_range(c))
		dev_warn(boot_constraint_device(c),
			 "clk boot constraint %s: the rate may move as its range goes\n",
			 c->name ?: "(default)");

	clk_disable_unprepare(c->clk.clk);
	clk_put(c->clk.clk);
	c->clk.clk = NULL;

	return 0;
}

static void bc_clk_show(struct seq_file *s, const struct boot_constraint *c)
{
	if (bc_clk_sets_range(c))
		seq_printf(s, " %lu-%luHz", c->clk.rate_min, c->clk.rate_max);
	else
		seq_puts(s, " -");
}

static void bc_clk_describe(union boot_constraint_info *info, const char *name,
			    unsigned long min, unsigned long max)
{
	info->clk = (struct dev_boot_constraint_clk_info) {
		.name = name, .rate_min = min, .rate_max = max,
	};
}

/*
 * Whether the clock runs, as the hardware says: every gate from it to its
 * root reads enabled (of_clk_runs(): a divider or a mux reads whether a
 * consumer enabled it, which a constraint's own hold of another clock may
 * have). A clock that runs is held at its rate; one that does not, or has
 * no gate on its way and cannot be turned off, costs no handle.
 */
static int bc_clk_sample(struct boot_constraint *c, bool hold)
{
	struct device *dev = boot_constraint_device(c);
	struct clk *clk;
	int on;

	on = of_clk_runs(dev->of_node, c->name);
	if (on <= 0)
		return on;

	clk = clk_get(dev, c->name);
	if (IS_ERR(clk))
		return PTR_ERR(clk);

	c->clk.rate_min = clk_get_rate(clk);
	c->clk.rate_max = c->clk.rate_min;
	if (!hold) {
		clk_put(clk);
		return 1;
	}

	on = bc_clk_hold(c, clk);

	return on ?: 1;
}

static const struct boot_constraint_of_names bc_clk_of = {
	.list = "clocks", .cells = "#clock-cells", .names = "clock-names",
	.per = 1,
};

const struct boot_constraint_ops boot_constraint_clk_ops = {
	.name = "clk",
	.init = bc_clk_init,
	.apply = bc_clk_apply,
	.hand_over = bc_clk_hand_over,
	.take_back = bc_clk_take_back,
	.release = bc_clk_release,
	.show = bc_clk_show,
	.provider = boot_constraint_of_provider,
	.kind = "clock",
	.of = &bc_clk_of,
	.spec = "clk",
	.decl = "hold-clocks",
	.decl_range = "hold-clock-rates-hz",
	.range_max = ULONG_MAX,
	.describe = bc_clk_describe,
	.sample = bc_clk_sample,
};
