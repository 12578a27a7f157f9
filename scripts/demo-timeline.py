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

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bctest import timeline  # noqa: E402

TITLES = ['with boot constraints', 'without (boot_constraints=off)']


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--svg', metavar='FILE', help='write the picture there')
    ap.add_argument('logs', nargs=2, metavar='LOG')
    opt = ap.parse_args()
    boots = []
    for path in opt.logs:
        with open(path, errors='replace') as f:
            boots.append(timeline.Boot(f))
        if not boots[-1].ops:
            sys.exit('demo-timeline: no operation log in %s' % path)
    print('\n'.join(timeline.text(boots, TITLES)))
    bad = ['%s: %s' % (p, d) for p, b in zip(opt.logs, boots)
           for d in timeline.disagreements(b)]
    if opt.svg:
        with open(opt.svg, 'w') as f:
            f.write(timeline.svg(boots, TITLES))
        print('demo-timeline: the picture is in %s' % opt.svg)
    if bad:
        sys.exit('demo-timeline: the marks disagree with the guest:\n  ' +
                 '\n  '.join(bad))
    return 0


if __name__ == '__main__':
    sys.exit(main())
