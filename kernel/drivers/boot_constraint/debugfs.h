/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cost of the constraints as debugfs shows it (debugfs.c), which the
 * benchmark prints too.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_DEBUGFS_H
#define _DRIVERS_BOOT_CONSTRAINT_DEBUGFS_H

struct seq_file;

void bc_show_stats(struct seq_file *s);

#endif /* _DRIVERS_BOOT_CONSTRAINT_DEBUGFS_H */
