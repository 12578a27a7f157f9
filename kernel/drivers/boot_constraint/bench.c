// SPDX-License-Identifier: GPL-2.0
/*
 * Boot-time benchmark of deferrable boot constraints.
 *
 * A generated device tree has many "bc-bench,device" nodes, and among them
 * "bc-bench,display" nodes whose "pixel" clock comes from a
 * "bc-bench,clock-controller". One consumer driver binds them all at
 * device_initcall; the clock controllers' driver is registered late, at
 * device_initcall_sync, so the displays' constraints are pending while
 * every other device is bound.
 *
 * The displays' constraints are added before any of the devices probes, in
 * one of two ways:
 * - as a board does, with dev_boot_constraint_add_deferrable_of() at
 *   arch_initcall, before the devices are created: pending from their
 *   creation, retried when a clock controller binds;
 * - with bc_bench.seed_deferral=1, as the 2017 series did, to compare: at
 *   subsys_initcall, once the devices exist, a platform device per
 *   constraint, whose driver adds the constraint and defers its probe while
 *   the clock is missing, and enables deferred probing at its first
 *   deferral, so that each bind retries every deferred device.
 * boot_constraints=off boots without constraints.
 *
 * debugfs bc_bench/stats gives the probe calls and -EPROBE_DEFER returns of
 * each of these drivers, how many displays found their clock held when they
 * probed, how many of the seed way's constraints came after their display
 * had probed, and, with bc_bench.time_hooks=1, what the driver core's boot
 * constraint hooks cost a device without constraints while the displays'
 * constraints are pending, each hook alone and the three together, and
 * where a constraint's time goes (see struct bcb_phase).
 */

#define pr_fmt(fmt) "bc_bench: " fmt

#include <linux/atomic.h>
#include <linux/boot_constraint.h>
#include <linux/clk.h>
#include <linux/clk-provider.h>
#include <linux/debugfs.h>
#include <linux/device/driver.h>
#include <linux/init.h>
#include <linux/kstrtox.h>
#include <linux/sched/clock.h>
#include <linux/limits.h>
#include <linux/math64.h>
#include <linux/notifier.h>
#include <linux/mod_devicetable.h>
#include <linux/of.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "core.h"

/* Hook calls timed, over devices without constraints. */
#define BCB_HOOK_LOOPS	1000

static bool bcb_seed_deferral;
static bool bcb_time_hooks_param;

static int __init bcb_seed_deferral_param(char *arg)
{
	return kstrtobool(arg ?: "1", &bcb_seed_deferral);
}
early_param("bc_bench.seed_deferral", bcb_seed_deferral_param);

/* Timing the hooks takes time: a boot that does is not timed itself. */
static int __init bcb_time_hooks_setup(char *arg)
{
	return kstrtobool(arg ?: "1", &bcb_time_hooks_param);
}
early_param("bc_bench.time_hooks", bcb_time_hooks_setup);

/*
 * Pads the command line, which QEMU writes into the device tree's /chosen:
 * its length moves every node and property name after it, and where they
 * fall changes what the string functions cost over the whole boot (by
 * about 1%, more than the constraints' own cost). The benchmark gives its
 * three ways command lines of one length, so that they boot one layout.
 */
static int __init bcb_pad_param(char *arg)
{
	return 0;
}
early_param("bc_bench.pad", bcb_pad_param);

/**
 * struct bcb_counter - Calls of a driver's probe.
 *
 * @probes: calls of its probe.
 * @defers: of those, the ones that returned -EPROBE_DEFER.
 */
struct bcb_counter {
	atomic_t probes;
	atomic_t defers;
};

static struct bcb_counter bcb_devices, bcb_displays, bcb_providers, bcb_seeds;
static atomic_t bcb_held_at_probe;
static atomic_t bcb_seed_late;
static u64 bcb_hook_ns;

