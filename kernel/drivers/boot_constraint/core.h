/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal interfaces of the boot constraint core: its types, and what the
 * resource types and the sources of constraints call. What only the core's
 * own files share is in internal.h; what a later file defines for the
 * others is declared in its own header: names.h, of.h, deadline.h,
 * debugfs.h; what only the tests call, in kunit.h.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_CORE_H
#define _DRIVERS_BOOT_CONSTRAINT_CORE_H

#include <linux/boot_constraint.h>
#include <linux/build_bug.h>
#include <linux/errno.h>
#include <linux/ktime.h>
#include <linux/list.h>
#include <linux/stddef.h>
#include <linux/types.h>

struct bc_of_names;
struct device;
struct device_node;
struct seq_file;
struct va_format;

/**
 * enum bc_state - Life cycle of a constraint.
 *
 * @BC_PENDING: added, waiting for its resource's provider.
 * @BC_APPLIED: holds its resource.
 * @BC_HANDED_OVER: its device's driver is probing, or has probed and takes
 *	the device over later: the resource is still held, and the driver's
 *	requests take it over.
 * @BC_RELEASED: released after its device probed or went away.
 * @BC_EXPIRED: released at the deadline, its device not probed.
 * @BC_FAILED: could not be applied, or could not be given back; the error
 *	is kept in &bc_constraint.error.
 */
enum bc_state {
	BC_PENDING,
	BC_APPLIED,
	BC_HANDED_OVER,
	BC_RELEASED,
	BC_EXPIRED,
	BC_FAILED,
};

struct bc_constraint;

/* Cells of a node's entry kept for a sample(): two for nearly every clock */
#define BC_CELLS	2

/**
 * struct bc_spec - A node's entry for a resource, as walked.
 *
 * @np: the node of the resource's provider, a key only: no reference held.
 * @cells: the entry's cells after the phandle, @nr of them; @nr is above
 *	BC_CELLS if they did not fit.
 * @nr: see @cells.
 */
struct bc_spec {
	struct device_node *np;
	u32 cells[BC_CELLS];
	u8 nr;
};

/**
 * struct bc_desc - Room for the description of a constraint.
 *
 * @room: the struct dev_boot_constraint_<type>_info of the constraint's
 *	type, as &bc_ops.describe fills it.
 *
 * What a caller of describe() gives it, whatever the type: as struct
 * sockaddr_storage is for the addresses of every family, each type checks
 * at build time that its description fits.
 */
struct bc_desc {
	u64 room[4];
};

/**
 * struct bc_names - How a resource type is named to its users.
 *
 * @kind: the type's name in messages ("clock").
 * @of: how a device tree node names the resources of the type; the
 *	constraints declared in the tree, on the command line and for the
 *	console are checked against it.
 * @decl: the property of a declaration that lists them ("hold-clocks").
 * @decl_range: the property of a declaration with their ranges, one
 *	<min max> each, or NULL if the type has no range.
 * @range_max: the highest bound a range may have; 0 if the type has none.
 * @range_needed: a constraint without a range holds nothing (a bandwidth):
 *	the type is held only where it is named with one, never as "every
 *	resource of the node".
 *
 * What the tables, the declarations, the command line and the console read
 * to name the type's resources and check their ranges; the core reads none
 * of it.
 */
struct bc_names {
	const char *kind;
	const struct bc_of_names *of;
	const char *decl;
	const char *decl_range;
	unsigned long range_max;
	bool range_needed;
};

