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
 * The tree of the automatic workload has no display and no table: every
 * device is a "bc-bench,auto-device" that names a clock of the clock
 * controllers, some on at boot ("bc-bench,on-clocks") and most off, and
 * some also a "vdd" supply of a "bc-bench,regulator" and a power domain of
 * a "bc-bench,power-domain", each on or off at boot ("bc-bench,on"), all
 * registered late with the clock controllers. With boot_constraints=auto
 * the core holds, for each device, what is on and frees the constraints of
 * what is off; each device's driver takes its clock and its supply, as a
 * real driver would.
 *
 * debugfs bc_bench/stats gives the probe calls and -EPROBE_DEFER returns of
 * each of these drivers, how many displays found their clock held when they
 * probed, how many of the seed way's constraints came after their display
 * had probed, and, with bc_bench.time_hooks=1, what the driver core's boot
 * constraint hooks cost a device without constraints while the displays'
 * constraints are pending, each hook alone and the three together, and
 * where a constraint's time goes (see struct bc_test_bench_phase); once no
 * constraint is left (bc_bench/time_hooks_after), the hooks again, the
 * hook of a device's add over the tree's devices, and what adding and
 * probing a new device of the tree's costs then (the median of
 * BC_TEST_BENCH_ADD_LOOPS devices, each added to the platform bus and bound
 * by the bench's driver, then removed): as with boot_constraints=off.
 */

#define pr_fmt(fmt) "bc_bench: " fmt

#include <linux/atomic.h>
#include <linux/boot_constraint.h>
#include <linux/boot_constraint_bench.h>
#include <linux/clk.h>
#include <linux/clk-provider.h>
#include <linux/debugfs.h>
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
#include <linux/regulator/consumer.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/sprintf.h>
#include <linux/string.h>

#include "../core.h"
#include "../debugfs.h"
#include "../tests/fakes.h"

/* Hook calls timed, over devices without constraints. */
#define BC_TEST_BENCH_HOOK_LOOPS	1000
/* Devices added and probed once no constraint is left, timed */
#define BC_TEST_BENCH_ADD_LOOPS		100

static bool bc_test_bench_seed_deferral;
static bool bc_test_bench_time_hooks_param;

static int __init bc_test_bench_seed_deferral_param(char *arg)
{
	return kstrtobool(arg ?: "1", &bc_test_bench_seed_deferral);
}
early_param("bc_bench.seed_deferral", bc_test_bench_seed_deferral_param);

/* Timing the hooks takes time: a boot that does is not timed itself. */
static int __init bc_test_bench_time_hooks_setup(char *arg)
{
	return kstrtobool(arg ?: "1", &bc_test_bench_time_hooks_param);
}
early_param("bc_bench.time_hooks", bc_test_bench_time_hooks_setup);

/*
 * Pads the command line, which QEMU writes into the device tree's /chosen:
 * its length moves every node and property name after it, and where they
 * fall changes what the string functions cost over the whole boot (by
 * about 1%, more than the constraints' own cost). The benchmark gives its
 * three ways command lines of one length, so that they boot one layout.
 */
static int __init bc_test_bench_pad_param(char *arg)
{
	return 0;
}
early_param("bc_bench.pad", bc_test_bench_pad_param);

/**
 * struct bc_test_bench_counter - Calls of a driver's probe.
 *
 * @probes: calls of its probe.
 * @defers: of those, the ones that returned -EPROBE_DEFER.
 */
struct bc_test_bench_counter {
	atomic_t probes;
	atomic_t defers;
};

static struct bc_test_bench_counter bc_test_bench_devices, bc_test_bench_displays;
static struct bc_test_bench_counter bc_test_bench_providers, bc_test_bench_seeds;
static struct bc_test_bench_counter bc_test_bench_autos, bc_test_bench_regulators;
static struct bc_test_bench_counter bc_test_bench_domains;
static atomic_t bc_test_bench_held_at_probe;
/* The automatic workload: clocks on at boot, and found held at probe */
static atomic_t bc_test_bench_clocks_on, bc_test_bench_auto_held_at_probe;
/*
 * The core's stats ("bytes", "constraints") when the first device of the
 * automatic workload probes: every provider is bound, what was on is held
 * and what was off is freed, and nothing has been released yet.
 */
static unsigned long bc_test_bench_held_bytes, bc_test_bench_held_constraints;
static bool bc_test_bench_held_seen;
/* The tree is the automatic workload's */
static bool bc_test_bench_auto_tree;
static atomic_t bc_test_bench_seed_late;
/* The three hooks in a row: while constraints are pending, once none is left */
static u64 bc_test_bench_hook_ns, bc_test_bench_after_hook_ns;
/*
 * A device's add and probe once none is left, and of these what the bus
 * notifiers and the driver core's hooks take (bc_test_bench_added_ns).
 */
static u64 bc_test_bench_after_add_ns, bc_test_bench_after_add_hooks_ns;
/*
 * The driver core's hook of a device's add once none is left, a call of
 * boot_constraints_device_added() over the tree's devices: patched out
 * by the static key, as with boot_constraints=off.
 */
