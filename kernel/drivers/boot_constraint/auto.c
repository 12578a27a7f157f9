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
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/device.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "core.h"
#include "names.h"

/*
 * The resources of a device, added a few at a time: one add, one look at
 * the device's record, and no array allocated, for most devices.
 */
#define BC_AUTO_CHUNK	BC_ADD_FEW

struct bc_auto_chunk {
	struct bc_of_walker walker;
	struct device *dev;
	enum dev_boot_constraint_type type;
	const struct bc_ops *ops;
	struct dev_boot_constraint_info infos[BC_AUTO_CHUNK];
	struct bc_desc desc[BC_AUTO_CHUNK];
	struct bc_spec specs[BC_AUTO_CHUNK];
	char *copies[BC_AUTO_CHUNK];
	unsigned int n;
};

static void bc_auto_flush(struct bc_auto_chunk *ch)
{
	if (ch->n)
		bc_add_auto(ch->dev, ch->infos, ch->specs, ch->n);

	while (ch->n)
		kfree(ch->copies[--ch->n]);
}

/* Adds a resource of the device to the chunk of @w. */
static int bc_auto_collect(struct bc_of_walker *w,
			   const char *name, size_t len,
			   const struct bc_spec *spec)
{
	struct bc_auto_chunk *ch = container_of(w, struct bc_auto_chunk, walker);
	unsigned int k = ch->n;
	char *copy = NULL;

	/* A list's names are whole strings; "vdd" of "vdd-supply" is not */
	if (name && name[len]) {
		copy = kstrndup(name, len, GFP_KERNEL | __GFP_NOWARN);
		if (!copy)
			return -ENOMEM;
		name = copy;
	}

	ch->ops->describe(&ch->desc[k], name, 0, 0);
	ch->infos[k] = (struct dev_boot_constraint_info) {
		.constraint = { .type = ch->type, .data = &ch->desc[k] },
	};
	ch->specs[k] = *spec;
	ch->copies[k] = copy;
	if (++ch->n == BC_AUTO_CHUNK)
		bc_auto_flush(ch);

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
	struct bc_auto_chunk ch = {
		.walker.fn = bc_auto_collect, .dev = dev, .n = 0,
	};

	bc_for_each_type(ch.type, ch.ops) {
		if (ch.ops->sample)
			bc_of_walk(dev->of_node, ch.ops->names->of,
				   &ch.walker);
	}
	bc_auto_flush(&ch);
}
