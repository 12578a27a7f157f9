// SPDX-License-Identifier: GPL-2.0
/*
 * Test providers for the boot constraint KUnit suites: a clock gate, a
 * voltage regulator, a power domain, an interconnect and a reset controller
 * that write every operation on their pretend hardware to a log, a driver
 * whose probe returns what the test chose and records the resources it
 * found, and the device tree overlay that describes providers and
 * consumers.
 */

#include <linux/clk.h>
#include <linux/clkdev.h>
#include <linux/err.h>
#include <linux/minmax.h>
#include <linux/of.h>
#include <linux/of_platform.h>
#include <linux/overflow.h>
#include <linux/pm_runtime.h>
#include <linux/sprintf.h>
#include <linux/string.h>

#include <kunit/clk.h>
#include <kunit/device.h>
#include <kunit/of.h>
#include <kunit/platform_device.h>
#include <kunit/resource.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../core.h"

/**
 * bc_test_log_alloc() - Allocate an empty log, freed when the test ends.
 * @test: the test.
 *
 * Return: the log, or NULL.
 */
struct bc_test_log *bc_test_log_alloc(struct kunit *test)
{
	struct bc_test_log *log;

	log = kunit_kzalloc(test, sizeof(*log), GFP_KERNEL);
	if (log)
		spin_lock_init(&log->lock);

	return log;
}

/**
 * bc_test_log_add() - Append an event to a log.
 * @log: the log.
 * @fmt: printf() format of the event, which must not contain spaces.
 * @...: its arguments.
 *
 * Context: any context.
 */
void bc_test_log_add(struct bc_test_log *log, const char *fmt, ...)
{
	unsigned long flags;
	va_list args;
	size_t room;
	int n;

	spin_lock_irqsave(&log->lock, flags);
	room = sizeof(log->buf) - log->len;
	if (log->len) {
		if (room < 2)
			goto full;
		log->buf[log->len++] = ' ';
		room--;
	}

	va_start(args, fmt);
	n = vsnprintf(log->buf + log->len, room, fmt, args);
	va_end(args);
	if (n < room) {
		log->len += n;
		goto out;
	}

full:
	log->overflow = true;
	log->len = sizeof(log->buf) - 1;
	log->buf[log->len] = '\0';
out:
	spin_unlock_irqrestore(&log->lock, flags);
}

/**
 * bc_test_log_str() - The events of a log.
 * @log: the log, which nothing writes to meanwhile.
 *
 * Return: the events separated by spaces, or "(overflow)".
 */
const char *bc_test_log_str(struct bc_test_log *log)
{
	return log->overflow ? "(overflow)" : log->buf;
}

/**
 * bc_test_log_clear() - Forget the events of a log.
 * @log: the log.
 */
void bc_test_log_clear(struct bc_test_log *log)
{
	unsigned long flags;

	spin_lock_irqsave(&log->lock, flags);
	log->len = 0;
	log->overflow = false;
	log->buf[0] = '\0';
	spin_unlock_irqrestore(&log->lock, flags);
}

/**
 * bc_test_log_has() - Whether a log holds an event.
 * @log: the log.
 * @event: the event, such as "pd:off".
 *
 * Return: true if @event is one of the events of @log.
 */
bool bc_test_log_has(struct bc_test_log *log, const char *event)
{
	size_t n = strlen(event);
	unsigned long flags;
	bool found = false;
	const char *p;

	spin_lock_irqsave(&log->lock, flags);
	for (p = log->buf; (p = strstr(p, event)); p++) {
		if ((p == log->buf || p[-1] == ' ') &&
		    (p[n] == ' ' || !p[n])) {
			found = true;
			break;
		}
	}
	spin_unlock_irqrestore(&log->lock, flags);

	return found;
}

/**
 * bc_test_log_ends_with() - Whether the last events of a log are these.
 * @log: the log.
 * @events: the events, separated by spaces.
 *
 * Return: true if @events are the last events of @log, in that order.
 */
bool bc_test_log_ends_with(struct bc_test_log *log, const char *events)
{
	size_t n = strlen(events);
	unsigned long flags;
	bool ret;

	spin_lock_irqsave(&log->lock, flags);
	ret = !log->overflow && log->len >= n &&
	      !strcmp(log->buf + log->len - n, events) &&
	      (log->len == n || log->buf[log->len - n - 1] == ' ');
	spin_unlock_irqrestore(&log->lock, flags);

	return ret;
}

