// SPDX-License-Identifier: GPL-2.0
/*
 * Providers and consumers for boot constraint scenarios.
 *
 * A clock controller, a regulator, a power-domain controller, an
 * interconnect and a reset controller, the fakes of tests/fakes.h, whose
 * "hardware" starts in the state a bootloader left it in (on, at its boot
 * rate, voltage and bandwidth, out of reset) and logs every operation it
 * is asked for, with its time, in
 * debugfs bc_test/ops, with the consumer whose probe asked for it ("-" for
 * anyone else: the boot constraint core, the frameworks' clean-ups). A
 * consumer driver that takes its resources as its driver would (its clock
 * rate, bandwidth, reset line), and optionally idles them again right
 * away, as an MMC controller does; or, for the devices listed in
 * bc_test.simple=, only enables its clock and supply, as simple-framebuffer
 * and simpledrm do; or, with "bc-test,exclusive", takes its reset line
 * exclusively and fails its probe if it cannot set its own clock rate and
 * voltage, as most SoC drivers do; or, for the devices listed in
 * bc_test.pulse=, resets its block with a pulse of its shared reset line
 * and fails its probe if the pulse fails, as the Amlogic USB PHYs and
 * Microchip's switches do. A first driver that declines the
 * devices listed in bc_test.decline= (-ENODEV), so that the driver core
 * tries the consumer driver next. A bus whose probe creates its children,
 * as a display subsystem (Qualcomm's MDSS) creates its DSI and display
 * controllers. Any of these
 * devices can be held back from probing (bc_test.hold= on the command line,
 * then debugfs bc_test/hold), and a consumer can be made to defer its first
 * probes (bc_test.defer=) or to fail (bc_test.fail=).
 * And the board's constraints: the "lcd" node's clock and its rate range,
 * supply, power domain, interconnect bandwidth and reset line, declared
 * before any of these drivers probe; unless
 * bc_test.no_table is given, for scenarios whose constraints come from the
 * device tree or the command line.
 *
 * A scenario reads the log and counts the glitches of the display: every
 * change of one of its resources that its own driver did not ask for (off,
 * out of the rate or voltage the bootloader set, below its bandwidth, in
 * reset), before its driver probed, at the handover and after it.
 */

#define pr_fmt(fmt) "bc_test: " fmt

#include <linux/boot_constraint.h>
#include <linux/clk.h>
#include <linux/debugfs.h>
#include <linux/completion.h>
#include <linux/init.h>
#include <linux/interconnect.h>
#include <linux/interconnect-provider.h>
#include <linux/ktime.h>
#include <linux/mod_devicetable.h>
#include <linux/of.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <linux/regulator/consumer.h>
#include <linux/reset.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "../tests/fakes.h"

#define BC_TEST_BOARD_LOG_SIZE	512

struct bc_test_board_op {
	u64 ns;
	const char *res;
	const char *op;
	int value;
	const char *by;
};

/*
 * bc_test_board_lock protects bc_test_board_log, bc_test_board_nr,
 * bc_test_board_asker and bc_test_board_asker_name; it is
 * taken from clk_enable().
 */
static DEFINE_SPINLOCK(bc_test_board_lock);
static struct bc_test_board_op bc_test_board_log[BC_TEST_BOARD_LOG_SIZE];
static unsigned int bc_test_board_nr;
/* The task running a consumer's probe, and that consumer's name. */
static struct task_struct *bc_test_board_asker;
static const char *bc_test_board_asker_name;

/*
 * bc_test_board_ask_lock serializes the consumers' probes, so that what a provider is
 * asked for from the task of one of them is that consumer's request.
 */
static DEFINE_MUTEX(bc_test_board_ask_lock);

/* bc_test_board_param_lock protects the parameters below, lists of device names. */
static DEFINE_MUTEX(bc_test_board_param_lock);
static char bc_test_board_hold[128];
static char bc_test_board_defer[32];
static char bc_test_board_fail[32];
static char bc_test_board_simple[32];
static char bc_test_board_decline[32];
static char bc_test_board_pulse[32];
static bool bc_test_board_no_table;
static unsigned int bc_test_board_deferrals;

