# SPDX-License-Identifier: GPL-2.0
# The MMC controller probes first (the LCD's driver held back) and sets the
# clock it shares with the LCD to the 50 MHz it wants. The LCD's clock
# constraint holds the pixel clock within the panel's 74-75 MHz: the MMC
# gets the nearest rate in that range. Without constraints the pixel clock
# goes to 50 MHz under the running panel. Boot with bc_test.hold=lcd.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

ktap_begin clk_rate_range 4
bct_probe_lcd_after_mmc "pixel clock rates set before the lcd probed: $(bct_values shared_gate rate)"
if bct_baseline; then
	ktap_skip range-released "no constraints in the baseline"
else
	# The table's range, or with auto the rate the bootloader set
	if bct_auto; then
		set -- $(bct_dt_cells clock-controller bc-test,boot-hz)
		range="$1-$1"
	else
		range=$(bct_dt_cells lcd bc-test,rate-range-hz | tr ' ' -)
	fi
	ktap_check range-released grep -q "^lcd clk pixel $(bct_params "${range}Hz") released " $BC
fi
bct_check_glitches rate
bct_dump
ktap_end