static struct bc_test_clk *to_bc_kunit_clk(struct clk_hw *hw)
{
	return container_of(hw, struct bc_test_clk, hw);
}

static int bc_test_clk_prepare(struct clk_hw *hw)
{
	struct bc_test_clk *clk = to_bc_kunit_clk(hw);

	if (clk->prepare_hook)
		clk->prepare_hook(clk->hook_data);
	clk->prepares++;
	bc_test_log_add(clk->log, "%s:prepare", clk->name);

	return 0;
}

static void bc_test_clk_unprepare(struct clk_hw *hw)
{
	struct bc_test_clk *clk = to_bc_kunit_clk(hw);

	clk->unprepares++;
	bc_test_log_add(clk->log, "%s:unprepare", clk->name);
}

static int bc_test_clk_enable(struct clk_hw *hw)
{
	struct bc_test_clk *clk = to_bc_kunit_clk(hw);

	if (clk->enable_err) {
		bc_test_log_add(clk->log, "%s:enable=%d", clk->name,
				clk->enable_err);
		return clk->enable_err;
	}

	clk->enabled = true;
	clk->enables++;
	bc_test_log_add(clk->log, "%s:enable", clk->name);

	return 0;
}

static void bc_test_clk_disable(struct clk_hw *hw)
{
	struct bc_test_clk *clk = to_bc_kunit_clk(hw);

	clk->enabled = false;
	clk->disables++;
	bc_test_log_add(clk->log, "%s:disable", clk->name);
}

static int bc_test_clk_is_enabled(struct clk_hw *hw)
{
	return to_bc_kunit_clk(hw)->enabled;
}

static unsigned long bc_test_clk_recalc_rate(struct clk_hw *hw,
					     unsigned long parent_rate)
{
	return to_bc_kunit_clk(hw)->rate;
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
	struct bc_test_clk *clk = to_bc_kunit_clk(hw);

	clk->rate = rate;
	bc_test_log_add(clk->log, "%s:rate=%lu", clk->name, rate);

	return 0;
}

static const struct clk_ops bc_test_clk_ops = {
	.prepare = bc_test_clk_prepare,
	.unprepare = bc_test_clk_unprepare,
	.enable = bc_test_clk_enable,
	.disable = bc_test_clk_disable,
	.is_enabled = bc_test_clk_is_enabled,
	.recalc_rate = bc_test_clk_recalc_rate,
	.determine_rate = bc_test_clk_determine_rate,
	.set_rate = bc_test_clk_set_rate,
};