#define BC_TEST_BOARD_DEFERRALS	2

static void bc_test_board_record(const char *res, const char *op, int value)
{
	unsigned long flags;

	spin_lock_irqsave(&bc_test_board_lock, flags);
	if (bc_test_board_nr < BC_TEST_BOARD_LOG_SIZE)
		bc_test_board_log[bc_test_board_nr++] = (struct bc_test_board_op) {
			.ns = ktime_get_ns(), .res = res, .op = op, .value = value,
			.by = current == bc_test_board_asker ? bc_test_board_asker_name : "-",
		};
	spin_unlock_irqrestore(&bc_test_board_lock, flags);
}

/* From now on, what this task asks the providers for is @dev's request. */
static void bc_test_board_ask_begin(struct device *dev)
{
	mutex_lock(&bc_test_board_ask_lock);
	spin_lock_irq(&bc_test_board_lock);
	bc_test_board_asker = current;
	bc_test_board_asker_name = dev_name(dev);
	spin_unlock_irq(&bc_test_board_lock);
}

static void bc_test_board_ask_end(void)
{
	spin_lock_irq(&bc_test_board_lock);
	bc_test_board_asker = NULL;
	bc_test_board_asker_name = NULL;
	spin_unlock_irq(&bc_test_board_lock);
	mutex_unlock(&bc_test_board_ask_lock);
}

static bool bc_test_board_listed(const char *list, const char *name)
{
	size_t len = strlen(name);
	const char *p;

	for (p = strstr(list, name); p; p = strstr(p + 1, name)) {
		if ((p == list || p[-1] == ',') && (!p[len] || p[len] == ','))
			return true;
	}

	return false;
}

/*
 * Whether the scenario lets @dev probe now: held back devices are logged as
 * "held", the others as "probe" with the error the probe returns.
 */
static int bc_test_board_probe_verdict(struct device *dev)
{
	const char *name = dev_name(dev);
	int ret = 0;

	mutex_lock(&bc_test_board_param_lock);
	if (bc_test_board_listed(bc_test_board_hold, name)) {
		mutex_unlock(&bc_test_board_param_lock);
		bc_test_board_record(name, "held", -EPROBE_DEFER);
		return -EPROBE_DEFER;
	}

	if (bc_test_board_listed(bc_test_board_defer, name) &&
	    bc_test_board_deferrals < BC_TEST_BOARD_DEFERRALS) {
		bc_test_board_deferrals++;
		ret = -EPROBE_DEFER;
	} else if (bc_test_board_listed(bc_test_board_fail, name)) {
		ret = -EIO;
	}
	mutex_unlock(&bc_test_board_param_lock);

	bc_test_board_record(name, "probe", ret);

	return ret;
}

/*
 * The providers: the fakes of tests/fakes.h, started in the state the
 * bootloader left them in, whose operations go to the log.
 */

/* What the hardware sees: a gate's prepare is no event of its own. */
static void bc_test_board_record_event(struct bc_test_recorder *rec,
				       const struct bc_test_event *ev)
{
	if (ev->op != BC_TEST_PREPARE && ev->op != BC_TEST_UNPREPARE)
		bc_test_board_record(ev->res, bc_test_op_names[ev->op], ev->value);
}

static struct bc_test_recorder bc_test_board_recorder = {
	.record = bc_test_board_record_event,
};

/*
 * Clock controller: gates the bootloader left on, one per
 * "clock-output-names", fed by the node's clock if it has one, or with a
 * rate of their own if it gives their boot rate ("bc-test,boot-hz").
 */
