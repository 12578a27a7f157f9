# SPDX-License-Identifier: GPL-2.0
"""The timeline of U-Boot's clocks on the H3 (make demo-uboot).

Three boots of the same U-Boot flow (tests/boots: uboot-h3-end-auto,
uboot-h3-end-base, uboot-h3-end-ignore) print, from
tests/guest/scenarios/uboot-end-state.sh, "# tl ..." lines: the clocks on
or enabled at /init and at the end with their consumers, the module loads
and the devices they bound, and (with constraints) debugfs's constraints
and the guest's own verdict on them.  The kernel prints when
clk_disable_unused() ran ("clk: Disabling unused clocks").

The rows: the clocks U-Boot left on that the clean-up of pristine 6.12
turns off (on at /init with clk_ignore_unused, off at /init without).  Each
row has three lanes: ours (boot_constraints=auto: held until its driver
takes it over or the deadline), pristine (off at clk_disable_unused, on
again if its driver binds: the glitch) and clk_ignore_unused (on forever;
"for nothing" where no driver ever uses it).  A row's devices are the
constraints' consumers of that clock in ours at /init.
"""

import re
from xml.sax.saxutils import escape

from .ktap import message
from . import timeline

TIMESTAMP = re.compile(r'^\[\s*(\d+\.\d+)\]')
CLK = re.compile(r'^\s*# tl clk (init|end) (\S+) (\d+) ([YN])((?: \S+)*)$')
BOUND = re.compile(r'^\s*# tl bound (\S+) (\S+) (\d+) (\d+)$')
BC = re.compile(r'^\s*# tl bc (\S+) (\S+) (\S+)(?: (?:auto|report))? (\S+) '
                r'(\S+) (\S+) (\S+)$')
DEADLINE = re.compile(r'^\s*# tl bc # deadline (\S+)$')
VERDICT = re.compile(r'^\s*# timeline verdict: (\d+) held, (\d+) taken over, '
                     r'(\d+) at the deadline, (\d+) early, (\d+) left, hold '
                     r'after takeover (\d+) ns$')
MARK = re.compile(r'^\s*# tl (init|end) (\d+)$')
TIMEOUT = re.compile(r'\bboot_constraints\.timeout=(-?\d+)\b')
SWEEP = 'clk: Disabling unused clocks'
NO_SWEEP = 'clk: Not disabling unused clocks'


def seconds(text):
    """A time of debugfs ("-" for none) in seconds, or None."""
    return None if text == '-' else float(text)


class Boot:
    """What one boot's console says about its clocks and constraints."""

    def __init__(self, lines):
        self.clocks = {'init': {}, 'end': {}}   # name: (en, on, [dev:con])
        self.bound = {}         # device: (module, t0, t1), seconds
        self.constraints = []   # (device, type, resource, state, applied, released)
        self.deadline = None
        self.verdict = None
        self.sweep = None       # when clk_disable_unused() ran, if it swept
        self.marks = {}
        self.timeout = None     # boot_constraints.timeout=, seconds
        for line in lines:
            text = message(line.rstrip('\r\n'))
            m = TIMEOUT.search(text)
            if m and 'Kernel command line:' in text:
                self.timeout = int(m[1])
                continue
            if SWEEP in text or NO_SWEEP in text:
                m = TIMESTAMP.match(line)
                if SWEEP in text and m:
                    self.sweep = float(m[1])
                continue
            m = CLK.match(text)
            if m:
                self.clocks[m[1]][m[2]] = (int(m[3]), m[4] == 'Y',
                                           m[5].split())
                continue
            m = BOUND.match(text)
            if m:
                self.bound[m[1]] = (m[2], int(m[3]) / 1e9, int(m[4]) / 1e9)
                continue
            m = DEADLINE.match(text)
            if m:
                self.deadline = seconds(m[1])
                continue
            m = BC.match(text)
            if m and m[1] != '#':
                self.constraints.append((m[1], m[2], m[3], m[5],
                                         seconds(m[6]), seconds(m[7])))
                continue
            m = VERDICT.match(text)
            if m:
                self.verdict = tuple(int(v) for v in m.groups())
                continue
            m = MARK.match(text)
            if m:
                self.marks[m[1]] = int(m[2]) / 1e9

    def on(self, phase, clock):
        """Whether clock's hardware was on at phase ('init', 'end')."""
        return self.clocks[phase].get(clock, (0, False, []))[1]

    def enabled(self, phase, clock):
        """Clock's enable count at phase."""
        return self.clocks[phase].get(clock, (0, False, []))[0]