/**
 * struct bc_ops - What a resource type does.
 *
 * @name: the type's one name: in debugfs, in a boot_constraints= spec
 *	("clk") and in the core's messages.
 * @names: how its users name the type's resources.
 * @size: the bytes of the type's constraint: a struct of the type's that
 *	embeds &struct bc_constraint first, see BC_SIZE().
 * @name_offset: where the type's description (the @data of struct
 *	dev_boot_constraint) keeps the resource's name, a const char *: the
 *	core copies the name into the constraint's own allocation, and sets
 *	&bc_constraint.name, before @init.
 * @init: optional; check the caller's description of the constraint and
 *	copy it, but the resource's name, which the core has copied.
 * @apply: take the resource. Returns -EPROBE_DEFER while its provider is
 *	missing, and leaves nothing taken on any error.
 * @take_back: optional; ask again for what the driver's requests took over
 *	(a rate range, a voltage request, a reset line), after the driver
 *	deferred its probe or declined the device.
 * @release: give the resource back, leaving its rate, voltage and reset
 *	line as they are: only on/off follows the other users' counts. Returns
 *	an error, with the resource still held, if it could not.
 * @show: print the parameters of the constraint, if it has any.
 * @provider: optional; the device tree node of the resource's provider, as
 *	the device's own node names it, or NULL if it names none; and, from
 *	a list, the cells of the entry in @spec, whose @nr the caller set
 *	above BC_CELLS. Without it, a pending constraint is
 *	retried on every bind. The node is a key: the core compares it with
 *	the nodes of devices being bound, and keeps no reference; a type may
 *	get its resource from the node and the cells while the constraint
 *	waits for it.
 * @describe: fill @desc with the description, @data of dev_boot_constraint,
 *	of a constraint on the resource @name within @min-@max (both 0: no
 *	range).
 * @sample: read the resource as the hardware has it now, as the bootloader
 *	left it unless a consumer has changed it: returns 1 if it is on, 0
 *	if it is off, or a negative errno (-EPROBE_DEFER while its provider
 *	is missing); if it is on, its rate or voltage becomes the
 *	constraint's range, so that it is held as it is, and with @hold it
 *	is taken, as apply() would.
 *	Nothing is taken for a resource that is off, or without @hold. NULL
 *	if the hardware cannot tell (a bandwidth): the type is then never
 *	held automatically, see bc_add_auto().
 * @peek: optional; as @sample without a constraint nor a hold: whether the
 *	resource that @dev's node names @name (NULL: the first of its list),
 *	of entry @spec as the node's walk read it, is on: 1, 0, or a negative
 *	errno (-EPROBE_DEFER while its provider is missing). With it, an
 *	automatic constraint costs a record of a few words while its
 *	provider is missing, and none once the resource is found off (unseen.c).
 *
 * None of the calls is made with the core's lock held: they may register
 * and bind devices.
 */
struct bc_ops {
	const char *name;
	const struct bc_names *names;
	size_t size;
	size_t name_offset;
	int (*init)(struct bc_constraint *c, struct device *dev,
		    const void *data);
	int (*apply)(struct bc_constraint *c);
	int (*take_back)(struct bc_constraint *c);
	int (*release)(struct bc_constraint *c);
	void (*show)(struct seq_file *s, const struct bc_constraint *c);
	struct device_node *(*provider)(const struct bc_constraint *c,
					struct bc_spec *spec);
	void (*describe)(struct bc_desc *desc, const char *name,
			 unsigned long min, unsigned long max);
	int (*sample)(struct bc_constraint *c, bool hold);
	int (*peek)(struct device *dev, const char *name,
		    const struct bc_spec *spec);
};

/**
 * struct bc_deadline - When constraints not taken over end.
 *
 * @at: when it passes, or passed; 0 while that is the driver core's to say.
 * @past: it has passed: constraints added under it are refused from now
 *	on, nothing being left to release them. Set under bc_lock, read
 *	without it by bc_add_auto().
 *
 * The machine has one; a test opens one of its own with
 * bc_deadline_init() and passes it with bc_pass().
 */
struct bc_deadline {
	ktime_t at;
	bool past;
};

/**
 * struct bc_batch - Constraints added together, all or none.
 *
 * @origin: what declared them (a node of /chosen/boot-constraints, a
 *	boot_constraints= spec), named in the one line that says why they
 *	were rejected; or NULL.
 * @members: how many constraints of the batch are still recorded.
 * @deadline: what releases them if their device's driver does not take
 *	them over; read only while one of them is live.
 */
struct bc_batch {
	const char *origin;
	unsigned int members;
	struct bc_deadline *deadline;
};

/**
 * struct bc_dev - The constraints of one device.
 *
 * @dev: the device, with a reference held while it is in the active table,
 *	and flagged (dev_boot_constrained()) while it is.
 * @key: the device, never dereferenced: what the history is searched by.
 * @name: the device's name, copied for debugfs when @dev is let go, its
 *	constraints kept in the history; NULL until then.
 * @hnode: entry in the table of active devices, hashed on @dev.
 * @node: entry in the list of active devices, or in the history.
 * @constraints: the device's constraints, in the order they were added.
 * @active: true while in the active table.
 * @probing: a driver's probe of the device is under way.
 * @later: the driver that is probing it, or has probed it, takes its
 *	resources over after its probe (a component, at its aggregate's bind;
 *	a display, at its first modeset): the constraints stay until
 *	@taken_over, the device goes, or the deadline.
 * @taken_over: its driver has taken its resources over; bc_retry_work
 *	releases the constraints once no probe of the device is under way.
 *	Each probe attempt clears it: its driver says it anew.
 * @ended: user space ended its constraints: they are released once no
 *	probe of the device is under way, whatever that probe returns. No
 *	probe attempt clears it.
 * @warned: the deadline now passing has warned of its constraints.
 * @retry: a provider bound while the device was busy: retry its pending
 *	constraints before letting it go.
 * @retry_node: while @retry is set, entry in the list of devices that
 *	bc_retry_work retries.
 * @seq: the last pass of the deadline that saw it.
 */
