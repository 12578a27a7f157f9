# SPDX-License-Identifier: GPL-2.0
# Declarations in the tree (tests/dt/declarations-rejected.dtsi) and
# on the command line that must be rejected: each in exactly one line of
# the kernel log, naming the declaration node or the whole boot_constraints=
# spec, ending in "nothing held"; none of them holds anything. The command
# line's spec for the LCD replaces the tree's declaration, in one line, and
# is held as the command line says (vdd at 3.3 V, not the tree's pixel
# clock alone). Before issue 16, two-phandles, extra-cells, typo and
# clocks-property held the LCD's and the MMC's resources, mmc-b replaced
# mmc-a silently, the spec for /pl011 held uartclk twice, and the errors
# named the device node or the cut-up spec. Boot with bc_test.no_table and
# the specs below.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

decl=/chosen/boot-constraints
rejected="$decl/two-phandles $decl/extra-cells $decl/disabled-device
$decl/typo $decl/clocks-property $decl/mmc-a $decl/mmc-b
boot_constraints=/pl011@9000000:clk:clk=uartclk boot_constraints=/
boot_constraints=/mmc:clk=core boot_constraints=/mmc:supply=vmmc
boot_constraints=/lcd:clk=pixel@99999999999-1 boot_constraints=/lcd::pd"
override="boot_constraints=/lcd:supply=vdd@3300000-3300000: replaces $decl/splash (the command line overrides the device tree)"

dmesg > /tmp/dmesg
ktap_begin declarations_rejected 17
for o in $rejected; do
	n=$(grep -cF "boot_constraint: $o: " /tmp/dmesg)
	l=$(grep -F "boot_constraint: $o: " /tmp/dmesg)
	ktap_check "one-line-$(echo "$o" | tr -c 'a-z0-9\n' -)" sh -c "[ $n = 1 ] && [ -z \"\${1%%*, nothing held}\" ]" - "$l"
done
ktap_check root-named grep -qF "boot_constraint: boot_constraints=/: / names no resource to hold, nothing held" /tmp/dmesg
ktap_check cmdline-overrides-dt [ "$(grep -cF "$override" /tmp/dmesg)" = 1 ]
ktap_check lcd-held-as-cmdline-says grep -q '^lcd supply vdd 3300000-3300000uV applied ' $BC
ktap_check mmc-holds-nothing sh -c "! grep -q '^mmc ' $BC"
ktap_diag_file $BC
grep 'boot_constraint' /tmp/dmesg | sed 's/^/    # /'
ktap_end
