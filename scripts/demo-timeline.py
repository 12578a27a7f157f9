#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Show two boots' timelines of the lcd-mmc board side by side (make demo).

usage: scripts/demo-timeline.py [--svg FILE] WITH.log WITHOUT.log

Each log is the console of a boot of an lcd-mmc scenario, whose guest
script printed the test providers' operation log, the glitch specs it
counted by and its counts (scripts/bctest/timeline.py).  Prints the two
timelines side by side, each glitch marked "!", and with --svg writes
them as a picture: one row per resource, glitches marked, the LCD's probe
and the constraints' release.  Fails if a log has no operation log, or if
its marks disagree with the guest's own counts.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bctest import timeline  # noqa: E402

TITLES = ['with boot constraints', 'without (boot_constraints=off)']


def load(path):
    with open(path, errors='replace') as f:
        boot = timeline.Boot(f)
    if not boot.ops:
        sys.exit('demo-timeline: no operation log in %s' % path)
    return boot


def render(logs, boots):
    bad = ['%s: %s' % (p, d) for p, b in zip(logs, boots)
           for d in timeline.disagreements(b)]
    return (timeline.text(boots, TITLES), timeline.svg(boots, TITLES),
            ['the marks disagree with the guest'] + bad if bad else [])


if __name__ == '__main__':
    sys.exit(timeline.command('demo-timeline', __doc__, 2, load, render))
