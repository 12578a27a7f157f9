// SPDX-License-Identifier: GPL-2.0
/*
 * Providers and consumers for boot constraint scenarios.
 *
 * A clock controller, a regulator, a power-domain controller, an
 * interconnect and a reset controller whose "hardware" starts in the state
 * a bootloader left it in (on, at its boot rate, voltage and bandwidth, out
 * of reset) and logs every operation it is asked for, with its time, in
 * debugfs bc_test/ops, with the consumer whose probe asked for it ("-" for
 * anyone else: the boot constraint core, the frameworks' clean-ups). A
 * consumer driver that takes its resources as its driver would (its clock
 * rate, bandwidth, reset line), and optionally idles them again right
 * away, as an MMC controller does; or, for the devices listed in
 * bc_test.simple=, only enables its clock and supply, as simple-framebuffer
 * and simpledrm do; or, with "bc-test,exclusive", takes its reset line
 * exclusively and fails its probe if it cannot set its own clock rate and
 * voltage, as most SoC drivers do. A first driver that declines the
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
#include <linux/clk-provider.h>
#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/interconnect.h>
#include <linux/interconnect-provider.h>
#include <linux/ktime.h>
#include <linux/mod_devicetable.h>
#include <linux/of.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <linux/pm_domain.h>
#include <linux/regulator/consumer.h>
#include <linux/regulator/driver.h>
#include <linux/regulator/machine.h>
#include <linux/regulator/of_regulator.h>
#include <linux/reset.h>
#include <linux/reset-controller.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#define BCT_LOG_SIZE	512

struct bct_op {
	u64 ns;
	const char *res;
	const char *op;
	int value;
	const char *by;
};

/*
 * bct_lock protects bct_log, bct_nr, bct_asker and bct_asker_name; it is
 * taken from clk_enable().
 */
static DEFINE_SPINLOCK(bct_lock);
static struct bct_op bct_log[BCT_LOG_SIZE];
static unsigned int bct_nr;
/* The task running a consumer's probe, and that consumer's name. */
static struct task_struct *bct_asker;
static const char *bct_asker_name;

/*
 * bct_ask_lock serializes the consumers' probes, so that what a provider is
 * asked for from the task of one of them is that consumer's request.
 */
static DEFINE_MUTEX(bct_ask_lock);

/* bct_param_lock protects the parameters below, lists of device names. */
static DEFINE_MUTEX(bct_param_lock);
static char bct_hold[128];
static char bct_defer[32];
static char bct_fail[32];
static char bct_simple[32];
static char bct_decline[32];
static bool bct_no_table;
static unsigned int bct_deferrals;

#define BCT_DEFERRALS	2

static void bct_record(const char *res, const char *op, int value)
{
	unsigned long flags;

	spin_lock_irqsave(&bct_lock, flags);
	if (bct_nr < BCT_LOG_SIZE)
		bct_log[bct_nr++] = (struct bct_op) {
			.ns = ktime_get_ns(), .res = res, .op = op, .value = value,
			.by = current == bct_asker ? bct_asker_name : "-",
		};
	spin_unlock_irqrestore(&bct_lock, flags);
}

/* From now on, what this task asks the providers for is @dev's request. */
static void bct_ask_begin(struct device *dev)
{
	mutex_lock(&bct_ask_lock);
	spin_lock_irq(&bct_lock);
	bct_asker = current;
	bct_asker_name = dev_name(dev);
	spin_unlock_irq(&bct_lock);
}

static void bct_ask_end(void)
{
	spin_lock_irq(&bct_lock);
	bct_asker = NULL;
	bct_asker_name = NULL;
	spin_unlock_irq(&bct_lock);
	mutex_unlock(&bct_ask_lock);
}

static bool bct_listed(const char *list, const char *name)
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
static int bct_probe_verdict(struct device *dev)
{
	const char *name = dev_name(dev);
	int ret = 0;

	mutex_lock(&bct_param_lock);
	if (bct_listed(bct_hold, name)) {
		mutex_unlock(&bct_param_lock);
		bct_record(name, "held", -EPROBE_DEFER);
		return -EPROBE_DEFER;
	}

	if (bct_listed(bct_defer, name) && bct_deferrals < BCT_DEFERRALS) {
		bct_deferrals++;
		ret = -EPROBE_DEFER;
	} else if (bct_listed(bct_fail, name)) {
		ret = -EIO;
	}
	mutex_unlock(&bct_param_lock);

	bct_record(name, "probe", ret);

	return ret;
}

