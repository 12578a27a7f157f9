// SPDX-License-Identifier: GPL-2.0
/*
 * The records of the boot constraint core's devices, and its one lock: the
 * table of the devices with constraints, each flagged while in it, the
 * history of those whose constraints ended, and what they cost. Each
 * constraint, its batch and the machine's deadline are constraint.c's.
 * The adds (attach.c) and the life cycle (core.c) fill these records; the
 * deadline (deadline.c), user space's end (release.c) and debugfs read
 * them through the functions below, the tests query them.
 */

#include <linux/device.h>
#include <linux/err.h>
#include <linux/hashtable.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <kunit/visibility.h>

#include "internal.h"
#include "records.h"
#include "kunit.h"

/*
 * A device's constraints change only under device_lock() of that device:
 * adding them, its probe (the driver core holds the lock), the deadline and
 * the device's deletion take it. A provider's bind, which retries the
 * pending constraints of other devices, only tries it, and leaves a device
 * it cannot take to the holder of the lock (bc_dev.retry). So
 * the calls into the frameworks that take and give back resources run with
 * no lock of the core held: they may register and bind devices, whose binds
 * come back here.
 *
 * bc_lock() takes bc_mutex, which protects the records below, the devices
 * marked for a retry (marked.c), the pending index (pending.c), the
 * evidence of missing providers (absent.c), the unseen records (unseen.c,
 * fresh.c), the state of every constraint, the deadlines and the
 * counters. It is held only around them, never across a call into a
 * framework or into a constraint's owner. A function whose comment says
 * "Caller holds bc_lock" asserts it with bc_assert_held().
 *
 * The driver core's probe hooks first read the device's flag, set while it
 * is in bc_active, so devices without constraints never take bc_lock. A
 * bind takes it only if a constraint may wait for the bound device, which
 * the counts of pending constraints tell without it; an add retries its
 * pending constraints once they are counted, so one of the two sees the
 * other.
 *
 * Lock order: device_lock(dev), then bc_lock; the OF core's of_mutex, then
 * bc_lock (detach.c).
 */
static DEFINE_MUTEX(bc_mutex);
/* Devices with constraints, hashed on the device, each flagged while here */
#define BC_ACTIVE_BITS	12
static DEFINE_HASHTABLE(bc_active, BC_ACTIVE_BITS);
static LIST_HEAD(bc_devices);
/* Devices whose constraints have all ended, newest last, for debugfs */
static LIST_HEAD(bc_history);
static unsigned int bc_history_len;
/* What the core holds and has held, for debugfs */
static struct bc_stats bc_stats_now;

/** bc_lock() - Take the core's lock. */
void bc_lock(void)
{
	mutex_lock(&bc_mutex);
}

/** bc_unlock() - Give the core's lock back. */
void bc_unlock(void)
{
	mutex_unlock(&bc_mutex);
}

#ifdef CONFIG_LOCKDEP
/** bc_assert_held() - Check that the caller holds the core's lock. */
void bc_assert_held(void)
{
	lockdep_assert_held(&bc_mutex);
}
#endif

/**
 * bc_stats() - What the core holds and has held.
 * @stats: filled with the counts.
 *
 * Context: caller holds bc_lock.
 */
void bc_stats(struct bc_stats *stats)
{
	bc_assert_held();

	*stats = bc_stats_now;
}

/* The record after @bdev (the first for NULL) in @list. Caller holds bc_lock. */
static struct bc_dev *bc_next_in(struct list_head *list,
				 struct bc_dev *bdev)
{
	bc_assert_held();

	bdev = bdev ? list_next_entry(bdev, node) :
		      list_first_entry(list, struct bc_dev, node);

	return list_entry_is_head(bdev, list, node) ? NULL : bdev;
}

/**
 * bc_next_device() - The next device with constraints.
 * @bdev: a device's record, or NULL for the first one.
 *
 * Context: caller holds bc_lock.
 * Return: the record of the next device with constraints live, oldest
 * first, or NULL after the last one.
 */
struct bc_dev *bc_next_device(struct bc_dev *bdev)
{
	return bc_next_in(&bc_devices, bdev);
}

/**
 * bc_next_ended() - The next device whose constraints all ended.
 * @bdev: a device's record in the history, or NULL for the first one.
 *
 * Context: caller holds bc_lock.
 * Return: the record of the next device in the history, oldest first, or
 * NULL after the last one.
 */
struct bc_dev *bc_next_ended(struct bc_dev *bdev)
{
	return bc_next_in(&bc_history, bdev);
}

/**
 * bc_devices_empty() - Whether no device has constraints.
 *
 * Context: caller holds bc_lock.
 * Return: true if no device has a constraint live.
 */
