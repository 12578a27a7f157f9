// SPDX-License-Identifier: GPL-2.0
/*
 * The buses whose devices the boot constraint core looks up: the driver
 * core tells of each bus it registers, so that the device of a node is
 * found on whatever bus it is (platform, AMBA, I2C, SPI...), and the
 * automatic mode constrains only the devices of buses whose drivers probe
 * them. The constraints of devices matched in the device tree (of.c) look
 * their devices up here.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/device.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/slab.h>

#include "core.h"
#include "records.h"
#include "bus.h"

/**
 * struct bc_of_bus - A bus whose devices are looked up.
 *
 * @node: entry in bc_of_buses.
 * @bus: the bus.
 * @kind: whether drivers probe its devices, once its first device with a
 *	node is added, see bc_of_bus_probes().
 */
struct bc_of_bus {
	struct list_head node;
	const struct bus_type *bus;
	enum {
		BC_OF_BUS_UNKNOWN,
		BC_OF_BUS_PROBES,
		BC_OF_BUS_SUBSYSTEM,
	} kind;
};

/*
 * bc_bus_lock protects bc_of_buses and the kinds of its buses,
 * bc_of_buses_dropped, and orders the writes of bc_of_probing_bus. It is
 * innermost: nothing but the buses' klist locks, to look a device up, is
 * taken while it is held.
 */
static DEFINE_MUTEX(bc_bus_lock);
static LIST_HEAD(bc_of_buses);
/*
 * Set once the driver core's hooks are off for good, and the list with
 * them: no device can get constraints any more, none is looked up.
 */
static bool bc_of_buses_dropped;
/*
 * The last bus found to probe its devices: a tree's devices are added a
 * bus at a time, most of them to one, and each looks here first, without
 * bc_bus_lock. Written under it, and cleared as its bus is removed.
 */
static const struct bus_type *bc_of_probing_bus;

static int bc_of_match_device(struct device *dev, const void *np)
{
	return bc_of_is_node_device(dev, np);
}

/**
 * bc_of_find_device() - The device of a node, on any bus.
 * @np: the node.
 *
 * Return: the device, with a reference held, or NULL.
 */
struct device *bc_of_find_device(struct device_node *np)
{
	struct bc_of_bus *b;
	struct device *dev;

	guard(mutex)(&bc_bus_lock);

	list_for_each_entry(b, &bc_of_buses, node) {
		dev = bus_find_device(b->bus, NULL, np, bc_of_match_device);
		if (dev)
			return dev;
	}

	return NULL;
}

/**
 * bc_of_scan_devices() - Call a function for every device of every bus.
 * @data: what @fn is given.
 * @fn: the function, called with bc_bus_lock held (it must not take it).
 *
 * For an adder that looks, for each of many nodes, whether their device
 * exists already: one pass over the buses' devices.
 */
void bc_of_scan_devices(void *data, int (*fn)(struct device *, void *))
{
	struct bc_of_bus *b;

	guard(mutex)(&bc_bus_lock);
	list_for_each_entry(b, &bc_of_buses, node)
		bus_for_each_dev(b->bus, NULL, data, fn);
}

/* The bus @bus, known since it was registered. Caller holds bc_bus_lock. */
static struct bc_of_bus *bc_of_bus_find(const struct bus_type *bus)
{
	struct bc_of_bus *b;

	lockdep_assert_held(&bc_bus_lock);

	list_for_each_entry(b, &bc_of_buses, node) {
		if (b->bus == bus)
			return b;
	}

	return NULL;
}

/**
 * bc_of_bus_probes() - Whether drivers probe the devices of a bus.
 * @bus: the bus.
 *
 * A subsystem (a bus with a root
 * device, registered with subsys_system_register() or
 * subsys_virtual_register(): cpu, memory, node, clocksource...) groups
 * devices for user space, and on a machine described by a device tree no
 * driver binds them: the CPUs' devices have a node, which names their clocks
 * and supplies, and no driver, for cpufreq uses them without binding. Its
 * root is registered before its first device is added. A bus the core does
 * not know (registered before it, or unregistered meanwhile) gets nothing.
 *
 * Return: true if drivers probe the devices of @bus.
 */
