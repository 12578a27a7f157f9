#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Compile the directories of our new C files (./series) in a separate arm64
# build, build/out-arm64-check, with W=1 and sparse on every file (C=2),
# and fail on any warning located in one of our files; then run the
# tree's kernel-doc on our .c and .h files and fail on any complaint, and
# on the kernel's files the series changes and fail on any complaint the
# pristine file did not have.
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
# The kernel's files that the series changes: no kernel-doc complaint that
# the pristine file did not have (line numbers aside).
kdoc() {
	perl "$src/scripts/kernel-doc" -none -Wall "$1" 2>&1 |
		sed -e 's/:[0-9]*:/:/' -e "s|$1|FILE|"
}
tmp=$(mktemp -d)
changed=$(git -C "$src" diff --name-only pristine..series -- '*.c' '*.h')
for f in $changed; do
	case " $newfiles " in *" $f "*) continue ;; esac
	[ -f "$src/$f" ] || continue
	git -C "$src" show "pristine:$f" > "$tmp/before" 2>/dev/null || : > "$tmp/before"
	git -C "$src" show "series:$f" > "$tmp/after"
	kdoc "$tmp/before" | sort > "$tmp/before.doc"
	kdoc "$tmp/after" | sort > "$tmp/after.doc"
	if comm -13 "$tmp/before.doc" "$tmp/after.doc" | sed "s|^|$f: |" | grep .; then
		bad=1
	fi
done
rm -rf "$tmp"
[ "$bad" = 0 ] || die "warnings in our files (above; log: build/logs/check-build.log)"
echo "check-build: W=1, sparse and kernel-doc clean for $dirs, and no new kernel-doc complaint in the kernel files the series changes"
