# SPDX-License-Identifier: GPL-2.0
"""The one table of the harness's kernels ("archs") and QEMU machines.

An arch is one kernel build (scripts/steps/build.sh ARCH into build/out-ARCH): its
kernel ARCH, cross compiler, Kconfig fragments over allnoconfig, source
tree, image, busybox package arch, the machines it boots and whether it
has modules ('modules', True unless said).  A machine is
one QEMU board: its command, console, device tree.  A boot of a table names
both (tests/boots: NAME ARCH MACHINE ...); boot_machine() combines them.

scripts/steps/lib.sh's arch_setup gets its shell variables from shell_vars()
(python3 -m bctest arch ARCH), so that the build, the initramfs and the
runner read the same table.
"""

import os

from . import HarnessError


def _arm_qemu(board, *serials):
    """The command of an arm32 BOARD: 1 GiB, no display, monitor or
    network, and its serial ports in order, each 'null' or 'stdio'."""
    return (['qemu-system-arm', ('-M', board), ('-m', '1G'),
             ('-display', 'none'), ('-monitor', 'none'), ('-nic', 'none')] +
            [('-serial', s) for s in serials])


# QEMU machines.  'qemu' is the binary and its options in order, each
# (OPTION, VALUE) or (OPTION, None) for a flag; 'dtb' is None where QEMU
# generates the tree, else the kernel's .dtb (under arch/ARCH/boot/dts/ of
# the build); 'dtsi', if any, is merged into every boot's tree of the
# machine.
#
# QEMU 7.2's Cortex-A9 timers (TWD, global timer) lose their interrupts
# when the host is loaded: jiffies crawl, and sleep and the kernel's timers
# come seconds late.  sabrelite's dtsi disables the TWD, for the i.MX GPT.
# The Zynq has no other timer early enough (its TTC is a platform driver):
# it keeps the TWD, slow but never stuck; the global timer alone stalled
# sleep, and -icount, which kept it ticking, leaves QEMU's monitor
# unanswered once the console is dead (bc.console-dies needs it).
MACHINES = {
    'virt': {
        'qemu': ['qemu-system-aarch64', ('-M', 'virt'),
                 ('-cpu', 'cortex-a57'), ('-m', '512'), ('-nographic', None),
                 ('-nic', 'none'), ('-no-reboot', None)],
        'dtb': None,
        'append': 'console=ttyAMA0 panic=-1',
    },
    'sabrelite': {
        # i.MX6Q.  UART2 (ttymxc1) is the console: serial0 goes nowhere.
        # QEMU 7.2 cannot power sabrelite off: the runner ends it at the
        # marker.
        'qemu': _arm_qemu('sabrelite', 'null', 'stdio'),
        'dtb': 'nxp/imx/imx6q-sabrelite.dtb',
        'append': 'console=ttymxc1 panic=-1',
        # QEMU's Cortex-A9 timers lose their interrupts when the host is
        # loaded: merged into every boot's tree, see the file.
        'dtsi': 'tests/dt/imx6q-no-twd.dtsi',
    },
    'sabrelite-uboot': {
        # The same i.MX6Q board, started by Debian's U-Boot (u-boot-imx,
        # mx6qsabrelite), loaded into RAM: QEMU cannot run the boot ROM,
        # and U-Boot finds no SD card or USB stick there; its distro boot
        # loads boot.scr.uimg, the kernel, this .dtb and the initramfs
        # over TFTP from QEMU's user network (scripts/bctest/uboot.py),
        # once the runner has typed the MAC address QEMU's fuses lack.
        'qemu': _arm_qemu('sabrelite', 'null', 'stdio'),
        'dtb': 'nxp/imx/imx6q-sabrelite.dtb',
        'append': 'console=ttymxc1 panic=-1',
        'dtsi': 'tests/dt/imx6q-no-twd.dtsi',
        'uboot': 'imx',
    },
    'zynq': {
        # Zynq-7000 (QEMU's ZC702-like xilinx-zynq-a9): UART1 (ttyPS0) is
        # the console, on the second serial port.  QEMU models its clock:
        # with UART_CLK_CTRL's CLKACT1 clear, every access to the UART
        # fails (a bus error), so a gated console dies.
        'qemu': _arm_qemu('xilinx-zynq-a9', 'null', 'stdio'),
        'dtb': 'xilinx/zynq-zc702.dtb',
        'append': 'console=ttyPS0 panic=-1',
        # The console's gate, read by the runner (QEMU's monitor) when the
        # guest can no longer say anything: SLCR UART_CLK_CTRL, CLKACT1:
        # (name, address, mask, value when on).
        'console_gate': ('UART_CLK_CTRL', 0xF8000154, 0x2, 0x2),
    },
    'ast2600-evb': {
        # AST2600: UART5 (ttyS4) is the console, QEMU's first serial port.
        'qemu': _arm_qemu('ast2600-evb', 'stdio'),
        'dtb': 'aspeed/aspeed-ast2600-evb.dtb',
        'append': 'console=ttyS4 panic=-1',
    },
    'orangepi-pc': {
        # Allwinner H3, started by Debian's U-Boot (u-boot-sunxi,
        # orangepi_plus) from an SD card image (scripts/bctest/uboot.py):
        # QEMU runs the boot ROM's SD path, SPL, DRAM set-up, U-Boot and
        # its distro boot, which loads the kernel, this .dtb and the
        # initramfs from the card.  UART0 (ttyS0) is the console.
        'qemu': _arm_qemu('orangepi-pc', 'stdio'),
        'dtb': 'allwinner/sun8i-h3-orangepi-pc.dtb',
        'append': 'console=ttyS0,115200 panic=-1',
        'uboot': 'sunxi',
    },
}

