/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a resource type of the boot constraint core may use, and all it may
 * use: its descriptor and callbacks, its part of a constraint, the
 * device of a constraint, the node's entry for its resource, and the
 * helpers that read what a node names. A type's file includes this header
 * and its framework's headers only; the core's devices, batches, adders
 * and mode are in core.h, which it does not include (see "Adding a
 * resource type" in Documentation/driver-api/boot-constraint.rst).
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_TYPE_H
#define _DRIVERS_BOOT_CONSTRAINT_TYPE_H

#include <linux/boot_constraint.h>
#include <linux/build_bug.h>
#include <linux/ktime.h>
#include <linux/list.h>
#include <linux/of.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include <linux/types.h>

struct bc_batch;
struct bc_dev;
struct device;
struct seq_file;

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
 *
 * The core's: no type reads it.
 */
enum bc_state {
	BC_PENDING,
	BC_APPLIED,
	BC_HANDED_OVER,
	BC_RELEASED,
	BC_EXPIRED,
	BC_FAILED,
};

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
 * struct bc_of_names - How a node names its resources of a type.
 *
 * @list: the property of their phandles ("clocks"), or NULL if each is a
 *	property of its own whose name ends in @suffix.
 * @cells: the property of a provider that gives its phandles' cells
 *	("#clock-cells").
 * @names: the property that names them, in @list's order ("clock-names").
 * @per: phandles in @list per resource: 2 for an interconnect path's ends.
 * @suffix: without @list, the end of their properties' names ("-supply").
 * @gpio: optional; the property of a GPIO that the framework takes as the
 *	node's only resource if the node has no @list ("reset-gpios"). Auto
 *	and report modes do not look it up.
 */
struct bc_of_names {
	const char *list;
	const char *cells;
	const char *names;
	unsigned int per;
	const char *suffix;
	const char *gpio;
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

struct bc_constraint;

/**
 * struct bc_ops - What a resource type does.
 *
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
 * @show: optional; print the parameters of the constraint.
 * @provider: optional; the device tree node of the resource's provider, as
 *	the device's own node names it, or NULL if it names none; and, from
 *	a list, the cells of the entry in @spec, whose @nr the caller set
 *	above BC_CELLS. Without it, a pending constraint is
 *	retried on every bind. The node is a key: the core compares it with
 *	the nodes of devices being bound, and keeps no reference; a type may
 *	get its resource from the node and the cells while the constraint
 *	waits for it (bc_constraint_args()).
 * @describe: fill @desc with the description, @data of dev_boot_constraint,
 *	of a constraint on the resource @name within @min-@max (both 0: no
 *	range).
 * @sample: optional; read the resource as the hardware has it now, as the
 *	bootloader left it unless a consumer has changed it: returns 1 if it
 *	is on, 0 if it is off, or a negative errno (-EPROBE_DEFER while its
 *	provider is missing); if it is on, its rate or voltage becomes the
 *	constraint's range, so that it is held as it is, and with @hold it
 *	is taken, as apply() would.
 *	Nothing is taken for a resource that is off, or without @hold. NULL
 *	if the hardware cannot tell (a bandwidth): the type is then never
 *	held automatically.
 * @peek: optional; as @sample without a constraint nor a hold: whether the
 *	resource that @dev's node names @name (NULL: the first of its list),
 *	of entry @spec as the node's walk read it, is on: 1, 0, or a negative
 *	errno (-EPROBE_DEFER while its provider is missing). With it, an
 *	automatic constraint costs a record of a few words while its
 *	provider is missing, and none once the resource is found off.
 *
 * None of the calls is made with the core's lock held: they may register
 * and bind devices.
 */
struct bc_ops {
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
 * struct bc_type - A resource type.
 *
 * @name: the type's one name: in debugfs, in a boot_constraints= spec
 *	("clk") and in the core's messages.
 * @names: how its users name the type's resources.
 * @size: the bytes of the type's constraint: a struct of the type's that
 *	embeds &struct bc_constraint first, see BC_SIZE().
 * @name_offset: where the type's description (the @data of struct
 *	dev_boot_constraint) keeps the resource's name, a pointer to a
 *	string: the core copies the name into the constraint's own
 *	allocation, and sets &bc_constraint.name, before &bc_ops.init.
 * @ops: what it does; in the descriptor itself, so that a call costs the
 *	constraint's one pointer to its type.
 *
 * Each type defines one, bc_<type>_type, declared below and listed in
 * bc_types[] (types.c).
 */
struct bc_type {
	const char *name;
	const struct bc_names *names;
	size_t size;
	size_t name_offset;
	struct bc_ops ops;
};

/* Each built with its config option, CONFIG_DEV_BOOT_CONSTRAINT_CLK... */
extern const struct bc_type bc_clk_type;
extern const struct bc_type bc_pm_type;
extern const struct bc_type bc_supply_type;
/* Built with their frameworks only: CONFIG_DEV_BOOT_CONSTRAINT_ICC, _RESET */
extern const struct bc_type bc_icc_type;
extern const struct bc_type bc_reset_type;

/**
 * struct bc_constraint - One constraint.
 *
 * @type: its type.
 * @name: name of the resource, or NULL for the device's default one; in
 *	the constraint's own allocation, past its type's struct, or in
 *	.rodata.
 *
 * Each type embeds it, first, in a struct of its own with what the type
 * holds (struct bc_clk: the rate range and the clock), allocated at
 * &bc_type.size. A type reads @name; the rest is the core's, and a type
 * reaches what it needs of it through bc_device() and bc_constraint_args().
 */
struct bc_constraint {
	/* private: the core's */
	/* entry in the device's list */
	struct list_head node;
	/*
	 * entry in the table of pending constraints, hashed on @provider, or
	 * in the list of those without one
	 */
	struct hlist_node pending_node;
	/*
	 * entry in a list of constraints whose owner is still to be told
	 * they are gone, built under the lock and walked after it
	 */
	struct list_head done_node;
	/* the device it constrains */
	struct bc_dev *bdev;
	/* the constraints added with it */
	struct bc_batch *batch;
	/* public: */
	const struct bc_type *type;
	const char *name;
	/* private: */
	/* where it is in its life cycle */
	enum bc_state state;
	/* why it failed, in BC_FAILED, or why it could not be given back */
	int error;
	/* number of times it was tried to be applied */
	unsigned int attempts;
	/*
	 * with @absent, the count of binds (its low 32 bits) read before that
	 * attempt
	 */
	unsigned int absent_binds;
	/* the bind during which it was last retried, see bc_bind_seq */
	unsigned long tried;
	/*
	 * while pending, the node of its provider, with a reference held, or
	 * NULL; before it is published, the node its adder read from the
	 * device's, if any. Set to NULL under bc_lock when the node leaves
	 * the tree (bc_pending_detach()).
	 */
	const struct device_node *provider;
	/*
	 * with @provider, the cells of the device's node's entry for the
	 * resource as its adder read them, @nr_cells of them, for a sample():
	 * @nr_cells is above BC_CELLS if none were read
	 */
	u32 cells[BC_CELLS];
	u8 nr_cells;
	/* whether a missing provider leaves it pending */
	bool deferrable;
	/*
	 * added by boot_constraints=auto or report: held only if its resource
	 * is on once its provider is there, and yields to a constraint that a
	 * table or a declaration adds for the same resource
	 */
	bool auto_on;
	/*
	 * added by boot_constraints=report: applied and released as any, but
	 * takes nothing
	 */
	bool report;
	/*
	 * an attempt before it was published found its provider missing: its
	 * provider's evidence once it is, see bc_known_absent()
	 */
	bool absent;
	/*
	 * the size of its allocation, as kmalloc gave it, or 0 if that is
	 * above U16_MAX (a name of 64 KiB): see bc_constraint_bytes()
	 */
	u16 bytes;
	/* when it was applied, or 0 */
	ktime_t applied_at;
	/* when it was released, or 0 */
	ktime_t released_at;
	/* the owner's callback, run after release, and its argument */
	void (*free_resources)(void *data);
	void *free_resources_data;
};

/**
 * BC_SIZE() - &bc_type.size of a type.
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

struct device *bc_device(const struct bc_constraint *c);

/**
 * bc_spec_args() - A walked entry as its framework's parse has it.
 * @spec: the node's entry for a resource, as bc_of_walk() read it.
 * @args: set to the entry, without a reference to its node, if it has
 *	one whose cells were kept.
 *
 * Return: whether @args was set.
 */
static inline bool bc_spec_args(const struct bc_spec *spec,
				struct of_phandle_args *args)
{
	if (!spec->np || spec->nr > BC_CELLS)
		return false;

	args->np = spec->np;
	args->args_count = spec->nr;
	memcpy(args->args, spec->cells, spec->nr * sizeof(*spec->cells));

	return true;
}

/**
 * bc_constraint_args() - The node's entry for a constraint's resource.
 * @c: the constraint.
 * @args: set to the entry, without a reference to its node, if the core
 *	kept one.
 *
 * The entry of the device's node for @c's resource, as the walk that added
 * @c, or &bc_ops.provider when @c was published pending, read it, if the
 * core kept it (its cells fit, and its provider's node has not left the
 * tree): a type gets its resource from it while @c waits for its provider,
 * without parsing the node again. Without it, the type reads the node.
 *
 * Return: whether @args was set.
 */
static inline bool bc_constraint_args(const struct bc_constraint *c,
				      struct of_phandle_args *args)
{
	if (!c->provider || c->nr_cells > BC_CELLS)
		return false;

	args->np = (struct device_node *)c->provider;
	args->args_count = c->nr_cells;
	memcpy(args->args, c->cells, c->nr_cells * sizeof(*c->cells));

	return true;
}

int bc_of_index(struct device_node *np, const struct bc_of_names *of,
		const char *name);
int bc_of_spec(struct device_node *np, const struct bc_of_names *of,
	       const char *name, struct of_phandle_args *spec);
struct device_node *bc_of_provider(const struct bc_constraint *c,
				   struct bc_spec *spec);
bool bc_disabled(void);

#endif /* _DRIVERS_BOOT_CONSTRAINT_TYPE_H */
