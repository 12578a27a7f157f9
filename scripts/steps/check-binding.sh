#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Check the device tree bindings of the series with Debian's yamllint and
# dt-schema: each schema against the meta-schemas, its examples against the
# schemas, and every "bad-" declaration of tests/binding/malformed.dts
# rejected by the boot-constraints binding.
#
# dt-schema's own chosen.yaml lists the children of /chosen it knows, and
# boot-constraints is not one until it is added there: that one complaint,
# from that schema, is expected.
set -e
. "$(dirname "$0")/lib.sh"

bindings=$top/kernel/Documentation/devicetree/bindings
ours=$bindings/boot-constraints.yaml
out=$build/binding
rm -rf "$out"
mkdir -p "$out"

# validate DTS: dt-validate's messages on DTS, as "MESSAGE<tab>SCHEMA" lines
validate() {
	name=$(basename "$1" .dts)
	dtc -q -@ -I dts -O dtb -o "$out/$name.dtb" "$1"
	dt-validate -s "$out/schema.json" "$out/$name.dtb" 2>&1 |
		awk '/^\tFrom schema: / { sub(/^\tFrom schema: /, ""); print msg "\t" $0; next }
		     { msg = $0 }' > "$out/$name.log"
}

unexpected() {
	grep -v "chosen: 'boot-constraints' does not match any of the regexes.*	.*/chosen.yaml$" "$1" || true
}

find "$bindings" -name '*.yaml' | sort > "$out/list"
while read -r y; do
	yamllint -f parsable -c "$src/Documentation/devicetree/bindings/.yamllint" "$y"
	dt-doc-validate -u "$bindings" "$y"
	echo "binding: ${y#"$top"/}: schema valid"
done < "$out/list"

dt-mk-schema -j "$bindings" > "$out/schema.json"

while read -r y; do
	ex=$out/$(basename "$y" .yaml)-example.dts
	dt-extract-example "$y" > "$ex"
	validate "$ex"
	bad=$(unexpected "$out/$(basename "$ex" .dts).log")
	[ -z "$bad" ] || die "example of ${y#"$top"/} does not validate:
$bad"
	echo "binding: ${y#"$top"/}: example valid"
done < "$out/list"

validate tests/binding/malformed.dts
n=0
for node in $(sed -n 's/^[[:space:]]*\(bad-[a-z0-9@-]*\) {$/\1/p' tests/binding/malformed.dts); do
	grep -q "^[^	]*$node.*	$ours$" "$out/malformed.log" ||
		die "tests/binding/malformed.dts: $node not rejected by the binding"
	n=$((n + 1))
done
[ "$n" -gt 0 ] || die "tests/binding/malformed.dts has no bad- node"
echo "binding: all $n malformed declarations rejected"
