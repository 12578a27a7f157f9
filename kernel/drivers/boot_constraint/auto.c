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
 * until then: a record of a few words, indexed by its provider's node and
 * by its device, and no constraint nor device record. It is tried with its
 * device's lock held: when its provider binds (the lock tried, as retry.c
 * does), by bc_retry_work if its provider may already be there, and at its
 * device's probe. Found off, it is freed; found on, it becomes an automatic
 * constraint, taken at once; its provider still missing, it waits again. It
 * goes with a successful probe of its device, with its device, and at its
 * deadline.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/device.h>
#include <linux/hashtable.h>
#include <linux/list.h>
#include <linux/of.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <kunit/visibility.h>

#include "internal.h"
#include "records.h"
#include "pending.h"
#include "life.h"
#include "auto.h"
#include "kunit.h"
#include "names.h"

/**
 * struct bc_unseen - A resource a device's node names, not seen on yet.
 *
 * @by_np: entry in bc_unseen_np, hashed on @spec.np.
 * @by_dev: entry in bc_unseen_dev, hashed on @dev.
 * @node: entry in bc_unseen_fresh while bc_retry_work is to try it, or in
 *	its taker's list once taken out of the tables.
 * @dev: the device, flagged while it has a record; no reference held: its
 *	records go before device_del() returns.
 * @type: the resource's type.
 * @ops: its operations, with a peek().
 * @deadline: the deadline that drops it.
 * @name: the resource's name, a string of @dev's node, or NULL for the
 *	first of its list.
 * @spec: the node's entry, as walked.
 * @tried: the bind during which it was last tried.
 */
struct bc_unseen {
	struct hlist_node by_np;
	struct hlist_node by_dev;
	struct list_head node;
	struct device *dev;
	enum dev_boot_constraint_type type;
	const struct bc_ops *ops;
	struct bc_deadline *deadline;
	const char *name;
	struct bc_spec spec;
	unsigned long tried;
};

/*
 * The tables are bc_lock's (its rule in records.c). A record leaves them
 * only with its device's lock held, to be tried or dropped, but at its
 * deadline and at user space's end: one taken out is its taker's.
 */
#define BC_UNSEEN_NP_BITS	8
#define BC_UNSEEN_DEV_BITS	10
static DEFINE_HASHTABLE(bc_unseen_np, BC_UNSEEN_NP_BITS);
static DEFINE_HASHTABLE(bc_unseen_dev, BC_UNSEEN_DEV_BITS);
/* Records whose provider may be there already, for bc_retry_work */
static LIST_HEAD(bc_unseen_fresh);
static unsigned int bc_unseen_nr;

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
	bc_unseen_nr++;
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
	bc_unseen_nr--;
	list_move_tail(&u->node, taken);
}

/* How a record taken out ends, for the counters */
enum bc_unseen_end {
	BC_UNSEEN_DROPPED,	/* never seen on: with its device, at its deadline */
	BC_UNSEEN_OFF,		/* found off */
	BC_UNSEEN_FOUND,	/* found on: a constraint now, counted as one */
};

/* Frees records taken out, which end as @end. Caller holds bc_lock. */
static void bc_unseen_free(struct list_head *taken, enum bc_unseen_end end)
{
	struct bc_unseen *u, *tmp;

	bc_assert_held();

	/* Most lists of a try are empty: no call for them */
	if (list_empty(taken))
		return;

	list_for_each_entry_safe(u, tmp, taken, node) {
		bc_count_unseen_gone(bc_unseen_bytes(), end != BC_UNSEEN_FOUND,
				     end == BC_UNSEEN_OFF);
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
 * bc_unseen_any() - Whether any device has resources not seen on yet.
 *
 * Context: caller holds bc_lock.
 * Return: true if one is in the tables.
 */
bool bc_unseen_any(void)
{
	bc_assert_held();

	return bc_unseen_nr;
}

/* Takes @dev's records out of the tables, into @taken. Caller holds bc_lock. */
static void bc_unseen_take_device(struct device *dev, struct list_head *taken,
				  bool (*which)(const struct bc_unseen *u,
						const void *arg),
				  const void *arg)
{
	struct hlist_node *tmp;
	struct bc_unseen *u;

	bc_assert_held();

	hash_for_each_possible_safe(bc_unseen_dev, u, tmp, by_dev,
				    (unsigned long)dev) {
		if (u->dev == dev && (!which || which(u, arg)))
			bc_unseen_take(u, taken);
	}
}

/* Whether @u names the resource of type @ops called @name */
static bool bc_unseen_is(const struct bc_unseen *u, const struct bc_ops *ops,
			 const char *name)
{
	if (u->ops != ops)
		return false;
	if (!u->name || !name)
		return u->name == name;

	return !strcmp(u->name, name);
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
			if (bc_is_live(c) && bc_is_resource(c, u->ops, u->name))
				return true;
		}
	}

	hash_for_each_possible(bc_unseen_dev, v, by_dev, (unsigned long)u->dev) {
		if (v->dev == u->dev && bc_unseen_is(v, u->ops, u->name))
			return true;
	}

	return false;
}

