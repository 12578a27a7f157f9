# SPDX-License-Identifier: GPL-2.0
"""Boot the guests listed in a boot table and report their tests.

usage: scripts/run-tests.py [--table FILE] [--timeout S] [--jobs N] [--console]
                            [--kernel-dir DIR] [--initramfs FILE] [--logs DIR]
                            [BOOT ...]

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
value that BOOT's console had (BOOT's of this run if BOOT is in it, else
its log of an earlier run; bctest.ktap.compare_cases).  So is
bc.diff=BOOT: each key of the machine's state the guest printed ("# state"
lines) passes BOOT.state-KEY-as-BOOT if it equals BOOT's but for the
differences tests/end-state.allow excuses, each named in the report with
its reason (bctest.statediff).  A boot with boot_constraints=auto passes
BOOT.no-errors-beyond-BASE if its kernel printed no error or warning that
BASE's did not, BASE being pristine 6.12's boot of the same machine
(bctest.boots.pristine_of), which boots in the same run, added to a subset
that lacks it, before it (bctest.ktap.quiet_cases; the deadline's summary
aside).  The exit
status is non-zero if anything failed or no test case ran at all.

--jobs N boots run at once (default 2 per CPU), each in a thread of its
own (schedule()); a boot starts only after the boots of this run it
compares with (dependencies()).  Each boot's lines, from its "# boot NAME:"
line to its "# boot NAME: S s, log in ..." line, are printed together once
it and every boot before it in the table have ended: the output is in
table order whatever the jobs.

--kernel-dir, --initramfs and --logs boot another build of the boots'
kernel (its out dir), with another initramfs, and save the consoles
elsewhere: scripts/steps/check-bisect.sh boots each commit's KUnit so
(tests/bisect.boots), without touching make test's kernels and logs.
"""

import argparse
import os
import sys
import threading
import time

from . import BUILD, TOP, HarnessError
from . import boots as boot_table
from . import ktap
from . import qemu
from . import statediff

# What bc.diff= excuses, each with its reason (bctest.statediff).
ALLOW = os.path.join(TOP, 'tests', 'end-state.allow')


def default_jobs():
    """How many boots run at once unless --jobs says: two per CPU this
    process may use, no more than GiB of memory available.  A guest keeps a CPU busy while its kernel boots and
    sleeps for most of the rest (deadlines, bc.wait=, the regulator core's
    30 s clean-up).  Its clock runs on while it waits for a CPU: at three
    per CPU, CI's 2-CPU machine saw the KUnit boot pass its timeout, and
    with a compiler running beside them a sabrelite reached /init after
    its 10 s deadline; at two, 4 boots at once next to three kernel
    builds, everything but that boot passed."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:
        cpus = os.cpu_count() or 1
    return max(1, min(2 * cpus, mem_available_gib()))


def mem_available_gib():
    """The host's available memory in GiB, what a guest of 1 GiB (the
    arm32 machines') could take at most; a large number if unknown."""
    try:
        with open('/proc/meminfo') as f:
            for line in f:
                if line.startswith('MemAvailable:'):
                    return int(line.split()[1]) // (1024 * 1024)
    except (OSError, ValueError, IndexError):
        pass
    return 1 << 20


def compared_boots(args):
    """The boots named by a boot's bc.compare=BOOT:KEY and bc.diff=BOOT
    arguments."""
    return [w.split('=', 1)[1].partition(':')[0] for w in args.split()
            if w.startswith(('bc.compare=', 'bc.diff='))]


def dependencies(boots):
    """{i: set of j}: the boots (indices into boots) that boot i compares
    its console with (bc.compare=), and so must have finished before it
    starts; a boot named but not in boots (its log of an earlier run is
    read) or the boot itself is none.  HarnessError if the comparisons
    go round in a circle."""
    index = {b['name']: i for i, b in enumerate(boots)}
    deps = {i: {index[n] for n in compared_boots(b['args']) +
                [b.get('pristine')]
                if n in index and index[n] != i}
            for i, b in enumerate(boots)}
    state = {}          # i: 1 while its dependencies are visited, 2 after

    def visit(i, path):
        if state.get(i) == 2:
            return
        if state.get(i) == 1:
            loop = path[path.index(i):] + [i]
            raise HarnessError('bc.compare= goes round in a circle: %s' %
                               ' -> '.join(boots[j]['name'] for j in loop))
        state[i] = 1
        for j in sorted(deps[i]):
            visit(j, path + [i])
        state[i] = 2

    for i in deps:
        visit(i, [])
    return deps


