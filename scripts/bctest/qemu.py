# SPDX-License-Identifier: GPL-2.0
"""Boot one guest in QEMU and read its console.

boot_one() makes the boot's device tree (the machine's, with the machine's
and the boot's .dtsi merged on top and the boot's fixup script run on it),
runs QEMU with the kernel and initramfs that scripts/steps/build.sh and
scripts/steps/mkinitramfs.sh made for its arch, and ends QEMU when the guest
prints its end marker (or on a timeout, or shortly after a panic).

Two arguments are for the runner (the kernel ignores them):
bc.console-dies says the boot's console is expected to die (its clock
gated under it, on a machine whose UART stops without its clock): the
boot passes "console-died" if the guest never reaches its end marker and
goes silent, and "console-gate-off" if the machine's console gate
(machines.MACHINES console_gate, read through QEMU's monitor once the guest
is silent) is off.  bc.expect-line=REGEX (a space in the console line is
any character, ".", in REGEX) passes "expect-line.N" if a console line
matches it: what a console that dies must have printed first.
"""

import os
import re
import selectors
import socket
import subprocess
import threading
import time

from . import BUILD, TOP
from . import machines
from . import uboot
from .ktap import PANIC, message, splats

END_MARKER = 'BC-GUEST-END'
# A boot whose console is expected to die ends this long after its last
# line (the guest can no longer reach the end marker).
SILENCE = 10

# The QEMUs running (boot_one() runs in several threads at once), for
# kill_all().
_running = set()
_running_lock = threading.Lock()


def run(cmd, what):
    """Run a host tool; RuntimeError with its stderr if it fails."""
    p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True,
                       text=True)
    if p.returncode:
        raise RuntimeError('%s failed:\n%s' % (what, p.stderr.strip()))


def make_dtb(boot, m):
    """The machine's device tree with the machine's .dtsi and the boot's
    merged on top, then the boot's fixup script run on it."""
    d = os.path.join(BUILD, 'dt')
    os.makedirs(d, exist_ok=True)
    base = os.path.join(d, boot['name'] + '-base.dtb')
    if m['dtb']:
        base = os.path.join(BUILD, m['dtb'])
    else:
        q = list(m['qemu'])
        i = q.index('-M') + 1
        q[i] += ',dumpdtb=' + base
        run(q, 'qemu dumpdtb')
    dts = os.path.join(d, boot['name'] + '.dts')
    run(['dtc', '-q', '-I', 'dtb', '-O', 'dts', '-o', dts, base], 'dtc -I dtb')
    frag, _, fixup = (boot['dt'] or '').partition('+')
    frags = [f for f in (m.get('dtsi'), frag) if f]
    for f in frags:
        path = os.path.join(TOP, f)
        if not os.path.isfile(path):
            raise RuntimeError('no DT fragment %s' % path)
        with open(dts, 'a') as out:
            out.write('\n/include/ "%s"\n' % path)
    dtb = os.path.join(d, boot['name'] + '.dtb')
    run(['dtc', '-q', '-I', 'dts', '-O', 'dtb', '-o', dtb, dts],
        'dtc merging ' + (' '.join(frags) or 'nothing'))
    if fixup:
        run([os.path.join(TOP, fixup), dtb], fixup)
    return dtb


def uboot_options(boot, m, kernel, initrd, append):
    """QEMU's options for a machine U-Boot boots: U-Boot and its medium
    (an SD card image, or a TFTP directory on QEMU's user network) with the
    kernel, the .dtb (the machine's with the .dtsi files merged on the
    host) and the initramfs, whose boot script runs the boot's DT '+FILE'
    (U-Boot commands) on the tree before it boots it
    (scripts/bctest/uboot.py)."""
    frag, _, declare = (boot['dt'] or '').partition('+')
    if frag or m.get('dtsi'):
        dtb = make_dtb(dict(boot, dt=frag), m)
    else:
        dtb = os.path.join(BUILD, m['dtb'])
    if declare:
        declare = os.path.join(TOP, declare)
        if not os.path.isfile(declare):
            raise RuntimeError('no U-Boot script %s' % declare)
    files = {'zImage': kernel, 'board.dtb': dtb, 'initramfs.cpio': initrd}
    if uboot.FLAVOURS[m['uboot']]['medium'] == 'net':
        return uboot.net_boot(boot['name'], m['uboot'], files, append,
                              declare or None)
    img = uboot.sd_image(boot['name'], m['uboot'], files, append,
                         declare or None)
    return ['-drive', 'file=%s,format=raw,if=sd' % img]