static u64 bc_test_bench_after_added_ns;
static bool bc_test_bench_adding;

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
 * @BC_TEST_BENCH_ADD_OF: dev_boot_constraint_add_deferrable_of() of the board, once:
 *	the scan of the tree for the displays' compatible, waiters recorded.
 * @BC_TEST_BENCH_CREATE: BUS_NOTIFY_ADD_DEVICE, all of its notifiers, and the boot
 *	constraint core's hook after them: for a display, the constraint added
 *	to its new device and tried once.
 * @BC_TEST_BENCH_BEFORE: BUS_NOTIFY_BIND_DRIVER to the driver's probe: for a display,
 *	the handover (boot_constraints_probe_start()).
 * @BC_TEST_BENCH_AFTER: the driver's probe to BUS_NOTIFY_BOUND_DRIVER: for a display,
 *	the release (boot_constraints_probe_end()).
 * @BC_TEST_BENCH_BIND: a clock controller's probe to BUS_NOTIFY_BOUND_DRIVER: the
 *	constraints it provides, applied (boot_constraints_device_bound()).
 * @BC_TEST_BENCH_BIND_SUPPLY: the same for a regulator (automatic workload).
 * @BC_TEST_BENCH_BIND_DOMAIN: the same for a power domain (automatic workload).
 * @BC_TEST_BENCH_CLK_GET_MISSING: clk_get() of a display's clock while its provider
 *	is missing, once per display: what an attempt that fails costs in the
 *	clock framework.
 * @BC_TEST_BENCH_PHASES: number of phases.
 */
enum bc_test_bench_phase {
	BC_TEST_BENCH_ADD_OF,
	BC_TEST_BENCH_CREATE,
	BC_TEST_BENCH_BEFORE,
	BC_TEST_BENCH_AFTER,
	BC_TEST_BENCH_BIND,
	BC_TEST_BENCH_CLK_GET_MISSING,
	BC_TEST_BENCH_BIND_SUPPLY,
	BC_TEST_BENCH_BIND_DOMAIN,
	BC_TEST_BENCH_PHASES,
};

static const char * const bc_test_bench_phase_names[BC_TEST_BENCH_PHASES] = {
	[BC_TEST_BENCH_ADD_OF] = "add_of",
	[BC_TEST_BENCH_CREATE] = "create",
	[BC_TEST_BENCH_BEFORE] = "before_probe",
	[BC_TEST_BENCH_AFTER] = "after_probe",
	[BC_TEST_BENCH_BIND] = "provider_bind",
	[BC_TEST_BENCH_CLK_GET_MISSING] = "clk_get_missing",
	[BC_TEST_BENCH_BIND_SUPPLY] = "supply_bind",
	[BC_TEST_BENCH_BIND_DOMAIN] = "domain_bind",
};

/**
 * struct bc_test_bench_time - Time summed over the calls of a phase.
 *
 * @ns: the time.
 * @calls: how many times it was measured.
 */
struct bc_test_bench_time {
	u64 ns;
	unsigned int calls;
};

/* Per phase: [0] the devices without constraints, [1] the displays. */
static struct bc_test_bench_time bc_test_bench_phase_time[BC_TEST_BENCH_PHASES][2];
/*
 * The phases create, before_probe and after_probe of each device added once
 * none is left, the bc_test_bench_added-th, kept apart from the others'.
 */
static u64 bc_test_bench_added_ns[BC_TEST_BENCH_AFTER + 1][BC_TEST_BENCH_ADD_LOOPS];
static unsigned int bc_test_bench_added;
/*
 * Start of the phase in progress: one CPU, one probe at a time. Times are
 * local_clock()'s: timekeeping counts jiffies until fs_initcall, and the
 * devices are created before.
 */
static u64 bc_test_bench_mark;

static void bc_test_bench_mark_now(void)
{
	if (bc_test_bench_time_hooks_param)
		bc_test_bench_mark = local_clock();
}

static void bc_test_bench_account(enum bc_test_bench_phase phase, bool display)
{
	struct bc_test_bench_time *t = &bc_test_bench_phase_time[phase][display];

	if (!bc_test_bench_time_hooks_param)
		return;

	if (bc_test_bench_adding) {
		if (phase <= BC_TEST_BENCH_AFTER)
			bc_test_bench_added_ns[phase][bc_test_bench_added] =
				local_clock() - bc_test_bench_mark;
		return;
	}

	t->ns += local_clock() - bc_test_bench_mark;
	t->calls++;
}

static bool bc_test_bench_board_has(const char *compat)
{
	struct device_node *np;

	np = of_find_compatible_node(NULL, NULL, compat);
	of_node_put(np);

	return np;
}

static int bc_test_bench_count(struct bc_test_bench_counter *counter, int ret)
{
	atomic_inc(&counter->probes);
	if (ret == -EPROBE_DEFER)
		atomic_inc(&counter->defers);

	return ret;
}

/* A probe's end: counted in @counter, and the time the hooks' start from. */
static int bc_test_bench_probed(struct bc_test_bench_counter *counter, int ret)
{
	ret = bc_test_bench_count(counter, ret);
	bc_test_bench_mark_now();

	return ret;
}

