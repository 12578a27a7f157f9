/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The deadline (deadline.c): what releases the constraints that no driver
 * took over, from the driver core's deadline or a test.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_DEADLINE_H
#define _DRIVERS_BOOT_CONSTRAINT_DEADLINE_H

#include <linux/types.h>

#include "core.h"

struct device;

void bc_expire(void);
void bc_pass(struct bc_deadline *deadline);
bool bc_boot_console(void);

#endif /* _DRIVERS_BOOT_CONSTRAINT_DEADLINE_H */
