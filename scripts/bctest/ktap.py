# SPDX-License-Identifier: GPL-2.0
"""The console's KTAP and reports.

Ktap collects the leaf test cases of every KTAP document on a console
(KUnit's nested output and the guest scenario's); SPLAT matches the
kernel's reports that fail a boot.  Why not the kernel's own
tools/testing/kunit/kunit_parser.py: docs/harness.md.
"""

import re

# Kernel messages that fail a boot (matched after the printk timestamp):
# crashes, warnings, and the reports of lockdep, KASAN, UBSAN, debug
# objects and kmemleak (configs/debug.config).
SPLAT = re.compile(r'Kernel panic|\bOops\b|\bBUG:|kernel BUG at|WARNING:|'
                   r'\bINFO: |possible circular locking|'
                   r'possible recursive locking|KASAN|UBSAN|ODEBUG:|'
                   r'kmemleak: .*suspected memory leak|'
                   r'Unable to handle kernel|Internal error:|'
                   r'stack-protector|Attempted to kill init')
PANIC = re.compile(r'Kernel panic|Attempted to kill init')
TIMESTAMP = re.compile(r'^\[\s*\d+\.\d+\](\[\s*[CT]\d+\])? ?')
RESULT = re.compile(r'^(not ok|ok)\s+\d+\s*(?:-\s+)?([^#]*?)\s*(?:#\s*(.*))?$')
PLAN = re.compile(r'^1\.\.(\d+)')


def message(line):
    """A console line without its printk timestamp."""
    return TIMESTAMP.sub('', line, count=1)


class Frame:
    """A KTAP (sub)test whose result lines are indented by `indent`."""

    def __init__(self, indent, name=None):
        self.indent = indent
        self.name = name
        self.plan = None
        self.results = 0
        self.failed = False


class Ktap:
    """Collects the leaf test cases of all KTAP documents in a console.

    A result line that closes a subtest with results of its own (a KUnit
    suite, a parameterised test) is not a case: its children are.  It
    still counts as one failure if it failed while none of its children
    did (a crash in suite init or exit), and a subtest whose plan promised
    more results than came counts as one failure.
    """

    def __init__(self):
        self.cases = []         # (path, status, directive); status ok/fail/skip
        self.stack = []

    def record(self, path, status, directive=''):
        self.cases.append(('.'.join(path), status, directive))
        if status == 'fail':
            for f in self.stack:
                f.failed = True

    def path(self, frames):
        return [f.name for f in frames if f.name]

    def close(self, frame, parents):
        """Check a frame's plan when it ends."""
        if frame.plan is not None and frame.results < frame.plan:
            frame.failed = True
            self.record(self.path(parents + [frame]) + ['incomplete'], 'fail',
                        '%d of %d results missing' %
                        (frame.plan - frame.results, frame.plan))

    def close_all(self):
        while self.stack:
            f = self.stack.pop()
            self.close(f, self.stack)

    def feed(self, line):
        text = message(line).rstrip()
        body = text.lstrip(' ')
        indent = len(text) - len(body)
        if re.match(r'^K?TAP version \d+', body):
            if indent == 0:
                self.close_all()
                self.stack = [Frame(0)]
            elif self.stack and self.stack[-1].indent < indent:
                self.stack.append(Frame(indent))
            return
        if not self.stack:
            return          # not inside a KTAP document
        top = self.stack[-1]
        m = re.match(r'^# Subtest: (.*)', body)
        if m:
            if top.indent == indent and top.name is None and len(self.stack) > 1:
                top.name = m.group(1).strip()
            elif top.indent < indent:
                self.stack.append(Frame(indent, m.group(1).strip()))
            return
        m = PLAN.match(body)
        if m:
            if top.indent < indent:
                self.stack.append(Frame(indent))
            self.stack[-1].plan = int(m.group(1))
            return
        m = RESULT.match(body)
        if not m:
            return
        status = 'ok' if m.group(1) == 'ok' else 'fail'
        name = m.group(2) or '?'
        directive = (m.group(3) or '').strip()
        if status == 'ok' and directive.upper().startswith('SKIP'):
            status = 'skip'
        sub = None
        while self.stack and self.stack[-1].indent > indent:
            sub = self.stack.pop()
            if self.stack and self.stack[-1].indent > indent:
                self.close(sub, self.stack)     # deeper than a subtest: broken
        if not self.stack or self.stack[-1].indent < indent:
            self.stack.append(Frame(indent))
        parent = self.stack[-1]
        parent.results += 1
        if sub is not None and sub.results:
            # The result of a subtest with cases of its own: not a case.
            if status != 'skip':
                self.close(sub, self.stack)
            if status == 'fail' and not sub.failed:
                self.record(self.path(self.stack) + [name], 'fail', directive)
            return
        self.record(self.path(self.stack) + [name], status, directive)


