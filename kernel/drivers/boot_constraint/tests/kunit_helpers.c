// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers of the boot constraint KUnit suites: the log that records what
 * the fake providers (fakes.c) did, in order; the fakes allocated and
 * registered for the duration of a test, from the device tree overlay
 * that describes providers and consumers or without a node; the owner of
 * constraints; a driver whose probe returns what the test chose and
 * records the resources it found; and the suites' common set-up,
 * bc_test_init_with().
 */

#include <linux/clk.h>
#include <linux/clkdev.h>
#include <linux/component.h>
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

static void bc_test_log_record(struct bc_test_recorder *rec,
			       const struct bc_test_event *ev)
{
	struct bc_test_log *log = container_of(rec, struct bc_test_log, rec);
	const char *op = bc_test_op_names[ev->op];

	if (ev->err)
		bc_test_log_add(log, "%s:%s=%d", ev->res, op, ev->err);
	else if (bc_test_op_is_setting(ev->op))
		bc_test_log_add(log, "%s:%s=%ld", ev->res, op, ev->value);
	else
		bc_test_log_add(log, "%s:%s", ev->res, op);
}

/**
 * bc_test_log_alloc() - Allocate an empty log, freed when the test ends.
 * @test: the test.
 *
 * The fakes given the log record their operations as "<resource>:<op>",
 * "<resource>:<op>=<setting>" or, when the hardware refused,
 * "<resource>:<op>=<error>": "clk0:on", "reg:voltage=1800000",
 * "clk0:on=-5".
 *
 * Return: the log, or NULL.
 */
struct bc_test_log *bc_test_log_alloc(struct kunit *test)
{
	struct bc_test_log *log;

	log = kunit_kzalloc(test, sizeof(*log), GFP_KERNEL);
	if (!log)
		return NULL;