/**
 * bc_test_clk_alloc() - Allocate a test clock gate.
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

	clk->log = log;
	clk->name = name;
	clk->enabled = enabled;

	return clk;
}

static void bc_test_clk_init_hw(struct bc_test_clk *clk, struct clk_init_data *init)
{
	init->name = clk->name;
	init->ops = &bc_test_clk_ops;
	clk->hw.init = init;
}

/**
 * bc_test_clk_register() - Register a test clock, until the test ends.
 * @test: the test.
 * @clk: the clock.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_clk_register(struct kunit *test, struct bc_test_clk *clk)
{
	struct clk_init_data init = { };

	bc_test_clk_init_hw(clk, &init);

	return clk_hw_register_kunit(test, NULL, &clk->hw);
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_of_clk_del_provider, of_clk_del_provider,
			    struct device_node *);

/**
 * bc_test_clk_register_of() - Make a test clock the clock of a DT node.
 * @test: the test, at whose end the clock and its provider are removed.
 * @clk: the clock.
 * @np: the node, which no driver binds to.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_clk_register_of(struct kunit *test, struct bc_test_clk *clk,
			    struct device_node *np)
{
	struct clk_init_data init = { };
	int ret;

	bc_test_clk_init_hw(clk, &init);
	ret = of_clk_hw_register_kunit(test, np, &clk->hw);
	if (ret)
		return ret;

	ret = of_clk_add_hw_provider(np, of_clk_hw_simple_get, &clk->hw);
	if (ret)
		return ret;

	return kunit_add_action_or_reset(test, bc_test_of_clk_del_provider, np);
}

/**
 * bc_test_clk_register_cells() - Make test clocks the clocks of a DT node.
 * @test: the test, at whose end the clocks and their provider are removed.
 * @np: the node, with "#clock-cells = <1>", which no driver binds to.
 * @clks: the clocks.
 * @cells: the specifier cell of each of @clks, as the SoC's binding numbers
 *	it.
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

	for (i = 0; i < n; i++)
		num = max(num, cells[i] + 1);

	data = kunit_kzalloc(test, struct_size(data, hws, num), GFP_KERNEL);
	if (!data)
		return -ENOMEM;

	data->num = num;
	for (i = 0; i < num; i++)
		data->hws[i] = ERR_PTR(-ENOENT);

	for (i = 0; i < n; i++) {
		struct clk_init_data init = { };

		bc_test_clk_init_hw(clks[i], &init);
		ret = of_clk_hw_register_kunit(test, np, &clks[i]->hw);
		if (ret)
			return ret;
		data->hws[cells[i]] = &clks[i]->hw;
	}

	ret = of_clk_add_hw_provider(np, of_clk_hw_onecell_get, data);
	if (ret)
		return ret;

	return kunit_add_action_or_reset(test, bc_test_of_clk_del_provider, np);
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_clkdev_drop, clkdev_drop, struct clk_lookup *);

/**
 * bc_test_clk_add_lookup() - Let clk_get() find a test clock.
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
 * bc_test_clk_enable_count() - The enable count of a test clock.
 * @clk: the clock.
 *
 * Return: the count, 0 if the clock is not registered.
 */
unsigned int bc_test_clk_enable_count(struct bc_test_clk *clk)
{
	return __clk_get_enable_count(clk->hw.clk);
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
	struct clk_init_data init = { };
	struct bc_test_clk *clk = data;
	int ret;

	bc_test_clk_init_hw(clk, &init);
	ret = devm_clk_hw_register(&pdev->dev, &clk->hw);
	if (ret)
		return ret;

	return devm_of_clk_add_hw_provider(&pdev->dev, of_clk_hw_simple_get,
					   &clk->hw);
}

