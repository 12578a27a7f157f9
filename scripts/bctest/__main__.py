# SPDX-License-Identifier: GPL-2.0
"""What the shell scripts ask the harness (scripts/steps/lib.sh: bctest).

usage: python3 -m bctest arch ARCH        arch_setup's variables, as sh
       python3 -m bctest series check     ./series against kernel/, patches/
       python3 -m bctest series entries   PATCHFILE [NEW-FILE ...] per line
       python3 -m bctest series files     every new file, one a line
       python3 -m bctest series merge-count
                                          how many commits are for merging
       python3 -m bctest series assemble N DIR
                                          the Kconfig and Makefile files of
                                          kernel/ as at commit N, into DIR;
                                          prints their paths
"""

import os
import shlex
import sys

from . import HarnessError, TOP
from . import assemble
from . import machines
from . import series


def main(argv):
    """Answer one question; returns the exit status."""
    if argv[:1] == ['arch'] and len(argv) == 2:
        for var, value in machines.shell_vars(argv[1]):
            print('%s=%s' % (var, shlex.quote(value)))
        return 0
    if argv[:2] == ['series', 'assemble'] and len(argv) == 4:
        entries = series.read()
        for path in assemble.assembled(entries, TOP):
            text = assemble.content(path, int(argv[2]), entries, TOP)
            if text is None:
                continue
            out = os.path.join(argv[3], path)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            with open(out, 'w') as f:
                f.write(text)
            print(path)
        return 0
    if argv[:1] == ['series'] and len(argv) == 2:
        entries = series.read()
        if argv[1] == 'check':
            errors, warnings = series.check(entries)
            for w in warnings:
                print('warning: ' + w, file=sys.stderr)
            for e in errors:
                print('error: ' + e, file=sys.stderr)
            return 1 if errors else 0
        if argv[1] == 'entries':
            for patch, files in entries:
                print(' '.join([patch] + files))
            return 0
        if argv[1] == 'merge-count':
            print(series.merge_count())
            return 0
        if argv[1] == 'files':
            for f in series.files(entries):
                print(f)
            return 0
    sys.exit(__doc__.strip())


if __name__ == '__main__':
    try:
        sys.exit(main(sys.argv[1:]))
    except HarnessError as e:
        sys.exit('bctest: %s' % e)
