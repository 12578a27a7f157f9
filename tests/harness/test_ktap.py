#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tests of the harness's KTAP parser, bctest.ktap (make check-harness)."""

import os
import sys
import unittest

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, 'scripts'))
from bctest import ktap as rt  # noqa: E402

KUNIT = """\
[    0.1] KTAP version 1
[    0.1] 1..3
[    0.1]     KTAP version 1
[    0.1]     # Subtest: example
[    0.1]     # module: example
[    0.1]     1..3
[    0.1]     ok 1 example_simple_test
[    0.1]         KTAP version 1
[    0.1]         # Subtest: example_params_test
[    0.1]         ok 1 example value 3
[    0.1]         ok 2 example value 2 # SKIP unsupported
[    0.1]         not ok 3 example value 1
[    0.1]     # example_params_test: pass:1 fail:1 skip:1 total:3
[    0.1]     not ok 2 example_params_test
[    0.1]     ok 3 example_skip # SKIP nope
[    0.1] # example: pass:1 fail:1 skip:1 total:3
[    0.1] not ok 1 example
[    0.1]     # Subtest: initfail
[    0.1]     1..2
[    0.1] not ok 2 initfail
[    0.1]     # Subtest: crashy
[    0.1]     1..2
[    0.1]     ok 1 first
[    0.1] Unable to handle kernel NULL pointer dereference
"""

SCENARIO = """\
[    0.3] Run /init as init process
KTAP version 1
1..1
    KTAP version 1
    # Subtest: smoke
    1..2
    ok 1 dt-compatible
    # CCGR5=0xFF030F0F
    not ok 2 uart-bound
not ok 1 smoke
BC-GUEST-END
"""


def parse(text):
    return rt.cases(text.splitlines())


class KtapTest(unittest.TestCase):
    def test_kunit(self):
        self.assertEqual(parse(KUNIT), [
            ('example.example_simple_test', 'ok', ''),
            ('example.example_params_test.example value 3', 'ok', ''),
            ('example.example_params_test.example value 2', 'skip',
             'SKIP unsupported'),
            ('example.example_params_test.example value 1', 'fail', ''),
            ('example.example_skip', 'skip', 'SKIP nope'),
            ('initfail', 'fail', ''),
            ('crashy.first', 'ok', ''),
            ('crashy.incomplete', 'fail', '1 of 2 results missing'),
            ('incomplete', 'fail', '1 of 3 results missing'),
        ])

    def test_scenario(self):
        self.assertEqual(parse(SCENARIO), [
            ('smoke.dt-compatible', 'ok', ''),
            ('smoke.uart-bound', 'fail', ''),
        ])

    def test_two_documents(self):
        cases = parse(KUNIT.split('[    0.1] Unable')[0] + SCENARIO)
        self.assertIn(('smoke.uart-bound', 'fail', ''), cases)
        self.assertIn(('crashy.incomplete', 'fail', '1 of 2 results missing'),
                      cases)

    def test_no_ktap(self):
        self.assertEqual(parse('ok 1 not in a KTAP document\n'), [])

    def test_splat(self):
        for line in ['[    1.0] WARNING: CPU: 0 PID: 1 at x.c:1 f+0x0/0x4',
                     '[    1.0] BUG: KASAN: slab-out-of-bounds in f',
                     '[    1.0] WARNING: possible circular locking dependency detected',
                     '[    1.0] Unable to handle kernel paging request',
                     '[    1.0] UBSAN: array-index-out-of-bounds in x.c:1:2',
                     '[    1.0] ODEBUG: free active (active state 0) object: x',
                     '[    1.0] kmemleak: 2 new suspected memory leaks (see /sys/kernel/debug/kmemleak)']:
            self.assertTrue(rt.SPLAT.search(rt.message(line)), line)
        self.assertFalse(rt.SPLAT.search(rt.message('[    1.0] clk: Disabling unused clocks')))
        self.assertFalse(rt.SPLAT.search(rt.message('[    1.0] kmemleak: Kernel memory leak detector initialized (mem pool available: 15000)')))

    def test_compare(self):
        here = ['[    1.0] Kernel command line: bc.compare=base:gates',
                '[    2.0]     # compare gates: CCGR0:c803 41',
                '[    2.1]     # compare held: 78 8eb6']
        logs = {'base': ['[    3.0]     # compare gates: CCGR0:c803 41'],
                'other': ['[    3.0]     # compare gates: CCGR0:c807 42',
                          '[    3.1]     # compare held: 77 49a8']}
        cases = rt.compare_cases(
            'x bc.compare=base:gates bc.compare=other:gates '
            'bc.compare=other:held bc.compare=base:held bc.compare=gone:gates',
            here, logs.get)
        self.assertEqual([(n, ok) for n, ok, _ in cases], [
            ('same-gates-as-base', True),
            ('same-gates-as-other', False),
            ('same-held-as-other', False),
            ('same-held-as-base', False),      # base printed no "held"
            ('same-gates-as-gone', False),     # no console of that boot
        ])
        # A key this boot did not print fails, even if the other lacks it too
        self.assertEqual(rt.compare_cases('bc.compare=base:held', [],
                                          lambda _: [])[0][1], False)


if __name__ == '__main__':
    unittest.main()
