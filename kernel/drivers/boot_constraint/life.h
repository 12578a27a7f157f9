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
void bc_reject_applied(struct device *dev, const struct bc_constraint *c,
		       int error);

/* core.c */
bool bc_same_resource(const struct bc_constraint *a,
		      const struct bc_constraint *b);
struct bc_constraint *bc_find_live(struct bc_dev *bdev,
				   const struct bc_constraint *new);
void bc_set_state(struct bc_constraint *c, enum bc_state state);
int bc_take(struct bc_constraint *c);
bool bc_release(struct bc_constraint *c, enum bc_state state);
struct device *bc_device_settle_late(struct bc_dev *bdev,
				     struct list_head *done);
void bc_device_settle(struct bc_dev *bdev, struct list_head *done);
void bc_yield_auto(struct bc_constraint *c, struct list_head *done);
void bc_device_retry(struct bc_dev *bdev,
		     struct device_node *bound, bool skip_absent,
		     struct list_head *done);
struct bc_dev *bc_lookup(struct device *dev);
void bc_device_release(struct bc_dev *bdev,
		       enum bc_state state);

/* retry.c */
void bc_device_taken_over(struct bc_dev *bdev);
void bc_device_take_over_anew(struct bc_dev *bdev);
void bc_retry_schedule(void);
void bc_unseen_retry(struct device *dev, bool fresh);

/* found.c: without automatic mode, nothing is recorded unseen */
#ifdef CONFIG_DEV_BOOT_CONSTRAINT_AUTO
void bc_unseen_try(struct device *dev, struct list_head *taken,
		   struct device_node *bound);
#else
static inline void bc_unseen_try(struct device *dev, struct list_head *taken,
				 struct device_node *bound)
{
}
#endif

/* attach.c */
int bc_attach(struct device *dev, struct bc_constraint **cs,
	      unsigned int *nr, bool missing, bool later);

#endif /* _DRIVERS_BOOT_CONSTRAINT_LIFE_H */
