#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Write patches/ back from branch "series" of build/linux: after a change
# to an existing kernel file was committed there (a fixup commit squashed
# into the commit it belongs to with "git rebase --autosquash pristine"),
# each patch file named on the command line (all of ./series without
# arguments) is exported again from its commit, as git format-patch
# writes a patch without its diffstat: its author, its message and its
# diff limited to the files that are not ours (kernel/ holds those, and
# prepare-tree.sh adds them).  There is no "Date:", as prepare-tree.sh
# dates every commit at the epoch.  Run "make tree" afterwards: it builds
# the series again from patches/ and must end at the same tree.
set -e
. "$(dirname "$0")/lib.sh"

n=$(bctest series entries | wc -l)
have=$(git -C "$src" rev-list --count pristine..series)
[ "$n" = "$have" ] ||
	die "./series has $n commits, branch series of $src has $have"

# Every file under kernel/ is ours: leave it out of the diffs.
excludes=$(find kernel -type f | sed 's|^kernel/|:(exclude)|')

i=0
bctest series entries | while read -r patch files; do
	i=$((i + 1))
	if [ $# -gt 0 ]; then
		case " $* " in *" $patch "* | *" patches/$patch "*) ;; *) continue ;; esac
	fi
	commit=$(git -C "$src" rev-list --reverse pristine..series | sed -n "${i}p")
	{
		git -C "$src" log -1 --format='From: %an <%ae>%nSubject: [PATCH] %s%n%n%b' "$commit" |
			git stripspace
		# shellcheck disable=SC2086 # one pathspec a word
		git -C "$src" diff --abbrev=7 "$commit^" "$commit" -- . $excludes |
			sed '1i---'
	} > "patches/$patch.tmp"
	if cmp -s "patches/$patch.tmp" "patches/$patch"; then
		rm "patches/$patch.tmp"
	else
		mv "patches/$patch.tmp" "patches/$patch"
		echo "refresh-patches: patches/$patch"
	fi
done
