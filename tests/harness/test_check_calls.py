#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""scripts/check-calls.py fails on files that call each other, two or
around a longer loop, naming the files and the functions, also through a
function pointer that a file keeps for another, and passes a core whose
calls go one way (make check-harness).  The objects are the host
compiler's, built from a few lines of C for each case.
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
            # A function of its own section: the address of a static
            # function is then a relocation, as in the kernel's objects
            subprocess.run(['cc', '-O0', '-ffunction-sections', '-c', '-o',
                            src[:-2] + '.o', src], check=True)
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

    def test_a_loop_through_a_kept_pointer_fails(self):
        # The unseen records' case: auto.c hands its static try to retry.c,
        # which keeps it and calls it. The hand-over is a call to retry.c:
        # a pointer kept by another file is always a loop
        self.build({
            'retry.c': 'static int (*try_fn)(int);\n'
                       'void tries(int (*fn)(int)) { try_fn = fn; }\n'
                       'int retry(int x) { return try_fn(x); }\n',
            'auto.c': 'void tries(int (*fn)(int)); int retry(int x);\n'
                      'static int try_one(int x) { return x + 1; }\n'
                      'void auto_init(void) { tries(try_one); }\n'
                      'int auto_add(int x) { return retry(x); }\n',
        })
        rc, out = self.check('--quiet')
        self.assertEqual(rc, 1, out)
        self.assertIn('check-calls: pointer: retry.c -> auto.c: try_one, '
                      'taken in auto.c:auto_init, kept by tries', out)
        self.assertIn('both ways: auto.c <-> retry.c', out)
        self.assertIn('retry.c -> auto.c: (pointer kept by tries) -> try_one',
                      out)

    def test_a_callback_is_flagged_and_counted_on_request(self):
        # A walk calls back the function its caller passes, and keeps
        # nothing: flagged; a loop only with --callbacks
        self.build({
            'names.c': 'int walk(int (*fn)(int), int n)\n'
                       '{ int s = 0; while (n--) s += fn(n); return s; }\n',
            'auto.c': 'int walk(int (*fn)(int), int n);\n'
                      'static int collect(int x) { return x; }\n'
                      'int auto_add(int n) { return walk(collect, n); }\n',
        })
        rc, out = self.check('--quiet')
        self.assertEqual(rc, 0, out)
        self.assertIn('pointer: names.c -> auto.c: collect, taken in '
                      'auto.c:auto_add, called back by walk', out)
        rc, out = self.check('--quiet', '--callbacks')
        self.assertEqual(rc, 1, out)
        self.assertIn('names.c -> auto.c: (pointer called back by walk) -> '
                      'collect', out)

    def test_a_pointer_passed_to_its_own_file_is_no_call(self):
        # A file that passes a function of the called file to it: no edge
        self.build({
            'retry.c': 'void mark(void (*fn)(void)) { fn(); }\n'
                       'void taken_over(void) { }\n',
            'probe.c': 'void mark(void (*fn)(void)); void taken_over(void);\n'
                       'void probe(void) { mark(taken_over); }\n',
        })
        rc, out = self.check('--quiet')
        self.assertEqual(rc, 0, out)
        self.assertNotIn('pointer:', out)


if __name__ == '__main__':
    unittest.main()
