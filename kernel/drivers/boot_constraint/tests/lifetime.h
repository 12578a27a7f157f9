/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the two lifetime suites share (lifetime_test.c, where it is
 * defined, and lifetime_race_test.c): a context with one clock of any
 * device and a constraint on it.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_TESTS_LIFETIME_H
#define _DRIVERS_BOOT_CONSTRAINT_TESTS_LIFETIME_H

#include <linux/boot_constraint.h>

#include "boot_constraint_kunit.h"

#define BC_TEST_LIFE_DEV		"bc-life-dev"

/**
 * struct bc_test_life_ctx - Context of a lifetime test.
 *
 * @bc: the test's log and owner, and its clock, "shared", off, of any
 *	device.
 * @clk_info: the constraint's description: the clock.
 * @info: a constraint on the clock, told to the owner.
 */
struct bc_test_life_ctx {
	struct bc_test_ctx bc;
	struct dev_boot_constraint_clk_info clk_info;
	struct dev_boot_constraint_info info;
};

int bc_test_life_init(struct kunit *test);
void bc_test_life_expect_clk_idle(struct kunit *test);

#endif /* _DRIVERS_BOOT_CONSTRAINT_TESTS_LIFETIME_H */
