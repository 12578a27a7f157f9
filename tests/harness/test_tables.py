#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tests of the harness's tables: boots, machines and ./series
(make check-harness)."""

import os
import sys
import tempfile
import unittest

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, 'scripts'))
from bctest import HarnessError, assemble, boots, machines, series  # noqa: E402


def table(text):
    return [(b['name'], b['arch'], b['machine'], b['dt'], b['args'])
            for b in boots.parse(text.splitlines())]


class BootTableTest(unittest.TestCase):
    def test_plain_line_is_as_written(self):
        self.assertEqual(table('smoke arm64 virt - earlycon bc.scenario=smoke # c\n'), [
            ('smoke', 'arm64', 'virt', None, 'earlycon bc.scenario=smoke')])

    def test_scenario_turns_kunit_off(self):
        self.assertEqual(table('scenario x arm32 sabrelite a.dtsi earlycon\n'), [
            ('x', 'arm32', 'sabrelite', 'a.dtsi', 'kunit.enable=0 earlycon')])

    def test_scenario_keeps_its_own_kunit_argument(self):
        self.assertEqual(table('scenario x arm64 virt - kunit.filter_glob=a b\n'), [
            ('x', 'arm64', 'virt', None, 'kunit.filter_glob=a b')])

    def test_scenario_off_is_a_pair(self):
        self.assertEqual(table('scenario+off x arm64 virt d.dtsi+f.sh a=1 b\n'), [
            ('x', 'arm64', 'virt', 'd.dtsi+f.sh', 'kunit.enable=0 a=1 b'),
            ('x-off', 'arm64', 'virt', 'd.dtsi+f.sh',
             'kunit.enable=0 a=1 b boot_constraints=off')])

    def test_scenario_off_auto_is_a_triple(self):
        self.assertEqual(table('scenario+off+auto x arm64 virt - a=1\n'), [
            ('x', 'arm64', 'virt', None, 'kunit.enable=0 a=1'),
            ('x-off', 'arm64', 'virt', None,
             'kunit.enable=0 a=1 boot_constraints=off'),
            ('x-auto', 'arm64', 'virt', None,
             'kunit.enable=0 a=1 bc_test.no_table boot_constraints=auto')])

    def test_errors_name_the_line(self):
        for text, what in [
                ('a-off arm64 virt -\nscenario+off a arm64 virt -\n',
                 ':2: boot a-off defined twice'),
                ('scenario+off a arm64 virt - boot_constraints=off\n',
                 ':1: a scenario+off line has no boot_constraints=off'),
                ('scenario+off+auto a arm64 virt - bc_test.no_table\n',
                 ':1: a scenario+off+auto line has no bc_test.no_table'),
                ('\n# c\na arm64 sabrelite -\n',
                 ':3: unknown arch/machine arm64/sabrelite'),
                ('scenario a arm64 virt\n', ':1: want ')]:
            with self.assertRaises(HarnessError) as e:
                boots.parse(text.splitlines(), 't')
            self.assertIn('t' + what, str(e.exception))

    def test_tables_of_the_repository(self):
        for name in ('boots', 'debug.boots', 'demo.boots'):
            path = os.path.join(TOP, 'tests', name)
            for b in boots.read(path):
                m = machines.boot_machine(b['arch'], b['machine'])
                self.assertTrue(m['kernel'].startswith(
                    machines.out_dir(b['arch']) + '/'))
                frag = (b['dt'] or '').partition('+')[0]
                for f in filter(None, (frag, m.get('dtsi'))):
                    self.assertTrue(os.path.isfile(os.path.join(TOP, f)),
                                    '%s: %s' % (b['name'], f))


class MachinesTest(unittest.TestCase):
    def test_baseline_kernel_on_the_same_machine(self):
        m = machines.boot_machine('arm32-base', 'zynq')
        self.assertEqual(m['kernel'], 'pristine/out-arm32-base/arch/arm/boot/zImage')
        self.assertEqual(m['dtb'], 'pristine/out-arm32-base/arch/arm/boot/dts/'
                         'xilinx/zynq-zc702.dtb')
        self.assertEqual(m['console_gate'][1], 0xF8000154)

    def test_arch_overrides_machine_options(self):
        q = machines.boot_machine('arm64-debug', 'virt', {'-icount': 'x'})['qemu']
        self.assertEqual(q[0], 'qemu-system-aarch64')
        self.assertEqual(q.count('-m'), 1)
        self.assertEqual(q[q.index('-m') + 1], '1024')
        self.assertEqual(q[q.index('-smp') + 1], '2')
        self.assertEqual(q[-2:], ['-icount', 'x'])
        self.assertNotIn('-smp', machines.boot_machine('arm64', 'virt')['qemu'])

    def test_arm32_builds_the_trees_of_its_machines(self):
        # sabrelite and sabrelite-uboot share one tree: built once.
        v = dict(machines.shell_vars('arm32'))
        self.assertEqual(v['targets'].split(), [
            'zImage', 'modules', 'nxp/imx/imx6q-sabrelite.dtb',
            'xilinx/zynq-zc702.dtb', 'aspeed/aspeed-ast2600-evb.dtb',
            'allwinner/sun8i-h3-orangepi-pc.dtb'])
        self.assertEqual(dict(machines.shell_vars('arm32-base'))['tree'],
                         'pristine/linux')

    def test_kernel_without_modules_builds_no_modules(self):
        v = dict(machines.shell_vars('arm32-nomod'))
        self.assertEqual(v['targets'].split(), ['zImage', 'xilinx/zynq-zc702.dtb'])
        self.assertEqual(v['fragments'].split()[-1], 'configs/nomod.config')
        self.assertEqual(machines.boot_machine('arm32-nomod', 'zynq')['kernel'],
                         'out-arm32-nomod/arch/arm/boot/zImage')

    def test_unknown(self):
        self.assertRaises(HarnessError, machines.arch, 'x86')
        self.assertRaises(HarnessError, machines.boot_machine, 'arm64', 'zynq')


class SeriesTest(unittest.TestCase):
    def test_parse(self):
        self.assertEqual(series.parse(['# c', '', 'a.patch x/y.c z.h # w',
                                       'b.patch']),
                         [('a.patch', ['x/y.c', 'z.h']), ('b.patch', [])])

    def test_check(self):
        with tempfile.TemporaryDirectory() as top:
            for f in ('kernel/x/y.c', 'kernel/x/unlisted.c', 'patches/a.patch',
                      'patches/stray.patch'):
                os.makedirs(os.path.dirname(os.path.join(top, f)), exist_ok=True)
                open(os.path.join(top, f), 'w').close()
            errors, warnings = series.check(
                series.parse(['a.patch x/y.c x/gone.c', 'b.patch x/y.c']), top)
            self.assertEqual(errors, [
                'listed more than once in ./series: x/y.c',
                './series lists x/gone.c but kernel/x/gone.c does not exist',
                'in kernel/ but not in ./series: x/unlisted.c',
                './series entry 2: no such patch patches/b.patch'])
            self.assertEqual(warnings, ['patches/stray.patch is not in ./series'])

    def test_series_of_the_repository(self):
        self.assertEqual(series.check(series.read()), ([], []))


class AssembleTest(unittest.TestCase):
    """Kconfig and Makefile of kernel/, each commit adding its lines."""

    SERIES = [('1.patch', ['d/core.c']), ('2.patch', ['d/t.c', 'd/t.dtso']),
              ('3.patch', ['d/x.c'])]
    MAKEFILE = ('# SPDX-License-Identifier: GPL-2.0\n'
                'obj-y\t+= core.o\n'
                '\n'
                'obj-$(CONFIG_T)\t+= kt.o\n'
                'kt-y\t:= t.o \\\n\t   t.dtbo.o\n'
                'DTC_FLAGS_t\t+= -Wno-reg\n'
                'obj-$(CONFIG_X)\t+= x.o\n')
    KCONFIG = ('# SPDX-License-Identifier: GPL-2.0\n'
               'config CORE\n\tbool "core"\n\n'
               'config X\n\tbool "x"\n\thelp\n\t  X.\n\n'
               'config T\n\tbool "t"\n')

    def tree(self, makefile):
        d = tempfile.mkdtemp()
        os.makedirs(os.path.join(d, 'kernel', 'd'))
        for name, text in (('Makefile', makefile), ('Kconfig', self.KCONFIG)):
            with open(os.path.join(d, 'kernel', 'd', name), 'w') as f:
                f.write(text)
        return d

    def test_each_commit_adds_its_lines(self):
        top = self.tree(self.MAKEFILE)
        at = [assemble.content('d/Makefile', n, self.SERIES, top) for n in (1, 2, 3)]
        self.assertEqual(at[0], '# SPDX-License-Identifier: GPL-2.0\nobj-y\t+= core.o\n')
        self.assertEqual(at[1], self.MAKEFILE.replace('obj-$(CONFIG_X)\t+= x.o\n', ''))
        self.assertEqual(at[2], self.MAKEFILE)

    def test_a_config_comes_with_its_makefile_line(self):
        top = self.tree(self.MAKEFILE)
        k = [assemble.content('d/Kconfig', n, self.SERIES, top) for n in (1, 2, 3)]
        self.assertEqual(k[0], '# SPDX-License-Identifier: GPL-2.0\nconfig CORE\n\tbool "core"\n')
        self.assertIn('config T\n', k[1])
        self.assertNotIn('config X', k[1])
        self.assertEqual(k[2], self.KCONFIG)

    def test_a_config_without_its_line_follows_its_dependency(self):
        self.KCONFIG += '\nconfig X_DEFAULT\n\tbool "x by default"\n\tdepends on X\n'
        top = self.tree(self.MAKEFILE)
        k = [assemble.content('d/Kconfig', n, self.SERIES, top) for n in (1, 2, 3)]
        self.assertNotIn('X_DEFAULT', k[0] + k[1])
        self.assertTrue(k[2].endswith('config X_DEFAULT\n\tbool "x by default"\n'
                                      '\tdepends on X\n'))

    def test_a_line_of_two_commits_is_refused(self):
        top = self.tree(self.MAKEFILE.replace('core.o', 'core.o x.o'))
        with self.assertRaises(HarnessError):
            assemble.content('d/Makefile', 1, self.SERIES, top)

    def test_an_object_of_no_file_is_refused(self):
        top = self.tree(self.MAKEFILE + 'obj-y\t+= gone.o\n')
        with self.assertRaises(HarnessError):
            assemble.content('d/Makefile', 3, self.SERIES, top)


if __name__ == '__main__':
    unittest.main()