def verdict(boot):
    """The constraints' verdict by the guest's rule (tl_verdict of
    uboot-end-state.sh): (held, taken over, at the deadline, early, left,
    hold after takeover in ns).  Released at the deadline is early before
    debugfs's deadline or boot_constraints.timeout= seconds of uptime."""
    held = taken = at = early = left = 0
    hold = 0
    for dev, _, _, state, applied, rel in boot.constraints:
        if applied is None:
            continue
        held += 1
        if rel is None:
            left += 1
        elif dev in boot.bound:
            _, t0, t1 = boot.bound[dev]
            taken += 1
            early += rel < t0
            hold = max(hold, round((rel - t1) * 1e9))
        elif state == 'expired':
            at += 1
            early += (boot.deadline is None or rel < boot.deadline or
                      (boot.timeout is not None and rel < boot.timeout))
        elif state != 'released':
            left += 1
    return held, taken, at, early, left, hold


def holders(ours):
    """{clock: [(device, resource, state, applied, released)]}: the
    constraints of ours that hold each clock (its consumers at /init)."""
    by_user = {}
    for dev, kind, res, state, applied, rel in ours.constraints:
        if kind == 'clk' and applied is not None:
            con = 'no_connection_id' if res == '(default)' else res
            by_user['%s:%s' % (dev, con)] = (dev, res, state, applied, rel)
    out = {}
    for clock, (_, _, users) in ours.clocks['init'].items():
        held = [by_user[u] for u in users if u in by_user]
        if held:
            out[clock] = held
    return out


def rows(pristine, ignore):
    """The clocks U-Boot left on that pristine's clean-up turns off: on
    at /init with clk_ignore_unused, off at /init without."""
    return [c for c in ignore.clocks['init']
            if ignore.on('init', c) and not pristine.on('init', c)]


class Row:
    """One clock's three lanes: lists of (from, to, state) in seconds,
    state 'on', 'held', 'off', 'nothing' (on, no user); and each lane in
    a few words (cells)."""

    def __init__(self, clock, ours, pristine, ignore, held, end):
        self.clock = clock
        self.held = held.get(clock, [])
        self.devices = sorted({h[0] for h in self.held})
        self.cells = {}
        self.hold_after = None      # ns, for a clock taken over
        self.glitch = None          # (off at, on again at) in pristine
        self.lanes = {'ours': self.ours(ours, end),
                      'pristine': self.pristine(pristine, end),
                      'ignore': self.ignore(ignore, end)}

    def bound(self, boot):
        """(module, t0, t1) of this clock's device bound late, or None."""
        for d in self.devices:
            if d in boot.bound:
                return boot.bound[d]
        return None

    def ours(self, boot, end):
        if not self.held:
            t = boot.sweep or 0.0
            self.cells['ours'] = 'off %.3f (not held)' % t
            return [(0, t, 'on'), (t, end, 'off')]
        applied = min(h[3] for h in self.held)
        # Still held at the end: held until the picture's end
        rel = max(end if h[4] is None else h[4] for h in self.held)
        b = self.bound(boot)
        if b:
            self.hold_after = max(0, round((rel - b[2]) * 1e9))
            self.cells['ours'] = ('held %.3f-%.3f, taken over, +%d ns after'
                                  % (applied, rel, self.hold_after))
            return [(0, applied, 'on'), (applied, rel, 'held'),
                    (rel, end, 'on')]
        self.cells['ours'] = 'held %.3f-%.3f, deadline' % (applied, rel)
        # No driver, and pristine's clean-up finds no other user: off
        return [(0, applied, 'on'), (applied, rel, 'held'), (rel, end, 'off')]

    def pristine(self, boot, end):
        t = boot.sweep or 0.0
        b = self.bound(boot)
        if b:
            self.glitch = (t, b[1])
            self.cells['pristine'] = 'off %.3f-%.3f: GLITCH' % (t, b[1])
            return [(0, t, 'on'), (t, b[1], 'off'), (b[1], end, 'on')]
        self.cells['pristine'] = 'off %.3f' % t
        return [(0, t, 'on'), (t, end, 'off')]

    def ignore(self, boot, end):
        b = self.bound(boot)
        if b:
            self.cells['ignore'] = 'on, %s %.3f' % (b[0], b[1])
            return [(0, end, 'on')]
        self.cells['ignore'] = 'on for nothing, forever'
        return [(0, end, 'nothing')]


def lanes(ours, pristine, ignore):
    """The Rows of the three boots, and the time the picture ends."""
    end = max([b.marks.get('end', 0) for b in (ours, pristine, ignore)] +
              [ours.deadline or 0]) or 1.0
    held = holders(ours)
    return [Row(c, ours, pristine, ignore, held, end)
            for c in rows(pristine, ignore)], end


