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

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bctest import timeline, uboot_timeline  # noqa: E402


def load(path):
    with open(path, errors='replace') as f:
        boot = uboot_timeline.Boot(f)
    if not boot.clocks['init']:
        sys.exit('uboot-timeline: no timeline in %s' % path)
    return boot


def render(logs, boots):
    bad = uboot_timeline.disagreements(*boots)
    return (uboot_timeline.text(*boots), uboot_timeline.svg(*boots),
            ['the timeline disagrees with the guests'] + bad if bad else [])


if __name__ == '__main__':
    sys.exit(timeline.command('uboot-timeline', __doc__, 3, load, render))
