/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The records of the boot constraint core: the types (types.c), a
 * constraint and its batch (constraint.c), the devices with constraints and
 * what they cost (records.c), and the driver core's static key (live.c).
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_RECORDS_H
#define _DRIVERS_BOOT_CONSTRAINT_RECORDS_H

#include <linux/device.h>
#include <linux/types.h>

#include "core.h"

struct dev_boot_constraint_info;

/* types.c */
const struct bc_type *
bc_type_of(struct device *dev, enum dev_boot_constraint_type type);

/* constraint.c */
struct bc_deadline *bc_machine_deadline(void);
struct bc_batch *bc_batch_alone(void);
size_t bc_constraint_bytes(const struct bc_constraint *c);
struct bc_batch *
bc_batch_alloc(const char *origin, unsigned int n,
	       struct bc_deadline *deadline);
void bc_batch_put(struct bc_batch *batch);
struct bc_constraint *
bc_constraint_create(struct device *dev,
		     const struct dev_boot_constraint_info *info);
void bc_constraint_set_spec(struct bc_constraint *c,
			    const struct bc_spec *spec);
void bc_constraint_destroy(struct bc_constraint *c);
bool bc_same_named(const struct bc_type *a, const char *a_name,
		   const struct bc_type *b, const char *b_name);

/*
 * Whether a device may have constraints: records.c flags a device
 * (DEV_FLAG_BOOT_CONSTRAINED) while it is in its table of active devices
 * or has resources recorded unseen (auto.c), and only it sets or clears
 * the flag. A hint, read without bc_lock: a racing removal is harmless,
 * the callers look again under bc_lock.
 */
static inline bool bc_is_constrained(struct device *dev)
{
	return dev_boot_constrained(dev);
}

/* records.c; the history keeps the last BC_HISTORY_MAX devices */
#define BC_HISTORY_MAX	64

/* What the core holds and has held, for debugfs */
struct bc_stats {
	unsigned int added;
	unsigned int auto_off;	/* automatic constraints that held nothing */
	size_t bytes;
	size_t bytes_peak;
};

void bc_stats(struct bc_stats *stats);
void bc_count_bytes(size_t add, size_t sub);
void bc_count_added(const struct bc_constraint *c);
void bc_count_auto_off(void);
void bc_count_unseen_gone(size_t bytes, bool added, bool off);
void bc_device_flag(struct device *dev);
void bc_device_unflag(struct device *dev);
struct bc_dev *bc_next_device(struct bc_dev *bdev);
struct bc_dev *bc_next_ended(struct bc_dev *bdev);
bool bc_devices_empty(void);
struct bc_dev *bc_find(struct device *dev);
unsigned int bc_count_recorded(struct device *dev, enum bc_state state,
			       unsigned int *attempts);
struct bc_dev *bc_device_alloc(struct device *dev);
const char *bc_device_name(const struct bc_dev *bdev);
void bc_device_free(struct bc_dev *bdev);
void bc_device_activate(struct bc_dev *bdev);
struct device *bc_device_retire(struct bc_dev *bdev, bool flagged);

/* live.c */
void bc_hooks_may_quiet(void);
void bc_hooks_at_off(void (*off)(void));
void bc_deadline_open(struct bc_deadline *deadline);
void bc_deadline_close(struct bc_deadline *deadline);

#endif /* _DRIVERS_BOOT_CONSTRAINT_RECORDS_H */
