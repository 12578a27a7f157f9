// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the HiSilicon boot constraints of hikey.c. On
 * fragments of the boards' device trees (hikey_test.dtso) whose clock
 * controllers are test providers, each board's table must select its
 * console UART by its 6.12 node name, hold that UART's "uartclk" and
 * "apb_pclk" and nothing of the other UARTs, and hold each clock once when
 * the console constraint names it too.
 */

#include <dt-bindings/clock/hi3660-clock.h>
#include <dt-bindings/clock/hi6220-clock.h>
#include <dt-bindings/clock/histb-clock.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/string.h>

#include <kunit/of.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../kunit.h"
#include "../deadline.h"

/**
 * struct bc_test_hisi_clk_desc - A clock of a test clock controller.
 *
 * @provider: path of the controller's node.
 * @cell: the clock's specifier cell.
 * @name: the test clock's name, in the log.
 */
struct bc_test_hisi_clk_desc {
	const char *provider;
	unsigned int cell;
	const char *name;
};

enum {
	BC_TEST_HI3660_UART6,
	BC_TEST_HI3660_PCLK,
	BC_TEST_HI3660_UART3,
	BC_TEST_HI3660_UART4,
	BC_TEST_HI6220_UART1,
	BC_TEST_HI6220_UART2,
	BC_TEST_HI6220_UART3,
	BC_TEST_HISTB_UART0,
	BC_TEST_HISTB_UART2,
	BC_TEST_HISI_CLKS
};

static const struct bc_test_hisi_clk_desc bc_test_hisi_clks[BC_TEST_HISI_CLKS] = {
	[BC_TEST_HI3660_UART6] = { "/bc-hi3660-crg-ctrl", HI3660_CLK_UART6, "3660-uart6" },
	[BC_TEST_HI3660_PCLK] = { "/bc-hi3660-crg-ctrl", HI3660_PCLK, "3660-pclk" },
	[BC_TEST_HI3660_UART3] = { "/bc-hi3660-crg-ctrl", HI3660_FACTOR_UART3, "3660-uart3" },
	[BC_TEST_HI3660_UART4] = { "/bc-hi3660-crg-ctrl", HI3660_CLK_GATE_UART4, "3660-uart4" },
	[BC_TEST_HI6220_UART1] = { "/bc-hi6220-sys-ctrl", HI6220_UART1_PCLK, "6220-uart1" },
	[BC_TEST_HI6220_UART2] = { "/bc-hi6220-sys-ctrl", HI6220_UART2_PCLK, "6220-uart2" },
	[BC_TEST_HI6220_UART3] = { "/bc-hi6220-sys-ctrl", HI6220_UART3_PCLK, "6220-uart3" },
	[BC_TEST_HISTB_UART0] = { "/bc-hi3798cv200-sysctrl", HISTB_UART0_CLK, "histb-uart0" },
	[BC_TEST_HISTB_UART2] = { "/bc-hi3798cv200-crg", HISTB_UART2_CLK, "histb-uart2" },
};

/* Every UART of the fragments. */
static const char * const bc_test_hisi_uarts[] = {
	"/serial@ffd74000", "/serial@fdf01000", "/serial@fff32000",
	"/serial@f7111000", "/serial@f7112000", "/serial@f7113000",
	"/serial@8b00000", "/serial@8b02000",
};

/**
 * struct bc_test_hisi_fragment - A board of the fragments and what its table holds.
 *
 * @name: the board.
 * @root: path of the node standing for its root.
 * @soc: the compatible of its entry in the table.
 * @console: path of its console UART.
 * @log: what the table does to the clocks, in order.
 * @counts: the enable count of each of bc_test_hisi_clks then.
 */
struct bc_test_hisi_fragment {
	const char *name;
	const char *root;
	const char *soc;
	const char *console;
	const char *log;
	unsigned int counts[BC_TEST_HISI_CLKS];
};

/* Two clocks on HiKey960; one clock, named twice, on the others. */
static const struct bc_test_hisi_fragment bc_test_hisi_boards[] = {
	{
		.name = "hi3660-hikey960",
		.root = "/bc-hikey960",
		.soc = "hisilicon,hi3660",
		.console = "/serial@fff32000",
		.log = "3660-uart6:prepare 3660-uart6:on 3660-pclk:prepare 3660-pclk:on",
		.counts = { [BC_TEST_HI3660_UART6] = 1, [BC_TEST_HI3660_PCLK] = 1 },
	}, {
		.name = "hi6220-hikey",
		.root = "/bc-hikey",
		.soc = "hisilicon,hi6220",
		.console = "/serial@f7113000",
		.log = "6220-uart3:prepare 6220-uart3:on",
		.counts = { [BC_TEST_HI6220_UART3] = 2 },
	}, {
		.name = "hi3798cv200-poplar",
		.root = "/bc-poplar",
		.soc = "hisilicon,hi3798cv200",
		.console = "/serial@8b00000",
		.log = "histb-uart0:prepare histb-uart0:on",
		.counts = { [BC_TEST_HISTB_UART0] = 2 },
	},
};