/* The clock controllers: "bc-bench,clocks" fake gates each, off, registered late. */

static int bc_test_bench_provider_setup(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct bc_test_clk *gates;
	int i, on;
	u32 n, rate = 0, idx;

	if (of_property_read_u32(dev->of_node, "bc-bench,clocks", &n) || !n)
		return dev_err_probe(dev, -EINVAL, "no bc-bench,clocks\n");

	gates = devm_kcalloc(dev, n, sizeof(*gates), GFP_KERNEL);
	if (!gates)
		return -ENOMEM;

	/* The automatic workload's clocks run at a rate, which it pins */
	of_property_read_u32(dev->of_node, "bc-bench,rate", &rate);
	for (i = 0; i < n; i++) {
		gates[i].name = devm_kasprintf(dev, GFP_KERNEL, "%s.%u",
					       dev_name(dev), i);
		if (!gates[i].name)
			return -ENOMEM;
		gates[i].rate = rate;
	}

	/* The gates the bootloader left on: "bc-bench,on-clocks", by index */
	on = of_property_count_u32_elems(dev->of_node, "bc-bench,on-clocks");
	for (i = 0; i < on; i++) {
		if (of_property_read_u32_index(dev->of_node, "bc-bench,on-clocks",
					       i, &idx) || idx >= n)
			return dev_err_probe(dev, -EINVAL, "bad bc-bench,on-clocks\n");
		gates[idx].enabled = true;
		atomic_inc(&bc_test_bench_clocks_on);
	}

	return bc_test_clk_provide(dev, gates, n,
				   rate ? &bc_test_clk_ops : &bc_test_gate_ops,
				   NULL);
}

static int bc_test_bench_provider_probe(struct platform_device *pdev)
{
	return bc_test_bench_probed(&bc_test_bench_providers,
				    bc_test_bench_provider_setup(pdev));
}

/*
 * The automatic workload's regulators and power domains, each on or off at
 * boot ("bc-bench,on"), registered late with the clock controllers.
 */

static int bc_test_bench_regulator_setup(struct device *dev)
{
	struct bc_test_reg *reg;

	reg = bc_test_reg_of(dev, "bc-bench,microvolt");
	if (IS_ERR(reg))
		return PTR_ERR(reg);

	reg->enabled = of_property_read_bool(dev->of_node, "bc-bench,on");

	return bc_test_reg_provide(dev, reg);
}

static int bc_test_bench_regulator_probe(struct platform_device *pdev)
{
	return bc_test_bench_probed(&bc_test_bench_regulators,
				    bc_test_bench_regulator_setup(&pdev->dev));
}

static int bc_test_bench_domain_setup(struct device *dev)
{
	struct bc_test_pd *pd;

	pd = devm_kzalloc(dev, sizeof(*pd), GFP_KERNEL);
	if (!pd)
		return -ENOMEM;

	pd->genpd.name = dev_name(dev);
	pd->on = of_property_read_bool(dev->of_node, "bc-bench,on");

	return bc_test_pd_provide(dev, pd);
}

static int bc_test_bench_domain_probe(struct platform_device *pdev)
{
	return bc_test_bench_probed(&bc_test_bench_domains,
				    bc_test_bench_domain_setup(&pdev->dev));
}

/* The consumers: displays take their clock, as their driver would. */

static void bc_test_bench_clk_disable(void *clk)
{
	clk_disable_unprepare(clk);
}

/* Takes @dev's clock @id, on; counts in @held that a constraint held it. */
static int bc_test_bench_clk_take(struct device *dev, const char *id,
				  atomic_t *held)
{
	struct clk *clk;
	int ret;

	clk = devm_clk_get(dev, id);
	if (IS_ERR(clk))
		return dev_err_probe(dev, PTR_ERR(clk), "no %s clock\n", id);

	/* The devices added once none is left are not the workload's */
	if (__clk_get_enable_count(clk) && !bc_test_bench_adding)
		atomic_inc(held);

	ret = clk_prepare_enable(clk);
	if (ret)
		return ret;

	return devm_add_action_or_reset(dev, bc_test_bench_clk_disable, clk);
}

static int bc_test_bench_display_setup(struct device *dev)
{
	return bc_test_bench_clk_take(dev, "pixel", &bc_test_bench_held_at_probe);
}

static bool bc_test_bench_is_display(struct device *dev)
{
	return of_device_is_compatible(dev->of_node, "bc-bench,display");
}

static bool bc_test_bench_is_auto(struct device *dev)
{
	return of_device_is_compatible(dev->of_node, "bc-bench,auto-device");
}

/* A number of the core's stats, after "\nKEY ". */
static unsigned long bc_test_bench_core_stat(const char *stats, const char *key)
{
	const char *line = strstr(stats, key);
	unsigned long val;

	if (!line || sscanf(line + strlen(key), "%lu", &val) != 1) {
		pr_err("no %s in the core's stats\n", key + 1);
		return 0;
	}

	return val;
}

