#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tests of make demo's timeline, bctest.timeline (make check-harness)."""

import os
import sys
import unittest
import xml.etree.ElementTree as ET

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, 'scripts'))
from bctest import timeline  # noqa: E402

# A baseline boot's console, as lcd-mmc-lib.sh prints it.
LOG = """\
[    0.3] Run /init as init process
    # uptime at the count: 33.14 s
    # lcd glitch specs: gate:off vdd:off vdd:voltage:3300000:3300000
    # lcd glitches: 3 before its probe, 1 at or after it
    # lcd rate glitch specs: gate:rate:74000000:75000000
    # lcd rate glitches: 1 before its probe, 0 at or after it
    # 100 lcd held -517 -
    # 200 gate rate 50000000 mmc
    # 300 gate off 0 mmc
    # 400 vdd voltage 1800000 mmc
    # 500 vdd voltage 3300000 -
    # 600 lcd probe -517 -
    # 700 lcd probe 0 -
    # 800 vdd voltage 1200000 lcd
    # 900 gate rate 74500000 lcd
    # 950 gate rate 74000000 -
    # 1000 vdd voltage 1200000 -
    # 1100 vdd voltage 3300000 -
    # lcd clk pixel 74000000-75000000Hz released 0.000200 0.000900
"""


class TimelineTest(unittest.TestCase):
    def setUp(self):
        self.boot = timeline.Boot(LOG.splitlines())

    def test_read(self):
        self.assertEqual(len(self.boot.ops), 12)
        self.assertEqual(self.boot.ops[1], (200, 'gate', 'rate', 50000000, 'mmc'))
        self.assertEqual(self.boot.probe_ns(), 700)
        self.assertEqual(self.boot.released, [0.0009])
        self.assertEqual(self.boot.verdicts, {'': (3, 1), 'rate': (1, 0)})

    def test_glitches_by_the_guest_rule(self):
        marks, counts = timeline.marks(self.boot)
        # Before the probe: the MMC's rate, gate off and 1.8 V; after it,
        # the LCD's own 1.2 V and 74.5 MHz are its values from then on:
        # 3.3 V by someone else is one, 74 MHz too (not the LCD's).
        self.assertEqual(marks, [None, 'before', 'before', 'before', None,
                                 None, None, None, None, 'after', None,
                                 'after'])
        self.assertEqual(counts, {'': (2, 1), 'rate': (1, 1)})
        self.assertEqual(timeline.disagreements(self.boot), [
            'lcd: guest counted (3, 1), the timeline (2, 1)',
            'rate: guest counted (1, 0), the timeline (1, 1)'])

    def test_failed_probe_ends_the_count(self):
        ops = [(1, 'lcd', 'probe', -5, '-'), (2, 'gate', 'off', 0, 'mmc')]
        self.assertEqual(timeline.glitches(ops, ['gate:off']), [None, None])

    def test_peer_request_after_the_probe(self):
        # The MMC's 1.8 V waited while the LCD was held: applied at the
        # release, after the LCD's probe, it is no glitch; before the
        # probe it is one, and so it is once the LCD set its own voltage.
        specs = ['vdd:voltage:3300000:3300000:1800000:1800000']
        ops = [(1, 'vdd', 'voltage', 1800000, 'mmc'),
               (2, 'lcd', 'probe', 0, '-'),
               (3, 'vdd', 'voltage', 1800000, '-'),
               (4, 'vdd', 'voltage', 1200000, '-')]
        self.assertEqual(timeline.glitches(ops, specs),
                         ['before', None, None, 'after'])
        ops = [(1, 'lcd', 'probe', 0, '-'),
               (2, 'vdd', 'voltage', 3300000, 'lcd'),
               (3, 'vdd', 'voltage', 1800000, '-')]
        self.assertEqual(timeline.glitches(ops, specs), [None, None, 'after'])

    def test_ends(self):
        self.assertEqual(timeline.ends(self.boot), 'vdd 3.30 V')

    def test_svg(self):
        doc = ET.fromstring(timeline.svg([self.boot, self.boot], ['a', 'b']))
        texts = [t.text for t in doc.iter('{http://www.w3.org/2000/svg}text')]
        self.assertIn('gate (clock)', texts)
        self.assertIn('vdd (supply)', texts)
        self.assertIn('LCD probe 0.000 s', texts)
        self.assertEqual(texts.count('3 glitches before the LCD\'s probe, '
                                     '2 at or after it'), 2)


if __name__ == '__main__':
    unittest.main()