/* Clock controller: gates that the bootloader left enabled. */

struct bct_gate {
	struct clk_hw hw;
	const char *name;
	bool on;
	unsigned long rate;
};

#define to_bct_gate(_hw) container_of(_hw, struct bct_gate, hw)

static int bct_gate_enable(struct clk_hw *hw)
{
	struct bct_gate *gate = to_bct_gate(hw);

	gate->on = true;
	bct_record(gate->name, "on", 1);
	return 0;
}

static void bct_gate_disable(struct clk_hw *hw)
{
	struct bct_gate *gate = to_bct_gate(hw);

	gate->on = false;
	bct_record(gate->name, "off", 0);
}

static int bct_gate_is_enabled(struct clk_hw *hw)
{
	return to_bct_gate(hw)->on;
}

static const struct clk_ops bct_gate_ops = {
	.enable = bct_gate_enable,
	.disable = bct_gate_disable,
	.is_enabled = bct_gate_is_enabled,
};

static unsigned long bct_gate_recalc_rate(struct clk_hw *hw,
					  unsigned long parent_rate)
{
	return to_bct_gate(hw)->rate;
}

/* Takes any rate: the clock framework has clamped it to the ranges. */
static int bct_gate_determine_rate(struct clk_hw *hw,
				   struct clk_rate_request *req)
{
	return 0;
}

static int bct_gate_set_rate(struct clk_hw *hw, unsigned long rate,
			     unsigned long parent_rate)
{
	struct bct_gate *gate = to_bct_gate(hw);

	gate->rate = rate;
	bct_record(gate->name, "rate", rate);
	return 0;
}

/* Gates with a rate of their own, which the bootloader set. */
static const struct clk_ops bct_rate_gate_ops = {
	.enable = bct_gate_enable,
	.disable = bct_gate_disable,
	.is_enabled = bct_gate_is_enabled,
	.recalc_rate = bct_gate_recalc_rate,
	.determine_rate = bct_gate_determine_rate,
	.set_rate = bct_gate_set_rate,
};

static int bct_clk_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct clk_hw_onecell_data *data;
	/* A parent, if the node has one, gives the gates a rate. */
	static const struct clk_parent_data parent = { .index = 0 };
	struct clk_init_data init = { .ops = &bct_gate_ops };
	struct bct_gate *gate;
	u32 boot_hz = 0;
	int i, n, ret;

	ret = bct_probe_verdict(dev);
	if (ret)
		return ret;

	n = of_property_count_strings(dev->of_node, "clock-output-names");
	if (n <= 0)
		return dev_err_probe(dev, -EINVAL, "no clock-output-names\n");

	data = devm_kzalloc(dev, struct_size(data, hws, n), GFP_KERNEL);
	gate = devm_kcalloc(dev, n, sizeof(*gate), GFP_KERNEL);
	if (!data || !gate)
		return -ENOMEM;

	if (of_property_present(dev->of_node, "clocks")) {
		init.parent_data = &parent;
		init.num_parents = 1;
	} else if (!of_property_read_u32(dev->of_node, "bc-test,boot-hz",
					 &boot_hz)) {
		init.ops = &bct_rate_gate_ops;
	}

	data->num = n;
	for (i = 0; i < n; i++) {
		of_property_read_string_index(dev->of_node, "clock-output-names",
					      i, &gate[i].name);
		gate[i].on = true;
		gate[i].rate = boot_hz;
		init.name = gate[i].name;
		gate[i].hw.init = &init;
		ret = devm_clk_hw_register(dev, &gate[i].hw);
		if (ret)
			return ret;
		data->hws[i] = &gate[i].hw;
	}

	return devm_of_clk_add_hw_provider(dev, of_clk_hw_onecell_get, data);
}

/* Regulator: on at its boot voltage, as the bootloader left it. */

struct bct_regulator {
	struct regulator_desc desc;
	bool on;
	int uv;
};

