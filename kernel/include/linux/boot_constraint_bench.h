/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the boot constraint benchmark (drivers/boot_constraint/boards/bench.c,
 * CONFIG_DEV_BOOT_CONSTRAINT_BENCH) and the driver core need from each
 * other, and nothing else calls: a header of its own, so that neither the
 * benchmark includes the driver core's private drivers/base/base.h nor a
 * header that nearly every file includes changes with it.
 */
#ifndef _LINUX_BOOT_CONSTRAINT_BENCH_H
#define _LINUX_BOOT_CONSTRAINT_BENCH_H

struct device;

#ifdef CONFIG_DEV_BOOT_CONSTRAINT_BENCH
void driver_deferred_probe_enable_early(void);
void boot_constraints_bench_device_added(struct device *dev);
#else
static inline void boot_constraints_bench_device_added(struct device *dev) {}
#endif

#endif /* _LINUX_BOOT_CONSTRAINT_BENCH_H */
