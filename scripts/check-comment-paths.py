#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Fail on a file that a comment of kernel/ names and that does not exist.

    scripts/check-comment-paths.py KERNELDIR LINUXDIR

KERNELDIR is the series' own files (kernel/ of this repository), LINUXDIR
the kernel tree they are built in (build/linux, the series applied).  In
the comments of every .c, .h, .dts, .dtsi and .dtso of KERNELDIR, a word
ending in a source's extension (or .rst, .yaml, .txt, .py, .sh) is a
file's name, and must name a file:

- a bare name ("retry.c") one of the comment's own directory or of
  drivers/boot_constraint/ (ours: KERNELDIR, where the core's files are);
  a bare device tree ("msm8916.dtsi") one under arch/*/boot/dts/;
- a path ("drivers/base/dd.c", "tests/fakes.h", "linux/clk.h") one under
  the comment's own directory, drivers/boot_constraint/ or the root of
  KERNELDIR or LINUXDIR, or under include/ of either (as #include names
  it); or a file of this repository ("tests/dt/dsi.dtsi", which the
  scenario board names).

Each file that does not exist is one line, FILE:LINE: NAME, and the exit
status is 1 (make check-docs).
"""

import os
import re
import sys

SOURCES = ('.c', '.h', '.dts', '.dtsi', '.dtso')
OURS = os.path.join('drivers', 'boot_constraint')

# A word ending in a source's extension, not part of a longer word: not
# "<type>.c" (a placeholder) nor "bc_dev.handle" (a field).
NAME = re.compile(r'(?<![\w/.<>-])((?:\.\./)*(?:[\w.-]+/)*[\w-]+'
                  r'\.(?:c|h|dts|dtsi|dtso|S|rst|yaml|txt|py|sh))(?![\w/-])')
COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"', re.S)


def comments(text):
    """Each comment of C text, with the line it starts on (not strings)."""
    for m in COMMENT.finditer(text):
        if m.group(0).startswith('"'):
            continue
        yield text.count('\n', 0, m.start()) + 1, m.group(0)


def names(text):
    """Each file name of the comments of text, with its line."""
    for line, comment in comments(text):
        for m in NAME.finditer(comment):
            yield line + comment.count('\n', 0, m.start()), m.group(1)


def device_trees(linux):
    """The names of the device trees of LINUXDIR's architectures."""
    found = set()
    arch = os.path.join(linux, 'arch')
    for a in sorted(os.listdir(arch)):
        for _, _, files in os.walk(os.path.join(arch, a, 'boot', 'dts')):
            found.update(f for f in files if f.endswith(('.dts', '.dtsi')))
    return found


def exists(name, here, kernel, linux, dts):
    """Whether name, found in a comment of directory here (relative to the
    tree's root), names a file of KERNELDIR, LINUXDIR or the repository."""
    if '/' not in name and name in dts:
        return True
    bases = [here, OURS, '', 'include']
    for root in (kernel, linux):
        for base in bases:
            if os.path.isfile(os.path.normpath(os.path.join(root, base, name))):
                return True
    repo = os.path.dirname(os.path.abspath(kernel))
    return '/' in name and os.path.isfile(os.path.join(repo, name))


def check(kernel, linux):
    """The names of missing files, as 'FILE:LINE: NAME' lines."""
    missing = []
    dts = device_trees(linux)
    for top, dirs, files in os.walk(kernel):
        dirs.sort()
        for f in sorted(files):
            if not f.endswith(SOURCES):
                continue
            path = os.path.join(top, f)
            here = os.path.relpath(top, kernel)
            with open(path, encoding='utf-8', errors='replace') as src:
                text = src.read()
            for line, name in names(text):
                if not exists(name, here, kernel, linux, dts):
                    missing.append('%s:%d: %s' %
                                   (os.path.relpath(path, kernel), line, name))
    return missing


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    kernel, linux = argv[1:]
    if not os.path.isdir(os.path.join(linux, 'drivers', 'base')):
        sys.stderr.write('check-comment-paths: %s is not a kernel tree\n' % linux)
        return 2
    missing = check(kernel, linux)
    for m in missing:
        print('%s: no such file' % m)
    if missing:
        print('check-comment-paths: %d file name(s) in comments of %s name no file'
              % (len(missing), kernel))
        return 1
    print('check-comment-paths: every file a comment of %s names exists' % kernel)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
