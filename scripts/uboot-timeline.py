#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Show U-Boot's clocks on the H3 in three boots of one flow (make demo-uboot).

usage: scripts/uboot-timeline.py [--svg FILE] OURS.log PRISTINE.log IGNORE.log

The logs are the consoles of uboot-h3-end-auto (boot_constraints=auto),
uboot-h3-end-base (pristine 6.12) and uboot-h3-end-ignore (pristine with
clk_ignore_unused), whose guest printed its "# tl" lines
(tests/guest/scenarios/uboot-end-state.sh).  Prints, for each clock U-Boot
left on that pristine turns off, its three lanes (bctest.uboot_timeline),
and with --svg writes them as a picture.  Fails if a log has no timeline,
if the timeline disagrees with what the guests read or counted, or if ours
turns a clock off before its driver or holds one after its driver took it
over.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bctest import uboot_timeline  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--svg', metavar='FILE', help='write the picture there')
    ap.add_argument('logs', nargs=3, metavar='LOG')
    opt = ap.parse_args()
    boots = []
    for path in opt.logs:
        with open(path, errors='replace') as f:
            boots.append(uboot_timeline.Boot(f))
        if not boots[-1].clocks['init']:
            sys.exit('uboot-timeline: no timeline in %s' % path)
    print('\n'.join(uboot_timeline.text(*boots)))
    bad = uboot_timeline.disagreements(*boots)
    if opt.svg:
        with open(opt.svg, 'w') as f:
            f.write(uboot_timeline.svg(*boots))
        print('uboot-timeline: the picture is in %s' % opt.svg)
    if bad:
        sys.exit('uboot-timeline: the timeline disagrees with the guests:\n  ' +
                 '\n  '.join(bad))
    return 0


if __name__ == '__main__':
    sys.exit(main())
