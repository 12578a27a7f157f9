# SPDX-License-Identifier: GPL-2.0
"""Kconfig and Makefile files of kernel/, each commit adding its lines.

A Kconfig or Makefile under kernel/ that ./series does not list is written
whole, as it is at the end of the series, and each commit of the series
gets the lines of it that its files need, in the file's order:

- a Makefile line (with its continuation lines) that names objects
  (foo.o, foo.dtbo.o, dir/) comes with the last commit that adds one of
  their sources (foo.c or foo.S, foo.dtso, a file under dir/) in its
  directory; so a line must name the objects of one commit only (the
  check below says which line does not);
- a Kconfig "config SYM" block comes with the first Makefile line of its
  directory that names $(CONFIG_SYM); if none does (a symbol that only C
  code or another directory reads), with the last of the blocks of this
  file it depends on, or the file's first commit;
- a Kconfig "source" line comes with the first commit of the file it reads;
- a line that names no object (DTC_FLAGS_foo += ...) goes with the line
  before it; a comment or blank line goes with the line after it, so no
  commit leaves a blank line at the end of the file; the file's first line
  (its SPDX tag) comes with its first line of any commit.
"""

import os
import re

from . import HarnessError
from . import series as series_file

NAMES = ('Kconfig', 'Makefile')
OBJ = re.compile(r'([A-Za-z0-9_.-]+)\.o\b|([A-Za-z0-9_-]+)/(?=\s|$)')
CONFIG = re.compile(r'^(?:menu)?config\s+(\w+)')
USES = re.compile(r'\$\(CONFIG_(\w+)\)')
SOURCE = re.compile(r'^source\s+"([^"]+)"')
DEPENDS = re.compile(r'^\s+depends on\s+(.*)')
SYMBOL = re.compile(r'\b([A-Za-z0-9_]+)\b')


def assembled(entries, top):
    """The kernel-relative paths of the files to assemble."""
    listed = set(series_file.files(entries))
    kernel = os.path.join(top, 'kernel')
    found = []
    for d, _, fs in os.walk(kernel):
        for f in fs:
            path = os.path.relpath(os.path.join(d, f), kernel)
            if f in NAMES and path not in listed:
                found.append(path)
    return sorted(found)


def _added(entries):
    """{kernel-relative path: 1-based commit that adds it}."""
    return {f: n for n, (_, fs) in enumerate(entries, 1) for f in fs}


def _logical_lines(text):
    """The file's lines joined with their continuations: [[line, ...]]."""
    out, cur = [], []
    for line in text.splitlines(keepends=True):
        cur.append(line)
        if not line.rstrip('\n').endswith('\\'):
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def _sources(directory, obj, added):
    """The commits that add the sources of obj in directory."""
    if obj.endswith('/'):
        # A directory comes with its first file.
        sub = os.path.join(directory, obj)
        found = [n for f, n in added.items() if f.startswith(sub)]
        return [min(found)] if found else []
    base = os.path.join(directory, obj[:-len('.o')])
    if base.endswith('.dtbo'):
        base = base[:-len('.dtbo')]
        return [added[base + '.dtso']] if base + '.dtso' in added else []
    return [added[base + ext] for ext in ('.c', '.S') if base + ext in added]


KBUILD_LISTS = ('obj', 'lib', 'subdir', 'always', 'extra', 'hostprogs')
COMPOSITE = re.compile(r'^([A-Za-z0-9_-]+)-(?:y|objs|\$\(CONFIG_\w+\))\s*[:+]?=')


def _line_commits(path, code, added, composites):
    """The commits of the objects a line names."""
    directory = os.path.dirname(path)
    commits = []
    for m in OBJ.finditer(code):
        obj = m.group(1) + '.o' if m.group(1) else m.group(2) + '/'
        found = _sources(directory, obj, added)
        if not found and obj[:-len('.o')] in composites:
            found = [composites[obj[:-len('.o')]]]
        if not found:
            raise HarnessError('%s: no file of the series builds %s' %
                               (path, obj))
        commits.append(max(found))
    return commits


