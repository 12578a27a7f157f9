// SPDX-License-Identifier: GPL-2.0
/*
 * The one line of the kernel log that says why constraints were rejected,
 * and that nothing of them is held: "ORIGIN: REASON, nothing held" for
 * declared constraints, the device's own line for the others. The parsers
 * of declarations and the core print through these, whoever finds the
 * error.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/device.h>
#include <linux/err.h>
#include <linux/printk.h>

#include "internal.h"
#include "reject.h"

/**
 * bc_reject() - Say why the constraints of a declaration went.
 * @origin: what declared them: a node of /chosen/boot-constraints, a
 *	boot_constraints= spec.
 * @fmt: why, printf()-style.
 * @...: its arguments.
 *
 * The one line of a rejection, "ORIGIN: REASON, nothing held", whoever
 * finds it: the parser of the declaration, or the core when it cannot
 * hold what was declared.
 */
void bc_reject(const char *origin, const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	pr_err("%s: %pV, nothing held\n", origin, &vaf);
	va_end(args);
}

/**
 * bc_reject_or() - Say why constraints went, in one line.
 * @origin: what declared them (a node of /chosen/boot-constraints, a
 *	boot_constraints= spec), or NULL.
 * @fallback: prints the line of constraints without an origin, from @arg
 *	and the reason.
 * @arg: what @fallback names: a device, a node's path.
 * @fmt: why, printf()-style.
 * @...: its arguments.
 *
 * With @origin, the line is bc_reject()'s; without it, the
 * adder's own, which @fallback prints.
 */
void bc_reject_or(const char *origin,
		  void (*fallback)(const void *arg,
				   struct va_format *why),
		  const void *arg, const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	if (origin)
		bc_reject(origin, "%pV", &vaf);
	else
		fallback(arg, &vaf);
	va_end(args);
}

/**
 * bc_reject_dev() - The line of a device's rejected constraints.
 * @dev: the device, whose constraints have no origin.
 * @why: the reason.
 *
 * bc_reject_or()'s fallback for the constraints of a device.
 */
void bc_reject_dev(const void *dev, struct va_format *why)
{
	dev_err(dev, "boot constraints rejected: %pV; nothing held\n", why);
}

/**
 * bc_reject_applied() - Say that a constraint could not be applied.
 * @dev: its device.
 * @c: the constraint.
 * @error: why.
 */
void bc_reject_applied(struct device *dev, const struct bc_constraint *c,
		       int error)
{
	bc_reject_or(c->batch->origin, bc_reject_dev, dev,
		     "cannot apply %s boot constraint %s: %pe",
				  c->type->name, bc_name(c), ERR_PTR(error));
}