static int bct_reg_enable(struct regulator_dev *rdev)
{
	struct bct_regulator *reg = rdev_get_drvdata(rdev);

	reg->on = true;
	bct_record(reg->desc.name, "on", reg->uv);
	return 0;
}

static int bct_reg_disable(struct regulator_dev *rdev)
{
	struct bct_regulator *reg = rdev_get_drvdata(rdev);

	reg->on = false;
	bct_record(reg->desc.name, "off", reg->uv);
	return 0;
}

static int bct_reg_is_enabled(struct regulator_dev *rdev)
{
	struct bct_regulator *reg = rdev_get_drvdata(rdev);

	return reg->on;
}

static int bct_reg_set_voltage(struct regulator_dev *rdev, int min_uv,
			       int max_uv, unsigned int *selector)
{
	struct bct_regulator *reg = rdev_get_drvdata(rdev);

	reg->uv = min_uv;
	bct_record(reg->desc.name, "voltage", reg->uv);
	return 0;
}

static int bct_reg_get_voltage(struct regulator_dev *rdev)
{
	struct bct_regulator *reg = rdev_get_drvdata(rdev);

	return reg->uv;
}

static const struct regulator_ops bct_reg_ops = {
	.enable = bct_reg_enable,
	.disable = bct_reg_disable,
	.is_enabled = bct_reg_is_enabled,
	.set_voltage = bct_reg_set_voltage,
	.get_voltage = bct_reg_get_voltage,
};

static int bct_reg_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct regulator_config config = { .dev = dev, .of_node = dev->of_node };
	struct bct_regulator *reg;
	struct regulator_dev *rdev;
	u32 uv;
	int ret;

	ret = bct_probe_verdict(dev);
	if (ret)
		return ret;

	reg = devm_kzalloc(dev, sizeof(*reg), GFP_KERNEL);
	if (!reg)
		return -ENOMEM;

	if (of_property_read_u32(dev->of_node, "bc-test,boot-microvolt", &uv))
		return dev_err_probe(dev, -EINVAL, "no boot voltage\n");

	reg->on = true;
	reg->uv = uv;
	reg->desc.type = REGULATOR_VOLTAGE;
	reg->desc.owner = THIS_MODULE;
	reg->desc.ops = &bct_reg_ops;
	config.init_data = of_get_regulator_init_data(dev, dev->of_node,
						      &reg->desc);
	if (!config.init_data)
		return -ENOMEM;
	reg->desc.name = config.init_data->constraints.name ?: dev_name(dev);
	config.driver_data = reg;

	rdev = devm_regulator_register(dev, &reg->desc, &config);

	return PTR_ERR_OR_ZERO(rdev);
}

/* Power-domain controller: one domain, on at boot. */

static int bct_pd_power_on(struct generic_pm_domain *pd)
{
	bct_record(pd->name, "on", 1);
	return 0;
}

static int bct_pd_power_off(struct generic_pm_domain *pd)
{
	bct_record(pd->name, "off", 0);
	return 0;
}

static int bct_pd_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct generic_pm_domain *pd;
	int ret;

	ret = bct_probe_verdict(dev);
	if (ret)
		return ret;

	pd = devm_kzalloc(dev, sizeof(*pd), GFP_KERNEL);
	if (!pd)
		return -ENOMEM;

	pd->name = dev->of_node->name;
	pd->power_on = bct_pd_power_on;
	pd->power_off = bct_pd_power_off;
	ret = pm_genpd_init(pd, NULL, false);
	if (ret)
		return ret;

	return of_genpd_add_provider_simple(dev->of_node, pd);
}

/*
 * Interconnect: a master port for each consumer, on a bus to memory, all
 * at the bandwidth the bootloader set ("bc-test,boot-kBps", average and
 * peak). The interconnect core keeps each node at least at it until
 * icc_sync_state().
 */

enum { BCT_ICC_LCD, BCT_ICC_MMC, BCT_ICC_DDR, BCT_ICC_NODES };

static const char * const bct_icc_names[BCT_ICC_NODES] = {
	[BCT_ICC_LCD] = "icc_lcd",
	[BCT_ICC_MMC] = "icc_mmc",
	[BCT_ICC_DDR] = "icc_ddr",
};