static int bc_test_board_clk_probe(struct platform_device *pdev)
{
	static const struct clk_parent_data parent = { .index = 0 };
	const struct clk_ops *ops = &bc_test_gate_ops;
	struct device *dev = &pdev->dev;
	struct bc_test_clk *gates;
	u32 boot_hz = 0;
	int i, n, ret;

	ret = bc_test_board_probe_verdict(dev);
	if (ret)
		return ret;

	n = of_property_count_strings(dev->of_node, "clock-output-names");
	if (n <= 0)
		return dev_err_probe(dev, -EINVAL, "no clock-output-names\n");

	gates = devm_kcalloc(dev, n, sizeof(*gates), GFP_KERNEL);
	if (!gates)
		return -ENOMEM;

	if (!of_property_present(dev->of_node, "clocks") &&
	    !of_property_read_u32(dev->of_node, "bc-test,boot-hz", &boot_hz))
		ops = &bc_test_clk_ops;

	for (i = 0; i < n; i++) {
		of_property_read_string_index(dev->of_node, "clock-output-names",
					      i, &gates[i].name);
		gates[i].rec = &bc_test_board_recorder;
		gates[i].enabled = true;
		gates[i].rate = boot_hz;
	}

	return bc_test_clk_provide(dev, gates, n, ops,
				   of_property_present(dev->of_node, "clocks") ?
				   &parent : NULL);
}

/* Regulator: on at its boot voltage ("bc-test,boot-microvolt"). */
static int bc_test_board_reg_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct bc_test_reg *reg;
	int ret;

	ret = bc_test_board_probe_verdict(dev);
	if (ret)
		return ret;

	reg = bc_test_reg_of(dev, "bc-test,boot-microvolt");
	if (IS_ERR(reg))
		return PTR_ERR(reg);

	reg->rec = &bc_test_board_recorder;
	reg->enabled = true;

	return bc_test_reg_provide(dev, reg);
}

/* Power-domain controller: one domain, named after its node, on at boot. */
static int bc_test_board_pd_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct bc_test_pd *pd;
	int ret;

	ret = bc_test_board_probe_verdict(dev);
	if (ret)
		return ret;

	pd = devm_kzalloc(dev, sizeof(*pd), GFP_KERNEL);
	if (!pd)
		return -ENOMEM;

	pd->genpd.name = dev->of_node->name;
	pd->rec = &bc_test_board_recorder;
	pd->on = true;

	return bc_test_pd_provide(dev, pd);
}

/*
 * Interconnect: a master port for each consumer, on a bus to memory, all
 * at the bandwidth the bootloader set ("bc-test,boot-kBps", average and
 * peak). The interconnect core keeps each node at least at it until
 * icc_sync_state().
 */
enum {
	BC_TEST_BOARD_ICC_LCD,
	BC_TEST_BOARD_ICC_MMC,
	BC_TEST_BOARD_ICC_DDR,
	BC_TEST_BOARD_ICC_NODES
};

static const char * const bc_test_board_icc_names[BC_TEST_BOARD_ICC_NODES] = {
	[BC_TEST_BOARD_ICC_LCD] = "icc_lcd",
	[BC_TEST_BOARD_ICC_MMC] = "icc_mmc",
	[BC_TEST_BOARD_ICC_DDR] = "icc_ddr",
};

static const u8 bc_test_board_icc_links[][2] = {
	{ BC_TEST_BOARD_ICC_LCD, BC_TEST_BOARD_ICC_DDR },
	{ BC_TEST_BOARD_ICC_MMC, BC_TEST_BOARD_ICC_DDR },
};

static const struct bc_test_icc_desc bc_test_board_icc_desc = {
	.names = bc_test_board_icc_names,
	.num_nodes = BC_TEST_BOARD_ICC_NODES,
	.links = bc_test_board_icc_links,
	.num_links = ARRAY_SIZE(bc_test_board_icc_links),
};

