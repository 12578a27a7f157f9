// SPDX-License-Identifier: GPL-2.0
/*
 * The resources that a device's node names, recorded unseen until their
 * provider shows them on: boot_constraints=auto's, for a type that reads
 * its resource from the node's entry alone (&bc_ops.peek). Most resources
 * of a large tree are off, and most providers bind after the devices that
 * name them are added: such a resource costs a record of a few words,
 * indexed by its provider's node (a bind looks for it as for a pending
 * constraint, see bc_bind_may_retry()) and by its device, and no
 * constraint nor device record until it is seen on.
 *
 * A record is tried with its device's lock held, where a pending constraint
 * is: at its provider's bind, by bc_retry_work, and at its device's probe
 * (retry.c); found off it is freed, found on it becomes a constraint
 * (auto.c), its provider still missing it is put back. It goes with a
 * probe that does not defer, with its device, with user space's end and
 * at its deadline. The device is flagged while it has one, as while it has
 * constraints.
 */

#include <linux/device.h>
#include <linux/hashtable.h>
#include <linux/list.h>
#include <linux/of.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "internal.h"
#include "records.h"
#include "pending.h"
#include "unseen.h"

/*
 * The tables are bc_lock's (its rule in records.c). A record leaves them
 * only with its device's lock held, to be tried or dropped, but at its
 * deadline, at user space's end, for a device seen unregistered and when
 * its provider's node leaves the tree: one taken out is its taker's.
 */
#define BC_UNSEEN_NP_BITS	7
#define BC_UNSEEN_DEV_BITS	9
static DEFINE_HASHTABLE(bc_unseen_np, BC_UNSEEN_NP_BITS);
static DEFINE_HASHTABLE(bc_unseen_dev, BC_UNSEEN_DEV_BITS);
/*
 * Records whose provider may be there already, for bc_retry_work; and those
 * of them whose device was found busy, parked until every free one has
 * been tried.
 */
static LIST_HEAD(bc_unseen_fresh);
static LIST_HEAD(bc_unseen_parked);

/* As ksize() says of each record, read once. Caller holds bc_lock. */
static size_t bc_unseen_bytes(void)
{
	static size_t bytes;

	if (!bytes)
		bytes = kmalloc_size_roundup(sizeof(struct bc_unseen));

	return bytes;
}

/* Caller holds bc_lock. */
static void bc_unseen_index(struct bc_unseen *u)
{
	bc_assert_held();

	hash_add(bc_unseen_np, &u->by_np, (unsigned long)u->spec.np);
	hash_add(bc_unseen_dev, &u->by_dev, (unsigned long)u->dev);
	bc_key_count(u->spec.np, 1);
}

/*
 * Takes @u out of the tables, into @taken. Its provider's evidence goes with
 * it, as with a constraint (bc_pending_del()). Caller holds bc_lock.
 */
static void bc_unseen_take(struct bc_unseen *u, struct list_head *taken)
{
	bc_assert_held();

	hash_del(&u->by_np);
	hash_del(&u->by_dev);
	bc_absent_forget(u->spec.np);
	bc_key_count(u->spec.np, -1);
	list_move_tail(&u->node, taken);
}

/**
 * bc_unseen_free() - Free records taken out of the tables.
 * @taken: the records, each in it by its &bc_unseen.node.
 * @end: how they end, for the counters.
 *
 * Context: caller holds bc_lock.
 */
void bc_unseen_free(struct list_head *taken, enum bc_unseen_end end)
{
	struct bc_unseen *u, *tmp;

	bc_assert_held();

	list_for_each_entry_safe(u, tmp, taken, node) {
		bc_count_unseen_gone(bc_unseen_bytes(), end != BC_UNSEEN_FOUND,
				     end == BC_UNSEEN_OFF);
		of_node_put(u->spec.np);
		kfree(u);
	}
	INIT_LIST_HEAD(taken);
}

/**
 * bc_unseen_has() - Whether a device has resources not seen on yet.
 * @dev: the device.
 *
 * Context: caller holds bc_lock.
 * Return: true if it has one in the tables.
 */
bool bc_unseen_has(struct device *dev)
{
	struct bc_unseen *u;

	bc_assert_held();

	hash_for_each_possible(bc_unseen_dev, u, by_dev, (unsigned long)dev) {
		if (u->dev == dev)
			return true;
	}

	return false;
}

/**
 * bc_unseen_settle() - Unflag a device that has nothing left.
 * @dev: the device, some of whose records were taken out.
 *
 * Context: caller holds bc_lock.
 */
