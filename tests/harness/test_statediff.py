#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tests of the end state's diff (scripts/bctest/statediff.py): a boot's
"# state" lines against another boot's, the allow list and its reasons,
the end-state kind of the boot table, and the guest's dump
(tests/guest/scenarios/state-lib.sh) on debugfs files as 6.12 prints them,
run by the host's awk (make check-harness)."""

import os
import subprocess
import sys
import tempfile
import unittest

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, 'scripts'))
from bctest import HarnessError, boots, run, statediff  # noqa: E402

LIB = os.path.join(TOP, 'tests', 'guest', 'scenarios', 'state-lib.sh')

BASE = '''\
[   40.100000]     # state clk osc parent=- enable=2 rate=24000000 hw=Y
[   40.100000]     # state clk uart parent=osc enable=1 rate=80000000 hw=Y
[   40.100000]     # state-count clk 2
[   40.100000]     # state drivers platform/imx-uart/21e8000.serial
[   40.100000]     # state-count drivers 1
'''.split('\n')


def console(*changes, base=BASE):
    """BASE with each (old, new) replaced."""
    text = '\n'.join(base)
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new)
    return text.split('\n')


def cases(mine, theirs, allow='', boot='end-state-x', other='end-state-x-base'):
    consoles = {other: theirs}
    return statediff.diff_cases(boot, 'bc.scenario=end-state bc.diff=' + other,
                                mine, consoles.get,
                                statediff.Allow.parse(allow.splitlines()))


class Diff(unittest.TestCase):
    def test_the_same_state_passes_each_key(self):
        got = cases(BASE, BASE)
        self.assertEqual([(n, ok) for n, ok, _ in got],
                         [('state-clk-as-end-state-x-base', True),
                          ('state-drivers-as-end-state-x-base', True)])
        self.assertIn('clk: 2 objects here, 2 there, 0 differences',
                      got[0][2])

    def test_order_and_timestamps_do_not_matter(self):
        mine = [BASE[1].replace('40.1', '41.7'), BASE[0]] + BASE[2:]
        self.assertTrue(all(ok for _, ok, _ in cases(mine, BASE)))

    def test_a_field_that_differs_fails_and_names_both_values(self):
        mine = console(('rate=80000000', 'rate=40000000'))
        (name, ok, detail), drivers = cases(mine, BASE)
        self.assertFalse(ok)
        self.assertTrue(drivers[1])
        self.assertIn('DIFFERS clk uart rate: 80000000 there, 40000000 here',
                      detail)

    def test_an_object_in_one_boot_only(self):
        mine = console(('platform/imx-uart/21e8000.serial',
                        'platform/imx-uart/21f0000.serial'))
        detail = cases(mine, BASE)[1][2]
        self.assertIn('DIFFERS drivers platform/imx-uart/21e8000.serial '
                      'present: yes there, no here', detail)
        self.assertIn('DIFFERS drivers platform/imx-uart/21f0000.serial '
                      'present: no there, yes here', detail)

    def test_a_field_one_side_lacks(self):
        mine = console(('hw=Y\n', 'hw=Y users=a:b\n'))
        detail = cases(mine, BASE)[0][2]
        self.assertIn('DIFFERS clk osc users: (none) there, a:b here', detail)

    def test_the_allow_list_excuses_with_its_reason(self):
        mine = console(('rate=80000000', 'rate=40000000'))
        allow = 'end-state-* clk ua.* rate the reason why\n'
        ok, detail = cases(mine, BASE, allow)[0][1:]
        self.assertTrue(ok)
        self.assertIn('allowed clk uart rate: 80000000 there, 40000000 '
                      'here (the reason why)', detail)
        self.assertIn('1 differences, 1 allowed', detail)

    def test_an_entry_excuses_only_its_boots_key_object_and_field(self):
        mine = console(('rate=80000000', 'rate=40000000'))
        for allow in ('other-* clk uart rate r',      # another boot
                      'end-state-* regulator uart rate r',    # key
                      'end-state-* clk uar rate r',   # the whole ID only
                      'end-state-* clk uart enable r',        # field
                      'end-state-* clk uart present r'):
            self.assertFalse(cases(mine, BASE, allow)[0][1], allow)
        self.assertTrue(cases(mine, BASE, 'end-state-x clk uart * r')[0][1])

    def test_a_dump_cut_short_fails(self):
        mine = [ln for ln in BASE if 'clk uart' not in ln]
        ok, detail = cases(mine, BASE)[0][1:]
        self.assertFalse(ok)
        self.assertIn('clk: here not whole (count 2/2, 1/2 objects)', detail)
        ok, detail = cases(BASE, mine)[0][1:]
        self.assertFalse(ok)
        self.assertIn('there not whole', detail)

    def test_a_key_of_one_boot_only_fails(self):
        mine = BASE + ['    # state-count genpd 0']
        got = cases(mine, BASE)
        self.assertEqual(got[2][:2], ('state-genpd-as-end-state-x-base',
                                      False))
        # A key with no object on both sides passes.
        self.assertTrue(cases(mine, mine)[2][1])

    def test_no_console_or_no_state_fails(self):
        self.assertEqual(cases(BASE, None)[0][:2],
                         ('state-as-end-state-x-base', False))
        name, ok, detail = cases(['no state'], ['none either'])[0]
        self.assertFalse(ok)
        self.assertIn('no "# state-count" line', detail)

    def test_no_diff_argument_no_case(self):
        self.assertEqual(statediff.diff_cases('b', 'bc.compare=a:k', BASE,
                                              lambda n: BASE,
                                              statediff.Allow()), [])


