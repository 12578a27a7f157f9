/* SPDX-License-Identifier: GPL-2.0 */
/* The look-up of a machine's table (machine.c), which the KUnit tests call. */
#ifndef _DRIVERS_BOOT_CONSTRAINT_MACHINE_H
#define _DRIVERS_BOOT_CONSTRAINT_MACHINE_H

#include <linux/boot_constraint.h>

struct device_node;

const struct dev_boot_constraint_machine *
boot_constraint_machine_match(const struct device_node *root,
			      const struct dev_boot_constraint_machine *machines,
			      unsigned int count);

#endif /* _DRIVERS_BOOT_CONSTRAINT_MACHINE_H */
