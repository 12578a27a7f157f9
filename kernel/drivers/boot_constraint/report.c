// SPDX-License-Identifier: GPL-2.0
/*
 * boot_constraints=report: what boot_constraints=auto would hold, logged
 * and not held.
 *
 * auto.c adds the constraints of report as of auto, marked to hold
 * nothing. When the clean-ups of unused clocks, domains and regulators
 * run, one line for each resource they may now turn off under a device
 * whose driver has not probed says what auto would have kept on; the
 * deadline (deadline.c) says what it would have released.
 */

#define pr_fmt(fmt) "boot_constraint: " fmt

#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/list.h>
#include <linux/printk.h>
#include <linux/workqueue.h>

#include "internal.h"
#include "records.h"

/*
 * The regulator core turns the unused regulators off 30 s after
 * late_initcall_sync: the report is logged as it does.
 */
#define BC_REPORT_REGULATOR_CLEANUP_MS	30000

/*
 * Logs one line for each resource that was on at boot, is named by a device
 * whose driver has not probed, and that the clean-up of unused resources
 * @when names may now turn off.
 */
static void bc_report(const char *when)
{
	struct bc_dev *bdev;
	struct bc_constraint *c;
	unsigned int n = 0;

	scoped_guard(bc) {
		for (bdev = bc_next_device(NULL); bdev; bdev = bc_next_device(bdev)) {
			list_for_each_entry(c, &bdev->constraints, node) {
				if (!c->report || c->state != BC_APPLIED)
					continue;
				pr_info("report: %s: would keep %s %s for %s\n", when,
					c->type->names->kind, bc_name(c), bc_device_name(bdev));
				n++;
			}
		}
	}

	if (n)
		pr_info("report: %s: %u resources on at boot whose consumer has not probed\n",
			when, n);
}

static void bc_report_regulators(struct work_struct *work)
{
	bc_report("regulator clean-up");
}

static DECLARE_DELAYED_WORK(bc_report_work, bc_report_regulators);

/* Beside clk_disable_unused() and genpd_power_off_unused(). */
static int __init bc_report_init(void)
{
	if (bc_mode() != BC_MODE_REPORT)
		return 0;

	bc_report("unused clocks and domains");
	schedule_delayed_work(&bc_report_work,
			      msecs_to_jiffies(BC_REPORT_REGULATOR_CLEANUP_MS));

	return 0;
}
late_initcall_sync(bc_report_init);
