/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fake providers of the boot constraint tests: a clock gate, a voltage
 * regulator, a power domain, an interconnect and a reset controller,
 * registered with the real clock, regulator, genpd, interconnect and reset
 * frameworks, whose pretend hardware tells a recorder what it did. The
 * KUnit suites, the scenario board and the benchmark all use them.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_TESTS_FAKES_H
#define _DRIVERS_BOOT_CONSTRAINT_TESTS_FAKES_H

#include <linux/clk-provider.h>
#include <linux/interconnect-provider.h>
#include <linux/mod_devicetable.h>
#include <linux/pm_domain.h>
#include <linux/regulator/driver.h>
#include <linux/regulator/machine.h>
#include <linux/reset-controller.h>
#include <linux/types.h>

struct device;

/* An OF match table of one compatible. */
#define BC_TEST_OF_MATCH(name, compat)		\
	const struct of_device_id name[] = {	\
		{ .compatible = compat },	\
		{ }				\
	}

/**
 * enum bc_test_op - What a fake did to its hardware.
 *
 * @BC_TEST_PREPARE: a clock prepared (a PLL locking, say).
 * @BC_TEST_UNPREPARE: a clock unprepared.
 * @BC_TEST_ON: a clock gate, a regulator or a domain switched on.
 * @BC_TEST_OFF: switched off.
 * @BC_TEST_ASSERT: a reset line asserted.
 * @BC_TEST_DEASSERT: a reset line deasserted.
 * @BC_TEST_PULSE: a reset line pulsed: asserted, then deasserted.
 * @BC_TEST_RATE: a clock set to a rate, in Hz.
 * @BC_TEST_VOLTAGE: a regulator set to a voltage, in microvolts.
 * @BC_TEST_AVG: an interconnect node set to an average bandwidth, in kBps.
 * @BC_TEST_PEAK: an interconnect node set to a peak bandwidth, in kBps.
 */
enum bc_test_op {
	BC_TEST_PREPARE,
	BC_TEST_UNPREPARE,
	BC_TEST_ON,
	BC_TEST_OFF,
	BC_TEST_ASSERT,
	BC_TEST_DEASSERT,
	BC_TEST_PULSE,
	BC_TEST_RATE,
	BC_TEST_VOLTAGE,
	BC_TEST_AVG,
	BC_TEST_PEAK,
};

/* The settings, whose value is what the resource was set to. */
#define bc_test_op_is_setting(op)	((op) >= BC_TEST_RATE)

extern const char * const bc_test_op_names[];

/**
 * struct bc_test_event - One operation on a fake's hardware.
 *
 * @res: the clock, regulator, domain, interconnect node or reset line.
 * @op: what was done.
 * @value: the resource's level after it: 1 or 0 for a gate, a domain or a
 *	reset line, the output voltage for a regulator, the new setting for
 *	a rate, voltage or bandwidth.
 * @err: if not 0, the hardware refused with this error and nothing changed.
 */
struct bc_test_event {
	const char *res;
	enum bc_test_op op;
	long value;
	int err;
};

/**
 * struct bc_test_recorder - Where a fake tells what it did.
 *
 * @record: called for each operation, in any context (a clock's enable
 *	runs under a spinlock), so it must not sleep.
 *
 * Embedded in the recorder's own state: a KUnit suite's log, the scenario
 * board's timed list.
 */
struct bc_test_recorder {
	void (*record)(struct bc_test_recorder *rec, const struct bc_test_event *ev);
};

/* A fake tells @rec, if it has one, what it did to @res. */
static inline void bc_test_record(struct bc_test_recorder *rec,
				  const char *res, enum bc_test_op op,
				  long value, int err)
{
	const struct bc_test_event ev = {
		.res = res, .op = op, .value = value, .err = err,
	};

	if (rec)
		rec->record(rec, &ev);
}

/**
 * struct bc_test_clk - A fake clock gate.
 *
 * @hw: the clock.
 * @rec: where its operations go, or NULL.
 * @name: its name, unique among the registered clocks.
 * @enabled: the state of the gate.
 * @rate: its rate in Hz, which it takes as asked (bc_test_clk_ops only).
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
	struct bc_test_recorder *rec;
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

/* A gate with a rate of its own, which it takes as asked. */
extern const struct clk_ops bc_test_clk_ops;
/* A gate that passes its parent's rate through, or has none. */
extern const struct clk_ops bc_test_gate_ops;

