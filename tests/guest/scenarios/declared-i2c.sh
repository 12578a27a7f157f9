# SPDX-License-Identifier: GPL-2.0
# A declaration for a device on the I2C bus (tests/dt/declared-i2c.dtsi)
# holds its clock from the moment its device is added, like one for a
# platform device; before issue 12 (bug 9) only platform and AMBA devices
# were matched and the declaration waited forever, silently. A declaration
# whose device never appears is dropped at the deadline
# (boot_constraints.timeout=4) in one line naming its node, and the
# bridge's constraint expires then too. Boot with bc_test.no_table.
. /ktap.sh
. /scenarios/lcd-mmc-lib.sh

bridge=$(cd /sys/bus/i2c/devices 2>/dev/null && ls -d *-002c 2>/dev/null)
dropped='boot_constraint: deadline: dropped the boot constraints of 1 node whose device never appeared: /mmc/ghost$'

ktap_begin declared_i2c 5
ktap_check bridge-on-i2c [ -n "$bridge" ]
ktap_check bridge-clock-held grep -q "^$bridge clk ref .* applied " $BC
ktap_check ghost-not-held sh -c "! grep -q ghost $BC"
i=0
while ! dmesg | grep -q "$dropped" && [ $i -lt 100 ]; do
	usleep 100000
	i=$((i + 1))
done
ktap_check ghost-dropped-in-one-line [ "$(dmesg | grep -c "$dropped")" = 1 ]
ktap_check bridge-expired grep -q "^$bridge clk ref .* expired " $BC
ktap_diag_file $BC
ktap_end
