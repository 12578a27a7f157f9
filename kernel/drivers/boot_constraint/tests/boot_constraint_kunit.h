/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test providers and helpers shared by the boot constraint KUnit suites.
 *
 * Every provider writes what it does to the hardware it pretends to drive
 * to a struct bc_test_log, the test's record of events in order, which the
 * suites compare with what the boot constraint core should have done.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_KUNIT_H
#define _DRIVERS_BOOT_CONSTRAINT_KUNIT_H

#include <linux/atomic.h>
#include <linux/boot_constraint.h>
#include <linux/clk-provider.h>
#include <linux/compiler_attributes.h>
#include <linux/interconnect-provider.h>
#include <linux/mod_devicetable.h>
#include <linux/platform_device.h>
#include <linux/pm_domain.h>
#include <linux/regulator/driver.h>
#include <linux/regulator/machine.h>
#include <linux/reset-controller.h>
#include <linux/spinlock.h>
#include <linux/types.h>

struct device_node;
struct kunit;

#define BC_TEST_LOG_SIZE	512

/* Voltage range the test regulator accepts, and its usual boot voltage. */
#define BC_TEST_REG_MIN_UV	800000
#define BC_TEST_REG_MAX_UV	3300000
#define BC_TEST_REG_BOOT_UV	1800000

/**
 * struct bc_test_log - What happened, in order.
 *
 * @lock: serializes the writers, some of which run in atomic context.
 * @len: number of characters in @buf.
 * @overflow: set when an event did not fit in @buf.
 * @buf: the events, separated by spaces: "clk0:prepare clk0:enable".
 */
struct bc_test_log {
	spinlock_t lock; /* serializes the writers */
	size_t len;
	bool overflow;
	char buf[BC_TEST_LOG_SIZE];
};

/**
 * struct bc_test_clk - A test clock gate.
 *
 * @hw: the clock.
 * @log: where its operations go, as "<name>:<op>".
 * @name: its name.
 * @enabled: the state of the gate.
 * @rate: its rate, in Hz, which it takes as asked.
 * @enable_err: what enable returns; 0 to succeed.
 * @prepare_hook: if set, called by prepare first, as a PLL that waits for
 *	its lock would take its time there; with @hook_data.
 * @hook_data: the argument of @prepare_hook.
 * @prepares: number of prepare calls.
 * @unprepares: number of unprepare calls.
 * @enables: number of successful enable calls.
 * @disables: number of disable calls.
 */
struct bc_test_clk {
	struct clk_hw hw;
	struct bc_test_log *log;
	const char *name;
	bool enabled;
	unsigned long rate;
	int enable_err;
	void (*prepare_hook)(void *data);
	void *hook_data;
	unsigned int prepares;
	unsigned int unprepares;
	unsigned int enables;
	unsigned int disables;
};

/**
 * struct bc_test_reg - A test voltage regulator, "reg" in the log.
 *
 * @desc: its description.
 * @init_data: its constraints and consumer supplies.
 * @supplies: the consumers that find it by device name, as "vdd".
 * @log: where its operations go.
 * @rdev: the registered regulator.
 * @enabled: whether its output is on.
 * @uv: its output voltage, in microvolts.
 * @enable_err: what enable returns; 0 to succeed.
 */
struct bc_test_reg {
	struct regulator_desc desc;
	struct regulator_init_data init_data;
	struct regulator_consumer_supply supplies[2];
	struct bc_test_log *log;
	struct regulator_dev *rdev;
	bool enabled;
	int uv;
	int enable_err;
};

/**
 * struct bc_test_pd - A test power domain, "pd" in the log.
 *
 * @genpd: the domain.
 * @log: where its operations go.
 * @on: whether it is powered.
 */
struct bc_test_pd {
	struct generic_pm_domain genpd;
	struct bc_test_log *log;
	bool on;
};

