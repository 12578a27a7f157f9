/* SPDX-License-Identifier: GPL-2.0 */
/* The Qualcomm tables, which their KUnit tests read. */
#ifndef _DRIVERS_BOOT_CONSTRAINT_QCOM_H
#define _DRIVERS_BOOT_CONSTRAINT_QCOM_H

#include <linux/boot_constraint.h>

#if IS_ENABLED(CONFIG_KUNIT)
extern const struct dev_boot_constraint_supply_info bc_qcom_vdda;
extern const struct dev_boot_constraint_supply_info bc_qcom_vddio;
extern const struct dev_boot_constraint_of bc_qcom_db410c[];
extern const struct dev_boot_constraint_machine bc_qcom_machines[];
extern const unsigned int bc_qcom_nr_machines;
#endif

#endif /* _DRIVERS_BOOT_CONSTRAINT_QCOM_H */
