# SPDX-License-Identifier: GPL-2.0
"""The timeline of a boot of the lcd-mmc board (make demo).

The guest's lcd-mmc scenarios (tests/guest/scenarios/lcd-mmc-lib.sh) print
on the console, as KTAP diagnostics:

    # NANOSECONDS RESOURCE OPERATION VALUE BY     the providers' operation log
    # lcd[ KIND] glitch specs: SPEC ...            what counts as a glitch
    # lcd[ KIND] glitches: N before its probe, N at or after it
    # lcd TYPE RESOURCE PARAMETERS STATE APPLIED RELEASED   (debugfs)

A SPEC is RESOURCE:OP (a glitch whoever asks for it but the LCD's driver)
or RESOURCE:OP:MIN:MAX (a value of OP out of the range the LCD runs with;
once the LCD's driver set one itself, only that one), or
RESOURCE:OP:MIN:MAX:PMIN:PMAX (PMIN-PMAX, another consumer's request, is no
glitch from the LCD's probe on, unless the LCD's driver set a value: the
request waited while the LCD was held, and is applied at the release).  The thresholds are
the board's (tests/dt/lcd-mmc.dtsi, read by the guest from the booted
tree); glitches() marks the operations by the guest's rule
(bct_glitch_counts), and the counts must agree with the guest's.
"""

import argparse
import re
import sys
from xml.sax.saxutils import escape

from .ktap import message

EPROBE_DEFER = -517
DEVICE = 'lcd'
OP = re.compile(r'^\s*# (\d+) (\S+) (\S+) (-?\d+)(?: (\S+))?$')
SPECS = re.compile(r'^\s*# lcd(?: (\w+))? glitch specs: (.*)$')
VERDICT = re.compile(r'^\s*# lcd(?: (\w+))? glitches: (\d+) before its probe, '
                     r'(\d+) at or after it$')
CONSTRAINT = re.compile(r'^\s*# lcd (\S+) (\S+) (\S+) (\S+) (\d+\.\d+) (\d+\.\d+)$')


class Boot:
    """What the console of one boot says about the LCD and its resources."""

    def __init__(self, lines):
        self.ops = []           # (ns, resource, op, value, by)
        self.specs = {}         # kind ('' for clock, supply, domain): [SPEC]
        self.verdicts = {}      # kind: (before, after)
        self.released = []      # seconds
        for line in lines:
            text = message(line.rstrip('\r\n'))
            m = OP.match(text)
            if m:
                self.ops.append((int(m[1]), m[2], m[3], int(m[4]), m[5] or '-'))
                continue
            m = SPECS.match(text)
            if m:
                self.specs[m[1] or ''] = m[2].split()
                continue
            m = VERDICT.match(text)
            if m:
                self.verdicts[m[1] or ''] = (int(m[2]), int(m[3]))
                continue
            m = CONSTRAINT.match(text)
            if m and m[4] == 'released':
                self.released.append(float(m[6]))

    def probe_ns(self):
        """When the LCD's driver probed (not deferred), or None."""
        for ns, res, op, value, _ in self.ops:
            if res == DEVICE and op == 'probe' and value != EPROBE_DEFER:
                return ns
        return None


def glitches(ops, specs):
    """For each of ops, 'before' or 'after' the LCD's probe if it is a
    glitch by specs, else None: the rule of bct_glitch_counts."""
    bad, lo, hi, peer = set(), {}, {}, {}
    for spec in specs:
        f = spec.split(':')
        if len(f) == 2:
            bad.add((f[0], f[1]))
            continue
        lo[(f[0], f[1])] = int(f[2])
        hi[(f[0], f[1])] = int(f[3])
        if len(f) == 6:
            peer[(f[0], f[1])] = (int(f[4]), int(f[5]))
    marks = [None] * len(ops)
    probed = False
    for i, (ns, res, op, value, by) in enumerate(ops):
        if res == DEVICE and op == 'probe':
            if value == 0:
                probed = True
                continue
            if value != EPROBE_DEFER:
                break
        key = (res, op)
        if by == DEVICE:
            if key in lo and hi[key] != 4294967295:
                lo[key] = hi[key] = value
                peer.pop(key, None)
            continue
        if probed and key in peer and peer[key][0] <= value <= peer[key][1]:
            continue
        if key in bad or (key in lo and not lo[key] <= value <= hi[key]):
            marks[i] = 'after' if probed else 'before'
    return marks


