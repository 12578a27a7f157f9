#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Boot-time benchmark of deferrable boot constraints (make bench).

usage: scripts/bench.py [--sizes 100,1000,5000] [--boots 3] [--every 20]
                       [--smp 1] [--configs production,lockdep]
                       [--workload abc,auto]

The benchmark, its workloads, ways and targets are scripts/bctest/bench.py
(the trees, a boot, the figures, the tables and the targets its bench_*.py).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bctest.bench import main  # noqa: E402

if __name__ == '__main__':
    sys.exit(main())
