/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The retries of pending constraints and unseen resources (retry.c): at a
 * provider's bind, from bc_retry_work and at a device's probe; and the
 * marks that a device's driver took its constraints over.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_RETRY_H
#define _DRIVERS_BOOT_CONSTRAINT_RETRY_H

#include <linux/types.h>

struct bc_dev;
struct device;
struct device_node;
struct list_head;

void bc_device_taken_over(struct bc_dev *bdev);
void bc_device_take_over_anew(struct bc_dev *bdev);
void bc_retry_schedule(void);
void bc_unseen_retry(struct device *dev, bool fresh);

#endif /* _DRIVERS_BOOT_CONSTRAINT_RETRY_H */
