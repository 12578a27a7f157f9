// SPDX-License-Identifier: GPL-2.0
/*
 * Fake providers of the boot constraint tests, one per resource type,
 * registered with the real frameworks: what the clock, regulator and genpd
 * cores ask of them reaches their pretend hardware, which tells a recorder.
 * The interconnect and the reset controller are in fakes_icc_reset.c. See
 * fakes.h.
 */

#include <linux/device.h>
#include <linux/err.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/overflow.h>
#include <linux/regulator/of_regulator.h>
#include <linux/slab.h>

#include <kunit/visibility.h>

#include "fakes.h"

const char * const bc_test_op_names[] = {
	[BC_TEST_PREPARE] = "prepare",
	[BC_TEST_UNPREPARE] = "unprepare",
	[BC_TEST_ON] = "on",
	[BC_TEST_OFF] = "off",
	[BC_TEST_ASSERT] = "assert",
	[BC_TEST_DEASSERT] = "deassert",
	[BC_TEST_PULSE] = "reset",
	[BC_TEST_RATE] = "rate",
	[BC_TEST_VOLTAGE] = "voltage",
	[BC_TEST_AVG] = "avg",
	[BC_TEST_PEAK] = "peak",
};
EXPORT_SYMBOL_IF_KUNIT(bc_test_op_names);

/* Clock gate */

static struct bc_test_clk *to_bc_test_clk(struct clk_hw *hw)
{
	return container_of(hw, struct bc_test_clk, hw);
}

static int bc_test_clk_prepare(struct clk_hw *hw)
{
	struct bc_test_clk *clk = to_bc_test_clk(hw);

	if (clk->prepare_hook)
		clk->prepare_hook(clk->hook_data);
	clk->prepares++;
	bc_test_record(clk->rec, clk->name, BC_TEST_PREPARE, 1, 0);

	return 0;
}

static void bc_test_clk_unprepare(struct clk_hw *hw)
{
	struct bc_test_clk *clk = to_bc_test_clk(hw);

	clk->unprepares++;
	bc_test_record(clk->rec, clk->name, BC_TEST_UNPREPARE, 0, 0);
}

static int bc_test_clk_enable(struct clk_hw *hw)
{
	struct bc_test_clk *clk = to_bc_test_clk(hw);

	if (clk->enable_err) {
		bc_test_record(clk->rec, clk->name, BC_TEST_ON, clk->enabled,
			       clk->enable_err);
		return clk->enable_err;
	}

	clk->enabled = true;
	clk->enables++;
	bc_test_record(clk->rec, clk->name, BC_TEST_ON, 1, 0);

	return 0;
}

static void bc_test_clk_disable(struct clk_hw *hw)
{
	struct bc_test_clk *clk = to_bc_test_clk(hw);

	clk->enabled = false;
	clk->disables++;
	bc_test_record(clk->rec, clk->name, BC_TEST_OFF, 0, 0);
}

static int bc_test_clk_is_enabled(struct clk_hw *hw)
{
	return to_bc_test_clk(hw)->enabled;
}

static unsigned long bc_test_clk_recalc_rate(struct clk_hw *hw,
					     unsigned long parent_rate)
{
	return to_bc_test_clk(hw)->rate;
}

/* Any rate is possible: the clock framework has clamped it to the ranges. */
static int bc_test_clk_determine_rate(struct clk_hw *hw,
				      struct clk_rate_request *req)
{
	return 0;
}

static int bc_test_clk_set_rate(struct clk_hw *hw, unsigned long rate,
				unsigned long parent_rate)
{
	struct bc_test_clk *clk = to_bc_test_clk(hw);

	clk->rate = rate;
	bc_test_record(clk->rec, clk->name, BC_TEST_RATE, rate, 0);

	return 0;
}

#define BC_TEST_GATE_OPS						\
	.prepare = bc_test_clk_prepare, .unprepare = bc_test_clk_unprepare,	\
	.enable = bc_test_clk_enable, .disable = bc_test_clk_disable,	\
	.is_enabled = bc_test_clk_is_enabled

const struct clk_ops bc_test_gate_ops = { BC_TEST_GATE_OPS };
EXPORT_SYMBOL_IF_KUNIT(bc_test_gate_ops);

const struct clk_ops bc_test_clk_ops = {
	BC_TEST_GATE_OPS,
	.recalc_rate = bc_test_clk_recalc_rate,
	.determine_rate = bc_test_clk_determine_rate,
	.set_rate = bc_test_clk_set_rate,
};
EXPORT_SYMBOL_IF_KUNIT(bc_test_clk_ops);

/**
 * bc_test_clk_init_hw() - Describe a fake clock to the clock framework.
 * @clk: the clock, with its name set.
 * @init: its description, which must live until the clock is registered.
 * @ops: &bc_test_clk_ops or &bc_test_gate_ops.
 */
