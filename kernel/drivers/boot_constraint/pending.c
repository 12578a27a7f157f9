// SPDX-License-Identifier: GPL-2.0
/*
 * What waits, in the boot constraint core: the constraints whose provider is
 * not there yet, indexed by the device tree node of their provider, and the
 * count of binds that tells a bind what it may retry. The devices marked
 * for a retry by a work item are in marked.c; the evidence that an attempt
 * could only fail as another one did, in absent.c.
 *
 * A pending constraint costs nothing until its provider binds: a bind looks
 * at a counter per node of the bound device's subtree, and takes bc_lock
 * only if one is not zero. Only a constraint whose device has no node
 * naming the provider waits on a list that every bind retries.
 */

#include <linux/atomic.h>
#include <linux/device.h>
#include <linux/hashtable.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/of.h>

#include "absent.h"
#include "internal.h"
#include "marked.h"
#include "pending.h"
#include "records.h"

/*
 * The tables below are bc_lock's (its rule in records.c).
 *
 * Pending constraints, by provider node, with their count per bucket.
 */
#define BC_PENDING_BITS	7
static DEFINE_HASHTABLE(bc_pending, BC_PENDING_BITS);
/*
 * The counts of the constraints waiting for a node, by its bucket: kept in
 * more buckets than the table has, so that the bind of a node that
 * provides nothing most often finds a zero. Written under bc_lock, read
 * without it by bc_bind_may_retry(), as are the two below.
 */
#define BC_PENDING_IN_BITS	10
#define BC_PENDING_IN_SHIFT	7
static unsigned int bc_pending_in[1 << BC_PENDING_IN_BITS];
/* How many wait for any node */
static unsigned int bc_nr_keyed;
/* Pending constraints without a provider node */
static HLIST_HEAD(bc_pending_any);
/* Counts every bind: an add retries only if a device was bound meanwhile */
static atomic_long_t bc_binds_seen = ATOMIC_LONG_INIT(0);

/*
 * The count of @np's bucket. Device nodes lie more than 128 bytes apart:
 * their address over 128 picks their bucket.
 */
static unsigned int *bc_pending_count(const struct device_node *np)
{
	return &bc_pending_in[((unsigned long)np >> BC_PENDING_IN_SHIFT) &
			      (ARRAY_SIZE(bc_pending_in) - 1)];
}

/**
 * bc_binds() - The count of binds.
 *
 * Read with acquire semantics: a provider counted here was bound before
 * what the caller does next.
 *
 * Return: how many devices were bound since boot.
 */
unsigned long bc_binds(void)
{
	return atomic_long_read_acquire(&bc_binds_seen);
}

/**
 * bc_pending_mark_all() - Mark every device with a pending constraint.
 *
 * For a retry of each, whether a bind announced its provider or not (one
 * registered from an initcall): the evidence of missing providers, which
 * only a bind makes stale, goes too.
 *
 * Context: caller holds bc_lock.
 */
void bc_pending_mark_all(void)
{
	struct bc_constraint *c;
	unsigned int bkt;

	bc_assert_held();

	atomic_long_inc(&bc_binds_seen);
	hash_for_each(bc_pending, bkt, c, pending_node)
		bc_mark_retry(c->bdev);
	hlist_for_each_entry(c, &bc_pending_any, pending_node)
		bc_mark_retry(c->bdev);
}

/**
 * bc_key_count() - Count what waits for a provider's node.
 * @np: the node.
 * @delta: 1 for one more, -1 for one less.
 *
 * A bind of @np, or of a node above it, looks for what waits once the
 * count is not zero, see bc_bind_may_retry().
 *
 * Context: caller holds bc_lock.
 */
void bc_key_count(const struct device_node *np, int delta)
{
	unsigned int *count = bc_pending_count(np);

	bc_assert_held();

	WRITE_ONCE(*count, *count + delta);
	WRITE_ONCE(bc_nr_keyed, bc_nr_keyed + delta);
}