static int bc_test_board_icc_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct bc_test_icc *icc;
	u32 kbps[2];
	int ret;

	ret = bc_test_board_probe_verdict(dev);
	if (ret)
		return ret;

	icc = devm_kzalloc(dev, sizeof(*icc), GFP_KERNEL);
	if (!icc)
		return -ENOMEM;

	if (of_property_read_u32_array(dev->of_node, "bc-test,boot-kBps", kbps, 2))
		return dev_err_probe(dev, -EINVAL, "no boot bandwidth\n");

	icc->desc = &bc_test_board_icc_desc;
	icc->rec = &bc_test_board_recorder;
	icc->boot_avg = kbps[0];
	icc->boot_peak = kbps[1];

	return bc_test_icc_provide(dev, icc);
}

/* The interconnect drops its boot bandwidth once its consumers probed. */
static void bc_test_board_icc_sync_state(struct device *dev)
{
	bc_test_board_record(dev_name(dev), "sync", 0);
	icc_sync_state(dev);
}

/* Reset controller: one line, shared, that the bootloader deasserted. */
static int bc_test_board_rst_probe(struct platform_device *pdev)
{
	static const char * const names[] = { "shared_rst" };
	struct device *dev = &pdev->dev;
	struct bc_test_reset *rst;
	int ret;

	ret = bc_test_board_probe_verdict(dev);
	if (ret)
		return ret;

	rst = devm_kzalloc(dev, sizeof(*rst), GFP_KERNEL);
	if (!rst)
		return -ENOMEM;

	rst->rec = &bc_test_board_recorder;

	return bc_test_reset_provide(dev, rst, ARRAY_SIZE(names), names);
}

/*
 * Sets the clock's rate, or the range it accepts, as its driver would. A
 * strict driver, whose device needs that very rate, fails if it got another.
 */
static int bc_test_board_consumer_rate(struct device *dev, struct clk *clk, bool strict)
{
	u32 range[2];
	u32 hz;
	int ret;

	if (!of_property_read_u32(dev->of_node, "bc-test,rate-hz", &hz)) {
		ret = clk_set_rate(clk, hz);
		if (!ret && strict && clk_get_rate(clk) != hz)
			ret = -ERANGE;
		return ret;
	}

	if (!of_property_read_u32_array(dev->of_node, "bc-test,rate-range-hz",
					range, 2))
		return clk_set_rate_range(clk, range[0], range[1]);

	return 0;
}

/* Requests the bandwidth its driver needs ("bc-test,kBps": avg, peak). */
static int bc_test_board_consumer_icc(struct device *dev)
{
	struct icc_path *path;
	u32 kbps[2];

	if (of_property_read_u32_array(dev->of_node, "bc-test,kBps", kbps, 2))
		return 0;

	path = devm_of_icc_get(dev, NULL);
	if (IS_ERR(path))
		return PTR_ERR(path);

	return icc_set_bw(path, kbps[0], kbps[1]);
}

static bool bc_test_board_param_listed(const char *list, struct device *dev)
{
	bool listed;

	mutex_lock(&bc_test_board_param_lock);
	listed = bc_test_board_listed(list, dev_name(dev));
	mutex_unlock(&bc_test_board_param_lock);

	return listed;
}

/*
 * Resets its block with a pulse of its shared line, logged as "pulse" with
 * what the pulse returned: its probe fails if it does.
 */
static int bc_test_board_consumer_pulse(struct device *dev,
					struct reset_control *rstc)
{
	int ret;

	ret = reset_control_reset(rstc);
	bc_test_board_record(dev_name(dev), "pulse", ret);

	return ret;
}

/*
 * Takes its reset line out of reset, as its driver would: shared, or
 * exclusively for a driver that resets its block when it likes; or, listed
 * in bc_test.pulse=, shared, with a pulse. An idle device, as an MMC
 * controller between requests, puts its block back in reset, which
 * asserts a shared line unless another user keeps it deasserted.
 */
