#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tests of make bench's generated trees and their checks
(make check-harness)."""

import os
import sys
import unittest

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, 'scripts'))
from bctest import bench  # noqa: E402


class AutoWorkloadTest(unittest.TestCase):
    def test_every_device_names_its_own_clock(self):
        devs = bench.auto_tree(1000)
        clocks = [d['clk'][:2] for d in devs]
        self.assertEqual(len(set(clocks)), 1000)
        self.assertTrue(all(i < bench.CLOCKS_PER_PROVIDER for _, i in clocks))

    def test_fractions(self):
        devs = bench.auto_tree(5000)
        self.assertEqual(sum(d['clk'][2] for d in devs), 500)
        self.assertEqual(sum(d['reg'] is not None for d in devs), 500)
        self.assertEqual(sum(d['dom'] is not None for d in devs), 500)
        # Every regulator and domain has consumers, on and off ones alike
        self.assertEqual({d['reg'] for d in devs} - {None},
                         set(range(bench.AUTO_PROVIDERS)))
        self.assertEqual({d['dom'] for d in devs} - {None},
                         set(range(bench.AUTO_PROVIDERS)))

    def test_expected_counts(self):
        exp = bench.auto_expected(bench.auto_tree(5000))
        self.assertEqual(exp, {'added': 6000, 'held': 1000, 'off': 5000,
                               'clocks_on': 500})

    def test_a_boot_that_held_an_off_resource_fails(self):
        exp = bench.auto_expected(bench.auto_tree(100))
        good = {'clocks_on': exp['clocks_on'], 'constraints': exp['added'],
                'auto_off': exp['off'], 'held_constraints': exp['held'],
                'auto_held_at_probe': exp['clocks_on']}
        self.assertEqual(bench.auto_problems(good, exp, 'auto'), [])
        bad = dict(good, auto_off=exp['off'] - 1,
                   held_constraints=exp['held'] + 1)
        self.assertEqual(bench.auto_problems(bad, exp, 'auto'),
                         ['auto_off %d, not %d' % (exp['off'] - 1, exp['off'])])
        # The machine's own devices' constraints, beside the tree's, each
        # found off or held
        machine = dict(good, constraints=exp['added'] + 5,
                       auto_off=exp['off'] + 4,
                       held_constraints=exp['held'] + 1)
        self.assertEqual(bench.auto_problems(machine, exp, 'auto'), [])
        self.assertEqual(machine['machine'], 5)
        uncounted = dict(machine, auto_off=exp['off'] + 3)
        self.assertEqual(bench.auto_problems(uncounted, exp, 'auto'),
                         ['machine_found 4, not 5'])
        lost = dict(good, constraints=exp['added'] - 1)
        self.assertEqual(bench.auto_problems(lost, exp, 'auto'),
                         ['constraints %d, not %d' % (exp['added'] - 1, exp['added'])])
        off = dict(good, constraints=0, auto_off=0, auto_held_at_probe=0)
        self.assertEqual(bench.auto_problems(off, exp, 'a'), [])

    def test_ways_share_one_command_line_length(self):
        lengths = {len(' '.join(bench.padded(bench.WAYS[w])))
                   for w in bench.WAYS}
        self.assertEqual(len(lengths), 1)


class AddCheckTest(unittest.TestCase):
    OFF = {'after_added_ns': 5, 'after_add_ns': 58384,
           'after_add_hooks_ns': 7024}

    def test_the_layout_of_a_new_device_does_not_fail(self):
        way = dict(self.OFF, after_add_ns=58448, after_add_hooks_ns=7088)
        self.assertTrue(bench.add_met(way, self.OFF))

    def test_a_hook_past_its_static_key_fails(self):
        way = dict(self.OFF, after_added_ns=15)
        self.assertFalse(bench.add_met(way, self.OFF))

    def test_a_hook_not_timed_fails(self):
        way = dict(self.OFF, after_added_ns=0)
        self.assertFalse(bench.add_met(way, self.OFF))


if __name__ == '__main__':
    unittest.main()