/* Node IDs are global: clear of the small ones of real providers. */
#define BCT_ICC_ID(i)	(0x4bd000 + (i))

struct bct_icc {
	struct icc_provider provider;
	struct icc_node *nodes[BCT_ICC_NODES];
	u32 boot_kbps[2];
};

static void bct_icc_record(struct icc_node *node)
{
	bct_record(node->name, "avg", node->avg_bw);
	bct_record(node->name, "peak", node->peak_bw);
}

static int bct_icc_set(struct icc_node *src, struct icc_node *dst)
{
	bct_icc_record(src);
	if (dst != src)
		bct_icc_record(dst);
	return 0;
}

static int bct_icc_get_bw(struct icc_node *node, u32 *avg, u32 *peak)
{
	struct bct_icc *icc = node->provider->data;

	*avg = icc->boot_kbps[0];
	*peak = icc->boot_kbps[1];
	return 0;
}

static struct icc_node *bct_icc_xlate(const struct of_phandle_args *spec,
				      void *data)
{
	struct bct_icc *icc = data;

	if (spec->args_count != 1 || spec->args[0] >= BCT_ICC_NODES)
		return ERR_PTR(-EINVAL);

	return icc->nodes[spec->args[0]];
}

static int bct_icc_add_nodes(struct bct_icc *icc)
{
	struct icc_node *node;
	int i, ret;

	for (i = 0; i < BCT_ICC_NODES; i++) {
		node = icc_node_create(BCT_ICC_ID(i));
		if (IS_ERR(node))
			return PTR_ERR(node);
		node->name = bct_icc_names[i];
		icc_node_add(node, &icc->provider);
		icc->nodes[i] = node;
	}

	for (i = BCT_ICC_LCD; i <= BCT_ICC_MMC; i++) {
		ret = icc_link_create(icc->nodes[i], BCT_ICC_ID(BCT_ICC_DDR));
		if (ret)
			return ret;
	}

	return 0;
}

static int bct_icc_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct bct_icc *icc;
	int ret;

	ret = bct_probe_verdict(dev);
	if (ret)
		return ret;

	icc = devm_kzalloc(dev, sizeof(*icc), GFP_KERNEL);
	if (!icc)
		return -ENOMEM;

	if (of_property_read_u32_array(dev->of_node, "bc-test,boot-kBps",
				       icc->boot_kbps, 2))
		return dev_err_probe(dev, -EINVAL, "no boot bandwidth\n");

	icc->provider.dev = dev;
	icc->provider.set = bct_icc_set;
	icc->provider.aggregate = icc_std_aggregate;
	icc->provider.get_bw = bct_icc_get_bw;
	icc->provider.xlate = bct_icc_xlate;
	icc->provider.data = icc;
	icc_provider_init(&icc->provider);

	ret = bct_icc_add_nodes(icc);
	if (!ret)
		ret = icc_provider_register(&icc->provider);
	if (ret)
		icc_nodes_remove(&icc->provider);

	return ret;
}

/* The interconnect drops its boot bandwidth once its consumers probed. */
static void bct_icc_sync_state(struct device *dev)
{
	bct_record(dev_name(dev), "sync", 0);
	icc_sync_state(dev);
}

/* Reset controller: one line, shared, that the bootloader deasserted. */

static int bct_rst_assert(struct reset_controller_dev *rcdev, unsigned long id)
{
	bct_record("shared_rst", "assert", 1);
	return 0;
}

static int bct_rst_deassert(struct reset_controller_dev *rcdev,
			    unsigned long id)
{
	bct_record("shared_rst", "deassert", 0);
	return 0;
}

static const struct reset_control_ops bct_rst_ops = {
	.assert = bct_rst_assert,
	.deassert = bct_rst_deassert,
};

static int bct_rst_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct reset_controller_dev *rcdev;
	int ret;

	ret = bct_probe_verdict(dev);
	if (ret)
		return ret;

	rcdev = devm_kzalloc(dev, sizeof(*rcdev), GFP_KERNEL);
	if (!rcdev)
		return -ENOMEM;

	rcdev->ops = &bct_rst_ops;
	rcdev->owner = THIS_MODULE;
	rcdev->dev = dev;
	rcdev->of_node = dev->of_node;
	rcdev->nr_resets = 1;

	return devm_reset_controller_register(dev, rcdev);
}