class AllowList(unittest.TestCase):
    def test_an_entry_without_a_reason_is_refused(self):
        with self.assertRaisesRegex(HarnessError, 'x:2: want BOOTS KEY ID'):
            statediff.Allow.parse(['# comment', 'b clk id rate  '], 'x')

    def test_a_bad_expression_is_refused(self):
        with self.assertRaisesRegex(HarnessError, 'x:1: a\\(:'):
            statediff.Allow.parse(['b clk a( rate why'], 'x')

    def test_the_repository_allow_list(self):
        allow = statediff.Allow.read(run.ALLOW)
        for b, key, _, field, why in allow.entries:
            self.assertIn(key, ('clk', 'regulator', 'genpd', 'drivers',
                                'log'))
            self.assertTrue(why)
        # auto's summary at the deadline (deadline.c), as state_log
        # encodes it: excused in auto mode, not in the default mode.
        summary = ('boot_constraint:_deadline:_releasing_81_resources_held_'
                   'automatically_for_36_devices_whose_driver_did_not_'
                   'probe_(list_in_debugfs)')
        self.assertTrue(allow.reason('end-state-imx6q-auto', 'log', summary,
                                     'present'))
        self.assertIsNone(allow.reason('end-state-imx6q', 'log', summary,
                                       'present'))


class EndStateKind(unittest.TestCase):
    def test_three_boots_against_pristine(self):
        got = boots.parse(['end-state es arm32 zynq - bc.load=4'])
        self.assertEqual([(b['name'], b['arch']) for b in got],
                         [('es-base', 'arm32-base'), ('es', 'arm32'),
                          ('es-auto', 'arm32')])
        common = 'kunit.enable=0 bc.load=4 bc.scenario=end-state'
        self.assertEqual([b['args'] for b in got],
                         [common, common + ' bc.diff=es-base',
                          common + ' boot_constraints=auto bc.diff=es-base'])
        self.assertEqual(run.dependencies(got), {0: set(), 1: {0}, 2: {0}})

    def test_errors(self):
        for line, error in (
                ('end-state e arm32-nomod zynq -', 'pristine arch'),
                ('end-state e arm32 zynq - boot_constraints=off', 'of its own'),
                ('end-state e arm32 zynq - bc.scenario=x', 'of its own')):
            with self.assertRaisesRegex(HarnessError, error):
                boots.parse([line])


def clk_line(level, name, counts, rate, hw, users):
    """A clock of clk_summary as 6.12's clk_summary_show_one() prints it."""
    s = '%*s%-*s %-7d %-8d %-8d %-11d %-10d ' % ((level * 3 + 1, '',
                                                35 - level * 3, name) +
                                               counts + (rate, 0))
    s += '%-5d %-6d %5s ' % (0, 50000, hw)
    for i, (dev, con) in enumerate(users):
        s += '%*s%-*s  %-25s\n' % (level * 3 + 2 + 105 * (i > 0), '', 30,
                                   dev, con)
    return s


def reg_line(level, name, use, voltage, limits=None):
    """A regulator of regulator_summary (regulator_summary_show_subtree)."""
    s = '%*s%-*s %3d %4d %6d %7s ' % (level * 3 + 1, '', 30 - level * 3,
                                      name, use, 1, 0, 'unknown')
    s += '%5dmV %5dmA ' % (voltage, 0)
    if limits:
        s += '%5dmV %5dmV ' % limits
    return s + '\n'


def consumer_line(level, name, enabled, load, limits):
    return ('%*s%-*s ' % ((level + 1) * 3 + 1, '', 30 - (level + 1) * 3,
                          name) +
            '%3d %33dmA%c%5dmV %5dmV\n' % ((enabled, load,
                                             '*' if load and not enabled
                                             else ' ') + limits))