def marks(boot):
    """The glitches of every kind of boot's specs, merged per operation,
    and the counts per kind as (before, after)."""
    merged = [None] * len(boot.ops)
    counts = {}
    for kind, specs in boot.specs.items():
        m = glitches(boot.ops, specs)
        counts[kind] = (m.count('before'), m.count('after'))
        merged = [a or b for a, b in zip(merged, m)]
    return merged, counts


def describe(res, op, value):
    """An operation in a few words."""
    if op == 'voltage' or (op == 'on' and res.startswith('vdd')):
        return '%s %.2f V' % (op, value / 1e6)
    if op == 'rate':
        return 'rate %g MHz' % (value / 1e6)
    if op in ('avg', 'peak'):
        return '%s %d kBps' % (op, value)
    if op in ('probe', 'held') and value:
        return '%s %d' % (op, value)
    return op


def short(res, op, value):
    """An operation in one word, for the picture."""
    if op == 'voltage':
        return '%.1fV' % (value / 1e6)
    if op == 'rate':
        return '%gMHz' % (value / 1e6)
    if op in ('avg', 'peak'):
        return '%s %dk' % (op, value // 1000)
    if op == 'probe' and res not in (DEVICE, 'mmc'):
        return 'bound'
    if op == 'probe':
        return {0: 'probe', EPROBE_DEFER: 'defer'}.get(value, 'probe %d' % value)
    if op == 'held':
        return 'held'
    if op == 'voltage-refused':
        return 'V refused'
    return op


def ends(boot):
    """Where each supply's voltage ends, the last value set, in a few words."""
    last = {}
    for _, res, op, value, _ in boot.ops:
        if op == 'voltage':
            last[res] = value
    return ', '.join('%s %.2f V' % (res, v / 1e6)
                     for res, v in sorted(last.items())) or 'no voltage set'


def text(boots, titles):
    """The two timelines side by side, as the lines make demo prints."""
    width = 44
    sides = []
    for b in boots:
        m, _ = marks(b)
        sides.append(['%9.3f ms %s %s %s' % (ns / 1e6, '!' if g else ' ', res,
                                             describe(res, op, value))
                      for (ns, res, op, value, _), g in zip(b.ops, m)])
    out = ['%-*s | %s' % (width, titles[0], titles[1]),
           '-' * width + '-+-' + '-' * width]
    for i in range(max(len(s) for s in sides)):
        cells = [s[i] if i < len(s) else '' for s in sides]
        out.append('%-*s | %s' % (width, cells[0], cells[1]))
    out.append('-' * width + '-+-' + '-' * width)
    counts = ['LCD glitches before its probe: %d' %
              sum(g == 'before' for g in marks(b)[0]) for b in boots]
    out.append('%-*s | %s' % (width, counts[0], counts[1]))
    out.append('%-*s | %s' % (width, *['at the end: ' + ends(b) for b in boots]))
    return out


def disagreements(boot):
    """Where the marks disagree with the guest's own counts."""
    _, counts = marks(boot)
    return ['%s: guest counted %s, the timeline %s' % (kind or 'lcd', v,
                                                       counts.get(kind))
            for kind, v in sorted(boot.verdicts.items())
            if counts.get(kind) != v]


def kind_of(res, ops):
    """What kind of resource res is, from what was done to it."""
    done = {op for _, r, op, _, _ in ops if r == res}
    for ops_of, kind in ((('rate',), 'clock'), (('voltage', 'voltage-refused'),
                                                'supply'),
                         (('assert', 'deassert'), 'reset line'),
                         (('avg', 'peak'), 'bandwidth')):
        if done & set(ops_of):
            return kind
    return 'power domain'


# The picture: one panel per boot, one row per resource, time across.
W, LEFT, RIGHT = 1120, 235, 30
ROW, TOP, PANEL_GAP = 30, 80, 40
STATE = {'on': True, 'off': False, 'deassert': True, 'assert': False}


def rows_of(boot):
    """The rows of a panel: the LCD's resources (those its specs name, in
    order), then the devices' own events."""
    rows = []
    for kind in sorted(boot.specs):
        for spec in boot.specs[kind]:
            res = spec.split(':')[0]
            if res not in rows:
                rows.append(res)
    for _, res, _, _, _ in boot.ops:
        if res in (DEVICE, 'mmc') and res not in rows:
            rows.append(res)
    return rows


def svg(boots, titles):
    """The timelines of boots as an SVG document (a string)."""
    end = max(ns for b in boots for ns, *_ in b.ops)
    end = max([end / 1e9] + [t for b in boots for t in b.released]) * 1.08
    step = next(s for s in (0.1, 0.2, 0.5, 1, 2, 5, 10, 30) if end / s <= 12)
    plot = W - LEFT - RIGHT

    def x(seconds):
        return LEFT + plot * seconds / end

    panels = [rows_of(b) for b in boots]
    height = (TOP + sum(len(r) * ROW + 70 for r in panels) +
              PANEL_GAP * (len(boots) - 1) + 60)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'viewBox="0 0 %d %d" font-family="DejaVu Sans, sans-serif" '
           'font-size="12">' % (W, height, W, height),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="10" y="24" font-size="17" font-weight="bold">The LCD of '
           'the lcd-mmc board, with and without boot constraints</text>',
           '<text x="10" y="42" fill="#444">Each row a resource of the LCD, '
           'the bar green while on (or deasserted), grey while off (or '
           'asserted); a red ! is a glitch: a change the LCD\'s driver did '
           'not ask for.</text>',
           '<text x="10" y="58" fill="#444">Blue line: the LCD\'s probe; '
           'dashed purple line: its constraints released. Point at a marker '
           'for the operation, its time and who asked for it.</text>']
    y0 = TOP
    for b, title, rows in zip(boots, titles, panels):
        m, counts = marks(b)
        before = sum(g == 'before' for g in m)
        after = sum(g == 'after' for g in m)
        y = y0 + 24
        out.append('<text x="10" y="%d" font-size="14" font-weight="bold">%s'
                   '</text>' % (y0 + 12, escape(title)))
        out.append('<text x="%d" y="%d" font-size="13" text-anchor="end" '
                   'fill="%s">%d glitches before the LCD\'s probe, %d at or '
                   'after it</text>' % (W - RIGHT, y0 + 12,
                                        '#c00' if before + after else '#070',
                                        before, after))
        for r, res in enumerate(rows):
            ry = y + r * ROW
            mid = ry + ROW / 2
            label = res if res in (DEVICE, 'mmc') else '%s (%s)' % (
                res, kind_of(res, b.ops))
            out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>'
                       % (10, ry, W - 10 - RIGHT, ROW,
                          '#f6f6f6' if r % 2 else '#ffffff'))
            out.append('<text x="14" y="%.1f">%s</text>' % (mid + 4,
                                                            escape(label)))
            out += state_bar(b, res, x, mid, end)
            out += events(b.ops, m, res, x, mid)
        bottom = y + len(rows) * ROW
        probe = b.probe_ns()
        if probe is not None:
            out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" '
                       'stroke="#1f5fd0" stroke-width="2"/>'
                       % (x(probe / 1e9), y - 4, x(probe / 1e9), bottom + 4))
            out.append('<text x="%.1f" y="%d" fill="#1f5fd0" '
                       'text-anchor="middle">LCD probe %.3f s</text>'
                       % (x(probe / 1e9), bottom + 18, probe / 1e9))
        if b.released:
            first, last = min(b.released), max(b.released)
            out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" '
                       'stroke="#8a2be2" stroke-width="2" '
                       'stroke-dasharray="5,3"/>'
                       % (x(last), y - 4, x(last), bottom + 4))
            out.append('<text x="%.1f" y="%d" fill="#8a2be2" '
                       'text-anchor="end">%d constraints released %.3f-%.3f s'
                       '</text>' % (x(last), bottom + 32, len(b.released),
                                    first, last))
        out += axis(x, bottom + 36, end, step)
        y0 = bottom + 70 + PANEL_GAP
    out.append('</svg>')
    return '\n'.join(out) + '\n'


