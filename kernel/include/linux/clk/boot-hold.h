/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Boot holds: a clock kept running for a device that the bootloader left
 * running, until the device's driver takes it over. For the party that
 * holds a device's clocks on its behalf (drivers/boot_constraint), not for
 * the device's consumers, which find the clock as if nothing held it.
 */
#ifndef __LINUX_CLK_BOOT_HOLD_H
#define __LINUX_CLK_BOOT_HOLD_H

#include <linux/clk.h>
#include <linux/types.h>

struct clk;
struct device;
struct of_phandle_args;

#if defined(CONFIG_COMMON_CLK) && defined(CONFIG_OF)
struct clk *clk_boot_get(struct device *dev, struct of_phandle_args *clkspec,
			 const char *con_id);
#else
static inline struct clk *clk_boot_get(struct device *dev,
				       struct of_phandle_args *clkspec,
				       const char *con_id)
{
	return clk_get(dev, con_id);
}
#endif

#ifdef CONFIG_COMMON_CLK
int clk_boot_hold(struct clk *clk);
void clk_boot_unhold(struct clk *clk);
#else
static inline int clk_boot_hold(struct clk *clk)
{
	return 0;
}

static inline void clk_boot_unhold(struct clk *clk) {}
#endif

#endif /* __LINUX_CLK_BOOT_HOLD_H */
