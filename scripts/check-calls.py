#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""List the calls between the files of the boot constraint core, as the
compiler sees them, and fail on a cycle.

    scripts/check-calls.py [--data] [--quiet] OBJDIR [SRCDIR]

OBJDIR holds the core's object files (build/out-arm64/drivers/
boot_constraint: one .o per non-test .c; tests/ is a directory of its
own and not read).  For each object, readelf (binutils) gives the symbols
it defines and the relocations of every section: a relocation to a symbol
that the object leaves undefined and another object of OBJDIR defines is a
reference from the function (or data object) holding it to that symbol.
A reference to a function is a call (a direct call or its address taken,
as an ops table does); a reference to data (a global of internal.h) is a
use, counted with --data only.

Files that call each other, two or more around a loop, are a cycle: the
check names the files of each cycle and the functions of each call
between them, and exits 1.  SRCDIR, if given, is the core's source
directory: a .c of it without an object was not built by OBJDIR's
configuration, and is named as not checked; an object without a .c (of a
file since removed) is left out.
"""

import argparse
import glob
import os
import re
import subprocess
import sys


def readelf(path, *opts):
    return subprocess.run(['readelf', '-W', *opts, path], check=True,
                          capture_output=True, text=True).stdout


def sections(path):
    """{name: index} of the sections of an object."""
    out = {}
    for m in re.finditer(r'^\s*\[\s*(\d+)\]\s+(\S+)', readelf(path, '-S'),
                         re.M):
        out.setdefault(m.group(2), int(m.group(1)))
    return out


def symbols(path):
    """The symbols of an object: [(name, type, bind, ndx, value, size)]."""
    out = []
    for line in readelf(path, '-s').splitlines():
        f = line.split()
        if len(f) < 8 or not f[0].endswith(':') or not f[0][:-1].isdigit():
            continue
        value, size, typ, bind, _vis, ndx, name = f[1:8]
        size = int(size, 16) if size.startswith('0x') else int(size)
        out.append((name, typ, bind, ndx, int(value, 16), size))
    return out


def relocations(path):
    """[(section name, offset, symbol)] of the relocations of an object."""
    out, sec = [], None
    for line in readelf(path, '-r').splitlines():
        m = re.match(r"Relocation section '\.rela?(\S+)'", line)
        if m:
            sec = m.group(1)
            continue
        f = line.split()
        if sec is None or len(f) < 5 or not re.fullmatch(r'[0-9a-f]+', f[0]):
            continue
        out.append((sec, int(f[0], 16), f[4]))
    return out


class Obj:
    """One object file: what it defines, leaves undefined and refers to."""

    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path)[:-2] + '.c'
        syms = symbols(path)
        secs = sections(path)
        self.defined = {}       # global name -> 'FUNC' or 'OBJECT'
        self.undefined = set()
        by_sec = {}             # section index -> [(value, size, name)]
        for name, typ, bind, ndx, value, size in syms:
            if ndx == 'UND':
                if name:
                    self.undefined.add(name)
                continue
            if typ in ('FUNC', 'OBJECT') and ndx.isdigit():
                by_sec.setdefault(int(ndx), []).append((value, size, name))
                if bind in ('GLOBAL', 'WEAK'):
                    self.defined[name] = typ
        # [(holder, undefined symbol)], holder being the function or data
        # object whose bytes hold the relocation, else <section>.
        self.refs = []
        for sec, off, sym in relocations(path):
            if sym not in self.undefined:
                continue
            holder = '<%s>' % sec
            for value, size, name in by_sec.get(secs.get(sec), ()):
                if value <= off < value + max(size, 1):
                    holder = name
                    break
            self.refs.append((holder, sym))


def graph(objs, data):
    """{(from file, to file): {(holder, symbol)}} of the core's objects."""
    owner = {}
    for o in objs:
        for name, typ in o.defined.items():
            owner[name] = (o.name, typ)
    edges = {}
    for o in objs:
        for holder, sym in o.refs:
            if sym not in owner:
                continue
            to, typ = owner[sym]
            if to == o.name or (typ != 'FUNC' and not data):
                continue
            edges.setdefault((o.name, to), set()).add((holder, sym))
    return edges


def cycles(files, edges):
    """The strongly connected components of more than one file (Tarjan)."""
    succ = {f: sorted(t for (s, t) in edges if s == f) for f in files}
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in succ[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for f in sorted(files):
        if f not in index:
            visit(f)
    return sorted(out)


def shortest_loop(comp, edges):
    """A shortest loop of files through the first file of @comp."""
    start = comp[0]
    prev, todo = {start: None}, [start]
    while todo:
        f = todo.pop(0)
        for t in sorted(t for (s, t) in edges if s == f and t in comp):
            if t == start:
                path = [f]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return [start] + path[::-1][1:] + [start]
            if t not in prev:
                prev[t] = f
                todo.append(t)
    return []


def calls(refs):
    return ', '.join('%s -> %s' % r for r in sorted(refs))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--data', action='store_true',
                    help='count uses of another file\'s data as calls')
    ap.add_argument('--quiet', action='store_true',
                    help='print the cycles only, not every call')
    ap.add_argument('objdir')
    ap.add_argument('srcdir', nargs='?')
    args = ap.parse_args(argv)

    paths = sorted(glob.glob(os.path.join(args.objdir, '*.o')))
    if not paths:
        print('check-calls: no object files in %s' % args.objdir,
              file=sys.stderr)
        return 2
    if args.srcdir:
        srcs = {os.path.basename(c)
                for c in glob.glob(os.path.join(args.srcdir, '*.c'))}
        built = {os.path.basename(p)[:-2] + '.c' for p in paths}
        for c in sorted(srcs - built):
            print('check-calls: %s not built, not checked' % c)
        # An object left by a file since removed is not the core's
        paths = [p for p in paths if os.path.basename(p)[:-2] + '.c' in srcs]
    objs = [Obj(p) for p in paths]
    files = [o.name for o in objs]

    edges = graph(objs, args.data)
    what = 'calls and data uses' if args.data else 'calls'
    if not args.quiet:
        print('check-calls: %s between the %d files of %s:'
              % (what, len(files), args.objdir))
        for (s, t), refs in sorted(edges.items()):
            print('  %s -> %s: %s' % (s, t, ', '.join(
                sorted({sym for _, sym in refs}))))

    found = cycles(files, edges)
    for comp in found:
        print('check-calls: cycle between %s:' % ', '.join(comp))
        pairs = [(s, t) for (s, t) in sorted(edges)
                 if s < t and s in comp and (t, s) in edges]
        for s, t in pairs:
            print('  both ways: %s <-> %s' % (s, t))
        if not pairs:
            print('  loop: %s' % ' -> '.join(shortest_loop(comp, edges)))
        for (s, t), refs in sorted(edges.items()):
            if s in comp and t in comp:
                print('  %s -> %s: %s' % (s, t, calls(refs)))
    if found:
        print('check-calls: %d cycle(s): a file calls a file that calls it '
              'back' % len(found))
        return 1
    print('check-calls: no cycle')
    return 0


if __name__ == '__main__':
    sys.exit(main())