def disagreements(ours, pristine, ignore):
    """Where the picture's facts disagree with the guests', or break the
    contract: each as a line."""
    bad = []
    mine = verdict(ours)
    if ours.verdict is None:
        bad.append('ours: no verdict of the guest')
    elif ours.verdict != mine:
        bad.append('ours: guest counted %s, the timeline %s' %
                   (ours.verdict, mine))
    if mine[3] or mine[4]:
        bad.append('ours: %d constraints released early, %d left' % mine[3:5])
    rs, _ = lanes(ours, pristine, ignore)
    if not rs:
        bad.append('no clock of U-Boot that pristine turns off')
    for r in rs:
        state = {n: lane[-1][2] for n, lane in r.lanes.items()}
        # Each lane's last state is what the guest read at the end.
        for name, boot in (('ours', ours), ('pristine', pristine),
                           ('ignore', ignore)):
            if (state[name] != 'off') != boot.on('end', r.clock):
                bad.append('%s: %s ends %s in the timeline, %s in the guest'
                           % (name, r.clock, state[name],
                              'on' if boot.on('end', r.clock) else 'off'))
        if state['ignore'] == 'nothing' and ignore.enabled('end', r.clock):
            bad.append('ignore: %s kept on for nothing, but enabled %d times'
                       % (r.clock, ignore.enabled('end', r.clock)))
        if r.held and not ours.on('init', r.clock):
            bad.append('ours: %s held but off at /init' % r.clock)
        if r.held and ours.sweep is not None and \
                min(h[3] for h in r.held) > ours.sweep:
            bad.append('ours: %s held only after clk_disable_unused' % r.clock)
        if r.held and not r.bound(ours) and any(h[2] != 'expired'
                                                for h in r.held):
            bad.append('ours: %s released without its driver' % r.clock)
        if r.hold_after:
            bad.append('ours: %s held %d ns after its driver took it over'
                       % (r.clock, r.hold_after))
    if not any(r.glitch for r in rs):
        bad.append('pristine: no glitch of a clock its driver takes over')
    if not any(r.lanes['ignore'][-1][2] == 'nothing' for r in rs):
        bad.append('ignore: nothing kept on for nothing')
    return bad


TITLES = {'ours': 'ours (auto)', 'pristine': 'pristine 6.12',
          'ignore': 'clk_ignore_unused'}


def text(ours, pristine, ignore):
    """The rows as the lines make demo-uboot prints."""
    rs, end = lanes(ours, pristine, ignore)
    out = ['U-Boot\'s clocks that pristine 6.12 turns off (H3, orangepi-pc); '
           'times in s of each boot',
           'clk_disable_unused: ours %s, pristine %s; ours\' deadline %s'
           % tuple('%.3f' % t if t is not None else '-' for t in
                   (ours.sweep, pristine.sweep, ours.deadline))]
    fmt = '%-11s %-22s | %-42s | %-23s | %s'
    out.append(fmt % ('clock', 'held for (ours)', TITLES['ours'],
                      TITLES['pristine'], TITLES['ignore']))
    out.append('-' * 130)
    for r in rs:
        who = ' '.join(sorted({'%s:%s' % (h[0].rpartition('.')[2], h[1])
                               for h in r.held})) or '(no device)'
        out.append(fmt % (r.clock, who, r.cells['ours'], r.cells['pristine'],
                          r.cells['ignore']))
    out.append('-' * 130)
    taken = [r for r in rs if r.hold_after is not None]
    nothing = [r.clock for r in rs if r.lanes['ignore'][-1][2] == 'nothing']
    glitches = [r.clock for r in rs if r.glitch]
    out.append('ours: %d held, %d taken over with a hold after takeover of '
               '%s ns; the rest released at the deadline'
               % (sum(1 for r in rs if r.held), len(taken),
                  ', '.join(str(r.hold_after) for r in taken) or '-'))
    out.append('pristine: %d off at clk_disable_unused, %d of them before '
               'their driver took over (glitch: %s)'
               % (len(rs), len(glitches), ' '.join(glitches) or '-'))
    out.append('clk_ignore_unused: %d kept on for nothing, forever: %s'
               % (len(nothing), ' '.join(nothing) or '-'))
    shown = {(h[0], h[1]) for r in rs for h in r.held}
    others = ['%s %s %s: %s%s' % (c[0], c[1], c[2], c[3],
                                  ' %.3f s' % c[5] if c[5] else '')
              for c in ours.constraints if c[4] is not None and
              (c[1] != 'clk' or (c[0], c[2]) not in shown)]
    out.append('ours also held (reset lines, and clocks the kernel keeps on '
               'anyway): %d' % len(others))
    out += ['    ' + o for o in others]
    return out