void bc_test_clk_init_hw(struct bc_test_clk *clk, struct clk_init_data *init,
			 const struct clk_ops *ops)
{
	init->name = clk->name;
	init->ops = ops;
	clk->hw.init = init;
}
EXPORT_SYMBOL_IF_KUNIT(bc_test_clk_init_hw);

/**
 * bc_test_clk_enable_count() - The clock framework's enable count of a fake.
 * @clk: the clock.
 *
 * The framework's count, which it exports to KUnit tests only.
 *
 * Return: the count, 0 if the clock is not registered.
 */
unsigned int bc_test_clk_enable_count(struct bc_test_clk *clk)
{
	return __clk_get_enable_count(clk->hw.clk);
}
EXPORT_SYMBOL_IF_KUNIT(bc_test_clk_enable_count);

/**
 * bc_test_clk_provide() - Make fake clocks the clocks of a device's node.
 * @dev: the device, whose driver is probing; the clocks and the provider
 *	are removed when it unbinds.
 * @clks: the clocks, with their names and states set.
 * @n: number of entries in @clks; with "#clock-cells = <0>", 1.
 * @ops: &bc_test_clk_ops or &bc_test_gate_ops.
 * @parent: the parent of every clock, or NULL.
 *
 * Context: the probe of @dev.
 * Return: 0 or a negative errno.
 */
int bc_test_clk_provide(struct device *dev, struct bc_test_clk *clks,
			unsigned int n, const struct clk_ops *ops,
			const struct clk_parent_data *parent)
{
	struct clk_hw_onecell_data *data;
	u32 cells = 1;
	unsigned int i;
	int ret;

	for (i = 0; i < n; i++) {
		struct clk_init_data init = {
			.parent_data = parent,
			.num_parents = parent ? 1 : 0,
		};

		bc_test_clk_init_hw(&clks[i], &init, ops);
		ret = devm_clk_hw_register(dev, &clks[i].hw);
		if (ret)
			return ret;
	}

	of_property_read_u32(dev->of_node, "#clock-cells", &cells);
	if (!cells)
		return devm_of_clk_add_hw_provider(dev, of_clk_hw_simple_get,
						   &clks[0].hw);

	data = devm_kzalloc(dev, struct_size(data, hws, n), GFP_KERNEL);
	if (!data)
		return -ENOMEM;

	data->num = n;
	for (i = 0; i < n; i++)
		data->hws[i] = &clks[i].hw;

	return devm_of_clk_add_hw_provider(dev, of_clk_hw_onecell_get, data);
}
EXPORT_SYMBOL_IF_KUNIT(bc_test_clk_provide);

/* Voltage regulator */

static int bc_test_reg_enable(struct regulator_dev *rdev)
{
	struct bc_test_reg *reg = rdev_get_drvdata(rdev);

	if (reg->enable_err) {
		bc_test_record(reg->rec, reg->desc.name, BC_TEST_ON, reg->uv,
			       reg->enable_err);
		return reg->enable_err;
	}

	reg->enabled = true;
	bc_test_record(reg->rec, reg->desc.name, BC_TEST_ON, reg->uv, 0);

	return 0;
}

static int bc_test_reg_disable(struct regulator_dev *rdev)
{
	struct bc_test_reg *reg = rdev_get_drvdata(rdev);

	reg->enabled = false;
	bc_test_record(reg->rec, reg->desc.name, BC_TEST_OFF, reg->uv, 0);

	return 0;
}

static int bc_test_reg_is_enabled(struct regulator_dev *rdev)
{
	struct bc_test_reg *reg = rdev_get_drvdata(rdev);

	return reg->enabled;
}

/* Like most hardware, settles on the lowest voltage it is allowed. */
static int bc_test_reg_set_voltage(struct regulator_dev *rdev, int min_uV,
				   int max_uV, unsigned int *selector)
{
	struct bc_test_reg *reg = rdev_get_drvdata(rdev);

	reg->uv = min_uV;
	*selector = 0;
	bc_test_record(reg->rec, reg->desc.name, BC_TEST_VOLTAGE, min_uV, 0);

	return 0;
}

static int bc_test_reg_get_voltage(struct regulator_dev *rdev)
{
	struct bc_test_reg *reg = rdev_get_drvdata(rdev);

	return reg->uv;
}

static const struct regulator_ops bc_test_reg_ops = {
	.enable = bc_test_reg_enable,
	.disable = bc_test_reg_disable,
	.is_enabled = bc_test_reg_is_enabled,
	.set_voltage = bc_test_reg_set_voltage,
	.get_voltage = bc_test_reg_get_voltage,
};