_ARM64 = {
    'karch': 'arm64',
    'cross': 'aarch64-linux-gnu-',
    'fragments': ['configs/arm64.config', 'configs/boot-constraint.config'],
    'image': 'arch/arm64/boot/Image',
    'debarch': 'arm64',
    'tree': 'linux',
    'machines': ['virt'],
}
# The arm32 archs share one multi-platform kernel for every arm32 machine,
# from the same tree.
_ARM32 = dict(_ARM64, karch='arm', cross='arm-linux-gnueabihf-',
              fragments=['configs/arm32.config',
                         'configs/boot-constraint.config',
                         'configs/kunit-module.config'],
              image='arch/arm/boot/zImage', debarch='armhf',
              machines=['sabrelite', 'sabrelite-uboot', 'zynq', 'ast2600-evb',
                        'orangepi-pc'])

# Harness archs: one kernel each, built in build/out-ARCH from the source
# tree build/TREE.  'qemu' (optional) overrides options of the machine's
# command for this kernel.
ARCHES = {
    # make test's arm64 guest (lockdep, KUnit).
    'arm64': dict(_ARM64),
    # The same machine and kernel with KASAN, UBSAN, kmemleak, lockdep,
    # debug objects and fault injection (make test-debug): KASAN's shadow
    # and kmemleak's objects want more memory, and two CPUs let the race
    # tests race.
    'arm64-debug': dict(_ARM64, fragments=_ARM64['fragments'] +
                        ['configs/debug.config'],
                        qemu={'-m': '1024', '-smp': '2'}),
    # The arm64 guest without lockdep, debug checks or KUnit (make bench).
    'arm64-prod': dict(_ARM64, fragments=_ARM64['fragments'] +
                       ['configs/prod.config']),
    'arm32': dict(_ARM32),
    # The baseline: the same arm32 kernel from pristine 6.12, without the
    # series (build/pristine/linux, a worktree of build/linux at tag
    # "pristine", made by scripts/steps/build.sh).
    'arm32-base': dict(_ARM32, fragments=['configs/arm32.config'],
                       tree='pristine/linux'),
    # The arm64 baseline: make test's arm64 kernel from pristine 6.12,
    # without the series, for the upstream drivers' boots on virt.
    'arm64-base': dict(_ARM64, fragments=['configs/arm64.config'],
                       tree='pristine/linux'),
    # The arm32 kernel without modules (configs/nomod.config): the driver
    # core's deadline comes at late_initcall.  Only the Zynq boots it.
    'arm32-nomod': dict(_ARM32, fragments=_ARM32['fragments'] +
                        ['configs/nomod.config'],
                        machines=['zynq'], modules=False),
}


