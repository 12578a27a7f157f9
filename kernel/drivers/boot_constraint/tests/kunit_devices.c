// SPDX-License-Identifier: GPL-2.0
/*
 * Devices of the boot constraint KUnit suites: platform devices registered
 * for a test, and unregistered when it ends, or found from a node of the
 * overlay, whose reference the test drops when it ends; and the driver
 * core's probe hooks, run with the device locked as the driver core runs
 * them.
 */

#include <linux/device.h>
#include <linux/of.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>

#include <kunit/of.h>
#include <kunit/resource.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../kunit.h"

static void bc_test_pdev_unregister_action(void *pdev)
{
	platform_device_unregister(pdev);
}

/**
 * bc_test_pdev_add() - Register a platform device, until the test ends.
 * @test: the test, at whose end the device is unregistered, which drops
 *	the last reference to it.
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
 * @test: the test, whose end then leaves the device alone.
 * @pdev: the device, which must not be used afterwards.
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
	boot_constraints_probe_start(dev);
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
	boot_constraints_probe_end(dev, ret);
	device_unlock(dev);
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
