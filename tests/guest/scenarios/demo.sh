# SPDX-License-Identifier: GPL-2.0
# make demo: show the boot constraints the kernel holds, as its debugfs
# files (boot_constraints/summary, or whatever the directory has) tell.
. /ktap.sh

dir=/sys/kernel/debug/boot_constraints
ktap_begin demo 1
if [ -d "$dir" ]; then
	for f in "$dir"/summary "$dir"/*; do
		[ -f "$f" ] || continue
		case " $shown " in *" $f "*) continue ;; esac
		shown="$shown $f"
		echo "==== $f ===="
		cat "$f"
	done
	echo "==== end ===="
	ktap_ok debugfs
else
	ktap_skip debugfs "$dir not present (boot constraints not built in?)"
fi
ktap_end
