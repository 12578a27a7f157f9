// SPDX-License-Identifier: GPL-2.0
/*
 * A provider's node that leaves the device tree: an overlay's removal, or
 * of_detach_node(), frees it once its changeset lets go of it. What waits
 * for it keeps a reference to it (pending.c, unseen.c), which would keep
 * an overlay's node past its changeset (an error and a leak of the OF
 * core's) and leave the constraint waiting for a node no provider can
 * register again. So the core lets go of it as it is detached: a pending
 * constraint waits on, for what its device's node then names, and a
 * resource not seen on yet is dropped.
 */

#include <linux/init.h>
#include <linux/notifier.h>
#include <linux/of.h>

#include "internal.h"
#include "pending.h"
#include "unseen.h"

/*
 * Called by the OF core with its of_mutex held, after the node is detached
 * and before its changeset puts it: the node is still there to be looked
 * up by address. Lock order: of_mutex, then bc_lock.
 */
static int bc_of_notify(struct notifier_block *nb, unsigned long action,
			void *arg)
{
	struct of_reconfig_data *rd = arg;

	if (action != OF_RECONFIG_DETACH_NODE)
		return NOTIFY_DONE;

	guard(bc)();
	bc_pending_detach(rd->dn);
	bc_unseen_detach(rd->dn);

	return NOTIFY_OK;
}

static struct notifier_block bc_of_nb = {
	.notifier_call = bc_of_notify,
};

static int __init bc_of_detach_init(void)
{
	return of_reconfig_notifier_register(&bc_of_nb);
}
core_initcall(bc_of_detach_init);
