/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What only the KUnit tests of boot constraints call: the entry points that
 * each file of the core exports for them alone (EXPORT_SYMBOL_IF_KUNIT),
 * and the machine tables of the platforms, as a board hands them to
 * dev_boot_constraint_add_machine_of(). The tests include this header; of
 * the core's files, only those that define what it declares do. What the
 * tests call that the core's files share too (the deadlines, the tables,
 * the specs and declarations) stays in the header of its file.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_KUNIT_H
#define _DRIVERS_BOOT_CONSTRAINT_KUNIT_H

#include <linux/boot_constraint.h>
#include <linux/list.h>
#include <linux/types.h>

#include "core.h"

struct bc_table;
struct device;
struct device_node;
struct seq_file;

/* records.c: what the records hold of a device, and what auto turned off */
unsigned int bc_count(struct device *dev,
		      enum bc_state state);
unsigned int bc_attempts(struct device *dev);
unsigned int bc_auto_off(void);

/* add.c: adds without a deadline of their own, and the deadline they take */
int bc_add_all(struct device *dev,
	       const struct dev_boot_constraint_info *infos,
			    unsigned int n, bool deferrable);

/* retry.c: waits until the retries queued so far are done */
void bc_flush(void);

/* deadline.c: a deadline of the test's own, and one device's expiry */
void bc_deadline_init(struct bc_deadline *deadline);
void bc_expire_device(struct device *dev);

/* debugfs.c: what debugfs shows of the constraints */
void bc_show_all(struct seq_file *s);

/* of.c: what the driver core's hook does for a device just added */
void bc_of_device_added(struct device *dev);

/* console.c: the table of an early console's node */
struct bc_table *bc_console_table(struct device_node *np);

/* decls.c: the tables of the declarations and of boot_constraints= specs */
void bc_tables_read(struct device_node *decls,
		    const char * const *specs,
				 unsigned int nr_specs,
				 struct list_head *tables);

/* machine.c: the entry of a root node in a platform's machine tables */
const struct dev_boot_constraint_machine *
bc_machine_match(const struct device_node *root,
		 const struct dev_boot_constraint_machine *machines,
			      unsigned int count);

#if IS_ENABLED(CONFIG_KUNIT)
/* add.c: the deadline of what the machine adds, a test's in its thread */

/* hikey.c and qcom.c: their machine tables, as a board adds them */
extern const struct dev_boot_constraint_machine bc_hisi_machines[];
extern const unsigned int bc_hisi_nr_machines;
extern const struct dev_boot_constraint_machine bc_qcom_machines[];
extern const unsigned int bc_qcom_nr_machines;
#endif

#endif /* _DRIVERS_BOOT_CONSTRAINT_KUNIT_H */