/**
 * bc_test_clk_driver_register() - Register the driver of a clock's DT node.
 * @test: the test, at whose end the driver is unregistered.
 * @clk: the clock, which the driver's probe registers.
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
 * @test: the test, at whose end the driver is unregistered.
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

static int bc_test_reg_enable(struct regulator_dev *rdev)
{
	struct bc_test_reg *reg = rdev_get_drvdata(rdev);

	if (reg->enable_err) {
		bc_test_log_add(reg->log, "reg:enable=%d", reg->enable_err);
		return reg->enable_err;
	}

	reg->enabled = true;
	bc_test_log_add(reg->log, "reg:enable");

	return 0;
}

static int bc_test_reg_disable(struct regulator_dev *rdev)
{
	struct bc_test_reg *reg = rdev_get_drvdata(rdev);

	reg->enabled = false;
	bc_test_log_add(reg->log, "reg:disable");

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
	bc_test_log_add(reg->log, "reg:set_voltage=%d", min_uV);

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

static const struct regulation_constraints bc_test_reg_constraints = {
	.min_uV = BC_TEST_REG_MIN_UV,
	.max_uV = BC_TEST_REG_MAX_UV,
	.valid_ops_mask = REGULATOR_CHANGE_VOLTAGE | REGULATOR_CHANGE_STATUS,
};

/**
 * bc_test_reg_alloc() - Allocate a test regulator.
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

	reg->desc.name = "bc-test-reg";
	reg->desc.type = REGULATOR_VOLTAGE;
	reg->desc.owner = THIS_MODULE;
	reg->desc.ops = &bc_test_reg_ops;

	reg->init_data.constraints = bc_test_reg_constraints;
	reg->init_data.consumer_supplies = reg->supplies;

	reg->log = log;
	reg->enabled = enabled;
	reg->uv = uv;

	return reg;
}

/**
 * bc_test_reg_add_consumer() - Make a test regulator the "vdd" of a device.
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

static int bc_test_reg_do_register(struct bc_test_reg *reg, struct device *dev)
{
	struct regulator_config config = {
		.dev = dev,
		.init_data = &reg->init_data,
		.driver_data = reg,
		.of_node = dev->of_node,
	};

	reg->rdev = regulator_register(dev, &reg->desc, &config);

	return PTR_ERR_OR_ZERO(reg->rdev);
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_regulator_unregister, regulator_unregister,
			    struct regulator_dev *);

/**
 * bc_test_reg_register() - Register a test regulator, until the test ends.
 * @test: the test.
 * @reg: the regulator.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_reg_register(struct kunit *test, struct bc_test_reg *reg)
{
	struct device *dev;
	int ret;

	dev = kunit_device_register(test, "bc-test-reg");
	if (IS_ERR(dev))
		return PTR_ERR(dev);

	ret = bc_test_reg_do_register(reg, dev);
	if (ret)
		return ret;

	return kunit_add_action_or_reset(test, bc_test_regulator_unregister,
					 reg->rdev);
}

static void bc_test_reg_unregister(void *data)
{
	struct bc_test_reg *reg = data;

	regulator_unregister(reg->rdev);
}

static int bc_test_reg_setup(struct platform_device *pdev, void *data)
{
	struct bc_test_reg *reg = data;
	int ret;

	ret = bc_test_reg_do_register(reg, &pdev->dev);
	if (ret)
		return ret;

	return devm_add_action_or_reset(&pdev->dev, bc_test_reg_unregister, reg);
}

/**
 * bc_test_reg_driver_register() - Register the driver of a regulator's node.
 * @test: the test, at whose end the driver is unregistered.
 * @reg: the regulator, which the driver's probe registers.
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

static struct bc_test_pd *to_bc_kunit_pd(struct generic_pm_domain *genpd)
{
	return container_of(genpd, struct bc_test_pd, genpd);
}

static int bc_test_pd_power_on(struct generic_pm_domain *genpd)
{
	struct bc_test_pd *pd = to_bc_kunit_pd(genpd);

	pd->on = true;
	bc_test_log_add(pd->log, "pd:on");

	return 0;
}

static int bc_test_pd_power_off(struct generic_pm_domain *genpd)
{
	struct bc_test_pd *pd = to_bc_kunit_pd(genpd);

	pd->on = false;
	bc_test_log_add(pd->log, "pd:off");

	return 0;
}

/**
 * bc_test_pd_alloc() - Allocate a test power domain, powered on.
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

	pd->genpd.name = "bc-test-pd";
	pd->genpd.power_on = bc_test_pd_power_on;
	pd->genpd.power_off = bc_test_pd_power_off;
	pd->log = log;
	pd->on = true;

	return pd;
}

static void bc_test_pd_remove(void *data)
{
	struct bc_test_pd *pd = data;

	of_genpd_del_provider(pd->genpd.dev.of_node);
	WARN_ON(pm_genpd_remove(&pd->genpd));
}

static int bc_test_pd_setup(struct platform_device *pdev, void *data)
{
	struct bc_test_pd *pd = data;
	int ret;

	ret = pm_genpd_init(&pd->genpd, NULL, !pd->on);
	if (ret)
		return ret;

	ret = of_genpd_add_provider_simple(pdev->dev.of_node, &pd->genpd);
	if (ret) {
		pm_genpd_remove(&pd->genpd);
		return ret;
	}

	return devm_add_action_or_reset(&pdev->dev, bc_test_pd_remove, pd);
}

/**
 * struct bc_test_pd_cells - A test domain behind a one-cell specifier.
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
 * bc_test_pd_register_cell() - Make a test domain a domain of a DT node.
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

	ret = pm_genpd_init(&pd->genpd, NULL, !pd->on);
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
 * @test: the test, at whose end the driver is unregistered.
 * @pd: the domain, which the driver's probe registers.
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

static unsigned int bc_test_icc_index(const struct icc_node *node)
{
	return (uintptr_t)node->data;
}

/* Records the bandwidth the core aggregated on both ends of a hop. */
static int bc_test_icc_set(struct icc_node *src, struct icc_node *dst)
{
	struct bc_test_icc *icc = dst->provider->data;
	unsigned int s = bc_test_icc_index(src);
	unsigned int d = bc_test_icc_index(dst);

	icc->avg_bw[s] = src->avg_bw;
	icc->peak_bw[s] = src->peak_bw;
	icc->avg_bw[d] = dst->avg_bw;
	icc->peak_bw[d] = dst->peak_bw;
	bc_test_log_add(icc->log, "icc:%s=%u/%u", dst->name, dst->avg_bw,
			dst->peak_bw);

	return 0;
}

