#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build the series' driver-api document with Sphinx and the kernel's own
# kernel-doc extension, alone (the kernel's make htmldocs builds every
# document, with the warnings of all of them), and fail on any warning:
# of the .rst itself and of the kernel-doc comments it pulls in. First, its
# recipe for a new resource type against the header a type includes, and
# the five types against that header (scripts/check-recipe.py); then that
# every file a comment of kernel/ names exists, in kernel/ or in the tree
# of the series (scripts/check-comment-paths.py).
set -e
. "$(dirname "$0")/lib.sh"

doc=Documentation/driver-api/boot-constraint.rst
[ -f "$src/$doc" ] || die "no $doc in $src: run scripts/steps/prepare-tree.sh"
bc=$src/drivers/boot_constraint
"$top/scripts/check-recipe.py" "$src/$doc" "$bc/type.h" \
	"$bc/clk.c" "$bc/supply.c" "$bc/pm.c" "$bc/icc.c" "$bc/reset.c"

command -v sphinx-build >/dev/null || die "sphinx-build missing: scripts/steps/deps.sh installs python3-sphinx"

dir=$build/docs
rm -rf "$dir"
mkdir -p "$dir/in"
cp "$src/$doc" "$dir/in/index.rst"
cat > "$dir/in/conf.py" <<CONF
import sys
sys.path.insert(0, '$src/Documentation/sphinx')
project = 'boot constraints'
extensions = ['kerneldoc']
kerneldoc_bin = '$src/scripts/kernel-doc'
kerneldoc_srctree = '$src'
primary_domain = 'c'
highlight_language = 'none'
CONF

if ! sphinx-build -q -W --keep-going -b html "$dir/in" "$dir/html" \
		> "$dir/sphinx.log" 2>&1; then
	cat "$dir/sphinx.log"
	die "$doc: Sphinx warnings (log: ${dir#"$top"/}/sphinx.log)"
fi
echo "check-docs: $doc builds with no warning"

"$top/scripts/check-comment-paths.py" "$top/kernel" "$src" ||
	die "a comment of kernel/ names a file that does not exist"
