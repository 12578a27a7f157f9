// SPDX-License-Identifier: GPL-2.0
/*
 * Automatic boot constraints: no table, no declaration.
 *
 * With boot_constraints=auto, every clock, supply, power domain and reset
 * line that the device tree node of a device names, on any bus, is held for
 * that device if it is on once its provider is there (a reset line:
 * deasserted), at the rate or voltage it runs at, and released as any
 * constraint: after the device's driver probes, when the device goes, or
 * at the deadline. What is off is left off, and its constraint freed. A
 * resource named by several devices is held by each, and goes off, if
 * nothing else uses it, once the last of them has probed. What a table, a
 * declaration or the console holds for a device is held as they say, not
 * twice.
 *
 * boot_constraints=report finds the same resources and holds none of them
 * (report.c logs them). The mode is the command line's (cmdline.c).
 *
 * Most resources of a large tree are off, and most providers bind after the
 * devices that name them are added. A resource of a type that can be read
 * from the node's entry alone (&bc_ops.peek: clocks) is recorded unseen
 * (unseen.c) until its provider shows it on, and tried then (found.c); the
 * others are added pending, a chunk at a time (found.c), and tried by
 * bc_retry_work, which this schedules.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/device.h>
#include <linux/list.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <kunit/visibility.h>

#include "internal.h"
#include "found.h"
#include "fresh.h"
#include "names.h"
#include "records.h"
#include "retry.h"
#include "unseen.h"

/*
 * Drops what @dev has left, which device_del() would have, once @dev is
 * seen unregistered. The full barrier pairs with the one in
 * boot_constraints_remove(), as bc_release_if_deleted()'s does.
 */
static void bc_unseen_drop_if_deleted(struct device *dev)
{
	/* Pairs with the barrier in boot_constraints_remove() */
	smp_mb();
	if (!device_is_registered(dev))
		bc_unseen_drop(dev);
}

/*
 * Records @new, the resources of @dev found by its node's walk, which it
 * takes; bc_retry_work tries those whose provider may be there. Caller
 * holds no lock of the core.
 */
static void bc_unseen_publish(struct device *dev, struct list_head *new)
{
	bool schedule;

	scoped_guard(bc)
		schedule = bc_unseen_enter(dev, new);

	bc_unseen_drop_if_deleted(dev);
	if (schedule)
		bc_retry_schedule();
}

/*
 * Records an unseen resource of the device of @ch, whose name is a string
 * of its node; returns false if it cannot be recorded so.
 */
static bool bc_auto_unseen(struct bc_auto_chunk *ch, const char *name,
			   const struct bc_spec *spec)
{
	struct bc_unseen *u;

	u = kmalloc(sizeof(*u), GFP_KERNEL | __GFP_NOWARN);
	if (!u)
		return false;

	/* Each field set: a compound literal would zero the record first */
	u->dev = ch->dev;
	u->type = ch->type;
	u->bt = ch->bt;
	u->deadline = bc_add_deadline();
	u->name = name;
	u->spec = *spec;
	/* Its provider's node may go with an overlay meanwhile */
	of_node_get(u->spec.np);
	u->tried = 0;
	list_add_tail(&u->node, &ch->unseen);

	return true;
}

/* Adds a resource of the device to the chunk of @w, or records it unseen. */
static int bc_auto_collect(struct bc_of_walker *w,
			   const char *name, size_t len,
			   const struct bc_spec *spec)
{
	struct bc_auto_chunk *ch = container_of(w, struct bc_auto_chunk, walker);
	char *copy = NULL;

	/* A list's names are whole strings; "vdd" of "vdd-supply" is not */
	if (name && name[len]) {
		copy = kstrndup(name, len, GFP_KERNEL | __GFP_NOWARN);
		if (!copy)
			return -ENOMEM;
		name = copy;
	} else if (ch->bt->ops.peek && spec->np &&
		   bc_auto_unseen(ch, name, spec)) {
		return 0;
	}

	bc_auto_chunk_add(ch, ch->type, ch->bt, name, copy, spec);

	return 0;
}

/**
 * bc_auto_add_device() - Hold what a new device's node names.
 * @dev: the device, being added to its bus, and its node's only device.
 *
 * Called as the driver core adds the device, with boot_constraints=auto or
 * report, after the constraints that tables and declarations give @dev.
 * Costs a look at the node's properties for a device that names no
 * resource.
 */
void bc_auto_add_device(struct device *dev)
{
	/* Its arrays are written before they are read: not zeroed first */
	struct bc_auto_chunk ch __uninitialized;

	if (READ_ONCE(bc_add_deadline()->past))
		return;

	ch.walker.fn = bc_auto_collect;
	ch.dev = dev;
	ch.bound = NULL;
	ch.found = false;
	ch.later = false;
	ch.n = 0;
	INIT_LIST_HEAD(&ch.unseen);

	bc_for_each_type(ch.type, ch.bt) {
		if (ch.bt->ops.sample)
			bc_of_walk(dev->of_node, ch.bt->names->of,
				   &ch.walker);
	}
	bc_auto_flush(&ch);
	if (ch.later)
		bc_retry_schedule();
	if (!list_empty(&ch.unseen))
		bc_unseen_publish(dev, &ch.unseen);
}
EXPORT_SYMBOL_IF_KUNIT(bc_auto_add_device);