/**
 * bc_test_reg_provide() - Register a fake regulator for a device.
 * @dev: the device; the regulator is unregistered when it unbinds, or, if
 *	no driver binds it, when it is deleted.
 * @reg: the regulator, with its name, state, constraints and consumers
 *	set.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_reg_provide(struct device *dev, struct bc_test_reg *reg)
{
	struct regulator_config config = {
		.dev = dev,
		.init_data = &reg->init_data,
		.driver_data = reg,
		.of_node = dev->of_node,
	};

	reg->desc.type = REGULATOR_VOLTAGE;
	reg->desc.owner = THIS_MODULE;
	reg->desc.ops = &bc_test_reg_ops;
	reg->rdev = devm_regulator_register(dev, &reg->desc, &config);

	return PTR_ERR_OR_ZERO(reg->rdev);
}
EXPORT_SYMBOL_IF_KUNIT(bc_test_reg_provide);

/**
 * bc_test_reg_of() - A fake regulator that its device's node describes.
 * @dev: the regulator's device, which frees it when it unbinds.
 * @uv_prop: the node's property of the output voltage, in microvolts.
 *
 * Reads the regulator's constraints from the node, as the regulator
 * bindings say, and its voltage from @uv_prop; names it after its
 * regulator-name, or else after @dev. The caller sets the rest and
 * provides it (bc_test_reg_provide()).
 *
 * Return: the regulator, off; or an ERR_PTR().
 */
struct bc_test_reg *bc_test_reg_of(struct device *dev, const char *uv_prop)
{
	struct regulator_init_data *init_data;
	struct bc_test_reg *reg;
	u32 uv;

	reg = devm_kzalloc(dev, sizeof(*reg), GFP_KERNEL);
	if (!reg)
		return ERR_PTR(-ENOMEM);

	if (of_property_read_u32(dev->of_node, uv_prop, &uv))
		return ERR_PTR(dev_err_probe(dev, -EINVAL, "no %s\n", uv_prop));

	init_data = of_get_regulator_init_data(dev, dev->of_node, &reg->desc);
	if (!init_data)
		return ERR_PTR(-ENOMEM);

	reg->init_data = *init_data;
	reg->desc.name = init_data->constraints.name ?: dev_name(dev);
	reg->uv = uv;

	return reg;
}

/* Power domain */

static struct bc_test_pd *to_bc_test_pd(struct generic_pm_domain *genpd)
{
	return container_of(genpd, struct bc_test_pd, genpd);
}

static int bc_test_pd_power_on(struct generic_pm_domain *genpd)
{
	struct bc_test_pd *pd = to_bc_test_pd(genpd);

	pd->on = true;
	bc_test_record(pd->rec, genpd->name, BC_TEST_ON, 1, 0);

	return 0;
}

static int bc_test_pd_power_off(struct generic_pm_domain *genpd)
{
	struct bc_test_pd *pd = to_bc_test_pd(genpd);

	pd->on = false;
	bc_test_record(pd->rec, genpd->name, BC_TEST_OFF, 0, 0);

	return 0;
}

/**
 * bc_test_pd_init() - Initialize a fake power domain with genpd.
 * @pd: the domain, with its name and state set.
 *
 * The caller removes it with pm_genpd_remove().
 *
 * Return: 0 or a negative errno.
 */
int bc_test_pd_init(struct bc_test_pd *pd)
{
	pd->genpd.power_on = bc_test_pd_power_on;
	pd->genpd.power_off = bc_test_pd_power_off;

	return pm_genpd_init(&pd->genpd, NULL, !pd->on);
}
EXPORT_SYMBOL_IF_KUNIT(bc_test_pd_init);

static void bc_test_pd_remove(void *data)
{
	struct bc_test_pd *pd = data;

	of_genpd_del_provider(pd->genpd.dev.of_node);
	WARN_ON(pm_genpd_remove(&pd->genpd));
}

/**
 * bc_test_pd_provide() - Make a fake domain the domain of a device's node.
 * @dev: the device, with "#power-domain-cells = <0>", whose driver is
 *	probing; the domain is removed when it unbinds.
 * @pd: the domain, with its name and state set.
 *
 * Context: the probe of @dev.
 * Return: 0 or a negative errno.
 */
int bc_test_pd_provide(struct device *dev, struct bc_test_pd *pd)
{
	int ret;

	ret = bc_test_pd_init(pd);
	if (ret)
		return ret;

	ret = of_genpd_add_provider_simple(dev->of_node, &pd->genpd);
	if (ret) {
		pm_genpd_remove(&pd->genpd);
		return ret;
	}

	return devm_add_action_or_reset(dev, bc_test_pd_remove, pd);
}
EXPORT_SYMBOL_IF_KUNIT(bc_test_pd_provide);

MODULE_DESCRIPTION("Fake providers of the boot constraint tests");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
