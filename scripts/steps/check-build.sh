#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Compile the directories of our new C files (./series) in a separate arm64
# build, build/out-arm64-check, with W=1 and sparse on every file (C=2),
# and fail on any warning located in one of our files; then run the
# tree's kernel-doc on our .c and .h files and fail on any complaint.
# The separate out dir keeps the W=1 flags from forcing a full rebuild of
# the test kernel afterwards.
set -e
. "$(dirname "$0")/lib.sh"
. "$top/scripts/steps/series-files.sh"
export OUT=$build/out-arm64-check
arch_setup arm64

dirs=$(for f in $newfiles; do
	case $f in *.c) echo "${f%/*}/" ;; esac
done | sort -u)
if [ -z "$dirs" ]; then
	echo "check-build: no new C files in ./series yet"
	exit 0
fi

mkdir -p "$build/logs"
log=$build/logs/check-build.log
"$top/scripts/steps/config.sh" arm64
kmake W=1 C=2 CHECK=sparse $dirs > "$log" 2>&1 || {
	tail -50 "$log"
	die "W=1 C=2 build of $dirs failed (full log: build/logs/check-build.log)"
}

bad=0
for f in $newfiles; do
	if grep -E "(^|/)$f:[0-9]+(:[0-9]+)?: (warning|error)" "$log"; then
		bad=1
	fi
done

docs=
for f in $newfiles; do
	case $f in *.c|*.h) docs="$docs $top/kernel/$f" ;; esac
done
if [ -n "$docs" ]; then
	report=$(perl "$src/scripts/kernel-doc" -none -Wall $docs 2>&1) || bad=1
	if [ -n "$report" ]; then
		echo "$report"
		bad=1
	fi
fi
[ "$bad" = 0 ] || die "warnings in our files (above; log: build/logs/check-build.log)"
echo "check-build: W=1, sparse and kernel-doc clean for $dirs"
