// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the Qualcomm boot constraints of qcom.c. On a
 * fragment of the DragonBoard 410c's device tree (qcom_test.dtso) whose
 * clock controller, power domain and LDOs are test providers, the table must
 * hold the MDSS's domain, four clocks of the MDP5 and three clocks and two
 * supplies of the DSI controller, each once and nothing else, until the
 * display's aggregate driver has bound; and the names of 2017, which 6.12's
 * tree no longer has, must fail.
 */

#include <dt-bindings/clock/qcom,gcc-msm8916.h>
#include <linux/component.h>
#include <linux/of.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>

#include <kunit/of.h>
#include <kunit/platform_device.h>
#include <kunit/resource.h>
#include <kunit/test.h>

#include "boot_constraint_kunit.h"
#include "../kunit.h"

#define BC_TEST_QCOM_MDSS	"/display-subsystem@1a00000"
#define BC_TEST_QCOM_MDP5	BC_TEST_QCOM_MDSS "/display-controller@1a01000"
#define BC_TEST_QCOM_DSI	BC_TEST_QCOM_MDSS "/dsi@1a98000"
#define BC_TEST_QCOM_PHY	BC_TEST_QCOM_MDSS "/phy@1a98300"

enum {
	BC_TEST_QCOM_AHB,
	BC_TEST_QCOM_AXI,
	BC_TEST_QCOM_MDP,
	BC_TEST_QCOM_VSYNC,
	BC_TEST_QCOM_BYTE0,
	BC_TEST_QCOM_PCLK0,
	BC_TEST_QCOM_ESC0,
	BC_TEST_QCOM_CLKS
};

/* The GCC's clocks of the display, by their specifier cell. */
static const unsigned int bc_test_qcom_cells[BC_TEST_QCOM_CLKS] = {
	[BC_TEST_QCOM_AHB] = GCC_MDSS_AHB_CLK,
	[BC_TEST_QCOM_AXI] = GCC_MDSS_AXI_CLK,
	[BC_TEST_QCOM_MDP] = GCC_MDSS_MDP_CLK,
	[BC_TEST_QCOM_VSYNC] = GCC_MDSS_VSYNC_CLK,
	[BC_TEST_QCOM_BYTE0] = GCC_MDSS_BYTE0_CLK,
	[BC_TEST_QCOM_PCLK0] = GCC_MDSS_PCLK0_CLK,
	[BC_TEST_QCOM_ESC0] = GCC_MDSS_ESC0_CLK,
};

static const char * const bc_test_qcom_clk_names[BC_TEST_QCOM_CLKS] = {
	[BC_TEST_QCOM_AHB] = "gcc-mdss-ahb",
	[BC_TEST_QCOM_AXI] = "gcc-mdss-axi",
	[BC_TEST_QCOM_MDP] = "gcc-mdss-mdp",
	[BC_TEST_QCOM_VSYNC] = "gcc-mdss-vsync",
	[BC_TEST_QCOM_BYTE0] = "gcc-mdss-byte0",
	[BC_TEST_QCOM_PCLK0] = "gcc-mdss-pclk0",
	[BC_TEST_QCOM_ESC0] = "gcc-mdss-esc0",
};

static BC_TEST_OF_MATCH(bc_test_qcom_l2_match, "bc-test,pm8916-l2");

static BC_TEST_OF_MATCH(bc_test_qcom_l6_match, "bc-test,pm8916-l6");

/**
 * struct bc_test_qcom_ctx - Context of a Qualcomm table test.
 *
 * @clk_log: what the clocks did.
 * @pd_log: what the MDSS's domain did.
 * @l2_log: what LDO2, "vdda" of the DSI controller, did.
 * @l6_log: what LDO6, its "vddio", did.
 * @clks: the GCC's clocks of the display.
 * @gdsc: the MDSS's domain, on as the bootloader left it.
 * @l2: LDO2, off until a consumer enables it.
 * @l6: LDO6, likewise.
 * @mdss: the display subsystem's device.
 */
