/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The evidence that a provider is missing (absent.c): the attempts that
 * found it missing, and whether another could only fail as they did.
 * Caller holds bc_lock unless a function says otherwise.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_ABSENT_H
#define _DRIVERS_BOOT_CONSTRAINT_ABSENT_H

#include <linux/types.h>

struct bc_constraint;
struct bc_type;
struct device_node;

void bc_mark_absent(struct bc_constraint *c, unsigned long binds);
void bc_note_absent(struct bc_constraint *c, unsigned long binds);
bool bc_known_absent(struct bc_constraint *c, unsigned long binds);
void bc_absent_keep(const struct device_node *np, const struct bc_type *bt,
		    unsigned long binds);
bool bc_absent_known(const struct device_node *np, const struct bc_type *bt,
		     unsigned long binds);
void bc_absent_forget(const struct device_node *np);

#endif /* _DRIVERS_BOOT_CONSTRAINT_ABSENT_H */
