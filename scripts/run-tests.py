#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Boot the guests listed in a boot table and report their tests.

usage: scripts/run-tests.py [--table FILE] [--timeout S] [--jobs N] [--console]
                            [BOOT ...]

The runner is scripts/bctest/run.py, the boot table's format
scripts/bctest/boots.py, the machines scripts/bctest/machines.py.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bctest.run import main  # noqa: E402

if __name__ == '__main__':
    sys.exit(main())
