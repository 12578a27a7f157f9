// SPDX-License-Identifier: GPL-2.0
/*
 * Reset boot constraints: keep a shared reset line deasserted.
 *
 * A shared reset line is asserted when its last shared user that
 * deasserted it asserts it again. A device left running by the bootloader,
 * whose driver has not probed, is no user yet: the first other user that
 * deasserts and asserts the line, as a driver may do to reset its own
 * block, puts the running device in reset. The constraint is a shared user
 * of the line on the device's behalf, which keeps it deasserted.
 */

#include <linux/device.h>
#include <linux/err.h>
#include <linux/reset.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "core.h"

static int bc_reset_init(struct boot_constraint *c, struct device *dev,
			 const void *data)
{
	const struct dev_boot_constraint_reset_info *info = data;

	if (info && info->name) {
		c->name = kstrdup_const(info->name, GFP_KERNEL);
		if (!c->name)
			return -ENOMEM;
	}

	return 0;
}

static int bc_reset_apply(struct boot_constraint *c)
{
	struct reset_control *rstc;
	int ret;

	/* -EPROBE_DEFER while the reset controller is missing */
	rstc = reset_control_get_shared(boot_constraint_device(c), c->name);
	if (IS_ERR(rstc))
		return PTR_ERR(rstc);

	ret = reset_control_deassert(rstc);
	if (ret) {
		reset_control_put(rstc);
		return ret;
	}

	c->reset.rstc = rstc;

	return 0;
}

static void bc_reset_release(struct boot_constraint *c)
{
	int ret;

	/* Asserts the line only if no other shared user keeps it deasserted. */
	ret = reset_control_assert(c->reset.rstc);
	if (ret)
		dev_err(boot_constraint_device(c), "cannot release reset %s: %pe\n",
			c->name ?: "(default)", ERR_PTR(ret));

	reset_control_put(c->reset.rstc);
	c->reset.rstc = NULL;
}

const struct boot_constraint_ops boot_constraint_reset_ops = {
	.name = "reset",
	.init = bc_reset_init,
	.apply = bc_reset_apply,
	.release = bc_reset_release,
};