/**
 * bc_pending_add() - Index a pending constraint by its provider's node.
 * @c: the constraint, just published pending.
 *
 * One whose type names no provider node for its device waits in the list
 * that every bind retries. The node's entry is kept with its cells, from
 * which a type may get its resource, and a reference to the node until the
 * constraint leaves the index (bc_pending_del()), or the node the tree
 * (bc_pending_detach()).
 *
 * Context: caller holds bc_lock.
 */
void bc_pending_add(struct bc_constraint *c)
{
	struct bc_spec spec;

	bc_assert_held();

	if (!c->provider && c->type->ops.provider) {
		spec.nr = BC_CELLS + 1;
		spec.np = c->type->ops.provider(c, &spec);
		if (spec.np)
			bc_constraint_set_spec(c, &spec);
	}
	if (!c->provider) {
		hlist_add_head(&c->pending_node, &bc_pending_any);
		return;
	}

	/* Its node may go with an overlay: kept until it leaves the index */
	of_node_get((struct device_node *)c->provider);
	hash_add(bc_pending, &c->pending_node, (unsigned long)c->provider);
	bc_key_count(c->provider, 1);
	if (c->absent)
		bc_absent_keep(c->provider, c->type, c->absent_binds);
}

/**
 * bc_pending_del() - Take a constraint out of the pending index.
 * @c: the constraint, pending or not indexed (then this does nothing).
 *
 * Context: caller holds bc_lock.
 */
void bc_pending_del(struct bc_constraint *c)
{
	bc_assert_held();

	hlist_del_init(&c->pending_node);
	if (!c->provider)
		return;

	/*
	 * Its evidence goes with it: no entry outlives the constraints that
	 * wait for its node, and one that leaves after an attempt found the
	 * provider (registered without a bind) takes the stale one along.
	 */
	bc_absent_forget(c->provider);
	bc_key_count(c->provider, -1);
	of_node_put((struct device_node *)c->provider);
	WRITE_ONCE(c->provider, NULL);
}

/**
 * bc_pending_unkey() - Retry a constraint at every bind once its node's did not.
 * @c: the constraint, still pending after an attempt.
 * @bound: the node of the device just bound, or NULL.
 *
 * A constraint that still waits once the device of its provider's very node,
 * @bound, is bound gets its resource from somewhere that no bind announces
 * (the provider registers it later, or waits for a supplier of its own): it
 * moves to the list that every bind retries.
 *
 * Context: caller holds no lock of the core.
 */
void bc_pending_unkey(struct bc_constraint *c, struct device_node *bound)
{
	guard(bc)();
	if (bound && c->provider == bound) {
		bc_pending_del(c);
		hlist_add_head(&c->pending_node, &bc_pending_any);
	}
}

/**
 * bc_pending_detach() - Let go of a provider's node that leaves the tree.
 * @np: the node, detached: an overlay's removal frees it.
 *
 * The constraints that wait for it move to the list that every bind
 * retries, with its reference put: each gets its resource as its
 * framework's own lookup of the device's node then finds it, as it would
 * have had the provider never been there. Its evidence goes too.
 *
 * Context: caller holds bc_lock.
 */
void bc_pending_detach(struct device_node *np)
{
	struct hlist_node *tmp;
	struct bc_constraint *c;

	bc_assert_held();

	hash_for_each_possible_safe(bc_pending, c, tmp, pending_node,
				    (unsigned long)np) {
		if (c->provider != np)
			continue;
		bc_pending_del(c);
		hlist_add_head(&c->pending_node, &bc_pending_any);
	}
	bc_absent_forget(np);
}

/**
 * bc_node_covers() - Whether a provider's node is a node or one below it.
 * @np: the node, of a device just bound.
 * @key: the provider's node.
 *
 * Return: true if @key is @np or a node below it.
 */
