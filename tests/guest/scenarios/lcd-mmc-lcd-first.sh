# SPDX-License-Identifier: GPL-2.0
# The other order: the LCD's driver probes first but defers (its panel is
# not ready), the MMC controller probes in between, then the LCD probes
# again. Boot with bc_test.defer=lcd.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

ktap_begin lcd_mmc_lcd_first 4
ktap_check mmc-probed bct_bound mmc
bct_bound lcd || bct_probe "" lcd
ktap_check lcd-probed bct_wait lcd
# The log's order, not its times: before the clocksource is up they tick
# in jiffies.
first_lcd=$(awk '$2 == "lcd" && $3 == "probe" { print NR; exit }' $OPS)
first_mmc=$(awk '$2 == "mmc" && $3 == "probe" { print NR; exit }' $OPS)
ktap_check lcd-tried-first [ "$first_lcd" -lt "$first_mmc" ]
bct_check_glitches
bct_dump
ktap_end