bool bc_of_bus_probes(const struct bus_type *bus)
{
	struct device *root;
	struct bc_of_bus *b;
	int kind;

	if (bus == READ_ONCE(bc_of_probing_bus))
		return true;

	scoped_guard(mutex, &bc_bus_lock) {
		b = bc_of_bus_find(bus);
		kind = b ? b->kind : BC_OF_BUS_SUBSYSTEM;
		if (kind == BC_OF_BUS_PROBES)
			WRITE_ONCE(bc_of_probing_bus, bus);
	}
	if (kind != BC_OF_BUS_UNKNOWN)
		return kind == BC_OF_BUS_PROBES;

	root = bus_get_dev_root(bus);
	kind = root ? BC_OF_BUS_SUBSYSTEM : BC_OF_BUS_PROBES;
	put_device(root);
	scoped_guard(mutex, &bc_bus_lock) {
		b = bc_of_bus_find(bus);
		if (b)
			b->kind = kind;
		if (b && kind == BC_OF_BUS_PROBES)
			WRITE_ONCE(bc_of_probing_bus, bus);
	}

	return kind == BC_OF_BUS_PROBES;
}

/**
 * __boot_constraints_bus_added() - Know a new bus.
 * @bus: the bus, just registered.
 *
 * Called by the driver core for every bus it registers while its hooks are
 * on, before a device can be added to it, so that the device of a node is
 * looked up on whatever bus it is; with boot_constraints=off, or once the
 * hooks are off for good, nothing is recorded.
 */
void __boot_constraints_bus_added(const struct bus_type *bus)
{
	struct bc_of_bus *b;

	if (bc_disabled() || READ_ONCE(bc_of_buses_dropped))
		return;

	b = kzalloc(sizeof(*b), GFP_KERNEL | __GFP_NOWARN);
	if (!b) {
		pr_err("bus %s: devices not constrained, out of memory\n",
		       bus->name);
		return;
	}

	b->bus = bus;
	scoped_guard(mutex, &bc_bus_lock) {
		if (!bc_of_buses_dropped) {
			list_add_tail(&b->node, &bc_of_buses);
			b = NULL;
		}
	}
	kfree(b);
}

/**
 * __boot_constraints_bus_removed() - Forget a bus.
 * @bus: the bus, about to be unregistered.
 *
 * Called by the driver core while its hooks are on.
 */
void __boot_constraints_bus_removed(const struct bus_type *bus)
{
	struct bc_of_bus *b;

	scoped_guard(mutex, &bc_bus_lock) {
		b = bc_of_bus_find(bus);
		if (b)
			list_del(&b->node);
		if (bc_of_probing_bus == bus)
			WRITE_ONCE(bc_of_probing_bus, NULL);
	}
	kfree(b);
}

/**
 * bc_of_nr_buses() - How many buses the core knows.
 *
 * Return: the number of buses whose devices are looked up, for debugfs.
 */
unsigned int bc_of_nr_buses(void)
{
	struct bc_of_bus *b;
	unsigned int n = 0;

	guard(mutex)(&bc_bus_lock);
	list_for_each_entry(b, &bc_of_buses, node)
		n++;

	return n;
}

/*
 * The hooks are off, and in a kernel without KUnit for good: no device can
 * get constraints any more, nor be looked up. The buses go, and those
 * registered and unregistered from now on are not followed.
 */
static void bc_of_drop_buses(void)
{
	struct bc_of_bus *b, *tmp;
	LIST_HEAD(gone);

	scoped_guard(mutex, &bc_bus_lock) {
		WRITE_ONCE(bc_of_buses_dropped, true);
		WRITE_ONCE(bc_of_probing_bus, NULL);
		list_splice_init(&bc_of_buses, &gone);
	}

	list_for_each_entry_safe(b, tmp, &gone, node)
		kfree(b);
}

/*
 * A KUnit test opens deadlines of its own, after the machine's has passed
 * (bc_deadline_init()), and looks up devices on the buses then: with
 * KUnit, the buses are kept and followed for as long as the kernel runs.
 */
static int __init bc_of_buses_init(void)
{
	if (!IS_ENABLED(CONFIG_KUNIT))
		bc_hooks_at_off(bc_of_drop_buses);

	return 0;
}
early_initcall(bc_of_buses_init);