/* The core's stats before any release, see bc_test_bench_held_bytes. */
static void bc_test_bench_snapshot_held(void)
{
	struct seq_file s = { .size = PAGE_SIZE };

	if (bc_test_bench_held_seen)
		return;

	bc_test_bench_held_seen = true;
	s.buf = kzalloc(s.size, GFP_KERNEL);
	if (!s.buf)
		return;

	/* Not a file: only seq_printf() into the buffer */
	bc_show_stats(&s);
	s.buf[min(s.count, s.size - 1)] = '\0';
	bc_test_bench_held_bytes = bc_test_bench_core_stat(s.buf, "\nbytes ");
	bc_test_bench_held_constraints = bc_test_bench_core_stat(s.buf, "\nconstraints ");
	kfree(s.buf);
}

/*
 * A device of the automatic workload: takes its clock, and its supply if it
 * has one, as its driver would; the platform bus has attached its domain.
 */
static int bc_test_bench_auto_setup(struct device *dev)
{
	int ret;

	ret = bc_test_bench_clk_take(dev, "core",
				     &bc_test_bench_auto_held_at_probe);
	if (ret)
		return ret;

	if (!of_property_present(dev->of_node, "vdd-supply"))
		return 0;

	return devm_regulator_get_enable(dev, "vdd");
}

/* The automatic workload's devices have a driver of their own. */
static int bc_test_bench_auto_probe(struct platform_device *pdev)
{
	bc_test_bench_account(BC_TEST_BENCH_BEFORE, true);
	bc_test_bench_snapshot_held();

	return bc_test_bench_probed(&bc_test_bench_autos,
				    bc_test_bench_auto_setup(&pdev->dev));
}

static int bc_test_bench_consumer_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;

	bc_test_bench_account(BC_TEST_BENCH_BEFORE, bc_test_bench_is_display(dev));
	if (!bc_test_bench_is_display(dev))
		return bc_test_bench_probed(&bc_test_bench_devices, 0);

	return bc_test_bench_probed(&bc_test_bench_displays,
				    bc_test_bench_display_setup(dev));
}

static BC_TEST_OF_MATCH(bc_test_bench_provider_match, "bc-bench,clock-controller");
static BC_TEST_OF_MATCH(bc_test_bench_regulator_match, "bc-bench,regulator");
static BC_TEST_OF_MATCH(bc_test_bench_domain_match, "bc-bench,power-domain");

static const struct of_device_id bc_test_bench_consumer_match[] = {
	{ .compatible = "bc-bench,device" },
	{ .compatible = "bc-bench,display" },
	{ }
};

static BC_TEST_OF_MATCH(bc_test_bench_auto_match, "bc-bench,auto-device");

/* The driver of the bench's @what nodes, never unbound: they are many. */
#define BC_TEST_BENCH_DRIVER(what, drv_name)				\
	static struct platform_driver bc_test_bench_##what##_driver = {	\
		.probe = bc_test_bench_##what##_probe,			\
		.driver = {						\
			.name = drv_name,				\
			.of_match_table = bc_test_bench_##what##_match,	\
			.suppress_bind_attrs = true,			\
		},							\
	}

BC_TEST_BENCH_DRIVER(auto, "bc-bench-auto");
BC_TEST_BENCH_DRIVER(regulator, "bc-bench-regulator");
BC_TEST_BENCH_DRIVER(domain, "bc-bench-domain");
BC_TEST_BENCH_DRIVER(provider, "bc-bench-clk");
BC_TEST_BENCH_DRIVER(consumer, "bc-bench-consumer");

/* The displays' constraint: their pixel clock. */

static const struct dev_boot_constraint_clk_info bc_test_bench_pixel = {
	.name = "pixel",
};

static const struct dev_boot_constraint bc_test_bench_display_constraints[] = {
	{ .type = DEV_BOOT_CONSTRAINT_CLK, .data = &bc_test_bench_pixel },
};

static const struct dev_boot_constraint_of bc_test_bench_board[] = {
	DEV_BOOT_CONSTRAINT_OF("bc-bench,display",
			       bc_test_bench_display_constraints),
};

/*
 * The 2017 series' way, for comparison: one platform device per constraint,
 * whose probe adds it or defers, and unregistered once it is released.
 */

/**
 * struct bc_test_bench_seed - A constraint added the 2017 series' way.
 *
 * @dev: the constrained device, with a reference held.
 * @pdev: the platform device whose probe adds the constraint.
 */
struct bc_test_bench_seed {
	struct device *dev;
	struct platform_device *pdev;
};

static void bc_test_bench_seed_free(struct bc_test_bench_seed *seed)
{
	put_device(seed->dev);
	kfree(seed);
}

static void bc_test_bench_seed_released(void *data)
{
	struct bc_test_bench_seed *seed = data;

	platform_device_unregister(seed->pdev);
	bc_test_bench_seed_free(seed);
}

static int bc_test_bench_seed_add(struct bc_test_bench_seed *seed)
{
	struct dev_boot_constraint_info info = {
		.constraint = bc_test_bench_display_constraints[0],
		.free_resources = bc_test_bench_seed_released,
		.free_resources_data = seed,
	};
	int ret;

	ret = dev_boot_constraint_add(seed->dev, &info);
	if (ret == -EPROBE_DEFER)
		driver_deferred_probe_enable_early();
	else if (ret)
		atomic_inc(&bc_test_bench_seed_late);

	return ret;
}