COLOUR = {'on': '#3cb043', 'held': '#1f5fd0', 'off': '#999999',
          'nothing': '#e07b00'}
LANE = 18


def svg(ours, pristine, ignore):
    """The rows as an SVG document (a string)."""
    rs, end = lanes(ours, pristine, ignore)
    end *= 1.05
    step = next(s for s in (0.5, 1, 2, 5, 10, 30) if end / s <= 12)
    plot = timeline.W - timeline.LEFT - timeline.RIGHT

    def x(t):
        return timeline.LEFT + plot * t / end

    rowh = 3 * LANE + 14
    height = timeline.TOP + 20 + len(rs) * rowh + 60
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'viewBox="0 0 %d %d" font-family="DejaVu Sans, sans-serif" '
           'font-size="11">' % (timeline.W, height, timeline.W, height),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="10" y="24" font-size="17" font-weight="bold">U-Boot\'s '
           'clocks on the H3 (orangepi-pc) that pristine 6.12 turns off</text>',
           '<text x="10" y="42" fill="#444">Three lanes a clock: ours '
           '(boot_constraints=auto), pristine 6.12, pristine with '
           'clk_ignore_unused. Green: on; blue: held by a constraint; grey: '
           'off; orange: on for nothing.</text>',
           '<text x="10" y="58" fill="#444">Black tick: its driver\'s module '
           'loaded (8250_dw); purple dashed line: ours\' deadline; red: '
           'pristine\'s glitch, off before its driver.</text>']
    y = timeline.TOP + 10
    for n, r in enumerate(rs):
        out.append('<rect x="10" y="%d" width="%d" height="%d" fill="%s"/>'
                   % (y - 4, timeline.W - 10 - timeline.RIGHT, rowh - 4,
                      '#f6f6f6' if n % 2 else '#ffffff'))
        out.append('<text x="14" y="%d" font-weight="bold">%s</text>'
                   % (y + LANE - 4, escape(r.clock)))
        for k, d in enumerate(r.devices or ['(no device)']):
            out.append('<text x="14" y="%d" fill="#444" font-size="10">%s'
                       '</text>' % (y + (2 + k) * LANE - 4,
                                    escape(d.split('.', 1)[-1])))
        for k, name in enumerate(('ours', 'pristine', 'ignore')):
            mid = y + k * LANE + LANE / 2
            out.append('<text x="%d" y="%.1f" text-anchor="end" font-size="10"'
                       '>%s</text>' % (timeline.LEFT - 6, mid + 4,
                                       TITLES[name]))
            for t0, t1, state in r.lanes[name]:
                if t1 > t0:
                    out.append(timeline.bar(x(t0), x(t1), mid, COLOUR[state]))
            if name == 'pristine' and r.glitch:
                out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="3" '
                           'fill="#d00000"/>' % (x(r.glitch[0]), mid + 5,
                                                 x(r.glitch[1]) -
                                                 x(r.glitch[0])))
                out.append('<text x="%.1f" y="%.1f" fill="#d00000" '
                           'font-size="10">glitch: off before its driver'
                           '</text>' % (x(r.glitch[1]) + 6, mid + 4))
            if name == 'ours' and r.hold_after is not None:
                out.append('<text x="%.1f" y="%.1f" fill="#1f5fd0" '
                           'font-size="10">taken over, held %d ns after'
                           '</text>' % (x(r.lanes['ours'][1][1]) + 6,
                                        mid + 4, r.hold_after))
            boot = (ours, pristine, ignore)[k]
            b = r.bound(boot)
            if b:
                out.append('<g><title>%s loaded %.3f-%.3f s</title><line '
                           'x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" '
                           'stroke="#000" stroke-width="2"/></g>'
                           % (b[0], b[1], b[2], x(b[1]), mid - 7, x(b[1]),
                              mid + 7))
        y += rowh
    if ours.deadline:
        out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#8a2be2" '
                   'stroke-width="2" stroke-dasharray="5,3"/>'
                   % (x(ours.deadline), timeline.TOP, x(ours.deadline), y))
        out.append('<text x="%.1f" y="%d" fill="#8a2be2" text-anchor="middle">'
                   'ours\' deadline %.3f s</text>'
                   % (x(ours.deadline), timeline.TOP - 4, ours.deadline))
    out += timeline.axis(x, y + 6, end, step)
    out.append('</svg>')
    return '\n'.join(out) + '\n'