/*
 * Reports no boot bandwidth: the core would otherwise keep each node at
 * least at it until icc_sync_state(), which runs once a boot, not per test.
 */
static int bc_test_icc_get_bw(struct icc_node *node, u32 *avg, u32 *peak)
{
	*avg = 0;
	*peak = 0;

	return 0;
}

static struct icc_node *bc_test_icc_xlate(const struct of_phandle_args *spec,
					  void *data)
{
	struct bc_test_icc *icc = data;

	if (spec->args_count != 1 || spec->args[0] >= BC_TEST_ICC_NODES)
		return ERR_PTR(-EINVAL);

	return icc->nodes[spec->args[0]];
}

/* Node IDs are global: these stay clear of real providers' small ones. */
#define BC_TEST_ICC_ID(i)	(0x4bc000 + (i))

static const char * const bc_test_icc_names[BC_TEST_ICC_NODES] = {
	[BC_TEST_ICC_A] = "a",
	[BC_TEST_ICC_B] = "b",
	[BC_TEST_ICC_MEM] = "mem",
	[BC_TEST_ICC_CFG] = "cfg",
};

/**
 * bc_test_icc_alloc() - Allocate a test interconnect provider.
 * @test: the test, which frees it.
 * @log: where its set() calls go.
 *
 * Its nodes, once registered: a and b, masters, with paths a-mem, a-cfg
 * and b-mem; all start with no bandwidth.
 *
 * Return: the provider, not registered yet, or NULL.
 */
struct bc_test_icc *bc_test_icc_alloc(struct kunit *test, struct bc_test_log *log)
{
	struct bc_test_icc *icc;

	icc = kunit_kzalloc(test, sizeof(*icc), GFP_KERNEL);
	if (icc)
		icc->log = log;

	return icc;
}

static int bc_test_icc_add_nodes(struct bc_test_icc *icc)
{
	static const unsigned int links[][2] = {
		{ BC_TEST_ICC_A, BC_TEST_ICC_MEM },
		{ BC_TEST_ICC_A, BC_TEST_ICC_CFG },
		{ BC_TEST_ICC_B, BC_TEST_ICC_MEM },
	};
	struct icc_node *node;
	unsigned int i;
	int ret;

	for (i = 0; i < BC_TEST_ICC_NODES; i++) {
		node = icc_node_create(BC_TEST_ICC_ID(i));
		if (IS_ERR(node))
			return PTR_ERR(node);

		node->name = bc_test_icc_names[i];
		node->data = (void *)(uintptr_t)i;
		icc_node_add(node, &icc->provider);
		icc->nodes[i] = node;
	}

	for (i = 0; i < ARRAY_SIZE(links); i++) {
		ret = icc_link_create(icc->nodes[links[i][0]],
				      BC_TEST_ICC_ID(links[i][1]));
		if (ret)
			return ret;
	}

	return 0;
}

static void bc_test_icc_remove(void *data)
{
	struct bc_test_icc *icc = data;

	icc_provider_deregister(&icc->provider);
	icc_nodes_remove(&icc->provider);
}

static int bc_test_icc_setup(struct platform_device *pdev, void *data)
{
	struct bc_test_icc *icc = data;
	struct icc_provider *provider = &icc->provider;
	int ret;

	provider->dev = &pdev->dev;
	provider->set = bc_test_icc_set;
	provider->aggregate = icc_std_aggregate;
	provider->get_bw = bc_test_icc_get_bw;
	provider->xlate = bc_test_icc_xlate;
	provider->data = icc;
	icc_provider_init(provider);

	ret = bc_test_icc_add_nodes(icc);
	if (ret)
		goto remove;

	ret = icc_provider_register(provider);
	if (ret)
		goto remove;

	return devm_add_action_or_reset(&pdev->dev, bc_test_icc_remove, icc);

remove:
	icc_nodes_remove(provider);
	return ret;
}

