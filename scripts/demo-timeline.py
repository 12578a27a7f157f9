#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Print two boots' provider-operation timelines side by side.

usage: scripts/demo-timeline.py WITH.log WITHOUT.log

Each log is the console of a boot of an lcd-mmc scenario, whose guest
script printed the test providers' operation log as KTAP diagnostics
("# NANOSECONDS RESOURCE OPERATION VALUE").  An operation that turns one of
the LCD's resources off, or moves its supply away from 3.3 V, before the
LCD's driver probed is a glitch, marked with "!".
"""

import re
import sys

OP = re.compile(r"^\s*# (\d+) (\S+) (\S+) (-?\d+)(?: \S+)?$")
LCD_RESOURCES = ('shared_gate', 'vdd_shared', 'power-controller')
EPROBE_DEFER = -517


def read_ops(path):
    ops = []
    with open(path, errors='replace') as f:
        for line in f:
            m = OP.match(line.rstrip('\r\n'))
            if m:
                ops.append((int(m[1]), m[2], m[3], int(m[4])))
    return ops


def describe(ops):
    """(time in ms, text, glitch) for each operation."""
    rows = []
    probed = False
    for ns, res, op, value in ops:
        if res == 'lcd' and op == 'probe' and value != EPROBE_DEFER:
            probed = True
        glitch = not probed and res in LCD_RESOURCES and (
            op == 'off' or (op == 'voltage' and value != 3300000))
        if op in ('voltage', 'on') and res.startswith('vdd'):
            text = '%s %s %.2fV' % (res, op, value / 1e6)
        elif op in ('probe', 'held'):
            text = '%s %s%s' % (res, op, ' %d' % value if value else '')
        else:
            text = '%s %s' % (res, op)
        rows.append((ns / 1e6, text, glitch))
    return rows


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip())
    sides = [describe(read_ops(p)) for p in sys.argv[1:]]
    if not all(sides):
        sys.exit('demo-timeline: no operation log in %s' %
                 ' or '.join(p for p, s in zip(sys.argv[1:], sides) if not s))

    width = 44
    print('%-*s | %s' % (width, 'with boot constraints',
                         'without (boot_constraints=off)'))
    print('-' * width + '-+-' + '-' * width)
    for i in range(max(len(s) for s in sides)):
        cells = []
        for side in sides:
            if i < len(side):
                ms, text, glitch = side[i]
                cells.append('%9.3f ms %s %s' % (ms, '!' if glitch else ' ',
                                                 text))
            else:
                cells.append('')
        print('%-*s | %s' % (width, cells[0], cells[1]))
    counts = [sum(g for _, _, g in s) for s in sides]
    print('-' * width + '-+-' + '-' * width)
    print('%-*s | %s' % (width, 'LCD glitches before its probe: %d' % counts[0],
                         'LCD glitches before its probe: %d' % counts[1]))


if __name__ == '__main__':
    main()
