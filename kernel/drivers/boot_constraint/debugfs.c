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
#include <linux/device.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/math64.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>

#include <kunit/visibility.h>

#include "debugfs.h"
#include "internal.h"
#include "records.h"
#include "unseen.h"
#include "kunit.h"
#include "bus.h"

/**
 * bc_show_stats() - Print what the constraints cost.
 * @s: where to print.
 *
 * Prints the number of constraints added since boot, of those recorded now
 * (the live ones and the history) and of those pending, how many times the
 * recorded ones were tried to be applied, and the bytes of memory the core
 * holds for its records of devices and constraints, now and at most. Not
 * counted: what a constraint allocates while it holds its resource (the
 * frameworks' consumer handles, the device that holds a power domain), all
 * freed when it is released. Then the mode (tables, auto or report), how
 * many automatic constraints found their resource off, whether the driver
 * core's hooks are on, and on how many buses a node's device is looked up.
 */
void bc_show_stats(struct seq_file *s)
{
	unsigned int constraints = 0, pending = 0, attempts = 0, unseen;
	unsigned int buses = bc_of_nr_buses();
	struct bc_dev *bdev;
	struct bc_constraint *c;
	struct bc_stats stats;

	guard(bc)();
	bc_stats(&stats);
	for (bdev = bc_next_device(NULL); bdev; bdev = bc_next_device(bdev)) {
		list_for_each_entry(c, &bdev->constraints, node) {
			constraints++;
			pending += c->state == BC_PENDING;
			attempts += c->attempts;
		}
	}
	for (bdev = bc_next_ended(NULL); bdev; bdev = bc_next_ended(bdev)) {
		list_for_each_entry(c, &bdev->constraints, node) {
			constraints++;
			attempts += c->attempts;
		}
	}

	unseen = bc_unseen_count(NULL);
	constraints += unseen;
	pending += unseen;
	seq_printf(s, "added %u\nconstraints %u\npending %u\napply_attempts %u\nbytes %zu\nbytes_peak %zu\n",
		   stats.added, constraints, pending, attempts, stats.bytes,
		   stats.bytes_peak);
	seq_printf(s, "mode %s\nauto_off %u\nhooks %s\n",
		   bc_mode_name(), stats.auto_off,
		   static_key_enabled(&boot_constraints_live) ? "on" : "off");
	seq_printf(s, "buses %u\n", buses);
}

static void bc_show_time(struct seq_file *s, ktime_t t)
{
	u32 us;
	u64 sec;

	if (!t) {
		seq_puts(s, " -");
		return;
	}

	sec = div_u64_rem(ktime_to_us(t), USEC_PER_SEC, &us);
	seq_printf(s, " %llu.%06u", sec, us);
}

static void bc_show_constraint(struct seq_file *s,
			       const struct bc_dev *bdev,
			       const struct bc_constraint *c)
{
	seq_printf(s, "%s %s %s", bc_device_name(bdev), c->type->name,
		   bc_name(c));
	if (c->auto_on)
		seq_printf(s, " %s", c->report ? "report" : "auto");
	if (c->type->ops.show)
		c->type->ops.show(s, c);
	else
		seq_puts(s, " -");

	if (c->state == BC_FAILED)
		seq_printf(s, " failed(%d)", c->error);
	else
		seq_printf(s, " %s", bc_state_name(c->state));

	bc_show_time(s, c->applied_at);
	bc_show_time(s, c->released_at);
	seq_putc(s, '\n');
}

/*
 * Prints the constraints of the device @i (from 0) of those that @next
 * walks, bc_next_device() or bc_next_ended(), under bc_lock, which is
 * held for one device at a time: a dump of thousands never holds up the
 * core for long.
 *
 * Return: false once @i is past the last device.
 */
static bool bc_show_device(struct seq_file *s,
			   struct bc_dev *(*next)(struct bc_dev *),
			   unsigned int i)
{
	struct bc_dev *bdev;
	struct bc_constraint *c;

	guard(bc)();
	for (bdev = next(NULL); bdev && i; bdev = next(bdev))
		i--;
	if (!bdev)
		return false;

	list_for_each_entry(c, &bdev->constraints, node)
		bc_show_constraint(s, bdev, c);

	return true;
}

/* Prints the deadline, and what each line says. */
static void bc_show_header(struct seq_file *s)
{
	guard(bc)();
	seq_puts(s, "# deadline");
	if (!bc_machine_deadline()->at && bc_timeout() == BC_TIMEOUT_DRIVER_CORE)
		seq_puts(s, " deferred_probe_timeout");
	else
		bc_show_time(s, bc_machine_deadline()->at);
	seq_puts(s, "\n# device type resource parameters state applied released\n");
}

/**
 * bc_show_all() - Print the constraints.
 * @s: where to print, one constraint a line.
 *
 * Prints the constraints of the last BC_HISTORY_MAX devices whose
 * constraints have all ended, oldest first, then those of the devices that
 * still have some, then the resources not seen on yet. bc_lock is taken
 * for one device at a time: a device whose constraints end meanwhile may
 * be missed, or printed twice, as a list read while it changes.
 */
void bc_show_all(struct seq_file *s)
{
	unsigned int i;

	bc_show_header(s);
	for (i = 0; bc_show_device(s, bc_next_ended, i); i++)
		;
	for (i = 0; bc_show_device(s, bc_next_device, i); i++)
		;
	for (i = 0; bc_unseen_show(s, i); i++)
		;
}
EXPORT_SYMBOL_IF_KUNIT(bc_show_all);

static int constraints_show(struct seq_file *s, void *unused)
{
	bc_show_all(s);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(constraints);

static int stats_show(struct seq_file *s, void *unused)
{
	bc_show_stats(s);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(stats);

/* With boot_constraints=off there is nothing to show: no directory. */
static int __init bc_debugfs_init(void)
{
	struct dentry *dir;

	if (bc_disabled())
		return 0;

	dir = debugfs_create_dir("boot_constraints", NULL);
	debugfs_create_file("constraints", 0444, dir, NULL, &constraints_fops);
	debugfs_create_file("stats", 0444, dir, NULL, &stats_fops);

	return 0;
}
core_initcall(bc_debugfs_init);
