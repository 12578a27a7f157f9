#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Make build/linux: Debian's linux-source-6.12 as a git repo whose commit
# tagged "pristine" is the unpacked tarball, and whose branch "series" is
# pristine plus one commit per line of ./series (see README.md).
#
# The series is rebuilt with a scratch index, never in the work tree, and
# the work tree is then moved to the new commit with a two-tree read-tree,
# which rewrites only the files whose content changed: the mtimes of all
# other files are kept and kbuild rebuilds only what the series changed.
set -e
. "$(dirname "$0")/lib.sh"

tarball=/usr/src/linux-source-6.12.tar.xz
g() { git -C "$src" "$@"; }

debver=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null) ||
	die "linux-source-6.12 is not installed (run scripts/steps/deps.sh)"

have=$(g config --get bc.debversion 2>/dev/null || true)
if [ "$have" != "$debver" ]; then
	echo "prepare-tree: unpacking linux-source-6.12 $debver into $src"
	# A new source invalidates everything built from the old one.
	rm -rf "$src" "$build"/pristine "$build"/linux.tmp "$build"/out-*
	mkdir -p "$build/linux.tmp"
	tar -C "$build/linux.tmp" -xf "$tarball"
	mv "$build/linux.tmp/linux-source-6.12" "$src"
	rmdir "$build/linux.tmp"
	kver=$(make -s -C "$src" kernelversion)
	g init -q
	g config user.name "boot-constraint harness"
	g config user.email "harness@boot-constraint.invalid"
	g config gc.auto 0
	# The tarball is the reference: add all of it, ignored files too.
	g add -A -f
	GIT_AUTHOR_DATE="@0 +0000" GIT_COMMITTER_DATE="@0 +0000" \
		g commit -q -m "Linux $kver (Debian linux-source-6.12 $debver)"
	g tag -f pristine >/dev/null
	g checkout -q -b series
	g config bc.debversion "$debver"
fi

# --- check the series file against kernel/ and patches/ ---------------

bctest series check || die "./series does not match kernel/ and patches/"

# --- build the series commits in a scratch index ----------------------

tmp=$build/series.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
export GIT_INDEX_FILE="$tmp/index"
parent=$(g rev-parse pristine^{commit})
g read-tree "$parent"
n=0
bctest series entries | while read -r patch files; do
	n=$((n + 1))
	p=patches/$patch
	git mailinfo -u "$tmp/msg" "$tmp/diff" < "$p" > "$tmp/info" ||
		die "$p: cannot parse (git format-patch style expected)"
	field() { sed -n "s/^$1: //p" "$tmp/info"; }
	subject=$(field Subject)
	[ -n "$subject" ] || die "$p: no Subject:"
	if [ -s "$tmp/diff" ]; then
		g apply --cached --whitespace=nowarn "$tmp/diff" ||
			die "$p does not apply to $(g describe --always pristine) + the patches before it"
	fi
	for f in $files; do
		blob=$(g hash-object -w "$top/kernel/$f")
		mode=100644
		[ -x "kernel/$f" ] && mode=100755
		g update-index --add --cacheinfo "$mode,$blob,$f"
	done
	# The lines of kernel/'s Kconfig and Makefile files this commit adds
	rm -rf "$tmp/assembled"
	bctest series assemble "$n" "$tmp/assembled" > "$tmp/assembled.list" ||
		die "cannot assemble the Kconfig and Makefile files at $p"
	while read -r f; do
		blob=$(g hash-object -w "$tmp/assembled/$f")
		g update-index --add --cacheinfo "100644,$blob,$f"
	done < "$tmp/assembled.list"
	tree=$(g write-tree)
	{ echo "$subject"; echo; cat "$tmp/msg"; } | git stripspace > "$tmp/commitmsg"
	name=$(field Author); email=$(field Email); date=$(field Date)
	# Author and committer are the patch's author, dated at its Date:,
	# so the same series always gives the same commit ids.
	parent=$(GIT_AUTHOR_NAME=${name:-unknown} GIT_AUTHOR_EMAIL=$email \
		GIT_AUTHOR_DATE=${date:-@0 +0000} \
		GIT_COMMITTER_NAME=${name:-unknown} GIT_COMMITTER_EMAIL=$email \
		GIT_COMMITTER_DATE=${date:-@0 +0000} \
		g commit-tree "$tree" -p "$parent" -F "$tmp/commitmsg")
	echo "$parent" > "$tmp/head"
	echo "prepare-tree: $(g log -1 --format='%h %s' "$parent")"
done
unset GIT_INDEX_FILE
new=$(cat "$tmp/head" 2>/dev/null || g rev-parse pristine^{commit})

# --- move the work tree to the new series, touching only changes ------

old=$(g rev-parse HEAD)
g update-index -q --refresh >/dev/null || true
if ! g diff-index --quiet HEAD --; then
	die "$src has local changes; commit them to patches/ or kernel/ and" \
		"discard them (git -C build/linux reset --hard)"
fi
if [ "$old" != "$new" ]; then
	g read-tree -m -u "$old" "$new"
	g update-ref refs/heads/series "$new"
	g symbolic-ref HEAD refs/heads/series
	echo "prepare-tree: series is now $(g rev-list --count pristine.."$new") commit(s)," \
		"$(g diff --name-only "$old" "$new" | wc -l) file(s) changed"
fi
rm -rf "$tmp"
