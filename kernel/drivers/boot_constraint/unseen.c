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
 * is: at its provider's bind, by bc_retry_work (the records it is to try
 * are in fresh.c), and at its device's probe (retry.c); found off it is
 * freed, found on it becomes a constraint (auto.c), its provider still
 * missing it is put back. It goes with a probe that does not defer, with
 * its device, with user space's end and at its deadline. The device is
 * flagged while it has one, as while it has constraints. This file keeps
 * the records, in their tables by provider's node and by device.
 */

#include <linux/device.h>
#include <linux/hashtable.h>
#include <linux/list.h>
#include <linux/of.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "internal.h"
#include "absent.h"
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

/**
 * bc_unseen_add() - Enter a new record in the tables, and count its bytes.
 * @u: the record, its device's and not known to it (bc_unseen_known()).
 *
 * Context: caller holds bc_lock.
 */
void bc_unseen_add(struct bc_unseen *u)
{
	bc_unseen_index(u);
	bc_count_bytes(bc_unseen_bytes(), 0);
}

/* The bucket of @dev's records in the table of devices. */
static struct hlist_head *bc_unseen_bucket(const struct device *dev)
{
	return &bc_unseen_dev[hash_min((unsigned long)dev,
				       HASH_BITS(bc_unseen_dev))];
}

/**
 * bc_unseen_next_of() - The next record of a device in the tables.
 * @dev: the device.
 * @u: the record found last, or NULL for the first.
 *
 * Context: caller holds bc_lock.
 * Return: the record of @dev after @u, or NULL.
 */
struct bc_unseen *bc_unseen_next_of(struct device *dev, struct bc_unseen *u)
{
	struct hlist_node *next;

	bc_assert_held();

	next = u ? u->by_dev.next : bc_unseen_bucket(dev)->first;
	u = hlist_entry_safe(next, struct bc_unseen, by_dev);
	hlist_for_each_entry_from(u, by_dev) {
		if (u->dev == dev)
			return u;
	}

	return NULL;
}

/**
 * bc_unseen_next() - The next record in the tables.
 * @u: the record found last, or NULL for the first.
 *
 * Context: caller holds bc_lock.
 * Return: the record after @u, bucket by bucket of the table of devices, or
 * NULL.
 */
struct bc_unseen *bc_unseen_next(struct bc_unseen *u)
{
	unsigned int bkt = 0;

	bc_assert_held();

	if (u) {
		if (u->by_dev.next)
			return hlist_entry(u->by_dev.next, struct bc_unseen, by_dev);
		bkt = bc_unseen_bucket(u->dev) - bc_unseen_dev + 1;
	}
	for (; bkt < HASH_SIZE(bc_unseen_dev); bkt++) {
		if (!hlist_empty(&bc_unseen_dev[bkt]))
			return hlist_entry(bc_unseen_dev[bkt].first,
					   struct bc_unseen, by_dev);
	}

	return NULL;
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

/**
 * bc_unseen_known() - Whether a record's resource is known to its device.
 * @u: the record, not in the tables.
 *
 * A table's constraint holds it, or a record names it. A device not flagged
 * has neither.
 *
 * Context: caller holds bc_lock.
 * Return: true if its device has it recorded already.
 */
bool bc_unseen_known(const struct bc_unseen *u)
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
