/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one line that says why constraints were rejected (reject.c), for the
 * core's files that reject a device's constraints.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_REJECT_H
#define _DRIVERS_BOOT_CONSTRAINT_REJECT_H

struct bc_constraint;
struct device;
struct va_format;

void bc_reject_dev(const void *dev, struct va_format *why);
void bc_reject_applied(struct device *dev, const struct bc_constraint *c,
		       int error);

#endif /* _DRIVERS_BOOT_CONSTRAINT_REJECT_H */