bool bc_devices_empty(void)
{
	bc_assert_held();

	return list_empty(&bc_devices);
}

/**
 * bc_count_bytes() - Count the memory of records added and freed.
 * @add: the bytes of the records added.
 * @sub: the bytes of the records freed.
 *
 * Context: caller holds bc_lock.
 */
void bc_count_bytes(size_t add, size_t sub)
{
	bc_assert_held();

	bc_stats_now.bytes += add;
	bc_stats_now.bytes -= sub;
	bc_stats_now.bytes_peak = max(bc_stats_now.bytes_peak,
				      bc_stats_now.bytes);
}

/**
 * bc_count_added() - Count a constraint published on its device.
 * @c: the constraint.
 *
 * Context: caller holds bc_lock.
 */
void bc_count_added(const struct bc_constraint *c)
{
	bc_count_bytes(bc_constraint_bytes(c), 0);
	bc_stats_now.added++;
}

/**
 * bc_count_auto_off() - Count an automatic constraint that found its
 *	resource off, and held nothing.
 *
 * Context: caller holds bc_lock.
 */
void bc_count_auto_off(void)
{
	bc_assert_held();

	bc_stats_now.auto_off++;
}

/**
 * bc_count_unseen_gone() - Count a resource recorded unseen that went.
 * @bytes: the size of its record, freed.
 * @added: count it as added: it was found off, or dropped never seen on;
 *	one found on is counted as the constraint it became.
 * @off: it was found off.
 *
 * Context: caller holds bc_lock.
 */
void bc_count_unseen_gone(size_t bytes, bool added, bool off)
{
	bc_count_bytes(0, bytes);
	bc_stats_now.added += added;
	bc_stats_now.auto_off += off;
}

/**
 * bc_device_flag() - Flag a device with resources recorded unseen.
 * @dev: the device, which unseen.c records resources of.
 *
 * Context: caller holds bc_lock.
 */
void bc_device_flag(struct device *dev)
{
	bc_assert_held();

	dev_set_boot_constrained(dev);
}

/**
 * bc_device_unflag() - Unflag a device whose unseen records all went.
 * @dev: the device, unflagged unless it has constraints.
 *
 * Context: caller holds bc_lock.
 */
void bc_device_unflag(struct device *dev)
{
	bc_assert_held();

	if (!bc_find(dev))
		dev_clear_boot_constrained(dev);
}

/**
 * bc_find() - The record of a device with constraints.
 * @dev: the device.
 *
 * Context: caller holds bc_lock.
 * Return: its record, or NULL if it has no constraint live.
 */
struct bc_dev *bc_find(struct device *dev)
{
	struct bc_dev *bdev;

	bc_assert_held();

	hash_for_each_possible(bc_active, bdev, hnode, (unsigned long)dev) {
		if (bdev->dev == dev)
			return bdev;
	}

	return NULL;
}

/**
 * bc_device_alloc() - Allocate the record of a device.
 * @dev: the device.
 *
 * Return: its record, not active yet, or NULL if out of memory.
 */
struct bc_dev *bc_device_alloc(struct device *dev)
{
	struct bc_dev *bdev;

	bdev = kzalloc(sizeof(*bdev), GFP_KERNEL);
	if (!bdev)
		return NULL;

	bdev->dev = dev;
	bdev->key = dev;
	INIT_LIST_HEAD(&bdev->constraints);
	INIT_LIST_HEAD(&bdev->retry_node);

	return bdev;
}

/*
 * As ksize() says of each record, all of one size, read once, and of the
 * name's copy. Caller holds bc_lock.
 */
static size_t bc_device_bytes(const struct bc_dev *bdev)
{
	static size_t record;

	bc_assert_held();

	if (!record)
		record = kmalloc_size_roundup(sizeof(*bdev));

	return record + (bdev->name ? ksize(bdev->name) : 0);
}

/**
 * bc_device_name() - The name of a recorded device.
 * @bdev: its record, active or in the history.
 *
 * Context: caller holds bc_lock.
 * Return: its name, or "(unnamed)" if it was not copied.
 */
const char *bc_device_name(const struct bc_dev *bdev)
{
	bc_assert_held();

	return bdev->dev ? dev_name(bdev->dev) : bdev->name ?: "(unnamed)";
}

/**
 * bc_device_free() - Free the record of a device, and its constraints.
 * @bdev: the record, not active.
 */
void bc_device_free(struct bc_dev *bdev)
{
	struct bc_constraint *c, *tmp;

	list_for_each_entry_safe(c, tmp, &bdev->constraints, node) {
		bc_count_bytes(0, bc_constraint_bytes(c));
		bc_constraint_destroy(c);
	}
	kfree(bdev->name);
	kfree(bdev);
}

