// SPDX-License-Identifier: GPL-2.0
/*
 * Clock boot constraints: keep a clock prepared and enabled, and optionally
 * within the rate range the device accepts, against its other consumers and
 * the rate changes of its parents.
 */

#include <linux/clk.h>
#include <linux/clk/boot-hold.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/seq_file.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "type.h"

/**
 * struct bc_clk - A clock constraint.
 *
 * @c: the constraint.
 * @rate_min: lower bound of the rate range, or 0 for none.
 * @rate_max: upper bound of the rate range, or 0 for none.
 * @clk: the clock, while held.
 */
struct bc_clk {
	struct bc_constraint c;
	unsigned long rate_min;
	unsigned long rate_max;
	struct clk *clk;
};

#define to_bc_clk(_c) container_of_const(_c, struct bc_clk, c)

static int bc_clk_init(struct bc_constraint *c, struct device *dev,
		       const void *data)
{
	const struct dev_boot_constraint_clk_info *info = data;
	struct bc_clk *bc = to_bc_clk(c);

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

	bc->rate_min = info->rate_min;
	bc->rate_max = info->rate_max;

	return 0;
}

static bool bc_clk_sets_range(const struct bc_constraint *c)
{
	return to_bc_clk(c)->rate_max;
}

/*
 * Holds @clk, enabled and within the range, as a boot hold: the device's
 * driver sets the rate and the parent, of a clock gated for either
 * included, as if nothing held the clock, and takes the range over with
 * its first rate request; until then the other consumers, and the rate
 * changes of the parents, are held within it. A range @sampled from the
 * rate the clock runs at that the framework refuses (a mux of sun6i's RTC
 * that divides its parent's rate, which its determine_rate() ignores,
 * could never be set to it) is no error: the clock is held on, its rate
 * not held. Trying the range first costs nothing where it is accepted,
 * unlike a rounding of the rate for each clock sampled. On error @clk is
 * put.
 */
static int bc_clk_hold(struct bc_constraint *c, struct clk *clk, bool sampled)
{
	struct bc_clk *bc = to_bc_clk(c);
	int ret;

	ret = clk_boot_hold(clk);
	if (ret)
		goto put;

	if (bc_clk_sets_range(c)) {
		ret = clk_set_rate_range(clk, bc->rate_min, bc->rate_max);
		if (ret == -EINVAL && sampled) {
			dev_dbg(bc_device(c), "clk %s: its rate %lu Hz cannot be held: held on, at no range\n",
				c->name ?: "(default)", bc->rate_max);
			bc->rate_min = 0;
			bc->rate_max = 0;
			ret = 0;
		}
		if (ret)
			goto unhold;
	}

	bc->clk = clk;

	return 0;

unhold:
	clk_boot_unhold(clk);
put:
	clk_put(clk);
	return ret;
}

/* The device's handle, from the node's entry without parsing it again */
static struct clk *bc_clk_get(struct bc_constraint *c)
{
	struct of_phandle_args spec;

	if (bc_constraint_args(c, &spec))
		return clk_boot_get(bc_device(c), &spec, c->name);

	return clk_get(bc_device(c), c->name);
}

static int bc_clk_apply(struct bc_constraint *c)
{
	struct clk *clk = bc_clk_get(c);

	if (IS_ERR(clk))
		return PTR_ERR(clk);

	return bc_clk_hold(c, clk, false);
}

/*
 * After a probe that did not keep the device: the driver's rate request,
 * if it made one, took the range over. Asking again for the range is a
 * no-op for a range still in place, and moves no rate within it.
 */
static int bc_clk_take_back(struct bc_constraint *c)
{
	struct bc_clk *bc = to_bc_clk(c);

	if (!bc_clk_sets_range(c))
		return 0;

	return clk_set_rate_range(bc->clk, bc->rate_min, bc->rate_max);
}

/*
 * The range goes without moving the rate; the clock goes off only if
 * nothing else keeps it on.
 */
static int bc_clk_release(struct bc_constraint *c)
{
	struct bc_clk *bc = to_bc_clk(c);

	clk_boot_unhold(bc->clk);
	clk_put(bc->clk);
	bc->clk = NULL;

	return 0;
}

