/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal interfaces of the boot constraint core.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_CORE_H
#define _DRIVERS_BOOT_CONSTRAINT_CORE_H

#include <linux/boot_constraint.h>
#include <linux/ktime.h>
#include <linux/list.h>
#include <linux/types.h>

struct clk;
struct device_node;
struct icc_path;
struct regulator;
struct reset_control;
struct seq_file;

/**
 * enum boot_constraint_state - Life cycle of a constraint.
 *
 * @BC_PENDING: added, waiting for its resource's provider.
 * @BC_APPLIED: holds its resource.
 * @BC_RELEASED: released after its device probed or went away.
 * @BC_EXPIRED: released at the deadline, its device not probed.
 * @BC_FAILED: could not be applied; the error is kept in @error.
 */
enum boot_constraint_state {
	BC_PENDING,
	BC_APPLIED,
	BC_RELEASED,
	BC_EXPIRED,
	BC_FAILED,
};

struct boot_constraint;

/**
 * struct boot_constraint_ops - What a resource type does.
 *
 * @name: the type's name, as debugfs shows it.
 * @init: check the caller's description of the constraint and copy it; the
 *	resource name goes in &boot_constraint.name, allocated with
 *	kstrdup_const().
 * @apply: take the resource. Returns -EPROBE_DEFER while its provider is
 *	missing, and leaves nothing taken on any error.
 * @release: give the resource back.
 * @show: print the parameters of the constraint, if it has any.
 * @provider: optional; the device tree node of the resource's provider, as
 *	the device's own node names it, or NULL if it names none. Without it,
 *	a pending constraint is retried on every bind. The result is
 *	a key only: it is compared with the nodes of devices being bound,
 *	never dereferenced, and no reference is kept.
 */
struct boot_constraint_ops {
	const char *name;
	int (*init)(struct boot_constraint *c, struct device *dev,
		    const void *data);
	int (*apply)(struct boot_constraint *c);
	void (*release)(struct boot_constraint *c);
	void (*show)(struct seq_file *s, const struct boot_constraint *c);
	struct device_node *(*provider)(struct boot_constraint *c);
};

/**
 * struct boot_constraint_dev - The constraints of one device.
 *
 * @dev: the device, with a reference held while it is in the active table.
 * @name: the device's name, kept for debugfs once @dev is let go.
 * @hnode: entry in the table of active devices, hashed on @dev.
 * @node: entry in the list of every constrained device.
 * @constraints: the device's constraints, in the order they were added.
 * @active: true while in the active table.
 */
struct boot_constraint_dev {
	struct device *dev;
	const char *name;
	struct hlist_node hnode;
	struct list_head node;
	struct list_head constraints;
	bool active;
};

/**
 * struct boot_constraint - One constraint.
 *
 * @node: entry in the device's list.
 * @pending_node: entry in the table of pending constraints, hashed on
 *	@provider, or in the list of those without one.
 * @done_node: entry in a list of constraints whose owner is still to be
 *	told they are gone, built under the lock and walked after it.
 * @bdev: the device it constrains.
 * @ops: its type's operations.
 * @name: name of the resource, or NULL for the device's default one.
 * @state: where it is in its life cycle.
 * @error: why it failed, in %BC_FAILED.
 * @attempts: number of times it was tried to be applied.
 * @provider: while pending, the node of its provider, or NULL.
 * @deferrable: whether a missing provider leaves it pending.
 * @applied_at: when it was applied, or 0.
 * @released_at: when it was released, or 0.
 * @free_resources: the owner's callback, run after release.
 * @free_resources_data: its argument.
 * @clk: the requested rate range and the clock.
 * @supply: the requested voltage range and the regulator.
 * @pm: the device that holds the domain on.
 * @icc: the requested bandwidth and the interconnect path.
 * @reset: the reset line.
 */
struct boot_constraint {
	struct list_head node;
	struct hlist_node pending_node;
	struct list_head done_node;
	struct boot_constraint_dev *bdev;
	const struct boot_constraint_ops *ops;
	const char *name;
	enum boot_constraint_state state;
	int error;
	unsigned int attempts;
	const struct device_node *provider;
	bool deferrable;
	ktime_t applied_at;
	ktime_t released_at;
	void (*free_resources)(void *data);
	void *free_resources_data;
	union {
		struct {
			unsigned long rate_min;
			unsigned long rate_max;
			struct clk *clk;
		} clk;
		struct {
			unsigned int u_volt_min;
			unsigned int u_volt_max;
			struct regulator *reg;
		} supply;
		struct {
			struct device *holder;
		} pm;
		struct {
			u32 avg_bw;
			u32 peak_bw;
			struct icc_path *path;
		} icc;
		struct {
			struct reset_control *rstc;
		} reset;
	};
};

extern const struct boot_constraint_ops boot_constraint_clk_ops;
extern const struct boot_constraint_ops boot_constraint_pm_ops;
extern const struct boot_constraint_ops boot_constraint_supply_ops;
/* Built with their frameworks only: CONFIG_DEV_BOOT_CONSTRAINT_ICC, _RESET */
extern const struct boot_constraint_ops boot_constraint_icc_ops;
extern const struct boot_constraint_ops boot_constraint_reset_ops;

static inline struct device *boot_constraint_device(const struct boot_constraint *c)
{
	return c->bdev->dev;
}

int boot_constraint_add_all(struct device *dev,
			    const struct dev_boot_constraint_info *infos,
			    unsigned int n, bool deferrable);
int boot_constraint_add_missing(struct device *dev,
				const struct dev_boot_constraint_info *infos,
				unsigned int n, const char *origin);
int boot_constraint_add_of_node(struct device_node *np,
				const struct dev_boot_constraint_of *oconst,
				const char *origin);
void boot_constraint_of_drop_waiters(void);
bool boot_constraint_boot_console(void);
const struct dev_boot_constraint_machine *
boot_constraint_machine_match(const struct device_node *root,
			      const struct dev_boot_constraint_machine *machines,
			      unsigned int count);
const char *boot_constraint_state_name(enum boot_constraint_state state);
void boot_constraint_show_all(struct seq_file *s);
unsigned int boot_constraint_count(struct device *dev,
				   enum boot_constraint_state state);
unsigned int boot_constraint_attempts(struct device *dev);
void boot_constraint_show_stats(struct seq_file *s);
bool boot_constraints_disabled(void);
void boot_constraints_expire(void);

#endif /* _DRIVERS_BOOT_CONSTRAINT_CORE_H */
