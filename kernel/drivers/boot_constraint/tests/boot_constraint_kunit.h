/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the boot constraint KUnit suites.
 *
 * Every fake provider (fakes.h) given a struct bc_test_log writes what it
 * does to the hardware it pretends to drive there, the test's record of
 * events in order, which the suites compare with what the boot constraint
 * core should have done.
 *
 * The helpers, by job: the log (kunit_log.c); the owner of constraints,
 * adding them and counting what a device holds (kunit_constraints.c); the
 * fakes allocated and registered for a test (kunit_providers.c); test
 * devices and the driver core's probe hooks (kunit_devices.c); test
 * drivers and an aggregate driver (kunit_drivers.c); and the common init
 * of the suites with the overlay's match tables (kunit_setup.c). What a
 * helper allocates or registers for a test is a KUnit resource of that
 * test, freed or unregistered when it ends; each helper's kernel-doc says
 * which.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_TESTS_KUNIT_H
#define _DRIVERS_BOOT_CONSTRAINT_TESTS_KUNIT_H

#include <linux/atomic.h>
#include <linux/bits.h>
#include <linux/boot_constraint.h>
#include <linux/compiler_attributes.h>
#include <linux/mod_devicetable.h>
#include <linux/platform_device.h>
#include <linux/spinlock.h>
#include <linux/types.h>

#include "fakes.h"

struct bc_deadline;
struct component_match;
struct device_node;
struct kunit;

#define BC_TEST_LOG_SIZE	512

/* Voltage range the test regulator accepts, and its usual boot voltage. */
#define BC_TEST_REG_MIN_UV	800000
#define BC_TEST_REG_MAX_UV	3300000
#define BC_TEST_REG_BOOT_UV	1800000
/* Another consumer of the test regulator, a device of this name */
#define BC_TEST_REG_PEER	"bc-test-reg-peer"

/* Supply "vdd" held at BC_TEST_REG_BOOT_UV. */
extern const struct dev_boot_constraint_supply_info bc_test_vdd_boot;

/**
 * struct bc_test_log - What happened, in order.
 *
 * @rec: the recorder the fakes given this log tell.
 * @lock: serializes the writers, some of which run in atomic context.
 * @len: number of characters in @buf.
 * @overflow: set when an event did not fit in @buf.
 * @buf: the events, separated by spaces: "clk0:prepare clk0:on".
 */