/*
 * Enters @new's records in the tables, marked for bc_retry_work (which
 * passes over those whose provider is known to be missing), but those that
 * their device knows already, and those past their deadline, which it
 * frees. Returns whether one is entered where none was marked: while one
 * is, bc_retry_work is queued, or runs until none is. Caller holds bc_lock.
 */
static bool bc_unseen_enter(struct device *dev, struct list_head *new)
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
	bc_unseen_free(&gone, BC_UNSEEN_DROPPED);

	return entered && idle;
}

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
 * The resources of a device, added a few at a time: one add, one look at
 * the device's record, and no array allocated, for most devices.
 */
#define BC_AUTO_CHUNK	BC_ADD_FEW

struct bc_auto_chunk {
	struct bc_of_walker walker;
	struct device *dev;
	struct device_node *bound;
	enum dev_boot_constraint_type type;
	const struct bc_ops *ops;
	bool found;
	struct list_head unseen;
	struct dev_boot_constraint_info infos[BC_AUTO_CHUNK];
	struct bc_desc desc[BC_AUTO_CHUNK];
	struct bc_spec specs[BC_AUTO_CHUNK];
	char *copies[BC_AUTO_CHUNK];
	unsigned int n;
};

static void bc_auto_flush(struct bc_auto_chunk *ch)
{
	if (ch->n && ch->found)
		bc_add_auto_found(ch->dev, ch->infos, ch->specs, ch->n,
				  ch->bound);
	else if (ch->n)
		bc_add_auto(ch->dev, ch->infos, ch->specs, ch->n);

	while (ch->n)
		kfree(ch->copies[--ch->n]);
}

/* Adds a resource to @ch, its name a string that @copy, if set, owns. */
static void bc_auto_chunk_add(struct bc_auto_chunk *ch,
			      enum dev_boot_constraint_type type,
			      const struct bc_ops *ops, const char *name,
			      char *copy, const struct bc_spec *spec)
{
	unsigned int k = ch->n;

	ops->describe(&ch->desc[k], name, 0, 0);
	ch->infos[k] = (struct dev_boot_constraint_info) {
		.constraint = { .type = type, .data = &ch->desc[k] },
	};
	ch->specs[k] = *spec;
	ch->copies[k] = copy;
	if (++ch->n == BC_AUTO_CHUNK)
		bc_auto_flush(ch);
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
	u->ops = ch->ops;
	u->deadline = bc_add_deadline();
	u->name = name;
	u->spec = *spec;
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
	} else if (ch->ops->peek && spec->np &&
		   bc_auto_unseen(ch, name, spec)) {
		return 0;
	}

	bc_auto_chunk_add(ch, ch->type, ch->ops, name, copy, spec);

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
	ch.n = 0;
	INIT_LIST_HEAD(&ch.unseen);

	bc_for_each_type(ch.type, ch.ops) {
		if (ch.ops->sample)
			bc_of_walk(dev->of_node, ch.ops->names->of,
				   &ch.walker);
	}
	bc_auto_flush(&ch);
	if (!list_empty(&ch.unseen))
		bc_unseen_publish(dev, &ch.unseen);
}
EXPORT_SYMBOL_IF_KUNIT(bc_auto_add_device);

