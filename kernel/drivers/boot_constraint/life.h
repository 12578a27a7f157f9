/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The life cycle of a device's constraints: applied, handed over and
 * released (core.c), retried at a provider's bind and from a work item
 * (retry.c), added (add.c).
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_LIFE_H
#define _DRIVERS_BOOT_CONSTRAINT_LIFE_H

#include <linux/types.h>

#include "core.h"

struct device;
struct device_node;
struct list_head;
struct va_format;

/* reject.c */
void bc_reject_dev(const void *dev, struct va_format *why);
void bc_reject_applied(struct device *dev, const struct boot_constraint *c,
		       int error);

/* core.c */
bool bc_same_resource(const struct boot_constraint *a,
		      const struct boot_constraint *b);
struct boot_constraint *bc_find_live(struct boot_constraint_dev *bdev,
				     const struct boot_constraint *new);
void bc_set_state(struct boot_constraint *c, enum boot_constraint_state state);
int bc_take(struct boot_constraint *c);
bool bc_release(struct boot_constraint *c, enum boot_constraint_state state);
void bc_device_settle(struct boot_constraint_dev *bdev, struct list_head *done);
void bc_yield_auto(struct boot_constraint *c, struct list_head *done);
void bc_device_retry(struct boot_constraint_dev *bdev,
		     struct device_node *bound, bool skip_absent,
		     struct list_head *done);
struct boot_constraint_dev *bc_lookup(struct device *dev);
void bc_device_release(struct boot_constraint_dev *bdev,
		       enum boot_constraint_state state);

/* retry.c */
void bc_device_taken_over(struct boot_constraint_dev *bdev);
void bc_retry_schedule(void);
void bc_device_mark(struct device *dev,
		    void (*mark)(struct boot_constraint_dev *bdev));

/* attach.c */
int bc_attach(struct device *dev, struct boot_constraint **cs,
	      unsigned int *nr, bool missing, bool later);

#endif /* _DRIVERS_BOOT_CONSTRAINT_LIFE_H */
