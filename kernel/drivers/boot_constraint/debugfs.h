/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The constraints and their cost as debugfs shows them (debugfs.c), which
 * the tests read too.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_DEBUGFS_H
#define _DRIVERS_BOOT_CONSTRAINT_DEBUGFS_H

struct seq_file;

void boot_constraint_show_all(struct seq_file *s);
void boot_constraint_show_stats(struct seq_file *s);

#endif /* _DRIVERS_BOOT_CONSTRAINT_DEBUGFS_H */
