/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The devices marked for bc_retry_work (marked.c). Caller holds bc_lock
 * unless a function says otherwise.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_MARKED_H
#define _DRIVERS_BOOT_CONSTRAINT_MARKED_H

#include <linux/types.h>

struct bc_dev;

void bc_mark_retry(struct bc_dev *bdev);
void bc_unmark_retry_locked(struct bc_dev *bdev);
void bc_unmark_retry(struct bc_dev *bdev);
bool bc_retry_queued(void);
void bc_retry_park(struct bc_dev *bdev);
bool bc_retry_unpark(void);
struct bc_dev *bc_next_to_retry(unsigned long binds);

#endif /* _DRIVERS_BOOT_CONSTRAINT_MARKED_H */