	log->rec.record = bc_test_log_record;
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
 * @test: the test.
 * @clk: the clock.
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
 * @test: the test, at whose end the clocks and their provider are removed.
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
 * bc_test_clk_enable_count() - The enable count of a fake clock.
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
	return bc_test_clk_provide(&pdev->dev, data, 1, &bc_test_clk_ops, NULL);
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
 * @reg: the regulator.
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

/*
 * An aggregate driver and its components as a display pipeline's (the
 * MSM DRM driver's): the aggregate binds every component once all have
 * probed, and programs the hardware from its bind; a component's driver
 * only adds it.
 */
static int bc_test_aggregate_bind(struct device *dev)
{
	return component_bind_all(dev, NULL);
}

static void bc_test_aggregate_unbind(struct device *dev)
{
	component_unbind_all(dev, NULL);
}

static const struct component_master_ops bc_test_aggregate_ops = {
	.bind = bc_test_aggregate_bind,
	.unbind = bc_test_aggregate_unbind,
};

static int bc_test_component_bind(struct device *dev, struct device *master,
				  void *data)
{
	return 0;
}

static void bc_test_component_unbind(struct device *dev, struct device *master,
				     void *data)
{
}

static const struct component_ops bc_test_component_ops = {
	.bind = bc_test_component_bind,
	.unbind = bc_test_component_unbind,
};

/**
 * bc_test_aggregate_add() - Add an aggregate driver, from its probe.
 * @dev: the aggregate's device, whose driver's probe calls it.
 * @match: its components, as component_match_add() built it.
 *
 * Its remove calls bc_test_aggregate_del().
 *
 * Return: what component_master_add_with_match() returned.
 */
int bc_test_aggregate_add(struct device *dev, struct component_match *match)
{
	return component_master_add_with_match(dev, &bc_test_aggregate_ops,
					       match);
}

/**
 * bc_test_aggregate_del() - Remove an aggregate driver, from its remove.
 * @dev: the aggregate's device.
 */
void bc_test_aggregate_del(struct device *dev)
{
	component_master_del(dev, &bc_test_aggregate_ops);
}

/**
 * bc_test_component_probe() - The probe of a component's driver.
 * @pdev: the component's device.
 *
 * Return: what component_add() returned.
 */
int bc_test_component_probe(struct platform_device *pdev)
{
	return component_add(&pdev->dev, &bc_test_component_ops);
}

/**
 * bc_test_component_remove() - The remove of a component's driver.
 * @pdev: the component's device.
 */
void bc_test_component_remove(struct platform_device *pdev)
{
	component_del(&pdev->dev, &bc_test_component_ops);
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

/**
 * bc_test_probe_start() - Run the probe-start hook as the driver core does.
 * @dev: the device, locked around the hook as it is around a probe.
 */
void bc_test_probe_start(struct device *dev)
{
	device_lock(dev);
	dev_boot_constraints_probe_start(dev);
	device_unlock(dev);
}

/**
 * bc_test_probe_end() - Run the probe-end hook as the driver core does.
 * @dev: the device, locked around the hook as it is around a probe.
 * @ret: what the probe returned.
 */
void bc_test_probe_end(struct device *dev, int ret)
{
	device_lock(dev);
	dev_boot_constraints_probe_end(dev, ret);
	device_unlock(dev);
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_deadline_pass, boot_constraint_pass,
			    struct boot_constraint_deadline *);

/**
 * bc_test_deadline_alloc() - A deadline of the test's own.
 * @test: the test.
 *
 * For constraints that boot_constraint_add_until() adds: the test passes it
 * with boot_constraint_pass() when it likes, and the test's end passes it
 * (again) before it is freed, so that none outlives it.
 *
 * Return: the deadline, not passed yet, or NULL.
 */
struct boot_constraint_deadline *bc_test_deadline_alloc(struct kunit *test)
{
	struct boot_constraint_deadline *deadline;

	deadline = kunit_kzalloc(test, sizeof(*deadline), GFP_KERNEL);
	if (!deadline)
		return NULL;
	boot_constraint_deadline_init(deadline);

	if (kunit_add_action_or_reset(test, bc_test_deadline_pass, deadline))
		return NULL;

	return deadline;
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

/**
 * bc_test_of_node() - Find a node of the live tree by its path.
 * @test: the test, which fails at once if there is none.
 * @path: the node's full path.
 *
 * Return: the node; the reference taken is dropped at the test's end, so
 * the caller drops none.
 */
struct device_node *bc_test_of_node(struct kunit *test, const char *path)
{
	struct device_node *np = of_find_node_by_path(path);

	KUNIT_ASSERT_NOT_NULL(test, np);
	of_node_put_kunit(test, np);

	return np;
}

/* The match tables of the nodes of the overlay. */
BC_TEST_OF_MATCH(bc_test_clk_match, "bc-test,kunit-clock");
BC_TEST_OF_MATCH(bc_test_clk_late_match, "bc-test,kunit-clock-late");
BC_TEST_OF_MATCH(bc_test_reg_match, "bc-test,kunit-regulator");
BC_TEST_OF_MATCH(bc_test_pd_match, "bc-test,kunit-power-controller");
BC_TEST_OF_MATCH(bc_test_clk_consumer_match, "bc-test,kunit-clk-consumer");
BC_TEST_OF_MATCH(bc_test_clk_late_consumer_match, "bc-test,kunit-clk-late-consumer");
BC_TEST_OF_MATCH(bc_test_pd_consumer_match, "bc-test,kunit-pd-consumer");
BC_TEST_OF_MATCH(bc_test_pd_peer_match, "bc-test,kunit-pd-peer");
BC_TEST_OF_MATCH(bc_test_no_pd_match, "bc-test,kunit-no-pd");
BC_TEST_OF_MATCH(bc_test_icc_match, "bc-test,kunit-interconnect");
BC_TEST_OF_MATCH(bc_test_icc_consumer_match, "bc-test,kunit-icc-consumer");
BC_TEST_OF_MATCH(bc_test_reset_match, "bc-test,kunit-reset-controller");
BC_TEST_OF_MATCH(bc_test_reset_consumer_match, "bc-test,kunit-reset-consumer");

const struct dev_boot_constraint_supply_info bc_test_vdd_boot = {
	.name = "vdd",
	.u_volt_min = BC_TEST_REG_BOOT_UV,
	.u_volt_max = BC_TEST_REG_BOOT_UV,
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
 * bc_test_dev() - The device of a test, found or registered.
 * @test: the test, at whose end the device is unregistered, or the
 *	reference to it dropped.
 * @name: the name of a platform device to register, or, if it starts
 *	with '/', the path of an overlay node whose device to find.
 *
 * Fails the test if there is none.
 *
 * Return: the device.
 */
struct device *bc_test_dev(struct kunit *test, const char *name)
{
	struct platform_device *pdev;

	if (name[0] == '/')
		pdev = bc_test_of_pdev(test, name);
	else
		pdev = bc_test_pdev_add(test, name);
	KUNIT_ASSERT_NOT_NULL(test, pdev);

	return &pdev->dev;
}

static void bc_test_init_supplies(struct kunit *test,
				  const struct bc_test_setup *setup,
				  const char *dev_name)
{
	struct bc_test_ctx *ctx = test->priv;

	if (setup->with & BC_TEST_WITH_CLK) {
		ctx->clk = bc_test_clk_alloc(test, ctx->log, "clk0", false);
		KUNIT_ASSERT_NOT_NULL(test, ctx->clk);
		KUNIT_ASSERT_EQ(test, bc_test_clk_register(test, ctx->clk), 0);
		KUNIT_ASSERT_EQ(test, bc_test_clk_add_lookup(test, ctx->clk, "core",
							     dev_name), 0);
	}
	if (setup->reg_uv) {
		ctx->reg = bc_test_reg_alloc(test, ctx->log, false, setup->reg_uv);
		KUNIT_ASSERT_NOT_NULL(test, ctx->reg);
		bc_test_reg_add_consumer(ctx->reg, dev_name);
		bc_test_reg_add_consumer(ctx->reg, BC_TEST_REG_PEER);
		KUNIT_ASSERT_EQ(test, bc_test_reg_register(test, ctx->reg), 0);
	}
}

/* Allocated before the overlay: freed after its removal. */
static void bc_test_init_fakes(struct kunit *test, unsigned int with)
{
	struct bc_test_ctx *ctx = test->priv;

	if (with & BC_TEST_WITH_PD) {
		ctx->pd = bc_test_pd_alloc(test, ctx->log);
		KUNIT_ASSERT_NOT_NULL(test, ctx->pd);
	}
	if (with & BC_TEST_WITH_ICC) {
		ctx->icc = bc_test_icc_alloc(test, ctx->log);
		KUNIT_ASSERT_NOT_NULL(test, ctx->icc);
	}
	if (with & BC_TEST_WITH_RESET) {
		ctx->rst = bc_test_reset_alloc(test, ctx->log);
		KUNIT_ASSERT_NOT_NULL(test, ctx->rst);
	}
}

/**
 * bc_test_init_with() - Set a suite's test up: the init of every suite.
 * @test: the test; what the set-up allocates and registers are its KUnit
 *	resources, released when it ends, in reverse order.
 * @setup: what the test starts with.
 *
 * Allocates the test's context, zeroed, as test->priv, its log and its
 * owner, then the fakes of @setup: a clock and a regulator registered
 * before the device they serve is, the overlay applied before its
 * domain's driver is registered and its nodes' devices are looked up.
 * Fails the test on any error.
 *
 * Return: 0.
 */
int bc_test_init_with(struct kunit *test, const struct bc_test_setup *setup)
{
	bool overlay = (setup->dev && setup->dev[0] == '/') || setup->peer;
	struct bc_test_ctx *ctx;

	ctx = kunit_kzalloc(test, setup->size ?: sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	test->priv = ctx;

	ctx->log = bc_test_log_alloc(test);
	KUNIT_ASSERT_NOT_NULL(test, ctx->log);
	ctx->owner = bc_test_owner_alloc(test, ctx->log, "owner");
	KUNIT_ASSERT_NOT_NULL(test, ctx->owner);

	bc_test_init_supplies(test, setup, overlay ? NULL : setup->dev);
	bc_test_init_fakes(test, setup->with);
	if (overlay)
		KUNIT_ASSERT_EQ(test, bc_test_apply_overlay(test), 0);
	if (setup->with & BC_TEST_WITH_PD)
		KUNIT_ASSERT_EQ(test, bc_test_pd_driver_register(test, ctx->pd,
								 bc_test_pd_match), 0);

	if (setup->dev)
		ctx->dev = bc_test_dev(test, setup->dev);
	if (setup->peer)
		ctx->peer = bc_test_dev(test, setup->peer);

	return 0;
}

/**
 * bc_test_init_ctx() - Set a test up with a context of its own.
 * @test: the test.
 * @size: the size of the context, a structure that starts with a struct
 *	bc_test_ctx.
 *
 * As bc_test_init_with() with only the size set: the context gets its log
 * and owner, and no device or fake yet.
 *
 * Return: the context, test->priv, which the test frees at its end.
 */
void *bc_test_init_ctx(struct kunit *test, size_t size)
{
	const struct bc_test_setup setup = { .size = size };

	KUNIT_ASSERT_EQ(test, bc_test_init_with(test, &setup), 0);

	return test->priv;
}

/**
 * bc_test_add_owned() - Add a constraint to a device for an owner.
 * @dev: the device.
 * @type: the constraint's type.
 * @data: its description, of that type; the core copies what it keeps,
 *	so it may be on the caller's stack.
 * @owner: the owner told when the constraint is gone, or NULL for none
 *	(the core then frees the constraint with nobody told).
 * @deferrable: whether it may wait for its provider.
 *
 * Return: what dev_boot_constraint_add() or
 * dev_boot_constraint_add_deferrable() returns.
 */
int bc_test_add_owned(struct device *dev, enum dev_boot_constraint_type type,
		      const void *data, struct bc_test_owner *owner,
		      bool deferrable)
{
	struct dev_boot_constraint_info info = {
		.constraint = { .type = type, .data = data },
	};

	if (owner)
		bc_test_owner_set(&info, owner);
	if (deferrable)
		return dev_boot_constraint_add_deferrable(dev, &info);

	return dev_boot_constraint_add(dev, &info);
}

/**
 * bc_test_add() - Add a constraint of the test's owner to a device.
 * @test: the test, whose context is a struct bc_test_ctx.
 * @dev: the device.
 * @type: the constraint's type.
 * @data: its description, of that type.
 * @deferrable: whether it may wait for its provider.
 *
 * Return: as bc_test_add_owned().
 */
int bc_test_add(struct kunit *test, struct device *dev,
		enum dev_boot_constraint_type type, const void *data,
		bool deferrable)
{
	struct bc_test_ctx *ctx = test->priv;

	return bc_test_add_owned(dev, type, data, ctx->owner, deferrable);
}

/**
 * bc_test_add_dev() - Add a constraint of the test's owner to its device.
 * @test: the test, whose context is a struct bc_test_ctx.
 * @type: the constraint's type.
 * @data: its description, of that type.
 * @deferrable: whether it may wait for its provider.
 *
 * Return: as bc_test_add() for ctx->dev.
 */
int bc_test_add_dev(struct kunit *test, enum dev_boot_constraint_type type,
		    const void *data, bool deferrable)
{
	struct bc_test_ctx *ctx = test->priv;

	return bc_test_add(test, ctx->dev, type, data, deferrable);
}

/**
 * bc_test_add_range() - Add a constraint on a resource of the test's device.
 * @test: the test, whose context is a struct bc_test_ctx.
 * @type: the constraint's type, built in.
 * @name: the resource's name, or NULL for the device's default one.
 * @min: lower bound of its range (Hz, uV), or 0.
 * @max: upper bound, or 0 for none.
 *
 * Describes the constraint as its type's describe() does for the device
 * tree, so that a test says only what differs from case to case.
 *
 * Return: as bc_test_add_dev(), not deferrable.
 */
int bc_test_add_range(struct kunit *test, enum dev_boot_constraint_type type,
		      const char *name, unsigned long min, unsigned long max)
{
	union boot_constraint_info info;

	boot_constraint_type(type)->describe(&info, name, min, max);

	return bc_test_add_dev(test, type, &info, false);
}

/**
 * bc_test_add_failing_batch() - Add a batch whose last constraint fails.
 * @test: the test, whose context is a struct bc_test_ctx.
 * @type: the type of the batch's first constraint.
 * @data: its description; the caller keeps it, the core copies it.
 *
 * The batch, not deferrable, is that constraint of ctx->dev and then a
 * clock "missing", which the device does not have: the core must drop
 * the first one again. Nothing is left for the caller to free.
 *
 * Return: what boot_constraint_add_all() returns, a negative errno.
 */
int bc_test_add_failing_batch(struct kunit *test,
			      enum dev_boot_constraint_type type,
			      const void *data)
{
	static const struct dev_boot_constraint_clk_info missing = {
		.name = "missing",
	};
	struct dev_boot_constraint_info infos[] = {
		{ .constraint = { type, data } },
		{ .constraint = { DEV_BOOT_CONSTRAINT_CLK, &missing } },
	};
	struct bc_test_ctx *ctx = test->priv;

	return boot_constraint_add_all(ctx->dev, infos, ARRAY_SIZE(infos),
				       false);
}

/**
 * bc_test_expect_refused() - Nothing happened for the adds that failed.
 * @test: the test, whose context is a struct bc_test_ctx.
 * @other: a device the test also tried to constrain.
 *
 * Expects an empty log, neither ctx->dev nor @other holding a constraint,
 * and the owner never told.
 */
void bc_test_expect_refused(struct kunit *test, struct device *other)
{
	struct bc_test_ctx *ctx = test->priv;

	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->log), "");
	KUNIT_EXPECT_EQ(test, bc_test_count_held(ctx->dev), 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(other), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ctx->owner->calls), 0);
}

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
 * bc_test_driver_add() - Register a new driver that logs to ctx->log.
 * @test: the test, whose context is a struct bc_test_ctx.
 * @name: the driver's name.
 * @match: its OF match table, or NULL to bind by name.
 *
 * Return: the driver, registered; the test unregisters and frees it at its
 * end.
 */
struct bc_test_driver *bc_test_driver_add(struct kunit *test, const char *name,
					  const struct of_device_id *match)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_driver *drv;

	drv = bc_test_driver_alloc(test, ctx->log, name, match);
	KUNIT_ASSERT_NOT_NULL(test, drv);
	KUNIT_ASSERT_EQ(test, bc_test_driver_register(test, drv), 0);

	return drv;
}

/**
 * bc_test_bind() - Bind ctx->dev to a new driver, which finds its constraints.
 * @test: the test, whose context is a struct bc_test_ctx.
 * @name: the driver's name.
 * @match: its OF match table, or NULL to bind by name.
 * @applied: how many constraints its probe must find handed over to it.
 *
 * Registers a struct bc_test_driver that logs to ctx->log, waits for the
 * probes, and expects ctx->dev bound.
 *
 * Return: the driver; the test unregisters and frees it at its end.
 */
struct bc_test_driver *bc_test_bind(struct kunit *test, const char *name,
				    const struct of_device_id *match,
				    unsigned int applied)
{
	struct bc_test_ctx *ctx = test->priv;
	struct bc_test_driver *drv;

	drv = bc_test_driver_add(test, name, match);
	wait_for_device_probe();

	KUNIT_EXPECT_TRUE(test, device_is_bound(ctx->dev));
	KUNIT_EXPECT_EQ(test, drv->seen_applied, applied);

	return drv;
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
