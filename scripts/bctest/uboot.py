# SPDX-License-Identifier: GPL-2.0
"""Boots that start at Debian's U-Boot: the medium it boots from.

A machine with 'uboot' (machines.MACHINES) is not given the kernel by QEMU
(-kernel): U-Boot runs first and its distro boot loads the kernel, the .dtb
and the initramfs, as on the board.  Two flavours (FLAVOURS), two media:

- 'sunxi', an SD card: QEMU runs the H3's boot ROM, which loads U-Boot's
  SPL from the card.  sd_image() makes that card without root: a FAT
  partition made with mkfs.vfat -C and filled with mcopy (mtools), a
  one-entry MBR written here, and U-Boot with its SPL at 8 KiB, where the
  H3's boot ROM looks (u-boot-sunxi).  Distro boot runs the card's
  boot.scr.
- 'imx', the network: QEMU cannot run the i.MX boot ROM, so U-Boot is
  loaded into RAM at its link address without its i.MX header (loader()),
  and the files are served by QEMU's user network's TFTP server
  (tftp_dir()).  QEMU models no OCOTP fuses, so U-Boot finds no MAC
  address: the runner types KEYS at its autoboot prompt (the address, then
  "boot"), and U-Boot's distro boot runs: pxe finds no pxelinux.cfg, dhcp
  fetches boot.scr.uimg and sources it.

Either boot script (made with mkimage) sets the boot's command line, loads
the files, runs the boot's declaration script (the boot's DT '+SCRIPT.cmd':
U-Boot commands, scripts/uboot/boot-constraints.cmd's helpers first) and
boots them with bootz, or says it failed.  U-Boot's own lines go to the
console before the kernel's, so they land in the boot's log; started()
says whether U-Boot reached the kernel.
"""

import os
import shutil
import struct
import subprocess

from . import BUILD, TOP

# Per U-Boot flavour: its image, its medium ('sd': the image at offset
# bytes of the card; 'net': loaded at addr, after header bytes cut, the
# files over TFTP) and, for 'net', what the runner types at its prompt.
FLAVOURS = {
    # Debian's u-boot-sunxi (armhf) for the Orange Pi Plus, an H3 board
    # like QEMU's orangepi-pc: SPL and U-Boot in one file, at 8 KiB.
    'sunxi': {
        'image': '/usr/lib/u-boot/orangepi_plus/u-boot-sunxi-with-spl.bin',
        'medium': 'sd',
        'offset': 8 * 1024,
    },
    # Debian's u-boot-imx (armhf) for the SABRE Lite, QEMU's sabrelite:
    # u-boot-dtb.imx is a 0xC00-byte i.MX header (IVT, DCD) then U-Boot,
    # linked at 0x17800000.  The MAC address is QEMU's default for its
    # first NIC (52:54:00:12:34:56).
    'imx': {
        'image': '/usr/lib/u-boot/mx6qsabrelite/u-boot-dtb.imx',
        'medium': 'net',
        'header': 0xC00,
        'addr': 0x17800000,
        'prompt': 'Hit any key to stop autoboot',
        'keys': ['setenv ethaddr 52:54:00:12:34:56', 'boot'],
    },
}
STARTING = 'Starting kernel ...'
# What the boot script prints when bootz returned (it only returns when
# it, or a load before it, failed).
SCRIPT_FAILED = 'bc: U-Boot did not boot the kernel'
# What distro boot prints when the card's boot.scr returned, and when it
# found none on the card and goes on to EFI, USB and the network: the boot
# ends there.
FAILED = (SCRIPT_FAILED, 'SCRIPT FAILED', 'No EFI system partition')
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


# How each medium's boot script loads a file, and says where it runs from.
LOAD = {
    'sd': ('load ${devtype} ${devnum}:${distro_bootpart} ',
           'echo bc: boot.scr from ${devtype} ${devnum}:${distro_bootpart}'),
    'net': ('tftpboot ',
            'echo bc: boot.scr.uimg from ${devtype} ${serverip}'),
}


