#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tests of the runner's scheduling of boots (scripts/bctest/run.py):
how many run at once, bc.compare= dependencies and the order of the
output, with a fake boot in place of QEMU; and its report of a run's
boots, with a fake qemu.boot_one() (make check-harness)."""

import contextlib
import io
import os
import sys
import tempfile
import threading
import time
import unittest
from unittest import mock

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, 'scripts'))
from bctest import HarnessError, boots, ktap, qemu, run  # noqa: E402


def table(text):
    return boots.parse(text.splitlines())


class FakeBoots:
    """A fake boot function: boot i takes durations[i] seconds and
    records when it started and ended and how many ran beside it."""

    def __init__(self, durations):
        self.durations = durations
        self.lock = threading.Lock()
        self.running = 0
        self.most = 0
        self.started = {}
        self.ended = {}
        self.done = []
        self.seq = 0

    def tick(self):
        self.seq += 1
        return self.seq

    def work(self, i):
        with self.lock:
            self.started[i] = self.tick()
            self.running += 1
            self.most = max(self.most, self.running)
        time.sleep(self.durations[i])
        with self.lock:
            self.running -= 1
            self.ended[i] = self.tick()
        return 'result %d' % i

    def report(self, i, result):
        self.in_main_thread = (threading.current_thread() is
                          threading.main_thread())
        self.done.append((i, result, i in self.ended))


class ScheduleTest(unittest.TestCase):
    def test_results_in_table_order_whatever_ends_first(self):
        f = FakeBoots([0.3, 0.05, 0.2, 0.0, 0.1])
        run.schedule(5, 5, {i: set() for i in range(5)}, f.work, f.report)
        self.assertEqual([d[:2] for d in f.done],
                         [(i, 'result %d' % i) for i in range(5)])
        self.assertTrue(all(d[2] for d in f.done))
        self.assertTrue(f.in_main_thread)
        # They did run at once: the first ended last.
        self.assertEqual(max(f.ended, key=f.ended.get), 0)

    def test_a_result_as_soon_as_those_before_it(self):
        f = FakeBoots([0.0, 0.3])
        seen = []
        run.schedule(2, 2, {0: set(), 1: set()}, f.work,
                     lambda i, r: seen.append((i, 1 in f.ended)))
        self.assertEqual(seen, [(0, False), (1, True)])

    def test_at_most_jobs_at_once(self):
        f = FakeBoots([0.05] * 8)
        run.schedule(8, 3, {i: set() for i in range(8)}, f.work, f.report)
        self.assertEqual(f.most, 3)
        self.assertEqual(len(f.done), 8)

    def test_one_job_is_one_after_the_other_in_table_order(self):
        f = FakeBoots([0.02, 0.0, 0.01, 0.0])
        run.schedule(4, 1, {i: set() for i in range(4)}, f.work, f.report)
        self.assertEqual(f.most, 1)
        self.assertEqual(sorted(f.started, key=f.started.get), [0, 1, 2, 3])

    def test_a_boot_starts_after_those_it_compares_with(self):
        # 2 compares with 0, 3 with 2 and 1: with four jobs, 2 would start
        # at once if it did not wait.
        deps = {0: set(), 1: set(), 2: {0}, 3: {1, 2}}
        f = FakeBoots([0.2, 0.1, 0.05, 0.0])
        run.schedule(4, 4, deps, f.work, f.report)
        self.assertGreater(f.started[2], f.ended[0])
        self.assertGreater(f.started[3], f.ended[2])
        self.assertGreater(f.started[3], f.ended[1])
        self.assertEqual([d[0] for d in f.done], [0, 1, 2, 3])

    def test_a_dependency_later_in_the_table_with_one_job(self):
        deps = {0: {2}, 1: set(), 2: set()}
        f = FakeBoots([0.0, 0.0, 0.0])
        run.schedule(3, 1, deps, f.work, f.report)
        self.assertGreater(f.started[0], f.ended[2])
        self.assertEqual([d[0] for d in f.done], [0, 1, 2])

    def test_start_order(self):
        f = FakeBoots([0.0] * 4)
        run.schedule(4, 1, {i: set() for i in range(4)}, f.work, f.report,
                     order=[2, 0, 3, 1])
        self.assertEqual(sorted(f.started, key=f.started.get), [2, 0, 3, 1])
        self.assertEqual([d[0] for d in f.done], [0, 1, 2, 3])

    def test_an_exception_of_a_boot_at_its_turn(self):
        done = []

        def work(i):
            if i == 1:
                raise RuntimeError('boot 1 broke')
            return i

        with self.assertRaisesRegex(RuntimeError, 'boot 1 broke'):
            run.schedule(3, 2, {i: set() for i in range(3)}, work,
                         lambda i, r: done.append(i))
        self.assertEqual(done, [0])

    def test_nothing_to_do(self):
        run.schedule(0, 3, {}, None, None)


class DependenciesTest(unittest.TestCase):
    TABLE = '''
scenario base arm32-base sabrelite - bc.scenario=g
scenario auto arm32 sabrelite - bc.scenario=g bc.compare=base:end
scenario report arm32 sabrelite - bc.scenario=g bc.compare=base:end bc.compare=auto:held
scenario other arm64 virt - bc.scenario=x bc.compare=gone:end bc.compare=other:k
'''

    def test_compared_boots_of_the_run(self):
        # "gone" is not in the run (its earlier log is read), "other"
        # compares with itself (the earlier log, too): no dependency.
        self.assertEqual(run.dependencies(table(self.TABLE)),
                         {0: set(), 1: {0}, 2: {0, 1}, 3: set()})

    def test_a_subset_of_the_table(self):
        b = [x for x in table(self.TABLE) if x['name'] != 'base']
        self.assertEqual(run.dependencies(b), {0: set(), 1: {0}, 2: set()})

    def test_a_circle_is_an_error(self):
        b = table('a arm64 virt - bc.compare=c:k\n'
                  'b arm64 virt - \n'
                  'c arm64 virt - bc.compare=a:k\n')
        with self.assertRaisesRegex(HarnessError, 'a -> c -> a'):
            run.dependencies(b)

    def test_those_waited_for_start_first(self):
        deps = run.dependencies(table(self.TABLE))
        self.assertEqual(run.start_order(deps), [0, 1, 2, 3])
        b = table('x arm64 virt -\n' + self.TABLE)
        self.assertEqual(run.start_order(run.dependencies(b)),
                         [1, 2, 0, 3, 4])

    def test_the_boot_table_has_no_circle(self):
        b = boots.read(os.path.join(TOP, 'tests', 'boots'))
        deps = run.dependencies(b)
        names = {x['name']: i for i, x in enumerate(b)}
        self.assertEqual(deps[names['imx-report-gates']],
                         {names['imx-gates-base'], names['imx-auto-gates']})


class PristineTest(unittest.TestCase):
    """An automatic boot against pristine 6.12's boot of its board: which
    one (boots.pristine_of), and the check of their kernels' error and
    warning lines (ktap.quiet_cases)."""
    TABLE = '''
scenario base-h3 arm32-base orangepi-pc - bc.scenario=g
scenario base-dies arm32-base zynq - bc.scenario=g bc.console-dies
scenario base-dt arm32-base sabrelite tests/dt/x.dtsi bc.scenario=g
scenario base arm32-base sabrelite - bc.scenario=g
scenario auto arm32 sabrelite - bc.scenario=g boot_constraints=auto
scenario auto-dt arm32 sabrelite tests/dt/x.dtsi boot_constraints=auto
scenario auto-zynq arm32 zynq - boot_constraints=auto
scenario plain arm32 sabrelite - bc.scenario=g
scenario base-w arm32-base sabrelite - bc.scenario=w
scenario auto-w arm32 sabrelite - bc.scenario=w bc_test.no_table boot_constraints=auto
scenario auto-c arm32 sabrelite - bc.scenario=w bc.compare=base:k boot_constraints=auto
'''

    def test_the_pristine_boot_of_the_same_board(self):
        b = table(self.TABLE)
        self.assertEqual([boots.pristine_of(b, x) for x in b],
                         [None, None, None, None, 'base', 'base-dt', None,
                          None, None, 'base-w', 'base'])

    def test_a_subset_boots_the_pristine_one_too(self):
        opt = mock.Mock(table=None, boots=['auto-dt'], kernel_dir=None,
                        initramfs=None)
        with mock.patch.object(boots, 'read',
                               lambda path: table(self.TABLE)):
            b = run.selected_boots(opt)
        self.assertEqual([x['name'] for x in b], ['base-dt', 'auto-dt'])
        self.assertEqual(run.dependencies(b), {0: set(), 1: {0}})

    def test_every_automatic_boot_of_the_table_has_its_pristine_one(self):
        b = boots.read(os.path.join(TOP, 'tests', 'boots'))
        auto = [x['name'] for x in b if boots.is_auto(x)
                and not boots.pristine_of(b, x)]
        self.assertEqual(auto, [])

    def test_new_errors_fail(self):
        base = ['[ 1.0] x', '# klog <3>[    1.0] sun4i: no panel',
                '# klog end 1']
        mine = ['# klog <3>[    1.2] sun4i: no panel',
                '# klog <4>[    9.0] boot_constraint: deadline: releasing '
                '3 resources held automatically for 2 devices whose driver '
                'did not probe (list in debugfs)',
                '[ 2.0] # klog <3>[    2.0] ccu: rejected',
                '# klog end 3']
        logs = {'base': base}
        self.assertEqual(ktap.quiet_cases('base', base, logs.get),
                         [('no-errors-beyond-base', True,
                           '1 error and warning lines, none new')])
        self.assertEqual(ktap.quiet_cases('base', mine, logs.get),
                         [('no-errors-beyond-base', False,
                           'new here: ccu: rejected')])
        self.assertEqual(ktap.quiet_cases(None, mine, logs.get), [])

    def test_no_list_fails(self):
        logs = {'base': ['# klog end 0'], 'dead': ['[ 1.0] x']}
        self.assertFalse(ktap.quiet_cases('dead', ['# klog end 0'],
                                          logs.get)[0][1])
        self.assertFalse(ktap.quiet_cases('base', ['x'], logs.get)[0][1])
        self.assertFalse(ktap.quiet_cases('gone', ['# klog end 0'],
                                          logs.get)[0][1])

    def test_a_list_that_lost_lines_fails(self):
        # /dev/kmsg refuses a write of more than one record's length
        logs = {'base': ['# klog end 0']}
        self.assertEqual(ktap.quiet_cases('base', ['# klog end 5'], logs.get),
                         [('no-errors-beyond-base', False,
                           'no kernel log listed by this boot')])


class RunTest(unittest.TestCase):
    """A run's report of its boots (run.Run), each boot's console given
    by a fake qemu.boot_one()."""
    CONSOLES = {
        'base': ['KTAP version 1', '1..1', 'ok 1 - dt', '# compare end: 5'],
        'held': ['KTAP version 1', '1..2', 'ok 1 - dt # SKIP no clock',
                 'not ok 2 - uart', '# compare end: 6'],
    }
    TABLE = ('base arm64 virt - bc.scenario=g\n'
             'held arm64 virt - bc.scenario=g bc.compare=base:end '
             'bc.compare=gone:end\n')

    def fake_boot(self, b, timeout, console):
        return [], ['WARNING: here'] if b['name'] == 'held' else [], \
            list(self.CONSOLES[b['name']]), []

    def run_boots(self, logs):
        b = table(self.TABLE)
        runner = run.Run(b, logs, 5, False)
        out = io.StringIO()
        with mock.patch.object(qemu, 'boot_one', self.fake_boot), \
                contextlib.redirect_stdout(out):
            run.schedule(len(b), 1, run.dependencies(b), runner.boot,
                         runner.report)
            status = runner.summary()
        return status, [line for line in out.getvalue().splitlines()
                        if not line.startswith('# boot ')]

    def test_cases_checks_and_comparisons(self):
        with tempfile.TemporaryDirectory() as logs:
            # gone's console is its log of an earlier run
            with open(os.path.join(logs, 'gone.log'), 'w') as f:
                f.write('# compare end: 6\n')
            status, lines = self.run_boots(logs)
            with open(os.path.join(logs, 'held.log')) as f:
                self.assertEqual(f.read().split('\n')[:-1],
                                 self.CONSOLES['held'])
        self.assertEqual(lines, [
            'ok - base.dt',
            'ok - base.booted-cleanly',
            'ok - base.no-kernel-reports',
            'ok - held.dt # SKIP no clock',
            'not ok - held.uart',
            'not ok - held.same-end-as-base',
            '#   "6" here, "5" there',
            'ok - held.same-end-as-gone',
            '#   "6" here, "6" there',
            'ok - held.booted-cleanly',
            'not ok - held.no-kernel-reports',
            '#   WARNING: here',
            '5 passed, 3 failed, 1 skipped'])
        self.assertEqual(status, 1)

    def test_no_console_to_compare_with(self):
        with tempfile.TemporaryDirectory() as logs:
            status, lines = self.run_boots(logs)
        self.assertIn('#   bc.compare=gone:end: no console of boot gone',
                      lines)
        self.assertEqual(status, 1)


class DiffRunTest(RunTest):
    """bc.diff= in a run: after the boot it diffs with, each key one
    check, each difference one line of its details."""
    CONSOLES = {
        'base': ['KTAP version 1', '1..1', 'ok 1 - dt',
                 '# state clk a rate=1', '# state-count clk 1'],
        'held': ['KTAP version 1', '1..1', 'ok 1 - dt',
                 '# state clk a rate=2', '# state-count clk 1'],
    }
    TABLE = ('held arm64 virt - bc.scenario=g bc.diff=base\n'
             'base arm64 virt - bc.scenario=g\n')

    def fake_boot(self, b, timeout, console):
        return [], [], list(self.CONSOLES[b['name']]), []

    def test_cases_checks_and_comparisons(self):
        with tempfile.TemporaryDirectory() as logs:
            status, lines = self.run_boots(logs)
        self.assertEqual(lines[:4], [
            'ok - held.dt',
            'not ok - held.state-clk-as-base',
            '#   clk: 1 objects here, 1 there, 1 differences, 0 allowed',
            '#     DIFFERS clk a rate: 1 there, 2 here'])
        self.assertEqual(status, 1)

    def test_no_console_to_compare_with(self):
        self.TABLE = 'held arm64 virt - bc.scenario=g bc.diff=gone\n'
        with tempfile.TemporaryDirectory() as logs:
            status, lines = self.run_boots(logs)
        self.assertIn('not ok - held.state-as-gone', lines)
        self.assertIn('#   bc.diff=gone: no console of boot gone', lines)
        self.assertEqual(status, 1)


if __name__ == '__main__':
    unittest.main()
