#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Check the device tree bindings of the series with Debian's yamllint and
# dt-schema: each schema against the meta-schemas, its examples against the
# schemas, and every "bad-" declaration of tests/binding/malformed.dts
# rejected by the boot-constraints binding.
#
# dt-schema's own chosen.yaml lists the children of /chosen it knows, and
# boot-constraints is not one until it is added there: that one complaint,
# from that schema, is expected.  /chosen's properties belong in dt-schema,
# so docs/dt-schema-chosen-boot-constraints.patch adds boot-constraints to
# its chosen.yaml: the second pass applies it to a copy of the installed
# dt-schema's schemas and checks the same examples and malformed
# declarations against that chosen.yaml alone, where nothing is expected.
set -e
. "$(dirname "$0")/lib.sh"

bindings=$top/kernel/Documentation/devicetree/bindings
ours=$bindings/boot-constraints.yaml
out=$build/binding
rm -rf "$out"
mkdir -p "$out"

# validate DTS: dt-validate's messages on DTS, as "MESSAGE<tab>SCHEMA" lines
# (of a message on several lines, its first, which names the node)
validate() {
	name=$(basename "$1" .dts)
	dtc -q -@ -I dts -O dtb -o "$out/$name.dtb" "$1"
	dt-validate -s "$out/schema.json" "$out/$name.dtb" 2>&1 |
		awk '/^\tFrom schema: / { sub(/^\tFrom schema: /, ""); print msg "\t" $0; next }
		     /^\t/ { next }
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

# rejected SCHEMA LOG: every "bad-" node of malformed.dts has an error of
# SCHEMA in LOG
rejected() {
	n=0
	for node in $(sed -n 's/^[[:space:]]*\(bad-[a-z0-9@-]*\) {$/\1/p' tests/binding/malformed.dts); do
		grep -q "^[^	]*$node.*	$1$" "$2" ||
			die "tests/binding/malformed.dts: $node not rejected by ${1#"$top"/}"
		n=$((n + 1))
	done
	[ "$n" -gt 0 ] || die "tests/binding/malformed.dts has no bad- node"
}

validate tests/binding/malformed.dts
rejected "$ours" "$out/malformed.log"
echo "binding: all $n malformed declarations rejected"

# The same against dt-schema's chosen.yaml with the patch applied, and
# without our copy of the binding.
installed=$(dpkg-query -L dt-schema | sed -n 's,/chosen\.yaml$,,p' | head -1)
[ -f "$installed/chosen.yaml" ] || die "no chosen.yaml in the dt-schema package"
mkdir -p "$out/dtschema"
cp -a "$installed" "$out/dtschema/schemas"
patch -s -p2 -d "$out/dtschema" < docs/dt-schema-chosen-boot-constraints.patch ||
	die "docs/dt-schema-chosen-boot-constraints.patch does not apply to $installed"
chosen=$out/dtschema/schemas/chosen.yaml
dt-doc-validate -u "$out/dtschema/schemas" "$chosen"
echo "binding: dt-schema's chosen.yaml with the patch: schema valid"
dt-mk-schema -j -u "$out/dtschema/schemas" > "$out/schema.json"
while read -r y; do
	ex=$out/$(basename "$y" .yaml)-example.dts
	validate "$ex"
	[ ! -s "$out/$(basename "$ex" .dts).log" ] ||
		die "example of ${y#"$top"/} does not validate against $chosen:
$(cat "$out/$(basename "$ex" .dts).log")"
	echo "binding: ${y#"$top"/}: example valid against dt-schema's chosen.yaml"
done < "$out/list"
validate tests/binding/malformed.dts
rejected "$chosen" "$out/malformed.log"
echo "binding: all $n malformed declarations rejected by dt-schema's chosen.yaml"