def arch(name):
    """The ARCHES entry of name; HarnessError if there is none."""
    try:
        return ARCHES[name]
    except KeyError:
        raise HarnessError('unknown arch %r (%s)' %
                           (name, ', '.join(ARCHES))) from None


def machine_names():
    """Every ARCH/MACHINE pair a boot may name."""
    return ['%s/%s' % (a, m) for a, e in ARCHES.items() for m in e['machines']]


def dtb_dir(name):
    """Where the kernel build of arch name puts its .dtb files."""
    return 'arch/%s/boot/dts' % arch(name)['karch']


def make_targets(name):
    """The make targets of arch name's kernel: image, modules (unless it
    has none: kbuild's 'modules' fails without CONFIG_MODULES) and the
    .dtb of every machine it boots that QEMU does not make one for."""
    a = arch(name)
    dtbs = [MACHINES[m]['dtb'] for m in a['machines'] if MACHINES[m]['dtb']]
    dtbs = sorted(set(dtbs), key=dtbs.index)
    mods = ['modules'] if a.get('modules', True) else []
    return [os.path.basename(a['image'])] + mods + dtbs


def out_dir(name):
    """Where arch name's kernel is built, under build/: beside its source
    tree, so that every build reaches its tree as ../linux and ccache finds
    the objects of one tree for the other, where their sources are the
    same (the pristine kernel's are, but for the series' files)."""
    return os.path.join(os.path.dirname(arch(name)['tree']), 'out-' + name)


def shell_vars(name):
    """scripts/steps/lib.sh's arch_setup variables for arch name, as
    (variable, value) pairs."""
    a = arch(name)
    return [('karch', a['karch']), ('cross', a['cross']),
            ('fragments', ' '.join(a['fragments'])),
            ('targets', ' '.join(make_targets(name))),
            ('image', a['image']), ('debarch', a['debarch']),
            ('tree', a['tree']), ('outdir', out_dir(name))]


def qemu_command(base, overrides=None):
    """A machine's QEMU command as a list, with the options of overrides
    ({OPTION: VALUE}) set: replaced where the machine has them, added
    after its own otherwise."""
    overrides = dict(overrides or {})
    cmd = [base[0]]
    for opt, value in base[1:]:
        if opt in overrides:
            value = overrides.pop(opt)
        cmd += [opt] if value is None else [opt, value]
    for opt, value in overrides.items():
        cmd += [opt] if value is None else [opt, value]
    return cmd


def boot_machine(arch_name, machine, qemu=None):
    """How to boot arch_name's kernel on machine: a dict with 'qemu' (the
    command), 'kernel', 'dtb' (paths under build/, dtb None where QEMU
    makes the tree), 'append', and 'dtsi' and 'console_gate' where the
    machine has them.  qemu overrides options of the command, after the
    arch's own overrides."""
    a = arch(arch_name)
    if machine not in a['machines']:
        raise HarnessError('arch %s does not boot machine %s (know %s)' %
                           (arch_name, machine, ', '.join(machine_names())))
    m = MACHINES[machine]
    out = out_dir(arch_name)
    r = dict(m)
    r['qemu'] = qemu_command(m['qemu'], dict(a.get('qemu', {}), **(qemu or {})))
    r['kernel'] = os.path.join(out, a['image'])
    if m['dtb']:
        r['dtb'] = os.path.join(out, dtb_dir(arch_name), m['dtb'])
    return r
