// SPDX-License-Identifier: GPL-2.0
/*
 * Boot constraints of Qualcomm boards: the display that the bootloader of
 * the DragonBoard 410c (APQ8016) leaves showing its splash screen keeps its
 * power domain, clocks and supplies until the MSM display drivers probe.
 *
 * The names are those of msm8916.dtsi in Linux 6.12: the MDP5's "iface",
 * "bus", "core" and "vsync" clocks, and the DSI controller's "byte", "pixel"
 * and "core" (ESC0) clocks and "vdda" and "vddio" supplies.
 */

#include <linux/boot_constraint.h>
#include <linux/init.h>
#include <linux/kernel.h>

#include <kunit/visibility.h>

#include "kunit.h"

static const struct dev_boot_constraint_clk_info bc_qcom_iface = { .name = "iface" };
static const struct dev_boot_constraint_clk_info bc_qcom_bus = { .name = "bus" };
static const struct dev_boot_constraint_clk_info bc_qcom_core = { .name = "core" };
static const struct dev_boot_constraint_clk_info bc_qcom_vsync = { .name = "vsync" };
static const struct dev_boot_constraint_clk_info bc_qcom_byte = { .name = "byte" };
static const struct dev_boot_constraint_clk_info bc_qcom_pixel = { .name = "pixel" };

static const struct dev_boot_constraint_supply_info bc_qcom_vdda = { .name = "vdda" };
static const struct dev_boot_constraint_supply_info bc_qcom_vddio = { .name = "vddio" };

/*
 * The MDSS's GDSC, its only power domain, which the MDP5 and the DSI
 * controller run in: their nodes do not name it, their parent's does. The
 * MDSS's driver creates them and lets its domain go when it idles, before
 * they have probed, so each of them holds it too, until its own driver has.
 */
static const struct dev_boot_constraint_pm_info bc_qcom_gdsc = { .parent = true };

static const struct dev_boot_constraint bc_qcom_mdss[] = {
	{ .type = DEV_BOOT_CONSTRAINT_PM },
};

static const struct dev_boot_constraint bc_qcom_mdp5[] = {
	{ .type = DEV_BOOT_CONSTRAINT_PM, .data = &bc_qcom_gdsc },
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_qcom_iface },
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_qcom_bus },
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_qcom_core },
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_qcom_vsync },
};

static const struct dev_boot_constraint bc_qcom_dsi[] = {
	{ .type = DEV_BOOT_CONSTRAINT_PM, .data = &bc_qcom_gdsc },
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_qcom_core },
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_qcom_byte },
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_qcom_pixel },
	{ .type = DEV_BOOT_CONSTRAINT_SUPPLY, .data = &bc_qcom_vdda },
	{ .type = DEV_BOOT_CONSTRAINT_SUPPLY, .data = &bc_qcom_vddio },
};

/*
 * The MDP5 and DSI devices are created when the MDSS's driver probes; they
 * get their constraints then, before they can probe themselves.
 */
static const struct dev_boot_constraint_of bc_qcom_db410c[] = {
	DEV_BOOT_CONSTRAINT_OF("qcom,mdss", bc_qcom_mdss),
	DEV_BOOT_CONSTRAINT_OF("qcom,mdp5", bc_qcom_mdp5),
	DEV_BOOT_CONSTRAINT_OF("qcom,mdss-dsi-ctrl", bc_qcom_dsi),
};

VISIBLE_IF_KUNIT const struct dev_boot_constraint_machine bc_qcom_machines[] = {
	{
		.compatible = "qcom,apq8016-sbc",
		.oconst = bc_qcom_db410c,
		.count = ARRAY_SIZE(bc_qcom_db410c),
	},
};
EXPORT_SYMBOL_IF_KUNIT(bc_qcom_machines);

/* Before the display subsystem's device is created. */
static int __init bc_qcom_init(void)
{
	return dev_boot_constraint_add_machine_of(bc_qcom_machines,
						  ARRAY_SIZE(bc_qcom_machines));
}
arch_initcall(bc_qcom_init);

#if IS_ENABLED(CONFIG_KUNIT)
const unsigned int bc_qcom_nr_machines = ARRAY_SIZE(bc_qcom_machines);
EXPORT_SYMBOL_IF_KUNIT(bc_qcom_nr_machines);
#endif
