// SPDX-License-Identifier: GPL-2.0
/*
 * The fake providers of the boot constraint KUnit suites, for one test:
 * allocated from the test (kunit_kzalloc(), freed when it ends) and
 * registered until it ends, either without a device tree node, as the
 * provider of a node no driver binds to, or by a driver of their node
 * that the test registers. Each unregisters itself, or its driver is
 * unregistered, at the end of the test, before its memory is freed.
 */

#include <linux/clk.h>
#include <linux/clkdev.h>
#include <linux/err.h>
#include <linux/minmax.h>
#include <linux/of.h>
#include <linux/overflow.h>

#include <kunit/clk.h>
#include <kunit/device.h>
#include <kunit/platform_device.h>
#include <kunit/resource.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"

/**
 * bc_test_clk_alloc() - Allocate a fake clock gate.
 * @test: the test, which frees it.
 * @log: where its operations go.
 * @name: its name, unique among the registered clocks.
 * @enabled: whether the gate is on, as the bootloader may leave it.
 *
 * Return: the clock, not registered yet, or NULL.
 */
struct bc_test_clk *bc_test_clk_alloc(struct kunit *test, struct bc_test_log *log,
				      const char *name, bool enabled)
{
	struct bc_test_clk *clk;

	clk = kunit_kzalloc(test, sizeof(*clk), GFP_KERNEL);
	if (!clk)
		return NULL;

	clk->rec = &log->rec;
	clk->name = name;
	clk->enabled = enabled;

	return clk;
}

/**
 * bc_test_clk_register() - Register a fake clock, until the test ends.
 * @test: the test, at whose end the clock is unregistered (before it is
 *	freed, if the test allocated it).
 * @clk: the clock, which the caller keeps.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_clk_register(struct kunit *test, struct bc_test_clk *clk)
{
	struct clk_init_data init = { };

	bc_test_clk_init_hw(clk, &init, &bc_test_clk_ops);

	return clk_hw_register_kunit(test, NULL, &clk->hw);
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_of_clk_del_provider, of_clk_del_provider,
			    struct device_node *);

/**
 * bc_test_clk_register_of() - Make a fake clock the clock of a DT node.
 * @test: the test, at whose end the clock and its provider are removed.
 * @clk: the clock.
 * @np: the node, which no driver binds to.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_clk_register_of(struct kunit *test, struct bc_test_clk *clk,
			    struct device_node *np)
{
	return bc_test_clk_register_cells(test, np, &clk, NULL, 1);
}

/**
 * bc_test_clk_register_cells() - Make fake clocks the clocks of a DT node.
 * @test: the test, at whose end the clocks and their provider are removed
 *	and the provider's table, allocated from it, is freed.
 * @np: the node, which no driver binds to.
 * @clks: the clocks.
 * @cells: the specifier cell of each of @clks, as the SoC's binding numbers
 *	it, with "#clock-cells = <1>"; NULL for one clock and
 *	"#clock-cells = <0>".
 * @n: number of entries in @clks and @cells.
 *
 * A specifier with any other cell gets -ENOENT from clk_get().
 *
 * Return: 0 or a negative errno.
 */
int bc_test_clk_register_cells(struct kunit *test, struct device_node *np,
			       struct bc_test_clk **clks,
			       const unsigned int *cells, unsigned int n)
{
	struct clk_hw_onecell_data *data;
	unsigned int i, num = 0;
	int ret;

	for (i = 0; cells && i < n; i++)
		num = max(num, cells[i] + 1);

	data = kunit_kzalloc(test, struct_size(data, hws, num), GFP_KERNEL);
	if (!data)
		return -ENOMEM;

	data->num = num;
	for (i = 0; i < num; i++)
		data->hws[i] = ERR_PTR(-ENOENT);

	for (i = 0; i < n; i++) {
		struct clk_init_data init = { };

		bc_test_clk_init_hw(clks[i], &init, &bc_test_clk_ops);
		ret = of_clk_hw_register_kunit(test, np, &clks[i]->hw);
		if (ret)
			return ret;
		if (cells)
			data->hws[cells[i]] = &clks[i]->hw;
	}

	if (cells)
		ret = of_clk_add_hw_provider(np, of_clk_hw_onecell_get, data);
	else
		ret = of_clk_add_hw_provider(np, of_clk_hw_simple_get, &clks[0]->hw);
	if (ret)
		return ret;

	return kunit_add_action_or_reset(test, bc_test_of_clk_del_provider, np);
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_clkdev_drop, clkdev_drop, struct clk_lookup *);