struct bc_dev {
	struct device *dev;
	const struct device *key;
	const char *name;
	struct hlist_node hnode;
	struct list_head node;
	struct list_head constraints;
	bool active;
	bool probing;
	bool later;
	bool taken_over;
	bool ended;
	bool warned;
	bool retry;
	struct list_head retry_node;
	unsigned long seq;
};

/**
 * struct bc_constraint - One constraint.
 *
 * @node: entry in the device's list.
 * @pending_node: entry in the table of pending constraints, hashed on
 *	@provider, or in the list of those without one.
 * @done_node: entry in a list of constraints whose owner is still to be
 *	told they are gone, built under the lock and walked after it.
 * @bdev: the device it constrains.
 * @batch: the constraints added with it.
 * @ops: its type's operations.
 * @name: name of the resource, or NULL for the device's default one; in
 *	the constraint's own allocation, past its type's struct, or in
 *	.rodata.
 * @state: where it is in its life cycle.
 * @error: why it failed, in %BC_FAILED, or why it could not be given back.
 * @attempts: number of times it was tried to be applied.
 * @absent_binds: with @absent, the count of binds (its low 32 bits) read
 *	before that attempt.
 * @tried: the bind during which it was last retried, see bc_bind_seq.
 * @provider: while pending, the node of its provider, with a reference
 *	held, or NULL; before it is published, the node its adder read from
 *	the device's, if any. Set to NULL under bc_lock when the node leaves
 *	the tree (bc_pending_detach()).
 * @cells: with @provider, the cells of the device's node's entry for the
 *	resource as its adder read them, @nr_cells of them, for a sample():
 *	@nr_cells is above BC_CELLS if none were read.
 * @nr_cells: see @cells.
 * @deferrable: whether a missing provider leaves it pending.
 * @auto_on: added by boot_constraints=auto or report: held only if its
 *	resource is on once its provider is there, and yields to a constraint
 *	that a table or a declaration adds for the same resource.
 * @report: added by boot_constraints=report: applied and released as any,
 *	but takes nothing.
 * @absent: an attempt before it was published found its provider missing:
 *	its provider's evidence once it is, see bc_known_absent().
 * @bytes: the size of its allocation, as kmalloc gave it, or 0 if that is
 *	above U16_MAX (a name of 64 KiB): see bc_constraint_bytes().
 * @applied_at: when it was applied, or 0.
 * @released_at: when it was released, or 0.
 * @free_resources: the owner's callback, run after release.
 * @free_resources_data: its argument.
 *
 * Each type embeds it, first, in a struct of its own with what the type
 * holds (struct bc_clk: the rate range and the clock), allocated at
 * &bc_ops.size.
 */
struct bc_constraint {
	struct list_head node;
	struct hlist_node pending_node;
	struct list_head done_node;
	struct bc_dev *bdev;
	struct bc_batch *batch;
	const struct bc_ops *ops;
	const char *name;
	enum bc_state state;
	int error;
	unsigned int attempts;
	unsigned int absent_binds;
	unsigned long tried;
	const struct device_node *provider;
	u32 cells[BC_CELLS];
	u8 nr_cells;
	bool deferrable;
	bool auto_on;
	bool report;
	bool absent;
	u16 bytes;
	ktime_t applied_at;
	ktime_t released_at;
	void (*free_resources)(void *data);
	void *free_resources_data;
};

/**
 * BC_SIZE() - &bc_ops.size of a type.
 * @type: the struct of the type's constraint, whose first member is its
 *	&struct bc_constraint, named c.
 *
 * The core allocates and frees a constraint by its &struct bc_constraint:
 * the build fails unless that starts the type's struct.
 */
#define BC_SIZE(type)					\
	(sizeof(type) + BUILD_BUG_ON_ZERO(offsetof(type, c)))

/**
 * BC_DESC() - A type's description in a &struct bc_desc.
 * @desc: the room that &bc_ops.describe is given.
 * @info: the type's description struct, such as
 *	struct dev_boot_constraint_clk_info.
 *
 * The build fails unless @info fits in @desc.
 */
