# SPDX-License-Identifier: GPL-2.0
# i.MX6Q sabrelite: uSDHC3 (2198000.mmc), which the bootloader declares it
# left clocked (/chosen/boot-constraints, tests/dt/imx-usdhc-declared.sh),
# and whose driver (sdhci-esdhc-imx) is a module.  Its gate, usdhc3 in CCM
# CCGR6 (0x020C4080, bits 6-7), is read with devmem all through the
# scenario.
#
#   bc.load=SECONDS  load the MMC modules SECONDS after boot: the
#                    constraints are held (the gate on at every sample)
#                    until sdhci-esdhc-imx binds, released then; without
#                    constraints the gate is off before the load.
#   bc.wait=SECONDS  the modules are never loaded: past the driver core's
#                    deadline (deferred_probe_timeout=, before SECONDS),
#                    uSDHC3's constraints have expired and its gate is off,
#                    while the console's (21e8000.serial, from stdout-path
#                    with earlycon) are still held: the console waits for
#                    its own driver, or an explicit boot_constraints.timeout=.
. /ktap.sh

BC=$(bc_debugfs constraints)
SAMPLES=/tmp/usdhc-samples
mmc=2198000.mmc
uart=21e8000.serial

usdhc3_on() {
	[ $(( $(devmem 0x020C4080 32) & 0xc0 )) != 0 ]
}

uart_on() {
	v=$(devmem 0x020C407C 32)
	[ $((v & 0x03000000)) != 0 ] && [ $((v & 0x0C000000)) != 0 ]
}

bound() {
	test -e /sys/bus/platform/drivers/sdhci-esdhc-imx/$mmc
}

sampler() {
	while [ ! -e /tmp/stop-sampling ]; do
		if usdhc3_on; then
			echo "$(cut -d' ' -f1 /proc/uptime) on"
		else
			echo "$(cut -d' ' -f1 /proc/uptime) off"
		fi >> $SAMPLES
		usleep 20000	# let the CPU idle: see soc-console.sh
	done
}

# constrained DEVICE STATE: how many constraints of DEVICE are in STATE
constrained() {
	grep -c "^$1 .* $2 " $BC 2>/dev/null
}

# total DEVICE: how many constraints DEVICE has
total() {
	grep -c "^$1 " $BC 2>/dev/null
}

mmc_held() {
	[ "$(total $mmc)" -gt 0 ] &&
		[ "$(constrained $mmc applied)" = "$(total $mmc)" ] && usdhc3_on
}

mmc_expired() {
	[ "$(total $mmc)" -gt 0 ] &&
		[ "$(constrained $mmc expired)" = "$(total $mmc)" ] && ! usdhc3_on
}

console_held() {
	[ "$(constrained $uart applied)" = 2 ] && uart_on
}

with_constraints() {
	[ -d /sys/kernel/debug/boot_constraints ] && ! arg boot_constraints=off
}

load=$(arg_value bc.load)
waitfor=$(arg_value bc.wait)

ktap_begin imx_usdhc 4
rm -f /tmp/stop-sampling $SAMPLES
sampler &
sampler_pid=$!
ktap_diag "before: CCGR6=$(devmem 0x020C4080 32) at $(cat /proc/uptime)"
if with_constraints; then
	ktap_check declared-and-held mmc_held
else
	ktap_check baseline-gated eval '! usdhc3_on'
fi

if [ -n "$load" ]; then
	while [ "$(uptime_s)" -lt "$load" ]; do
		sleep 1
	done
	for m in mmc_core sdhci sdhci-pltfm cqhci sdhci-esdhc-imx; do
		insmod /lib/modules/$m.ko || ktap_diag "insmod $m failed"
	done
	i=0
	while ! bound && [ $i -lt 10 ]; do
		sleep 1
		i=$((i + 1))
	done
	touch /tmp/stop-sampling
	wait $sampler_pid
	ktap_check driver-bound bound
	if with_constraints; then
		ktap_check released-at-bind \
			[ "$(constrained $mmc released)" = "$(total $mmc)" ]
		ktap_check never-seen-off [ "$(grep -c ' off' $SAMPLES)" = 0 ]
	else
		ktap_skip released-at-bind "no constraints"
		ktap_check baseline-seen-off [ "$(grep -c ' off' $SAMPLES)" -gt 0 ]
	fi
else
	while [ "$(uptime_s)" -le "${waitfor:-0}" ]; do
		sleep 1
	done
	touch /tmp/stop-sampling
	wait $sampler_pid
	ktap_check driver-absent eval '! bound'
	if with_constraints; then
		ktap_check mmc-expired-at-driver-core-deadline mmc_expired
		ktap_check console-still-held console_held
	else
		ktap_skip mmc-expired-at-driver-core-deadline "no constraints"
		ktap_skip console-still-held "no constraints"
	fi
fi
ktap_diag "after: CCGR6=$(devmem 0x020C4080 32) CCGR5=$(devmem 0x020C407C 32)" \
	"at $(cat /proc/uptime); $(wc -l < $SAMPLES) samples, $(grep -c ' off' $SAMPLES) off"
[ -f $BC ] && ktap_diag_file $BC
ktap_end
