/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Boot constraints: keep the resources of devices that the bootloader left
 * running (a splash screen, the console UART) in that state until the
 * device's own driver probes.
 *
 * One prefix per audience: platform code describes and adds constraints
 * with dev_boot_constraint_*(); a device's driver that takes its device
 * over after its probe calls dev_boot_constraints_*() (all of the device's
 * constraints); the driver core tells the core of devices and buses with
 * boot_constraints_*(). The core's own names are bc_*.
 */
#ifndef _LINUX_BOOT_CONSTRAINT_H
#define _LINUX_BOOT_CONSTRAINT_H

#include <linux/compiler.h>
#include <linux/jump_label.h>
#include <linux/types.h>

#include <linux/device.h>
#include <linux/device/bus.h>

struct device;

/**
 * enum dev_boot_constraint_type - Resource types a boot constraint can hold.
 *
 * @DEV_BOOT_CONSTRAINT_CLK: keep a clock of the device prepared and enabled,
 *	and optionally within a rate range.
 * @DEV_BOOT_CONSTRAINT_PM: keep a power domain of the device powered on.
 * @DEV_BOOT_CONSTRAINT_SUPPLY: keep a supply of the device enabled, and
 *	optionally within a voltage range.
 * @DEV_BOOT_CONSTRAINT_ICC: keep a bandwidth requested on an interconnect
 *	path of the device (needs CONFIG_INTERCONNECT).
 * @DEV_BOOT_CONSTRAINT_RESET: keep a shared reset line of the device
 *	deasserted (needs CONFIG_RESET_CONTROLLER).
 * @DEV_BOOT_CONSTRAINT_NR_TYPES: the number of types, not a type.
 */
enum dev_boot_constraint_type {
	DEV_BOOT_CONSTRAINT_CLK,
	DEV_BOOT_CONSTRAINT_PM,
	DEV_BOOT_CONSTRAINT_SUPPLY,
	DEV_BOOT_CONSTRAINT_ICC,
	DEV_BOOT_CONSTRAINT_RESET,
	DEV_BOOT_CONSTRAINT_NR_TYPES
};

/**
 * struct dev_boot_constraint_clk_info - Clock boot constraint.
 *
 * @name: connection ID of the clock, as passed to clk_get(); NULL for a
 *	device with a single, unnamed clock.
 * @rate_min: lowest rate the device accepts, in Hz.
 * @rate_max: highest rate the device accepts, in Hz.
 *
 * With both rates zero the clock is only kept prepared and enabled.
 * Otherwise both must be set, with @rate_min no higher than @rate_max, and
 * the range is requested with clk_set_rate_range() for as long as the
 * constraint is held: another consumer asking for a rate outside it gets
 * the nearest rate within it.
 */
struct dev_boot_constraint_clk_info {
	const char *name;
	unsigned long rate_min;
	unsigned long rate_max;
};

/**
 * struct dev_boot_constraint_pm_info - Power-domain boot constraint.
 *
 * @name: name of the domain in the "power-domain-names" of the node that
 *	names it; NULL for its first (or only) domain.
 * @parent: the domain is named by the node of the device's parent, not by
 *	the device's own: for a device that runs in its parent's domain, as
 *	the display controller of a display subsystem does, and must keep it
 *	on until its own driver has probed, whatever its parent's does.
 */
struct dev_boot_constraint_pm_info {
	const char *name;
	bool parent;
};

/**
 * struct dev_boot_constraint_supply_info - Supply boot constraint.
 *
 * @name: supply name, as passed to regulator_get().
 * @u_volt_min: lowest voltage the device accepts, in microvolts.
 * @u_volt_max: highest voltage the device accepts, in microvolts.
 *
 * With both voltages zero the supply is only kept enabled. Otherwise both
 * must be set, with @u_volt_min no higher than @u_volt_max, and the range is
 * requested from the regulator for as long as the constraint is held.
 */
struct dev_boot_constraint_supply_info {
	const char *name;
	unsigned int u_volt_min;
	unsigned int u_volt_max;
};

/**
 * struct dev_boot_constraint_icc_info - Interconnect bandwidth boot constraint.
 *
 * @name: name of the path in the device's "interconnect-names", as passed
 *	to of_icc_get(); NULL for the device's first path.
 * @avg_bw: average bandwidth to request, in kBps, as icc_set_bw() takes it.
 * @peak_bw: peak bandwidth to request, in kBps.
 *
 * The bandwidth is requested on the path, on the device's behalf, for as
 * long as the constraint is held; the provider aggregates it with the
 * requests of the other consumers. At least one of them must be set.
 */
struct dev_boot_constraint_icc_info {
	const char *name;
	u32 avg_bw;
	u32 peak_bw;
};

