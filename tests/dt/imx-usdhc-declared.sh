#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The sabrelite's bootloader read the kernel from the SD card behind uSDHC3
# and left the controller clocked: it says so in the tree it hands over,
# every clock and supply of the controller (its ipg, ahb and per clocks,
# all the usdhc3 gate, CCGR6 bits 6-7, and its vmmc supply).
exec "$(dirname "$0")/../../scripts/fdt-boot-constraint.sh" "$1" \
	/soc/bus@2100000/mmc@2198000
