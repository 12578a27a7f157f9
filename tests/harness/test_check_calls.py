#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""scripts/check-calls.py fails on files that call each other, two or
around a longer loop, naming the files and the functions, and passes a
core whose calls go one way (make check-harness).  The objects are the
host compiler's, built from a few lines of C for each case.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(TOP, 'scripts', 'check-calls.py')


@unittest.skipUnless(shutil.which('cc') and shutil.which('readelf'),
                     'needs a C compiler and readelf')
class CheckCallsTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.dir)

    def build(self, files):
        """Compile {name.c: source} into objects of self.dir."""
        for name, text in files.items():
            src = os.path.join(self.dir, name)
            with open(src, 'w') as f:
                f.write(text)
            subprocess.run(['cc', '-O0', '-c', '-o', src[:-2] + '.o', src],
                           check=True)
            os.unlink(src)

    def check(self, *opts):
        r = subprocess.run([sys.executable, SCRIPT, *opts, self.dir],
                           capture_output=True, text=True)
        return r.returncode, r.stdout

    def test_one_way_calls_pass(self):
        # A leaf, a file calling it, a file calling both: no cycle
        self.build({
            'leaf.c': 'int leaf_get(void) { return 1; }\n',
            'mid.c': 'int leaf_get(void);\n'
                     'int mid_get(void) { return leaf_get(); }\n',
            'top.c': 'int leaf_get(void); int mid_get(void);\n'
                     'int top_get(void) { return mid_get() + leaf_get(); }\n',
        })
        rc, out = self.check()
        self.assertEqual(rc, 0, out)
        self.assertIn('mid.c -> leaf.c: leaf_get', out)
        self.assertIn('top.c -> mid.c: mid_get', out)
        self.assertIn('no cycle', out)

    def test_two_files_calling_each_other_fail(self):
        # The mode's case: the parameter's file sets, the mode's file reads
        self.build({
            'cmdline.c': 'int mode_param(const char *a);\n'
                         'int disabled(void) { return 0; }\n'
                         'int param(const char *a) { return mode_param(a); }\n',
            'auto.c': 'int disabled(void);\n'
                      'int mode_param(const char *a) { return !a; }\n'
                      'int mode(void) { return disabled() ? 0 : 1; }\n',
        })
        rc, out = self.check()
        self.assertEqual(rc, 1, out)
        self.assertIn('cycle between auto.c, cmdline.c', out)
        self.assertIn('both ways: auto.c <-> cmdline.c', out)
        self.assertIn('auto.c -> cmdline.c: mode -> disabled', out)
        self.assertIn('cmdline.c -> auto.c: param -> mode_param', out)

    def test_a_longer_loop_fails(self):
        # a.c -> b.c -> c.c -> a.c, and d.c outside the loop
        self.build({
            'a.c': 'int b_fn(void);\nint a_fn(void) { return b_fn(); }\n',
            'b.c': 'int c_fn(void);\nint b_fn(void) { return c_fn(); }\n',
            'c.c': 'int a_fn(void);\nint c_fn(void) { return a_fn(); }\n',
            'd.c': 'int a_fn(void);\nint d_fn(void) { return a_fn(); }\n',
        })
        rc, out = self.check('--quiet')
        self.assertEqual(rc, 1, out)
        self.assertIn('cycle between a.c, b.c, c.c:', out)
        self.assertIn('loop: a.c -> b.c -> c.c -> a.c', out)
        self.assertIn('c.c -> a.c: c_fn -> a_fn', out)
        self.assertNotIn('d.c', out)

    def test_an_address_taken_is_a_call_and_data_a_use(self):
        # An ops table of one file points at a function of the other, read
        # by it: a loop only when uses of data count
        self.build({
            'ops.c': 'int user_fn(void);\n'
                     'int (*const ops_table[])(void) = { user_fn };\n',
            'user.c': 'extern int (*const ops_table[])(void);\n'
                      'int user_fn(void) { return 0; }\n'
                      'int user_call(void) { return ops_table[0](); }\n',
        })
        rc, out = self.check()
        self.assertEqual(rc, 0, out)
        self.assertIn('ops.c -> user.c: user_fn', out)
        self.assertNotIn('user.c -> ops.c', out)
        rc, out = self.check('--quiet', '--data')
        self.assertEqual(rc, 1, out)
        self.assertIn('ops.c -> user.c: ops_table -> user_fn', out)
        self.assertIn('user.c -> ops.c: user_call -> ops_table', out)


if __name__ == '__main__':
    unittest.main()