struct bc_test_qcom_ctx {
	struct bc_test_log *clk_log;
	struct bc_test_log *pd_log;
	struct bc_test_log *l2_log;
	struct bc_test_log *l6_log;
	struct bc_test_clk *clks[BC_TEST_QCOM_CLKS];
	struct bc_test_pd *gdsc;
	struct bc_test_reg *l2;
	struct bc_test_reg *l6;
	struct device *mdss;
};

static struct bc_test_reg *bc_test_qcom_ldo(struct kunit *test,
					    struct bc_test_log *log,
					    const char *name, int uv,
					    const struct of_device_id *match)
{
	struct bc_test_reg *reg;

	reg = bc_test_reg_alloc(test, log, false, uv);
	KUNIT_ASSERT_NOT_NULL(test, reg);
	reg->desc.name = name;
	KUNIT_ASSERT_EQ(test, bc_test_reg_driver_register(test, reg, match), 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, reg->rdev);

	return reg;
}

static int bc_test_qcom_init(struct kunit *test)
{
	struct platform_device *pdev;
	struct bc_test_qcom_ctx *ctx;
	struct device_node *np;
	unsigned int i;

	ctx = bc_test_priv_alloc(test, sizeof(*ctx));

	ctx->clk_log = bc_test_log_alloc(test);
	ctx->pd_log = bc_test_log_alloc(test);
	ctx->l2_log = bc_test_log_alloc(test);
	ctx->l6_log = bc_test_log_alloc(test);
	KUNIT_ASSERT_TRUE(test, ctx->clk_log && ctx->pd_log && ctx->l2_log &&
			  ctx->l6_log);
	for (i = 0; i < BC_TEST_QCOM_CLKS; i++) {
		ctx->clks[i] = bc_test_clk_alloc(test, ctx->clk_log,
						 bc_test_qcom_clk_names[i], false);
		KUNIT_ASSERT_NOT_NULL(test, ctx->clks[i]);
	}
	ctx->gdsc = bc_test_pd_alloc(test, ctx->pd_log);
	KUNIT_ASSERT_NOT_NULL(test, ctx->gdsc);
	ctx->gdsc->genpd.name = "mdss-gdsc";

	KUNIT_ASSERT_EQ(test, of_overlay_apply_kunit(test, qcom_test), 0);

	np = bc_test_of_node(test, "/bc-msm8916-gcc");
	KUNIT_ASSERT_EQ(test, bc_test_clk_register_cells(test, np, ctx->clks,
							 bc_test_qcom_cells,
							 BC_TEST_QCOM_CLKS), 0);
	KUNIT_ASSERT_EQ(test, bc_test_pd_register_cell(test, np, ctx->gdsc,
						       MDSS_GDSC), 0);
	ctx->l2 = bc_test_qcom_ldo(test, ctx->l2_log, "pm8916-l2", 1200000,
				   bc_test_qcom_l2_match);
	ctx->l6 = bc_test_qcom_ldo(test, ctx->l6_log, "pm8916-l6", 1800000,
				   bc_test_qcom_l6_match);

	pdev = bc_test_of_pdev(test, BC_TEST_QCOM_MDSS);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	ctx->mdss = &pdev->dev;
	KUNIT_ASSERT_EQ(test, bc_test_release_at_exit(test, ctx->mdss), 0);

	return 0;
}

KUNIT_DEFINE_ACTION_WRAPPER(bc_test_qcom_depopulate, of_platform_depopulate,
			    struct device *);

/* Creates the MDP5, DSI and PHY devices, as the MDSS's driver does. */
static void bc_test_qcom_populate(struct kunit *test)
{
	struct bc_test_qcom_ctx *ctx = test->priv;

	KUNIT_ASSERT_EQ(test, of_platform_populate(ctx->mdss->of_node, NULL,
						   NULL, ctx->mdss), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, bc_test_qcom_depopulate,
							ctx->mdss), 0);
}

static const struct dev_boot_constraint_machine *
bc_test_qcom_match(struct kunit *test, const char *path)
{
	return bc_machine_match(bc_test_of_node(test, path), bc_qcom_machines,
					     bc_qcom_nr_machines);
}

