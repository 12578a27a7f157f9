#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""scripts/check-recipe.py passes the driver-api recipe "Adding a resource
type" and the five types as they are, and fails, naming the miss, on a copy
of them broken in each way it checks (make check-harness).
"""

import importlib.util
import os
import unittest

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KERNEL = os.path.join(TOP, 'kernel')
RST = os.path.join(KERNEL, 'Documentation', 'driver-api', 'boot-constraint.rst')
CORE = os.path.join(KERNEL, 'drivers', 'boot_constraint')
TYPES = ('clk', 'supply', 'pm', 'icc', 'reset')

_spec = importlib.util.spec_from_file_location(
    'check_recipe', os.path.join(TOP, 'scripts', 'check-recipe.py'))
check_recipe = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_recipe)


def read(path):
    with open(path, encoding='utf-8') as f:
        return f.read()


class CheckRecipeTest(unittest.TestCase):
    def setUp(self):
        self.rst = read(RST)
        self.header = read(os.path.join(CORE, 'type.h'))
        self.types = [(t + '.c', read(os.path.join(CORE, t + '.c')))
                      for t in TYPES]

    def check(self):
        return check_recipe.check(self.rst, self.header, self.types)

    def test_as_they_are(self):
        self.assertEqual(self.check(), [])

    def test_member_not_named(self):
        self.rst = self.rst.replace(' and ``peek`` (optional)', ' and peek')
        self.assertEqual(self.check(), [
            "the recipe does not name struct bc_ops's member peek"])

    def test_member_added(self):
        self.header = self.header.replace(
            '\tint (*apply)(struct bc_constraint *c);',
            '\tint (*apply)(struct bc_constraint *c);\n'
            '\tint (*suspend)(struct bc_constraint *c);')
        self.assertEqual(self.check(), [
            "the recipe does not name struct bc_ops's member suspend"])

    def test_core_symbol_named(self):
        self.rst = self.rst.replace('bc_device()\n',
                                    'bc_device() (of &struct bc_dev)\n', 1)
        self.assertEqual(self.check(), [
            'the recipe names bc_dev, which drivers/boot_constraint/type.h'
            ' does not declare'])

    def test_other_header(self):
        self.rst = self.rst.replace(
            'declared in\n   ``drivers/boot_constraint/type.h``',
            'declared in\n   ``drivers/boot_constraint/core.h``')
        self.assertEqual(self.check(), [
            'the recipe names drivers/boot_constraint/core.h, not'
            ' drivers/boot_constraint/type.h'])

    def test_header_not_named(self):
        self.rst = self.rst.replace('drivers/boot_constraint/type.h',
                                    'the type header')
        self.assertEqual(self.check(), [
            'the recipe does not name drivers/boot_constraint/type.h'])

    def test_type_includes_core(self):
        name, source = self.types[0]
        self.types[0] = (name, source.replace('#include "type.h"',
                                              '#include "core.h"'))
        self.assertEqual(self.check(), [
            'clk.c includes core.h of the core, not type.h only'])

    def test_no_section(self):
        self.rst = self.rst.replace('Adding a resource type\n',
                                    'Adding a type\n')
        self.assertRaises(ValueError, self.check)


if __name__ == '__main__':
    unittest.main()
