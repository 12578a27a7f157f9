/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What user space ends (release.c): the constraints of a device, or of
 * all, through /sys/kernel/boot_constraints/release.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_RELEASE_H
#define _DRIVERS_BOOT_CONSTRAINT_RELEASE_H

int bc_end(const char *name);

#endif /* _DRIVERS_BOOT_CONSTRAINT_RELEASE_H */