DEBUGFS = {
    'clk/clk_summary':
        ' ' * 33 + 'enable  prepare  protect ...\n   clock ...\n' + '-' * 141 +
        '\n' +
        clk_line(0, 'osc', (2, 2, 0), 24000000, 'Y',
                 [('deviceless', 'no_connection_id')]) +
        clk_line(1, 'pll3', (1, 1, 1), 480000000, 'Y',
                 [('deviceless', 'no_connection_id'), ('lcd', 'pix'),
                  ('deviceless', 'of_clk')]) +
        clk_line(2, 'uart', (0, 0, 0), 80000000, 'N',
                 [('deviceless', 'no_connection_id')]) +
        clk_line(1, 'pll2', (0, 0, 0), 528000000, '?',
                 [('deviceless', 'no_connection_id')]),
    'regulator/regulator_summary':
        ' regulator   use open bypass  opmode voltage current     min     max\n'
        + '-' * 87 + '\n' +
        reg_line(0, 'vcc', 2, 3300, (3300, 3300)) +
        consumer_line(0, 'lcd-vdd', 1, 0, (3300, 3300)) +
        consumer_line(0, 'lcd-vdd', 0, 5, (3000, 3600)) +
        reg_line(1, 'v1v8', 1, 1800) +
        consumer_line(1, 'mmc-vmmc', 1, 0, (1800, 1800)),
    'pm_genpd/pm_genpd_summary':
        'domain  status  children  performance\n    /device  runtime status\n'
        + '-' * 78 + '\n' +
        '%-30s  %-30s  %u' % ('PU', 'off-0', 0) + '\n%48s' % ' ' + 'gpu, vpu' +
        '\n    %-30s  %-26s  %-10u  %2s' % ('130000.gpu', 'suspended', 0, 'SW') +
        '\n' + '%-30s  %-30s  %u' % ('ARM', 'on', 2) + '\n',
}

DMESG = ('<4>[    1.234567] foo: bar 0x1f at 12\n<6>[    1.3] info\n'
         '<12>[    2.0] user space at warning\n<3>[    3.0] err  twice\n'
         '<3>[    3.1] err  twice\n')


class GuestDump(unittest.TestCase):
    """state-lib.sh's parsing of 6.12's debugfs files, by the host's
    sh and awk (the guest's are busybox's: the boots run those)."""

    def dump(self, fn):
        with tempfile.TemporaryDirectory() as d:
            for path, text in DEBUGFS.items():
                os.makedirs(os.path.join(d, os.path.dirname(path)),
                            exist_ok=True)
                with open(os.path.join(d, path), 'w') as f:
                    f.write(text)
            with open(os.path.join(d, 'dmesg'), 'w') as f:
                f.write(DMESG)
            script = ('STATE_DEBUG=%s; . %s; dmesg() { cat %s/dmesg; }; %s' %
                      (d, LIB, d, fn))
            out = subprocess.run(['sh', '-c', script], check=True,
                                 capture_output=True, text=True).stdout
        return [ln.strip() for ln in out.splitlines()]

    def test_clocks_with_parents_and_sorted_users(self):
        self.assertEqual(self.dump('state_clk'), [
            '# state clk osc parent=- enable=2 prepare=2 protect=0 '
            'rate=24000000 hw=Y users=deviceless:no_connection_id',
            '# state clk pll3 parent=osc enable=1 prepare=1 protect=1 '
            'rate=480000000 hw=Y users=deviceless:no_connection_id,'
            'deviceless:of_clk,lcd:pix',
            '# state clk uart parent=pll3 enable=0 prepare=0 protect=0 '
            'rate=80000000 hw=N users=deviceless:no_connection_id',
            '# state clk pll2 parent=osc enable=0 prepare=0 protect=0 '
            'rate=528000000 hw=? users=deviceless:no_connection_id'])

    def test_regulators_their_supplies_and_consumers(self):
        self.assertEqual(self.dump('state_regulator'), [
            '# state regulator vcc supply=- use=2 open=1 bypass=0 '
            'mode=unknown voltage=3300mV current=0mA min=3300mV max=3300mV',
            '# state regulator vcc>lcd-vdd enable=1 load=0mA min=3300mV '
            'max=3300mV',
            '# state regulator vcc>lcd-vdd#2 enable=0 load=5mA* min=3000mV '
            'max=3600mV',
            '# state regulator v1v8 supply=vcc use=1 open=1 bypass=0 '
            'mode=unknown voltage=1800mV current=0mA',
            '# state regulator v1v8>mmc-vmmc enable=1 load=0mA min=1800mV '
            'max=1800mV'])

    def test_domains_subdomains_and_devices(self):
        self.assertEqual(self.dump('state_genpd'), [
            '# state genpd PU>130000.gpu runtime=suspended perf=0',
            '# state genpd PU status=off-0 perf=0 children=gpu,vpu',
            '# state genpd ARM status=on perf=2 children=-'])

    def test_the_kernels_warnings_only(self):
        self.assertEqual(self.dump('state_log'), [
            '# state log foo:_bar_0x#_at_12',
            '# state log err_twice',
            '# state log err_twice#2'])

    def test_the_dump_is_what_the_runner_reads(self):
        lines = self.dump('state_dump')
        dump = statediff.Dump(lines)
        self.assertEqual(dump.counts, {'clk': 4, 'regulator': 5, 'genpd': 3,
                                       'drivers': len(dump.objects['drivers']),
                                       'log': 3})
        self.assertTrue(all(dump.whole(k) for k in dump.counts))
        self.assertEqual(dump.objects['clk']['uart'],
                         {'parent': 'pll3', 'enable': '0', 'prepare': '0',
                          'protect': '0', 'rate': '80000000', 'hw': 'N',
                          'users': 'deviceless:no_connection_id'})


if __name__ == '__main__':
    unittest.main()