void bc_test_clk_init_hw(struct bc_test_clk *clk, struct clk_init_data *init,
			 const struct clk_ops *ops);
unsigned int bc_test_clk_enable_count(struct bc_test_clk *clk);
int bc_test_clk_provide(struct device *dev, struct bc_test_clk *clks,
			unsigned int n, const struct clk_ops *ops,
			const struct clk_parent_data *parent);

/**
 * struct bc_test_reg - A fake voltage regulator.
 *
 * @desc: its description; @desc.name names it in the records.
 * @init_data: its constraints and consumer supplies.
 * @supplies: room for consumers found by device name, see @init_data.
 * @rec: where its operations go, or NULL.
 * @rdev: the registered regulator.
 * @enabled: whether its output is on.
 * @uv: its output voltage, in microvolts.
 * @enable_err: what enable returns; 0 to succeed.
 */
struct bc_test_reg {
	struct regulator_desc desc;
	struct regulator_init_data init_data;
	struct regulator_consumer_supply supplies[3];
	struct bc_test_recorder *rec;
	struct regulator_dev *rdev;
	bool enabled;
	int uv;
	int enable_err;
};

int bc_test_reg_provide(struct device *dev, struct bc_test_reg *reg);
struct bc_test_reg *bc_test_reg_of(struct device *dev, const char *uv_prop);

/**
 * struct bc_test_pd - A fake power domain.
 *
 * @genpd: the domain; @genpd.name names it in the records.
 * @rec: where its operations go, or NULL.
 * @on: whether it is powered.
 */
struct bc_test_pd {
	struct generic_pm_domain genpd;
	struct bc_test_recorder *rec;
	bool on;
};

int bc_test_pd_init(struct bc_test_pd *pd);
int bc_test_pd_provide(struct device *dev, struct bc_test_pd *pd);

#define BC_TEST_ICC_MAX_NODES	8

/**
 * struct bc_test_icc_desc - The nodes of a fake interconnect.
 *
 * @names: the name of each node, by its cell in "interconnects".
 * @num_nodes: number of entries in @names.
 * @links: the links, as pairs of indexes in @names (from, to).
 * @num_links: number of entries in @links.
 */
struct bc_test_icc_desc {
	const char * const *names;
	unsigned int num_nodes;
	const u8 (*links)[2];
	unsigned int num_links;
};

/**
 * struct bc_test_icc - A fake interconnect provider.
 *
 * @provider: the provider.
 * @desc: its nodes.
 * @nodes: its nodes, once registered.
 * @rec: where its set() calls go, as the aggregated bandwidth of both ends
 *	of a hop, or NULL.
 * @boot_avg: the average bandwidth the bootloader left on every node, in
 *	kBps, which the interconnect core keeps until icc_sync_state().
 * @boot_peak: the peak bandwidth the bootloader left on every node.
 * @avg_bw: the average bandwidth each node was last set to, in kBps.
 * @peak_bw: the peak bandwidth each node was last set to, in kBps.
 */
struct bc_test_icc {
	struct icc_provider provider;
	const struct bc_test_icc_desc *desc;
	struct icc_node *nodes[BC_TEST_ICC_MAX_NODES];
	struct bc_test_recorder *rec;
	u32 boot_avg;
	u32 boot_peak;
	u32 avg_bw[BC_TEST_ICC_MAX_NODES];
	u32 peak_bw[BC_TEST_ICC_MAX_NODES];
};

int bc_test_icc_provide(struct device *dev, struct bc_test_icc *icc);

#define BC_TEST_RESET_LINES	2

/**
 * struct bc_test_reset - A fake reset controller.
 *
 * @rcdev: the controller; @rcdev.nr_resets lines, one specifier cell.
 * @rec: where its operations go, or NULL.
 * @names: the name of each line in the records.
 * @asserted: the state of each line; all start deasserted, as the
 *	bootloader left them for the devices it runs.
 */
struct bc_test_reset {
	struct reset_controller_dev rcdev;
	struct bc_test_recorder *rec;
	const char * const *names;
	bool asserted[BC_TEST_RESET_LINES];
};

int bc_test_reset_provide(struct device *dev, struct bc_test_reset *rst,
			  unsigned int nr_lines, const char * const *names);

#endif /* _DRIVERS_BOOT_CONSTRAINT_TESTS_FAKES_H */