void bc_unseen_settle(struct device *dev)
{
	bc_assert_held();

	if (!bc_unseen_has(dev))
		bc_device_unflag(dev);
}

/**
 * bc_unseen_take_device() - Take records of a device out of the tables.
 * @dev: the device.
 * @taken: where they go, each by its &bc_unseen.node.
 * @fresh: only those marked for bc_retry_work.
 * @below: only those whose provider is this node or one below it, or NULL.
 *
 * Context: caller holds bc_lock, and device_lock(@dev) unless the records
 * are dropped.
 */
void bc_unseen_take_device(struct device *dev, struct list_head *taken,
			   bool fresh, struct device_node *below)
{
	struct hlist_node *tmp;
	struct bc_unseen *u;

	bc_assert_held();

	hash_for_each_possible_safe(bc_unseen_dev, u, tmp, by_dev,
				    (unsigned long)dev) {
		if (u->dev != dev || (fresh && list_empty(&u->node)) ||
		    (below && !bc_node_covers(below, u->spec.np)))
			continue;
		bc_unseen_take(u, taken);
	}
}

/*
 * Whether the resource of @u is recorded for its device already: a table's
 * constraint holds it, or a record names it. A device not flagged has
 * neither. Caller holds bc_lock.
 */
static bool bc_unseen_known(const struct bc_unseen *u)
{
	struct bc_constraint *c;
	struct bc_dev *bdev;
	struct bc_unseen *v;

	bc_assert_held();

	if (!bc_is_constrained(u->dev))
		return false;

	bdev = bc_find(u->dev);
	if (bdev) {
		list_for_each_entry(c, &bdev->constraints, node) {
			if (bc_is_live(c) &&
			    bc_same_named(c->type, c->name, u->bt, u->name))
				return true;
		}
	}

	hash_for_each_possible(bc_unseen_dev, v, by_dev, (unsigned long)u->dev) {
		if (v->dev == u->dev &&
		    bc_same_named(v->bt, v->name, u->bt, u->name))
			return true;
	}

	return false;
}

/**
 * bc_unseen_enter() - Enter the records of a device being added.
 * @dev: the device.
 * @new: its records, allocated by their adder, which this takes: entered,
 *	or freed if their device knows their resource already or their
 *	deadline has passed.
 *
 * Those entered are marked for bc_retry_work, which passes over those whose
 * provider is known to be missing (bc_absent_known()); @dev is flagged.
 *
 * Context: caller holds bc_lock.
 * Return: true if one is entered where none was marked: while one is,
 * bc_retry_work is queued, or runs until none is; the caller queues it.
 */
bool bc_unseen_enter(struct device *dev, struct list_head *new)
{
	bool idle = list_empty(&bc_unseen_fresh);
	struct bc_unseen *u, *tmp;
	bool entered = false;
	LIST_HEAD(gone);

	bc_assert_held();

	list_for_each_entry_safe(u, tmp, new, node) {
		if (u->deadline->past || bc_unseen_known(u)) {
			list_move_tail(&u->node, &gone);
			continue;
		}

		bc_unseen_index(u);
		bc_count_bytes(bc_unseen_bytes(), 0);
		list_move_tail(&u->node, &bc_unseen_fresh);
		/* Flagged as it has one: the next one looks at its records */
		if (!entered)
			bc_device_flag(dev);
		entered = true;
	}
	if (!list_empty(&gone))
		bc_unseen_free(&gone, BC_UNSEEN_DROPPED);

	return entered && idle;
}

/**
 * bc_unseen_put_back() - Put back records whose provider is still missing.
 * @again: the records, taken out and tried.
 * @binds: the count of binds read before they were tried: their
 *	provider's evidence (bc_absent_keep()).
 *
 * Those past their deadline are dropped, and those whose provider's node
 * left the tree while they were tried (bc_unseen_detach()).
 *
 * Context: caller holds bc_lock.
 */
void bc_unseen_put_back(struct list_head *again, unsigned long binds)
{
	struct bc_unseen *u, *tmp;
	LIST_HEAD(gone);

	bc_assert_held();

	list_for_each_entry_safe(u, tmp, again, node) {
		if (u->deadline->past ||
		    of_node_check_flag(u->spec.np, OF_DETACHED)) {
			list_move_tail(&u->node, &gone);
			continue;
		}
		list_del_init(&u->node);
		bc_unseen_index(u);
		bc_absent_keep(u->spec.np, u->bt, binds);
	}
	if (!list_empty(&gone))
		bc_unseen_free(&gone, BC_UNSEEN_DROPPED);
}

