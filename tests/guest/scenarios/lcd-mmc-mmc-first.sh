# SPDX-License-Identifier: GPL-2.0
# The seed article's case: the MMC controller probes first (the LCD's driver
# is held back, as a module loaded later would be), sets the shared supply
# to 1.8 V and the shared clock to 50 MHz, and idles the shared clock,
# supply and reset line. Boot with bc_test.hold=lcd.
#
# With bc_test.simple=lcd the LCD's driver only enables its clock and
# supply, as simple-framebuffer and simpledrm do: it asks for no voltage,
# rate or reset state, so whatever the handover leaves behind is what the
# panel gets. With bc.settle the glitches are counted until past the
# regulator core's clean-up of unused supplies, 30 s after late_initcall.
#
# The MMC's voltage request does not fail: it waits while the LCD is held,
# and is applied once the LCD's driver has taken over, so that the supply
# ends where it does without constraints: at the MMC's request, which came
# first (an LCD driver asking for its own voltage is refused then, as
# without constraints).
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

# bct_last_voltage: the last voltage the shared supply was set to
bct_last_voltage() {
	awk '$2 == "vdd_shared" && $3 == "voltage" { v = $4 } END { print v }' $OPS
}

ktap_begin lcd_mmc_mmc_first 6
bct_probe_lcd_after_mmc
bct_settle
ktap_diag "uptime at the count: $(cut -d' ' -f1 /proc/uptime) s"
set -- $(bct_dt_cells mmc bc-test,microvolt)
ktap_diag "vdd_shared ends at $(bct_last_voltage) uV; the MMC asked for $1-$2 uV"
ktap_check supply-ends-at-mmc-request [ "$(bct_last_voltage)" = "$1" ]
bct_check_glitches
bct_check_glitches rate
bct_check_glitches reset
bct_dump
ktap_end