/**
 * bc_test_clk_add_lookup() - Let clk_get() find a fake clock.
 * @test: the test, at whose end the lookup is dropped.
 * @clk: the registered clock.
 * @con_id: the connection ID, or NULL for any.
 * @dev_id: the device name, or NULL for any device.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_clk_add_lookup(struct kunit *test, struct bc_test_clk *clk,
			   const char *con_id, const char *dev_id)
{
	struct clk_lookup *cl;

	if (dev_id)
		cl = clkdev_hw_create(&clk->hw, con_id, "%s", dev_id);
	else
		cl = clkdev_hw_create(&clk->hw, con_id, NULL);
	if (!cl)
		return -ENOMEM;

	return kunit_add_action_or_reset(test, bc_test_clkdev_drop, cl);
}

/**
 * struct bc_test_provider - Driver of a DT provider node.
 *
 * @pdrv: the driver.
 * @setup: registers the provider of @data for the device probed.
 * @data: the provider.
 */
struct bc_test_provider {
	struct platform_driver pdrv;
	int (*setup)(struct platform_device *pdev, void *data);
	void *data;
};

static int bc_test_provider_probe(struct platform_device *pdev)
{
	struct bc_test_provider *p;

	p = container_of(to_platform_driver(pdev->dev.driver),
			 struct bc_test_provider, pdrv);

	return p->setup(pdev, p->data);
}

static int bc_test_provider_register(struct kunit *test,
				     const struct of_device_id *match,
				     int (*setup)(struct platform_device *pdev,
						  void *data),
				     void *data)
{
	struct bc_test_provider *p;

	p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;

	p->pdrv.probe = bc_test_provider_probe;
	p->pdrv.driver.name = match->compatible;
	p->pdrv.driver.of_match_table = match;
	p->setup = setup;
	p->data = data;

	return kunit_platform_driver_register(test, &p->pdrv);
}

static int bc_test_clk_setup(struct platform_device *pdev, void *data)
{
	return bc_test_clk_provide(&pdev->dev, data, 1, &bc_test_clk_ops, NULL);
}

/**
 * bc_test_clk_driver_register() - Register the driver of a clock's DT node.
 * @test: the test, at whose end the driver is unregistered and freed.
 * @clk: the clock, which the driver's probe registers, managed by the
 *	node's device: it is unregistered when the driver unbinds, at the
 *	latest at the end of the test.
 * @match: the OF match table of the node, whose compatible names the
 *	driver.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_clk_driver_register(struct kunit *test, struct bc_test_clk *clk,
				const struct of_device_id *match)
{
	return bc_test_provider_register(test, match, bc_test_clk_setup, clk);
}

static int bc_test_empty_setup(struct platform_device *pdev, void *data)
{
	return 0;
}

/**
 * bc_test_empty_driver_register() - Bind a provider node, providing nothing.
 * @test: the test, at whose end the driver is unregistered and freed.
 * @match: the OF match table of the node, whose compatible names the
 *	driver.
 *
 * The driver of a provider whose resources are registered later: its
 * consumers may probe, as far as the driver core knows.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_empty_driver_register(struct kunit *test,
				  const struct of_device_id *match)
{
	return bc_test_provider_register(test, match, bc_test_empty_setup, NULL);
}

static const struct regulation_constraints bc_test_reg_constraints = {
	.min_uV = BC_TEST_REG_MIN_UV,
	.max_uV = BC_TEST_REG_MAX_UV,
	.valid_ops_mask = REGULATOR_CHANGE_VOLTAGE | REGULATOR_CHANGE_STATUS,
};

/**
 * bc_test_reg_alloc() - Allocate a fake regulator, "reg" in the log.
 * @test: the test, which frees it.
 * @log: where its operations go.
 * @enabled: whether its output is on, as the bootloader may leave it.
 * @uv: its output voltage, in microvolts.
 *
 * The regulator accepts voltages from %BC_TEST_REG_MIN_UV to
 * %BC_TEST_REG_MAX_UV.
 *
 * Return: the regulator, not registered yet, or NULL.
 */
struct bc_test_reg *bc_test_reg_alloc(struct kunit *test, struct bc_test_log *log,
				      bool enabled, int uv)
{
	struct bc_test_reg *reg;

	reg = kunit_kzalloc(test, sizeof(*reg), GFP_KERNEL);
	if (!reg)
		return NULL;

	reg->desc.name = "reg";
	reg->init_data.constraints = bc_test_reg_constraints;
	reg->init_data.consumer_supplies = reg->supplies;
	reg->rec = &log->rec;
	reg->enabled = enabled;
	reg->uv = uv;

	return reg;
}

