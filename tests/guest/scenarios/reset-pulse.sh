# SPDX-License-Identifier: GPL-2.0
# The LCD and the MMC controller reset their blocks with a pulse of the
# reset line they share (bc_test.pulse=lcd,mmc), as drivers sharing a line
# do: the reset core pulses a shared line once, for its first user. The MMC
# probes first (the LCD's driver held back). Without constraints its pulse
# resets the running LCD. With them the pulse would reset it too: it fails
# with -EPROBE_DEFER, and the MMC's probe is retried once the LCD's driver
# has taken over, and succeeds, as it does without constraints. The line
# is pulsed once in each boot: there, by the MMC before the LCD's probe;
# here, by the LCD's own driver. Boot with bc_test.hold=lcd.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

ktap_begin reset_pulse 5
if bct_baseline; then
	ktap_check mmc-probed-first bct_bound mmc
else
	ktap_check mmc-deferred-by-hold \
		eval '! bct_bound mmc && grep -q " mmc pulse -517 " $OPS'
fi
bct_probe_lcd
ktap_check mmc-bound-after bct_wait mmc
ktap_check one-pulse [ "$(grep -c ' shared_rst reset ' $OPS)" = 1 ]
bct_check_glitches pulse
bct_dump
ktap_end
