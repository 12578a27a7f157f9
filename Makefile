# SPDX-License-Identifier: GPL-2.0
# Build and test the boot constraint series.  See README.md.
#
#   make demo     boot the LCD/MMC board with and without constraints and
#                 draw both timelines in build/demo.svg
#   make demo-uboot  boot the H3 from Debian's U-Boot three times (auto,
#                 pristine 6.12, clk_ignore_unused) and draw U-Boot's clocks
#                 in build/uboot-timeline.svg
#   make test     build the guest kernels and run every boot of tests/boots,
#                 JOBS at once (default 3 per CPU; JOBS=1 one by one)
#   make test-debug  the arm64 guest with KASAN, UBSAN, kmemleak, lockdep,
#                 debug objects and fault injection: tests/debug.boots
#   make series   export the series to build/series/ and checkpatch it
#   make bench    boot-time benchmark of deferrable constraints (arm64: a
#                 production kernel, configs/prod.config, and make test's)
#   make check    series + W=1/sparse/kernel-doc of our files (kernel-doc of
#                 every file the series touches) + x86_64 builds with each
#                 framework off + bisect build (arm64, arm32) + DT bindings
#                 (yamllint, dt-schema) + the driver-api .rst with Sphinx +
#                 kunit.py run --kunitconfig=drivers/boot_constraint (UML) +
#                 the harness's own tests + no two files of the core calling
#                 each other (check-calls)
#   make clean    remove build outputs (keeps the kernel tree and busybox)
#   make distclean  remove build/ entirely
#
# Variables: BOOTS="name ..." runs a subset of tests/boots;
# JOBS=N boots N guests at once (make test: 3 per CPU unless given,
# JOBS=1 one after the other; test-debug and demo: 1 unless given);
# BENCH_ARGS="--sizes 100,1000 --boots 3" changes the benchmark's runs
# (--workload auto: boot_constraints=auto on a tree where every device
# names a clock);
# INITRAMFS_FILES_arm64 / _arm32 add host files to that guest's initramfs.

ARCHES := arm64 arm64-base arm32 arm32-base arm32-nomod
BOOTS :=
JOBS :=

# make test-debug: its kernel (configs/debug.config) and boot table; a
# boot of the sanitized kernel under TCG takes minutes, not seconds, of
# two busy CPUs (-smp 2): one boot at a time unless JOBS says.
DEBUG_ARCH := arm64-debug
DEBUG_TABLE := tests/debug.boots
# kunit-debug took 326 s alone and 813 s beside other boots (2026-12-04).
DEBUG_TIMEOUT := 1200

# make bench: the production kernel (arm64-prod: make test's arm64 kernel
# without lockdep, debug checks and KUnit), which only make bench builds,
# and make test's lockdep kernel.
BENCH_ARCHES := arm64-prod arm64

# make demo: which kernel it needs and which boot table it shows (one
# boot at a time: its timelines are in milliseconds of the guest's).
DEMO_ARCH := arm64
DEMO_TABLE := tests/demo.boots

# make demo-uboot: the U-Boot boots of tests/boots it shows (ours, pristine,
# clk_ignore_unused; the first compares its end state with the second's)
# and their kernels.
UBOOT_DEMO_ARCHES := arm32 arm32-base
UBOOT_DEMO_BOOTS := uboot-h3-end-auto uboot-h3-end-base uboot-h3-end-ignore

# One step at a time, in the order given: the kernel builds use all
# cores themselves.
.NOTPARALLEL:

help:
	@sed -n 's/^#   //p' Makefile

test: deps tree $(addprefix build-,$(ARCHES)) $(addprefix initramfs-,$(ARCHES))
	scripts/run-tests.py $(if $(JOBS),--jobs $(JOBS)) $(BOOTS)

test-debug: deps tree build-$(DEBUG_ARCH) initramfs-$(DEBUG_ARCH)
	scripts/run-tests.py --table $(DEBUG_TABLE) --timeout $(DEBUG_TIMEOUT) \
		--jobs $(or $(JOBS),1) $(BOOTS)

demo: deps tree build-$(DEMO_ARCH) initramfs-$(DEMO_ARCH)
	scripts/run-tests.py --table $(DEMO_TABLE) --jobs $(or $(JOBS),1)
	scripts/demo-timeline.py --svg build/demo.svg \
		build/logs/demo-with.log build/logs/demo-without.log

demo-uboot: deps tree $(addprefix build-,$(UBOOT_DEMO_ARCHES)) $(addprefix initramfs-,$(UBOOT_DEMO_ARCHES))
	scripts/run-tests.py --jobs $(or $(JOBS),1) $(UBOOT_DEMO_BOOTS)
	scripts/uboot-timeline.py --svg build/uboot-timeline.svg \
		$(addprefix build/logs/,$(addsuffix .log,$(UBOOT_DEMO_BOOTS)))

series: deps tree
	scripts/steps/export-series.sh

bench: deps tree $(addprefix build-,$(BENCH_ARCHES)) $(addprefix initramfs-,$(BENCH_ARCHES))
	scripts/bench.py $(BENCH_ARGS)

check: check-harness check-calls check-binding series check-build check-configs check-kunit check-bisect check-docs

check-harness:
	python3 -m unittest discover -s tests/harness

# The calls and data uses between the core's files as the compiler sees
# them: the objects of the arm64 guest's drivers/boot_constraint/.
check-calls: deps tree
	scripts/steps/build.sh arm64 drivers/boot_constraint/
	scripts/check-calls.py --data build/out-arm64/drivers/boot_constraint \
		build/linux/drivers/boot_constraint

# Each a script of scripts/steps/ on the tree of the series
CHECK_STEPS := binding build configs kunit bisect docs

$(addprefix check-,$(CHECK_STEPS)): check-%: deps tree
	scripts/steps/check-$*.sh

# Internal steps.
deps:
	scripts/steps/deps.sh

tree: deps
	scripts/steps/prepare-tree.sh

ALL_ARCHES := $(sort $(ARCHES) $(DEBUG_ARCH) $(BENCH_ARCHES))

$(addprefix build-,$(ALL_ARCHES)): build-%: tree
	scripts/steps/build.sh $*

$(addprefix initramfs-,$(ALL_ARCHES)): initramfs-%: build-%
	scripts/steps/mkinitramfs.sh $* $(INITRAMFS_FILES_$*)

clean:
	rm -rf build/out-* build/pristine/out-* build/logs build/series build/dt build/sd build/tftp build/initramfs-* build/demo.svg build/uboot-timeline.svg \
		build/bisect
	-git -C build/linux worktree prune 2>/dev/null

distclean:
	rm -rf build

.PHONY: help test test-debug demo demo-uboot series bench check check-harness \
	check-calls check-binding check-build check-configs check-kunit check-bisect \
	deps tree \
	$(addprefix build-,$(ARCHES) $(DEBUG_ARCH)) \
	$(addprefix initramfs-,$(ARCHES) $(DEBUG_ARCH)) \
	clean distclean
