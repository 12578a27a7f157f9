# SPDX-License-Identifier: GPL-2.0
# The MMC controller probes first (the LCD's driver held back) and resets
# its block: it deasserts the reset line it shares with the LCD, then
# asserts it again as it idles. The LCD's reset constraint is a shared user
# that keeps the line deasserted. Without constraints the MMC is the line's
# only user, and its assert puts the running LCD in reset.
# Boot with bc_test.hold=lcd.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

ktap_begin reset_shared 5
bct_probe_lcd_after_mmc "reset line operations before the lcd probed: deassert x$(bct_values shared_rst deassert | wc -w), assert x$(bct_values shared_rst assert | wc -w)"
bct_check_held reset-released grep -q "^lcd reset (default) $(bct_params -) released " $BC
# The LCD's driver deasserted the line itself: it is out of reset now.
ktap_check line-deasserted-at-end \
	[ "$(awk '$2 == "shared_rst" { op = $3 } END { print op }' $OPS)" = deassert ]
bct_check_glitches reset
bct_dump
ktap_end
