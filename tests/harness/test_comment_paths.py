#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""scripts/check-comment-paths.py fails on a file that a comment of
kernel/ names and that does not exist, naming the file, the line and the
name, and passes names of ours, of the kernel tree, of its device trees
and of the repository (make check-harness; make check-docs runs it on
kernel/ and build/linux).
"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(TOP, 'scripts', 'check-comment-paths.py')


class CheckCommentPathsTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.dir)
        self.kernel = os.path.join(self.dir, 'kernel')
        self.linux = os.path.join(self.dir, 'linux')
        for path in ('kernel/drivers/boot_constraint/retry.c',
                     'kernel/drivers/boot_constraint/tests/fakes.h',
                     'linux/drivers/base/dd.c',
                     'linux/include/linux/clk.h',
                     'linux/arch/arm64/boot/dts/qcom/msm8916.dtsi',
                     'tests/dt/dsi.dtsi'):
            self.write(path, '')

    def write(self, path, text):
        path = os.path.join(self.dir, path)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w') as f:
            f.write(text)

    def check(self, text):
        self.write('kernel/drivers/boot_constraint/core.c', text)
        r = subprocess.run([sys.executable, SCRIPT, self.kernel, self.linux],
                           capture_output=True, text=True)
        return r.returncode, r.stdout

    def test_names_that_exist_pass(self):
        rc, out = self.check('/*\n * retry.c, tests/fakes.h, drivers/base/dd.c,\n'
                             ' * <linux/clk.h>, msm8916.dtsi, tests/dt/dsi.dtsi\n */\n'
                             '// and retry.c again\n')
        self.assertEqual(rc, 0, out)

    def test_a_bare_name_that_does_not_exist_fails(self):
        rc, out = self.check('int a;\n/*\n * As retyr.c does.\n */\n')
        self.assertEqual(rc, 1)
        self.assertIn('drivers/boot_constraint/core.c:3: retyr.c: no such file', out)

    def test_a_kernel_path_that_does_not_exist_fails(self):
        rc, out = self.check('/* drivers/base/core.c calls it */\n')
        self.assertEqual(rc, 1)
        self.assertIn('core.c:1: drivers/base/core.c: no such file', out)

    def test_a_repository_path_that_does_not_exist_fails(self):
        rc, out = self.check('/* tests/scenarios/dsi.dtsi */\n')
        self.assertEqual(rc, 1)
        self.assertIn('tests/scenarios/dsi.dtsi: no such file', out)

    def test_placeholders_fields_and_strings_are_no_names(self):
        rc, out = self.check('/* <type>.c, &bc_dev.handle, e.g. 6.12 */\n'
                             'static const char *s = "nosuch.c";\n')
        self.assertEqual(rc, 0, out)


if __name__ == '__main__':
    unittest.main()