static void bc_clk_show(struct seq_file *s, const struct bc_constraint *c)
{
	const struct bc_clk *bc = to_bc_clk(c);

	if (bc_clk_sets_range(c))
		seq_printf(s, " %lu-%luHz", bc->rate_min, bc->rate_max);
	else
		seq_puts(s, " -");
}

static void bc_clk_describe(struct bc_desc *desc,
			    const char *name, unsigned long min,
			    unsigned long max)
{
	struct dev_boot_constraint_clk_info *info =
		BC_DESC(desc, struct dev_boot_constraint_clk_info);

	*info = (struct dev_boot_constraint_clk_info) {
		.name = name, .rate_min = min, .rate_max = max,
	};
}

static const struct bc_of_names bc_clk_of = {
	.list = "clocks", .cells = "#clock-cells", .names = "clock-names",
	.per = 1,
};

/*
 * Whether the clock @name of @dev runs, as the hardware says: of_clk_runs()
 * of the node's entry @spec if @found, as walked, or of the entry read now
 * into @spec.
 */
static int bc_clk_runs_at(struct device *dev, const char *name,
			  struct of_phandle_args *spec, bool found)
{
	int ret;

	if (found)
		return of_clk_runs(spec);

	ret = bc_of_spec(dev->of_node, &bc_clk_of, name, spec);
	if (ret)
		return ret;

	ret = of_clk_runs(spec);
	of_node_put(spec->np);

	return ret;
}

static int bc_clk_peek(struct device *dev, const char *name,
		       const struct bc_spec *walked)
{
	/* Read as far as it is written: not zeroed first */
	struct of_phandle_args spec __uninitialized;

	return bc_clk_runs_at(dev, name, &spec, bc_spec_args(walked, &spec));
}

static int bc_clk_runs(struct bc_constraint *c)
{
	struct of_phandle_args spec __uninitialized;

	return bc_clk_runs_at(bc_device(c), c->name, &spec,
			      bc_constraint_args(c, &spec));
}

/*
 * The rate @clk runs at, as the range auto mode would hold it in (report
 * mode), if the framework can hold it there: a clock whose provider rounds
 * its own rate elsewhere could never be set to it, and a range of that
 * rate alone would be refused (see bc_clk_hold()).
 */
static void bc_clk_sample_range(struct bc_clk *bc, struct clk *clk)
{
	unsigned long rate = clk_get_rate(clk);
	long rounded = clk_round_rate(clk, rate);

	if (rounded < 0 || rounded != rate) {
		dev_dbg(bc_device(&bc->c), "clk %s: its rate %lu Hz rounds to %ld: held on, at no range\n",
			bc->c.name ?: "(default)", rate, rounded);
		rate = 0;
	}

	bc->rate_min = rate;
	bc->rate_max = rate;
}

/*
 * A clock that runs (the clock and each one above it prepared and enabled
 * where it can say so) is held at its rate, where the framework can hold
 * it; one that does not costs no handle.
 */
static int bc_clk_sample(struct bc_constraint *c, bool hold)
{
	struct bc_clk *bc = to_bc_clk(c);
	struct clk *clk;
	int on;

	on = bc_clk_runs(c);
	if (on <= 0)
		return on;

	clk = bc_clk_get(c);
	if (IS_ERR(clk))
		return PTR_ERR(clk);

	if (!hold) {
		bc_clk_sample_range(bc, clk);
		clk_put(clk);
		return 1;
	}

	bc->rate_min = clk_get_rate(clk);
	bc->rate_max = bc->rate_min;
	on = bc_clk_hold(c, clk, true);

	return on ?: 1;
}

static const struct bc_names bc_clk_names = {
	.kind = "clock",
	.of = &bc_clk_of,
	.decl = "hold-clocks",
	.decl_range = "hold-clock-rates-hz",
	.range_max = ULONG_MAX,
};

const struct bc_type bc_clk_type = {
	.name = "clk",
	.names = &bc_clk_names,
	.size = BC_SIZE(struct bc_clk),
	.name_offset = offsetof(struct dev_boot_constraint_clk_info, name),
	.ops = {
		.init = bc_clk_init,
		.apply = bc_clk_apply,
		.take_back = bc_clk_take_back,
		.release = bc_clk_release,
		.show = bc_clk_show,
		.provider = bc_of_provider,
		.describe = bc_clk_describe,
		.sample = bc_clk_sample,
		.peek = bc_clk_peek,
	},
};
