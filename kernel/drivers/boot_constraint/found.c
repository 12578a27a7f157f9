// SPDX-License-Identifier: GPL-2.0
/*
 * The adds of automatic mode (auto.c says what it holds): a device's
 * resources are added a chunk at a time, pending as the device is added,
 * or taken at once when found on. A resource recorded unseen (unseen.c) is
 * tried where a pending constraint is, at its provider's bind, at its
 * device's probe and by bc_retry_work (retry.c calls bc_unseen_try()): it
 * is freed if off, becomes an automatic constraint, taken at once, if on,
 * and waits again while its provider is missing.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/device.h>
#include <linux/list.h>
#include <linux/of.h>
#include <linux/slab.h>

#include "internal.h"
#include "found.h"
#include "attach.h"
#include "retry.h"
#include "pending.h"
#include "unseen.h"

/**
 * bc_auto_flush() - Add the resources of a chunk.
 * @ch: the chunk, emptied.
 *
 * Those of a chunk of found resources are taken at once; the others are
 * published pending, and @ch->later set: its owner has bc_retry_work try
 * them (bc_retry_schedule()).
 */
void bc_auto_flush(struct bc_auto_chunk *ch)
{
	if (ch->n && ch->found)
		bc_add_auto_found(ch->dev, ch->infos, ch->specs, ch->n,
				  ch->bound);
	else if (ch->n && !bc_add_auto(ch->dev, ch->infos, ch->specs, ch->n))
		ch->later = true;

	while (ch->n)
		kfree(ch->copies[--ch->n]);
}

/**
 * bc_auto_chunk_add() - Add a resource to a chunk, flushed once full.
 * @ch: the chunk.
 * @type: the resource's type.
 * @bt: the type.
 * @name: the resource's name, a string of the device's node or @copy.
 * @copy: a copy of the name that the chunk then owns, or NULL.
 * @spec: the resource's entry in the node.
 */
void bc_auto_chunk_add(struct bc_auto_chunk *ch,
		       enum dev_boot_constraint_type type,
		       const struct bc_type *bt, const char *name,
		       char *copy, const struct bc_spec *spec)
{
	unsigned int k = ch->n;

	bt->ops.describe(&ch->desc[k], name, 0, 0);
	ch->infos[k] = (struct dev_boot_constraint_info) {
		.constraint = { .type = type, .data = &ch->desc[k] },
	};
	ch->specs[k] = *spec;
	ch->copies[k] = copy;
	if (++ch->n == BC_AUTO_CHUNK)
		bc_auto_flush(ch);
}

/*
 * Adds the resources of @found, of @dev, as automatic constraints, taken at
 * once, as the bind of @bound (or NULL) retries them. Out of line: most
 * tries find nothing on. Caller holds device_lock(@dev), not bc_lock.
 */
static noinline void bc_unseen_add_found(struct device *dev,
					 struct list_head *found,
					 struct device_node *bound)
{
	struct bc_auto_chunk ch = {
		.dev = dev, .bound = bound, .found = true, .n = 0,
	};
	struct bc_unseen *u;

	list_for_each_entry(u, found, node)
		bc_auto_chunk_add(&ch, u->type, u->bt, u->name, NULL, &u->spec);
	bc_auto_flush(&ch);
}

/**
 * bc_unseen_try() - Try the records of a device not seen on yet.
 * @dev: the device.
 * @taken: its records, taken out of the tables (bc_unseen_take_device()),
 *	which this takes.
 * @bound: the node of the device whose bind tries them, or NULL.
 *
 * Frees those found off, adds those found on as constraints, taken at
 * once, and puts back those whose provider is still missing; but those
 * whose provider's very node, @bound, was just bound: as constraints, they
 * wait for every bind (see bc_pending_unkey()).
 *
 * Context: caller holds device_lock(@dev), not bc_lock.
 */
void bc_unseen_try(struct device *dev, struct list_head *taken,
		   struct device_node *bound)
{
	unsigned long binds = bc_binds();
	struct bc_unseen *u, *tmp;
	LIST_HEAD(again);
	LIST_HEAD(found);
	int on;

	device_lock_assert(dev);

	/* Those found off stay in @taken */
	list_for_each_entry_safe(u, tmp, taken, node) {
		on = u->bt->ops.peek(dev, u->name, &u->spec);
		if (on == -EPROBE_DEFER && u->spec.np != bound)
			list_move_tail(&u->node, &again);
		else if (on)
			list_move_tail(&u->node, &found);
	}
	if (!list_empty(&found))
		bc_unseen_add_found(dev, &found, bound);

	guard(bc)();
	if (!list_empty(taken))
		bc_unseen_free(taken, BC_UNSEEN_OFF);
	if (!list_empty(&found))
		bc_unseen_free(&found, BC_UNSEEN_FOUND);
	if (!list_empty(&again))
		bc_unseen_put_back(&again, binds);
	bc_unseen_settle(dev);
}