/* The DragonBoard 410c has a table, for any boot; other MSM8916 boards not. */
static void bc_test_qcom_machine(struct kunit *test)
{
	const struct dev_boot_constraint_machine *m;

	m = bc_test_qcom_match(test, "/bc-apq8016-sbc");
	KUNIT_ASSERT_NOT_NULL(test, m);
	KUNIT_ASSERT_EQ(test, m->count, 3);
	KUNIT_EXPECT_STREQ(test, m->oconst[0].compat, "qcom,mdss");
	KUNIT_EXPECT_STREQ(test, m->oconst[1].compat, "qcom,mdp5");
	KUNIT_EXPECT_STREQ(test, m->oconst[2].compat, "qcom,mdss-dsi-ctrl");
	KUNIT_EXPECT_FALSE(test, m->boot_console);

	KUNIT_EXPECT_NULL(test, bc_test_qcom_match(test, "/bc-msm8916-mtp"));
	KUNIT_EXPECT_NULL(test, bc_machine_match(of_root,
						 bc_qcom_machines,
							      bc_qcom_nr_machines));
}

/*
 * The table, added before the MDSS's driver creates the MDP5 and DSI
 * devices as at boot, holds the MDSS's domain at once, and the MDP5's and
 * DSI controller's clocks, supplies and the domain they run in as soon as
 * their devices exist: each clock and supply once, and nothing of the PHY
 * or of the MDSS's own clocks. The domain stays on until the last of the
 * three has probed.
 */
static void bc_test_qcom_db410c(struct kunit *test)
{
	static const unsigned int held[BC_TEST_QCOM_CLKS] = {
		[BC_TEST_QCOM_AHB] = 1, [BC_TEST_QCOM_AXI] = 1, [BC_TEST_QCOM_MDP] = 1,
		[BC_TEST_QCOM_VSYNC] = 1, [BC_TEST_QCOM_BYTE0] = 1, [BC_TEST_QCOM_PCLK0] = 1,
		[BC_TEST_QCOM_ESC0] = 1,
	};
	const struct dev_boot_constraint_machine *m;
	struct bc_test_qcom_ctx *ctx = test->priv;
	struct device *mdp5, *dsi, *phy;
	unsigned int i;

	m = bc_test_qcom_match(test, "/bc-apq8016-sbc");
	KUNIT_ASSERT_NOT_NULL(test, m);

	KUNIT_ASSERT_EQ(test, dev_boot_constraint_add_deferrable_of(m->oconst,
								    m->count), 0);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->mdss, BC_APPLIED), 1);
	KUNIT_EXPECT_EQ(test, ctx->gdsc->genpd.device_count, 1);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->clk_log), "");

	bc_test_qcom_populate(test);
	/* Found as the device is added, applied right after. */
	bc_flush();
	mdp5 = bc_test_dev(test, BC_TEST_QCOM_MDP5);
	dsi = bc_test_dev(test, BC_TEST_QCOM_DSI);
	phy = bc_test_dev(test, BC_TEST_QCOM_PHY);

	KUNIT_EXPECT_EQ(test, bc_count(mdp5, BC_APPLIED), 5);
	KUNIT_EXPECT_EQ(test, bc_count(dsi, BC_APPLIED), 6);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(phy), 0);
	KUNIT_EXPECT_EQ(test, bc_count(ctx->mdss, BC_APPLIED), 1);
	for (i = 0; i < BC_TEST_QCOM_CLKS; i++)
		KUNIT_EXPECT_EQ_MSG(test, bc_test_clk_enable_count(ctx->clks[i]),
				    held[i], "%s", bc_test_qcom_clk_names[i]);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->l2_log), "pm8916-l2:on");
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->l6_log), "pm8916-l6:on");
	KUNIT_EXPECT_EQ(test, ctx->l2->rdev->use_count, 1);
	KUNIT_EXPECT_EQ(test, ctx->l6->rdev->use_count, 1);
	KUNIT_EXPECT_TRUE(test, ctx->gdsc->on);
	/* The three constraints on the GDSC share one device in it */
	KUNIT_EXPECT_EQ(test, ctx->gdsc->genpd.device_count, 1);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->pd_log), "");

	/*
	 * The MDSS probes and idles: its children, which scan out, have not
	 * probed, and keep its domain on until they have.
	 */
	bc_test_probe_end(ctx->mdss, 0);
	KUNIT_EXPECT_TRUE(test, ctx->gdsc->on);
	bc_test_probe_end(mdp5, 0);
	KUNIT_EXPECT_TRUE(test, ctx->gdsc->on);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->pd_log), "");

	/* Once the last of them has probed, nothing else keeps it on. */
	bc_test_probe_end(dsi, 0);
	KUNIT_EXPECT_EQ(test, ctx->gdsc->genpd.device_count, 0);
	KUNIT_EXPECT_FALSE(test, ctx->gdsc->on);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->pd_log), "mdss-gdsc:off");
}

