#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# config.sh ARCH: make build/out-ARCH/.config from allnoconfig plus the
# arch's fragments (scripts/steps/lib.sh), then check that every symbol set in
# a fragment kept its value (the last one given, where several fragments
# set it).  A symbol that no Kconfig of the tree defines yet (the series
# has not added it) is skipped with a note; one that exists but was
# dropped by olddefconfig (unmet dependency) is an error naming it.  An
# unchanged .config keeps its mtime.
set -e
. "$(dirname "$0")/lib.sh"
arch_setup "$1"

mkdir -p "$out"
merged=$out/fragments.config
cat $fragments > "$merged.tmp"
mv "$merged.tmp" "$merged"
[ -f "$out/.config" ] && cp -p "$out/.config" "$out/.config.harness-prev"

kmake -s allnoconfig KCONFIG_ALLCONFIG="$merged" >/dev/null
kmake -s olddefconfig >/dev/null

if [ -f "$out/.config.harness-prev" ]; then
	if cmp -s "$out/.config" "$out/.config.harness-prev"; then
		touch -r "$out/.config.harness-prev" "$out/.config"
	fi
	rm -f "$out/.config.harness-prev"
fi

find -H "$src" -name 'Kconfig*' -not -path '*/.git/*' -print0 |
	xargs -0 sed -n 's/^[[:space:]]*\(menu\)\{0,1\}config[[:space:]]\{1,\}\([A-Za-z0-9_]\{1,\}\).*/\2/p' |
	sort -u > "$out/kconfig-symbols"
grep -qx MODULES "$out/kconfig-symbols" ||
	die "found no Kconfig symbols in $src"

# A later fragment overrides an earlier one (arm64-prod turns off what
# arm64.config turns on): the last value given for a symbol is the one
# checked.
sed -n -e 's/^\(CONFIG_[A-Za-z0-9_]*\)=\(.*\)/\1 \2/p' \
	-e 's/^# \(CONFIG_[A-Za-z0-9_]*\) is not set/\1 n/p' $fragments |
awk '{ want[$1] = $2; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
     END { for (i = 1; i <= n; i++) print order[i], want[order[i]] }' |
while read -r sym want; do
	if ! grep -qx "${sym#CONFIG_}" "$out/kconfig-symbols"; then
		echo "config: $1: $sym is not in this tree's Kconfig yet, skipped"
		continue
	fi
	got=$(sed -n -e "s/^$sym=//p" -e "s/^# $sym is not set/n/p" "$out/.config")
	[ -n "$got" ] || got=n
	if [ "$got" != "$want" ]; then
		echo "config: $1: $sym=$want requested but olddefconfig gave $sym=$got" \
			"(unmet dependency?)" >&2
		exit 1
	fi
done