bool bc_node_covers(struct device_node *np, const struct device_node *key)
{
	struct device_node *child;

	if (np == key)
		return true;

	for_each_child_of_node(np, child) {
		if (bc_node_covers(child, key)) {
			of_node_put(child);
			return true;
		}
	}

	return false;
}

/*
 * The next pending constraint whose provider is @np, not retried yet during
 * bind @seq. Caller holds bc_lock.
 */
static void *bc_keyed_on(struct device_node *np, unsigned long seq)
{
	struct bc_constraint *c;

	bc_assert_held();

	hash_for_each_possible(bc_pending, c, pending_node, (unsigned long)np) {
		if (c->provider == np && c->tried != seq)
			return c;
	}

	return NULL;
}

/**
 * bc_next_below() - What waits for a node or one below it.
 * @np: the node of a device just bound.
 * @seq: the bind's number.
 * @on: what waits for one node, not retried yet during bind @seq, or NULL.
 *
 * Context: caller holds bc_lock.
 * Return: what @on finds for @np, or else for the first node below it, depth
 * first; or NULL.
 */
void *bc_next_below(struct device_node *np, unsigned long seq,
		    void *(*on)(struct device_node *np, unsigned long seq))
{
	struct device_node *child;
	void *found = on(np, seq);

	if (found)
		return found;

	for_each_child_of_node(np, child) {
		found = bc_next_below(child, seq, on);
		if (found) {
			of_node_put(child);
			break;
		}
	}

	return found;
}

/**
 * bc_next_pending() - The next pending constraint that a bind retries.
 * @np: the bound device's node, or NULL.
 * @keyed: whether a constraint may wait for @np, see bc_bind_may_retry().
 * @seq: the bind's number.
 *
 * Context: caller holds bc_lock.
 * Return: a constraint that waits for no node, or (with @keyed) for @np or
 * a node below it, not retried yet during bind @seq; or NULL.
 */
struct bc_constraint *bc_next_pending(struct device_node *np, bool keyed,
				      unsigned long seq)
{
	struct bc_constraint *c;

	bc_assert_held();

	hlist_for_each_entry(c, &bc_pending_any, pending_node) {
		if (c->tried != seq)
			return c;
	}

	return keyed ? bc_next_below(np, seq, bc_keyed_on) : NULL;
}

static bool bc_may_wait_below(struct device_node *np);

/*
 * Whether a constraint may wait for @np or a node below it, without bc_lock:
 * a leaf that provides nothing costs a bind one counter.
 */
static bool bc_may_wait_for(struct device_node *np)
{
	if (READ_ONCE(*bc_pending_count(np)))
		return true;

	/* A hint too, that spares a leaf the lock of the tree */
	return READ_ONCE(np->child) && bc_may_wait_below(np);
}

/* Whether the count of a node below @np is not zero. */
static bool bc_may_wait_below(struct device_node *np)
{
	struct device_node *child;

	for_each_child_of_node(np, child) {
		if (bc_may_wait_for(child)) {
			of_node_put(child);
			return true;
		}
	}

	return false;
}

/**
 * bc_bind_may_retry() - Count a bind, and tell whether it may have
 *	constraints to retry.
 * @np: the bound device's node (its parent's for a device without one), or
 *	NULL.
 * @keyed: set if a constraint may wait for @np or a node below it.
 *
 * Counts the bind, fully ordered, then looks without bc_lock: a hint,
 * taken after the bind was counted. A constraint counted after it is
 * retried by its add, see bc_binds().
 *
 * Return: true if a constraint may wait for @np, or waits for no node.
 */
bool bc_bind_may_retry(struct device_node *np, bool *keyed)
{
	atomic_long_inc_return(&bc_binds_seen);

	*keyed = np && READ_ONCE(bc_nr_keyed) && bc_may_wait_for(np);

	return *keyed || !hlist_empty(&bc_pending_any);
}
