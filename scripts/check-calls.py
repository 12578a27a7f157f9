#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""List the calls between the files of the boot constraint core, as the
compiler sees them, and fail on a cycle.

    scripts/check-calls.py [--data] [--callbacks] [--quiet] OBJDIR [SRCDIR]

OBJDIR holds the core's object files (build/out-arm64/drivers/
boot_constraint: one .o per non-test .c; tests/ is a directory of its
own and not read).  For each object, readelf (binutils) gives the symbols
it defines and the relocations of every section: a relocation to a symbol
that the object leaves undefined and another object of OBJDIR defines is a
reference from the function (or data object) holding it to that symbol.
A reference to a function is a call (a direct call or its address taken,
as an ops table does); a reference to data (a global of internal.h) is a
use, counted with --data only.

A function pointer leaves no relocation where it is called.  So, from
the disassembly (llvm-objdump, else objdump): a function whose address a
function H of one object takes (a relocation that is not a direct call;
a static function's is to its section) and that H hands to a function S of
another object is flagged ("pointer:"), as called by S's object, if what
S runs of its object stores to its writable data while that object calls
through a pointer ("kept": a pointer set for later, which the search for
cycles counts as a call) or calls through a pointer ("called back": a
walk's callback, counted with --callbacks only).  An address held by data
(an ops table, an initcall) is not followed: ops are what pointers are
for.  It over-approximates: any indirect call of S's object counts, a
KUnit static stub's too; a pointer handed on through a third function or
stored in a structure is not followed.

Files that call each other, two or more around a loop, are a cycle: the
check names the files of each cycle and the functions of each call
between them, and exits 1.  SRCDIR, if given, is the core's source
directory: a .c of it without an object was not built by OBJDIR's
configuration, and is named as not checked; an object without a .c (of a
file since removed) is left out.
"""

import argparse
import bisect
import glob
import os
import re
import shutil
import subprocess
import sys


def readelf(path, *opts):
    return subprocess.run(['readelf', '-W', *opts, path], check=True,
                          capture_output=True, text=True).stdout


def sections(path):
    """{name: (index, flags)} of the sections of an object."""
    out = {}
    for line in readelf(path, '-S').splitlines():
        m = re.match(r'^\s*\[\s*(\d+)\]\s+(.*)$', line)
        if not m:
            continue
        f = m.group(2).split()
        if len(f) < 9 or f[0] == 'Name':
            continue
        flags = f[6] if len(f) >= 10 else ''
        out.setdefault(f[0], (int(m.group(1)), flags))
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
    """[(section name, offset, type, symbol, addend)] of the relocations of
    an object."""
    out, sec = [], None
    for line in readelf(path, '-r').splitlines():
        m = re.match(r"Relocation section '\.rela?(\S+)'", line)
        if m:
            sec = m.group(1)
            continue
        f = line.split()
        if sec is None or len(f) < 5 or not re.fullmatch(r'[0-9a-f]+', f[0]):
            continue
        addend = 0
        if len(f) >= 7 and f[5] in '+-':
            addend = int(f[6], 16) * (-1 if f[5] == '-' else 1)
        out.append((sec, int(f[0], 16), f[2], f[4], addend))
    return out


# A relocation of one of these types is a direct call or jump; any other
# to a function takes its address
CALL_RELOCS = {'R_AARCH64_CALL26', 'R_AARCH64_JUMP26', 'R_X86_64_PLT32',
               'R_ARM_CALL', 'R_ARM_JUMP24', 'R_ARM_THM_CALL',
               'R_ARM_THM_JUMP24'}
# Relative to the end of a 4-byte field: the address is the addend plus 4
PC32_RELOCS = {'R_X86_64_PC32', 'R_X86_64_PLT32'}
# An indirect call or jump; a store to memory, its destination last (arm64)
# or after the comma (x86, AT&T syntax)
INDIRECT = re.compile(r'^(blr|br|blraa\w*|braa\w*)\s|^(call|jmp)\w*\s+\*')
STORE = re.compile(r'^(str|stp|stur)\w*\s|^mov\w*\s+%\w+,\s*\S*\(')


def disassembly(path):
    """{section: [(offset, instruction)]}, in order, of an object's code."""
    tool = shutil.which('llvm-objdump') or 'objdump'
    out, sec = {}, None
    text = subprocess.run([tool, '-d', '--no-show-raw-insn', path],
                          check=True, capture_output=True, text=True).stdout
    for line in text.splitlines():
        m = re.match(r'^Disassembly of section (\S+):', line)
        if m:
            sec = out.setdefault(m.group(1), [])
            continue
        m = re.match(r'^\s*([0-9a-f]+):\s+(\S.*)$', line)
        if m and sec is not None:
            sec.append((int(m.group(1), 16), m.group(2).split('#')[0]
                        .split('//')[0].strip()))
    return out


class Obj:
    """One object file: what it defines, leaves undefined and refers to,
    and, function by function, what it calls directly, the functions whose
    address it takes, whether it stores to writable data and whether it
    calls through a pointer."""

    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path)[:-2] + '.c'
        syms = symbols(path)
        secs = sections(path)
        index = {i: name for name, (i, _) in secs.items()}
        writable = {name for name, (_, flags) in secs.items() if 'W' in flags}
        self.defined = {}       # global name -> 'FUNC' or 'OBJECT'
        self.undefined = set()
        self.funcs = set()      # every function it defines, local or not
        wdata = set(writable)   # its writable data: sections and objects
        by_sec = {}             # section name -> [(value, size, name)]
        for name, typ, bind, ndx, value, size in syms:
            if ndx == 'UND':
                if name:
                    self.undefined.add(name)
                continue
            if typ in ('FUNC', 'OBJECT') and ndx.isdigit():
                sec = index.get(int(ndx))
                by_sec.setdefault(sec, []).append((value, size, name))
                if bind in ('GLOBAL', 'WEAK'):
                    self.defined[name] = typ
                if typ == 'FUNC':
                    self.funcs.add(name)
                elif sec in writable:
                    wdata.add(name)
        for entries in by_sec.values():
            entries.sort()

        def holder_at(sec, off):
            for value, size, name in by_sec.get(sec, ()):
                if value <= off < value + max(size, 1):
                    return name
            return None

        def function_at(sec, addr):
            for value, _size, name in by_sec.get(sec, ()):
                if value == addr and name in self.funcs:
                    return name
            return None

        code = disassembly(path)
        starts = {sec: [off for off, _ in insns] for sec, insns in code.items()}

        def insn_at(sec, off):
            i = bisect.bisect_right(starts.get(sec, []), off) - 1
            return code[sec][i][1] if i >= 0 else ''

        # [(holder, undefined symbol)], holder being the function or data
        # object whose bytes hold the relocation, else <section>.
        self.refs = []
        self.calls = {}         # function -> functions it calls directly
        self.taken = {}         # function -> functions whose address it takes
        self.stores = set()     # functions that store to writable data
        self.indirect = set()   # functions that call through a pointer
        relocated = {}          # section -> offsets with a relocation
        for sec, off, typ, sym, addend in relocations(path):
            relocated.setdefault(sec, set()).add(off)
            holder = holder_at(sec, off)
            if sym in self.undefined:
                self.refs.append((holder or '<%s>' % sec, sym))
            if holder not in self.funcs:
                continue
            target = sym
            if sym in secs:
                addr = addend + (4 if typ in PC32_RELOCS else 0)
                target = function_at(sym, addr) or sym
            if target in self.funcs or sym in self.undefined:
                what = self.calls if typ in CALL_RELOCS else self.taken
                what.setdefault(holder, set()).add(target)
            elif target in wdata and STORE.match(insn_at(sec, off)):
                self.stores.add(holder)
        for sec, insns in code.items():
            offs = sorted(relocated.get(sec, ()))
            for i, (off, insn) in enumerate(insns):
                holder = holder_at(sec, off)
                if holder is None:
                    continue
                if INDIRECT.match(insn):
                    self.indirect.add(holder)
                    continue
                # A branch the assembler resolved: within the section
                m = re.match(r'(bl|b|call\w*|jmp\w*)\s+(?:0x)?([0-9a-f]+)\b',
                             insn)
                end = insns[i + 1][0] if i + 1 < len(insns) else off + 4
                j = bisect.bisect_left(offs, off)
                if not m or (j < len(offs) and offs[j] < end):
                    continue
                callee = function_at(sec, int(m.group(2), 16))
                if callee and callee != holder:
                    self.calls.setdefault(holder, set()).add(callee)

    def reach(self, fn):
        """The functions of this object that @fn runs, itself included."""
        seen, todo = {fn}, [fn]
        while todo:
            for g in self.calls.get(todo.pop(), ()):
                if g in self.funcs and g not in seen:
                    seen.add(g)
                    todo.append(g)
        return seen


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


def pointers(objs):
    """{(from file, to file): {(how, function, through, taker)}}: a function
    of the core whose address @taker (FILE:FUNCTION) takes and hands to
    @through, a function of another file, that keeps it (it stores to its
    file's writable data, and that file calls through a pointer: "kept") or
    calls through a pointer while it runs ("called back"). Ops tables (an
    address held by data, not code) are not followed."""
    owner = {}
    for o in objs:
        for name, typ in o.defined.items():
            if typ == 'FUNC':
                owner[name] = o
    out = {}
    for a in objs:
        for holder, targets in a.taken.items():
            for fn in targets:
                to = a if fn in a.funcs else owner.get(fn)
                if to is None:
                    continue
                for callee in a.calls.get(holder, ()):
                    b = owner.get(callee)
                    if b is None or b is a or b is to:
                        continue
                    runs = b.reach(callee)
                    if runs & b.stores and b.indirect:
                        how = 'kept'
                    elif runs & b.indirect:
                        how = 'called back'
                    else:
                        continue
                    out.setdefault((b.name, to.name), set()).add(
                        (how, fn, callee, '%s:%s' % (a.name, holder)))
    return out


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
    ap.add_argument('--callbacks', action='store_true',
                    help='count a function called back through a pointer '
                    'as a call too, not only one whose pointer is kept')
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

    # A function handed to another file and called through a pointer there
    # is flagged; if kept (or, with --callbacks, called back), it is a call
    # of that file's in the search for cycles
    counted = ('kept', 'called back') if args.callbacks else ('kept',)
    for (s, t), uses in sorted(pointers(objs).items()):
        for how, fn, through, taker in sorted(uses):
            print('check-calls: pointer: %s -> %s: %s, taken in %s, %s by %s'
                  % (s, t, fn, taker, how, through))
            if how in counted:
                edges.setdefault((s, t), set()).add(
                    ('(pointer %s by %s)' % (how, through), fn))

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