def boot_cmd(bootargs, declare, medium='sd'):
    """The text of the boot script's source: the boot's command line, the
    files loaded from medium ('sd', 'net') to the board's addresses
    (U-Boot's kernel_addr_r, fdt_addr_r, ramdisk_addr_r), the declaration
    script's commands run on the loaded tree, then bootz, and a line
    saying it failed if bootz returns."""
    load, where = LOAD[medium]
    lines = ['# made by scripts/bctest/uboot.py',
             where,
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
              'bootz ${kernel_addr_r} ${ramdisk_addr_r}:${filesize} ${fdt_addr_r}',
              'echo %s' % SCRIPT_FAILED]
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


def flavour_of(flavour):
    """FLAVOURS[flavour]; RuntimeError if its U-Boot is not installed."""
    fl = FLAVOURS[flavour]
    if not os.path.isfile(fl['image']):
        raise RuntimeError('no %s (make deps installs u-boot-%s)' %
                           (fl['image'], flavour))
    return fl


def boot_script(base, name, text):
    """Write text to BASE.cmd and make BASE.scr of it with mkimage (a
    legacy script image named name); return BASE.scr's path."""
    os.makedirs(os.path.dirname(base), exist_ok=True)
    with open(base + '.cmd', 'w') as f:
        f.write(text)
    run(['mkimage', '-A', 'arm', '-O', 'linux', '-T', 'script', '-C', 'none',
         '-n', name, '-d', base + '.cmd', base + '.scr'], 'mkimage')
    return base + '.scr'


def sd_image(name, flavour, files, bootargs, declare=None):
    """Make build/sd/NAME.img, an SD card U-Boot (FLAVOURS[flavour]) boots
    files from ({NAME ON THE CARD: HOST PATH}: zImage, board.dtb,
    initramfs.cpio) with bootargs, after the U-Boot commands of the file
    declare, if any; return its path.  QEMU wants a card of a power of 2
    bytes."""
    fl = flavour_of(flavour)
    d = os.path.join(BUILD, 'sd')
    scr = boot_script(os.path.join(d, name), name,
                      boot_cmd(bootargs, declare, 'sd'))
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


def net_boot(name, flavour, files, bootargs, declare=None):
    """Make build/tftp/NAME/, the TFTP directory U-Boot (FLAVOURS[flavour])
    boots files from ({NAME THERE: HOST PATH}: zImage, board.dtb,
    initramfs.cpio, copied) with bootargs, after the U-Boot commands of the
    file declare, if any, by its boot.scr.uimg (source: boot.cmd); and
    build/tftp/NAME.u-boot, U-Boot without its header.  Return QEMU's
    options: U-Boot's loader and the user network NIC serving the
    directory."""
    fl = flavour_of(flavour)
    d = os.path.join(BUILD, 'tftp', name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    for there, host in files.items():
        shutil.copyfile(host, os.path.join(d, there))
    scr = boot_script(os.path.join(d, 'boot'), name,
                      boot_cmd(bootargs, declare, 'net'))
    os.rename(scr, os.path.join(d, 'boot.scr.uimg'))
    loader = d + '.u-boot'
    with open(fl['image'], 'rb') as f, open(loader, 'wb') as out:
        f.seek(fl['header'])
        out.write(f.read())
    return ['-device', 'loader,file=%s,addr=0x%x,cpu-num=0' %
            (loader, fl['addr']),
            '-nic', 'user,tftp=%s' % d]


def keys(flavour, text):
    """What to type on the console once it has printed text (all of it
    so far): the flavour's keys, each line ended by a carriage return,
    after one key that stops the autoboot, when its prompt is in text;
    else None."""
    fl = FLAVOURS[flavour]
    if 'prompt' not in fl or fl['prompt'] not in text:
        return None
    return [' '] + [k + '\r' for k in fl['keys']]


def failed(line):
    """Whether a console line says U-Boot will not start the kernel."""
    return any(f in line for f in FAILED)


def started(lines):
    """Whether U-Boot's console (lines) shows it starting the kernel."""
    return any(STARTING in ln for ln in lines)
