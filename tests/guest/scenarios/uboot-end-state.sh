# SPDX-License-Identifier: GPL-2.0
# The state a real bootloader's boot ends in, past every deadline: after
# U-Boot left its devices running, the console's driver loaded late
# (bc.load=SECONDS: a module) and the others' never (the SD card's MMC,
# USB, HDMI...), the guest waits past bc.wait=SECONDS (past
# boot_constraints.timeout=) and prints, for the runner to compare with
# pristine 6.12's boot on the same U-Boot flow (bc.compare=BOOT:KEY):
#
#   clk       clk_summary: each clock's enable, prepare and protect counts,
#             rate and hardware state (its consumers are listed, not
#             compared: the series' handles are not clk consumers)
#   regulator regulator_summary's regulator lines (use and open counts,
#             state, voltage)
#   genpd     pm_genpd_summary's domain lines (name, status)
#   gates     the SoC's clock-gate registers, read with devmem
#   drivers   every device bound to a driver, by bus and driver
#
# each as "# compare KEY: LINES DIGEST", the text following as diagnostics.
# "auto, then nothing" must be pristine.  Also checked here: the drivers
# loaded late bound, and in auto mode one summary warning at the deadline
# for what no driver took over (none without constraints).
. /ktap.sh

compat=$(tr '\0' ' ' < /proc/device-tree/compatible)
case $compat in
*allwinner,sun8i-h3*)
	# H3 CCU: BUS_CLK_GATING_REG0..4, SDMMC0_CLK_REG; the UART's driver.
	# sunxi-mmc stays unloaded: bound, it finds the card and its runtime
	# PM turns the MMC's clocks on and off as the card is used (seen:
	# SDMMC0_CLK_REG's gate on in one boot, off in the other, at the
	# same point), which no single reading can compare.
	regs="0x01C20060 0x01C20064 0x01C20068 0x01C2006C 0x01C20070 0x01C20088"
	mods="8250_dw"
	bound="dw-apb-uart/1c28000.serial"
	;;
*)
	ktap_begin uboot_end_state 1
	ktap_skip soc "no table for $compat"
	ktap_end
	exit 0
	;;
esac

load=$(arg_value bc.load)
waitfor=$(arg_value bc.wait)
D=/sys/kernel/debug

# show KEY FILE: the compare line of FILE's text, then the text.
show() {
	ktap_diag "compare $1: $(wc -l < "$2") $(md5sum < "$2" | cut -d' ' -f1)"
	sed "s/^/    # $1: /" "$2"
}

ktap_begin uboot_end_state 3
while [ "$(uptime_s)" -lt "${load:-0}" ]; do
	sleep 1
done
for m in $mods; do
	ktap_diag "loading $m.ko at $(cut -d' ' -f1 /proc/uptime)"
	insmod /lib/modules/$m.ko
done
while [ "$(uptime_s)" -le "${waitfor:-0}" ]; do
	sleep 1
done
sleep 1
ktap_diag "end state at $(cut -d' ' -f1 /proc/uptime)"

missing=
for b in $bound; do
	[ -e /sys/bus/platform/drivers/$b ] || missing="$missing $b"
done
ktap_check late-drivers-bound [ -z "$missing" ]
[ -n "$missing" ] && ktap_diag "not bound:$missing"

warnings=$(dmesg | grep -c 'deadline: releasing .* resources held automatically')
if [ -d $D/boot_constraints ] && arg boot_constraints=auto && ! arg boot_constraints=off; then
	ktap_check one-summary-warning [ "$warnings" = 1 ]
else
	ktap_check no-summary-warning [ "$warnings" = 0 ]
fi

# Clocks: name, enable, prepare, protect counts, rate, hardware enable.
awk '$2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/ && NF >= 9 {
	print $1, $2, $3, $4, $5, $9 }' $D/clk/clk_summary > /tmp/clk
# Regulators: the lines of regulator_summary's regulators, not of their
# consumers (indented further, no use/open counts).
awk 'NR > 2 && $2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/' \
	$D/regulator/regulator_summary > /tmp/regulator 2>/dev/null
awk 'NR > 2 && NF >= 2 && $1 !~ /^\// { print $1, $2 }' \
	$D/pm_genpd/pm_genpd_summary > /tmp/genpd 2>/dev/null
for r in $regs; do
	echo "$r $(devmem $r 32)"
done > /tmp/gates
for d in /sys/bus/*/drivers/*/*; do
	[ -L "$d" ] && [ -e "$d/driver" ] && echo "${d#/sys/bus/}"
done | sort > /tmp/drivers
ktap_check clk-summary-read [ -s /tmp/clk ]
for key in clk regulator genpd gates drivers; do
	show $key /tmp/$key
done
ktap_end
