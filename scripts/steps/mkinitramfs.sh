#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# mkinitramfs.sh ARCH [HOSTFILE[=GUESTPATH] ...]: make build/initramfs-ARCH.cpio
# for the guest kernel of ARCH: busybox-static, tests/guest/init as /init,
# tests/guest/ktap.sh as /ktap.sh, every tests/guest/scenarios/*.sh in
# /scenarios, the modules the kernel build made (modules.order) in
# /lib/modules, and any extra files given (a .ko goes to /lib/modules,
# anything else to /, unless GUESTPATH says where).
#
# The archive is written by the kernel's own usr/gen_init_cpio from a
# list, so /dev/console needs no mknod and no root.  INITRAMFS=FILE writes
# it there instead (check-bisect: the initramfs of a commit's build).
set -e
. "$(dirname "$0")/lib.sh"
arch=$1
arch_setup "$arch"
shift

gen=$out/usr/gen_init_cpio
bb=$build/busybox/$debarch/bin/busybox
[ -x "$gen" ] || die "no $gen; build the kernel first (scripts/steps/build.sh $arch)"
[ -x "$bb" ] || die "no $bb; run scripts/steps/deps.sh"

list=${INITRAMFS:-$build/initramfs-$arch.cpio}
list=${list%.cpio}.list
{
	echo "dir /dev 0755 0 0"
	echo "nod /dev/console 0600 0 0 c 5 1"
	for d in /bin /proc /sys /tmp /scenarios /lib /lib/modules; do
		echo "dir $d 0755 0 0"
	done
	echo "file /bin/busybox $bb 0755 0 0"
	echo "slink /bin/sh busybox 0777 0 0"
	echo "file /init $top/tests/guest/init 0755 0 0"
	echo "file /ktap.sh $top/tests/guest/ktap.sh 0644 0 0"
	for f in "$top"/tests/guest/scenarios/*.sh; do
		[ -f "$f" ] && echo "file /scenarios/${f##*/} $f 0644 0 0"
	done
	if [ -s "$out/modules.order" ]; then
		sed 's/\.o$/.ko/' "$out/modules.order" | while read -r m; do
			echo "file /lib/modules/${m##*/} $out/$m 0644 0 0"
		done
	fi
	for arg; do
		host=${arg%%=*}
		case $arg in
		*=*)	guest=${arg#*=} ;;
		*.ko)	guest=/lib/modules/${host##*/} ;;
		*)	guest=/${host##*/} ;;
		esac
		[ -f "$host" ] || die "no such file: $host"
		host=$(cd "$(dirname "$host")" && pwd)/${host##*/}
		echo "file $guest $host 0755 0 0"
	done
} > "$list"

cpio=${INITRAMFS:-$build/initramfs-$arch.cpio}
"$gen" -t 0 "$list" > "$cpio.tmp"
mv "$cpio.tmp" "$cpio"
echo "initramfs: ${cpio#"$top"/}"