/*
 * Sets the clock's rate, or the range it accepts, as its driver would. A
 * strict driver, whose device needs that very rate, fails if it got another.
 */
static int bct_consumer_rate(struct device *dev, struct clk *clk, bool strict)
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
static int bct_consumer_icc(struct device *dev)
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

/*
 * Takes its reset line out of reset, as its driver would: shared, or
 * exclusively for a driver that resets its block when it likes. An idle
 * device, as an MMC controller between requests, puts its block back in
 * reset, which asserts a shared line unless another user keeps it
 * deasserted.
 */
static int bct_consumer_reset(struct device *dev, bool idle, bool exclusive)
{
	struct reset_control *rstc;
	int ret;

	if (!of_property_present(dev->of_node, "resets") &&
	    !of_property_present(dev->of_node, "reset-gpios"))
		return 0;

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
static int bct_consumer_supply(struct device *dev, const char *name,
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
			bct_record(dev_name(dev), "voltage-refused", ret);
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
static int bct_consumer_simple(struct device *dev, struct clk *clk)
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

static bool bct_param_listed(const char *list, struct device *dev)
{
	bool listed;

	mutex_lock(&bct_param_lock);
	listed = bct_listed(list, dev_name(dev));
	mutex_unlock(&bct_param_lock);

	return listed;
}

static int bct_consumer_take(struct device *dev)
{
	bool idle = of_property_read_bool(dev->of_node, "bc-test,idle");
	bool exclusive = of_property_read_bool(dev->of_node, "bc-test,exclusive");
	const char *supply;
	struct clk *clk;
	int ret;

	clk = devm_clk_get(dev, NULL);
	if (IS_ERR(clk))
		return dev_err_probe(dev, PTR_ERR(clk), "no clock\n");

	if (bct_param_listed(bct_simple, dev))
		return bct_consumer_simple(dev, clk);

	ret = clk_prepare_enable(clk);
	if (ret)
		return ret;
	ret = bct_consumer_rate(dev, clk, exclusive);
	if (ret)
		return dev_err_probe(dev, ret, "clock rate not set\n");
	if (idle)
		clk_disable_unprepare(clk);

	if (!of_property_read_string(dev->of_node, "bc-test,supply", &supply)) {
		ret = bct_consumer_supply(dev, supply, idle, exclusive);
		if (ret)
			return dev_err_probe(dev, ret, "no supply\n");
	}

	ret = bct_consumer_icc(dev);
	if (ret)
		return dev_err_probe(dev, ret, "no bandwidth\n");

	ret = bct_consumer_reset(dev, idle, exclusive);
	if (ret)
		return dev_err_probe(dev, ret, "no reset\n");

	return 0;
}

static int bct_consumer_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	int ret;

	ret = bct_probe_verdict(dev);
	if (ret)
		return ret;

	bct_ask_begin(dev);
	ret = bct_consumer_take(dev);
	bct_ask_end();

	return ret;
}

/*
 * A first driver matching the consumers, which declines the devices of
 * bc_test.decline= (and any other: it drives none of them), as a driver
 * declines a variant of its hardware it does not support: the driver core
 * then tries the next matching driver.
 */
static int bct_decline_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;

	if (bct_param_listed(bct_decline, dev))
		bct_record(dev_name(dev), "declined", -ENODEV);

	return -ENODEV;
}

/* A bus whose probe creates the devices of its children. */
static int bct_bus_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	int ret;

	ret = bct_probe_verdict(dev);
	if (ret)
		return ret;

	return devm_of_platform_populate(dev);
}

static const struct of_device_id bct_clk_match[] = {
	{ .compatible = "bc-test,clock-controller" },
	{ }
};

static const struct of_device_id bct_reg_match[] = {
	{ .compatible = "bc-test,regulator" },
	{ }
};

static const struct of_device_id bct_pd_match[] = {
	{ .compatible = "bc-test,power-controller" },
	{ }
};