struct bc_test_log {
	struct bc_test_recorder rec;
	spinlock_t lock; /* serializes the writers */
	size_t len;
	bool overflow;
	char buf[BC_TEST_LOG_SIZE];
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

/**
 * struct bc_test_ctx - What a test of a suite works on, its test->priv.
 *
 * @log: what the fakes, the drivers and the owner did.
 * @owner: the owner of the constraints the test adds, "owner" in @log.
 * @dev: the device under test.
 * @peer: another consumer of @dev's providers, or NULL.
 * @drv: @dev's driver, not registered yet, or NULL.
 * @clk: @dev's clock, or NULL.
 * @reg: @dev's supply, or NULL.
 * @pd: the power domain of the overlay's nodes, or NULL.
 * @icc: the interconnect of the overlay's nodes, not registered yet, or
 *	NULL.
 * @rst: the reset controller of the overlay's nodes, not registered yet,
 *	or NULL.
 *
 * A suite that needs more embeds it first in its own context.
 */
struct bc_test_ctx {
	struct bc_test_log *log;
	struct bc_test_owner *owner;
	struct device *dev;
	struct device *peer;
	struct bc_test_driver *drv;
	struct bc_test_clk *clk;
	struct bc_test_reg *reg;
	struct bc_test_pd *pd;
	struct bc_test_icc *icc;
	struct bc_test_reset *rst;
};

/* The fakes bc_test_init_with() gives a test. */
#define BC_TEST_WITH_CLK	BIT(0)	/* "clk0", off, "core" of the device */
#define BC_TEST_WITH_PD		BIT(1)	/* the overlay's domain, bound */
#define BC_TEST_WITH_ICC	BIT(2)	/* the overlay's interconnect */
#define BC_TEST_WITH_RESET	BIT(3)	/* the overlay's reset controller */

/**
 * struct bc_test_setup - How bc_test_init_with() sets a suite's test up.
 *
 * @size: size of the suite's context, struct bc_test_ctx or a structure
 *	that starts with it; 0 for struct bc_test_ctx.
 * @dev: the device under test: a platform device registered under this
 *	name, or, if it starts with '/', the overlay node of this path; NULL
 *	for none.
 * @peer: the overlay node of the peer, or NULL.
 * @with: the fakes the test starts with, BC_TEST_WITH_*.
 * @reg_uv: if not 0, the test starts with a regulator, "reg", off at this
 *	voltage, the "vdd" of @dev and of a device named BC_TEST_REG_PEER.
 */
struct bc_test_setup {
	size_t size;
	const char *dev;
	const char *peer;
	unsigned int with;
	int reg_uv;
};

/*
 * BC_TEST_DEFINE_INIT(suite, ...) - Define a suite's init, @suite_init,
 * which sets each test up with bc_test_init_with() and the struct
 * bc_test_setup of the designated initializers that follow.
 */
#define BC_TEST_DEFINE_INIT(suite, ...)					\
	static int suite##_init(struct kunit *test)			\
	{								\
		static const struct bc_test_setup setup = { __VA_ARGS__ }; \
									\
		return bc_test_init_with(test, &setup);			\
	}

/* Match tables of the nodes of kunit_boot_constraint_test.dtso. */
extern const struct of_device_id
	bc_test_clk_match[], bc_test_clk_late_match[], bc_test_reg_match[],
	bc_test_pd_match[], bc_test_clk_consumer_match[],
	bc_test_clk_late_consumer_match[], bc_test_pd_consumer_match[],
	bc_test_pd_peer_match[], bc_test_no_pd_match[], bc_test_icc_match[],
	bc_test_icc_consumer_match[], bc_test_reset_match[],
	bc_test_reset_consumer_match[], bc_test_auto_bound_match[];

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
int bc_test_aggregate_add(struct device *dev, struct component_match *match);
void bc_test_aggregate_del(struct device *dev);
int bc_test_component_driver_register(struct kunit *test, const char *name,
				      const struct of_device_id *match);
void bc_test_pdev_unregister(struct kunit *test, struct platform_device *pdev);
struct bc_deadline *bc_test_deadline_alloc(struct kunit *test);
struct bc_deadline *bc_test_own_deadline(struct kunit *test);
void bc_test_pass_own_deadline(struct kunit *test);
void *bc_test_priv_alloc(struct kunit *test, size_t size);
void bc_test_thread_join(struct kunit *test);
void bc_test_probe_start(struct device *dev);
void bc_test_probe_end(struct device *dev, int ret);
struct platform_device *bc_test_of_pdev(struct kunit *test, const char *path);
struct device_node *bc_test_of_node(struct kunit *test, const char *path);
int bc_test_apply_overlay(struct kunit *test);
struct device *bc_test_dev(struct kunit *test, const char *name);
int bc_test_init_with(struct kunit *test, const struct bc_test_setup *setup);
void *bc_test_init_ctx(struct kunit *test, size_t size);
int bc_test_add_owned(struct device *dev, enum dev_boot_constraint_type type,
		      const void *data, struct bc_test_owner *owner,
		      bool deferrable);
int bc_test_add(struct kunit *test, struct device *dev,
		enum dev_boot_constraint_type type, const void *data,
		bool deferrable);
int bc_test_add_range(struct kunit *test, enum dev_boot_constraint_type type,
		      const char *name, unsigned long min, unsigned long max);
int bc_test_add_dev(struct kunit *test, enum dev_boot_constraint_type type,
		    const void *data, bool deferrable);
int bc_test_add_failing_batch(struct kunit *test,
			      enum dev_boot_constraint_type type,
			      const void *data);
void bc_test_expect_refused(struct kunit *test, struct device *other);
int bc_test_release_at_exit(struct kunit *test, struct device *dev);
void bc_test_add_auto_clk(struct kunit *test, struct device *dev,
			  const char *name);

struct bc_test_driver *bc_test_driver_alloc(struct kunit *test,
					    struct bc_test_log *log,
					    const char *name,
					    const struct of_device_id *match);
int bc_test_driver_register(struct kunit *test, struct bc_test_driver *drv);
struct bc_test_driver *bc_test_driver_add(struct kunit *test, const char *name,
					  const struct of_device_id *match);
struct bc_test_driver *bc_test_bind(struct kunit *test, const char *name,
				    const struct of_device_id *match,
				    unsigned int applied);
unsigned int bc_test_count_held(struct device *dev);

#endif /* _DRIVERS_BOOT_CONSTRAINT_TESTS_KUNIT_H */
