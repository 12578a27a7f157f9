# SPDX-License-Identifier: GPL-2.0
# For boots whose console is expected to die (bc.console-dies: the host
# runner reads the console's gate through QEMU's monitor once the guest
# has gone silent, scripts/run-tests.py).  The guest says it is alive every
# second until its uptime is past bc.wait=SECONDS (past a deadline): the
# host sees the console's last words, and if the console survived, it sees
# the end marker, and the boot fails.
for arg in $(cat /proc/cmdline); do
	case $arg in
	bc.wait=*) waitfor=${arg#bc.wait=} ;;
	esac
done
while [ "$(cut -d. -f1 /proc/uptime)" -le "${waitfor:-0}" ]; do
	echo "# console-dies: alive at $(cut -d' ' -f1 /proc/uptime)"
	sleep 1
done
echo "# console-dies: the console still works at $(cat /proc/uptime)"