static const struct of_device_id bct_icc_match[] = {
	{ .compatible = "bc-test,interconnect" },
	{ }
};

static const struct of_device_id bct_rst_match[] = {
	{ .compatible = "bc-test,reset-controller" },
	{ }
};

static const struct of_device_id bct_consumer_match[] = {
	{ .compatible = "bc-test,consumer" },
	{ }
};

static const struct of_device_id bct_bus_match[] = {
	{ .compatible = "bc-test,bus" },
	{ }
};

/* Registered before the consumer driver, so tried first. */
static struct platform_driver bct_decline_driver = {
	.probe = bct_decline_probe,
	.driver = {
		.name = "bc-test-decline",
		.of_match_table = bct_consumer_match,
	},
};

static struct platform_driver bct_drivers[] = {
	{
		.probe = bct_clk_probe,
		.driver = { .name = "bc-test-clk", .of_match_table = bct_clk_match },
	}, {
		.probe = bct_reg_probe,
		.driver = { .name = "bc-test-reg", .of_match_table = bct_reg_match },
	}, {
		.probe = bct_pd_probe,
		.driver = { .name = "bc-test-pd", .of_match_table = bct_pd_match },
	}, {
		.probe = bct_icc_probe,
		.driver = {
			.name = "bc-test-icc",
			.of_match_table = bct_icc_match,
			.sync_state = bct_icc_sync_state,
			/* The provider has no remove: the core keeps its nodes. */
			.suppress_bind_attrs = true,
		},
	}, {
		.probe = bct_rst_probe,
		.driver = { .name = "bc-test-rst", .of_match_table = bct_rst_match },
	}, {
		.probe = bct_consumer_probe,
		.driver = {
			.name = "bc-test-consumer",
			.of_match_table = bct_consumer_match,
			.suppress_bind_attrs = true,
		},
	}, {
		.probe = bct_bus_probe,
		.driver = {
			.name = "bc-test-bus",
			.of_match_table = bct_bus_match,
			.suppress_bind_attrs = true,
		},
	},
};

/* The board: what its bootloader leaves running for the display. */

/* The panel takes a pixel clock of 74.25 MHz, give or take 0.25 MHz. */
static const struct dev_boot_constraint_clk_info bct_lcd_clk = {
	.name = "pixel",
	.rate_min = 74000000,
	.rate_max = 75000000,
};

static const struct dev_boot_constraint_supply_info bct_lcd_supply = {
	.name = "vdd",
	.u_volt_min = 3300000,
	.u_volt_max = 3300000,
};

static const struct dev_boot_constraint bct_lcd_constraints[] = {
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bct_lcd_clk },
	{ .type = DEV_BOOT_CONSTRAINT_SUPPLY, .data = &bct_lcd_supply },
	{ .type = DEV_BOOT_CONSTRAINT_PM },
};

/* Its scan-out's bandwidth to memory, and its block out of reset. */
static const struct dev_boot_constraint_icc_info bct_lcd_icc = {
	.avg_bw = 800000,
	.peak_bw = 1600000,
};

static const struct dev_boot_constraint bct_lcd_bus_constraints[] = {
	{ .type = DEV_BOOT_CONSTRAINT_ICC, .data = &bct_lcd_icc },
	{ .type = DEV_BOOT_CONSTRAINT_RESET },
};

static const char * const bct_lcd_names[] = { "lcd" };

/*
 * The DSI controller of tests/scenarios/dsi.dtsi, which the bootloader left
 * running at 100 MHz and 1.8 V, out of reset: its driver sets the clock
 * rate and the voltage it wants, and takes its reset line exclusively.
 */
static const struct dev_boot_constraint_clk_info bct_dsi_clk = {
	.name = "core",
	.rate_min = 99000000,
	.rate_max = 101000000,
};

static const struct dev_boot_constraint_supply_info bct_dsi_supply = {
	.name = "vdd",
	.u_volt_min = 1800000,
	.u_volt_max = 1800000,
};

static const struct dev_boot_constraint bct_dsi_constraints[] = {
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bct_dsi_clk },
	{ .type = DEV_BOOT_CONSTRAINT_SUPPLY, .data = &bct_dsi_supply },
	{ .type = DEV_BOOT_CONSTRAINT_RESET },
};

