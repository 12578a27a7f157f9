#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tests of make demo-uboot's timeline, bctest.uboot_timeline (make
check-harness)."""

import os
import sys
import unittest
import xml.etree.ElementTree as ET

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, 'scripts'))
from bctest import uboot_timeline as ut  # noqa: E402

# Three boots as uboot-end-state.sh prints them, cut down: the console's
# gate taken over by 8250_dw, MMC0's held until the deadline, MMC1's (no
# device) swept, and a PLL the kernel keeps on anyway.
OURS = """\
[    0.000000] Kernel command line: console=ttyS0 boot_constraints=auto boot_constraints.timeout=10
[    0.900000] clk: Disabling unused clocks
    # tl init 2000000000
    # tl clk init pll-periph0 3 Y
    # tl clk init bus-uart0 1 Y 1c28000.serial:no_connection_id
    # tl clk init bus-mmc0 1 Y 1c0f000.mmc:ahb
    # tl clk end pll-periph0 2 Y
    # tl clk end bus-uart0 1 Y 1c28000.serial:no_connection_id
    # tl bound 1c28000.serial 8250_dw 4800000000 7000000000
    # tl bc # deadline 11.360000
    # tl bc # device type resource parameters state applied released
    # tl bc 1c20800.pinctrl clk apb auto 100000000-100000000Hz released 0.668392 0.846484
    # tl bc 1c20800.pinctrl clk losc auto 500000-500000Hz failed(-22) - -
    # tl bc 1c28000.serial clk (default) auto 24000000-24000000Hz released 0.550000 %(uart)s
    # tl bc 1c28000.serial reset (default) auto - released 0.550000 4.900000
    # tl bc 1c0f000.mmc clk ahb auto 200000000-200000000Hz expired 0.540000 11.365000
    # tl bc 1100000.mixer clk bus auto - expired - 11.364811
    # timeline verdict: 4 held, 2 taken over, 1 at the deadline, 0 early, 0 left, hold after takeover %(hold)s ns
    # tl end 16000000000
"""
PRISTINE = """\
[    1.340000] clk: Disabling unused clocks
    # tl clk init pll-periph0 2 Y
    # tl clk end pll-periph0 2 Y
    # tl clk end bus-uart0 1 Y 1c28000.serial:no_connection_id
    # tl bound 1c28000.serial 8250_dw 4200000000 13400000000
    # tl end 16500000000
"""
IGNORE = """\
[    0.970000] clk: Not disabling unused clocks
    # tl clk init pll-periph0 2 Y
    # tl clk init bus-uart0 0 Y
    # tl clk init bus-mmc0 0 Y
    # tl clk init bus-mmc1 0 Y
    # tl clk end pll-periph0 2 Y
    # tl clk end bus-uart0 1 Y 1c28000.serial:no_connection_id
    # tl clk end bus-mmc0 0 Y
    # tl clk end bus-mmc1 0 Y
    # tl bound 1c28000.serial 8250_dw 4400000000 12300000000
    # tl end 16700000000
"""


def boots(uart='4.900000', hold='0', ours=OURS):
    return [ut.Boot(t.splitlines()) for t in
            (ours % {'uart': uart, 'hold': hold}, PRISTINE, IGNORE)]


class UbootTimelineTest(unittest.TestCase):
    def test_read(self):
        ours, pristine, ignore = boots()
        self.assertEqual(ours.sweep, 0.9)
        self.assertIsNone(ignore.sweep)
        self.assertEqual(ours.deadline, 11.36)
        self.assertEqual(ours.timeout, 10)
        self.assertEqual(ours.bound['1c28000.serial'], ('8250_dw', 4.8, 7.0))
        self.assertEqual(len(ours.constraints), 6)
        self.assertEqual(ours.verdict, (4, 2, 1, 0, 0, 0))
        self.assertEqual(ut.verdict(ours), ours.verdict)

    def test_rows_and_lanes(self):
        rs, _ = ut.lanes(*boots())
        # On with clk_ignore_unused, off without: not the PLL
        self.assertEqual([r.clock for r in rs], ['bus-uart0', 'bus-mmc0',
                                                 'bus-mmc1'])
        uart, mmc0, mmc1 = rs
        self.assertEqual(uart.devices, ['1c28000.serial'])
        self.assertEqual(uart.hold_after, 0)
        self.assertEqual(uart.glitch, (1.34, 4.2))
        self.assertEqual([s for *_, s in uart.lanes['ours']],
                         ['on', 'held', 'on'])
        self.assertEqual(uart.lanes['ignore'][-1][2], 'on')
        self.assertEqual(mmc0.lanes['ours'][-1][2], 'off')
        self.assertEqual(mmc0.lanes['ignore'][-1][2], 'nothing')
        self.assertEqual([s for *_, s in mmc1.lanes['ours']], ['on', 'off'])
        self.assertEqual(ut.disagreements(*boots()), [])

    def test_hold_after_takeover(self):
        # Released at the deadline although 8250_dw took it over by 7 s
        bad = ut.disagreements(*boots(uart='11.360000', hold='0'))
        self.assertIn('ours: guest counted (4, 2, 1, 0, 0, 0), the timeline '
                      '(4, 2, 1, 0, 0, 4360000000)', bad)
        self.assertIn('ours: bus-uart0 held 4360000000 ns after its driver '
                      'took it over', bad)

    def test_released_before_its_driver(self):
        bad = ut.disagreements(*boots(uart='1.000000', hold='0'))
        self.assertIn('ours: guest counted (4, 2, 1, 0, 0, 0), the timeline '
                      '(4, 2, 1, 1, 0, 0)', bad)
        self.assertIn('ours: 1 constraints released early, 0 left', bad)

    def test_deadline_too_early(self):
        # MMC0's released at 5 s: before boot_constraints.timeout=10 could
        # have passed, whatever debugfs says the deadline was
        ours = OURS.replace('11.365000', '5.000000').replace(
            'deadline 11.360000', 'deadline 4.990000')
        bad = ut.disagreements(*boots(ours=ours))
        self.assertIn('ours: 1 constraints released early, 0 left', bad)

    def test_end_state_disagrees(self):
        # The guest read bus-mmc0 on at the end, the timeline says off
        ours = OURS.replace('    # tl bound', '    # tl clk end bus-mmc0 1 Y\n'
                            '    # tl bound')
        self.assertIn('ours: bus-mmc0 ends off in the timeline, on in the '
                      'guest', ut.disagreements(*boots(ours=ours)))

    def test_device_without_unit_address(self):
        # A device named without a unit address (i.MX's "ldb") holds a clock
        ours = OURS.replace('1c28000.serial', 'ldb')
        text = '\n'.join(ut.text(*boots(ours=ours)))
        self.assertIn('ldb:(default)', text)

    def test_svg(self):
        root = ET.fromstring(ut.svg(*boots()).split('\n', 1)[1])
        self.assertTrue(root.tag.endswith('svg'))
        self.assertIn('bus-uart0', ut.svg(*boots()))


if __name__ == '__main__':
    unittest.main()