/*
 * Where the time of a constraint goes, measured from outside the core in
 * the boot that times the hooks (bc_bench.time_hooks=1, on one CPU, whose
 * own time is not counted): each phase of a device's life that a
 * constraint adds to, between the bus notifications the driver core sends
 * and the bench drivers' own probes, summed over the displays, and over
 * the devices without constraints. Against the same boot with constraints
 * off, a display's phase gives what its constraint costs there, and a
 * device's what the constraints cost devices without any.
 *
 * @BCB_ADD_OF: dev_boot_constraint_add_deferrable_of() of the board, once:
 *	the scan of the tree for the displays' compatible, waiters recorded.
 * @BCB_CREATE: BUS_NOTIFY_ADD_DEVICE, all of its notifiers: for a display,
 *	the constraint added to its new device and tried once.
 * @BCB_BEFORE: BUS_NOTIFY_BIND_DRIVER to the driver's probe: for a display,
 *	the handover (dev_boot_constraints_probe_start()).
 * @BCB_AFTER: the driver's probe to BUS_NOTIFY_BOUND_DRIVER: for a display,
 *	the release (dev_boot_constraints_probe_end()).
 * @BCB_BIND: a clock controller's probe to BUS_NOTIFY_BOUND_DRIVER: the
 *	constraints it provides, applied (dev_boot_constraints_device_bound()).
 * @BCB_CLK_GET_MISSING: clk_get() of a display's clock while its provider
 *	is missing, once per display: what an attempt that fails costs in the
 *	clock framework.
 * @BCB_PHASES: number of phases.
 */
enum bcb_phase {
	BCB_ADD_OF,
	BCB_CREATE,
	BCB_BEFORE,
	BCB_AFTER,
	BCB_BIND,
	BCB_CLK_GET_MISSING,
	BCB_PHASES,
};

static const char * const bcb_phase_names[BCB_PHASES] = {
	[BCB_ADD_OF] = "add_of",
	[BCB_CREATE] = "create",
	[BCB_BEFORE] = "before_probe",
	[BCB_AFTER] = "after_probe",
	[BCB_BIND] = "provider_bind",
	[BCB_CLK_GET_MISSING] = "clk_get_missing",
};

/**
 * struct bcb_time - Time summed over the calls of a phase.
 *
 * @ns: the time.
 * @calls: how many times it was measured.
 */
struct bcb_time {
	u64 ns;
	unsigned int calls;
};

/* Per phase: [0] the devices without constraints, [1] the displays. */
static struct bcb_time bcb_phase_time[BCB_PHASES][2];
/*
 * Start of the phase in progress: one CPU, one probe at a time. Times are
 * local_clock()'s: timekeeping counts jiffies until fs_initcall, and the
 * devices are created before.
 */
static u64 bcb_mark;

static void bcb_mark_now(void)
{
	if (bcb_time_hooks_param)
		bcb_mark = local_clock();
}

static void bcb_account(enum bcb_phase phase, bool display)
{
	struct bcb_time *t = &bcb_phase_time[phase][display];

	if (!bcb_time_hooks_param)
		return;

	t->ns += local_clock() - bcb_mark;
	t->calls++;
}

static bool bcb_board_has(const char *compat)
{
	struct device_node *np;

	np = of_find_compatible_node(NULL, NULL, compat);
	of_node_put(np);

	return np;
}

static int bcb_count(struct bcb_counter *counter, int ret)
{
	atomic_inc(&counter->probes);
	if (ret == -EPROBE_DEFER)
		atomic_inc(&counter->defers);

	return ret;
}

/* The clock controllers: "bc-bench,clocks" gates each, registered late. */

static const struct clk_ops bcb_gate_ops = { };

static int bcb_provider_setup(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct clk_init_data init = { .ops = &bcb_gate_ops };
	struct clk_hw_onecell_data *data;
	struct clk_hw *gates;
	u32 i, n;
	int ret;

	if (of_property_read_u32(dev->of_node, "bc-bench,clocks", &n) || !n)
		return dev_err_probe(dev, -EINVAL, "no bc-bench,clocks\n");

	data = devm_kzalloc(dev, struct_size(data, hws, n), GFP_KERNEL);
	gates = devm_kcalloc(dev, n, sizeof(*gates), GFP_KERNEL);
	if (!data || !gates)
		return -ENOMEM;

	data->num = n;
	for (i = 0; i < n; i++) {
		init.name = devm_kasprintf(dev, GFP_KERNEL, "%s.%u",
					   dev_name(dev), i);
		if (!init.name)
			return -ENOMEM;
		gates[i].init = &init;
		ret = devm_clk_hw_register(dev, &gates[i]);
		if (ret)
			return ret;
		data->hws[i] = &gates[i];
	}

	return devm_of_clk_add_hw_provider(dev, of_clk_hw_onecell_get, data);
}

static int bcb_provider_probe(struct platform_device *pdev)
{
	int ret;

	ret = bcb_count(&bcb_providers, bcb_provider_setup(pdev));
	bcb_mark_now();

	return ret;
}

/* The consumers: displays take their clock, as their driver would. */

static void bcb_clk_disable(void *clk)
{
	clk_disable_unprepare(clk);
}

