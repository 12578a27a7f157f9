// SPDX-License-Identifier: GPL-2.0
/*
 * Drivers of the boot constraint KUnit suites: a platform driver whose
 * probe returns what the test chose and records what it found of its
 * device's resources and constraints, registered until the test ends and
 * freed after; and an aggregate driver with its components, as a display
 * pipeline's, whose probe and remove the tests' drivers call.
 */

#include <linux/clk.h>
#include <linux/component.h>
#include <linux/device.h>
#include <linux/platform_device.h>
#include <linux/pm_runtime.h>

#include <kunit/platform_device.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../kunit.h"

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

static int bc_test_component_probe(struct platform_device *pdev)
{
	return component_add(&pdev->dev, &bc_test_component_ops);
}

static void bc_test_component_remove(struct platform_device *pdev)
{
	component_del(&pdev->dev, &bc_test_component_ops);
}

/**
 * bc_test_component_driver_register() - Register a component's driver.
 * @test: the test; it unregisters the driver when it ends, then frees it.
 * @name: the driver's name, which binds it to the devices of that name.
 * @match: optional; the OF match table that binds it to nodes instead.
 *
 * Its probe adds its device as a component, its remove deletes it.
 *
 * Return: 0, or what kunit_platform_driver_register() returned.
 */
int bc_test_component_driver_register(struct kunit *test, const char *name,
				      const struct of_device_id *match)
{
	struct platform_driver *pdrv;

	pdrv = kunit_kzalloc(test, sizeof(*pdrv), GFP_KERNEL);
	if (!pdrv)
		return -ENOMEM;
	pdrv->probe = bc_test_component_probe;
	pdrv->remove = bc_test_component_remove;
	pdrv->driver.name = name;
	pdrv->driver.of_match_table = match;

	return kunit_platform_driver_register(test, pdrv);
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
	drv->seen_applied = bc_count(dev, BC_HANDED_OVER);
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
 * @test: the test, at whose end the driver is unregistered.
 * @drv: the driver, which must outlive that: one of bc_test_driver_alloc().
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