static void bc_test_hisi_board_desc(const struct bc_test_hisi_fragment *board, char *desc)
{
	strscpy(desc, board->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(bc_test_hisi_board, bc_test_hisi_boards, bc_test_hisi_board_desc);

/**
 * struct bc_test_hisi_ctx - Context of a HiSilicon table test.
 *
 * @bc: the test's log, of what the clocks did.
 * @clks: the clocks of bc_test_hisi_clks.
 */
struct bc_test_hisi_ctx {
	struct bc_test_ctx bc;
	struct bc_test_clk *clks[BC_TEST_HISI_CLKS];
};

/* Registers the clocks of the controller at @path. */
static void bc_test_hisi_register(struct kunit *test, const char *path)
{
	struct bc_test_hisi_ctx *ctx = test->priv;
	struct bc_test_clk *clks[BC_TEST_HISI_CLKS];
	unsigned int cells[BC_TEST_HISI_CLKS];
	struct device_node *np;
	unsigned int i, n = 0;

	for (i = 0; i < BC_TEST_HISI_CLKS; i++) {
		if (strcmp(bc_test_hisi_clks[i].provider, path))
			continue;
		clks[n] = ctx->clks[i];
		cells[n++] = bc_test_hisi_clks[i].cell;
	}

	np = bc_test_of_node(test, path);
	KUNIT_ASSERT_EQ(test, bc_test_clk_register_cells(test, np, clks, cells, n), 0);
}

static int bc_test_hisi_init(struct kunit *test)
{
	struct bc_test_hisi_ctx *ctx;
	unsigned int i;

	ctx = bc_test_init_ctx(test, sizeof(*ctx));
	for (i = 0; i < BC_TEST_HISI_CLKS; i++) {
		ctx->clks[i] = bc_test_clk_alloc(test, ctx->bc.log,
						 bc_test_hisi_clks[i].name, false);
		KUNIT_ASSERT_NOT_NULL(test, ctx->clks[i]);
	}

	KUNIT_ASSERT_EQ(test, of_overlay_apply_kunit(test, hikey_test), 0);
	bc_test_hisi_register(test, "/bc-hi3660-crg-ctrl");
	bc_test_hisi_register(test, "/bc-hi6220-sys-ctrl");
	bc_test_hisi_register(test, "/bc-hi3798cv200-sysctrl");
	bc_test_hisi_register(test, "/bc-hi3798cv200-crg");

	return 0;
}

/* The device of a UART, whose constraints are released at the test's end. */
static struct device *bc_test_hisi_uart(struct kunit *test, const char *path)
{
	struct device *dev = bc_test_dev(test, path);

	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, dev), 0);

	return dev;
}

static const struct dev_boot_constraint_machine *
bc_test_hisi_match(struct kunit *test, const char *path)
{
	return bc_machine_match(bc_test_of_node(test, path), bc_hisi_machines,
					     bc_hisi_nr_machines);
}

/* Each board's root selects the entry of its SoC; other machines none. */
static void bc_test_hisi_machine(struct kunit *test)
{
	const struct bc_test_hisi_fragment *board = test->param_value;
	const struct dev_boot_constraint_machine *m;

	m = bc_test_hisi_match(test, board->root);
	KUNIT_ASSERT_NOT_NULL(test, m);
	KUNIT_EXPECT_STREQ(test, m->compatible, board->soc);
	KUNIT_EXPECT_TRUE(test, m->boot_console);

	KUNIT_EXPECT_NULL(test, bc_machine_match(of_root,
						 bc_hisi_machines,
							      bc_hisi_nr_machines));
}

/*
 * A board's table holds both clocks of its console UART, and nothing of any
 * other UART of the fragments.
 */
static void bc_test_hisi_board(struct kunit *test)
{
	const struct bc_test_hisi_fragment *board = test->param_value;
	const struct dev_boot_constraint_machine *m;
	struct bc_test_hisi_ctx *ctx = test->priv;
	struct device *console;
	unsigned int i;

	m = bc_test_hisi_match(test, board->root);
	KUNIT_ASSERT_NOT_NULL(test, m);
	console = bc_test_hisi_uart(test, board->console);

	KUNIT_ASSERT_EQ(test, dev_boot_constraint_add_deferrable_of(m->oconst,
								    m->count), 0);

	KUNIT_EXPECT_EQ(test, bc_count(console, BC_APPLIED), 2);
	for (i = 0; i < ARRAY_SIZE(bc_test_hisi_uarts); i++) {
		struct platform_device *pdev;

		if (!strcmp(bc_test_hisi_uarts[i], board->console))
			continue;
		pdev = bc_test_of_pdev(test, bc_test_hisi_uarts[i]);
		KUNIT_ASSERT_NOT_NULL(test, pdev);
		KUNIT_EXPECT_EQ_MSG(test, bc_test_count_held(&pdev->dev), 0,
				    "%s", bc_test_hisi_uarts[i]);
	}
	for (i = 0; i < BC_TEST_HISI_CLKS; i++)
		KUNIT_EXPECT_EQ_MSG(test, bc_test_clk_enable_count(ctx->clks[i]),
				    board->counts[i], "%s", bc_test_hisi_clks[i].name);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log), board->log);

	boot_constraints_remove(console);
	for (i = 0; i < BC_TEST_HISI_CLKS; i++)
		KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clks[i]), 0);
}