static int bc_test_bench_seed_probe(struct platform_device *pdev)
{
	struct bc_test_bench_seed **seed = dev_get_platdata(&pdev->dev);

	return bc_test_bench_count(&bc_test_bench_seeds, bc_test_bench_seed_add(*seed));
}

static struct platform_driver bc_test_bench_seed_driver = {
	.probe = bc_test_bench_seed_probe,
	.driver = {
		.name = "bc-bench-seed",
		.suppress_bind_attrs = true,
	},
};

/* Adds the constraint of a display; called for every platform device. */
static int bc_test_bench_seed_add_dev(struct device *dev, void *unused)
{
	struct bc_test_bench_seed *seed;
	int ret;

	if (!of_device_is_compatible(dev->of_node, "bc-bench,display"))
		return 0;

	seed = kzalloc(sizeof(*seed), GFP_KERNEL);
	if (!seed)
		return -ENOMEM;

	seed->dev = get_device(dev);
	seed->pdev = platform_device_alloc("bc-bench-seed", PLATFORM_DEVID_AUTO);
	if (!seed->pdev) {
		bc_test_bench_seed_free(seed);
		return -ENOMEM;
	}

	/* Probed at once: the driver is registered. */
	ret = platform_device_add_data(seed->pdev, &seed, sizeof(seed));
	if (!ret)
		ret = platform_device_add(seed->pdev);
	if (ret) {
		platform_device_put(seed->pdev);
		bc_test_bench_seed_free(seed);
	}

	return ret;
}

static bool bc_test_bench_seed_way(void)
{
	return bc_test_bench_seed_deferral && !bc_disabled() &&
	       bc_test_bench_board_has("bc-bench,display");
}

/* The 2017 way: after of_platform_populate(), before any display probes. */
static int __init bc_test_bench_seed_init(void)
{
	int ret;

	if (!bc_test_bench_seed_way())
		return 0;

	ret = platform_driver_register(&bc_test_bench_seed_driver);
	if (!ret)
		ret = bus_for_each_dev(&platform_bus_type, NULL, NULL,
				       bc_test_bench_seed_add_dev);
	if (ret)
		pr_err("constraints not added the 2017 way: %d\n", ret);

	return 0;
}
subsys_initcall(bc_test_bench_seed_init);

/*
 * The phases between bus notifications: the first of the platform bus's
 * notifiers starts them, the last one ends them (but create, which
 * boot_constraints_bench_device_added() ends).
 */
static int bc_test_bench_bus_first(struct notifier_block *nb, unsigned long action,
				   void *data)
{
	if (action == BUS_NOTIFY_ADD_DEVICE || action == BUS_NOTIFY_BIND_DRIVER)
		bc_test_bench_mark_now();

	return NOTIFY_DONE;
}

/*
 * The last notifier, for the devices of neither the bench's consumer driver:
 * the automatic workload's, counted with the displays, and the providers.
 */
static void bc_test_bench_other_notified(struct device *dev, unsigned long action)
{
	if (bc_test_bench_is_auto(dev)) {
		if (action == BUS_NOTIFY_BOUND_DRIVER)
			bc_test_bench_account(BC_TEST_BENCH_AFTER, true);
		return;
	}

	if (action != BUS_NOTIFY_BOUND_DRIVER)
		return;

	if (of_device_is_compatible(dev->of_node, "bc-bench,clock-controller"))
		bc_test_bench_account(BC_TEST_BENCH_BIND, true);
	else if (of_device_is_compatible(dev->of_node, "bc-bench,regulator"))
		bc_test_bench_account(BC_TEST_BENCH_BIND_SUPPLY, true);
	else if (of_device_is_compatible(dev->of_node, "bc-bench,power-domain"))
		bc_test_bench_account(BC_TEST_BENCH_BIND_DOMAIN, true);
}

static int bc_test_bench_bus_last(struct notifier_block *nb, unsigned long action,
				  void *data)
{
	struct device *dev = data;

	if (!of_device_is_compatible(dev->of_node, "bc-bench,device") &&
	    !bc_test_bench_is_display(dev)) {
		bc_test_bench_other_notified(dev, action);
		return NOTIFY_DONE;
	}

	if (action == BUS_NOTIFY_BOUND_DRIVER)
		bc_test_bench_account(BC_TEST_BENCH_AFTER, bc_test_bench_is_display(dev));

	return NOTIFY_DONE;
}

/**
 * boot_constraints_bench_device_added() - A device's add has run its hooks.
 * @dev: the device, after the bus's notifiers and the boot constraint core's
 *	hook, before its first probe.
 *
 * Ends the phase create, which the first of the platform bus's notifiers
 * started: the core adds a new device's constraints after the notifiers.
 */
void boot_constraints_bench_device_added(struct device *dev)
{
	if (!bc_test_bench_time_hooks_param)
		return;

	if (bc_test_bench_is_auto(dev) || bc_test_bench_is_display(dev))
		bc_test_bench_account(BC_TEST_BENCH_CREATE, true);
	else if (of_device_is_compatible(dev->of_node, "bc-bench,device"))
		bc_test_bench_account(BC_TEST_BENCH_CREATE, false);
}