/**
 * bc_test_icc_driver_register() - Register the driver of an interconnect node.
 * @test: the test, at whose end the driver is unregistered.
 * @icc: the provider, which the driver's probe registers.
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

static struct bc_test_reset *to_bc_kunit_reset(struct reset_controller_dev *rcdev)
{
	return container_of(rcdev, struct bc_test_reset, rcdev);
}

static int bc_test_reset_assert(struct reset_controller_dev *rcdev,
				unsigned long id)
{
	struct bc_test_reset *rst = to_bc_kunit_reset(rcdev);

	rst->asserted[id] = true;
	bc_test_log_add(rst->log, "rst%lu:assert", id);

	return 0;
}

static int bc_test_reset_deassert(struct reset_controller_dev *rcdev,
				  unsigned long id)
{
	struct bc_test_reset *rst = to_bc_kunit_reset(rcdev);

	rst->asserted[id] = false;
	bc_test_log_add(rst->log, "rst%lu:deassert", id);

	return 0;
}

static int bc_test_reset_status(struct reset_controller_dev *rcdev,
				unsigned long id)
{
	return to_bc_kunit_reset(rcdev)->asserted[id];
}

static const struct reset_control_ops bc_test_reset_ops = {
	.assert = bc_test_reset_assert,
	.deassert = bc_test_reset_deassert,
	.status = bc_test_reset_status,
};

/**
 * bc_test_reset_alloc() - Allocate a test reset controller.
 * @test: the test, which frees it.
 * @log: where its operations go.
 *
 * Its %BC_TEST_RESET_LINES lines start deasserted, as the bootloader left
 * them for the devices it runs.
 *
 * Return: the controller, not registered yet, or NULL.
 */
struct bc_test_reset *bc_test_reset_alloc(struct kunit *test,
					  struct bc_test_log *log)
{
	struct bc_test_reset *rst;

	rst = kunit_kzalloc(test, sizeof(*rst), GFP_KERNEL);
	if (!rst)
		return NULL;

	rst->log = log;
	rst->rcdev.ops = &bc_test_reset_ops;
	rst->rcdev.owner = THIS_MODULE;
	rst->rcdev.nr_resets = BC_TEST_RESET_LINES;

	return rst;
}

static int bc_test_reset_setup(struct platform_device *pdev, void *data)
{
	struct bc_test_reset *rst = data;

	rst->rcdev.dev = &pdev->dev;
	/* Without an of_xlate, one cell: the line number. */
	rst->rcdev.of_node = pdev->dev.of_node;

	return devm_reset_controller_register(&pdev->dev, &rst->rcdev);
}

/**
 * bc_test_reset_driver_register() - Register the driver of a reset node.
 * @test: the test, at whose end the driver is unregistered.
 * @rst: the controller, which the driver's probe registers.
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

static void bc_test_owner_free_resources(void *data)
{
	struct bc_test_owner *owner = data;

	atomic_inc(&owner->calls);
	if (owner->log)
		bc_test_log_add(owner->log, "free:%s", owner->tag);
}

/**
 * bc_test_owner_alloc() - Allocate the owner of constraints.
 * @test: the test, which frees it.
 * @log: where the owner's free_resources() calls go, or NULL.
 * @tag: the owner's name in @log.
 *
 * Return: the owner, or NULL.
 */
struct bc_test_owner *bc_test_owner_alloc(struct kunit *test,
					  struct bc_test_log *log,
					  const char *tag)
{
	struct bc_test_owner *owner;

	owner = kunit_kzalloc(test, sizeof(*owner), GFP_KERNEL);
	if (!owner)
		return NULL;

	owner->log = log;
	owner->tag = tag;
	atomic_set(&owner->calls, 0);

	return owner;
}

/**
 * bc_test_owner_set() - Make an owner the owner of a constraint.
 * @info: the constraint.
 * @owner: the owner.
 */
void bc_test_owner_set(struct dev_boot_constraint_info *info,
		       struct bc_test_owner *owner)
{
	info->free_resources = bc_test_owner_free_resources;
	info->free_resources_data = owner;
}

static void bc_test_pdev_unregister_action(void *pdev)
{
	platform_device_unregister(pdev);
}

/**
 * bc_test_pdev_add() - Register a platform device, until the test ends.
 * @test: the test.
 * @name: the name of the device, which drivers of that name bind to.
 *
 * Return: the device, or NULL.
 */
