#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# build.sh ARCH [MAKE-ARGS...]: configure (scripts/steps/config.sh) and build
# the guest kernel for ARCH (arm64, arm32, arm32-base, ...) out of tree in
# build/out-ARCH.
# Incremental: a rerun rebuilds only what changed.  MAKE-ARGS, if any,
# replace the default targets (e.g. W=1 drivers/boot_constraint/).
set -e
. "$(dirname "$0")/lib.sh"
arch=$1
arch_setup "$arch"
shift

case $arch in *-base) base=1 ;; *) base= ;; esac
if [ -n "$base" ] && [ ! -e "$src/.git" ]; then
	[ -e "$build/linux/.git" ] || die "no kernel tree; run scripts/steps/prepare-tree.sh"
	git -C "$build/linux" worktree prune
	git -C "$build/linux" worktree add -q --detach "$src" pristine
fi
[ -e "$src/.git" ] || die "no kernel tree; run scripts/steps/prepare-tree.sh"
"$top/scripts/steps/config.sh" "$arch"

if [ $# -eq 0 ]; then
	set -- $targets
fi
echo "build: $arch: $*"
kmake "$@"
