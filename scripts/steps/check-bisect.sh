#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build the arm64 and the arm32 kernels at every commit of the series, in
# order, so that the series is bisectable on both.  Uses a git worktree of
# build/linux (build/bisect/linux) and an out dir per arch
# (build/bisect/out-ARCH), so the test kernels are not disturbed; each step
# rebuilds incrementally.
# The source is at the same relative path from the out dir as for the
# test kernels (../linux), so ccache hits on their objects.
set -e
. "$(dirname "$0")/lib.sh"

commits=$(git -C "$src" rev-list --reverse pristine..series)
if [ -z "$commits" ]; then
	echo "check-bisect: ./series has no commits yet"
	exit 0
fi

wt=$build/bisect/linux
if [ ! -e "$wt/.git" ]; then
	git -C "$src" worktree prune
	git -C "$src" worktree add -q --detach "$wt" pristine
fi
mkdir -p "$build/logs"
for c in $commits; do
	git -C "$wt" checkout -q --detach "$c"
	subject=$(git -C "$wt" log -1 --format='%h %s')
	echo "check-bisect: $subject"
	for arch in arm64 arm32; do
		log=$build/logs/bisect-$arch-$(git -C "$wt" rev-parse --short "$c").log
		if ! SRC=$wt OUT=$build/bisect/out-$arch "$top/scripts/steps/build.sh" $arch \
				> "$log" 2>&1; then
			tail -30 "$log"
			die "$arch build fails at $subject (log: ${log#"$top"/})"
		fi
	done
done
echo "check-bisect: all $(echo "$commits" | wc -l) commit(s) build, arm64 and arm32"