/**
 * bc_unseen_queued() - Whether a record is marked for bc_retry_work.
 *
 * Context: caller holds bc_lock.
 * Return: true if one is.
 */
bool bc_unseen_queued(void)
{
	bc_assert_held();

	return !list_empty(&bc_unseen_fresh) || !list_empty(&bc_unseen_parked);
}

/**
 * bc_unseen_park() - Leave a busy device until the free ones are tried.
 * @dev: the device, some of whose records are marked for bc_retry_work.
 *
 * Context: caller holds bc_lock.
 */
void bc_unseen_park(struct device *dev)
{
	struct bc_unseen *u;

	bc_assert_held();

	hash_for_each_possible(bc_unseen_dev, u, by_dev, (unsigned long)dev) {
		if (u->dev == dev && !list_empty(&u->node))
			list_move_tail(&u->node, &bc_unseen_parked);
	}
}

/**
 * bc_unseen_unpark() - Mark the parked records for bc_retry_work again.
 *
 * Context: caller holds bc_lock.
 * Return: true if one was parked.
 */
bool bc_unseen_unpark(void)
{
	bc_assert_held();

	if (list_empty(&bc_unseen_parked))
		return false;

	list_splice_tail_init(&bc_unseen_parked, &bc_unseen_fresh);
	return true;
}

/**
 * bc_unseen_mark_all() - Mark every record for bc_retry_work.
 *
 * Each is read again, whether its provider is known to be missing or not:
 * the caller makes that evidence stale (bc_pending_mark_all()).
 *
 * Context: caller holds bc_lock.
 */
void bc_unseen_mark_all(void)
{
	struct bc_unseen *u;
	unsigned int bkt;

	bc_assert_held();

	hash_for_each(bc_unseen_dev, bkt, u, by_dev) {
		if (list_empty(&u->node))
			list_add_tail(&u->node, &bc_unseen_fresh);
	}
}

/**
 * bc_unseen_next_fresh() - The device of the first record to try.
 * @binds: the count of binds, read now.
 *
 * Those whose provider is known to be missing (bc_absent_known()) are
 * unmarked on the way: the bind of their provider, or their device's probe,
 * tries them.
 *
 * Context: caller holds bc_lock.
 * Return: the device, with a reference held, or NULL if none is marked.
 */
struct device *bc_unseen_next_fresh(unsigned long binds)
{
	struct bc_unseen *u, *tmp;

	bc_assert_held();

	list_for_each_entry_safe(u, tmp, &bc_unseen_fresh, node) {
		if (!bc_absent_known(u->spec.np, u->bt, binds))
			return get_device(u->dev);
		list_del_init(&u->node);
	}

	return NULL;
}

/* A record that waits for @np, not tried during bind @seq. bc_lock held. */
static void *bc_unseen_on(struct device_node *np, unsigned long seq)
{
	struct bc_unseen *u;

	bc_assert_held();

	hash_for_each_possible(bc_unseen_np, u, by_np, (unsigned long)np) {
		if (u->spec.np == np && u->tried != seq)
			return u;
	}

	return NULL;
}

/**
 * bc_unseen_next_bound() - The next record that a bind may provide for.
 * @np: the bound device's node (its parent's for a device without one).
 * @seq: the bind's number.
 *
 * Context: caller holds bc_lock.
 * Return: a record whose provider is @np or a node below it, not tried
 * during bind @seq, or NULL.
 */
struct bc_unseen *bc_unseen_next_bound(struct device_node *np,
				       unsigned long seq)
{
	return bc_next_below(np, seq, bc_unseen_on);
}

/**
 * bc_unseen_mark_busy() - Leave the records of a busy device to the work.
 * @dev: the device, whose lock a bind found held.
 * @seq: the bind's number.
 * @bound: the bound device's node, or NULL.
 *
 * Those whose provider is @bound or a node below it (all of them for NULL)
 * are marked for bc_retry_work, and not tried again during this bind.
 *
 * Context: caller holds bc_lock.
 */
void bc_unseen_mark_busy(struct device *dev, unsigned long seq,
			 struct device_node *bound)
{
	struct bc_unseen *u;

	bc_assert_held();

	hash_for_each_possible(bc_unseen_dev, u, by_dev, (unsigned long)dev) {
		if (u->dev != dev)
			continue;
		u->tried = seq;
		if (!bound || bc_node_covers(bound, u->spec.np))
			list_move_tail(&u->node, &bc_unseen_fresh);
	}
}