static struct notifier_block bc_test_bench_bus_first_nb = {
	.notifier_call = bc_test_bench_bus_first,
	.priority = INT_MAX,
};

static struct notifier_block bc_test_bench_bus_last_nb = {
	.notifier_call = bc_test_bench_bus_last,
	.priority = INT_MIN,
};

/* As a board declares them: before the devices are created. */
static int __init bc_test_bench_board_init(void)
{
	bool displays = bc_test_bench_board_has("bc-bench,display");
	int ret;

	if (!displays && !bc_test_bench_board_has("bc-bench,auto-device"))
		return 0;

	if (bc_test_bench_time_hooks_param &&
	    (bus_register_notifier(&platform_bus_type, &bc_test_bench_bus_first_nb) ||
	     bus_register_notifier(&platform_bus_type, &bc_test_bench_bus_last_nb)))
		pr_err("phases not timed\n");

	/* The automatic workload has no table */
	if (!displays || bc_test_bench_seed_way())
		return 0;

	bc_test_bench_mark_now();
	ret = dev_boot_constraint_add_deferrable_of(bc_test_bench_board,
						    ARRAY_SIZE(bc_test_bench_board));
	bc_test_bench_account(BC_TEST_BENCH_ADD_OF, true);
	if (ret)
		pr_err("constraints not added: %d\n", ret);

	return 0;
}
arch_initcall(bc_test_bench_board_init);

static int __init bc_test_bench_consumers_init(void)
{
	if (bc_test_bench_board_has("bc-bench,device"))
		return platform_driver_register(&bc_test_bench_consumer_driver);

	/* Looked for once: a scan of a large tree takes time of its own */
	bc_test_bench_auto_tree = bc_test_bench_board_has("bc-bench,auto-device");
	if (!bc_test_bench_auto_tree)
		return 0;

	return platform_driver_register(&bc_test_bench_auto_driver);
}
device_initcall(bc_test_bench_consumers_init);

/*
 * What the driver core's hooks (before probe, after probe, at bind) cost a
 * device without constraints, with the displays' constraints pending: each
 * alone, and the three in a row as a probe calls them.
 */
enum bc_test_bench_hook {
	BC_TEST_BENCH_HOOK_START,
	BC_TEST_BENCH_HOOK_END,
	BC_TEST_BENCH_HOOK_BOUND,
	BC_TEST_BENCH_HOOKS,
};

static const char * const bc_test_bench_hook_names[BC_TEST_BENCH_HOOKS] = {
	[BC_TEST_BENCH_HOOK_START] = "probe_start",
	[BC_TEST_BENCH_HOOK_END] = "probe_end",
	[BC_TEST_BENCH_HOOK_BOUND] = "device_bound",
};

static u64 bc_test_bench_each_hook_ns[BC_TEST_BENCH_HOOKS];
static u64 bc_test_bench_after_each_hook_ns[BC_TEST_BENCH_HOOKS];

/* Devices without constraints, each timed in turn; freed once timed. */
static struct device **bc_test_bench_plain;
static unsigned int bc_test_bench_nr_plain;

/* @compat: the devices' compatible */
static int bc_test_bench_add_plain(struct device *dev, void *compat)
{
	if (bc_test_bench_nr_plain < BC_TEST_BENCH_HOOK_LOOPS &&
	    of_device_is_compatible(dev->of_node, compat))
		bc_test_bench_plain[bc_test_bench_nr_plain++] = get_device(dev);

	return 0;
}

/* Up to BC_TEST_BENCH_HOOK_LOOPS devices of @compat; 0 if none */
static unsigned int bc_test_bench_get_plain(const char *compat)
{
	bc_test_bench_nr_plain = 0;
	bc_test_bench_plain = kcalloc(BC_TEST_BENCH_HOOK_LOOPS,
				      sizeof(*bc_test_bench_plain), GFP_KERNEL);
	if (!bc_test_bench_plain)
		return 0;

	bus_for_each_dev(&platform_bus_type, NULL, (void *)compat,
			 bc_test_bench_add_plain);
	return bc_test_bench_nr_plain;
}

static void bc_test_bench_put_plain(void)
{
	unsigned int i;

	for (i = 0; i < bc_test_bench_nr_plain; i++)
		put_device(bc_test_bench_plain[i]);
	kfree(bc_test_bench_plain);
	bc_test_bench_plain = NULL;
}

static u64 bc_test_bench_time_hook(enum bc_test_bench_hook hook)
{
	struct device *dev;
	unsigned int i;
	u64 start;

	start = local_clock();
	for (i = 0; i < BC_TEST_BENCH_HOOK_LOOPS; i++) {
		dev = bc_test_bench_plain[i % bc_test_bench_nr_plain];
		switch (hook) {
		case BC_TEST_BENCH_HOOK_START:
			boot_constraints_probe_start(dev);
			break;
		case BC_TEST_BENCH_HOOK_END:
			boot_constraints_probe_end(dev, 0);
			break;
		case BC_TEST_BENCH_HOOK_BOUND:
			boot_constraints_device_bound(dev);
			break;
		default:
			boot_constraints_probe_start(dev);
			boot_constraints_probe_end(dev, 0);
			boot_constraints_device_bound(dev);
			break;
		}
	}

	return div_u64(local_clock() - start, BC_TEST_BENCH_HOOK_LOOPS);
}

