/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The display of the declaration suites (kunit_decls.c): a display
 * controller of kunit_decls.dtso with two clocks, a supply and a power domain,
 * whose constraints the command line (spec_test.c) and the tree
 * (dt_test.c) declare.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_KUNIT_DECLS_H
#define _DRIVERS_BOOT_CONSTRAINT_KUNIT_DECLS_H

#include <linux/types.h>

#include <kunit/test.h>

#include "boot_constraint_kunit.h"

struct bc_table;

/* The display's node, and a bus master with an interconnect path and resets */
#define BC_TEST_LCD		"/bc-dt-lcd"
#define BC_TEST_DT_DMA		"/bc-dt-dma"
/* The voltage the well-formed declarations ask of the display's supply */
#define BC_TEST_DT_UV		3300000

/**
 * struct bc_test_dt_ctx - Context of a declaration test.
 *
 * @log: what the providers did.
 * @axi: the display's "axi" clock, off.
 * @pixel: its "pixel" clock, off.
 * @reg: its "vdd" supply, off.
 * @pd: its "core" power domain, on.
 * @dev: the display.
 */
struct bc_test_dt_ctx {
	struct bc_test_log *log;
	struct bc_test_clk *axi;
	struct bc_test_clk *pixel;
	struct bc_test_reg *reg;
	struct bc_test_pd *pd;
	struct device *dev;
};

/**
 * struct bc_test_dt_bad - A malformed declaration and the error it gets.
 *
 * @decl: the declaration, a node of kunit_decls.dtso, or a boot_constraints=
 *	device. Every "bad-" node of tests/binding/malformed.dts, which the
 *	binding rejects, has its twin here.
 * @err: the error.
 */
struct bc_test_dt_bad {
	const char *decl;
	int err;
};

/* kunit_decls.dtso, as cmd_dt_S_dtbo builds it in */
extern u8 __dtbo_kunit_decls_begin[];
extern u8 __dtbo_kunit_decls_end[];

int bc_test_dt_setup(struct kunit *test, bool reg_up);
int bc_test_dt_init(struct kunit *test);
int bc_test_dt_suite_init(struct kunit_suite *suite);
void bc_test_dt_suite_exit(struct kunit_suite *suite);
int bc_test_dt_init_applied(struct kunit *test);
void bc_test_dt_reg_up(struct kunit *test);
int bc_test_dt_free_at_exit(struct kunit *test, struct bc_table *t);
int bc_test_dt_add_freed(struct kunit *test, struct bc_table *t);
int bc_test_dt_add(struct kunit *test, struct bc_table *t);
void bc_test_dt_expect_untouched(struct kunit *test);
void bc_test_dt_expect_held(struct kunit *test, struct bc_table *t,
			    unsigned int count, bool axi, int uv);
void bc_test_dt_expect_holding(struct kunit *test, unsigned int count,
			       bool axi, int uv);
void bc_test_dt_expect_rejected(struct kunit *test,
				struct bc_table *t, int err);
void bc_test_dt_bad_desc(const struct bc_test_dt_bad *bad, char *desc);

#endif /* _DRIVERS_BOOT_CONSTRAINT_KUNIT_DECLS_H */
