# SPDX-License-Identifier: GPL-2.0
# An upstream driver sets the rate of a clock gated for rate and parent
# changes in its probe (tests/dt/imx-rate-gate.dtsi: phy-generic on
# i.MX6Q's enet_ref_sel), and must behave as on pristine 6.12 whatever
# held the clock until then: it binds, and the clock runs from the parent
# the request chose: the 125 MHz pad.
. /ktap.sh

CLK=/sys/kernel/debug/clk/enet_ref_sel

ktap_begin takeover-clk 2
ktap_check phy-bound test -e /sys/bus/platform/drivers/usb_phy_generic/usbphy-rate-gate
ktap_check rate-as-asked [ "$(cat $CLK/clk_rate)" = 125000000 ]
ktap_diag "enet_ref_sel: parent $(cat $CLK/clk_parent) rate $(cat $CLK/clk_rate) prepared $(cat $CLK/clk_prepare_count)"
ktap_diag_file "$(bc_debugfs constraints)"
ktap_end
