# SPDX-License-Identifier: GPL-2.0
"""A boot's end state against another boot's (bc.diff=BOOT).

The guest prints its machine's state (tests/guest/scenarios/state-lib.sh)
as one line per object, and each key's count:

    # state KEY ID [FIELD=VALUE ...]
    # state-count KEY N

A boot with bc.diff=BOOT passes, for each KEY either boot printed,
"state-KEY-as-BOOT" if every object of the key is in both with the same
fields, but for the differences the allow list excuses: each entry names
the boots, the key, the objects (a regular expression matched against the
whole ID) and the field ("present" for an object in one boot only, "*"
for any), with its reason (tests/end-state.allow).  A key whose count does
not match its lines (a console cut short) fails.
"""

import fnmatch
import re

from . import HarnessError
from .ktap import message

STATE = re.compile(r'^\s*# state ([a-z]+) (\S+)((?: \S+)*)\s*$')
COUNT = re.compile(r'^\s*# state-count ([a-z]+) (\d+)\s*$')
PRESENT = 'present'


class Dump:
    """One console's state: objects[KEY][ID] = {FIELD: VALUE}, and the
    counts the guest printed ({KEY: N})."""

    def __init__(self, lines):
        self.objects = {}
        self.counts = {}
        for line in lines:
            text = message(line).rstrip()
            m = STATE.match(text)
            if m:
                fields = dict(w.partition('=')[::2] for w in m[3].split())
                self.objects.setdefault(m[1], {})[m[2]] = fields
                continue
            m = COUNT.match(text)
            if m:
                self.counts[m[1]] = int(m[2])
                self.objects.setdefault(m[1], {})

    def whole(self, key):
        """Whether KEY's dump came whole: its count, and as many objects."""
        return (key in self.counts and
                self.counts[key] == len(self.objects.get(key, {})))


def differences(mine, theirs):
    """The differences of one key's objects, sorted: (ID, FIELD, THEIRS,
    MINE), FIELD "present" (values "yes"/"no") for an object in one
    only, a value None for a field the object lacks there."""
    out = []
    for oid in sorted(set(mine) | set(theirs)):
        if oid not in theirs or oid not in mine:
            out.append((oid, PRESENT, 'yes' if oid in theirs else 'no',
                        'yes' if oid in mine else 'no'))
            continue
        a, b = mine[oid], theirs[oid]
        for field in sorted(set(a) | set(b)):
            if a.get(field) != b.get(field):
                out.append((oid, field, b.get(field), a.get(field)))
    return out


class Allow:
    """The allow list: entries (BOOTS, KEY, ID, FIELD, REASON), BOOTS a
    glob of boot names, ID a regular expression of whole IDs, FIELD a
    field, "present" or "*"."""

    def __init__(self, entries=()):
        self.entries = list(entries)

    @classmethod
    def parse(cls, lines, path='<allow>'):
        """The entries of lines, one a line: BOOTS KEY ID FIELD REASON...;
        "#" starts a comment line.  HarnessError names a line without a
        reason or with a bad expression."""
        entries = []
        for n, line in enumerate(lines, 1):
            if not line.strip() or line.lstrip().startswith('#'):
                continue
            words = line.split(None, 4)
            if len(words) < 5 or not words[4].strip():
                raise HarnessError('%s:%d: want BOOTS KEY ID FIELD REASON'
                                   % (path, n))
            try:
                rx = re.compile(words[2])
            except re.error as e:
                raise HarnessError('%s:%d: %s: %s' %
                                   (path, n, words[2], e)) from None
            entries.append((words[0], words[1], rx, words[3],
                            words[4].strip()))
        return cls(entries)

    @classmethod
    def read(cls, path):
        """The allow list in file path."""
        with open(path) as f:
            return cls.parse(f, path)

    def reason(self, boot, key, oid, field):
        """The reason of the first entry that excuses the difference, or
        None."""
        for boots, k, rx, f, why in self.entries:
            if (k == key and fnmatch.fnmatchcase(boot, boots) and
                    rx.fullmatch(oid) and f in ('*', field)):
                return why
        return None


def show(value):
    """A field's value as the details print it."""
    return '(none)' if value is None else value


def diff_cases(boot, args, lines, lines_of, allow):
    """The runner's checks of bc.diff=BOOT arguments of boot (its name)
    whose console is lines: "state-KEY-as-BOOT" for each key either boot
    printed, ok if every difference is excused by allow (an Allow).
    lines_of(BOOT) gives BOOT's console, or None.  Returns a list of (name,
    ok, detail), detail one line per difference."""
    out = []
    mine = Dump(lines)
    for word in args.split():
        if not word.startswith('bc.diff='):
            continue
        other = word.split('=', 1)[1]
        theirs_lines = lines_of(other)
        if not other or theirs_lines is None:
            out.append(('state-as-%s' % other, False,
                        '%s: no console of boot %s' % (word, other)))
            continue
        theirs = Dump(theirs_lines)
        keys = sorted(set(mine.counts) | set(theirs.counts))
        if not keys:
            out.append(('state-as-%s' % other, False,
                        'no "# state-count" line in either console'))
        for key in keys:
            out.append(key_case(boot, key, mine, theirs, other, allow))
    return out


def key_case(boot, key, mine, theirs, other, allow):
    """One key's check: (name, ok, detail)."""
    name = 'state-%s-as-%s' % (key, other)
    cut = [who for who, d in (('here', mine), ('there', theirs))
           if not d.whole(key)]
    if cut:
        return (name, False, '%s: %s not whole (count %s, %s objects)' %
                (key, ' and '.join(cut),
                 '/'.join(str(d.counts.get(key)) for d in (mine, theirs)),
                 '/'.join(str(len(d.objects.get(key, {})))
                          for d in (mine, theirs))))
    diffs = differences(mine.objects[key], theirs.objects[key])
    rows = []
    bad = 0
    for oid, field, b, a in diffs:
        why = allow.reason(boot, key, oid, field)
        bad += why is None
        rows.append('  %s %s %s %s: %s there, %s here%s' %
                    ('allowed' if why else 'DIFFERS', key, oid, field,
                     show(b), show(a), ' (%s)' % why if why else ''))
    head = '%s: %d objects here, %d there, %d differences, %d allowed' % (
        key, len(mine.objects[key]), len(theirs.objects[key]), len(diffs),
        len(diffs) - bad)
    return (name, bad == 0, '\n'.join([head] + rows))