def start_order(deps):
    """The order in which to start ready boots when several run at once:
    those that others wait for first (most waiting boots, counted through
    chains of comparisons, first), then table order, so that a chain of
    comparisons does not end the run alone."""
    waiting = {i: set() for i in deps}
    for i in deps:
        todo = list(deps[i])
        while todo:
            j = todo.pop()
            if i not in waiting[j]:
                waiting[j].add(i)
                todo += deps[j]
    return sorted(deps, key=lambda i: (-len(waiting[i]), i))


def schedule(n, jobs, deps, work, done, order=None):
    """Run work(i) for each i in range(n), in threads, at most jobs at
    once, each only after work(j) has returned for every j in deps[i],
    the ready ones started in the given order (default range(n)).  Calls
    done(i, result of work(i)) in the calling thread in order of i, each
    as soon as work(i) and every done() before it are through: what done()
    prints comes out in table order whatever order the boots end in.  An
    exception of work(i) is raised at i's turn (daemon threads: a work
    still running is abandoned)."""
    order = list(range(n) if order is None else order)
    cond = threading.Condition()
    results = {}        # i: (True, result) or (False, exception)

    def run(i):
        try:
            r = (True, work(i))
        except BaseException as e:      # raised by the calling thread
            r = (False, e)
        with cond:
            results[i] = r
            cond.notify()

    started = set()
    nxt = 0
    while nxt < n:
        with cond:
            for i in order:
                if len(started) - len(results) >= jobs:
                    break
                if i not in started and all(j in results for j in deps[i]):
                    started.add(i)
                    threading.Thread(target=run, args=(i,), daemon=True,
                                     name='boot-%d' % i).start()
            if nxt not in results:
                if len(started) == len(results):
                    raise HarnessError('boots %s wait for each other' %
                                       sorted(set(range(n)) - started))
                cond.wait()
        while nxt in results:
            ok, value = results[nxt]
            if not ok:
                raise value
            done(nxt, value)
            nxt += 1


def header(b):
    """A boot's first line: its name, kernel, machine and arguments."""
    return '# boot %s: %s %s %s' % (b['name'], b['arch'], b['machine'],
                                    b['args'])


class Run:
    """One run of the boots: where their consoles go, the consoles of the
    boots ended so far (for bc.compare=) and the counts of the results
    reported.  boot() runs in a boot's thread, report() in the thread that
    called schedule(), in table order."""

    def __init__(self, boots, logs, timeout, console, allow=None):
        self.boots = boots
        self.allow = allow or statediff.Allow()     # bc.diff='s excuses
        self.logs = logs
        self.timeout = timeout
        self.console = console      # copy the consoles to stdout
        self.consoles = {}
        self.count = {'ok': 0, 'fail': 0, 'skip': 0}
        self.cases = 0

    def lines_of(self, name):
        """A boot's console: this run's, else the log of an earlier run."""
        if name in self.consoles:
            return self.consoles[name]
        try:
            with open(os.path.join(self.logs, name + '.log')) as f:
                return f.read().split('\n')
        except OSError:
            return None

    def boot(self, i):
        """Boot i, in a thread of its own: its console saved, its results
        for report()."""
        b = self.boots[i]
        if self.console:    # one boot at a time: its header above it
            print(header(b), flush=True)
        t = time.monotonic()
        problems, reports, lines, checks = qemu.boot_one(b, self.timeout,
                                                         self.console)
        # The boots compared with have finished (dependencies()).
        checks += ktap.compare_cases(b['args'], lines, self.lines_of)
        checks += statediff.diff_cases(b['name'], b['args'], lines,
                                       self.lines_of, self.allow)
        checks += ktap.quiet_cases(b.get('pristine'), lines, self.lines_of)
        log = os.path.join(self.logs, b['name'] + '.log')
        with open(log, 'w') as f:
            f.write('\n'.join(lines) + '\n')
        self.consoles[b['name']] = lines
        return problems, reports, lines, checks, time.monotonic() - t, log

    def report(self, i, result):
        """Boot i's block of lines, whole, in table order."""
        b = self.boots[i]
        problems, reports, lines, checks, took, log = result
        if not self.console:
            print(header(b))
        for name, status, directive in ktap.cases(lines):
            word = {'ok': 'ok', 'fail': 'not ok', 'skip': 'ok'}[status]
            print('%s - %s.%s%s' % (word, b['name'], name,
                                    ' # ' + directive if directive else ''))
            self.count[status] += 1
            self.cases += 1
        for name, ok, detail in checks:
            print('%s - %s.%s' % ('ok' if ok else 'not ok', b['name'], name))
            for d in detail.split('\n'):
                print('#   ' + d)
            self.count['ok' if ok else 'fail'] += 1
        # Two checks of every boot: it reached its end (or, expected to
        # lose its console, went silent without a crash), and the kernel
        # reported nothing (no crash, warning or sanitizer report).
        for check, found in (('booted-cleanly', problems),
                             ('no-kernel-reports', reports)):
            self.count['fail' if found else 'ok'] += 1
            print('%s - %s.%s' % ('not ok' if found else 'ok', b['name'],
                                  check))
            for p in found:
                print('#   ' + p)
        print('# boot %s: %.1f s, log in %s' %
              (b['name'], took, os.path.relpath(log, TOP)), flush=True)

    def summary(self):
        """Print the run's last line: the exit status."""
        if not self.cases:
            print('# no test case ran')
        summary = '%d passed, %d failed' % (self.count['ok'],
                                            self.count['fail'])
        if self.count['skip']:
            summary += ', %d skipped' % self.count['skip']
        print(summary)
        return 1 if self.count['fail'] or not self.cases else 0


