/* SPDX-License-Identifier: GPL-2.0 */
/* The HiSilicon tables, which their KUnit tests read. */
#ifndef _DRIVERS_BOOT_CONSTRAINT_HIKEY_H
#define _DRIVERS_BOOT_CONSTRAINT_HIKEY_H

#include <linux/boot_constraint.h>

#if IS_ENABLED(CONFIG_KUNIT)
extern const struct dev_boot_constraint_clk_info bc_hisi_uartclk;
extern const struct dev_boot_constraint_clk_info bc_hisi_apb_pclk;
extern const struct dev_boot_constraint_machine bc_hisi_machines[];
extern const unsigned int bc_hisi_nr_machines;
#endif

#endif /* _DRIVERS_BOOT_CONSTRAINT_HIKEY_H */