struct platform_device *bc_test_pdev_add(struct kunit *test, const char *name)
{
	struct platform_device *pdev;

	pdev = platform_device_alloc(name, PLATFORM_DEVID_NONE);
	if (!pdev)
		return NULL;

	if (platform_device_add(pdev)) {
		platform_device_put(pdev);
		return NULL;
	}

	if (kunit_add_action_or_reset(test, bc_test_pdev_unregister_action, pdev))
		return NULL;

	return pdev;
}

/**
 * bc_test_pdev_unregister() - Unregister a device of bc_test_pdev_add() now.
 * @test: the test.
 * @pdev: the device.
 */
void bc_test_pdev_unregister(struct kunit *test, struct platform_device *pdev)
{
	kunit_release_action(test, bc_test_pdev_unregister_action, pdev);
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_put_device, put_device, struct device *);

/**
 * bc_test_of_pdev() - The platform device of an overlay node.
 * @test: the test, at whose end the reference to the device is dropped.
 * @path: the full path of the node, such as "/bc-test-pd-consumer".
 *
 * Return: the device, or NULL.
 */
struct platform_device *bc_test_of_pdev(struct kunit *test, const char *path)
{
	struct platform_device *pdev;
	struct device_node *np;

	np = of_find_node_by_path(path);
	if (!np)
		return NULL;

	pdev = of_find_device_by_node(np);
	of_node_put(np);
	if (!pdev)
		return NULL;

	if (kunit_add_action_or_reset(test, bc_test_put_device, &pdev->dev))
		return NULL;

	return pdev;
}

/* The compatibles of the nodes of the overlay, and their match tables. */
#define BC_TEST_CLK_COMPAT		"bc-test,kunit-clock"
#define BC_TEST_CLK_LATE_COMPAT	"bc-test,kunit-clock-late"
#define BC_TEST_REG_COMPAT		"bc-test,kunit-regulator"
#define BC_TEST_PD_COMPAT		"bc-test,kunit-power-controller"
#define BC_TEST_CLK_CONSUMER_COMPAT	"bc-test,kunit-clk-consumer"
#define BC_TEST_CLK_LATE_CONSUMER_COMPAT	"bc-test,kunit-clk-late-consumer"
#define BC_TEST_PD_CONSUMER_COMPAT	"bc-test,kunit-pd-consumer"
#define BC_TEST_PD_PEER_COMPAT		"bc-test,kunit-pd-peer"
#define BC_TEST_ICC_COMPAT		"bc-test,kunit-interconnect"
#define BC_TEST_ICC_CONSUMER_COMPAT	"bc-test,kunit-icc-consumer"
#define BC_TEST_RESET_COMPAT		"bc-test,kunit-reset-controller"
#define BC_TEST_RESET_CONSUMER_COMPAT	"bc-test,kunit-reset-consumer"

const struct of_device_id bc_test_clk_match[] = {
	{ .compatible = BC_TEST_CLK_COMPAT },
	{ }
};

const struct of_device_id bc_test_clk_late_match[] = {
	{ .compatible = BC_TEST_CLK_LATE_COMPAT },
	{ }
};

const struct of_device_id bc_test_reg_match[] = {
	{ .compatible = BC_TEST_REG_COMPAT },
	{ }
};

const struct of_device_id bc_test_pd_match[] = {
	{ .compatible = BC_TEST_PD_COMPAT },
	{ }
};

const struct of_device_id bc_test_clk_consumer_match[] = {
	{ .compatible = BC_TEST_CLK_CONSUMER_COMPAT },
	{ }
};

const struct of_device_id bc_test_clk_late_consumer_match[] = {
	{ .compatible = BC_TEST_CLK_LATE_CONSUMER_COMPAT },
	{ }
};

const struct of_device_id bc_test_pd_consumer_match[] = {
	{ .compatible = BC_TEST_PD_CONSUMER_COMPAT },
	{ }
};

const struct of_device_id bc_test_pd_peer_match[] = {
	{ .compatible = BC_TEST_PD_PEER_COMPAT },
	{ }
};

const struct of_device_id bc_test_icc_match[] = {
	{ .compatible = BC_TEST_ICC_COMPAT },
	{ }
};

