#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build and link the series with each framework it uses turned off, one at
# a time: COMMON_CLK, REGULATOR, PM_GENERIC_DOMAINS, RESET_CONTROLLER and
# INTERCONNECT; with all of them on; with OF off, where Kconfig must not
# let DEV_BOOT_CONSTRAINT be enabled; and with DEV_BOOT_CONSTRAINT off in
# a kernel with the i.MX clock library (MXC_CLK, compile-tested), which
# must not force it on and then keeps imx_register_uart_clocks(), which a
# kernel with boot constraints leaves out.  Before any build, Kconfig's
# defaults of the production options (AUTO, AUTO_DEFAULT, HISI, QCOM) must
# be the same with the KUnit tests on and off.  The KUnit tests are built where
# their fakes' frameworks (clocks, regulators, power domains) are.  The guest arches select
# COMMON_CLK (and OF), so these are x86_64 kernels from allnoconfig, built
# with the host's gcc, one out dir each under build/configs/ so that a
# second run is incremental; ccache hits for every file a variant leaves
# alone.
set -e
. "$(dirname "$0")/lib.sh"

karch=x86_64
cross=
mkdir -p "$build/logs" "$build/configs"

# The base: our code and its KUnit tests on every framework they can use.
base="CONFIG_OF=y
CONFIG_PM=y
CONFIG_COMMON_CLK=y
CONFIG_REGULATOR=y
CONFIG_PM_GENERIC_DOMAINS=y
CONFIG_RESET_CONTROLLER=y
CONFIG_INTERCONNECT=y
CONFIG_DEBUG_FS=y
CONFIG_COMPILE_TEST=y
CONFIG_MXC_CLK=y
CONFIG_KUNIT=y
CONFIG_DEV_BOOT_CONSTRAINT=y
CONFIG_DEV_BOOT_CONSTRAINT_AUTO=y
CONFIG_DEV_BOOT_CONSTRAINT_HISI=y
CONFIG_DEV_BOOT_CONSTRAINT_QCOM=y
CONFIG_DEV_BOOT_CONSTRAINT_KUNIT_TEST=y"

# defaults: the options a production kernel may take have the same
# defaults whether the KUnit tests are built or not.
defaults() {
	for t in y n; do
		out=$build/configs/defaults-$t
		mkdir -p "$out"
		printf '%s\n' CONFIG_OF=y CONFIG_PM=y CONFIG_COMMON_CLK=y \
			CONFIG_REGULATOR=y CONFIG_DEBUG_FS=y CONFIG_KUNIT=y \
			CONFIG_DEV_BOOT_CONSTRAINT=y \
			"CONFIG_DEV_BOOT_CONSTRAINT_KUNIT_TEST=$t" > "$out/fragment.config"
		kmake -s alldefconfig KCONFIG_ALLCONFIG="$out/fragment.config" \
			> "$build/logs/check-configs-defaults-$t.log" 2>&1 ||
			die "defaults: alldefconfig failed"
		grep -q "^CONFIG_DEV_BOOT_CONSTRAINT_KUNIT_TEST=$t" "$out/.config" ||
			[ $t = n ] || die "defaults: the KUnit tests are not on (${out#"$top"/}/.config)"
		for sym in AUTO AUTO_DEFAULT HISI QCOM; do
			v=$(sed -n "s/^CONFIG_DEV_BOOT_CONSTRAINT_$sym=//p" "$out/.config")
			echo "CONFIG_DEV_BOOT_CONSTRAINT_$sym=${v:-n}"
		done > "$out/defaults"
	done
	diff -u "$build/configs/defaults-n/defaults" "$build/configs/defaults-y/defaults" ||
		die "defaults: the production options follow the KUnit tests (above)"
	echo "check-configs: defaults: the same with the KUnit tests on and off"
}

# variant NAME SYMBOL: SYMBOL off ("" for none); its .config must keep
# DEV_BOOT_CONSTRAINT unless SYMBOL is OF, which must drop it.
variant() {
	name=$1 off=$2
	out=$build/configs/$name
	log=$build/logs/check-configs-$name.log
	mkdir -p "$out"
	# The KUnit tests fake clocks, regulators and power domains
	case $off in
	COMMON_CLK|REGULATOR|PM_GENERIC_DOMAINS|DEV_BOOT_CONSTRAINT) tests=n ;;
	*) tests=y ;;
	esac
	{
		echo "$base" | grep -v "^CONFIG_$off=" |
			if [ $tests = n ]; then grep -v KUNIT; else cat; fi
		[ -n "$off" ] && echo "# CONFIG_$off is not set"
	} > "$out/fragment.config"
	kmake -s allnoconfig KCONFIG_ALLCONFIG="$out/fragment.config" \
		> "$log" 2>&1 || die "$name: allnoconfig failed (log: ${log#"$top"/})"
	if [ "$off" = OF ]; then
		! grep -q '^CONFIG_DEV_BOOT_CONSTRAINT=y' "$out/.config" ||
			die "$name: DEV_BOOT_CONSTRAINT enabled without OF"
		echo "check-configs: $name: DEV_BOOT_CONSTRAINT cannot be enabled"
		return
	fi
	for sym in DEV_BOOT_CONSTRAINT DEV_BOOT_CONSTRAINT_KUNIT_TEST $off; do
		want=y
		[ "$sym" = DEV_BOOT_CONSTRAINT_KUNIT_TEST ] && want=$tests
		[ "$sym" = "$off" ] && want=n
		have=$(sed -n "s/^CONFIG_$sym=\(.*\)/\1/p" "$out/.config")
		[ "${have:-n}" = "$want" ] ||
			die "$name: CONFIG_$sym is ${have:-n}, not $want (${out#"$top"/}/.config)"
	done
	kmake vmlinux >> "$log" 2>&1 || {
		tail -30 "$log"
		die "$name: build fails (log: ${log#"$top"/})"
	}
	if grep -E '^(\.\./linux/)?drivers/boot_constraint/.*: warning' "$log"; then
		die "$name: warnings in our files (log: ${log#"$top"/})"
	fi
	# The i.MX clock library keeps the earlycon UART's clocks itself
	# only without boot constraints.
	if grep -q '^CONFIG_MXC_CLK=y' "$out/.config"; then
		want=y
		[ "$off" = DEV_BOOT_CONSTRAINT ] || want=n
		have=n
		nm "$out/vmlinux" | grep -q ' imx_register_uart_clocks$' && have=y
		[ $have = $want ] ||
			die "$name: imx_register_uart_clocks() in vmlinux: $have, not $want"
	fi
	echo "check-configs: $name: builds and links"
}

defaults
variant all ""
for sym in COMMON_CLK REGULATOR PM_GENERIC_DOMAINS RESET_CONTROLLER INTERCONNECT OF DEV_BOOT_CONSTRAINT; do
	variant "no-$(echo $sym | tr 'A-Z_' 'a-z-')" $sym
done
echo "check-configs: every variant passed"