/**
 * bc_unseen_drop() - Drop the resources of a device not seen on yet.
 * @dev: the device: probed by its driver, bound without a probe, or
 *	deleted.
 *
 * Context: caller holds device_lock(@dev), or @dev is not registered any
 * more; not bc_lock.
 */
void bc_unseen_drop(struct device *dev)
{
	LIST_HEAD(taken);

	guard(bc)();
	bc_unseen_take_device(dev, &taken, false, NULL);
	if (list_empty(&taken))
		return;

	bc_unseen_free(&taken, BC_UNSEEN_DROPPED);
	bc_device_unflag(dev);
}

/**
 * bc_unseen_detach() - Drop the records of a provider's node that leaves the tree.
 * @np: the node, detached: an overlay's removal frees it.
 *
 * Nothing can show their resources on any more: they go as at their
 * deadline, their reference to @np put, and each device left with none is
 * unflagged. Those being tried are dropped when put back.
 *
 * Context: caller holds bc_lock.
 */
void bc_unseen_detach(struct device_node *np)
{
	struct hlist_node *tmp;
	struct bc_unseen *u;
	struct device *dev;
	LIST_HEAD(taken);

	bc_assert_held();

	hash_for_each_possible_safe(bc_unseen_np, u, tmp, by_np,
				    (unsigned long)np) {
		if (u->spec.np != np)
			continue;

		dev = u->dev;
		dev_dbg(dev, "%s %s: provider %pOF removed, not watched\n",
			u->bt->name, u->name ?: "(default)", np);
		bc_unseen_take(u, &taken);
		bc_unseen_free(&taken, BC_UNSEEN_DROPPED);
		bc_unseen_settle(dev);
	}
}

/**
 * bc_unseen_expire() - Drop the records of a deadline, or of a device.
 * @deadline: the deadline, passing; or NULL for those of every deadline.
 * @name: only those of the device of that name, or NULL.
 *
 * A deadline drops the early console's records too: they hold nothing, and
 * nothing that passed its deadline is held from then on.
 *
 * Context: caller holds bc_lock.
 * Return: how many devices without constraints had some.
 */
unsigned int bc_unseen_expire(const struct bc_deadline *deadline,
			      const char *name)
{
	struct hlist_node *tmp;
	struct bc_unseen *u;
	struct device *dev;
	unsigned int bkt, n = 0;
	LIST_HEAD(taken);

	bc_assert_held();

	hash_for_each_safe(bc_unseen_dev, bkt, tmp, u, by_dev) {
		if ((deadline && u->deadline != deadline) ||
		    (name && strcmp(dev_name(u->dev), name)))
			continue;

		dev = u->dev;
		bc_unseen_take(u, &taken);
		bc_unseen_free(&taken, BC_UNSEEN_DROPPED);
		if (bc_unseen_has(dev))
			continue;

		n += !bc_find(dev);
		bc_device_unflag(dev);
	}

	return n;
}

/**
 * bc_unseen_count() - Count the resources of a device not seen on yet.
 * @dev: the device, or NULL for every device.
 *
 * Context: caller holds bc_lock.
 * Return: how many are in the tables.
 */
unsigned int bc_unseen_count(struct device *dev)
{
	struct bc_unseen *u;
	unsigned int bkt, n = 0;

	bc_assert_held();

	if (!dev) {
		hash_for_each(bc_unseen_dev, bkt, u, by_dev)
			n++;
		return n;
	}

	hash_for_each_possible(bc_unseen_dev, u, by_dev, (unsigned long)dev)
		n += u->dev == dev;

	return n;
}

/**
 * bc_unseen_show() - Print a part of the resources not seen on yet.
 * @s: where to print, one a line, as debugfs prints a pending constraint.
 * @part: which part, from 0: one bucket of the table of devices, so that
 *	bc_lock is held for a few records at a time.
 *
 * Return: false once @part is past the last one.
 */
bool bc_unseen_show(struct seq_file *s, unsigned int part)
{
	struct bc_unseen *u;

	if (part >= HASH_SIZE(bc_unseen_dev))
		return false;

	guard(bc)();
	hlist_for_each_entry(u, &bc_unseen_dev[part], by_dev)
		seq_printf(s, "%s %s %s %s - %s - -\n", dev_name(u->dev),
			   u->bt->name, u->name ?: "(default)",
			   bc_mode() == BC_MODE_REPORT ? "report" : "auto",
			   bc_state_name(BC_PENDING));

	return true;
}