/*
 * Over up to BC_TEST_BENCH_HOOK_LOOPS different devices, so that where each falls in
 * the core's tables averages out.
 */
static void bc_test_bench_time_hooks(u64 *each_ns, u64 *all_ns)
{
	unsigned int i;

	if (bc_test_bench_get_plain("bc-bench,device")) {
		for (i = 0; i < BC_TEST_BENCH_HOOKS; i++)
			each_ns[i] = bc_test_bench_time_hook(i);
		*all_ns = bc_test_bench_time_hook(BC_TEST_BENCH_HOOKS);
	}
	bc_test_bench_put_plain();
}

/*
 * The device-add hook over up to BC_TEST_BENCH_HOOK_LOOPS devices of the
 * tree, bound long ago: once none is left (and past the deadline, when the
 * hook would add nothing anyway), what device_add() pays for it. In
 * instructions (icount), over many devices, it does not move with where a
 * new device's allocations fall, as a whole add does.
 */
static u64 bc_test_bench_time_added(void)
{
	unsigned int i, n;
	u64 start, ns = 0;

	n = bc_test_bench_get_plain(bc_test_bench_auto_tree ?
				    "bc-bench,auto-device" : "bc-bench,device");
	if (n) {
		start = local_clock();
		for (i = 0; i < BC_TEST_BENCH_HOOK_LOOPS; i++)
			boot_constraints_device_added(bc_test_bench_plain[i % n]);
		ns = div_u64(local_clock() - start, BC_TEST_BENCH_HOOK_LOOPS);
	}
	bc_test_bench_put_plain();

	return ns;
}

/* What clk_get() costs a display whose clock controller is not bound. */
static int bc_test_bench_time_clk_get(struct device *dev, void *unused)
{
	struct clk *clk;

	if (!bc_test_bench_is_display(dev))
		return 0;

	bc_test_bench_mark_now();
	clk = clk_get(dev, "pixel");
	bc_test_bench_account(BC_TEST_BENCH_CLK_GET_MISSING, true);
	if (!IS_ERR(clk))
		clk_put(clk);

	return 0;
}

static int bc_test_bench_stats_show(struct seq_file *s, void *unused)
{
	static const struct {
		const char *name;
		struct bc_test_bench_counter *counter;
	} drivers[] = {
		{ "device", &bc_test_bench_devices },
		{ "display", &bc_test_bench_displays },
		{ "provider", &bc_test_bench_providers },
		{ "seed", &bc_test_bench_seeds },
		{ "auto", &bc_test_bench_autos },
		{ "regulator", &bc_test_bench_regulators },
		{ "domain", &bc_test_bench_domains },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(drivers); i++)
		seq_printf(s, "%s_probes %d\n%s_defers %d\n",
			   drivers[i].name, atomic_read(&drivers[i].counter->probes),
			   drivers[i].name, atomic_read(&drivers[i].counter->defers));
	seq_printf(s, "held_at_probe %d\nseed_late %d\nhook_ns %llu\n",
		   atomic_read(&bc_test_bench_held_at_probe), atomic_read(&bc_test_bench_seed_late),
		   bc_test_bench_hook_ns);
	seq_printf(s, "clocks_on %d\nauto_held_at_probe %d\nheld_bytes %lu\nheld_constraints %lu\n",
		   atomic_read(&bc_test_bench_clocks_on),
		   atomic_read(&bc_test_bench_auto_held_at_probe),
		   bc_test_bench_held_bytes, bc_test_bench_held_constraints);
	for (i = 0; i < BC_TEST_BENCH_HOOKS; i++)
		seq_printf(s, "hook_%s_ns %llu\nafter_hook_%s_ns %llu\n",
			   bc_test_bench_hook_names[i], bc_test_bench_each_hook_ns[i],
			   bc_test_bench_hook_names[i],
			   bc_test_bench_after_each_hook_ns[i]);
	seq_printf(s, "after_hook_ns %llu\nafter_add_ns %llu\nafter_add_hooks_ns %llu\n",
		   bc_test_bench_after_hook_ns, bc_test_bench_after_add_ns,
		   bc_test_bench_after_add_hooks_ns);
	seq_printf(s, "after_added_ns %llu\n", bc_test_bench_after_added_ns);
	for (i = 0; i < BC_TEST_BENCH_PHASES; i++)
		seq_printf(s, "%s_device_ns %llu\n%s_device_calls %u\n"
			   "%s_display_ns %llu\n%s_display_calls %u\n",
			   bc_test_bench_phase_names[i], bc_test_bench_phase_time[i][0].ns,
			   bc_test_bench_phase_names[i], bc_test_bench_phase_time[i][0].calls,
			   bc_test_bench_phase_names[i], bc_test_bench_phase_time[i][1].ns,
			   bc_test_bench_phase_names[i], bc_test_bench_phase_time[i][1].calls);

	return 0;
}
DEFINE_SHOW_ATTRIBUTE(bc_test_bench_stats);