def state_bar(boot, res, x, mid, end):
    """The on/off (or deasserted/asserted) bar of a row whose resource the
    specs watch for off or assert: on from the start (the bootloader left
    it so) until an operation says otherwise."""
    watched = {s.split(':')[0] for specs in boot.specs.values() for s in specs
               if s.split(':')[1] in STATE}
    if res not in watched:
        return []
    changes = [(ns / 1e9, STATE[op]) for ns, r, op, _, _ in boot.ops
               if r == res and op in STATE]
    out = []
    t, on = 0.0, True
    for when, state in changes + [(end, None)]:
        if when > t:
            out.append(bar(x(t), x(when), mid, '#3cb043' if on else '#999999'))
        t, on = when, state
    return out


def bar(x0, x1, mid, colour):
    """A state bar from x0 to x1 at height mid (also make demo-uboot's)."""
    return ('<rect x="%.1f" y="%.1f" width="%.1f" height="8" fill="%s" '
            'opacity="0.6"/>' % (x0, mid - 4, x1 - x0, colour))


def events(ops, marks_, res, x, mid):
    """The operations on res as markers; those within a few pixels of
    each other share one label."""
    out, groups = [], []
    for (ns, r, op, value, by), mark in zip(ops, marks_):
        if r != res:
            continue
        px = x(ns / 1e9)
        word = short(r, op, value) + ('!' if mark else '')
        if groups and px - groups[-1][0] < 40:
            groups[-1][1].append((word, mark, ns, op, value, by))
        else:
            groups.append((px, [(word, mark, ns, op, value, by)]))
    for n, (px, items) in enumerate(groups):
        for word, mark, ns, op, value, by in items:
            tip = '%.3f ms %s %s by %s' % (ns / 1e6, res,
                                           describe(res, op, value), by)
            if mark:
                out.append('<g><title>%s (glitch)</title><circle cx="%.1f" '
                           'cy="%.1f" r="6" fill="#d00000"/><text x="%.1f" '
                           'y="%.1f" fill="white" font-weight="bold" '
                           'text-anchor="middle" font-size="10">!</text></g>'
                           % (escape(tip), px, mid, px, mid + 3.5))
            else:
                out.append('<g><title>%s</title><circle cx="%.1f" cy="%.1f" '
                           'r="3.5" fill="#333"/></g>' % (escape(tip), px, mid))
        words = ', '.join(w for w, *_ in items)
        red = any(mk for _, mk, *_ in items)
        # About 6 pixels a character: a label that would leave the plot
        # ends at its marker instead.
        right = px + 8 + 6 * len(words) <= W - RIGHT
        out.append('<text x="%.1f" y="%.1f" font-size="10" fill="%s"%s>%s'
                   '</text>' % (px + 8 if right else px - 8,
                                mid - 5 + (10 if n % 2 else 0),
                                '#d00000' if red else '#333',
                                '' if right else ' text-anchor="end"',
                                escape(words)))
    return out