/**
 * bc_device_activate() - Enter a device in the table of active devices.
 * @bdev: its record, with its first constraints.
 *
 * A reference to the device is held while it is there, and the device is
 * flagged: the driver core's hooks look at the flag first.
 *
 * Context: caller holds bc_lock, and device_lock() of the device.
 */
void bc_device_activate(struct bc_dev *bdev)
{
	bc_assert_held();

	get_device(bdev->dev);
	bdev->active = true;
	hash_add(bc_active, &bdev->hnode, (unsigned long)bdev->dev);
	dev_set_boot_constrained(bdev->dev);
	list_add_tail(&bdev->node, &bc_devices);
	bc_count_bytes(bc_device_bytes(bdev), 0);
}

/**
 * bc_device_retire() - Move a device whose constraints all ended to history.
 * @bdev: its record, active and not marked for a retry.
 * @flagged: the device stays flagged: it has resources recorded unseen.
 *
 * The history keeps the last BC_HISTORY_MAX devices for debugfs.
 *
 * Context: caller holds bc_lock and device_lock() of the device, and calls
 * put_device() on the result after them.
 * Return: the device.
 */
struct device *bc_device_retire(struct bc_dev *bdev, bool flagged)
{
	struct bc_dev *oldest;
	struct device *dev = bdev->dev;

	bc_assert_held();

	hash_del(&bdev->hnode);
	if (!flagged)
		dev_clear_boot_constrained(dev);
	bdev->active = false;
	bdev->dev = NULL;
	list_del_init(&bdev->node);

	/* Only automatic constraints that found their resource off: nothing */
	if (list_empty(&bdev->constraints)) {
		bc_count_bytes(0, bc_device_bytes(bdev));
		bc_device_free(bdev);
		return dev;
	}

	list_add_tail(&bdev->node, &bc_history);
	/* Without its copy, debugfs shows the device unnamed */
	bdev->name = kstrdup(dev_name(dev), GFP_KERNEL | __GFP_NOWARN);
	if (bdev->name)
		bc_count_bytes(ksize(bdev->name), 0);

	if (++bc_history_len > BC_HISTORY_MAX) {
		oldest = list_first_entry(&bc_history,
					  struct bc_dev, node);
		list_del(&oldest->node);
		bc_history_len--;
		bc_count_bytes(0, bc_device_bytes(oldest));
		bc_device_free(oldest);
	}

	return dev;
}

/* The device's record, or the last one in the history. Caller holds bc_lock. */
static struct bc_dev *bc_find_recorded(struct device *dev)
{
	struct bc_dev *bdev = bc_find(dev);

	bc_assert_held();

	if (bdev)
		return bdev;

	list_for_each_entry_reverse(bdev, &bc_history, node) {
		if (bdev->key == dev)
			return bdev;
	}

	return NULL;
}

/**
 * bc_count_recorded() - Count a device's recorded constraints in a state.
 * @dev: the device.
 * @state: the state.
 * @attempts: set to the sum of their attempts to be applied.
 *
 * Those that ended are counted while the history keeps them.
 *
 * Context: caller does not hold bc_lock.
 * Return: how many of @dev's constraints are in @state.
 */
unsigned int bc_count_recorded(struct device *dev, enum bc_state state,
			       unsigned int *attempts)
{
	struct bc_dev *bdev;
	struct bc_constraint *c;
	unsigned int count = 0;

	*attempts = 0;
	guard(bc)();
	bdev = bc_find_recorded(dev);
	if (bdev) {
		list_for_each_entry(c, &bdev->constraints, node) {
			count += c->state == state;
			*attempts += c->attempts;
		}
	}

	return count;
}

/**
 * bc_auto_off() - Count the resources found off.
 *
 * Return: how many automatic constraints found their resource off, and
 * were freed, since boot.
 */
unsigned int bc_auto_off(void)
{
	guard(bc)();
	return bc_stats_now.auto_off;
}
EXPORT_SYMBOL_IF_KUNIT(bc_auto_off);

/**
 * bc_attempts() - Count the attempts to apply a device's constraints.
 * @dev: the device.
 *
 * Return: how many times the device's constraints were tried to be applied,
 * successfully or not, those that ended included while the history keeps
 * them.
 */
unsigned int bc_attempts(struct device *dev)
{
	unsigned int attempts;

	bc_count_recorded(dev, BC_APPLIED, &attempts);

	return attempts;
}
EXPORT_SYMBOL_IF_KUNIT(bc_attempts);