def options():
    """The command line: (its options, the number of boots at once)."""
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--table', default=os.path.join(TOP, 'tests', 'boots'),
                    help='boot table (default tests/boots)')
    # A hang's detector, not a measure: the KUnit boot takes 80 s of
    # emulated time alone, and a third of a CPU when six boots share two.
    ap.add_argument('--timeout', type=int, default=300,
                    help='seconds per boot (default 300)')
    ap.add_argument('--jobs', '-j', type=int, default=None, metavar='N',
                    help='boots at once (default 2 per CPU, here %d; '
                    '1 with --console)' % default_jobs())
    ap.add_argument('--console', action='store_true',
                    help='copy the guest consoles to stdout (one boot at '
                    'a time)')
    ap.add_argument('--kernel-dir', metavar='DIR',
                    help="boot the kernel built in DIR (an out dir of "
                    "scripts/steps/build.sh) instead of the boots' arch's")
    ap.add_argument('--initramfs', metavar='FILE',
                    help='boot this initramfs instead of the arch\'s')
    ap.add_argument('--logs', metavar='DIR',
                    help='save the consoles in DIR (default build/logs)')
    ap.add_argument('boots', nargs='*', metavar='BOOT',
                    help='only these boots (default all)')
    opt = ap.parse_args()
    if opt.jobs is not None and opt.jobs < 1:
        ap.error('--jobs wants 1 or more')
    if opt.console and (opt.jobs or 1) > 1:
        ap.error('--console copies one console at a time: --jobs 1')
    return opt, opt.jobs or (1 if opt.console else default_jobs())


def selected_boots(opt):
    """The boots of the table that the command line names (all if none),
    with its kernel and initramfs; exits if the table is bad or names no
    such boot."""
    try:
        boots = boot_table.read(opt.table)
    except (HarnessError, OSError) as e:
        sys.exit('run-tests: %s' % e)
    for b in boots:
        b['pristine'] = boot_table.pristine_of(boots, b)
    if opt.boots:
        names = [b['name'] for b in boots]
        unknown = [n for n in opt.boots if n not in names]
        if unknown:
            sys.exit('no such boot in %s: %s' % (opt.table, ' '.join(unknown)))
        # An automatic boot's pristine one boots in the same run
        wanted = set(opt.boots) | {b['pristine'] for b in boots
                                   if b['name'] in opt.boots}
        boots = [b for b in boots if b['name'] in wanted]
    for b in boots:
        if opt.kernel_dir:
            b['kernel_dir'] = os.path.abspath(opt.kernel_dir)
        if opt.initramfs:
            b['initramfs'] = os.path.abspath(opt.initramfs)
    return boots


def main():
    """make test's runner: returns the exit status."""
    opt, jobs = options()
    boots = selected_boots(opt)
    try:
        deps = dependencies(boots)
    except HarnessError as e:
        sys.exit('run-tests: %s: %s' % (opt.table, e))

    try:
        allow = statediff.Allow.read(ALLOW)
    except (HarnessError, OSError) as e:
        sys.exit('run-tests: %s' % e)

    logs = opt.logs or os.path.join(BUILD, 'logs')
    os.makedirs(logs, exist_ok=True)
    runner = Run(boots, logs, opt.timeout, opt.console, allow)
    try:
        schedule(len(boots), jobs, deps, runner.boot, runner.report,
                 None if jobs == 1 else start_order(deps))
    finally:
        qemu.kill_all()     # those still running if the runner stops early
    return runner.summary()
