# SPDX-License-Identifier: GPL-2.0
"""The one parser of ./series.

One commit per line, in order, "#" starts a comment:

    PATCHFILE [NEW-FILE ...]

and a line "test-only" before the commits of the second series (the tests
that are not for merging, exported on their own).  PATCHFILE is in
patches/; each NEW-FILE is a kernel-relative path of a file
under kernel/ that the commit adds, and every file under kernel/ is listed
exactly once, but the Kconfig and Makefile files that assemble.py builds
commit by commit.  scripts/steps/prepare-tree.sh (python3 -m bctest series entries,
check) and scripts/steps/series-files.sh (series files) read it through here.
"""

import os

from . import HarnessError, TOP


TEST_ONLY = 'test-only'


def parse(lines, path='series'):
    """The entries of a series given as lines: [(PATCHFILE, [NEW-FILE...])]."""
    return parse_split(lines, path)[0]


def parse_split(lines, path='series'):
    """(entries, the number of entries meant for merging): the entries after
    a line "test-only" are a second series, of tests, that applies on top."""
    entries, merge = [], None
    for line in lines:
        words = line.split('#', 1)[0].split()
        if words == [TEST_ONLY]:
            if merge is not None:
                raise HarnessError('%s: "%s" twice' % (path, TEST_ONLY))
            merge = len(entries)
        elif words:
            entries.append((words[0], words[1:]))
    return entries, len(entries) if merge is None else merge


def merge_count(path=None):
    """How many commits of ./series are meant for merging."""
    path = path or os.path.join(TOP, 'series')
    with open(path) as f:
        return parse_split(f, path)[1]


def read(path=None):
    """The entries of the series file path (default ./series)."""
    path = path or os.path.join(TOP, 'series')
    if not os.path.isfile(path):
        raise HarnessError('no %s file' % path)
    with open(path) as f:
        return parse(f, path)


def files(entries):
    """Every new file of the series, in series order."""
    return [f for _, fs in entries for f in fs]


def check(entries, top=TOP):
    """The series against kernel/ and patches/ of top: (errors, warnings),
    lists of messages.  Errors: a file listed twice, a listed file that
    kernel/ lacks, a file of kernel/ not listed, a patch listed that
    patches/ lacks; warnings: a patch of patches/ not listed."""
    errors, warnings = [], []
    listed = files(entries)
    dups = sorted({f for f in listed if listed.count(f) > 1})
    if dups:
        errors.append('listed more than once in ./series: ' + ' '.join(dups))
    kernel = os.path.join(top, 'kernel')
    for f in listed:
        if not os.path.isfile(os.path.join(kernel, f)):
            errors.append('./series lists %s but kernel/%s does not exist' %
                          (f, f))
    present = sorted(os.path.relpath(os.path.join(d, f), kernel)
                     for d, _, fs in os.walk(kernel) for f in fs)
    # Kconfig and Makefile files not listed are assembled (assemble.py).
    unlisted = [f for f in present if f not in set(listed) and
                os.path.basename(f) not in ('Kconfig', 'Makefile')]
    if unlisted:
        errors.append('in kernel/ but not in ./series: ' + ' '.join(unlisted))
    for n, (patch, _) in enumerate(entries, 1):
        if not os.path.isfile(os.path.join(top, 'patches', patch)):
            errors.append('./series entry %d: no such patch patches/%s' %
                          (n, patch))
    patches = os.path.join(top, 'patches')
    names = {p for p, _ in entries}
    for p in sorted(os.listdir(patches) if os.path.isdir(patches) else []):
        if p.endswith('.patch') and p not in names:
            warnings.append('patches/%s is not in ./series' % p)
    return errors, warnings
