// SPDX-License-Identifier: GPL-2.0
/*
 * What user space ends: the constraints of a device, or of all, through
 * /sys/kernel/boot_constraints/release, released as if their drivers had
 * taken them over, before their deadline (deadline.c).
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/device.h>
#include <linux/init.h>
#include <linux/kobject.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include <kunit/visibility.h>

#include "internal.h"
#include "records.h"
#include "release.h"
#include "retry.h"
#include "unseen.h"

/**
 * bc_end() - End the constraints of devices, as user space asks.
 * @name: a device's name, as debugfs lists it, or "all" for every device.
 *
 * The constraints of the devices named @name are released as if their
 * drivers had taken them over: once no probe of the device is under way,
 * and for good: a probe that starts before they are, and defers, does not
 * keep them. For the "boot is done" signal a distribution sends once its
 * display manager runs, and for a device whose driver will not say it
 * took over.
 *
 * Return: 0, or -ENODEV if no constrained device has that name.
 */
int bc_end(const char *name)
{
	bool all = !strcmp(name, "all");
	struct bc_dev *bdev;
	unsigned int n = 0;

	scoped_guard(bc) {
		n = bc_unseen_expire(NULL, all ? NULL : name);
		for (bdev = bc_next_device(NULL); bdev; bdev = bc_next_device(bdev)) {
			if (all || !strcmp(dev_name(bdev->dev), name)) {
				bdev->ended = true;
				bc_device_taken_over(bdev);
				n++;
			}
		}
	}

	if (!n)
		return -ENODEV;

	pr_info("user space ends the constraints of %s (%u devices)\n", name, n);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(bc_end);

/* /sys/kernel/boot_constraints/release: a device's name, or "all" */
static ssize_t release_store(struct kobject *kobj, struct kobj_attribute *attr,
			     const char *buf, size_t count)
{
	char *name;
	int ret;

	name = kstrndup(buf, count, GFP_KERNEL);
	if (!name)
		return -ENOMEM;

	ret = bc_end(strim(name));
	kfree(name);

	return ret ?: count;
}

static struct kobj_attribute bc_release_attr = __ATTR_WO(release);

static struct attribute *bc_sysfs_attrs[] = {
	&bc_release_attr.attr,
	NULL
};

static const struct attribute_group bc_sysfs_group = {
	.attrs = bc_sysfs_attrs,
};

/* With boot_constraints=off there is nothing to end: no file. */
static int __init bc_sysfs_init(void)
{
	struct kobject *kobj;
	int ret;

	if (bc_disabled())
		return 0;

	kobj = kobject_create_and_add("boot_constraints", kernel_kobj);
	if (!kobj)
		return -ENOMEM;

	ret = sysfs_create_group(kobj, &bc_sysfs_group);
	if (ret)
		kobject_put(kobj);

	return ret;
}
core_initcall(bc_sysfs_init);