def cases(lines):
    """The test cases of the KTAP documents in lines, a console: a list of
    (PATH, STATUS, DIRECTIVE), STATUS ok, fail or skip."""
    k = Ktap()
    for line in lines:
        k.feed(line)
    k.close_all()
    return k.cases


def splats(lines):
    """The lines of a console that report a crash, a warning or a
    checker's finding (SPLAT), but not KTAP diagnostics quoting one."""
    return [ln for ln in lines
            if SPLAT.search(message(ln)) and
            not message(ln).lstrip().startswith('#')]


COMPARE = re.compile(r'^\s*# compare ([A-Za-z0-9_.-]+): ?(.*)$')


def compared(lines):
    """The values a guest printed for comparison with another boot's
    ("# compare KEY: VALUE" lines): {KEY: VALUE}, the last of each KEY."""
    found = {}
    for line in lines:
        m = COMPARE.match(message(line).rstrip())
        if m:
            found[m.group(1)] = m.group(2).strip()
    return found


def compare_cases(args, lines, lines_of):
    """The runner's checks of bc.compare=BOOT:KEY arguments: each passes
    "same-KEY-as-BOOT" if this boot's console (lines) printed KEY with the
    same value as BOOT's.  lines_of(BOOT) gives BOOT's console lines, or
    None if BOOT has no console to read: a boot compared with one that did
    not run fails.  Returns a list of (name, ok, detail)."""
    out = []
    mine = compared(lines)
    for word in args.split():
        if not word.startswith('bc.compare='):
            continue
        other, _, key = word.split('=', 1)[1].partition(':')
        name = 'same-%s-as-%s' % (key, other)
        theirs = lines_of(other)
        if not key or theirs is None:
            out.append((name, False, '%s: no console of boot %s' %
                        (word, other)))
            continue
        a, b = mine.get(key), compared(theirs).get(key)
        ok = a is not None and a == b
        out.append((name, ok, '%s here, %s there' %
                    ('"%s"' % a if a is not None else 'none',
                     '"%s"' % b if b is not None else 'none')))
    return out


# The kernel's error and warning messages (levels 0 to 4, facility kern),
# as the guest's /init prints them last ("# klog <LEVEL>[TIME] MESSAGE",
# dmesg -r), for the comparison of an automatic boot with pristine 6.12's.
KLOG = re.compile(r'^\s*# klog <([0-4])>(?:\[[^\]]*\])? ?(.*)$')
KLOG_END = re.compile(r'^\s*# klog end (\d+)$')
# The one line boot_constraints=auto prints by design: the deadline's
# summary of what it releases (docs/design.md).
AUTO_SUMMARY = re.compile(r'^boot_constraint: deadline: releasing \d+ '
                          r'resources held automatically for \d+ devices')


def klog(lines):
    """The kernel's error and warning messages that a guest printed, in
    order, or None if it printed no list ("# klog end COUNT") or lost some
    of its lines (fewer than COUNT)."""
    found = []
    for line in lines:
        text = message(line).rstrip()
        m = KLOG.match(text)
        if m:
            found.append(m.group(2))
            continue
        m = KLOG_END.match(text)
        if m:
            return found if len(found) == int(m.group(1)) else None
    return None


def quiet_cases(name, lines, lines_of):
    """The runner's check of an automatic boot against pristine 6.12's boot
    of the same board (name, or None if the table has none): it passes
    "no-errors-beyond-NAME" if every error and warning message of this
    boot's kernel (lines) is one that NAME's printed too, but the deadline's
    summary.  Returns a list of (check, ok, detail)."""
    if name is None:
        return []
    check = 'no-errors-beyond-%s' % name
    theirs = lines_of(name)
    mine = klog(lines)
    base = klog(theirs) if theirs is not None else None
    if mine is None or base is None:
        return [(check, False, 'no kernel log listed by %s' %
                 ('this boot' if mine is None else name))]
    new = [m for m in mine if m not in set(base) and not AUTO_SUMMARY.match(m)]
    detail = ('%d error and warning lines, none new' % len(mine) if not new
              else 'new here: ' + ' | '.join(new))
    return [(check, not new, detail)]