/* The UART of HiKey960's stdout-path. */
static const char * const bc_test_hisi_hi3660_uarts[] = { "serial@fff32000" };

static const struct dev_boot_constraint_clk_info bc_test_hisi_uartclk = { .name = "uartclk" };
static const struct dev_boot_constraint_clk_info bc_test_hisi_apb_pclk = { .name = "apb_pclk" };

static const struct dev_boot_constraint bc_test_hisi_console_clks[] = {
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_test_hisi_uartclk },
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_test_hisi_apb_pclk },
};

/* What the console constraint adds for HiKey960's stdout-path. */
static const struct dev_boot_constraint_of bc_test_hisi_console[] = {
	DEV_BOOT_CONSTRAINT_OF_NAMED("arm,pl011", bc_test_hisi_console_clks,
				     bc_test_hisi_hi3660_uarts),
};

/*
 * With the console constraint holding the UART's clocks already, the
 * table adds nothing and succeeds: each clock is enabled once.
 */
static void bc_test_hisi_console_first(struct kunit *test)
{
	const struct dev_boot_constraint_machine *m;
	struct bc_test_hisi_ctx *ctx = test->priv;
	struct device *console;
	int ret;

	m = bc_test_hisi_match(test, "/bc-hikey960");
	KUNIT_ASSERT_NOT_NULL(test, m);
	console = bc_test_hisi_uart(test, "/serial@fff32000");

	ret = dev_boot_constraint_add_deferrable_of(bc_test_hisi_console,
						    ARRAY_SIZE(bc_test_hisi_console));
	KUNIT_ASSERT_EQ(test, ret, 0);
	ret = dev_boot_constraint_add_deferrable_of(m->oconst, m->count);
	KUNIT_ASSERT_EQ(test, ret, 0);

	KUNIT_EXPECT_EQ(test, bc_count(console, BC_APPLIED), 2);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clks[BC_TEST_HI3660_UART6]), 1);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clks[BC_TEST_HI3660_PCLK]), 1);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->bc.log),
			   bc_test_hisi_boards[0].log);
}

/*
 * The table of this very machine (as if it were a HiSilicon board): added
 * only while a boot console is registered, unless it is not for the early
 * console only. A machine whose root has no compatible (UML's empty tree)
 * has no table to match.
 */
static void bc_test_hisi_boot_console_only(struct kunit *test)
{
	/* The HiKey960's, first in the table */
	struct dev_boot_constraint_machine m = bc_hisi_machines[0];
	struct bc_test_hisi_ctx *ctx = test->priv;
	bool earlycon = bc_boot_console();
	struct device *console;

	if (of_property_read_string(of_root, "compatible", &m.compatible))
		kunit_skip(test, "the root node has no compatible");
	console = bc_test_hisi_uart(test, "/serial@fff32000");

	KUNIT_ASSERT_EQ(test, dev_boot_constraint_add_machine_of(&m, 1), 0);
	KUNIT_EXPECT_EQ(test, bc_count(console, BC_APPLIED),
			earlycon ? 2 : 0);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clks[BC_TEST_HI3660_UART6]),
			earlycon ? 1 : 0);

	m.boot_console = false;
	KUNIT_ASSERT_EQ(test, dev_boot_constraint_add_machine_of(&m, 1), 0);
	KUNIT_EXPECT_EQ(test, bc_count(console, BC_APPLIED), 2);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clks[BC_TEST_HI3660_UART6]), 1);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clks[BC_TEST_HI3660_PCLK]), 1);
}

static struct kunit_case bc_test_hisi_cases[] = {
	KUNIT_CASE_PARAM(bc_test_hisi_machine, bc_test_hisi_board_gen_params),
	KUNIT_CASE_PARAM(bc_test_hisi_board, bc_test_hisi_board_gen_params),
	KUNIT_CASE(bc_test_hisi_console_first),
	KUNIT_CASE(bc_test_hisi_boot_console_only),
	{}
};

static struct kunit_suite bc_test_hisi_suite = {
	.name = "boot_constraint_hisilicon",
	.init = bc_test_hisi_init,
	.test_cases = bc_test_hisi_cases,
};

kunit_test_suite(bc_test_hisi_suite);
