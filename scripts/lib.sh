# SPDX-License-Identifier: GPL-2.0
# Shared settings for the harness scripts; source it, do not run it.
#
# Every script runs from the repository root, so that all the paths
# below are the same whether it is called by make or by hand.

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

build=$top/build
src=${SRC:-$build/linux}

die() {
	echo "$0: error: $*" >&2
	exit 1
}

# The boards the arm32 kernels boot (scripts/run-tests.py MACHINES).
arm32_dtbs="nxp/imx/imx6q-sabrelite.dtb xilinx/zynq-zc702.dtb
	aspeed/aspeed-ast2600-evb.dtb"

# arch_setup ARCH: one kernel per harness "arch" (arm64, arm32, arm32-base,
# arm64-debug: the arm64 guest with KASAN, UBSAN, kmemleak, lockdep,
# debug objects and fault injection, for make test-debug, and arm64-prod:
# the arm64 guest without lockdep, debug checks or KUnit, for make bench);
# sets the
# kernel's ARCH, its source tree, the cross compiler, the Kconfig
# fragments merged on top of allnoconfig, the make targets, the busybox
# package arch and the out dir.
arch_setup() {
	case $1 in
	arm64)
		karch=arm64
		cross=aarch64-linux-gnu-
		fragments="configs/arm64.config configs/boot-constraint.config"
		targets="Image modules"
		image=arch/arm64/boot/Image
		debarch=arm64
		;;
	arm64-debug)
		arch_setup arm64
		fragments="$fragments configs/debug.config"
		;;
	arm64-prod)
		arch_setup arm64
		fragments="$fragments configs/prod.config"
		;;
	arm32)
		karch=arm
		cross=arm-linux-gnueabihf-
		fragments="configs/arm32.config configs/boot-constraint.config"
		targets="zImage modules $arm32_dtbs"
		image=arch/arm/boot/zImage
		debarch=armhf
		;;
	arm32-base)
		# The baseline: the same arm32 kernel from pristine 6.12,
		# without the series (build/linux-pristine, a worktree of
		# build/linux at tag "pristine", made by scripts/build.sh).
		karch=arm
		cross=arm-linux-gnueabihf-
		fragments="configs/arm32.config"
		targets="zImage modules $arm32_dtbs"
		image=arch/arm/boot/zImage
		debarch=armhf
		src=${SRC:-$build/linux-pristine}
		;;
	*)
		die "unknown arch '$1' (arm64, arm64-debug, arm64-prod, arm32 or arm32-base)"
		;;
	esac
	out=${OUT:-$build/out-$1}
}

# kmake ARGS...: make in the kernel tree, out of tree, with ccache and a
# fixed build identity so that a rebuild of unchanged code is a cache hit.
kmake() {
	make -C "$src" O="$out" ARCH="$karch" CROSS_COMPILE="$cross" \
		CC="ccache ${cross}gcc" \
		KBUILD_BUILD_TIMESTAMP="${KBUILD_BUILD_TIMESTAMP:-2024-11-17}" \
		KBUILD_BUILD_USER=boot-constraint KBUILD_BUILD_HOST=harness \
		-j"$(nproc)" "$@"
}

# The kernel's make must not inherit our make's flags and variables
# (make test BOOTS=... would otherwise reach kbuild).
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
export CCACHE_BASEDIR="$top"
export LC_ALL=C
