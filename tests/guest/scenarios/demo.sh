# SPDX-License-Identifier: GPL-2.0
# make demo: show the boot constraints the kernel holds, as its debugfs
# summary tells them.
. /ktap.sh

summary=/sys/kernel/debug/boot_constraints/summary
ktap_begin demo 1
if [ -f "$summary" ]; then
	echo "==== $summary ===="
	cat "$summary"
	echo "==== end of summary ===="
	ktap_ok summary
else
	ktap_skip summary "$summary not present (boot constraints not built in?)"
fi
ktap_end