static int bcb_display_setup(struct device *dev)
{
	struct clk *clk;
	int ret;

	clk = devm_clk_get(dev, "pixel");
	if (IS_ERR(clk))
		return dev_err_probe(dev, PTR_ERR(clk), "no pixel clock\n");

	/* Held by its constraint, or by no one yet. */
	if (__clk_get_enable_count(clk))
		atomic_inc(&bcb_held_at_probe);

	ret = clk_prepare_enable(clk);
	if (ret)
		return ret;

	return devm_add_action_or_reset(dev, bcb_clk_disable, clk);
}

static bool bcb_is_display(struct device *dev)
{
	return of_device_is_compatible(dev->of_node, "bc-bench,display");
}

static int bcb_consumer_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	int ret;

	bcb_account(BCB_BEFORE, bcb_is_display(dev));
	if (!bcb_is_display(dev))
		ret = bcb_count(&bcb_devices, 0);
	else
		ret = bcb_count(&bcb_displays, bcb_display_setup(dev));
	bcb_mark_now();

	return ret;
}

static const struct of_device_id bcb_provider_match[] = {
	{ .compatible = "bc-bench,clock-controller" },
	{ }
};

static const struct of_device_id bcb_consumer_match[] = {
	{ .compatible = "bc-bench,device" },
	{ .compatible = "bc-bench,display" },
	{ }
};

static struct platform_driver bcb_provider_driver = {
	.probe = bcb_provider_probe,
	.driver = {
		.name = "bc-bench-clk",
		.of_match_table = bcb_provider_match,
		.suppress_bind_attrs = true,
	},
};

static struct platform_driver bcb_consumer_driver = {
	.probe = bcb_consumer_probe,
	.driver = {
		.name = "bc-bench-consumer",
		.of_match_table = bcb_consumer_match,
		.suppress_bind_attrs = true,
	},
};

/* The displays' constraint: their pixel clock. */

static const struct dev_boot_constraint_clk_info bcb_pixel = {
	.name = "pixel",
};

static const struct dev_boot_constraint bcb_display_constraints[] = {
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bcb_pixel },
};

static const struct dev_boot_constraint_of bcb_board[] = {
	{
		.compat = "bc-bench,display",
		.constraints = bcb_display_constraints,
		.count = ARRAY_SIZE(bcb_display_constraints),
	},
};

/*
 * The 2017 series' way, for comparison: one platform device per constraint,
 * whose probe adds it or defers, and unregistered once it is released.
 */

/**
 * struct bcb_seed - A constraint added the 2017 series' way.
 *
 * @dev: the constrained device, with a reference held.
 * @pdev: the platform device whose probe adds the constraint.
 */
struct bcb_seed {
	struct device *dev;
	struct platform_device *pdev;
};

static void bcb_seed_free(struct bcb_seed *seed)
{
	put_device(seed->dev);
	kfree(seed);
}

static void bcb_seed_released(void *data)
{
	struct bcb_seed *seed = data;

	platform_device_unregister(seed->pdev);
	bcb_seed_free(seed);
}

static int bcb_seed_add(struct bcb_seed *seed)
{
	struct dev_boot_constraint_info info = {
		.constraint = bcb_display_constraints[0],
		.free_resources = bcb_seed_released,
		.free_resources_data = seed,
	};
	int ret;

	ret = dev_boot_constraint_add(seed->dev, &info);
	if (ret == -EPROBE_DEFER)
		driver_deferred_probe_enable_early();
	else if (ret)
		atomic_inc(&bcb_seed_late);

	return ret;
}

static int bcb_seed_probe(struct platform_device *pdev)
{
	struct bcb_seed **seed = dev_get_platdata(&pdev->dev);

	return bcb_count(&bcb_seeds, bcb_seed_add(*seed));
}

static struct platform_driver bcb_seed_driver = {
	.probe = bcb_seed_probe,
	.driver = {
		.name = "bc-bench-seed",
		.suppress_bind_attrs = true,
	},
};

/* Adds the constraint of a display; called for every platform device. */
static int bcb_seed_add_dev(struct device *dev, void *unused)
{
	struct bcb_seed *seed;
	int ret;

	if (!of_device_is_compatible(dev->of_node, "bc-bench,display"))
		return 0;

	seed = kzalloc(sizeof(*seed), GFP_KERNEL);
	if (!seed)
		return -ENOMEM;

	seed->dev = get_device(dev);
	seed->pdev = platform_device_alloc("bc-bench-seed", PLATFORM_DEVID_AUTO);
	if (!seed->pdev) {
		bcb_seed_free(seed);
		return -ENOMEM;
	}

	/* Probed at once: the driver is registered. */
	ret = platform_device_add_data(seed->pdev, &seed, sizeof(seed));
	if (!ret)
		ret = platform_device_add(seed->pdev);
	if (ret) {
		platform_device_put(seed->pdev);
		bcb_seed_free(seed);
	}

	return ret;
}