/* Nodes of the test interconnect, by their cell in "interconnects". */
enum bc_test_icc_node {
	BC_TEST_ICC_A,		/* master port of the constrained device */
	BC_TEST_ICC_B,		/* master port of another device */
	BC_TEST_ICC_MEM,	/* memory, shared by both */
	BC_TEST_ICC_CFG,	/* configuration space, of the device only */
	BC_TEST_ICC_NODES,
};

/**
 * struct bc_test_icc - A test interconnect provider, "icc" in the log.
 *
 * @provider: the provider.
 * @nodes: its nodes, by &enum bc_test_icc_node.
 * @log: where its set() calls go, as "icc:<node>=<avg>/<peak>" with the
 *	aggregated bandwidth of the destination node.
 * @avg_bw: the average bandwidth each node was last set to, in kBps.
 * @peak_bw: the peak bandwidth each node was last set to, in kBps.
 */
struct bc_test_icc {
	struct icc_provider provider;
	struct icc_node *nodes[BC_TEST_ICC_NODES];
	struct bc_test_log *log;
	u32 avg_bw[BC_TEST_ICC_NODES];
	u32 peak_bw[BC_TEST_ICC_NODES];
};

#define BC_TEST_RESET_LINES	2

/**
 * struct bc_test_reset - A test reset controller, "rst<line>" in the log.
 *
 * @rcdev: the controller.
 * @log: where its operations go.
 * @asserted: the state of each line.
 */
struct bc_test_reset {
	struct reset_controller_dev rcdev;
	struct bc_test_log *log;
	bool asserted[BC_TEST_RESET_LINES];
};

/**
 * struct bc_test_owner - The owner of constraints, told when they are gone.
 *
 * @log: where free_resources() calls go, as "free:<tag>".
 * @tag: name of the owner in the log.
 * @calls: number of free_resources() calls.
 */
struct bc_test_owner {
	struct bc_test_log *log;
	const char *tag;
	atomic_t calls;
};

/**
 * struct bc_test_driver - A driver whose probe reports what it saw.
 *
 * @pdrv: the driver, bound by name or by OF match table.
 * @log: where its probes go, as "<driver name>:probe=<result>".
 * @ret: what its probe returns.
 * @get_clk: whether probe first gets the device's clock, and fails as a
 *	real driver would if it cannot (-EPROBE_DEFER without its provider).
 * @runtime_pm: whether probe enables runtime PM, active and with a usage
 *	count held, so that the test decides when the device suspends.
 * @clk: clock whose enable count probe records, or NULL.
 * @reg: regulator whose state probe records, or NULL.
 * @pd: power domain whose state probe records, or NULL.
 * @probes: number of calls of probe.
 * @seen_applied: number of constraints of the device held at probe, handed
 *	over to it.
 * @seen_clk_enable_count: enable count of @clk at probe.
 * @seen_reg_enabled: whether @reg was on at probe.
 * @seen_reg_uv: voltage of @reg at probe.
 * @seen_pd_on: whether @pd was on at probe.
 */
struct bc_test_driver {
	struct platform_driver pdrv;
	struct bc_test_log *log;
	int ret;
	bool get_clk;
	bool runtime_pm;
	struct bc_test_clk *clk;
	struct bc_test_reg *reg;
	struct bc_test_pd *pd;
	unsigned int probes;
	unsigned int seen_applied;
	unsigned int seen_clk_enable_count;
	bool seen_reg_enabled;
	int seen_reg_uv;
	bool seen_pd_on;
};

/* Match tables of the nodes of kunit_boot_constraint_test.dtso. */
extern const struct of_device_id bc_test_clk_match[];
extern const struct of_device_id bc_test_clk_late_match[];
extern const struct of_device_id bc_test_reg_match[];
extern const struct of_device_id bc_test_pd_match[];
extern const struct of_device_id bc_test_clk_consumer_match[];
extern const struct of_device_id bc_test_clk_late_consumer_match[];
extern const struct of_device_id bc_test_pd_consumer_match[];
extern const struct of_device_id bc_test_pd_peer_match[];
extern const struct of_device_id bc_test_icc_match[];
extern const struct of_device_id bc_test_icc_consumer_match[];
extern const struct of_device_id bc_test_reset_match[];
extern const struct of_device_id bc_test_reset_consumer_match[];

