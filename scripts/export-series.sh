#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Export pristine..series of build/linux with git format-patch into
# build/series/, the cover letter filled from patches/0000-cover-letter
# (first line: subject; the rest: body), and run the tree's checkpatch
# --strict on every patch.  Fails on any ERROR, WARNING or CHECK.
set -e
. "$(dirname "$0")/lib.sh"

dir=$build/series
rm -rf "$dir"
mkdir -p "$dir"

n=$(git -C "$src" rev-list --count pristine..series)
if [ "$n" = 0 ]; then
	echo "series: ./series has no commits yet, nothing to export"
	exit 0
fi
cover=patches/0000-cover-letter
[ -s "$cover" ] || die "no $cover (first line: subject, then the body)"

git -C "$src" format-patch -q --cover-letter -o "$dir" pristine..series
letter=$(ls "$dir"/0000-*.patch)
awk -v coverfile="$cover" '
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
echo "series: $n patch(es) and a cover letter in build/series/"

bad=0
for p in "$dir"/*.patch; do
	[ "$p" = "$letter" ] && continue
	# checkpatch finds its data files (spelling.txt, ...) from the tree;
	# its SPDX check needs Debian's python3 (with ply), not another one
	# that PATH may find first.
	#
	# Two checks are answered for the whole series, not per patch: the
	# MAINTAINERS entry of patch 1 covers every file added later under
	# drivers/boot_constraint/ (FILE_PATH_CHANGES), and the "bc-test,*"
	# compatibles of the KUnit overlays and of the scenario board exist
	# only in tests, like those of drivers/clk's KUnit overlays
	# (UNDOCUMENTED_DT_STRING).
	report=$(cd "$src" && PATH=/usr/bin:$PATH perl scripts/checkpatch.pl \
		--strict --ignore FILE_PATH_CHANGES,UNDOCUMENTED_DT_STRING \
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
