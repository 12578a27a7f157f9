# SPDX-License-Identifier: GPL-2.0
# Shared settings for the harness scripts; source it, do not run it.
#
# Every script runs from the repository root, so that all the paths
# below are the same whether it is called by make or by hand.

top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"

build=$top/build
src=${SRC:-$build/linux}

die() {
	echo "$0: error: $*" >&2
	exit 1
}

# bctest ARGS...: ask the harness's Python package (scripts/bctest,
# python3 -m bctest without arguments says what it answers).
bctest() {
	PYTHONPATH="$top/scripts${PYTHONPATH:+:$PYTHONPATH}" python3 -m bctest "$@"
}

# arch_setup ARCH: one kernel per harness arch (the table is
# scripts/bctest/machines.py: arm64, arm64-debug, arm64-prod, arm32,
# arm32-base); sets the kernel's ARCH (karch), the cross compiler (cross),
# the Kconfig fragments merged on top of allnoconfig (fragments), the make
# targets (targets), the image (image), the busybox package arch (debarch),
# the source tree (src, unless SRC is set) and the out dir beside it (out,
# unless OUT is set).
arch_setup() {
	vars=$(bctest arch "$1") || die "cannot set up arch '$1'"
	eval "$vars"
	src=${SRC:-$build/$tree}
	out=${OUT:-$build/$outdir}
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
