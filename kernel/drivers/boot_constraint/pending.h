/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What waits (pending.c): the constraints whose provider is not there yet,
 * by its node; the count of binds, for the attempts that found a provider
 * missing. Caller holds bc_lock unless a function says otherwise.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_PENDING_H
#define _DRIVERS_BOOT_CONSTRAINT_PENDING_H

#include <linux/types.h>

struct bc_constraint;
struct device_node;

unsigned long bc_binds(void);
void bc_pending_mark_all(void);
void bc_pending_add(struct bc_constraint *c);
void bc_pending_del(struct bc_constraint *c);
void bc_pending_unkey(struct bc_constraint *c, struct device_node *bound);
void bc_pending_detach(struct device_node *np);
bool bc_node_covers(struct device_node *np, const struct device_node *key);
void bc_key_count(const struct device_node *np, int delta);
void *bc_next_below(struct device_node *np, unsigned long seq,
		    void *(*on)(struct device_node *np, unsigned long seq));
struct bc_constraint *bc_next_pending(struct device_node *np, bool keyed,
				      unsigned long seq);
bool bc_bind_may_retry(struct device_node *np, bool *keyed);

#endif /* _DRIVERS_BOOT_CONSTRAINT_PENDING_H */
