#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run the boot constraints' KUnit suites the way a kernel developer does,
# with the tree's own drivers/boot_constraint/.kunitconfig:
#
#   tools/testing/kunit/kunit.py run --kunitconfig=drivers/boot_constraint
#
# on UML, from build/linux at the series' tip, out of tree in build/kunit
# (incremental; ccache for the rest).  kunit.py checks that every option
# of the .kunitconfig survived olddefconfig, so a dependency the file
# misses fails here; then every test must pass.  UML's kernel has no
# modules, so the machine's deadline would come at late_initcall, before
# the built-in suites run, and the automatic constraints' suite, which
# only boot adds, would skip: boot_constraints.timeout=-1 keeps the
# machine before its deadline, as kunit-arm64 of check-bisect does.  The
# other skips are cases for a kernel built without a type (ICC, RESET),
# and the table of "this machine", whose root UML leaves without a
# compatible.  The guest kernels run the
# same suites built in (arm64) and as modules (arm32), with the guest's
# deadline and the driver core of a real boot around them.
set -e
. "$(dirname "$0")/lib.sh"

out=$build/kunit
log=$build/logs/check-kunit.log
mkdir -p "$out" "$build/logs"

[ -f "$src/drivers/boot_constraint/.kunitconfig" ] ||
	die "no drivers/boot_constraint/.kunitconfig in ${src#"$top"/}"

start=$(date +%s)
if ! python3 "$src/tools/testing/kunit/kunit.py" run \
	--kunitconfig=drivers/boot_constraint \
	--build_dir="$out" --jobs="$(nproc)" --timeout=900 \
	--make_options "CC=ccache gcc" \
	--make_options KBUILD_BUILD_TIMESTAMP=2024-11-17 \
	--kernel_args boot_constraints.timeout=-1 \
	> "$log" 2>&1; then
	tail -40 "$log"
	die "kunit.py run fails (log: ${log#"$top"/})"
fi
end=$(date +%s)
result=$(grep -E 'Testing complete\. Ran [0-9]+ tests' "$log" | tail -1)
[ -n "$result" ] || die "kunit.py printed no result (log: ${log#"$top"/})"
echo "check-kunit: ${result#*] } in $((end - start)) s (UML, log: ${log#"$top"/})"
