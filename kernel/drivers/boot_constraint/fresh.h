/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The records of unseen resources that bc_retry_work is to try (fresh.c).
 * Caller holds bc_lock.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_FRESH_H
#define _DRIVERS_BOOT_CONSTRAINT_FRESH_H

#include <linux/types.h>

struct device;
struct device_node;
struct list_head;

bool bc_unseen_enter(struct device *dev, struct list_head *new);
bool bc_unseen_queued(void);
void bc_unseen_park(struct device *dev);
bool bc_unseen_unpark(void);
void bc_unseen_mark_all(void);
struct device *bc_unseen_next_fresh(unsigned long binds);
void bc_unseen_mark_busy(struct device *dev, unsigned long seq,
			 struct device_node *bound);

#endif /* _DRIVERS_BOOT_CONSTRAINT_FRESH_H */
