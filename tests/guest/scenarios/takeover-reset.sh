# SPDX-License-Identifier: GPL-2.0
# An upstream driver takes a reset line exclusively in its probe
# (tests/dt/reset-exclusive.dtsi: phy-ath79-usb), and must bind as on
# pristine 6.12 whatever holds the line for another block that shares it
# (boot_constraints=/block-running:reset); the harness fails any WARN.
. /ktap.sh

ktap_begin takeover-reset 1
ktap_check phy-bound test -e /sys/bus/platform/drivers/ath79-usb-phy/usb-phy-reset
ktap_diag_file "$(bc_debugfs constraints)"
ktap_end
