# SPDX-License-Identifier: GPL-2.0
# For boots whose console is expected to die (bc.console-dies: the host
# runner reads the console's gate through QEMU's monitor once the guest
# has gone silent, scripts/run-tests.py).  The guest only waits until its
# uptime is past bc.wait=SECONDS (a deadline), then says so: if the
# console survived, the host sees that line and the end marker, and the
# boot fails.
for arg in $(cat /proc/cmdline); do
	case $arg in
	bc.wait=*) waitfor=${arg#bc.wait=} ;;
	esac
done
while [ "$(cut -d. -f1 /proc/uptime)" -le "${waitfor:-0}" ]; do
	sleep 1
done
echo "# console-dies: the console still works at $(cat /proc/uptime)"