const struct of_device_id bc_test_icc_consumer_match[] = {
	{ .compatible = BC_TEST_ICC_CONSUMER_COMPAT },
	{ }
};

const struct of_device_id bc_test_reset_match[] = {
	{ .compatible = BC_TEST_RESET_COMPAT },
	{ }
};

const struct of_device_id bc_test_reset_consumer_match[] = {
	{ .compatible = BC_TEST_RESET_CONSUMER_COMPAT },
	{ }
};

/**
 * bc_test_apply_overlay() - Add the test nodes to the device tree.
 * @test: the test, at whose end they are removed.
 *
 * The nodes, described in kunit_boot_constraint_test.dtso, get platform
 * devices as soon as they are added.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_apply_overlay(struct kunit *test)
{
	return of_overlay_apply_kunit(test, kunit_boot_constraint_test);
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_constraints_remove,
			    dev_boot_constraints_remove, struct device *);

/**
 * bc_test_release_at_exit() - Release the constraints of a device at exit.
 * @test: the test.
 * @dev: the device.
 *
 * For a device that outlives a provider of its constraints: the
 * constraints are released when the actions registered so far have not run
 * yet.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_release_at_exit(struct kunit *test, struct device *dev)
{
	return kunit_add_action_or_reset(test, bc_test_constraints_remove, dev);
}

static int bc_test_driver_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct bc_test_driver *drv;
	int ret;

	drv = container_of(to_platform_driver(dev->driver),
			   struct bc_test_driver, pdrv);
	ret = READ_ONCE(drv->ret);
	if (drv->get_clk) {
		struct clk *clk = devm_clk_get(dev, NULL);

		if (IS_ERR(clk))
			ret = PTR_ERR(clk);
	}

	drv->probes++;
	drv->seen_applied = boot_constraint_count(dev, BC_HANDED_OVER);
	if (drv->clk)
		drv->seen_clk_enable_count = bc_test_clk_enable_count(drv->clk);
	if (drv->reg) {
		drv->seen_reg_enabled = drv->reg->enabled;
		drv->seen_reg_uv = drv->reg->uv;
	}
	if (drv->pd)
		drv->seen_pd_on = drv->pd->on;
	bc_test_log_add(drv->log, "%s:probe=%d", drv->pdrv.driver.name, ret);

	if (ret || !drv->runtime_pm)
		return ret;

	pm_runtime_get_noresume(dev);
	pm_runtime_set_active(dev);

	return devm_pm_runtime_enable(dev);
}

/**
 * bc_test_driver_alloc() - Allocate a driver whose probe records its view.
 * @test: the test, which frees it.
 * @log: where its probes go.
 * @name: its name, which devices of that name bind to.
 * @match: the OF match table of the nodes it binds to, or NULL.
 *
 * The driver's probe succeeds until bc_test_driver.ret is set.
 *
 * Return: the driver, not registered yet, or NULL.
 */
struct bc_test_driver *bc_test_driver_alloc(struct kunit *test,
					    struct bc_test_log *log,
					    const char *name,
					    const struct of_device_id *match)
{
	struct bc_test_driver *drv;

	drv = kunit_kzalloc(test, sizeof(*drv), GFP_KERNEL);
	if (!drv)
		return NULL;

	drv->pdrv.probe = bc_test_driver_probe;
	drv->pdrv.driver.name = name;
	drv->pdrv.driver.of_match_table = match;
	drv->log = log;

	return drv;
}

/**
 * bc_test_driver_register() - Register a test driver, until the test ends.
 * @test: the test.
 * @drv: the driver.
 *
 * Return: 0 or a negative errno.
 */
int bc_test_driver_register(struct kunit *test, struct bc_test_driver *drv)
{
	return kunit_platform_driver_register(test, &drv->pdrv);
}

/**
 * bc_test_count_held() - Count the constraints a device holds or waits for.
 * @dev: the device.
 *
 * Return: the number of constraints of @dev that are applied, handed over
 * to its probing driver, or pending.
 */
unsigned int bc_test_count_held(struct device *dev)
{
	return boot_constraint_count(dev, BC_PENDING) +
	       boot_constraint_count(dev, BC_APPLIED) +
	       boot_constraint_count(dev, BC_HANDED_OVER);
}
