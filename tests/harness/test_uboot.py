#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tests of the SD card images and TFTP directories of the boots that
start at U-Boot (scripts/bctest/uboot.py, qemu.py's options for them;
make check-harness)."""

import os
import shutil
import struct
import sys
import tempfile
import unittest
from unittest import mock

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, 'scripts'))
from bctest import qemu, uboot  # noqa: E402

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
        # bootz, then the line the runner fails the boot at: bootz returned.
        self.assertTrue(lines[-2].startswith('bootz '))
        self.assertEqual(lines[-1], 'echo ' + uboot.SCRIPT_FAILED)

    def test_net_script_loads_by_tftp(self):
        lines = uboot.boot_cmd('x', None, 'net').splitlines()
        self.assertIn('tftpboot ${kernel_addr_r} zImage', lines)
        self.assertIn('tftpboot ${fdt_addr_r} board.dtb', lines)
        self.assertFalse([ln for ln in lines if ln.startswith('load ')])

    def test_without_declaration_no_helpers(self):
        self.assertNotIn('bc_declare', uboot.boot_cmd('x', None))

    def test_mbr_is_one_bootable_fat32_partition(self):
        t = uboot.mbr(1 << 20, 3 << 20)
        self.assertEqual(len(t), 66)
        self.assertEqual(t[-2:], b'\x55\xaa')
        boot, ptype, start, size = t[0], t[4], *struct.unpack('<II', t[8:16])
        self.assertEqual((boot, ptype, start, size), (0x80, 0x0c, 2048, 6144))

    def test_failed(self):
        self.assertTrue(uboot.failed(uboot.SCRIPT_FAILED))
        self.assertTrue(uboot.failed('SCRIPT FAILED: continuing...'))
        self.assertTrue(uboot.failed('No EFI system partition'))
        self.assertFalse(uboot.failed('Found U-Boot script /boot.scr'))

    def test_keys_typed_at_the_prompt_only(self):
        self.assertIsNone(uboot.keys('imx', 'DRAM:  1 GiB'))
        self.assertIsNone(uboot.keys('sunxi', 'Hit any key to stop autoboot:  2'))
        k = uboot.keys('imx', 'x\nHit any key to stop autoboot:  3')
        # One key stops the countdown, then each command and a return.
        self.assertEqual(k[0], ' ')
        self.assertEqual(k[1:], [c + '\r' for c in uboot.FLAVOURS['imx']['keys']])
        self.assertEqual(k[-1], 'boot\r')

    def test_options_replace_the_machines_own(self):
        cmd = ['qemu', '-M', 'b', '-nic', 'none', '-device', 'a']
        self.assertEqual(qemu.with_options(cmd, ['-nic', 'user', '-device', 'c']),
                         ['qemu', '-M', 'b', '-nic', 'user', '-device', 'a',
                          '-device', 'c'])

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

    def test_net_boot_serves_files_and_loads_uboot_without_header(self):
        with tempfile.TemporaryDirectory() as d:
            image = os.path.join(d, 'u-boot.imx')
            with open(image, 'wb') as f:
                f.write(b'H' * 16 + b'U-Boot')
            kernel = os.path.join(d, 'zImage')
            with open(kernel, 'wb') as f:
                f.write(b'kernel')
            fl = {'t': dict(uboot.FLAVOURS['imx'], image=image, header=16)}
            with mock.patch.object(uboot, 'FLAVOURS', fl), \
                    mock.patch.object(uboot, 'BUILD', d):
                opts = uboot.net_boot('b', 't', {'zImage': kernel}, 'x')
            tftp = os.path.join(d, 'tftp', 'b')
            self.assertEqual(sorted(os.listdir(tftp)),
                             ['boot.cmd', 'boot.scr.uimg', 'zImage'])
            with open(tftp + '.u-boot', 'rb') as f:
                self.assertEqual(f.read(), b'U-Boot')
            self.assertEqual(opts, [
                '-device', 'loader,file=%s.u-boot,addr=0x17800000,cpu-num=0' % tftp,
                '-nic', 'user,tftp=%s' % tftp])

    def test_missing_uboot_is_an_error(self):
        fl = {'t': {'image': '/nonexistent/u-boot.bin', 'offset': 8192}}
        with mock.patch.object(uboot, 'FLAVOURS', fl):
            with self.assertRaisesRegex(RuntimeError, 'make deps'):
                uboot.sd_image('b', 't', {}, 'x')


if __name__ == '__main__':
    unittest.main()
