/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Boot constraints given on the command line.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_SPEC_H
#define _DRIVERS_BOOT_CONSTRAINT_SPEC_H

struct bc_table;

struct bc_table *bc_table_from_spec(const char *spec);

#endif /* _DRIVERS_BOOT_CONSTRAINT_SPEC_H */
