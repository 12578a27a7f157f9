#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Export the series of build/linux with git format-patch: the commits meant
# for merging into build/series/, their cover letter filled from
# patches/0000-cover-letter (first line: subject; the rest: body), and the
# commits after ./series' "test-only" line (the scenario board and the
# benchmark) into build/series-test/, with patches/0000-cover-letter-test;
# then run the tree's checkpatch --strict on every patch.  Fails on any
# ERROR, WARNING or CHECK.
#
# Whoever exports the series is its author and signs it off: patches/
# holds no sign-off of anyone, since a Signed-off-by: is a person's own
# certificate of origin.  The identity is git's user.name and user.email,
# or SERIES_NAME and SERIES_EMAIL.
set -e
. "$(dirname "$0")/lib.sh"

name=${SERIES_NAME:-$(git config user.name || true)}
email=${SERIES_EMAIL:-$(git config user.email || true)}
[ -n "$name" ] && [ -n "$email" ] ||
	die "series: who exports the series signs it: set git config user.name and user.email, or SERIES_NAME and SERIES_EMAIL"
signed=$(grep -l -E '^(Signed-off-by|Co-developed-by): ' "$top"/patches/*.patch || true)
[ -z "$signed" ] ||
	die "series: patches/ holds a sign-off, which only whoever posts may write: ${signed##*/}"

n=$(git -C "$src" rev-list --count pristine..series)
if [ "$n" = 0 ]; then
	echo "series: ./series has no commits yet, nothing to export"
	exit 0
fi
merge=$(bctest series merge-count)
base=$(git -C "$src" rev-parse "series~$((n - merge))")

# export DIR RANGE COVER: the commits of RANGE with their cover letter
export_series() {
	rm -rf "$1"
	mkdir -p "$1"
	[ -s "$3" ] || die "no $3 (first line: subject, then the body)"
	GIT_COMMITTER_NAME=$name GIT_COMMITTER_EMAIL=$email \
		git -C "$src" format-patch -q --signoff --cover-letter \
		-o "$1" "$2"
	# The author: the exporter, in each patch's header
	for p in "$1"/*.patch; do
		awk -v from="From: $name <$email>" '
			state == 1 && /^[ \t]/ { next }	# folded
			state == 1 { state = 2 }
			state == 0 && /^From: / { print from; state = 1; next }
			{ print }
		' "$p" > "$p.tmp"
		mv "$p.tmp" "$p"
	done
	letter=$(ls "$1"/0000-*.patch)
	awk -v coverfile="$3" '
		BEGIN {
			getline subject < coverfile
			gsub(/&/, "\\\\&", subject)
			while ((getline line < coverfile) > 0)
				body = body line "\n"
			sub(/^\n+/, "", body)
			sub(/\n+$/, "", body)
		}
		/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, subject) }
		/^\*\*\* BLURB HERE \*\*\*$/ { print body; next }
		{ print }
	' "$letter" > "$letter.tmp"
	mv "$letter.tmp" "$letter"
	echo "series: $(git -C "$src" rev-list --count "$2") patch(es) and a cover letter in ${1#"$top"/}/"
}

# The series for merging, and the tests that apply on top of it
export_series "$build/series" "pristine..$base" patches/0000-cover-letter
dirs=$build/series
if [ "$merge" != "$n" ]; then
	export_series "$build/series-test" "$base..series" \
		patches/0000-cover-letter-test
	dirs="$dirs $build/series-test"
fi

bad=0
for p in $(for d in $dirs; do ls "$d"/*.patch; done); do
	case "${p##*/}" in 0000-*) continue ;; esac
	# checkpatch finds its data files (spelling.txt, ...) from the tree;
	# its SPDX check needs Debian's python3 (with ply), not another one
	# that PATH may find first.
	#
	# Two checks are answered for the whole series, not per patch: the
	# MAINTAINERS entry of the core's patch covers every file added later under
	# drivers/boot_constraint/ (FILE_PATH_CHANGES), and the "bc-test,*"
	# compatibles of the KUnit overlays and of the scenario board exist
	# only in tests, like those of drivers/clk's KUnit overlays
	# (UNDOCUMENTED_DT_STRING).  build/linux holds Debian's 6.12 source
	# without upstream's history, so the upstream commit of a Fixes: tag
	# is unknown to it (UNKNOWN_COMMIT_ID); the tag's form is still
	# checked (GIT_COMMIT_ID), its hash and subject against upstream by
	# whoever writes it.
	report=$(cd "$src" && PATH=/usr/bin:$PATH perl scripts/checkpatch.pl \
		--strict \
		--ignore FILE_PATH_CHANGES,UNDOCUMENTED_DT_STRING,UNKNOWN_COMMIT_ID \
		"$p" 2>&1) || true
	if echo "$report" | grep -qE '^(ERROR|WARNING|CHECK):'; then
		echo "checkpatch: ${p##*/}:"
		echo "$report" | sed 's/^/    /'
		bad=1
	else
		echo "checkpatch: ${p##*/}: clean"
	fi
done
[ "$bad" = 0 ] || die "checkpatch found problems (above)"

# drivers/base/base.h is the driver core's own, "not to be shared outside
# of the drivers/base/ directory": what the series gives the driver core
# and takes from it is in <linux/boot_constraint.h>.
shared=$(git -C "$src" diff pristine series -- . ':(exclude)drivers/base' |
	grep -c '^+#include ".*base/base\.h"') || true
[ "$shared" = 0 ] ||
	die "$shared file(s) outside drivers/base include drivers/base/base.h"
echo "series: no file outside drivers/base includes drivers/base/base.h"
