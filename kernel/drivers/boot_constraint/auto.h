/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The resources that boot_constraints=auto records unseen (auto.c), for the
 * core's files: none without CONFIG_DEV_BOOT_CONSTRAINT_AUTO.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_AUTO_H
#define _DRIVERS_BOOT_CONSTRAINT_AUTO_H

#include <linux/types.h>

struct bc_deadline;
struct device;
struct device_node;
struct seq_file;

#ifdef CONFIG_DEV_BOOT_CONSTRAINT_AUTO
bool bc_unseen_has(struct device *dev);
bool bc_unseen_any(void);
bool bc_unseen_queued(void);
void bc_unseen_retry(struct device *dev, bool fresh);
struct device *bc_unseen_next_fresh(unsigned long binds);
void bc_unseen_bound(struct device_node *np, struct device_node *bound,
		     unsigned long seq);
void bc_unseen_drop(struct device *dev);
unsigned int bc_unseen_expire(const struct bc_deadline *deadline,
			      const char *name, bool console);
unsigned int bc_unseen_count(struct device *dev);
void bc_unseen_show(struct seq_file *s);
#else
static inline bool bc_unseen_has(struct device *dev)
{
	return false;
}

static inline bool bc_unseen_any(void)
{
	return false;
}

static inline bool bc_unseen_queued(void)
{
	return false;
}

static inline void bc_unseen_retry(struct device *dev, bool fresh)
{
}

static inline struct device *bc_unseen_next_fresh(unsigned long binds)
{
	return NULL;
}

static inline void bc_unseen_bound(struct device_node *np,
				   struct device_node *bound,
				   unsigned long seq)
{
}

static inline void bc_unseen_drop(struct device *dev)
{
}

static inline unsigned int
bc_unseen_expire(const struct bc_deadline *deadline, const char *name,
		 bool console)
{
	return 0;
}

static inline unsigned int bc_unseen_count(struct device *dev)
{
	return 0;
}

static inline void bc_unseen_show(struct seq_file *s)
{
}
#endif

#endif /* _DRIVERS_BOOT_CONSTRAINT_AUTO_H */
