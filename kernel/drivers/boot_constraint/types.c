// SPDX-License-Identifier: GPL-2.0
/*
 * The types of constraint built in, and the names of a constraint's states.
 * A new type is a file of its own and one line in bc_types[] (see "Adding a
 * resource type" in Documentation/driver-api/boot-constraint.rst). The
 * records (records.c) create a constraint through its type; the
 * declarations, debugfs and the tests look types up here.
 */

#include <linux/device.h>
#include <linux/err.h>

#include <kunit/visibility.h>

#include "internal.h"
#include "records.h"

static const char * const bc_state_names[] = {
	[BC_PENDING] = "pending",
	[BC_APPLIED] = "applied",
	[BC_HANDED_OVER] = "handed-over",
	[BC_RELEASED] = "released",
	[BC_EXPIRED] = "expired",
	[BC_FAILED] = "failed",
};

/**
 * bc_state_name() - The name of a state, as debugfs shows it.
 * @state: the state.
 *
 * Return: "pending", "applied", "handed-over", "released", "expired" or
 * "failed".
 */
const char *bc_state_name(enum bc_state state)
{
	return bc_state_names[state];
}

/*
 * The types built in, by enum dev_boot_constraint_type: a type's file, its
 * config option and its line here are all a new type needs (see "Adding a
 * resource type" in Documentation/driver-api/boot-constraint.rst). A type
 * whose option is off is refused. Each entry names its option as written:
 * kbuild rebuilds this file when an option it names changes.
 */
const struct bc_type *const bc_types[DEV_BOOT_CONSTRAINT_NR_TYPES] = {
	[DEV_BOOT_CONSTRAINT_CLK] = IS_ENABLED(CONFIG_DEV_BOOT_CONSTRAINT_CLK) ?
		&bc_clk_type : NULL,
	[DEV_BOOT_CONSTRAINT_PM] = IS_ENABLED(CONFIG_DEV_BOOT_CONSTRAINT_PM) ?
		&bc_pm_type : NULL,
	[DEV_BOOT_CONSTRAINT_SUPPLY] = IS_ENABLED(CONFIG_DEV_BOOT_CONSTRAINT_SUPPLY) ?
		&bc_supply_type : NULL,
	[DEV_BOOT_CONSTRAINT_ICC] = IS_ENABLED(CONFIG_DEV_BOOT_CONSTRAINT_ICC) ?
		&bc_icc_type : NULL,
	[DEV_BOOT_CONSTRAINT_RESET] = IS_ENABLED(CONFIG_DEV_BOOT_CONSTRAINT_RESET) ?
		&bc_reset_type : NULL,
};

/**
 * bc_type() - A type of constraint.
 * @type: the type.
 *
 * Return: its descriptor, or NULL for a type that is unknown or whose
 * framework is not built in.
 */
const struct bc_type *bc_type(enum dev_boot_constraint_type type)
{
	return (unsigned int)type < DEV_BOOT_CONSTRAINT_NR_TYPES ?
	       bc_types[type] : NULL;
}
EXPORT_SYMBOL_IF_KUNIT(bc_type);

/* A type whose framework is not built in is refused, not ignored. */
const struct bc_type *
bc_type_of(struct device *dev, enum dev_boot_constraint_type type)
{
	const struct bc_type *bt = bc_type(type);

	if (bt)
		return bt;

	dev_err(dev, "boot constraint of unknown type %d, or of a framework not built in\n",
		type);
	return ERR_PTR((unsigned int)type < DEV_BOOT_CONSTRAINT_NR_TYPES ?
		       -EOPNOTSUPP : -EINVAL);
}
