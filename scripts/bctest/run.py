# SPDX-License-Identifier: GPL-2.0
"""Boot the guests listed in a boot table and report their tests.

usage: scripts/run-tests.py [--table FILE] [--timeout S] [--console] [BOOT ...]

Each boot (bctest.boots) runs in QEMU (bctest.qemu) and saves its console
to build/logs/BOOT.log.  Each boot is two checks: BOOT.booted-cleanly (the
marker came) and BOOT.no-kernel-reports (no crash, warning, lockdep,
KASAN, UBSAN, debug-objects or kmemleak report on the console).  Every
KTAP test case on the console (KUnit's nested output and the guest
scenario's) is reported as

    ok - BOOT.SUITE.CASE
    not ok - BOOT.SUITE.CASE
    ok - BOOT.SUITE.CASE # SKIP reason

and the run ends with one line "N passed, N failed[, N skipped]".
A boot's bc.compare=BOOT:KEY argument is the runner's too: it passes
BOOT.same-KEY-as-BOOT if the guest printed "# compare KEY: VALUE" with the
value that BOOT's console had (BOOT booted earlier in the same run, else
its log of an earlier run; bctest.ktap.compare_cases).  The exit
status is non-zero if anything failed or no test case ran at all.
"""

import argparse
import os
import sys
import time

from . import BUILD, TOP, HarnessError
from . import boots as boot_table
from . import ktap
from .qemu import boot_one


def main():
    """make test's runner: returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--table', default=os.path.join(TOP, 'tests', 'boots'),
                    help='boot table (default tests/boots)')
    ap.add_argument('--timeout', type=int, default=120,
                    help='seconds per boot (default 120)')
    ap.add_argument('--console', action='store_true',
                    help='copy the guest consoles to stdout')
    ap.add_argument('boots', nargs='*', metavar='BOOT',
                    help='only these boots (default all)')
    opt = ap.parse_args()

    try:
        boots = boot_table.read(opt.table)
    except (HarnessError, OSError) as e:
        sys.exit('run-tests: %s' % e)
    if opt.boots:
        names = [b['name'] for b in boots]
        unknown = [n for n in opt.boots if n not in names]
        if unknown:
            sys.exit('no such boot in %s: %s' % (opt.table, ' '.join(unknown)))
        boots = [b for b in boots if b['name'] in opt.boots]

    logs = os.path.join(BUILD, 'logs')
    os.makedirs(logs, exist_ok=True)
    count = {'ok': 0, 'fail': 0, 'skip': 0}
    cases = 0
    consoles = {}       # the consoles of this run's boots, for bc.compare=

    def lines_of(name):
        """A boot's console: this run's, else the log of an earlier run."""
        if name in consoles:
            return consoles[name]
        try:
            with open(os.path.join(logs, name + '.log')) as f:
                return f.read().split('\n')
        except OSError:
            return None

    for b in boots:
        print('# boot %s: %s %s %s' % (b['name'], b['arch'], b['machine'],
                                       b['args']), flush=True)
        t = time.monotonic()
        problems, reports, lines, checks = boot_one(b, opt.timeout,
                                                    opt.console)
        checks += ktap.compare_cases(b['args'], lines, lines_of)
        consoles[b['name']] = lines
        log = os.path.join(logs, b['name'] + '.log')
        with open(log, 'w') as f:
            f.write('\n'.join(lines) + '\n')
        for name, status, directive in ktap.cases(lines):
            word = {'ok': 'ok', 'fail': 'not ok', 'skip': 'ok'}[status]
            print('%s - %s.%s%s' % (word, b['name'], name,
                                    ' # ' + directive if directive else ''))
            count[status] += 1
            cases += 1
        for name, ok, detail in checks:
            print('%s - %s.%s' % ('ok' if ok else 'not ok', b['name'], name))
            print('#   ' + detail)
            count['ok' if ok else 'fail'] += 1
        # Two checks of every boot: it reached its end (or, expected to
        # lose its console, went silent without a crash), and the kernel
        # reported nothing (no crash, warning or sanitizer report).
        for check, found in (('booted-cleanly', problems),
                             ('no-kernel-reports', reports)):
            count['fail' if found else 'ok'] += 1
            print('%s - %s.%s' % ('not ok' if found else 'ok', b['name'],
                                  check))
            for p in found:
                print('#   ' + p)
        print('# boot %s: %.1f s, log in %s' %
              (b['name'], time.monotonic() - t, os.path.relpath(log, TOP)),
              flush=True)

    if not cases:
        print('# no test case ran')
    summary = '%d passed, %d failed' % (count['ok'], count['fail'])
    if count['skip']:
        summary += ', %d skipped' % count['skip']
    print(summary)
    return 1 if count['fail'] or not cases else 0