static bool bcb_seed_way(void)
{
	return bcb_seed_deferral && !boot_constraints_disabled() &&
	       bcb_board_has("bc-bench,display");
}

/* The 2017 way: after of_platform_populate(), before any display probes. */
static int __init bcb_seed_init(void)
{
	int ret;

	if (!bcb_seed_way())
		return 0;

	ret = platform_driver_register(&bcb_seed_driver);
	if (!ret)
		ret = bus_for_each_dev(&platform_bus_type, NULL, NULL,
				       bcb_seed_add_dev);
	if (ret)
		pr_err("constraints not added the 2017 way: %d\n", ret);

	return 0;
}
subsys_initcall(bcb_seed_init);

/*
 * The phases between bus notifications: the first of the platform bus's
 * notifiers starts them, the last one ends them.
 */
static int bcb_bus_first(struct notifier_block *nb, unsigned long action,
			 void *data)
{
	if (action == BUS_NOTIFY_ADD_DEVICE || action == BUS_NOTIFY_BIND_DRIVER)
		bcb_mark_now();

	return NOTIFY_DONE;
}

static int bcb_bus_last(struct notifier_block *nb, unsigned long action,
			void *data)
{
	struct device *dev = data;

	if (!of_device_is_compatible(dev->of_node, "bc-bench,device") &&
	    !bcb_is_display(dev)) {
		if (action == BUS_NOTIFY_BOUND_DRIVER &&
		    of_device_is_compatible(dev->of_node, "bc-bench,clock-controller"))
			bcb_account(BCB_BIND, true);
		return NOTIFY_DONE;
	}

	if (action == BUS_NOTIFY_ADD_DEVICE)
		bcb_account(BCB_CREATE, bcb_is_display(dev));
	else if (action == BUS_NOTIFY_BOUND_DRIVER)
		bcb_account(BCB_AFTER, bcb_is_display(dev));

	return NOTIFY_DONE;
}

static struct notifier_block bcb_bus_first_nb = {
	.notifier_call = bcb_bus_first,
	.priority = INT_MAX,
};

static struct notifier_block bcb_bus_last_nb = {
	.notifier_call = bcb_bus_last,
	.priority = INT_MIN,
};

/* As a board declares them: before the devices are created. */
static int __init bcb_board_init(void)
{
	int ret;

	if (!bcb_board_has("bc-bench,display"))
		return 0;

	if (bcb_time_hooks_param &&
	    (bus_register_notifier(&platform_bus_type, &bcb_bus_first_nb) ||
	     bus_register_notifier(&platform_bus_type, &bcb_bus_last_nb)))
		pr_err("phases not timed\n");

	if (bcb_seed_way())
		return 0;

	bcb_mark_now();
	ret = dev_boot_constraint_add_deferrable_of(bcb_board,
						    ARRAY_SIZE(bcb_board));
	bcb_account(BCB_ADD_OF, true);
	if (ret)
		pr_err("constraints not added: %d\n", ret);

	return 0;
}
arch_initcall(bcb_board_init);

static int __init bcb_consumers_init(void)
{
	if (!bcb_board_has("bc-bench,device"))
		return 0;

	return platform_driver_register(&bcb_consumer_driver);
}
device_initcall(bcb_consumers_init);

/*
 * What the driver core's hooks (before probe, after probe, at bind) cost a
 * device without constraints, with the displays' constraints pending: each
 * alone, and the three in a row as a probe calls them.
 */
enum bcb_hook {
	BCB_HOOK_START,
	BCB_HOOK_END,
	BCB_HOOK_BOUND,
	BCB_HOOKS,
};

static const char * const bcb_hook_names[BCB_HOOKS] = {
	[BCB_HOOK_START] = "probe_start",
	[BCB_HOOK_END] = "probe_end",
	[BCB_HOOK_BOUND] = "device_bound",
};

static u64 bcb_each_hook_ns[BCB_HOOKS];

/* Devices without constraints, each timed in turn; freed once timed. */
static struct device **bcb_plain;
static unsigned int bcb_nr_plain;

static int bcb_add_plain(struct device *dev, void *unused)
{
	if (bcb_nr_plain < BCB_HOOK_LOOPS &&
	    of_device_is_compatible(dev->of_node, "bc-bench,device"))
		bcb_plain[bcb_nr_plain++] = get_device(dev);

	return 0;
}