static int bc_test_board_consumer_reset(struct device *dev, bool idle, bool exclusive)
{
	struct reset_control *rstc;
	int ret;

	if (!of_property_present(dev->of_node, "resets") &&
	    !of_property_present(dev->of_node, "reset-gpios"))
		return 0;

	if (bc_test_board_param_listed(bc_test_board_pulse, dev)) {
		rstc = devm_reset_control_get_shared(dev, NULL);
		if (IS_ERR(rstc))
			return PTR_ERR(rstc);
		return bc_test_board_consumer_pulse(dev, rstc);
	}

	if (exclusive)
		rstc = devm_reset_control_get_exclusive(dev, NULL);
	else
		rstc = devm_reset_control_get_shared(dev, NULL);
	if (IS_ERR(rstc))
		return PTR_ERR(rstc);

	ret = reset_control_deassert(rstc);
	if (ret || !idle)
		return ret;

	return reset_control_assert(rstc);
}

/*
 * Takes the supply as its driver would. A refused voltage is logged; a
 * strict driver, which cannot run its device at another voltage, fails.
 */
static int bc_test_board_consumer_supply(struct device *dev, const char *name,
					 bool idle, bool strict)
{
	struct regulator *supply;
	u32 range[2];
	int ret;

	supply = devm_regulator_get(dev, name);
	if (IS_ERR(supply))
		return PTR_ERR(supply);

	if (!of_property_read_u32_array(dev->of_node, "bc-test,microvolt",
					range, 2)) {
		ret = regulator_set_voltage(supply, range[0], range[1]);
		if (ret)
			bc_test_board_record(dev_name(dev), "voltage-refused", ret);
		if (ret && strict)
			return ret;
	}

	ret = regulator_enable(supply);
	if (ret)
		return ret;

	if (idle)
		regulator_disable(supply);

	return 0;
}

/*
 * What simple-framebuffer and simpledrm do: enable the clock and the supply
 * the display runs on, and nothing else (no rate, no voltage, no reset).
 */
static int bc_test_board_consumer_simple(struct device *dev, struct clk *clk)
{
	struct regulator *supply;
	const char *name;
	int ret;

	ret = clk_prepare_enable(clk);
	if (ret)
		return ret;

	if (of_property_read_string(dev->of_node, "bc-test,supply", &name))
		return 0;

	supply = devm_regulator_get(dev, name);
	if (IS_ERR(supply))
		return PTR_ERR(supply);

	return regulator_enable(supply);
}

static int bc_test_board_consumer_take(struct device *dev)
{
	bool idle = of_property_read_bool(dev->of_node, "bc-test,idle");
	bool exclusive = of_property_read_bool(dev->of_node, "bc-test,exclusive");
	const char *supply;
	struct clk *clk;
	int ret;

	clk = devm_clk_get(dev, NULL);
	if (IS_ERR(clk))
		return dev_err_probe(dev, PTR_ERR(clk), "no clock\n");

	if (bc_test_board_param_listed(bc_test_board_simple, dev))
		return bc_test_board_consumer_simple(dev, clk);

	ret = clk_prepare_enable(clk);
	if (ret)
		return ret;
	ret = bc_test_board_consumer_rate(dev, clk, exclusive);
	if (ret)
		return dev_err_probe(dev, ret, "clock rate not set\n");
	if (idle)
		clk_disable_unprepare(clk);

	if (!of_property_read_string(dev->of_node, "bc-test,supply", &supply)) {
		ret = bc_test_board_consumer_supply(dev, supply, idle, exclusive);
		if (ret)
			return dev_err_probe(dev, ret, "no supply\n");
	}

	ret = bc_test_board_consumer_icc(dev);
	if (ret)
		return dev_err_probe(dev, ret, "no bandwidth\n");

	ret = bc_test_board_consumer_reset(dev, idle, exclusive);
	if (ret)
		return dev_err_probe(dev, ret, "no reset\n");

	return 0;
}

static int bc_test_board_consumer_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	int ret;

	ret = bc_test_board_probe_verdict(dev);
	if (ret)
		return ret;

	bc_test_board_ask_begin(dev);
	ret = bc_test_board_consumer_take(dev);
	bc_test_board_ask_end();

	return ret;
}

