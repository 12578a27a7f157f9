// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs view of the boot constraints: boot_constraints/constraints lists
 * every constraint added since boot, one a line, with its device, type,
 * resource, parameters, state, and when it was applied and released (in
 * seconds since boot, "-" if it was not); boot_constraints/stats what they
 * cost: how many there are and are pending, how many attempts were made to
 * apply them, and the memory the core holds for them.
 */

#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/seq_file.h>

#include "core.h"

static int constraints_show(struct seq_file *s, void *unused)
{
	boot_constraint_show_all(s);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(constraints);

static int stats_show(struct seq_file *s, void *unused)
{
	boot_constraint_show_stats(s);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(stats);

static int __init boot_constraint_debugfs_init(void)
{
	struct dentry *dir;

	dir = debugfs_create_dir("boot_constraints", NULL);
	debugfs_create_file("constraints", 0444, dir, NULL, &constraints_fops);
	debugfs_create_file("stats", 0444, dir, NULL, &stats_fops);

	return 0;
}
core_initcall(boot_constraint_debugfs_init);