static u64 bcb_time_hook(enum bcb_hook hook)
{
	struct device *dev;
	unsigned int i;
	u64 start;

	start = local_clock();
	for (i = 0; i < BCB_HOOK_LOOPS; i++) {
		dev = bcb_plain[i % bcb_nr_plain];
		switch (hook) {
		case BCB_HOOK_START:
			dev_boot_constraints_probe_start(dev);
			break;
		case BCB_HOOK_END:
			dev_boot_constraints_probe_end(dev, 0);
			break;
		case BCB_HOOK_BOUND:
			dev_boot_constraints_device_bound(dev);
			break;
		default:
			dev_boot_constraints_probe_start(dev);
			dev_boot_constraints_probe_end(dev, 0);
			dev_boot_constraints_device_bound(dev);
			break;
		}
	}

	return div_u64(local_clock() - start, BCB_HOOK_LOOPS);
}

/*
 * Over up to BCB_HOOK_LOOPS different devices, so that where each falls in
 * the core's tables averages out.
 */
static void bcb_time_hooks(void)
{
	unsigned int i;

	bcb_plain = kcalloc(BCB_HOOK_LOOPS, sizeof(*bcb_plain), GFP_KERNEL);
	if (!bcb_plain)
		return;

	bus_for_each_dev(&platform_bus_type, NULL, NULL, bcb_add_plain);
	if (bcb_nr_plain) {
		for (i = 0; i < BCB_HOOKS; i++)
			bcb_each_hook_ns[i] = bcb_time_hook(i);
		bcb_hook_ns = bcb_time_hook(BCB_HOOKS);
	}

	for (i = 0; i < bcb_nr_plain; i++)
		put_device(bcb_plain[i]);
	kfree(bcb_plain);
}

/* What clk_get() costs a display whose clock controller is not bound. */
static int bcb_time_clk_get(struct device *dev, void *unused)
{
	struct clk *clk;

	if (!bcb_is_display(dev))
		return 0;

	bcb_mark_now();
	clk = clk_get(dev, "pixel");
	bcb_account(BCB_CLK_GET_MISSING, true);
	if (!IS_ERR(clk))
		clk_put(clk);

	return 0;
}

static int bcb_stats_show(struct seq_file *s, void *unused)
{
	static const struct {
		const char *name;
		struct bcb_counter *counter;
	} drivers[] = {
		{ "device", &bcb_devices },
		{ "display", &bcb_displays },
		{ "provider", &bcb_providers },
		{ "seed", &bcb_seeds },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(drivers); i++)
		seq_printf(s, "%s_probes %d\n%s_defers %d\n",
			   drivers[i].name, atomic_read(&drivers[i].counter->probes),
			   drivers[i].name, atomic_read(&drivers[i].counter->defers));
	seq_printf(s, "held_at_probe %d\nseed_late %d\nhook_ns %llu\n",
		   atomic_read(&bcb_held_at_probe), atomic_read(&bcb_seed_late),
		   bcb_hook_ns);
	for (i = 0; i < BCB_HOOKS; i++)
		seq_printf(s, "hook_%s_ns %llu\n", bcb_hook_names[i],
			   bcb_each_hook_ns[i]);
	for (i = 0; i < BCB_PHASES; i++)
		seq_printf(s, "%s_device_ns %llu\n%s_device_calls %u\n"
			   "%s_display_ns %llu\n%s_display_calls %u\n",
			   bcb_phase_names[i], bcb_phase_time[i][0].ns,
			   bcb_phase_names[i], bcb_phase_time[i][0].calls,
			   bcb_phase_names[i], bcb_phase_time[i][1].ns,
			   bcb_phase_names[i], bcb_phase_time[i][1].calls);

	return 0;
}
DEFINE_SHOW_ATTRIBUTE(bcb_stats);

/* After every device of the board has been bound but the displays. */
static int __init bcb_providers_init(void)
{
	struct dentry *dir;

	if (!bcb_board_has("bc-bench,clock-controller"))
		return 0;

	if (bcb_time_hooks_param) {
		bcb_time_hooks();
		bus_for_each_dev(&platform_bus_type, NULL, NULL,
				 bcb_time_clk_get);
	}
	dir = debugfs_create_dir("bc_bench", NULL);
	debugfs_create_file("stats", 0444, dir, NULL, &bcb_stats_fops);

	return platform_driver_register(&bcb_provider_driver);
}
device_initcall_sync(bcb_providers_init);