/**
 * bc_test_reg_add_consumer() - Make a fake regulator the "vdd" of a device.
 * @reg: the regulator, not registered yet.
 * @dev_name: the name of the device.
 */
void bc_test_reg_add_consumer(struct bc_test_reg *reg, const char *dev_name)
{
	unsigned int n = reg->init_data.num_consumer_supplies;

	if (WARN_ON(n >= ARRAY_SIZE(reg->supplies)))
		return;

	reg->supplies[n].supply = "vdd";
	reg->supplies[n].dev_name = dev_name;
	reg->init_data.num_consumer_supplies++;
}

/**
 * bc_test_reg_register() - Register a fake regulator, until the test ends.
 * @test: the test.
 * @reg: the regulator, which the caller keeps.
 *
 * The regulator belongs to a KUnit device, whose unregistration at the end
 * of the test unregisters it.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_reg_register(struct kunit *test, struct bc_test_reg *reg)
{
	struct device *dev;

	dev = kunit_device_register(test, "bc-test-reg");
	if (IS_ERR(dev))
		return PTR_ERR(dev);

	return bc_test_reg_provide(dev, reg);
}

static int bc_test_reg_setup(struct platform_device *pdev, void *data)
{
	return bc_test_reg_provide(&pdev->dev, data);
}

/**
 * bc_test_reg_driver_register() - Register the driver of a regulator's node.
 * @test: the test, at whose end the driver is unregistered and freed.
 * @reg: the regulator, which the driver's probe registers, managed by the
 *	node's device: unregistered when the driver unbinds.
 * @match: the OF match table of the node, whose compatible names the
 *	driver.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_reg_driver_register(struct kunit *test, struct bc_test_reg *reg,
				const struct of_device_id *match)
{
	return bc_test_provider_register(test, match, bc_test_reg_setup, reg);
}

/**
 * bc_test_pd_alloc() - Allocate a fake power domain, powered on, "pd" in the log.
 * @test: the test, which frees it.
 * @log: where its operations go.
 *
 * Return: the domain, not registered yet, or NULL.
 */
struct bc_test_pd *bc_test_pd_alloc(struct kunit *test, struct bc_test_log *log)
{
	struct bc_test_pd *pd;

	pd = kunit_kzalloc(test, sizeof(*pd), GFP_KERNEL);
	if (!pd)
		return NULL;

	pd->genpd.name = "pd";
	pd->rec = &log->rec;
	pd->on = true;

	return pd;
}

static int bc_test_pd_setup(struct platform_device *pdev, void *data)
{
	return bc_test_pd_provide(&pdev->dev, data);
}

/**
 * struct bc_test_pd_cells - A fake domain behind a one-cell specifier.
 *
 * @data: the provider's table of domains.
 * @pd: the domain.
 * @np: the provider's node.
 */
struct bc_test_pd_cells {
	struct genpd_onecell_data data;
	struct bc_test_pd *pd;
	struct device_node *np;
};

static void bc_test_pd_cells_remove(void *data)
{
	struct bc_test_pd_cells *p = data;

	of_genpd_del_provider(p->np);
	WARN_ON(pm_genpd_remove(&p->pd->genpd));
}

