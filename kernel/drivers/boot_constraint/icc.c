// SPDX-License-Identifier: GPL-2.0
/*
 * Interconnect boot constraints: keep a bandwidth requested on a path.
 *
 * The interconnect core keeps each node at the bandwidth it booted with
 * only until icc_sync_state(), and aggregates the requests of the node's
 * consumers from then on; a device whose driver has not probed by then
 * requests nothing, and its path may be slowed down under it. The
 * constraint requests the bandwidth on the device's behalf, on the path
 * the device's own driver will use, as an ordinary request that the
 * provider aggregates with the others.
 */

#include <linux/device.h>
#include <linux/err.h>
#include <linux/interconnect.h>
#include <linux/interconnect-provider.h>
#include <linux/of.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "type.h"

/**
 * struct bc_icc - An interconnect constraint.
 *
 * @c: the constraint.
 * @avg_bw: the average bandwidth requested, in kBps.
 * @peak_bw: the peak bandwidth requested, in kBps.
 * @path: the interconnect path, while held.
 */
struct bc_icc {
	struct bc_constraint c;
	u32 avg_bw;
	u32 peak_bw;
	struct icc_path *path;
};

#define to_bc_icc(_c) container_of_const(_c, struct bc_icc, c)

static int bc_icc_init(struct bc_constraint *c, struct device *dev,
		       const void *data)
{
	const struct dev_boot_constraint_icc_info *info = data;
	struct bc_icc *bc = to_bc_icc(c);

	if (!info) {
		dev_err(dev, "icc boot constraint without bandwidth\n");
		return -EINVAL;
	}

	/* A request of no bandwidth holds nothing. */
	if (!info->avg_bw && !info->peak_bw) {
		dev_err(dev, "icc boot constraint %s: no bandwidth\n",
			info->name ?: "(first path)");
		return -EINVAL;
	}

	bc->avg_bw = info->avg_bw;
	bc->peak_bw = info->peak_bw;

	return 0;
}

static const struct bc_of_names bc_icc_of = {
	.list = "interconnects", .cells = "#interconnect-cells",
	.names = "interconnect-names", .per = 2,
};

/*
 * The node of the first end of the path whose provider is not registered,
 * or NULL if both are (or the node names no such path). Asked before
 * of_icc_get(), which would record a deferred probe reason on the device as
 * if its own probe had deferred, never freed unless it does. Anything else
 * wrong with the path is for of_icc_get() to report.
 */
static struct device_node *bc_icc_missing_end(struct device_node *np,
					      const char *name)
{
	struct of_phandle_args spec;
	struct icc_node_data *data;
	int index, end;

	index = np ? bc_of_index(np, &bc_icc_of, name) : -ENOENT;
	if (index < 0)
		return NULL;

	for (end = 0; end < bc_icc_of.per; end++) {
		if (of_parse_phandle_with_args(np, bc_icc_of.list, bc_icc_of.cells,
					       index * bc_icc_of.per + end, &spec))
			return NULL;

		data = of_icc_get_from_provider(&spec);
		of_node_put(spec.np);
		if (IS_ERR(data))
			return PTR_ERR(data) == -EPROBE_DEFER ? spec.np : NULL;
		kfree(data);
	}

	return NULL;
}

static int bc_icc_apply(struct bc_constraint *c)
{
	struct device *dev = bc_device(c);
	struct bc_icc *bc = to_bc_icc(c);
	struct icc_path *path;
	int ret;

	if (bc_icc_missing_end(dev->of_node, c->name))
		return -EPROBE_DEFER;

	path = of_icc_get(dev, c->name);
	if (IS_ERR(path))
		return PTR_ERR(path);
	/* No "interconnects" property: the device has no path to hold. */
	if (!path)
		return -ENOENT;

	ret = icc_set_bw(path, bc->avg_bw, bc->peak_bw);
	if (ret) {
		icc_put(path);
		return ret;
	}

	bc->path = path;

	return 0;
}

static int bc_icc_release(struct bc_constraint *c)
{
	struct bc_icc *bc = to_bc_icc(c);

	/* Drops the request, letting the provider aggregate the others only. */
	icc_put(bc->path);
	bc->path = NULL;

	return 0;
}

static void bc_icc_show(struct seq_file *s, const struct bc_constraint *c)
{
	const struct bc_icc *bc = to_bc_icc(c);

	seq_printf(s, " avg=%u,peak=%ukBps", bc->avg_bw, bc->peak_bw);
}

/* The provider that the path waits for: the first of its ends that is missing. */
static struct device_node *bc_icc_provider(const struct bc_constraint *c,
					   struct bc_spec *spec)
{
	return bc_icc_missing_end(bc_device(c)->of_node, c->name);
}

static void bc_icc_describe(struct bc_desc *desc,
			    const char *name, unsigned long min,
			    unsigned long max)
{
	struct dev_boot_constraint_icc_info *info =
		BC_DESC(desc, struct dev_boot_constraint_icc_info);

	*info = (struct dev_boot_constraint_icc_info) {
		.name = name, .avg_bw = min, .peak_bw = max,
	};
}

static const struct bc_names bc_icc_names = {
	.kind = "interconnect path",
	.of = &bc_icc_of,
	.decl = "hold-interconnects",
	.decl_range = "hold-interconnect-bandwidth-kBps",
	.range_max = U32_MAX,
	.range_needed = true,
};

const struct bc_type bc_icc_type = {
	.name = "icc",
	.names = &bc_icc_names,
	.size = BC_SIZE(struct bc_icc),
	.name_offset = offsetof(struct dev_boot_constraint_icc_info, name),
	.ops = {
		.init = bc_icc_init,
		.apply = bc_icc_apply,
		.release = bc_icc_release,
		.show = bc_icc_show,
		.provider = bc_icc_provider,
		.describe = bc_icc_describe,
	},
};
