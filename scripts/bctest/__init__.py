# SPDX-License-Identifier: GPL-2.0
"""The test harness of the boot constraint series, as a Python package.

The front ends are scripts/run-tests.py (make test, test-debug, demo),
scripts/bench.py (make bench) and scripts/demo-timeline.py; the shell
steps (scripts/steps/) ask `python3 -m bctest` (scripts/steps/lib.sh:
bctest) for what they need.  Modules:

    machines  the one table of harness archs (kernels) and QEMU machines
    boots     the boot tables (tests/boots, tests/debug.boots, ...)
    series    the one parser of ./series
    ktap      the KTAP parser and the console's report patterns
    qemu      boots one guest: device tree, QEMU, console, monitor
    uboot     the SD card image or TFTP directory of a boot that starts at U-Boot
    run       make test's runner (scripts/run-tests.py)
    bench     make bench's benchmark (scripts/bench.py): runs the boots
    bench_trees, bench_boot, bench_figures, bench_tables, bench_targets
              its trees, one boot, the figures, the tables, the targets
    timeline  the providers' operation logs of the lcd-mmc board's boots
"""

import os

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.join(TOP, 'build')


class HarnessError(Exception):
    """Bad input to the harness (a table, the series): one line saying
    which file, which line and what is wrong."""