def with_options(cmd, opts):
    """The QEMU command cmd (a list) with opts (a list of OPTION VALUE
    pairs) added: each replaces the value of the same option in cmd, if
    cmd has it (the machines' "-nic none")."""
    cmd = list(cmd)
    for opt, value in zip(opts[::2], opts[1::2]):
        if opt in cmd and opt != '-device':
            cmd[cmd.index(opt) + 1] = value
        else:
            cmd += [opt, value]
    return cmd


def monitor_read(path, addr):
    """One 32-bit word of the guest's physical memory, through QEMU's
    human monitor on the unix socket at path; None if it cannot be read."""
    for _ in range(3):
        value = monitor_read_once(path, addr)
        if value is not None:
            return value
        time.sleep(1)
    return None


def monitor_read_once(path, addr):
    """One try of monitor_read()."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sk:
            sk.settimeout(5)
            sk.connect(path)
            sk.sendall(b'xp /1wx 0x%x\n' % addr)
            out = b''
            end = time.monotonic() + 5
            pat = re.compile(rb'%x:\s+(0x[0-9a-f]+)' % addr)
            while time.monotonic() < end:
                try:
                    chunk = sk.recv(4096)
                except socket.timeout:
                    break
                if not chunk:
                    break
                out += chunk
                m = pat.search(out)
                if m:
                    return int(m.group(1), 16)
    except OSError:
        pass
    return None


def type_keys(p, flavour, lines, buf):
    """Type at U-Boot's prompt what its flavour wants typed
    (uboot.keys()), once the console (lines, then the unfinished line buf)
    shows it; whether it was typed."""
    said = lines[-3:] + [buf.decode('utf-8', 'replace')]
    keys = uboot.keys(flavour, '\n'.join(said))
    if keys is None:
        return False
    for k in keys:
        p.stdin.write(k.encode())
        p.stdin.flush()
        # U-Boot's UART has a tiny FIFO and reads it between commands.
        time.sleep(0.3)
    return True


def kill_all():
    """End the QEMUs that boot_one() calls still run (the runner
    stopping early: an exception, ^C)."""
    with _running_lock:
        for p in _running:
            if p.poll() is None:
                p.kill()


def boot_one(boot, timeout, console):
    """Boot once; return (problems, kernel reports, console lines, cases).

    cases are the runner's own checks of the boot: (name, ok, detail).
    boot is a boot of a table (bctest.boots), with 'qemu' ({OPTION: VALUE})
    if it overrides options of its machine's QEMU command.
    """
    m = machines.boot_machine(boot['arch'], boot['machine'], boot.get('qemu'))
    kernel = os.path.join(BUILD, m['kernel'])
    initrd = os.path.join(BUILD, 'initramfs-%s.cpio' % boot['arch'])
    # Another build of the arch's kernel (run-tests.py --kernel-dir,
    # --initramfs: check-bisect's builds of each commit).
    if boot.get('kernel_dir'):
        kernel = os.path.join(boot['kernel_dir'],
                              machines.arch(boot['arch'])['image'])
    if boot.get('initramfs'):
        initrd = boot['initramfs']
    for f in (kernel, initrd):
        if not os.path.isfile(f):
            return ['missing %s (make build-%s initramfs-%s)' %
                    (os.path.relpath(f, TOP), boot['arch'], boot['arch'])], [], [], []
    words = boot['args'].split()
    dies = 'bc.console-dies' in words
    expect = [w.split('=', 1)[1] for w in words
              if w.startswith('bc.expect-line=')]
    qemu = list(m['qemu'])
    sock = None
    if dies:
        if 'console_gate' not in m:
            return ['bc.console-dies: machine %s has no console_gate' %
                    boot['machine']], [], [], []
        sock = os.path.join(BUILD, 'logs', boot['name'] + '.monitor')
        if os.path.exists(sock):
            os.unlink(sock)
        qemu[qemu.index('-monitor') + 1] = 'unix:%s,server=on,wait=off' % sock
    append = (m['append'] + ' ' + boot['args']).strip()
    try:
        if m.get('uboot'):
            cmd = with_options(qemu, uboot_options(boot, m, kernel, initrd,
                                                   append))
        else:
            cmd = qemu + ['-kernel', kernel, '-initrd', initrd,
                          '-append', append]
            if boot['dt'] or m.get('dtsi'):
                cmd += ['-dtb', make_dtb(boot, m)]
            elif m['dtb']:
                cmd += ['-dtb', os.path.join(BUILD, m['dtb'])]
    except RuntimeError as e:
        return [str(e)], [], [], []

    lines, problems, cases = [], [], []
    marker = panic = silent = False
    # Whether U-Boot's prompt is answered (or wants no answer): the console
    # is QEMU's stdin then, else nothing is.
    typed = 'keys' not in uboot.FLAVOURS.get(m.get('uboot'), {})
    with _running_lock:
        p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL if typed else
                             subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        _running.add(p)
    sel = selectors.DefaultSelector()
    sel.register(p.stdout, selectors.EVENT_READ)
    start = time.monotonic()
    deadline = start + timeout
    end = None          # set when the guest is done: let QEMU exit or kill it
    last = start        # when the console last said something
    buf = b''
    while True:
        now = time.monotonic()
        if end is not None and now >= end:
            break
        if dies and not marker and lines and now >= last + SILENCE:
            silent = True
            break
        if now >= deadline:
            problems.append('timed out after %d s' % timeout)
            break
        wait = min(deadline, end or deadline) - now
        if dies:
            wait = min(wait, last + SILENCE - now)
        if not sel.select(max(wait, 0)):
            continue
        chunk = os.read(p.stdout.fileno(), 65536)
        if not chunk:
            break       # QEMU exited
        last = time.monotonic()
        buf += chunk
        if not typed:
            typed = type_keys(p, m['uboot'], lines, buf)
        *done, buf = buf.split(b'\n')
        for raw in done:
            line = raw.decode('utf-8', 'replace').rstrip('\r')
            lines.append(line)
            if console:
                print(line, flush=True)
            msg = message(line).strip()
            if msg == END_MARKER and not marker:
                marker = True
                end = time.monotonic() + 1
            elif m.get('uboot') and uboot.failed(line) and end is None:
                problems.append('U-Boot did not start the kernel: ' + line)
                end = time.monotonic() + 1
            elif PANIC.search(msg) and not panic:
                panic = True
                end = time.monotonic() + 2
    if buf:
        lines.append(buf.decode('utf-8', 'replace').rstrip('\r'))
    if dies:
        name, addr, mask, on = m['console_gate']
        value = monitor_read(sock, addr) if p.poll() is None else None
        cases.append(('console-died', silent and not marker and not panic,
                      'the guest went silent before %s' % END_MARKER))
        cases.append(('console-gate-off',
                      value is not None and value & mask != on,
                      '%s (0x%08x) = %s, mask 0x%x, on 0x%x' %
                      (name, addr, 'unreadable' if value is None
                       else '0x%08x' % value, mask, on)))
    # The kernel echoes its command line, bc.expect-line= included.
    said = [message(ln) for ln in lines if 'command line' not in ln]
    for i, pattern in enumerate(expect, 1):
        rx = re.compile(pattern)
        cases.append(('expect-line.%d' % i,
                      any(rx.search(ln) for ln in said), pattern))
    if p.poll() is None:
        p.kill()
    rc = p.wait()
    with _running_lock:
        _running.discard(p)
    sel.close()
    p.stdout.close()
    if p.stdin:
        p.stdin.close()
    if sock and os.path.exists(sock):
        os.unlink(sock)

    if m.get('uboot') and not uboot.started(lines) and not problems:
        problems.append('U-Boot did not start the kernel')
    if panic and not marker:
        problems.append('kernel panicked before %s' % END_MARKER)
    elif not marker and not problems and not dies:
        problems.append('QEMU exited (status %d) before %s' % (rc, END_MARKER))
    found = splats(lines)
    reports = []
    if found:
        reports.append('kernel splat: ' + '; '.join(message(s).strip()
                                                     for s in found[:5]))
    return problems, reports, lines, cases