/*
 * A first driver matching the consumers, which declines the devices of
 * bc_test.decline= (and any other: it drives none of them), as a driver
 * declines a variant of its hardware it does not support: the driver core
 * then tries the next matching driver.
 */
static int bc_test_board_decline_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;

	if (bc_test_board_param_listed(bc_test_board_decline, dev))
		bc_test_board_record(dev_name(dev), "declined", -ENODEV);

	return -ENODEV;
}

/* A bus whose probe creates the devices of its children. */
static int bc_test_board_bus_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	int ret;

	ret = bc_test_board_probe_verdict(dev);
	if (ret)
		return ret;

	return devm_of_platform_populate(dev);
}

/*
 * The slow bus's probe sleeps, once it has created its children, until the
 * clean-ups at late_initcall_sync have run (clk_disable_unused(),
 * genpd_power_off_unused(), regulator_init_complete(), whose initcalls come
 * before this board's in link order), or at most this long.
 */
#define BC_TEST_BOARD_SLOW_MS	30000
static DECLARE_COMPLETION(bc_test_board_cleaned_up);

static int __init bc_test_board_cleanups_done(void)
{
	complete_all(&bc_test_board_cleaned_up);
	return 0;
}
late_initcall_sync(bc_test_board_cleanups_done);

/*
 * A bus that probes asynchronously, creates the devices of its children (a
 * clock controller, whose bind finds the bus's own device locked, and a
 * device that names its clock) and then sleeps in its probe until the
 * clean-ups at late_initcall_sync have run: what they find while a
 * device's lock is held by an asynchronous probe.
 */
static int bc_test_board_slow_bus_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	unsigned long left;
	int ret;

	ret = bc_test_board_probe_verdict(dev);
	if (ret)
		return ret;

	ret = devm_of_platform_populate(dev);
	if (ret)
		return ret;

	/* 1 if the clean-ups ran while it slept */
	left = wait_for_completion_timeout(&bc_test_board_cleaned_up,
					   msecs_to_jiffies(BC_TEST_BOARD_SLOW_MS));
	bc_test_board_record(dev_name(dev), "slept", left != 0);

	return 0;
}

static BC_TEST_OF_MATCH(bc_test_board_clk_match, "bc-test,clock-controller");

static BC_TEST_OF_MATCH(bc_test_board_reg_match, "bc-test,regulator");

static BC_TEST_OF_MATCH(bc_test_board_pd_match, "bc-test,power-controller");

static BC_TEST_OF_MATCH(bc_test_board_icc_match, "bc-test,interconnect");

static BC_TEST_OF_MATCH(bc_test_board_rst_match, "bc-test,reset-controller");

static BC_TEST_OF_MATCH(bc_test_board_consumer_match, "bc-test,consumer");

static BC_TEST_OF_MATCH(bc_test_board_bus_match, "bc-test,bus");

static BC_TEST_OF_MATCH(bc_test_board_slow_bus_match, "bc-test,slow-bus");

/* Registered before the consumer driver, so tried first. */
static struct platform_driver bc_test_board_decline_driver = {
	.probe = bc_test_board_decline_probe,
	.driver = {
		.name = "bc-test-decline",
		.of_match_table = bc_test_board_consumer_match,
	},
};

