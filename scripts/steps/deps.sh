#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Install what the harness needs on Debian 12, and unpack busybox-static for
# the guest architectures into build/busybox/ARCH/ (python3-ply and
# python3-git are for checkpatch's SPDX check, yamllint and dt-schema for
# the bindings, python3-sphinx for the docs; u-boot-tools' mkimage, mtools
# and dosfstools make the SD card images of the boots that start at U-Boot,
# Debian's armhf u-boot-sunxi and u-boot-imx).  A no-op (no apt run) when
# everything is already there.
set -e
. "$(dirname "$0")/lib.sh"

pkgs="linux-source-6.12 gcc-aarch64-linux-gnu gcc-arm-linux-gnueabihf
      qemu-system-arm device-tree-compiler bc bison flex libssl-dev libelf-dev
      cpio ccache sparse yamllint python3 git xz-utils make perl gcc libc6-dev
      python3-ply python3-git dt-schema python3-sphinx u-boot-tools mtools
      dosfstools"
debarches="arm64 armhf"
uboot_pkgs="u-boot-sunxi:armhf u-boot-imx:armhf"

if [ "$(id -u)" = 0 ]; then
	sudo=
else
	sudo=sudo
fi

updated=
# A mirror in the middle of a sync serves index files of the wrong size for
# a minute or so: try again before giving up.
apt_update() {
	[ -n "$updated" ] && return
	for try in 1 2 3; do
		if $sudo apt-get update -q; then
			updated=1
			return
		fi
		echo "deps: apt-get update failed (try $try of 3)" >&2
		[ "$try" = 3 ] || sleep 30
	done
	die "apt-get update failed 3 times; see apt's errors above"
}

installed() {
	dpkg-query -W -f='${Status}\n' "$1" 2>/dev/null | grep -q ' installed$'
}

# install_missing PKG...: apt-get install those of PKG not installed yet
install_missing() {
	missing=
	for p in "$@"; do
		installed "$p" || missing="$missing $p"
	done
	[ -n "$missing" ] || return 0
	echo "deps: installing$missing"
	apt_update
	# shellcheck disable=SC2086 # one package a word
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q \
		--no-install-recommends $missing
}

# shellcheck disable=SC2086 # one package a word
install_missing $pkgs

# Busybox for the guests.  busybox-static:arm64 and :armhf conflict with
# each other and with the host's busybox, so unpack them, never install.
for a in $debarches; do
	dir=$build/busybox/$a
	[ -x "$dir/bin/busybox" ] && continue
	if ! dpkg --print-foreign-architectures | grep -qx "$a"; then
		$sudo dpkg --add-architecture "$a"
		updated=
	fi
	tmp=$build/busybox/tmp-$a
	rm -rf "$tmp" "$dir"
	mkdir -p "$tmp"
	chmod 0777 "$tmp"	# apt downloads as _apt where it can
	if ! (cd "$tmp" && apt-get download -q "busybox-static:$a"); then
		apt_update
		(cd "$tmp" && apt-get download -q "busybox-static:$a")
	fi
	dpkg -x "$tmp"/busybox-static_*.deb "$tmp/root"
	mkdir -p "$dir/bin"
	cp "$tmp/root/bin/busybox" "$dir/bin/busybox"
	dpkg-deb -f "$tmp"/busybox-static_*.deb Version > "$dir/version"
	rm -rf "$tmp"
	echo "deps: busybox-static:$a $(cat "$dir/version") in $dir"
done

# Debian's U-Boot builds for the boards QEMU models (their files are under
# /usr/lib/u-boot/BOARD/): armhf packages of data only, without
# dependencies, installed once armhf is a foreign architecture (above).
# shellcheck disable=SC2086 # one package a word
install_missing $uboot_pkgs
