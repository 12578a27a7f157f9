#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The .kunitconfig of drivers/boot_constraint builds every suite: what
kunit.py run --kunitconfig=drivers/boot_constraint (make check-kunit)
turns on meets the dependencies of the KUnit option and of each suite
that the tests' Makefile builds only with an option (make check-harness).
"""

import os
import re
import unittest

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BC = os.path.join(TOP, 'kernel', 'drivers', 'boot_constraint')

# Suites built only with an option that kunit.py does not turn on: the
# fault sweep needs fault injection armed by the guest (make test-debug).
NOT_IN_KUNITCONFIG = {'FAULT_INJECTION'}


def read(*path):
    with open(os.path.join(BC, *path)) as f:
        return f.read()


def kunitconfig():
    """The symbols the .kunitconfig sets to y."""
    return set(re.findall(r'^CONFIG_(\w+)=y$', read('.kunitconfig'), re.M))


def blocks(text):
    """{symbol: [lines of its config block]} of a Kconfig."""
    out, sym = {}, None
    for line in text.splitlines():
        m = re.match(r'^(?:menu)?config\s+(\w+)', line)
        if m:
            sym = m.group(1)
            out[sym] = []
        elif line and not line[0].isspace():
            sym = None
        elif sym:
            out[sym].append(line.strip())
    return out


def symbols(expr):
    return set(re.findall(r'\b[A-Z][A-Z0-9_]+\b', expr)) - {'n', 'm', 'y'}


class KunitconfigTest(unittest.TestCase):
    def setUp(self):
        self.set = kunitconfig()
        self.kconfig = blocks(read('Kconfig'))
        self.kconfig.update(blocks(read('tests', 'Kconfig')))

    def test_the_kunit_option_is_on(self):
        self.assertIn('DEV_BOOT_CONSTRAINT_KUNIT_TEST', self.set)

    def test_the_dependencies_of_the_kunit_option(self):
        # kunit.py fails when olddefconfig drops an option of the file:
        # each "depends on" of the tests must be there
        deps = set()
        for line in self.kconfig['DEV_BOOT_CONSTRAINT_KUNIT_TEST']:
            if line.startswith('depends on '):
                deps |= symbols(line[len('depends on '):])
        self.assertTrue(deps)
        self.assertEqual(sorted(deps - self.set), [])

    def test_every_suite_is_built(self):
        # boot_constraint_kunit-$(CONFIG_X) += x_test.o: X on, or, for a
        # def_bool without a prompt, what it is defined from
        conds = set(re.findall(r'^boot_constraint_kunit-\$\(CONFIG_(\w+)\)',
                               read('tests', 'Makefile'), re.M))
        self.assertTrue(conds)
        missing = []
        for sym in sorted(conds - NOT_IN_KUNITCONFIG):
            if sym in self.set:
                continue
            defs = [line for line in self.kconfig.get(sym, [])
                    if line.startswith('def_bool ')]
            if defs and symbols(defs[0][len('def_bool '):]) <= self.set:
                continue
            missing.append(sym)
        self.assertEqual(missing, [])


if __name__ == '__main__':
    unittest.main()