/*
 * Puts back the records of @dev in @again, tried with its provider missing
 * as the count of binds was @binds: its provider's evidence. Drops those past
 * their deadline. Caller holds bc_lock.
 */
static void bc_unseen_put_back(struct device *dev, struct list_head *again,
			       unsigned long binds)
{
	struct bc_unseen *u, *tmp;
	LIST_HEAD(gone);

	bc_assert_held();

	list_for_each_entry_safe(u, tmp, again, node) {
		if (u->deadline->past) {
			list_move_tail(&u->node, &gone);
			continue;
		}
		list_del_init(&u->node);
		bc_unseen_index(u);
		bc_absent_keep(u->spec.np, u->ops, binds);
	}
	bc_unseen_free(&gone, BC_UNSEEN_DROPPED);
}

/*
 * Unflags @dev if it has nothing left, and lets the hooks go off if nothing
 * is left at all. Caller holds bc_lock.
 */
static void bc_unseen_settle(struct device *dev)
{
	bc_assert_held();

	bc_device_unflag(dev);
	if (!bc_unseen_nr)
		bc_hooks_may_quiet();
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
		bc_auto_chunk_add(&ch, u->type, u->ops, u->name, NULL, &u->spec);
	bc_auto_flush(&ch);
}

/*
 * Tries the records of @dev taken out in @taken: frees those found off,
 * adds those found on as constraints, taken at once, and puts back those
 * whose provider is still missing; but those whose provider's very node,
 * @bound, was just bound: as constraints, they wait for every bind (see
 * bc_pending_unkey()). Caller holds device_lock(@dev), not bc_lock, which
 * this returns with.
 */
static void bc_unseen_try(struct device *dev, struct list_head *taken,
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
		on = u->ops->peek(dev, u->name, &u->spec);
		if (on == -EPROBE_DEFER && u->spec.np != bound)
			list_move_tail(&u->node, &again);
		else if (on)
			list_move_tail(&u->node, &found);
	}
	if (!list_empty(&found))
		bc_unseen_add_found(dev, &found, bound);

	bc_lock();
	bc_unseen_free(taken, BC_UNSEEN_OFF);
	bc_unseen_free(&found, BC_UNSEEN_FOUND);
	if (!list_empty(&again))
		bc_unseen_put_back(dev, &again, binds);
	bc_unseen_settle(dev);
}

static bool bc_unseen_fresh_one(const struct bc_unseen *u, const void *unused)
{
	return !list_empty(&u->node);
}

/**
 * bc_unseen_retry() - Try the resources of a device not seen on yet.
 * @dev: the device.
 * @fresh: only those marked for bc_retry_work; else all of them, as its
 *	driver is about to probe.
 *
 * Context: caller holds device_lock(@dev), not bc_lock.
 */
