// SPDX-License-Identifier: GPL-2.0
/*
 * Reset boot constraints: keep a reset line deasserted.
 *
 * A shared reset line is asserted when its last shared user that
 * deasserted it asserts it again. A device left running by the bootloader,
 * whose driver has not probed, is no user yet: the first other user that
 * deasserts and asserts the line, as a driver may do to reset its own
 * block, puts the running device in reset. The constraint is a boot hold
 * of the line (reset_control_get_boot_hold()), which keeps it deasserted
 * until the device's driver gets it, shared or exclusive, and takes
 * nothing any consumer's get could conflict with. A shared user's pulse of
 * the held line would reset the running device: the reset core defers that
 * user's probe (-EPROBE_DEFER), and the release has the driver core retry
 * it, when the pulse resets the line as it would have had the device's
 * driver probed first.
 */

#include <linux/device.h>
#include <linux/err.h>
#include <linux/reset.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "type.h"

/**
 * struct bc_reset - A reset line constraint.
 *
 * @c: the constraint.
 * @rstc: the reset line, while held.
 */
struct bc_reset {
	struct bc_constraint c;
	struct reset_control *rstc;
};

#define to_bc_reset(_c) container_of_const(_c, struct bc_reset, c)

/* Holds @rstc deasserted; on error it is put. */
static int bc_reset_hold(struct bc_constraint *c, struct reset_control *rstc)
{
	int ret;

	ret = reset_control_deassert(rstc);
	if (ret) {
		reset_control_put(rstc);
		return ret;
	}

	to_bc_reset(c)->rstc = rstc;

	return 0;
}

static int bc_reset_apply(struct bc_constraint *c)
{
	struct reset_control *rstc;

	/* -EPROBE_DEFER while the reset controller is missing */
	rstc = reset_control_get_boot_hold(bc_device(c), c->name);
	if (IS_ERR(rstc))
		return PTR_ERR(rstc);

	return bc_reset_hold(c, rstc);
}

/*
 * After a probe that did not keep the device: its driver's get took the
 * line over, and its put let it go. The hold keeps it deasserted again.
 */
static int bc_reset_take_back(struct bc_constraint *c)
{
	return reset_control_deassert(to_bc_reset(c)->rstc);
}

/*
 * Lets go of the line without asserting it: only its users assert it. The
 * probes whose pulse of the line the hold deferred are retried.
 */
static int bc_reset_release(struct bc_constraint *c)
{
	struct bc_reset *bc = to_bc_reset(c);

	reset_control_put(bc->rstc);
	bc->rstc = NULL;
	boot_constraints_retry_probes();

	return 0;
}

static void bc_reset_describe(struct bc_desc *desc,
			      const char *name, unsigned long min,
			      unsigned long max)
{
	struct dev_boot_constraint_reset_info *info =
		BC_DESC(desc, struct dev_boot_constraint_reset_info);

	*info = (struct dev_boot_constraint_reset_info) { .name = name };
}

/*
 * A line is on when it is deasserted, as the controller reads it back; one
 * whose controller cannot read it is left to its users. The boot hold
 * reads it without being a user of it.
 */
static int bc_reset_sample(struct bc_constraint *c, bool hold)
{
	struct reset_control *rstc;
	int asserted, ret;

	rstc = reset_control_get_boot_hold(bc_device(c), c->name);
	if (IS_ERR(rstc))
		return PTR_ERR(rstc);

	/* Most controllers cannot read a line back (-ENOTSUPP) */
	asserted = reset_control_status(rstc);
	if (asserted || !hold) {
		reset_control_put(rstc);
		return !asserted;
	}

	ret = bc_reset_hold(c, rstc);

	return ret ?: 1;
}

static const struct bc_of_names bc_reset_of = {
	.list = "resets", .cells = "#reset-cells", .names = "reset-names",
	.per = 1, .gpio = IS_ENABLED(CONFIG_RESET_GPIO) ? "reset-gpios" : NULL,
};

static const struct bc_names bc_reset_names = {
	.kind = "reset line",
	.of = &bc_reset_of,
	.decl = "hold-resets",
};

const struct bc_type bc_reset_type = {
	.name = "reset",
	.names = &bc_reset_names,
	.size = BC_SIZE(struct bc_reset),
	.name_offset = offsetof(struct dev_boot_constraint_reset_info, name),
	.ops = {
		.apply = bc_reset_apply,
		.take_back = bc_reset_take_back,
		.release = bc_reset_release,
		.provider = bc_of_provider,
		.describe = bc_reset_describe,
		.sample = bc_reset_sample,
	},
};
