/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal interfaces of the boot constraint core: its devices, batches,
 * adders and mode, and what the sources of constraints call. What a
 * resource type may use is in type.h, which this includes; what only the
 * core's own files share is in internal.h; what a later file defines for
 * the others is declared in its own header: names.h, of.h, deadline.h,
 * debugfs.h; what only the tests call, in kunit.h.
 */
#ifndef _DRIVERS_BOOT_CONSTRAINT_CORE_H
#define _DRIVERS_BOOT_CONSTRAINT_CORE_H

#include <linux/boot_constraint.h>
#include <linux/ktime.h>
#include <linux/list.h>
#include <linux/types.h>

#include "type.h"

struct device;
struct va_format;

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

const struct bc_type *bc_type(enum dev_boot_constraint_type type);

/* The types built in, by type; NULL for one whose option is off (types.c) */
extern const struct bc_type *const bc_types[DEV_BOOT_CONSTRAINT_NR_TYPES];

/**
 * bc_next_type() - The next type built in.
 * @type: a type; set to the first type built in from it on.
 *
 * Inline: boot_constraints=auto walks the types for every device added.
 *
 * Return: that type, or NULL if there is none: @type is then
 * %DEV_BOOT_CONSTRAINT_NR_TYPES.
 */
static inline const struct bc_type *
bc_next_type(enum dev_boot_constraint_type *type)
{
	for (; *type < DEV_BOOT_CONSTRAINT_NR_TYPES; (*type)++) {
		if (bc_types[*type])
			return bc_types[*type];
	}

	return NULL;
}

/* Every type built in, as @bt, in the order of enum dev_boot_constraint_type */
#define bc_for_each_type(type, bt)			\
	for ((type) = 0; ((bt) = bc_next_type(&(type))); (type)++)

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
