/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Attaching a batch of constraints to their device (attach.c), for the
 * adders.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_ATTACH_H
#define _DRIVERS_BOOT_CONSTRAINT_ATTACH_H

#include <linux/types.h>

struct bc_constraint;
struct device;

int bc_attach(struct device *dev, struct bc_constraint **cs,
	      unsigned int *nr, bool missing, bool later);

#endif /* _DRIVERS_BOOT_CONSTRAINT_ATTACH_H */