static struct platform_driver bc_test_board_drivers[] = {
	{
		.probe = bc_test_board_clk_probe,
		.driver = { .name = "bc-test-clk", .of_match_table = bc_test_board_clk_match },
	}, {
		.probe = bc_test_board_reg_probe,
		.driver = { .name = "bc-test-reg", .of_match_table = bc_test_board_reg_match },
	}, {
		.probe = bc_test_board_pd_probe,
		.driver = { .name = "bc-test-pd", .of_match_table = bc_test_board_pd_match },
	}, {
		.probe = bc_test_board_icc_probe,
		.driver = {
			.name = "bc-test-icc",
			.of_match_table = bc_test_board_icc_match,
			.sync_state = bc_test_board_icc_sync_state,
			/* Its consumers' paths hold its nodes. */
			.suppress_bind_attrs = true,
		},
	}, {
		.probe = bc_test_board_rst_probe,
		.driver = { .name = "bc-test-rst", .of_match_table = bc_test_board_rst_match },
	}, {
		.probe = bc_test_board_consumer_probe,
		.driver = {
			.name = "bc-test-consumer",
			.of_match_table = bc_test_board_consumer_match,
			.suppress_bind_attrs = true,
		},
	}, {
		.probe = bc_test_board_bus_probe,
		.driver = {
			.name = "bc-test-bus",
			.of_match_table = bc_test_board_bus_match,
			.suppress_bind_attrs = true,
		},
	}, {
		.probe = bc_test_board_slow_bus_probe,
		.driver = {
			.name = "bc-test-slow-bus",
			.of_match_table = bc_test_board_slow_bus_match,
			.probe_type = PROBE_PREFER_ASYNCHRONOUS,
			.suppress_bind_attrs = true,
		},
	},
};

/* The board: what its bootloader leaves running for the display. */

/* The panel takes a pixel clock of 74.25 MHz, give or take 0.25 MHz. */
static const struct dev_boot_constraint_clk_info bc_test_board_lcd_clk = {
	.name = "pixel",
	.rate_min = 74000000,
	.rate_max = 75000000,
};

static const struct dev_boot_constraint_supply_info bc_test_board_lcd_supply = {
	.name = "vdd",
	.u_volt_min = 3300000,
	.u_volt_max = 3300000,
};

static const struct dev_boot_constraint bc_test_board_lcd_constraints[] = {
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_test_board_lcd_clk },
	{ .type = DEV_BOOT_CONSTRAINT_SUPPLY, .data = &bc_test_board_lcd_supply },
	{ .type = DEV_BOOT_CONSTRAINT_PM },
};

/* Its scan-out's bandwidth to memory, and its block out of reset. */
static const struct dev_boot_constraint_icc_info bc_test_board_lcd_icc = {
	.avg_bw = 800000,
	.peak_bw = 1600000,
};

static const struct dev_boot_constraint bc_test_board_lcd_bus_constraints[] = {
	{ .type = DEV_BOOT_CONSTRAINT_ICC, .data = &bc_test_board_lcd_icc },
	{ .type = DEV_BOOT_CONSTRAINT_RESET },
};

static const char * const bc_test_board_lcd_names[] = { "lcd" };

/*
 * The DSI controller of tests/dt/dsi.dtsi, which the bootloader left
 * running at 100 MHz and 1.8 V, out of reset: its driver sets the clock
 * rate and the voltage it wants, and takes its reset line exclusively.
 */
static const struct dev_boot_constraint_clk_info bc_test_board_dsi_clk = {
	.name = "core",
	.rate_min = 99000000,
	.rate_max = 101000000,
};

static const struct dev_boot_constraint_supply_info bc_test_board_dsi_supply = {
	.name = "vdd",
	.u_volt_min = 1800000,
	.u_volt_max = 1800000,
};

static const struct dev_boot_constraint bc_test_board_dsi_constraints[] = {
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_test_board_dsi_clk },
	{ .type = DEV_BOOT_CONSTRAINT_SUPPLY, .data = &bc_test_board_dsi_supply },
	{ .type = DEV_BOOT_CONSTRAINT_RESET },
};

static const char * const bc_test_board_dsi_names[] = { "dsi" };

static const struct dev_boot_constraint_of bc_test_board_board[] = {
	DEV_BOOT_CONSTRAINT_OF_NAMED("bc-test,consumer",
				     bc_test_board_lcd_constraints,
				     bc_test_board_lcd_names),
	DEV_BOOT_CONSTRAINT_OF_NAMED("bc-test,consumer",
				     bc_test_board_lcd_bus_constraints,
				     bc_test_board_lcd_names),
	DEV_BOOT_CONSTRAINT_OF_NAMED("bc-test,consumer",
				     bc_test_board_dsi_constraints,
				     bc_test_board_dsi_names),
};

