# SPDX-License-Identifier: GPL-2.0
# A peer's request on a held clock waits for the hold's end, then is applied
# (issue 43, item 1). UART1's node assigns uart_serial, the "per" clock it
# shares with the console's UART2, 40 MHz (tests/dt/imx-uart-peer-assigned-
# rate.dtsi). imx-uart's module (bc.load=) binds UART1 alone first (UART2's
# driver_override keeps it off), then UART2.
# - Held (boot_constraints=auto): UART1's request must not move the clock under the running
#   console (80 MHz until UART2's driver takes over), and must be applied
#   at that takeover: 40 MHz, as pristine 6.12 ends ("# compare
#   uart-rate:", bc.compare= against the pristine boot).
# - boot_constraints=off (the -off boot) and pristine: the clock moves to
#   40 MHz at UART1's probe, under the running console: the glitch.
# Both UARTs must be bound at the end, as on pristine.
. /ktap.sh

SUMMARY=/sys/kernel/debug/clk/clk_summary
DEVS=/sys/bus/platform/devices
DRV=/sys/bus/platform/drivers/imx-uart
CONSOLE=21e8000.serial
PEER=2020000.serial
BOOT_HZ=80000000
ASSIGNED=40000000

held() {
	[ -d /sys/kernel/debug/boot_constraints ] && ! arg boot_constraints=off
}

# The rate of uart_serial, clk_summary's fifth column
rate() {
	awk '$1 == "uart_serial" { print $5 }' $SUMMARY
}

load=$(arg_value bc.load)

ktap_begin imx_peer_assigned_rate 5
ktap_check rate-at-boot [ "$(rate)" = $BOOT_HZ ]

while [ "$(uptime_s)" -lt "${load:-0}" ]; do
	sleep 1
done
echo none > $DEVS/$CONSOLE/driver_override
insmod /lib/modules/imx.ko
ktap_check peer-bound test -e $DRV/$PEER
before=$(rate)
ktap_diag "uart_serial after UART1's probe: $before"
if held; then
	ktap_check console-rate-held [ "$before" = $BOOT_HZ ]
else
	ktap_check peer-moved-console-clock [ "$before" = $ASSIGNED ]
fi

echo > $DEVS/$CONSOLE/driver_override
echo $CONSOLE > $DRV/bind
ktap_check console-bound test -e $DRV/$CONSOLE
ktap_check peer-rate-applied [ "$(rate)" = $ASSIGNED ]
grep -E "^ *(uart_serial|uart_serial_podf|pll3_80m) " $SUMMARY | sed 's/^/    # /'
dmesg | grep -E "clk: couldn't set|boot constraint" | sed 's/^/    # dmesg: /'
ktap_diag "compare uart-rate: $(rate)"
ktap_end
