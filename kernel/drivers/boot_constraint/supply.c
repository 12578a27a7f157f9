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

#include "type.h"

/**
 * struct bc_supply - A supply constraint.
 *
 * @c: the constraint.
 * @u_volt_min: lower bound of the voltage range, or 0 for none.
 * @u_volt_max: upper bound of the voltage range, or 0 for none.
 * @reg: the regulator, while held with regulator_boot_hold().
 */
struct bc_supply {
	struct bc_constraint c;
	unsigned int u_volt_min;
	unsigned int u_volt_max;
	struct regulator *reg;
};

#define to_bc_supply(_c) container_of_const(_c, struct bc_supply, c)

static int bc_supply_init(struct bc_constraint *c, struct device *dev,
			  const void *data)
{
	const struct dev_boot_constraint_supply_info *info = data;
	struct bc_supply *bc = to_bc_supply(c);

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

	bc->u_volt_min = info->u_volt_min;
	bc->u_volt_max = info->u_volt_max;

	return 0;
}

static bool bc_supply_sets_voltage(const struct bc_constraint *c)
{
	return to_bc_supply(c)->u_volt_max;
}

/*
 * Requests the voltage range, without moving a rail that already runs
 * within it: the regulator core sets a rail to the lowest voltage every
 * consumer accepts, so the range asked for starts at the present voltage.
 * A rail outside the range is moved into it.
 */
static int bc_supply_request(struct bc_constraint *c, struct regulator *reg)
{
	const struct bc_supply *bc = to_bc_supply(c);
	int min = bc->u_volt_min, max = bc->u_volt_max;
	int now = regulator_get_voltage(reg);

	if (now >= min && now <= max)
		min = now;

	return regulator_set_voltage(reg, min, max);
}

/*
 * Holds @reg, enabled and at the voltage, as a boot hold: the device's
 * driver takes the enable over with its first regulator_enable(), the
 * voltage with its first regulator_set_voltage(), and both with an
 * exclusive get, all as if nothing held the supply; until then the other
 * consumers are held off. On error @reg is put.
 */
static int bc_supply_hold(struct bc_constraint *c, struct regulator *reg)
{
	int ret;

	if (bc_supply_sets_voltage(c)) {
		ret = bc_supply_request(c, reg);
		if (ret)
			goto put;
	}

	ret = regulator_boot_hold(reg);
	if (ret)
		goto put;

	to_bc_supply(c)->reg = reg;

	return 0;

put:
	/* Drops the request without moving the rail: the core keeps it there. */
	regulator_put(reg);
	return ret;
}

static int bc_supply_apply(struct bc_constraint *c)
{
	struct regulator *reg;

	reg = regulator_get_boot_hold(bc_device(c), c->name);
	if (IS_ERR(reg))
		return PTR_ERR(reg);

	return bc_supply_hold(c, reg);
}

/*
 * After a probe that did not keep the device: the driver's enable and
 * request, which took over the hold's, went with its handle. The hold
 * counts again while the rail is on, whoever keeps it on, so that no other
 * consumer switches it off before the next attempt; a rail the driver
 * switched off stays off. Asking again for the range from the present
 * voltage is a no-op for a request still in place, and moves no rail
 * within it.
 */
static int bc_supply_take_back(struct bc_constraint *c)
{
	struct regulator *reg = to_bc_supply(c)->reg;
	int ret;

	ret = regulator_boot_hold(reg);
	if (ret || !bc_supply_sets_voltage(c))
		return ret;

	return bc_supply_request(c, reg);
}

/*
 * The hold's voltage request goes: the requests of other consumers that it
 * bounded are applied now, as the regulator core balances them again (a
 * rail no consumer asks a voltage of stays where it is). The supply goes
 * off only if nothing else keeps it on, and the hold's enable counts only
 * if the driver did not take it over.
 */
static int bc_supply_release(struct bc_constraint *c)
{
	struct bc_supply *bc = to_bc_supply(c);
	int ret;

	ret = regulator_boot_unhold(bc->reg);
	if (ret)
		return ret;

	regulator_put(bc->reg);
	bc->reg = NULL;

	return 0;
}

static void bc_supply_show(struct seq_file *s, const struct bc_constraint *c)
{
	const struct bc_supply *bc = to_bc_supply(c);

	if (bc_supply_sets_voltage(c))
		seq_printf(s, " %u-%uuV", bc->u_volt_min, bc->u_volt_max);
	else
		seq_puts(s, " -");
}

static void bc_supply_describe(struct bc_desc *desc,
			       const char *name, unsigned long min,
			       unsigned long max)
{
	struct dev_boot_constraint_supply_info *info =
		BC_DESC(desc, struct dev_boot_constraint_supply_info);

	*info = (struct dev_boot_constraint_supply_info) {
		.name = name, .u_volt_min = min, .u_volt_max = max,
	};
}

/*
 * What the regulator reads back: its enable bit, or its enable GPIO, read
 * without a consumer handle. One that is on is held at its voltage, if it
 * has one (a switch has not); one that is off costs no handle.
 */
static int bc_supply_sample(struct bc_constraint *c, bool hold)
{
	struct bc_supply *bc = to_bc_supply(c);
	struct regulator *reg;
	int on, uv;

	on = regulator_peek_supply(bc_device(c), c->name, &uv);
	if (on < 0)
		return on;
	if (uv > 0) {
		bc->u_volt_min = uv;
		bc->u_volt_max = uv;
	}
	if (!on || !hold)
		return !!on;

	reg = regulator_get_boot_hold(bc_device(c), c->name);
	if (IS_ERR(reg))
		return PTR_ERR(reg);

	on = bc_supply_hold(c, reg);

	return on ?: 1;
}

/*
 * The regulator's node is found among the node's properties, so that looking
 * it up for a missing regulator formats and allocates nothing.
 */
static const struct bc_of_names bc_supply_of = {
	.suffix = "-supply",
};

static const struct bc_names bc_supply_names = {
	.kind = "supply",
	.of = &bc_supply_of,
	.decl = "hold-supplies",
	.decl_range = "hold-supply-microvolt",
	.range_max = INT_MAX,
};

const struct bc_type bc_supply_type = {
	.name = "supply",
	.names = &bc_supply_names,
	.size = BC_SIZE(struct bc_supply),
	.name_offset = offsetof(struct dev_boot_constraint_supply_info, name),
	.ops = {
		.init = bc_supply_init,
		.apply = bc_supply_apply,
		.take_back = bc_supply_take_back,
		.release = bc_supply_release,
		.show = bc_supply_show,
		.provider = bc_of_provider,
		.describe = bc_supply_describe,
		.sample = bc_supply_sample,
	},
};
