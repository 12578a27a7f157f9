#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The bootloader of the lcd-mmc board (lcd-mmc.dtsi) left the LCD on, at
# 3.3 V, and says so in the tree it hands over: every clock, power domain
# and reset line of the LCD, and its vdd supply at 3.3 V.
exec "$(dirname "$0")/../../scripts/fdt-boot-constraint.sh" "$1" /lcd \
	hold-supplies=vdd hold-supply-microvolt=3300000,3300000