struct bc_test_log *bc_test_log_alloc(struct kunit *test);
__printf(2, 3) void bc_test_log_add(struct bc_test_log *log, const char *fmt, ...);
const char *bc_test_log_str(struct bc_test_log *log);
void bc_test_log_clear(struct bc_test_log *log);
bool bc_test_log_has(struct bc_test_log *log, const char *event);
bool bc_test_log_ends_with(struct bc_test_log *log, const char *events);

struct bc_test_clk *bc_test_clk_alloc(struct kunit *test, struct bc_test_log *log,
				      const char *name, bool enabled);
int bc_test_clk_register(struct kunit *test, struct bc_test_clk *clk);
int bc_test_clk_register_of(struct kunit *test, struct bc_test_clk *clk,
			    struct device_node *np);
int bc_test_clk_register_cells(struct kunit *test, struct device_node *np,
			       struct bc_test_clk **clks,
			       const unsigned int *cells, unsigned int n);
int bc_test_clk_add_lookup(struct kunit *test, struct bc_test_clk *clk,
			   const char *con_id, const char *dev_id);
int bc_test_clk_driver_register(struct kunit *test, struct bc_test_clk *clk,
				const struct of_device_id *match);
unsigned int bc_test_clk_enable_count(struct bc_test_clk *clk);
int bc_test_empty_driver_register(struct kunit *test,
				  const struct of_device_id *match);

struct bc_test_reg *bc_test_reg_alloc(struct kunit *test, struct bc_test_log *log,
				      bool enabled, int uv);
void bc_test_reg_add_consumer(struct bc_test_reg *reg, const char *dev_name);
int bc_test_reg_register(struct kunit *test, struct bc_test_reg *reg);
int bc_test_reg_driver_register(struct kunit *test, struct bc_test_reg *reg,
				const struct of_device_id *match);

struct bc_test_pd *bc_test_pd_alloc(struct kunit *test, struct bc_test_log *log);
int bc_test_pd_register_cell(struct kunit *test, struct device_node *np,
			     struct bc_test_pd *pd, unsigned int cell);
int bc_test_pd_driver_register(struct kunit *test, struct bc_test_pd *pd,
			       const struct of_device_id *match);

struct bc_test_icc *bc_test_icc_alloc(struct kunit *test, struct bc_test_log *log);
int bc_test_icc_driver_register(struct kunit *test, struct bc_test_icc *icc,
				const struct of_device_id *match);

struct bc_test_reset *bc_test_reset_alloc(struct kunit *test,
					  struct bc_test_log *log);
int bc_test_reset_driver_register(struct kunit *test, struct bc_test_reset *rst,
				  const struct of_device_id *match);

struct bc_test_owner *bc_test_owner_alloc(struct kunit *test,
					  struct bc_test_log *log,
					  const char *tag);
void bc_test_owner_set(struct dev_boot_constraint_info *info,
		       struct bc_test_owner *owner);

struct platform_device *bc_test_pdev_add(struct kunit *test, const char *name);
void bc_test_pdev_unregister(struct kunit *test, struct platform_device *pdev);
struct platform_device *bc_test_of_pdev(struct kunit *test, const char *path);
int bc_test_apply_overlay(struct kunit *test);
int bc_test_release_at_exit(struct kunit *test, struct device *dev);

struct bc_test_driver *bc_test_driver_alloc(struct kunit *test,
					    struct bc_test_log *log,
					    const char *name,
					    const struct of_device_id *match);
int bc_test_driver_register(struct kunit *test, struct bc_test_driver *drv);
unsigned int bc_test_count_held(struct device *dev);

#endif /* _DRIVERS_BOOT_CONSTRAINT_KUNIT_H */
