// SPDX-License-Identifier: GPL-2.0
/*
 * What the core gives a resource type of its own records: the device of a
 * constraint, whose record (struct bc_dev) the types do not see. The rest
 * of what a type may use is declared in type.h.
 */

#include "core.h"

/**
 * bc_device() - The device of a constraint.
 * @c: the constraint, recorded for its device.
 *
 * Out of line, as struct bc_dev is the core's: called when a constraint is
 * applied, sampled or published, never for a device without constraints.
 *
 * Return: the device that @c constrains.
 */
struct device *bc_device(const struct bc_constraint *c)
{
	return c->bdev->dev;
}