/**
 * struct dev_boot_constraint_reset_info - Reset line boot constraint.
 *
 * @name: name of the line in the device's "reset-names"; NULL for the
 *	device's only reset line.
 *
 * The line is held deasserted with reset_control_get_boot_hold(), until
 * the device's driver gets it, shared or exclusive; it is let go, never
 * asserted.
 */
struct dev_boot_constraint_reset_info {
	const char *name;
};

/**
 * struct dev_boot_constraint - A single boot constraint.
 *
 * @type: the resource type.
 * @data: the type's description: &struct dev_boot_constraint_clk_info,
 *	&struct dev_boot_constraint_supply_info,
 *	&struct dev_boot_constraint_icc_info, or for %DEV_BOOT_CONSTRAINT_PM
 *	and %DEV_BOOT_CONSTRAINT_RESET an optional
 *	&struct dev_boot_constraint_pm_info or
 *	&struct dev_boot_constraint_reset_info.
 *	It is copied; the caller may free it once the constraint is added.
 */
struct dev_boot_constraint {
	enum dev_boot_constraint_type type;
	const void *data;
};

/**
 * struct dev_boot_constraint_info - A boot constraint and its owner's hooks.
 *
 * @constraint: the constraint.
 * @free_resources: optional; called with @free_resources_data once the
 *	constraint has been released, never while it still holds its resource.
 *	It is not called when adding the constraint fails. It may be called
 *	long after the add (at the deadline, from a work item), and there is
 *	no cancel: its code and data must stay until it has been called, a
 *	module that passes one loaded until then. The tables of
 *	dev_boot_constraint_add_deferrable_of() have none, and are copied.
 * @free_resources_data: argument of @free_resources.
 */
struct dev_boot_constraint_info {
	struct dev_boot_constraint constraint;
	void (*free_resources)(void *data);
	void *free_resources_data;
};

/**
 * struct dev_boot_constraint_of - Boot constraints of devices matched in DT.
 *
 * @compat: the "compatible" string of the device nodes to constrain.
 * @constraints: the constraints to add to each matching device.
 * @count: number of entries in @constraints.
 * @dev_names: optional; names of the nodes (for example "serial@fff02000")
 *	to which the constraints are limited among those matching @compat.
 * @dev_names_count: number of entries in @dev_names.
 */
struct dev_boot_constraint_of {
	const char *compat;
	const struct dev_boot_constraint *constraints;
	unsigned int count;
	const char * const *dev_names;
	unsigned int dev_names_count;
};

/**
 * DEV_BOOT_CONSTRAINT_OF() - An entry of a struct dev_boot_constraint_of table.
 * @compat_: the "compatible" string of the device nodes to constrain.
 * @constraints_: the array of constraints to add to each of them.
 *
 * The count is that of the array, ARRAY_SIZE() spelled out so that the
 * argument is evaluated once.
 */
#define DEV_BOOT_CONSTRAINT_OF(compat_, constraints_)			\
	{ .compat = (compat_), .constraints = (constraints_),		\
	  .count = sizeof(constraints_) / sizeof((constraints_)[0]) +	\
		   __must_be_array(constraints_) }

/**
 * DEV_BOOT_CONSTRAINT_OF_NAMED() - An entry limited to some nodes by name.
 * @compat_: the "compatible" string of the device nodes to constrain.
 * @constraints_: the array of constraints to add to each of them.
 * @names_: the array of the names of the nodes to constrain, among those
 *	matching @compat_.
 */
#define DEV_BOOT_CONSTRAINT_OF_NAMED(compat_, constraints_, names_)	\
	{ .compat = (compat_), .constraints = (constraints_),		\
	  .count = sizeof(constraints_) / sizeof((constraints_)[0]) +	\
		   __must_be_array(constraints_),			\
	  .dev_names = (names_),					\
	  .dev_names_count = sizeof(names_) / sizeof((names_)[0]) +	\
			     __must_be_array(names_) }

/**
 * struct dev_boot_constraint_machine - Boot constraints of a machine.
 *
 * @compatible: a "compatible" of the machine's root node.
 * @oconst: the constraints of the machine's devices.
 * @count: number of entries in @oconst.
 * @boot_console: whether they are for the early console only, and added
 *	only while a boot console (earlycon) is registered.
 */
struct dev_boot_constraint_machine {
	const char *compatible;
	const struct dev_boot_constraint_of *oconst;
	unsigned int count;
	bool boot_console;
};

#ifdef CONFIG_DEV_BOOT_CONSTRAINT
int dev_boot_constraint_add(struct device *dev,
			    const struct dev_boot_constraint_info *info);
int dev_boot_constraint_add_deferrable(struct device *dev,
				       const struct dev_boot_constraint_info *info);
int dev_boot_constraint_add_deferrable_of(const struct dev_boot_constraint_of *oconst,
					  unsigned int count);
