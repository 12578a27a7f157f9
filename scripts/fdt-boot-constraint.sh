#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# fdt-boot-constraint.sh DTB DEVICE-PATH [PROPERTY=VALUE[,VALUE...]...]
#
# What a bootloader's board code does to the tree before it starts the
# kernel, with fdtput in place of libfdt: declare that the device at
# DEVICE-PATH was left running, in /chosen/boot-constraints (see
# Documentation/devicetree/bindings/boot-constraints.yaml).  PROPERTY is one
# of hold-clocks, hold-clock-rates-hz, hold-supplies, hold-supply-microvolt
# and hold-power-domains; without any, every clock, supply and power domain
# of the device is held.  Example:
#
#   fdt-boot-constraint.sh board.dtb /soc/display@1000 \
#	hold-supplies=vdd hold-supply-microvolt=3300000,3300000
set -e

die() {
	echo "$0: error: $*" >&2
	exit 1
}

[ $# -ge 2 ] || die "usage: $0 DTB DEVICE-PATH [PROPERTY=VALUE[,VALUE...]...]"
dtb=$1
dev=$2
shift 2
fdtget "$dtb" "$dev" compatible >/dev/null 2>&1 || die "$dev: no such device"

# The device's phandle: a new one if nothing refers to the device yet.
if ! phandle=$(fdtget -t u "$dtb" "$dev" phandle 2>/dev/null); then
	max=$(dtc -q -I dtb -O dts "$dtb" |
		sed -n 's/^[[:space:]]*phandle = <\(0x[0-9a-f]*\)>;$/\1/p' |
		while read -r h; do printf '%d\n' "$h"; done | sort -n | tail -n 1)
	phandle=$((${max:-0} + 1))
	fdtput -t u "$dtb" "$dev" phandle "$phandle"
fi

# The declaration is named after the device's node, without its address.
name=$(echo "${dev##*/}" | sed 's/@.*//; s/[^a-z0-9-]/-/g')
decl=/chosen/boot-constraints/$name
fdtput -p -t u "$dtb" "$decl" device "$phandle"

for arg; do
	prop=${arg%%=*}
	case $prop in
	hold-clock-rates-hz | hold-supply-microvolt) type=u ;;
	hold-clocks | hold-supplies | hold-power-domains) type=s ;;
	*) die "$prop: not a boot constraint property" ;;
	esac
	# The values, one argument each.
	oldifs=$IFS
	IFS=,
	set -f
	# shellcheck disable=SC2086
	fdtput -t "$type" "$dtb" "$decl" "$prop" ${arg#*=}
	set +f
	IFS=$oldifs
done