/*
 * A new device of @np (the tree's first device), added to the platform bus
 * and bound by the bench's driver of @np: the time platform_device_add()
 * takes, or 0 if it fails. The device is removed, untimed.
 */
static u64 bc_test_bench_time_add_one(struct device_node *np, unsigned int id)
{
	struct platform_device *pdev;
	u64 start, ns;
	int ret;

	pdev = platform_device_alloc("bc-bench-added", id);
	if (!pdev)
		return 0;

	pdev->dev.of_node = of_node_get(np);
	start = local_clock();
	ret = platform_device_add(pdev);
	ns = local_clock() - start;
	if (ret) {
		platform_device_put(pdev);
		return 0;
	}

	if (!device_is_bound(&pdev->dev))
		ns = 0;
	platform_device_unregister(pdev);

	return ns;
}

static int bc_test_bench_cmp_ns(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/* The median of @ns, BC_TEST_BENCH_ADD_LOOPS times; sorts them. */
static u64 bc_test_bench_median(u64 *ns)
{
	sort(ns, BC_TEST_BENCH_ADD_LOOPS, sizeof(ns[0]), bc_test_bench_cmp_ns, NULL);

	return ns[BC_TEST_BENCH_ADD_LOOPS / 2];
}

/*
 * What adding and probing a device of the tree costs: the bus notifiers,
 * the driver core's hooks and the probe, and of these the phases between
 * the bench's first and last notifiers and its driver's probe (the
 * notifiers in between and the hooks). Medians of BC_TEST_BENCH_ADD_LOOPS
 * devices, as means count the slab refills and timer ticks that fall
 * among them, which the boot's earlier allocations place: 0 if one was not
 * bound.
 */
static u64 bc_test_bench_time_add(u64 *hooks_ns)
{
	static u64 ns[BC_TEST_BENCH_ADD_LOOPS];
	struct device_node *np;
	unsigned int i;

	np = of_find_compatible_node(NULL, NULL, bc_test_bench_auto_tree ?
				     "bc-bench,auto-device" : "bc-bench,device");
	if (!np)
		return 0;

	bc_test_bench_adding = true;
	for (i = 0; i < BC_TEST_BENCH_ADD_LOOPS; i++) {
		bc_test_bench_added = i;
		ns[i] = bc_test_bench_time_add_one(np, i);
		if (!ns[i]) {
			pr_err("added device not bound\n");
			break;
		}
	}
	bc_test_bench_adding = false;
	of_node_put(np);
	if (i < BC_TEST_BENCH_ADD_LOOPS)
		return 0;

	*hooks_ns = bc_test_bench_median(bc_test_bench_added_ns[BC_TEST_BENCH_CREATE]) +
		    bc_test_bench_median(bc_test_bench_added_ns[BC_TEST_BENCH_BEFORE]) +
		    bc_test_bench_median(bc_test_bench_added_ns[BC_TEST_BENCH_AFTER]);

	return bc_test_bench_median(ns);
}

/*
 * Writing to bc_bench/time_hooks_after times the hooks again, and a new
 * device's add and probe: once no constraint is left, they should cost
 * what they cost with boot_constraints=off.
 */
static ssize_t bc_test_bench_time_hooks_after_write(struct file *file,
						    const char __user *buf,
						    size_t count, loff_t *ppos)
{
	bc_test_bench_time_hooks(bc_test_bench_after_each_hook_ns,
				 &bc_test_bench_after_hook_ns);
	bc_test_bench_after_add_ns =
		bc_test_bench_time_add(&bc_test_bench_after_add_hooks_ns);
	bc_test_bench_after_added_ns = bc_test_bench_time_added();

	return count;
}

static const struct file_operations bc_test_bench_time_hooks_after_fops = {
	.write = bc_test_bench_time_hooks_after_write,
};

/* After every device of the board has been bound but the displays. */
static int __init bc_test_bench_providers_init(void)
{
	struct dentry *dir;

	if (!bc_test_bench_board_has("bc-bench,clock-controller"))
		return 0;

	if (bc_test_bench_time_hooks_param) {
		bc_test_bench_time_hooks(bc_test_bench_each_hook_ns,
					 &bc_test_bench_hook_ns);
		bus_for_each_dev(&platform_bus_type, NULL, NULL,
				 bc_test_bench_time_clk_get);
	}
	dir = debugfs_create_dir("bc_bench", NULL);
	debugfs_create_file("stats", 0444, dir, NULL, &bc_test_bench_stats_fops);
	debugfs_create_file("time_hooks_after", 0200, dir, NULL,
			    &bc_test_bench_time_hooks_after_fops);

	if (bc_test_bench_auto_tree &&
	    (platform_driver_register(&bc_test_bench_regulator_driver) ||
	     platform_driver_register(&bc_test_bench_domain_driver)))
		pr_err("no regulator or power domain driver\n");

	return platform_driver_register(&bc_test_bench_provider_driver);
}
device_initcall_sync(bc_test_bench_providers_init);