void bc_unseen_retry(struct device *dev, bool fresh)
{
	LIST_HEAD(taken);

	device_lock_assert(dev);

	scoped_guard(bc)
		bc_unseen_take_device(dev, &taken,
				      fresh ? bc_unseen_fresh_one : NULL, NULL);
	if (list_empty(&taken))
		return;

	bc_unseen_try(dev, &taken, NULL);
	bc_unlock();
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

	return !list_empty(&bc_unseen_fresh);
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
		if (!bc_absent_known(u->spec.np, u->ops, binds))
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

static bool bc_unseen_below(const struct bc_unseen *u, const void *bound)
{
	return !bound || bc_node_covers((struct device_node *)bound, u->spec.np);
}

/*
 * Tries the records of the device of @u that the bind of @bound may provide
 * for, if its lock can be taken now; else bc_retry_work tries them. Caller
 * holds bc_lock, which this drops and takes again.
 */
static void bc_unseen_retry_owner(struct bc_unseen *u,
				  struct device_node *bound, unsigned long seq)
{
	struct device *dev = u->dev;
	struct bc_unseen *v;
	LIST_HEAD(taken);
	bool locked;

	bc_assert_held();

	locked = device_trylock(dev);

	/*
	 * One retry covers all the device's records. Its lock is only tried
	 * under bc_lock, which it comes before; taken, it keeps the device:
	 * device_del() takes it before it drops the records.
	 */
	hash_for_each_possible(bc_unseen_dev, v, by_dev, (unsigned long)dev) {
		if (v->dev != dev)
			continue;
		v->tried = seq;
		if (!locked && bc_unseen_below(v, bound))
			list_move_tail(&v->node, &bc_unseen_fresh);
	}

	if (!locked) {
		bc_retry_schedule();
		return;
	}

	bc_unseen_take_device(dev, &taken, bc_unseen_below, bound);
	bc_unlock();
	bc_unseen_try(dev, &taken, bound);
	device_unlock(dev);
}

/**
 * bc_unseen_bound() - Try the records that a bind may provide for.
 * @np: the bound device's node (its parent's for a device without one).
 * @bound: the bound device's own node, or NULL.
 * @seq: the bind's number.
 *
 * Those whose provider is @np or a node below it.
 *
 * Context: caller holds bc_lock, which this drops and takes again.
 */
void bc_unseen_bound(struct device_node *np, struct device_node *bound,
		     unsigned long seq)
{
	struct bc_unseen *u;

	bc_assert_held();

	while ((u = bc_next_below(np, seq, bc_unseen_on)))
		bc_unseen_retry_owner(u, bound, seq);
}

/* Frees what @taken holds, and unflags @dev. Caller holds bc_lock. */
static void bc_unseen_drop_taken(struct device *dev, struct list_head *taken)
{
	bc_assert_held();

	bc_unseen_free(taken, BC_UNSEEN_DROPPED);
	bc_unseen_settle(dev);
}

/**
 * bc_unseen_drop() - Drop the resources of a device not seen on yet.
 * @dev: the device, probed by its driver or deleted.
 *
 * Context: caller holds device_lock(@dev), or @dev is not registered any
 * more; not bc_lock.
 */
void bc_unseen_drop(struct device *dev)
{
	LIST_HEAD(taken);

	guard(bc)();
	bc_unseen_take_device(dev, &taken, NULL, NULL);
	bc_unseen_drop_taken(dev, &taken);
}

/**
 * bc_unseen_expire() - Drop the records of a deadline.
 * @deadline: the deadline, passing; or NULL for all of them.
 * @name: only those of the device of that name, or NULL.
 * @console: whether the early console's are dropped too.
 *
 * Context: caller holds bc_lock.
 * Return: how many devices without constraints had some.
 */
unsigned int bc_unseen_expire(const struct bc_deadline *deadline,
			      const char *name, bool console)
{
	struct hlist_node *tmp;
	struct bc_unseen *u;
	unsigned int bkt, n = 0;
	LIST_HEAD(taken);

	bc_assert_held();

	hash_for_each_safe(bc_unseen_dev, bkt, tmp, u, by_dev) {
		if ((deadline && u->deadline != deadline) ||
		    (name && strcmp(dev_name(u->dev), name)) ||
		    (!console && bc_is_console(u->dev)))
			continue;
		bc_unseen_take(u, &taken);
		n += !bc_unseen_has(u->dev) && !bc_find(u->dev);
		bc_unseen_drop_taken(u->dev, &taken);
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
	unsigned int n = 0;

	bc_assert_held();

	if (!dev)
		return bc_unseen_nr;

	hash_for_each_possible(bc_unseen_dev, u, by_dev, (unsigned long)dev)
		n += u->dev == dev;

	return n;
}

/**
 * bc_unseen_show() - Print the resources not seen on yet.
 * @s: where to print, one a line, as debugfs prints a pending constraint.
 *
 * Context: caller holds bc_lock.
 */
void bc_unseen_show(struct seq_file *s)
{
	struct bc_unseen *u;
	unsigned int bkt;

	bc_assert_held();

	hash_for_each(bc_unseen_dev, bkt, u, by_dev)
		seq_printf(s, "%s %s %s %s - %s - -\n", dev_name(u->dev),
			   u->ops->name, u->name ?: "(default)",
			   bc_mode() == BC_MODE_REPORT ? "report" : "auto",
			   bc_state_name(BC_PENDING));
}