static const char * const bct_dsi_names[] = { "dsi" };

static const struct dev_boot_constraint_of bct_board[] = {
	{
		.compat = "bc-test,consumer",
		.constraints = bct_lcd_constraints,
		.count = ARRAY_SIZE(bct_lcd_constraints),
		.dev_names = bct_lcd_names,
		.dev_names_count = ARRAY_SIZE(bct_lcd_names),
	}, {
		.compat = "bc-test,consumer",
		.constraints = bct_lcd_bus_constraints,
		.count = ARRAY_SIZE(bct_lcd_bus_constraints),
		.dev_names = bct_lcd_names,
		.dev_names_count = ARRAY_SIZE(bct_lcd_names),
	}, {
		.compat = "bc-test,consumer",
		.constraints = bct_dsi_constraints,
		.count = ARRAY_SIZE(bct_dsi_constraints),
		.dev_names = bct_dsi_names,
		.dev_names_count = ARRAY_SIZE(bct_dsi_names),
	},
};

static int bct_ops_show(struct seq_file *s, void *unused)
{
	unsigned int i;

	spin_lock_irq(&bct_lock);
	for (i = 0; i < bct_nr; i++)
		seq_printf(s, "%llu %s %s %d %s\n", bct_log[i].ns,
			   bct_log[i].res, bct_log[i].op, bct_log[i].value,
			   bct_log[i].by);
	spin_unlock_irq(&bct_lock);

	return 0;
}
DEFINE_SHOW_ATTRIBUTE(bct_ops);

/* A new list of devices held back; a trailing newline is dropped. */
static ssize_t bct_hold_write(struct file *file, const char __user *buf,
			      size_t count, loff_t *ppos)
{
	char list[sizeof(bct_hold)];

	if (count >= sizeof(list))
		return -EINVAL;
	if (copy_from_user(list, buf, count))
		return -EFAULT;
	list[count] = '\0';

	mutex_lock(&bct_param_lock);
	strscpy(bct_hold, strim(list), sizeof(bct_hold));
	mutex_unlock(&bct_param_lock);

	return count;
}

static const struct file_operations bct_hold_fops = {
	.write = bct_hold_write,
};

static int __init bct_hold_param(char *arg)
{
	strscpy(bct_hold, arg, sizeof(bct_hold));
	return 0;
}
early_param("bc_test.hold", bct_hold_param);

static int __init bct_defer_param(char *arg)
{
	strscpy(bct_defer, arg, sizeof(bct_defer));
	return 0;
}
early_param("bc_test.defer", bct_defer_param);

static int __init bct_fail_param(char *arg)
{
	strscpy(bct_fail, arg, sizeof(bct_fail));
	return 0;
}
early_param("bc_test.fail", bct_fail_param);

static int __init bct_simple_param(char *arg)
{
	strscpy(bct_simple, arg, sizeof(bct_simple));
	return 0;
}
early_param("bc_test.simple", bct_simple_param);

static int __init bct_decline_param(char *arg)
{
	strscpy(bct_decline, arg, sizeof(bct_decline));
	return 0;
}
early_param("bc_test.decline", bct_decline_param);

static int __init bct_no_table_param(char *arg)
{
	bct_no_table = true;
	return 0;
}
early_param("bc_test.no_table", bct_no_table_param);

/* Before of_platform_populate(), as a board's constraints would be. */
static int __init bct_board_init(void)
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
	debugfs_create_file("ops", 0444, dir, NULL, &bct_ops_fops);
	debugfs_create_file("hold", 0200, dir, NULL, &bct_hold_fops);

	if (!bct_no_table) {
		ret = dev_boot_constraint_add_deferrable_of(bct_board,
							    ARRAY_SIZE(bct_board));
		if (ret)
			pr_err("board constraints not added: %d\n", ret);
	}

	if (bct_decline[0]) {
		ret = platform_driver_register(&bct_decline_driver);
		if (ret)
			return ret;
	}

	for (i = 0; i < ARRAY_SIZE(bct_drivers); i++) {
		ret = platform_driver_register(&bct_drivers[i]);
		if (ret)
			return ret;
	}

	return 0;
}
arch_initcall(bct_board_init);