int dev_boot_constraint_add_machine_of(const struct dev_boot_constraint_machine *machines,
				       unsigned int count);
void dev_boot_constraints_take_over_later(struct device *dev);
void dev_boot_constraints_taken_over(struct device *dev);
#else
/* Without the core a constraint is released as soon as it is added. */
static inline int
dev_boot_constraint_add(struct device *dev,
			const struct dev_boot_constraint_info *info)
{
	if (info && info->free_resources)
		info->free_resources(info->free_resources_data);
	return 0;
}

static inline int
dev_boot_constraint_add_deferrable(struct device *dev,
				   const struct dev_boot_constraint_info *info)
{
	return dev_boot_constraint_add(dev, info);
}

static inline int
dev_boot_constraint_add_deferrable_of(const struct dev_boot_constraint_of *oconst,
				      unsigned int count)
{
	return 0;
}

static inline int
dev_boot_constraint_add_machine_of(const struct dev_boot_constraint_machine *machines,
				   unsigned int count)
{
	return 0;
}

static inline void dev_boot_constraints_take_over_later(struct device *dev) {}
static inline void dev_boot_constraints_taken_over(struct device *dev) {}
#endif /* CONFIG_DEV_BOOT_CONSTRAINT */

/*
 * For the driver core (drivers/base/) only: what it tells the boot
 * constraint core of a device's life and of its deadline. The hooks run only
 * while boot_constraints_live is on: once no constraint is left and none
 * can be added any more, and from boot with boot_constraints=off, a device's
 * add and probe pay nothing for them.
 */
#ifdef CONFIG_DEV_BOOT_CONSTRAINT
DECLARE_STATIC_KEY_TRUE(boot_constraints_live);

void __boot_constraints_device_added(struct device *dev);
void __boot_constraints_probe_start(struct device *dev);
void __boot_constraints_probe_end(struct device *dev, int ret);
void __boot_constraints_device_bound(struct device *dev);
void __boot_constraints_remove(struct device *dev);
void boot_constraints_deadline(void);
void boot_constraints_no_deadline(void);
void __boot_constraints_bus_added(const struct bus_type *bus);
void __boot_constraints_bus_removed(const struct bus_type *bus);

/* The driver core's, for the boot constraint core: drivers/base/dd.c */
void boot_constraints_retry_probes(void);

static inline void boot_constraints_device_added(struct device *dev)
{
	if (static_branch_unlikely(&boot_constraints_live))
		__boot_constraints_device_added(dev);
}

/* A device without constraints (not flagged) costs its probe one load */
static inline void boot_constraints_probe_start(struct device *dev)
{
	if (static_branch_unlikely(&boot_constraints_live) &&
	    dev_boot_constrained(dev))
		__boot_constraints_probe_start(dev);
}

static inline void boot_constraints_probe_end(struct device *dev, int ret)
{
	if (static_branch_unlikely(&boot_constraints_live) &&
	    dev_boot_constrained(dev))
		__boot_constraints_probe_end(dev, ret);
}

static inline void boot_constraints_device_bound(struct device *dev)
{
	if (static_branch_unlikely(&boot_constraints_live))
		__boot_constraints_device_bound(dev);
}

static inline void boot_constraints_remove(struct device *dev)
{
	if (static_branch_unlikely(&boot_constraints_live))
		__boot_constraints_remove(dev);
}

/*
 * The buses are followed while the hooks are on, and with KUnit, whose
 * tests open deadlines again after the machine's, for as long as the
 * kernel runs.
 */
static inline void boot_constraints_bus_added(const struct bus_type *bus)
{
	if (IS_ENABLED(CONFIG_KUNIT) ||
	    static_branch_unlikely(&boot_constraints_live))
		__boot_constraints_bus_added(bus);
}

static inline void boot_constraints_bus_removed(const struct bus_type *bus)
{
	if (IS_ENABLED(CONFIG_KUNIT) ||
	    static_branch_unlikely(&boot_constraints_live))
		__boot_constraints_bus_removed(bus);
}
#else
static inline void boot_constraints_device_added(struct device *dev) {}
static inline void boot_constraints_probe_start(struct device *dev) {}
static inline void boot_constraints_probe_end(struct device *dev, int ret) {}
static inline void boot_constraints_device_bound(struct device *dev) {}
static inline void boot_constraints_remove(struct device *dev) {}
static inline void boot_constraints_deadline(void) {}
static inline void boot_constraints_no_deadline(void) {}
static inline void boot_constraints_bus_added(const struct bus_type *bus) {}
static inline void boot_constraints_bus_removed(const struct bus_type *bus) {}
#endif /* CONFIG_DEV_BOOT_CONSTRAINT */

#endif /* _LINUX_BOOT_CONSTRAINT_H */
