// SPDX-License-Identifier: GPL-2.0
/*
 * Fake interconnect and reset controller of the boot constraint tests,
 * registered with the real frameworks: what the interconnect and reset
 * cores ask of them reaches their pretend hardware, which tells a recorder.
 * See fakes.h.
 */

#include <linux/atomic.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/of.h>

#include <kunit/visibility.h>

#include "fakes.h"

/* Interconnect */

static unsigned int bc_test_icc_index(const struct icc_node *node)
{
	return (uintptr_t)node->data;
}

static void bc_test_icc_record(struct bc_test_icc *icc, struct icc_node *node)
{
	unsigned int i = bc_test_icc_index(node);

	icc->avg_bw[i] = node->avg_bw;
	icc->peak_bw[i] = node->peak_bw;
	bc_test_record(icc->rec, node->name, BC_TEST_AVG, node->avg_bw, 0);
	bc_test_record(icc->rec, node->name, BC_TEST_PEAK, node->peak_bw, 0);
}

/* The bandwidth the core aggregated on both ends of a hop. */
static int bc_test_icc_set(struct icc_node *src, struct icc_node *dst)
{
	struct bc_test_icc *icc = src->provider->data;

	bc_test_icc_record(icc, src);
	if (dst != src)
		bc_test_icc_record(icc, dst);

	return 0;
}

static int bc_test_icc_get_bw(struct icc_node *node, u32 *avg, u32 *peak)
{
	struct bc_test_icc *icc = node->provider->data;

	*avg = icc->boot_avg;
	*peak = icc->boot_peak;

	return 0;
}

static struct icc_node *bc_test_icc_xlate(const struct of_phandle_args *spec,
					  void *data)
{
	struct bc_test_icc *icc = data;

	if (spec->args_count != 1 || spec->args[0] >= icc->desc->num_nodes)
		return ERR_PTR(-EINVAL);

	return icc->nodes[spec->args[0]];
}

/*
 * Node IDs are global: each provider takes its own block, clear of the
 * small ones of real providers.
 */
#define BC_TEST_ICC_ID(block, i)	(0x4bc000 + (block) * BC_TEST_ICC_MAX_NODES + (i))

static int bc_test_icc_add_nodes(struct bc_test_icc *icc)
{
	static atomic_t blocks = ATOMIC_INIT(0);
	const struct bc_test_icc_desc *desc = icc->desc;
	int block = atomic_inc_return(&blocks);
	struct icc_node *node;
	unsigned int i;
	int ret;

	for (i = 0; i < desc->num_nodes; i++) {
		node = icc_node_create(BC_TEST_ICC_ID(block, i));
		if (IS_ERR(node))
			return PTR_ERR(node);

		node->name = desc->names[i];
		node->data = (void *)(uintptr_t)i;
		icc_node_add(node, &icc->provider);
		icc->nodes[i] = node;
	}

	for (i = 0; i < desc->num_links; i++) {
		ret = icc_link_create(icc->nodes[desc->links[i][0]],
				      BC_TEST_ICC_ID(block, desc->links[i][1]));
		if (ret)
			return ret;
	}

	return 0;
}

static void bc_test_icc_remove(void *data)
{
	struct bc_test_icc *icc = data;

	icc_provider_deregister(&icc->provider);
	icc_nodes_remove(&icc->provider);
}

/**
 * bc_test_icc_provide() - Register a fake interconnect for a device.
 * @dev: the device, with "#interconnect-cells = <1>" (the index of a node
 *	in @icc->desc), whose driver is probing; the provider is removed
 *	when it unbinds.
 * @icc: the provider, with its nodes and boot bandwidth set.
 *
 * Context: the probe of @dev.
 * Return: 0 or a negative errno.
 */
int bc_test_icc_provide(struct device *dev, struct bc_test_icc *icc)
{
	struct icc_provider *provider = &icc->provider;
	int ret;

	if (WARN_ON(icc->desc->num_nodes > BC_TEST_ICC_MAX_NODES))
		return -EINVAL;

	provider->dev = dev;
	provider->set = bc_test_icc_set;
	provider->aggregate = icc_std_aggregate;
	provider->get_bw = bc_test_icc_get_bw;
	provider->xlate = bc_test_icc_xlate;
	provider->data = icc;
	icc_provider_init(provider);

	ret = bc_test_icc_add_nodes(icc);
	if (!ret)
		ret = icc_provider_register(provider);
	if (ret) {
		icc_nodes_remove(provider);
		return ret;
	}

	return devm_add_action_or_reset(dev, bc_test_icc_remove, icc);
}
EXPORT_SYMBOL_IF_KUNIT(bc_test_icc_provide);

/* Reset controller */

static struct bc_test_reset *to_bc_test_reset(struct reset_controller_dev *rcdev)
{
	return container_of(rcdev, struct bc_test_reset, rcdev);
}

static int bc_test_reset_set(struct reset_controller_dev *rcdev,
			     unsigned long id, bool asserted)
{
	struct bc_test_reset *rst = to_bc_test_reset(rcdev);

	rst->asserted[id] = asserted;
	bc_test_record(rst->rec, rst->names[id],
		       asserted ? BC_TEST_ASSERT : BC_TEST_DEASSERT, asserted, 0);

	return 0;
}

static int bc_test_reset_assert(struct reset_controller_dev *rcdev,
				unsigned long id)
{
	return bc_test_reset_set(rcdev, id, true);
}

static int bc_test_reset_deassert(struct reset_controller_dev *rcdev,
				  unsigned long id)
{
	return bc_test_reset_set(rcdev, id, false);
}

/* A pulse leaves the line deasserted. */
static int bc_test_reset_pulse(struct reset_controller_dev *rcdev,
			       unsigned long id)
{
	struct bc_test_reset *rst = to_bc_test_reset(rcdev);

	rst->asserted[id] = false;
	bc_test_record(rst->rec, rst->names[id], BC_TEST_PULSE, 0, 0);

	return 0;
}

static int bc_test_reset_status(struct reset_controller_dev *rcdev,
				unsigned long id)
{
	return to_bc_test_reset(rcdev)->asserted[id];
}

static const struct reset_control_ops bc_test_reset_ops = {
	.assert = bc_test_reset_assert,
	.deassert = bc_test_reset_deassert,
	.reset = bc_test_reset_pulse,
	.status = bc_test_reset_status,
};

/**
 * bc_test_reset_provide() - Register a fake reset controller for a device.
 * @dev: the device, with "#reset-cells = <1>" (the line), whose driver is
 *	probing; the controller is removed when it unbinds.
 * @rst: the controller.
 * @nr_lines: its number of lines, at most %BC_TEST_RESET_LINES.
 * @names: the name of each line in the records.
 *
 * Context: the probe of @dev.
 * Return: 0 or a negative errno.
 */
int bc_test_reset_provide(struct device *dev, struct bc_test_reset *rst,
			  unsigned int nr_lines, const char * const *names)
{
	if (WARN_ON(nr_lines > BC_TEST_RESET_LINES))
		return -EINVAL;

	rst->names = names;
	rst->rcdev.ops = &bc_test_reset_ops;
	rst->rcdev.owner = THIS_MODULE;
	rst->rcdev.dev = dev;
	/* Without an of_xlate, one cell: the line number. */
	rst->rcdev.of_node = dev->of_node;
	rst->rcdev.nr_resets = nr_lines;

	return devm_reset_controller_register(dev, &rst->rcdev);
}
EXPORT_SYMBOL_IF_KUNIT(bc_test_reset_provide);
