// SPDX-License-Identifier: GPL-2.0
/*
 * The evidence that a provider is missing, in the boot constraint core: the
 * last attempt that found it missing, by its node, with the count of binds
 * it began with. An attempt of the same type on the same node could only
 * fail as that one did until a device is bound (bc_binds()): the retries
 * pass over it (bc_known_absent()).
 */

#include <linux/hash.h>
#include <linux/of.h>

#include "absent.h"
#include "internal.h"

/*
 * The last attempt that found a provider missing, by the provider's node:
 * the count of binds it began with (its low 32 bits), see bc_known_absent().
 * One entry a bucket, the newest: a provider whose entry another's took is
 * tried again, as it is when it has none. bc_lock's (its rule in records.c).
 */
#define BC_ABSENT_BITS	6
static struct bc_absent {
	const struct device_node *np;
	const struct bc_type *bt;
	unsigned int binds;
} bc_absent[1 << BC_ABSENT_BITS];

static struct bc_absent *bc_absent_of(const struct device_node *np)
{
	return &bc_absent[hash_ptr(np, BC_ABSENT_BITS)];
}

/**
 * bc_absent_keep() - Keep an attempt that found a provider missing.
 * @np: the provider's node.
 * @bt: the type of the resource that was looked for.
 * @binds: the count of binds when the attempt began.
 *
 * The evidence for the next attempt of the type on @np, see
 * bc_known_absent().
 *
 * Context: caller holds bc_lock.
 */
void bc_absent_keep(const struct device_node *np, const struct bc_type *bt,
		    unsigned long binds)
{
	bc_assert_held();

	*bc_absent_of(np) = (struct bc_absent) {
		.np = np, .bt = bt, .binds = binds,
	};
}

/**
 * bc_absent_known() - Whether a provider is known to be missing.
 * @np: the provider's node.
 * @bt: the type of the resource to look for.
 * @binds: the count of binds, read now.
 *
 * Context: caller holds bc_lock.
 * Return: true if an attempt of the type on @np, kept by bc_absent_keep(),
 * found it missing and no device has been bound since.
 */
bool bc_absent_known(const struct device_node *np, const struct bc_type *bt,
		     unsigned long binds)
{
	const struct bc_absent *a = bc_absent_of(np);

	bc_assert_held();

	return a->np == np && a->bt == bt && a->binds == (unsigned int)binds;
}

/**
 * bc_absent_forget() - Drop a provider's evidence.
 * @np: the provider's node: nothing waits for it any more.
 *
 * Context: caller holds bc_lock.
 */
void bc_absent_forget(const struct device_node *np)
{
	struct bc_absent *absent = bc_absent_of(np);

	bc_assert_held();

	if (absent->np == np)
		absent->np = NULL;
}

/**
 * bc_mark_absent() - Record that an attempt found the provider missing.
 * @c: the constraint, not published yet.
 * @binds: the count of binds when the attempt began.
 *
 * Kept as its provider's evidence once @c is published, see
 * bc_known_absent().
 */
void bc_mark_absent(struct bc_constraint *c, unsigned long binds)
{
	c->absent = true;
	c->absent_binds = binds;
}

/**
 * bc_note_absent() - Record that an attempt of a published constraint failed.
 * @c: the constraint.
 * @binds: the count of binds when the attempt began.
 *
 * The attempt of @c, published, is kept as its provider's evidence for
 * the next constraint that waits for it, see bc_known_absent().
 *
 * Context: caller holds bc_lock.
 */
void bc_note_absent(struct bc_constraint *c, unsigned long binds)
{
	bc_assert_held();

	if (c->state == BC_PENDING && c->provider)
		bc_absent_keep(c->provider, c->type, binds);
}

/**
 * bc_known_absent() - Whether an attempt could only fail as another one did.
 * @c: the constraint, pending and counted.
 * @binds: the count of binds, read now.
 *
 * True if an attempt of a constraint of the same type, waiting for the same
 * provider node, found the provider missing, and no device has been bound
 * since (@binds is the count that attempt began with). A provider registers
 * what it provides before its device is bound, or that of a node below it
 * before its parent's is: a bind counted before that attempt began was seen
 * by it, and one counted after @binds sees @c and retries it. What a
 * provider registers without any bind (from an initcall) reaches @c at its
 * device's probe, or once a constraint that waits for it leaves the index.
 *
 * Context: caller holds bc_lock.
 * Return: true if an attempt of @c could only fail.
 */
bool bc_known_absent(struct bc_constraint *c, unsigned long binds)
{
	bc_assert_held();

	return c->state == BC_PENDING && c->provider &&
	       bc_absent_known(c->provider, c->type, binds);
}