static int bc_test_board_ops_show(struct seq_file *s, void *unused)
{
	unsigned int i;

	spin_lock_irq(&bc_test_board_lock);
	for (i = 0; i < bc_test_board_nr; i++)
		seq_printf(s, "%llu %s %s %d %s\n", bc_test_board_log[i].ns,
			   bc_test_board_log[i].res, bc_test_board_log[i].op,
			   bc_test_board_log[i].value,
			   bc_test_board_log[i].by);
	spin_unlock_irq(&bc_test_board_lock);

	return 0;
}
DEFINE_SHOW_ATTRIBUTE(bc_test_board_ops);

/* A new list of devices held back; a trailing newline is dropped. */
static ssize_t bc_test_board_hold_write(struct file *file, const char __user *buf,
					size_t count, loff_t *ppos)
{
	char list[sizeof(bc_test_board_hold)];

	if (count >= sizeof(list))
		return -EINVAL;
	if (copy_from_user(list, buf, count))
		return -EFAULT;
	list[count] = '\0';

	mutex_lock(&bc_test_board_param_lock);
	strscpy(bc_test_board_hold, strim(list), sizeof(bc_test_board_hold));
	mutex_unlock(&bc_test_board_param_lock);

	return count;
}

static const struct file_operations bc_test_board_hold_fops = {
	.write = bc_test_board_hold_write,
};

/*
 * BC_TEST_BOARD_LIST_PARAM(name) - The early parameter bc_test.<name>, a
 * list of device names copied into bc_test_board_<name>.
 */
#define BC_TEST_BOARD_LIST_PARAM(name)					\
	static int __init bc_test_board_##name##_param(char *arg)	\
	{								\
		strscpy(bc_test_board_##name, arg,			\
			sizeof(bc_test_board_##name));			\
		return 0;						\
	}								\
	early_param("bc_test." #name, bc_test_board_##name##_param)

BC_TEST_BOARD_LIST_PARAM(hold);
BC_TEST_BOARD_LIST_PARAM(defer);
BC_TEST_BOARD_LIST_PARAM(fail);
BC_TEST_BOARD_LIST_PARAM(simple);
BC_TEST_BOARD_LIST_PARAM(decline);
BC_TEST_BOARD_LIST_PARAM(pulse);

static int __init bc_test_board_no_table_param(char *arg)
{
	bc_test_board_no_table = true;
	return 0;
}
early_param("bc_test.no_table", bc_test_board_no_table_param);

/* Before of_platform_populate(), as a board's constraints would be. */
static int __init bc_test_board_board_init(void)
{
	struct device_node *np;
	struct dentry *dir;
	unsigned int i;
	int ret;

	np = of_find_compatible_node(NULL, NULL, "bc-test,clock-controller");
	of_node_put(np);
	if (!np)
		return 0;

	dir = debugfs_create_dir("bc_test", NULL);
	debugfs_create_file("ops", 0444, dir, NULL, &bc_test_board_ops_fops);
	debugfs_create_file("hold", 0200, dir, NULL, &bc_test_board_hold_fops);

	if (!bc_test_board_no_table) {
		ret = dev_boot_constraint_add_deferrable_of(bc_test_board_board,
							    ARRAY_SIZE(bc_test_board_board));
		if (ret)
			pr_err("board constraints not added: %d\n", ret);
	}

	if (bc_test_board_decline[0]) {
		ret = platform_driver_register(&bc_test_board_decline_driver);
		if (ret)
			return ret;
	}

	for (i = 0; i < ARRAY_SIZE(bc_test_board_drivers); i++) {
		ret = platform_driver_register(&bc_test_board_drivers[i]);
		if (ret)
			return ret;
	}

	return 0;
}
arch_initcall(bc_test_board_board_init);