def axis(x, y, end, step):
    """A time axis in seconds at height y."""
    out = ['<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#333"/>'
           % (x(0), y, x(end), y)]
    t = 0.0
    while t <= end + 1e-9:
        out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#333"/>'
                   '<text x="%.1f" y="%d" text-anchor="middle" font-size="10">'
                   '%g s</text>' % (x(t), y, x(t), y + 4, x(t), y + 16, t))
        t = round(t + step, 6)
    return out


def command(prog, doc, nlogs, load, render):
    """The command line of a timeline script: [--svg FILE] LOG x nlogs.

    load(path) reads a console (or exits naming it); render(logs, boots)
    returns the text's lines, the picture and the disagreements, each a
    line.  Prints the text, writes the picture with --svg, and exits with
    the disagreements if there are any.
    """
    ap = argparse.ArgumentParser(description=doc.split('\n')[0])
    ap.add_argument('--svg', metavar='FILE', help='write the picture there')
    ap.add_argument('logs', nargs=nlogs, metavar='LOG')
    opt = ap.parse_args()
    boots = [load(path) for path in opt.logs]
    lines, picture, bad = render(opt.logs, boots)
    print('\n'.join(lines))
    if opt.svg:
        with open(opt.svg, 'w') as f:
            f.write(picture)
        print('%s: the picture is in %s' % (prog, opt.svg))
    if bad:
        sys.exit('%s: %s:\n  ' % (prog, bad[0]) + '\n  '.join(bad[1:]))
    return 0
