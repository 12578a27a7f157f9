// SPDX-License-Identifier: GPL-2.0
/*
 * The boot constraints' command line: boot_constraints=off turns every
 * constraint off, to compare a boot with and without them;
 * boot_constraints=auto, report or tables sets the mode, what is held
 * without a table (auto.c finds it); boot_constraints=PATH[:...] declares
 * a device's constraints (spec.c parses them, decls.c adds them);
 * boot_constraints.timeout= sets a deadline of its own. The parameters are
 * early ones, read before any constraint is added. This file owns them:
 * the others ask, and it asks no other.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/array_size.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/kstrtox.h>
#include <linux/limits.h>
#include <linux/printk.h>
#include <linux/string.h>

#include "internal.h"

/* boot_constraints=off: every constraint is released as it is added */
static bool bc_off;

/* boot_constraints=auto, report or tables, or Kconfig's default */
static enum bc_mode bc_mode_set =
	IS_ENABLED(CONFIG_DEV_BOOT_CONSTRAINT_AUTO_DEFAULT) ? BC_MODE_AUTO :
							      BC_MODE_TABLES;

static const char * const bc_mode_names[] = {
	[BC_MODE_TABLES] = "tables",
	[BC_MODE_AUTO] = "auto",
	[BC_MODE_REPORT] = "report",
};

/*
 * Seconds after late_initcall before the constraints of devices that have
 * not probed are released; -1 for never. By default, BC_TIMEOUT_DRIVER_CORE,
 * they are released when the driver core stops waiting for deferred probes:
 * deferred_probe_timeout= after late_initcall, extended as drivers register.
 * bc_machine_deadline is when.
 */
#define BC_TIMEOUT_MAX		(INT_MAX / HZ)
static int bc_timeout_secs = BC_TIMEOUT_DRIVER_CORE;

/* boot_constraints=PATH[:...], once for each device: decls.c reads them. */
#define BC_SPECS_MAX	8
static struct {
	const char *spec[BC_SPECS_MAX];
	unsigned int count;
} bc_cmdline __initdata;

/* boot_constraints=auto, report or tables: 0 if @arg is one, now set. */
static int __init bc_mode_param(const char *arg)
{
	int mode;

	if (!IS_ENABLED(CONFIG_DEV_BOOT_CONSTRAINT_AUTO))
		return -EINVAL;

	mode = match_string(bc_mode_names, ARRAY_SIZE(bc_mode_names), arg);
	if (mode < 0)
		return -EINVAL;

	bc_mode_set = mode;
	return 0;
}

/*
 * boot_constraints=off, auto, report or tables, or a device to constrain,
 * once for each.
 */
static int __init bc_param(char *arg)
{
	if (!arg)
		return -EINVAL;

	if (!strcmp(arg, "off")) {
		bc_off = true;
		pr_info("disabled on the command line\n");
		return 0;
	}

	if (!bc_mode_param(arg))
		return 0;

	if (arg[0] != '/') {
		pr_err("boot_constraints=%s: neither off nor a node path (auto, report and tables need CONFIG_DEV_BOOT_CONSTRAINT_AUTO), nothing held\n",
		       arg);
		return 0;
	}

	if (bc_cmdline.count == BC_SPECS_MAX) {
		pr_err("boot_constraints=%s: more than %d devices, nothing held\n",
		       arg, BC_SPECS_MAX);
		return 0;
	}

	bc_cmdline.spec[bc_cmdline.count++] = arg;

	return 0;
}
early_param("boot_constraints", bc_param);

static int __init bc_timeout_param(char *arg)
{
	int ret;

	ret = kstrtoint(arg ?: "", 10, &bc_timeout_secs);
	if (ret || bc_timeout_secs < -1 || bc_timeout_secs > BC_TIMEOUT_MAX) {
		pr_err("boot_constraints.timeout=%s: not -1 or a number of seconds up to %d; using the driver core's deadline\n",
		       arg ?: "", BC_TIMEOUT_MAX);
		bc_timeout_secs = BC_TIMEOUT_DRIVER_CORE;
		return -EINVAL;
	}

	return 0;
}
early_param("boot_constraints.timeout", bc_timeout_param);

/**
 * bc_cmdline_specs() - The devices boot_constraints= names.
 * @specs: set to the specs, "PATH[:...]" as given, in their order.
 *
 * Context: init code only: the specs are freed after it.
 * Return: how many there are.
 */
unsigned int __init bc_cmdline_specs(const char * const **specs)
{
	*specs = bc_cmdline.spec;

	return bc_cmdline.count;
}

/**
 * bc_disabled() - Whether boot_constraints=off was given.
 *
 * Return: true if constraints are released as soon as they are added.
 */
bool bc_disabled(void)
{
	return bc_off;
}

/**
 * bc_mode() - What is held without a table.
 *
 * Return: the mode boot_constraints= chose, or the one Kconfig did; tables
 * only with boot_constraints=off, or without CONFIG_DEV_BOOT_CONSTRAINT_AUTO.
 */
enum bc_mode bc_mode(void)
{
	return bc_off ? BC_MODE_TABLES : bc_mode_set;
}

/**
 * bc_mode_name() - The name of the mode, for debugfs.
 *
 * Return: "tables", "auto" or "report".
 */
const char *bc_mode_name(void)
{
	return bc_mode_names[bc_mode()];
}

/**
 * bc_timeout() - When the machine's deadline comes.
 *
 * Return: the seconds after late_initcall that boot_constraints.timeout=
 * gave, -1 for never, or BC_TIMEOUT_DRIVER_CORE for the driver core's
 * deadline.
 */
int bc_timeout(void)
{
	return bc_timeout_secs;
}

