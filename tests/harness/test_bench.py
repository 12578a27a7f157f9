#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tests of make bench's generated trees and their checks
(make check-harness)."""

import os
import sys
import unittest

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, 'scripts'))
from bctest import bench_boot, bench_figures, bench_trees  # noqa: E402


class AutoWorkloadTest(unittest.TestCase):
    def test_every_device_names_its_own_clock(self):
        devs = bench_trees.auto_tree(1000)
        clocks = [d['clk'][:2] for d in devs]
        self.assertEqual(len(set(clocks)), 1000)
        self.assertTrue(all(i < bench_trees.CLOCKS_PER_PROVIDER for _, i in clocks))

    def test_fractions(self):
        devs = bench_trees.auto_tree(5000)
        self.assertEqual(sum(d['clk'][2] for d in devs), 500)
        self.assertEqual(sum(d['reg'] is not None for d in devs), 500)
        self.assertEqual(sum(d['dom'] is not None for d in devs), 500)
        # Every regulator and domain has consumers, on and off ones alike
        self.assertEqual({d['reg'] for d in devs} - {None},
                         set(range(bench_trees.AUTO_PROVIDERS)))
        self.assertEqual({d['dom'] for d in devs} - {None},
                         set(range(bench_trees.AUTO_PROVIDERS)))

    def test_expected_counts(self):
        exp = bench_trees.auto_expected(bench_trees.auto_tree(5000))
        self.assertEqual(exp, {'added': 6000, 'held': 1000, 'off': 5000,
                               'clocks_on': 500})

    def test_a_boot_that_held_an_off_resource_fails(self):
        exp = bench_trees.auto_expected(bench_trees.auto_tree(100))
        good = {'clocks_on': exp['clocks_on'], 'constraints': exp['added'],
                'auto_off': exp['off'], 'held_constraints': exp['held'],
                'auto_held_at_probe': exp['clocks_on']}
        self.assertEqual(bench_figures.auto_problems(good, exp, 'auto'), [])
        bad = dict(good, auto_off=exp['off'] - 1,
                   held_constraints=exp['held'] + 1)
        self.assertEqual(bench_figures.auto_problems(bad, exp, 'auto'),
                         ['auto_off %d, not %d' % (exp['off'] - 1, exp['off'])])
        # The machine's own devices' constraints, beside the tree's, each
        # found off or held
        machine = dict(good, constraints=exp['added'] + 5,
                       auto_off=exp['off'] + 4,
                       held_constraints=exp['held'] + 1)
        self.assertEqual(bench_figures.auto_problems(machine, exp, 'auto'), [])
        self.assertEqual(machine['machine'], 5)
        uncounted = dict(machine, auto_off=exp['off'] + 3)
        self.assertEqual(bench_figures.auto_problems(uncounted, exp, 'auto'),
                         ['machine_found 4, not 5'])
        lost = dict(good, constraints=exp['added'] - 1)
        self.assertEqual(bench_figures.auto_problems(lost, exp, 'auto'),
                         ['constraints %d, not %d' % (exp['added'] - 1, exp['added'])])
        off = dict(good, constraints=0, auto_off=0, auto_held_at_probe=0)
        self.assertEqual(bench_figures.auto_problems(off, exp, 'a'), [])

    def test_ways_share_one_command_line_length(self):
        lengths = {len(' '.join(bench_boot.padded(bench_boot.WAYS[w])))
                   for w in bench_boot.WAYS}
        self.assertEqual(len(lengths), 1)


if __name__ == '__main__':
    unittest.main()