#define BC_DESC(desc, info)				\
	((typeof(info) *)((void *)(desc) +				\
			  BUILD_BUG_ON_ZERO(sizeof(info) >		\
					    sizeof(struct bc_desc))))

/* Each built with its config option, CONFIG_DEV_BOOT_CONSTRAINT_CLK... */
extern const struct bc_ops bc_clk_ops;
extern const struct bc_ops bc_pm_ops;
extern const struct bc_ops bc_supply_ops;
/* Built with their frameworks only: CONFIG_DEV_BOOT_CONSTRAINT_ICC, _RESET */
extern const struct bc_ops bc_icc_ops;
extern const struct bc_ops bc_reset_ops;

const struct bc_ops *bc_type(enum dev_boot_constraint_type type);

/* The types built in, by type; NULL for one whose option is off (types.c) */
extern const struct bc_ops *const bc_types[DEV_BOOT_CONSTRAINT_NR_TYPES];

/**
 * bc_next_type() - The next type built in.
 * @type: a type; set to the first type built in from it on.
 *
 * Inline: boot_constraints=auto walks the types for every device added.
 *
 * Return: the ops of that type, or NULL if there is none: @type is then
 * %DEV_BOOT_CONSTRAINT_NR_TYPES.
 */
static inline const struct bc_ops *
bc_next_type(enum dev_boot_constraint_type *type)
{
	for (; *type < DEV_BOOT_CONSTRAINT_NR_TYPES; (*type)++) {
		if (bc_types[*type])
			return bc_types[*type];
	}

	return NULL;
}

/* Every type built in, as @ops, in the order of enum dev_boot_constraint_type */
#define bc_for_each_type(type, ops)			\
	for ((type) = 0; ((ops) = bc_next_type(&(type))); (type)++)

static inline struct device *bc_device(const struct bc_constraint *c)
{
	return c->bdev->dev;
}

int bc_add_until(struct device *dev,
		 const struct dev_boot_constraint_info *infos,
			      unsigned int n,
			      struct bc_deadline *deadline);
int bc_add_missing(struct device *dev,
		   const struct dev_boot_constraint_info *infos,
				unsigned int n,
				const char *origin);
int bc_add_later(struct device *dev,
		 const struct dev_boot_constraint_info *infos,
			      unsigned int n, const char *origin);
/* The deadline of what is added now: the machine's, a test's own under KUnit */
struct bc_deadline *bc_add_deadline(void);
bool bc_deadline_passed(void);
const char *bc_state_name(enum bc_state state);
bool bc_disabled(void);

/*
 * The mode, which boot_constraints= sets (cmdline.c) and the core's files
 * read from the start: without CONFIG_DEV_BOOT_CONSTRAINT_AUTO, tables
 * only.
 */

/**
 * enum bc_mode - What is held without a table.
 *
 * @BC_MODE_TABLES: only what tables, declarations and the console name.
 * @BC_MODE_AUTO: also every resource that a device tree node names and that
 *	is on when its provider is there, until the node's device probes.
 * @BC_MODE_REPORT: as @BC_MODE_AUTO, but only logged: nothing more is held.
 */
enum bc_mode {
	BC_MODE_TABLES,
	BC_MODE_AUTO,
	BC_MODE_REPORT,
};

enum bc_mode bc_mode(void);
const char *bc_mode_name(void);

/* The most constraints an add takes without allocating an array for them */
#define BC_ADD_FEW	4

int bc_add_auto(struct device *dev,
		const struct dev_boot_constraint_info *infos,
			     const struct bc_spec *specs,
			     unsigned int n);

int bc_add_auto_found(struct device *dev,
		      const struct dev_boot_constraint_info *infos,
		      const struct bc_spec *specs, unsigned int n,
		      struct device_node *bound);

#ifdef CONFIG_DEV_BOOT_CONSTRAINT_AUTO
void bc_auto_add_device(struct device *dev);
#else
static inline void bc_auto_add_device(struct device *dev)
{
}
#endif
unsigned int bc_cmdline_specs(const char * const **specs);
bool bc_deadlines_open(void);
__printf(2, 3)
void bc_reject(const char *origin, const char *fmt, ...);
__printf(4, 5)
void bc_reject_or(const char *origin,
		  void (*fallback)(const void *arg,
				   struct va_format *why),
		  const void *arg, const char *fmt, ...);

#endif /* _DRIVERS_BOOT_CONSTRAINT_CORE_H */