/*
 * The MSM DRM driver's shape: the MDP5's driver is the aggregate driver,
 * of the DSI, its component.
 */
static int bc_test_qcom_mdp5_probe(struct platform_device *pdev)
{
	struct component_match *match = NULL;
	struct device_node *dsi;

	dsi = of_get_compatible_child(pdev->dev.of_node->parent,
				      "qcom,mdss-dsi-ctrl");
	if (!dsi)
		return -ENODEV;
	component_match_add_release(&pdev->dev, &match, component_release_of,
				    component_compare_of, dsi);

	return bc_test_aggregate_add(&pdev->dev, match);
}

static void bc_test_qcom_mdp5_remove(struct platform_device *pdev)
{
	bc_test_aggregate_del(&pdev->dev);
}

static BC_TEST_OF_MATCH(bc_test_qcom_mdp5_match, "qcom,mdp5");

static BC_TEST_OF_MATCH(bc_test_qcom_dsi_match, "qcom,mdss-dsi-ctrl");

static struct platform_driver bc_test_qcom_mdp5_driver = {
	.probe = bc_test_qcom_mdp5_probe,
	.remove = bc_test_qcom_mdp5_remove,
	.driver = {
		.name = "bc-test-qcom-mdp5",
		.of_match_table = bc_test_qcom_mdp5_match,
	},
};

/*
 * With the table, the drivers probe as at boot, nothing flushed before
 * them: the MDSS's (which creates the MDP5, DSI and PHY devices), then the
 * MDP5's, which returns before the DSI has probed. The MDP5's clocks stay
 * on past its probe, its core clock (GCC_MDSS_MDP_CLK) and vsync among
 * them, and the domain with them, until the DSI's probe completes the
 * aggregate, whose bind takes them over.
 */
static void bc_test_qcom_db410c_aggregate(struct kunit *test)
{
	const struct dev_boot_constraint_machine *m;
	struct bc_test_qcom_ctx *ctx = test->priv;
	struct device *mdp5, *dsi;
	int ret;

	m = bc_test_qcom_match(test, "/bc-apq8016-sbc");
	KUNIT_ASSERT_NOT_NULL(test, m);
	KUNIT_ASSERT_EQ(test, dev_boot_constraint_add_deferrable_of(m->oconst,
								    m->count), 0);
	bc_test_qcom_populate(test);
	bc_test_probe_end(ctx->mdss, 0);

	KUNIT_ASSERT_EQ(test, kunit_platform_driver_register(test,
							     &bc_test_qcom_mdp5_driver), 0);
	wait_for_device_probe();
	mdp5 = bc_test_dev(test, BC_TEST_QCOM_MDP5);
	dsi = bc_test_dev(test, BC_TEST_QCOM_DSI);

	KUNIT_EXPECT_TRUE(test, device_is_bound(mdp5));
	KUNIT_EXPECT_EQ(test, bc_count(mdp5, BC_HANDED_OVER), 5);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clks[BC_TEST_QCOM_MDP]), 1);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clks[BC_TEST_QCOM_VSYNC]), 1);
	KUNIT_EXPECT_TRUE(test, ctx->gdsc->on);

	ret = bc_test_component_driver_register(test, "bc-test-qcom-dsi",
						bc_test_qcom_dsi_match);
	KUNIT_ASSERT_EQ(test, ret, 0);
	wait_for_device_probe();
	/* The aggregate's bind releases them from the core's work */
	bc_flush();

	KUNIT_EXPECT_TRUE(test, device_is_bound(dsi));
	KUNIT_EXPECT_EQ(test, bc_test_count_held(mdp5), 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(dsi), 0);
	KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clks[BC_TEST_QCOM_MDP]), 0);
	KUNIT_EXPECT_FALSE(test, ctx->gdsc->on);
}