def _makefile_commits(path, text, added):
    """Each logical line of a Makefile with its commit (or None). A
    composite object (foo.o of foo-y := ...) comes with its first part."""
    logical = _logical_lines(text)
    codes = [''.join(lines).split('#', 1)[0] for lines in logical]
    composites = {}
    for code in codes:
        m = COMPOSITE.match(code)
        if m and m.group(1) not in KBUILD_LISTS:
            c = _line_commits(path, code[m.end():], added, {})
            if c:
                composites[m.group(1)] = min(composites.get(m.group(1), min(c)),
                                             min(c))
    result = []
    for lines, code in zip(logical, codes):
        commits = _line_commits(path, code, added, composites)
        if commits and min(commits) != max(commits):
            raise HarnessError('%s: a line names objects of commits %d and '
                               '%d; split it: %s' % (path, min(commits),
                                                     max(commits),
                                                     ''.join(lines).strip()))
        result.append((lines, max(commits) if commits else None))
    return result


def _kconfig_commits(text, uses, sourced):
    """Each line of a Kconfig with its commit: 0 for a block that no
    Makefile line names, None for comments and blank lines; a source line
    comes with the file it reads (sourced(path): its first commit)."""
    result, commit = [], None
    defined, block, sym = {}, 0, None
    for lines in _logical_lines(text):
        m = CONFIG.match(lines[0])
        if m:
            sym, block = m.group(1), len(result)
            commit = defined[sym] = uses.get(sym, 0)
        dep = DEPENDS.match(lines[0])
        if dep and sym and not uses.get(sym):
            # A block of its own follows the blocks it depends on.
            deps = [defined.get(d, 0) for d in SYMBOL.findall(dep.group(1))]
            if max(deps + [commit]) != commit:
                commit = defined[sym] = max(deps + [commit])
                result[block:] = [(ls, c if c is None else commit)
                                  for ls, c in result[block:]]
        src = SOURCE.match(lines[0])
        if src:
            commit, sym = sourced(src.group(1)), None
        text_line = lines[0].strip() and not lines[0].startswith('#')
        result.append((lines, commit if text_line else None))
    return result


def _settle(items, first):
    """Gives every line without a commit its neighbour's, as said above."""
    commits = [c for _, c in items]
    # Lines that name nothing but are code go with the line before them.
    for i, (lines, c) in enumerate(items):
        text = lines[0].strip()
        if c is None and text and not text.startswith('#') and i:
            commits[i] = commits[i - 1]
    # Comments and blank lines go with the line after them.
    for i in range(len(items) - 1, -1, -1):
        if commits[i] is None and i + 1 < len(items):
            commits[i] = commits[i + 1]
    commits = [first if c in (None, 0) else c for c in commits]
    # The first line comes with the file.
    if commits:
        commits[0] = min(commits)
    return [(lines, c) for (lines, _), c in zip(items, commits)]


def commits_of(path, entries, top):
    """[(lines, commit)] of an assembled file."""
    added = _added(entries)
    full = os.path.join(top, 'kernel', path)
    with open(full) as f:
        text = f.read()
    mpath = os.path.join(os.path.dirname(path), 'Makefile')
    mfull = os.path.join(top, 'kernel', mpath)
    mitems = []
    if os.path.isfile(mfull):
        with open(mfull) as f:
            mitems = _makefile_commits(mpath, f.read(), added)
    mknown = [c for _, c in mitems if c]
    first = min(mknown) if mknown else 1
    if os.path.basename(path) == 'Makefile':
        return _settle(mitems, first)

    uses = {}
    for lines, c in mitems:
        for sym in USES.findall(''.join(lines)):
            if c is not None:
                uses[sym] = min(uses.get(sym, c), c)
    def sourced(p):
        if not os.path.isfile(os.path.join(top, 'kernel', p)):
            return 0
        return min(c for _, c in commits_of(p, entries, top))

    return _settle(_kconfig_commits(text, uses, sourced), first)


def content(path, commit, entries, top):
    """The text of an assembled file at a commit (1-based), or None if the
    file does not exist yet."""
    items = commits_of(path, entries, top)
    if not items or min(c for _, c in items) > commit:
        return None
    return ''.join(''.join(lines) for lines, c in items if c <= commit)
