# SPDX-License-Identifier: GPL-2.0
# A constraint applied while its provider is created and bound: the DSI
# controller's reset line is a GPIO (tests/dt/dsi.dtsi), and the
# reset core registers the reset-gpio device that drives it the first
# time someone asks for the line, which binds it at once (its driver and
# the PL061 are there). The display subsystem, held back until now
# (bc_test.hold=display-subsystem), creates the DSI controller when it
# probes; the board's constraints of the DSI are added then, and asking
# for the reset line binds the reset-gpio device from inside that add. The
# LCD's reset constraint waits for its held-back controller meanwhile
# (bc_test.hold=reset-controller), so a constraint is pending during that
# bind. The boot must go on: a core that holds its lock across the
# frameworks' calls deadlocks here, and the guest never ends (the harness
# fails the boot by its timeout).
# Boot with bc_test.hold=reset-controller,lcd,display-subsystem.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

DSI=display-subsystem:dsi

ktap_begin reset_gpio_bind 5
bct_check_held lcd-reset-pending \
	grep -q "^lcd reset (default) - pending " $BC
bct_probe reset-controller,lcd display-subsystem
ktap_check subsystem-probed bct_wait display-subsystem
ktap_check dsi-probed bct_wait $DSI
ktap_check reset-gpio-bound test -e /sys/bus/platform/drivers/reset-gpio/reset-gpio.0
bct_check_held dsi-released [ "$(grep -c "^$DSI .* released " $BC)" = 3 ]
bct_dump
ktap_end
