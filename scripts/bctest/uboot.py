# SPDX-License-Identifier: GPL-2.0
"""Boots that start at Debian's U-Boot: the SD card image it boots from.

A machine with 'uboot' (machines.MACHINES) is not given the kernel by QEMU
(-kernel): QEMU runs the SoC's boot ROM, which loads U-Boot's SPL from an SD
card image, and U-Boot's distro boot loads the kernel, the .dtb and the
initramfs from the card's first partition, as on the board.  sd_image()
makes that card without root: a FAT partition made with mkfs.vfat -C and
filled with mcopy (mtools), a one-entry MBR written here, and U-Boot with
its SPL at 8 KiB, where the H3's boot ROM looks (u-boot-sunxi).

The card's boot.scr (made with mkimage) sets the boot's command line, loads
the files, runs the boot's declaration script (the boot's DT '+SCRIPT.cmd':
U-Boot commands, scripts/uboot/boot-constraints.cmd's helpers first) and
boots them with bootz.  U-Boot's own lines go to the console before the
kernel's, so they land in the boot's log; started() says whether U-Boot
reached the kernel.
"""

import os
import struct
import subprocess

from . import BUILD, TOP

# Per U-Boot flavour: the U-Boot image on the card and where, and the
# console line U-Boot prints as it starts the kernel.
FLAVOURS = {
    # Debian's u-boot-sunxi (armhf) for the Orange Pi Plus, an H3 board
    # like QEMU's orangepi-pc: SPL and U-Boot in one file, at 8 KiB.
    'sunxi': {
        'image': '/usr/lib/u-boot/orangepi_plus/u-boot-sunxi-with-spl.bin',
        'offset': 8 * 1024,
    },
}
STARTING = 'Starting kernel ...'
# What distro boot prints when the card's boot.scr returned (bootz only
# returns when it fails), and when it found none on the card and goes on
# to EFI, USB and the network: the boot ends there.
FAILED = ('SCRIPT FAILED', 'No EFI system partition')
# The declaration helpers every boot script gets first.
HELPERS = os.path.join(TOP, 'scripts', 'uboot', 'boot-constraints.cmd')
PART_START = 1 << 20          # the FAT partition: at 1 MiB, as boards do
SECTOR = 512


def run(cmd, what):
    """Run a host tool; RuntimeError with its stderr if it fails."""
    p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True,
                       text=True)
    if p.returncode:
        raise RuntimeError('%s failed:\n%s' % (what, (p.stderr or p.stdout).strip()))


def boot_cmd(bootargs, declare):
    """The text of the card's boot.cmd: the boot's command line, the
    files loaded to the board's addresses (U-Boot's kernel_addr_r,
    fdt_addr_r, ramdisk_addr_r), the declaration script's commands run on
    the loaded tree, then bootz."""
    load = 'load ${devtype} ${devnum}:${distro_bootpart} '
    lines = ['# made by scripts/bctest/uboot.py',
             'echo bc: boot.scr from ${devtype} ${devnum}:${distro_bootpart}',
             'setenv bootargs "%s"' % bootargs,
             load + '${kernel_addr_r} zImage',
             load + '${fdt_addr_r} board.dtb',
             'fdt addr ${fdt_addr_r}',
             'fdt resize 8192']
    if declare:
        for path in (HELPERS, declare):
            with open(path) as f:
                lines += [ln.rstrip('\n') for ln in f
                          if ln.strip() and not ln.lstrip().startswith('#')]
    lines += [load + '${ramdisk_addr_r} initramfs.cpio',
              'bootz ${kernel_addr_r} ${ramdisk_addr_r}:${filesize} ${fdt_addr_r}']
    return '\n'.join(lines) + '\n'


def fat_image(path, files):
    """A FAT partition image at path holding files ({NAME: HOST PATH}),
    made with mkfs.vfat -C and mcopy; its size in bytes."""
    total = sum(os.path.getsize(f) for f in files.values())
    size_kib = (total * 5 // 4 + (4 << 20)) // 1024 // 1024 * 1024
    if os.path.exists(path):
        os.unlink(path)
    run(['mkfs.vfat', '-C', '-n', 'BOOT', path, str(size_kib)], 'mkfs.vfat')
    for name, host in files.items():
        run(['mcopy', '-i', path, host, '::' + name], 'mcopy ' + name)
    return size_kib * 1024


def mbr(start, size):
    """A DOS partition table of one bootable FAT32 (LBA) partition of
    size bytes at start bytes."""
    entry = struct.pack('<B3sB3sII', 0x80, b'\xfe\xff\xff', 0x0c,
                        b'\xfe\xff\xff', start // SECTOR, size // SECTOR)
    return entry + bytes(48) + b'\x55\xaa'


def sd_image(name, flavour, files, bootargs, declare=None):
    """Make build/sd/NAME.img, an SD card U-Boot (FLAVOURS[flavour]) boots
    files from ({NAME ON THE CARD: HOST PATH}: zImage, board.dtb,
    initramfs.cpio) with bootargs, after the U-Boot commands of the file
    declare, if any; return its path.  QEMU wants a card of a power of 2
    bytes."""
    fl = FLAVOURS[flavour]
    if not os.path.isfile(fl['image']):
        raise RuntimeError('no %s (make deps installs u-boot-%s)' %
                           (fl['image'], flavour))
    d = os.path.join(BUILD, 'sd')
    os.makedirs(d, exist_ok=True)
    cmd = os.path.join(d, name + '.cmd')
    with open(cmd, 'w') as f:
        f.write(boot_cmd(bootargs, declare))
    scr = os.path.join(d, name + '.scr')
    run(['mkimage', '-A', 'arm', '-O', 'linux', '-T', 'script', '-C', 'none',
         '-n', name, '-d', cmd, scr], 'mkimage')
    fat = os.path.join(d, name + '.fat')
    fat_size = fat_image(fat, dict(files, **{'boot.scr': scr}))
    img = os.path.join(d, name + '.img')
    size = 1 << (PART_START + fat_size - 1).bit_length()
    with open(fl['image'], 'rb') as f:
        loader = f.read()
    if fl['offset'] + len(loader) > PART_START:
        raise RuntimeError('%s does not fit before the partition' % fl['image'])
    with open(img, 'wb') as out, open(fat, 'rb') as part:
        out.truncate(size)
        out.seek(0x1be)
        out.write(mbr(PART_START, fat_size))
        out.seek(fl['offset'])
        out.write(loader)
        out.seek(PART_START)
        out.write(part.read())
    os.unlink(fat)
    return img


def failed(line):
    """Whether a console line says U-Boot will not start the kernel."""
    return any(f in line for f in FAILED)


def started(lines):
    """Whether U-Boot's console (lines) shows it starting the kernel."""
    return any(STARTING in ln for ln in lines)
