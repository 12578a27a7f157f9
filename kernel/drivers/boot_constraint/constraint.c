// SPDX-License-Identifier: GPL-2.0
/*
 * A constraint and its batch: a constraint is created through its type
 * (types.c) for the device it is for, belongs to the batch of the
 * constraints added with it, whose deadline releases them if the device's
 * driver does not take them over (the machine's, unless a test's), and is
 * freed once it holds nothing. The records of the devices (records.c) keep
 * the constraints and count what they cost.
 */

#include <linux/device.h>
#include <linux/err.h>
#include <linux/limits.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <asm/sections.h>

#include <kunit/visibility.h>

#include "internal.h"
#include "records.h"

/* The machine's deadline: its fields are bc_lock's */
static struct bc_deadline bc_machine;
/* The batch of every automatic constraint: each stands alone. */
static struct bc_batch bc_alone = {
	.deadline = &bc_machine,
};

/**
 * bc_machine_deadline() - The machine's deadline.
 *
 * Return: the deadline of every constraint but those a test adds under its
 * own; its fields are bc_lock's.
 */
struct bc_deadline *bc_machine_deadline(void)
{
	return &bc_machine;
}
EXPORT_SYMBOL_IF_KUNIT(bc_machine_deadline);

/**
 * bc_batch_alone() - The batch of the constraints that stand alone.
 *
 * Return: the batch of every automatic constraint, which is never freed.
 */
struct bc_batch *bc_batch_alone(void)
{
	return &bc_alone;
}

/**
 * bc_constraint_bytes() - The memory a constraint's record takes.
 * @c: the constraint.
 *
 * As ksize() says, read once as it was allocated: the add and the free of
 * each constraint of a large tree count it.
 *
 * Return: its bytes, its type's state and its resource's name included.
 */
size_t bc_constraint_bytes(const struct bc_constraint *c)
{
	return c->bytes ?: ksize(c);
}

/**
 * bc_batch_alloc() - Allocate the batch of constraints added together.
 * @origin: what declared them, copied; or NULL.
 * @n: how many they are.
 * @deadline: what releases them if their device's driver does not take
 *	them over.
 *
 * Return: the batch, or NULL if out of memory.
 */
struct bc_batch *
bc_batch_alloc(const char *origin, unsigned int n,
	       struct bc_deadline *deadline)
{
	struct bc_batch *batch;

	batch = kzalloc(sizeof(*batch), GFP_KERNEL);
	if (!batch)
		return NULL;

	if (origin) {
		batch->origin = kstrdup_const(origin, GFP_KERNEL);
		if (!batch->origin) {
			kfree(batch);
			return NULL;
		}
	}
	batch->members = n;
	batch->deadline = deadline;

	return batch;
}

/**
 * bc_batch_put() - A member of a batch goes.
 * @batch: its batch, freed with its last member unless it is bc_batch_alone().
 */
void bc_batch_put(struct bc_batch *batch)
{
	if (batch == &bc_alone || --batch->members)
		return;

	kfree_const(batch->origin);
	kfree(batch);
}

/**
 * bc_constraint_create() - Allocate a constraint, as its type checks it.
 * @dev: the device it is for.
 * @info: the caller's description of it.
 *
 * The constraint is allocated at its type's size: its &struct
 * boot_constraint starts the type's struct. The resource's name, unless it
 * is in .rodata, is copied right after it, in the same allocation: the
 * constraint of a large tree's device costs one allocation, and one free
 * if the resource is found off.
 *
 * Return: the constraint, not in any batch nor list yet; or an ERR_PTR():
 * -EOPNOTSUPP for a type whose framework is not built in, -EINVAL for an
 * unknown type, or the type's init() error.
 */
struct bc_constraint *
bc_constraint_create(struct device *dev,
		     const struct dev_boot_constraint_info *info)
{
	const void *data = info->constraint.data;
	const struct bc_type *bt;
	const char *name = NULL;
	struct bc_constraint *c;
	size_t len = 0, size;
	int ret;

	bt = bc_type_of(dev, info->constraint.type);
	if (IS_ERR(bt))
		return ERR_CAST(bt);

	if (data)
		name = *(const char * const *)(data + bt->name_offset);
	if (name && !is_kernel_rodata((unsigned long)name))
		len = strlen(name) + 1;

	size = kmalloc_size_roundup(bt->size + len);
	c = kzalloc(size, GFP_KERNEL);
	if (!c)
		return ERR_PTR(-ENOMEM);

	c->bytes = size <= U16_MAX ? size : 0;
	INIT_HLIST_NODE(&c->pending_node);
	INIT_LIST_HEAD(&c->done_node);
	c->type = bt;
	c->name = len ? memcpy((void *)c + bt->size, name, len) : name;
	c->free_resources = info->free_resources;
	c->free_resources_data = info->free_resources_data;

	ret = bt->ops.init ? bt->ops.init(c, dev, data) : 0;
	if (ret) {
		kfree(c);
		return ERR_PTR(ret);
	}

	return c;
}

/**
 * bc_constraint_set_spec() - Where the device's node names the resource.
 * @c: the constraint, not published yet.
 * @spec: the node's entry for its resource, as its adder read it, or NULL
 *	if it did not.
 */
void bc_constraint_set_spec(struct bc_constraint *c,
			    const struct bc_spec *spec)
{
	c->nr_cells = BC_CELLS + 1;
	if (!spec)
		return;

	c->provider = spec->np;
	c->nr_cells = spec->nr;
	memcpy(c->cells, spec->cells, sizeof(c->cells));
}

/**
 * bc_constraint_destroy() - Free a constraint that holds nothing.
 * @c: the constraint, in no list.
 */
void bc_constraint_destroy(struct bc_constraint *c)
{
	bc_batch_put(c->batch);
	kfree(c);
}

/**
 * bc_same_named() - Whether two names of a device's resources are the same.
 * @a: the type of one.
 * @a_name: its name, or NULL for the device's default one.
 * @b: the type of the other.
 * @b_name: its name, or NULL.
 *
 * Return: true if they are of the same type and name the same resource.
 */
bool bc_same_named(const struct bc_type *a, const char *a_name,
		   const struct bc_type *b, const char *b_name)
{
	if (a != b)
		return false;
	if (!a_name || !b_name)
		return a_name == b_name;

	return !strcmp(a_name, b_name);
}
