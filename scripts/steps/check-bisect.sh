#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build the arm64 and the arm32 kernels at every commit of the series, in
# order, so that the series is bisectable on both.  Uses a git worktree of
# build/linux (build/bisect/linux) and an out dir per arch
# (build/bisect/out-ARCH), so the test kernels are not disturbed; each step
# rebuilds incrementally.
# The source is at the same relative path from the out dir as for the
# test kernels (../linux), so ccache hits on their objects.
#
# After each build of a commit that adds a KUnit suite (a line with
# kunit_test_suite in its diff), boot that build's KUnit (the boot
# kunit-ARCH of tests/bisect.boots, with its own initramfs, logs in
# build/logs/bisect-kunit-COMMIT/): built in on arm64, a module loaded
# after the machine's deadline on arm32.  Fail on any failed case: each
# commit must pass its own cases, not only the last.  BISECT_KUNIT=0
# skips the boots.
set -e
. "$(dirname "$0")/lib.sh"

# BISECT_RANGE (a rev range of build/linux, default pristine..series) and
# BISECT_ARCHES (default "arm64 arm32") check a part of it only.
commits=$(git -C "$src" rev-list --reverse "${BISECT_RANGE:-pristine..series}")
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

# kunit_boot ARCH COMMIT SUBJECT: boot the KUnit suites of the ARCH build
# of COMMIT in build/bisect/out-ARCH; dies if a case fails.
kunit_boot() {
	short=$(git -C "$wt" rev-parse --short "$2")
	blog=$build/logs/bisect-kunit-$short
	cpio=$build/bisect/initramfs-$1.cpio
	mkdir -p "$blog"
	SRC=$wt OUT=$build/bisect/out-$1 INITRAMFS=$cpio \
		"$top/scripts/steps/mkinitramfs.sh" "$1" > "$blog/initramfs-$1.log" 2>&1 ||
		die "no $1 initramfs at $3 (log: ${blog#"$top"/}/initramfs-$1.log)"
	if ! "$top/scripts/run-tests.py" --table tests/bisect.boots --jobs 1 \
			--kernel-dir "$build/bisect/out-$1" --initramfs "$cpio" \
			--logs "$blog" "kunit-$1" > "$blog/result-$1" 2>&1; then
		grep -E '^not ok|passed' "$blog/result-$1" || tail -5 "$blog/result-$1"
		die "$1 KUnit fails at $3 (console: ${blog#"$top"/}/kunit-$1.log)"
	fi
	echo "check-bisect:   $1 KUnit $(tail -1 "$blog/result-$1")"
}

arches=${BISECT_ARCHES:-arm64 arm32}
for c in $commits; do
	git -C "$wt" checkout -q --detach "$c"
	subject=$(git -C "$wt" log -1 --format='%h %s')
	echo "check-bisect: $subject"
	for arch in $arches; do
		log=$build/logs/bisect-$arch-$(git -C "$wt" rev-parse --short "$c").log
		if ! SRC=$wt OUT=$build/bisect/out-$arch "$top/scripts/steps/build.sh" $arch \
				> "$log" 2>&1; then
			tail -30 "$log"
			die "$arch build fails at $subject (log: ${log#"$top"/})"
		fi
		if [ "${BISECT_KUNIT:-1}" != 0 ] &&
				git -C "$wt" diff "$c^" "$c" | grep -q '^+.*kunit_test_suite'; then
			kunit_boot $arch "$c" "$subject"
		fi
	done
done
kunit="each that adds a KUnit suite passes its cases"
[ "${BISECT_KUNIT:-1}" != 0 ] || kunit="their KUnit suites not booted"
echo "check-bisect: all $(echo "$commits" | wc -l) commit(s) build for" \
	"$(echo $arches | sed 's/ / and /g'); $kunit"