/**
 * bc_test_pd_register_cell() - Make a fake domain a domain of a DT node.
 * @test: the test, at whose end the domain and its provider are removed.
 * @np: the node, with "#power-domain-cells = <1>", which no driver binds to.
 * @pd: the domain.
 * @cell: its specifier cell, as the SoC's binding numbers it.
 *
 * A specifier with any other cell is refused.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_pd_register_cell(struct kunit *test, struct device_node *np,
			     struct bc_test_pd *pd, unsigned int cell)
{
	struct bc_test_pd_cells *p;
	int ret;

	p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;

	p->data.domains = kunit_kcalloc(test, cell + 1, sizeof(*p->data.domains),
					GFP_KERNEL);
	if (!p->data.domains)
		return -ENOMEM;

	p->data.num_domains = cell + 1;
	p->data.domains[cell] = &pd->genpd;
	p->pd = pd;
	p->np = np;

	ret = bc_test_pd_init(pd);
	if (ret)
		return ret;

	ret = of_genpd_add_provider_onecell(np, &p->data);
	if (ret) {
		pm_genpd_remove(&pd->genpd);
		return ret;
	}

	return kunit_add_action_or_reset(test, bc_test_pd_cells_remove, p);
}

/**
 * bc_test_pd_driver_register() - Register the driver of a domain's node.
 * @test: the test, at whose end the driver is unregistered and freed.
 * @pd: the domain, which the driver's probe registers, managed by the
 *	node's device: removed when the driver unbinds.
 * @match: the OF match table of the node, whose compatible names the
 *	driver.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_pd_driver_register(struct kunit *test, struct bc_test_pd *pd,
			       const struct of_device_id *match)
{
	return bc_test_provider_register(test, match, bc_test_pd_setup, pd);
}

static const char * const bc_test_icc_names[BC_TEST_ICC_NODES] = {
	[BC_TEST_ICC_A] = "a",
	[BC_TEST_ICC_B] = "b",
	[BC_TEST_ICC_MEM] = "mem",
	[BC_TEST_ICC_CFG] = "cfg",
};

static const u8 bc_test_icc_links[][2] = {
	{ BC_TEST_ICC_A, BC_TEST_ICC_MEM },
	{ BC_TEST_ICC_A, BC_TEST_ICC_CFG },
	{ BC_TEST_ICC_B, BC_TEST_ICC_MEM },
};

static const struct bc_test_icc_desc bc_test_icc_desc = {
	.names = bc_test_icc_names,
	.num_nodes = BC_TEST_ICC_NODES,
	.links = bc_test_icc_links,
	.num_links = ARRAY_SIZE(bc_test_icc_links),
};

/**
 * bc_test_icc_alloc() - Allocate a fake interconnect provider.
 * @test: the test, which frees it.
 * @log: where its set() calls go.
 *
 * Its nodes, once registered: a and b, masters, with paths a-mem, a-cfg
 * and b-mem; all start with no bandwidth, so that the core does not keep
 * them at a boot bandwidth until icc_sync_state(), which runs once a boot,
 * not per test.
 *
 * Return: the provider, not registered yet, or NULL.
 */
struct bc_test_icc *bc_test_icc_alloc(struct kunit *test, struct bc_test_log *log)
{
	struct bc_test_icc *icc;

	icc = kunit_kzalloc(test, sizeof(*icc), GFP_KERNEL);
	if (!icc)
		return NULL;

	icc->desc = &bc_test_icc_desc;
	icc->rec = &log->rec;

	return icc;
}

static int bc_test_icc_setup(struct platform_device *pdev, void *data)
{
	return bc_test_icc_provide(&pdev->dev, data);
}

/**
 * bc_test_icc_driver_register() - Register the driver of an interconnect node.
 * @test: the test, at whose end the driver is unregistered and freed.
 * @icc: the provider, which the driver's probe registers, managed by the
 *	node's device: removed when the driver unbinds.
 * @match: the OF match table of the node, whose compatible names the
 *	driver.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_icc_driver_register(struct kunit *test, struct bc_test_icc *icc,
				const struct of_device_id *match)
{
	return bc_test_provider_register(test, match, bc_test_icc_setup, icc);
}

/**
 * bc_test_reset_alloc() - Allocate a fake reset controller.
 * @test: the test, which frees it.
 * @log: where its operations go, as "rst<line>".
 *
 * Its %BC_TEST_RESET_LINES lines start deasserted.
 *
 * Return: the controller, not registered yet, or NULL.
 */
struct bc_test_reset *bc_test_reset_alloc(struct kunit *test,
					  struct bc_test_log *log)
{
	struct bc_test_reset *rst;

	rst = kunit_kzalloc(test, sizeof(*rst), GFP_KERNEL);
	if (rst)
		rst->rec = &log->rec;

	return rst;
}

static int bc_test_reset_setup(struct platform_device *pdev, void *data)
{
	static const char * const names[BC_TEST_RESET_LINES] = { "rst0", "rst1" };

	return bc_test_reset_provide(&pdev->dev, data, BC_TEST_RESET_LINES, names);
}

/**
 * bc_test_reset_driver_register() - Register the driver of a reset node.
 * @test: the test, at whose end the driver is unregistered and freed.
 * @rst: the controller, which the driver's probe registers, managed by the
 *	node's device: unregistered when the driver unbinds.
 * @match: the OF match table of the node, whose compatible names the
 *	driver.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_reset_driver_register(struct kunit *test, struct bc_test_reset *rst,
				  const struct of_device_id *match)
{
	return bc_test_provider_register(test, match, bc_test_reset_setup, rst);
}
