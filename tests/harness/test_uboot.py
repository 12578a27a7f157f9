#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tests of the SD card images of the boots that start at U-Boot
(scripts/bctest/uboot.py; make check-harness)."""

import os
import shutil
import struct
import sys
import tempfile
import unittest
from unittest import mock

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, 'scripts'))
from bctest import uboot  # noqa: E402

TOOLS = all(shutil.which(t) for t in ('mkimage', 'mkfs.vfat', 'mcopy', 'mdir'))


class BootScriptTest(unittest.TestCase):
    def test_loads_declares_then_boots(self):
        with tempfile.NamedTemporaryFile('w', suffix='.cmd') as f:
            f.write('# a comment\n\nrun bc_declare\n')
            f.flush()
            text = uboot.boot_cmd('console=ttyS0 a=b', f.name)
        lines = text.splitlines()
        self.assertIn('setenv bootargs "console=ttyS0 a=b"', lines)
        fdt = lines.index('fdt resize 8192')
        self.assertLess(lines.index('load ${devtype} ${devnum}:${distro_bootpart} '
                                    '${fdt_addr_r} board.dtb'), fdt)
        # The helpers, then the board's declarations, comments dropped.
        self.assertLess(fdt, lines.index('setenv bc_phandle_next 7f000000'))
        self.assertLess(lines.index('setenv bc_phandle_next 7f000000'),
                        lines.index('run bc_declare'))
        self.assertNotIn('# a comment', lines)
        self.assertTrue(lines[-1].startswith('bootz '))

    def test_without_declaration_no_helpers(self):
        self.assertNotIn('bc_declare', uboot.boot_cmd('x', None))

    def test_mbr_is_one_bootable_fat32_partition(self):
        t = uboot.mbr(1 << 20, 3 << 20)
        self.assertEqual(len(t), 66)
        self.assertEqual(t[-2:], b'\x55\xaa')
        boot, ptype, start, size = t[0], t[4], *struct.unpack('<II', t[8:16])
        self.assertEqual((boot, ptype, start, size), (0x80, 0x0c, 2048, 6144))

    def test_failed(self):
        self.assertTrue(uboot.failed('SCRIPT FAILED: continuing...'))
        self.assertTrue(uboot.failed('No EFI system partition'))
        self.assertFalse(uboot.failed('Found U-Boot script /boot.scr'))

    def test_started(self):
        self.assertTrue(uboot.started(['', 'Starting kernel ...', '']))
        self.assertFalse(uboot.started(['SCRIPT FAILED: continuing...']))


@unittest.skipUnless(TOOLS, 'mkimage, mkfs.vfat or mtools missing (make deps)')
class SdImageTest(unittest.TestCase):
    def test_card_holds_loader_table_and_files(self):
        with tempfile.TemporaryDirectory() as d:
            loader = os.path.join(d, 'u-boot.bin')
            with open(loader, 'wb') as f:
                f.write(b'SPL' * 1000)
            kernel = os.path.join(d, 'zImage')
            with open(kernel, 'wb') as f:
                f.write(os.urandom(3 << 20))
            fl = {'t': {'image': loader, 'offset': 8192}}
            with mock.patch.object(uboot, 'FLAVOURS', fl), \
                    mock.patch.object(uboot, 'BUILD', d):
                img = uboot.sd_image('b', 't', {'zImage': kernel}, 'x')
            size = os.path.getsize(img)
            self.assertEqual(size & (size - 1), 0)      # a power of 2
            with open(img, 'rb') as f:
                data = f.read()
            self.assertEqual(data[8192:8195], b'SPL')
            self.assertEqual(data[510:512], b'\x55\xaa')
            out = uboot.subprocess.run(
                ['mdir', '-b', '-i', img + '@@1M', '::'],
                capture_output=True, text=True, check=True).stdout
            self.assertEqual(sorted(os.path.basename(p) for p in out.split()),
                             ['boot.scr', 'zImage'])

    def test_missing_uboot_is_an_error(self):
        fl = {'t': {'image': '/nonexistent/u-boot.bin', 'offset': 8192}}
        with mock.patch.object(uboot, 'FLAVOURS', fl):
            with self.assertRaisesRegex(RuntimeError, 'make deps'):
                uboot.sd_image('b', 't', {}, 'x')


if __name__ == '__main__':
    unittest.main()