/* The seed's table of 2017, with the clock names of its tree. */
static const struct dev_boot_constraint_clk_info bc_test_qcom_2017_iface = { .name = "iface_clk" };
static const struct dev_boot_constraint_clk_info bc_test_qcom_2017_bus = { .name = "bus_clk" };
static const struct dev_boot_constraint_clk_info bc_test_qcom_2017_core = { .name = "core_clk" };
static const struct dev_boot_constraint_clk_info bc_test_qcom_2017_vsync = { .name = "vsync_clk" };
static const struct dev_boot_constraint_clk_info bc_test_qcom_2017_byte = { .name = "byte_clk" };
static const struct dev_boot_constraint_clk_info bc_test_qcom_2017_pixel = { .name = "pixel_clk" };
static const struct dev_boot_constraint_supply_info bc_test_qcom_2017_vdda = { .name = "vdda" };
static const struct dev_boot_constraint_supply_info bc_test_qcom_2017_vddio = { .name = "vddio" };

static const struct dev_boot_constraint bc_test_qcom_2017_mdp5[] = {
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_test_qcom_2017_iface },
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_test_qcom_2017_bus },
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_test_qcom_2017_core },
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_test_qcom_2017_vsync },
};

static const struct dev_boot_constraint bc_test_qcom_2017_dsi[] = {
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_test_qcom_2017_core },
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_test_qcom_2017_byte },
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_test_qcom_2017_pixel },
	{ .type = DEV_BOOT_CONSTRAINT_SUPPLY, .data = &bc_test_qcom_2017_vdda },
	{ .type = DEV_BOOT_CONSTRAINT_SUPPLY, .data = &bc_test_qcom_2017_vddio },
};

static const struct dev_boot_constraint_of bc_test_qcom_2017[] = {
	DEV_BOOT_CONSTRAINT_OF("qcom,mdp5", bc_test_qcom_2017_mdp5),
	DEV_BOOT_CONSTRAINT_OF("qcom,mdss-dsi-ctrl", bc_test_qcom_2017_dsi),
};

/*
 * A clock name that the device does not have fails with -ENOENT, with an
 * error in the log, and the device holds none of its constraints: not the
 * supplies that exist, and no clock is ever enabled.
 */
static void bc_test_qcom_2017_names(struct kunit *test)
{
	struct bc_test_qcom_ctx *ctx = test->priv;
	struct device *mdp5, *dsi;
	unsigned int i;

	bc_test_qcom_populate(test);
	mdp5 = bc_test_dev(test, BC_TEST_QCOM_MDP5);
	dsi = bc_test_dev(test, BC_TEST_QCOM_DSI);

	KUNIT_EXPECT_EQ(test, dev_boot_constraint_add_deferrable_of(bc_test_qcom_2017,
								    ARRAY_SIZE(bc_test_qcom_2017)),
			-ENOENT);

	KUNIT_EXPECT_EQ(test, bc_test_count_held(mdp5), 0);
	KUNIT_EXPECT_EQ(test, bc_test_count_held(dsi), 0);
	for (i = 0; i < BC_TEST_QCOM_CLKS; i++)
		KUNIT_EXPECT_EQ(test, bc_test_clk_enable_count(ctx->clks[i]), 0);
	KUNIT_EXPECT_STREQ(test, bc_test_log_str(ctx->clk_log), "");
	KUNIT_EXPECT_EQ(test, ctx->l2->rdev->use_count, 0);
	KUNIT_EXPECT_EQ(test, ctx->l6->rdev->use_count, 0);
}

static struct kunit_case bc_test_qcom_cases[] = {
	KUNIT_CASE(bc_test_qcom_machine),
	KUNIT_CASE(bc_test_qcom_db410c),
	KUNIT_CASE(bc_test_qcom_db410c_aggregate),
	KUNIT_CASE(bc_test_qcom_2017_names),
	{}
};

static struct kunit_suite bc_test_qcom_suite = {
	.name = "boot_constraint_qcom",
	.init = bc_test_qcom_init,
	.test_cases = bc_test_qcom_cases,
};

kunit_test_suite(bc_test_qcom_suite);
