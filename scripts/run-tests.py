#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Boot the guests listed in a boot table and report their tests.

usage: scripts/run-tests.py [--table FILE] [--timeout S] [--console] [BOOT ...]

Each boot runs QEMU with the kernel and initramfs that scripts/build.sh and
scripts/mkinitramfs.sh made for its arch, saves the console to
build/logs/BOOT.log and ends QEMU when the guest prints its end marker (or
on a timeout, or shortly after a panic).  Each boot is two checks:
BOOT.booted-cleanly (the marker came) and BOOT.no-kernel-reports (no
crash, warning, lockdep, KASAN, UBSAN, debug-objects or kmemleak report on
the console).  Every KTAP test case on the console (KUnit's nested output
and the guest scenario's) is reported as

    ok - BOOT.SUITE.CASE
    not ok - BOOT.SUITE.CASE
    ok - BOOT.SUITE.CASE # SKIP reason

and the run ends with one line "N passed, N failed[, N skipped]".  The exit
status is non-zero if anything failed or no test case ran at all.

The boot table (tests/boots) has one boot per line, whitespace separated:

    NAME  ARCH  MACHINE  DT  [KERNEL-ARGUMENT ...]

ARCH and MACHINE pick the kernel and the QEMU command (MACHINES below).  DT
is "-" for the machine's own device tree, or a .dtsi file (relative to the
repository) merged with dtc on top of it, optionally followed by "+SCRIPT"
("+SCRIPT" alone: the machine's own tree and the script):
a script that edits the merged .dtb (its argument) as a bootloader would.  The kernel arguments are added
to the machine's console arguments; bc.scenario=NAME makes the guest run
tests/guest/scenarios/NAME.sh.  "#" starts a comment.

Two arguments are for the runner (the kernel ignores them):
bc.console-dies says the boot's console is expected to die (its clock
gated under it, on a machine whose UART stops without its clock): the
boot passes "console-died" if the guest never reaches its end marker and
goes silent, and "console-gate-off" if the machine's console gate
(MACHINES console_gate, read through QEMU's monitor once the guest is
silent) is off.  bc.expect-line=REGEX (a space in the console line is
any character, ".", in REGEX) passes "expect-line.N" if a console line
matches it: what a console that dies must have printed first.
"""

import argparse
import os
import re
import selectors
import socket
import subprocess
import sys
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(TOP, 'build')
END_MARKER = 'BC-GUEST-END'

# (arch, machine): how to boot it.  dtb None means QEMU generates the tree;
# dtsi, if any, is merged into every boot's tree of that machine.
# QEMU 7.2's Cortex-A9 timers (TWD, global timer) lose their interrupts
# when the host is loaded: jiffies crawl, and sleep and the kernel's timers
# come seconds late.  sabrelite's dtsi disables the TWD, for the i.MX GPT.
# The Zynq has no other timer early enough (its TTC is a platform driver):
# it keeps the TWD, slow but never stuck; the global timer alone stalled
# sleep, and -icount, which kept it ticking, leaves QEMU's monitor
# unanswered once the console is dead (bc.console-dies needs it).
MACHINES = {
    ('arm64', 'virt'): {
        'qemu': ['qemu-system-aarch64', '-M', 'virt', '-cpu', 'cortex-a57',
                 '-m', '512', '-nographic', '-nic', 'none', '-no-reboot'],
        'kernel': 'out-arm64/arch/arm64/boot/Image',
        'dtb': None,
        'append': 'console=ttyAMA0 panic=-1',
    },
    # The same machine and kernel with KASAN, UBSAN, kmemleak and fault
    # injection (configs/debug.config): KASAN's shadow and kmemleak's
    # objects want more memory, and two CPUs let the race tests race.
    ('arm64-debug', 'virt'): {
        'qemu': ['qemu-system-aarch64', '-M', 'virt', '-cpu', 'cortex-a57',
                 '-smp', '2', '-m', '1024', '-nographic', '-nic', 'none',
                 '-no-reboot'],
        'kernel': 'out-arm64-debug/arch/arm64/boot/Image',
        'dtb': None,
        'append': 'console=ttyAMA0 panic=-1',
    },
    # The arm32 machines share one multi-platform kernel (configs/arm32.config).
    ('arm32', 'sabrelite'): {
        # i.MX6Q.  UART2 (ttymxc1) is the console: serial0 goes nowhere.
        # QEMU 7.2 cannot power sabrelite off: the runner ends it at the
        # marker.
        'qemu': ['qemu-system-arm', '-M', 'sabrelite', '-m', '1G',
                 '-display', 'none', '-monitor', 'none', '-nic', 'none',
                 '-serial', 'null', '-serial', 'stdio'],
        'kernel': 'out-arm32/arch/arm/boot/zImage',
        'dtb': 'out-arm32/arch/arm/boot/dts/nxp/imx/imx6q-sabrelite.dtb',
        'append': 'console=ttymxc1 panic=-1',
        # QEMU's Cortex-A9 timers lose their interrupts when the host is
        # loaded: merged into every boot's tree, see the file.
        'dtsi': 'tests/scenarios/imx6q-no-twd.dtsi',
    },
    ('arm32', 'zynq'): {
        # Zynq-7000 (QEMU's ZC702-like xilinx-zynq-a9): UART1 (ttyPS0) is
        # the console, on the second serial port.  QEMU models its clock:
        # with UART_CLK_CTRL's CLKACT1 clear, every access to the UART
        # fails (a bus error), so a gated console dies.
        'qemu': ['qemu-system-arm', '-M', 'xilinx-zynq-a9', '-m', '1G',
                 '-display', 'none', '-monitor', 'none', '-nic', 'none',
                 '-serial', 'null', '-serial', 'stdio'],
        'kernel': 'out-arm32/arch/arm/boot/zImage',
        'dtb': 'out-arm32/arch/arm/boot/dts/xilinx/zynq-zc702.dtb',
        'append': 'console=ttyPS0 panic=-1',
        # The console's gate, read by the runner (QEMU's monitor) when the
        # guest can no longer say anything: SLCR UART_CLK_CTRL, CLKACT1.
        'console_gate': ('UART_CLK_CTRL', 0xF8000154, 0x2, 0x2),
    },
    ('arm32', 'ast2600-evb'): {
        # AST2600: UART5 (ttyS4) is the console, QEMU's first serial port.
        'qemu': ['qemu-system-arm', '-M', 'ast2600-evb', '-m', '1G',
                 '-display', 'none', '-monitor', 'none', '-nic', 'none',
                 '-serial', 'stdio'],
        'kernel': 'out-arm32/arch/arm/boot/zImage',
        'dtb': 'out-arm32/arch/arm/boot/dts/aspeed/aspeed-ast2600-evb.dtb',
        'append': 'console=ttyS4 panic=-1',
    },
}
# The baseline: pristine 6.12 on the same machines (scripts/lib.sh arm32-base).
for (_arch, _machine), _m in list(MACHINES.items()):
    if _arch == 'arm32':
        MACHINES[('arm32-base', _machine)] = dict(
            _m, kernel=_m['kernel'].replace('out-arm32/', 'out-arm32-base/'),
            dtb=_m['dtb'].replace('out-arm32/', 'out-arm32-base/'))

# Kernel messages that fail a boot (matched after the printk timestamp):
# crashes, warnings, and the reports of lockdep, KASAN, UBSAN, debug
# objects and kmemleak (configs/debug.config).
SPLAT = re.compile(r'Kernel panic|\bOops\b|\bBUG:|kernel BUG at|WARNING:|'
                   r'\bINFO: |possible circular locking|'
                   r'possible recursive locking|KASAN|UBSAN|ODEBUG:|'
                   r'kmemleak: .*suspected memory leak|'
                   r'Unable to handle kernel|Internal error:|'
                   r'stack-protector|Attempted to kill init')
PANIC = re.compile(r'Kernel panic|Attempted to kill init')
TIMESTAMP = re.compile(r'^\[\s*\d+\.\d+\](\[\s*[CT]\d+\])? ?')
RESULT = re.compile(r'^(not ok|ok)\s+\d+\s*(?:-\s+)?([^#]*?)\s*(?:#\s*(.*))?$')
PLAN = re.compile(r'^1\.\.(\d+)')
# A boot whose console is expected to die ends this long after its last
# line (the guest can no longer reach the end marker).
SILENCE = 10


def message(line):
    """A console line without its printk timestamp."""
    return TIMESTAMP.sub('', line, count=1)


class Frame:
    """A KTAP (sub)test whose result lines are indented by `indent`."""

    def __init__(self, indent, name=None):
        self.indent = indent
        self.name = name
        self.plan = None
        self.results = 0
        self.failed = False


class Ktap:
    """Collects the leaf test cases of all KTAP documents in a console.

    A result line that closes a subtest with results of its own (a KUnit
    suite, a parameterised test) is not a case: its children are.  It
    still counts as one failure if it failed while none of its children
    did (a crash in suite init or exit), and a subtest whose plan promised
    more results than came counts as one failure.
    """

    def __init__(self):
        self.cases = []         # (path, status, directive); status ok/fail/skip
        self.stack = []

    def record(self, path, status, directive=''):
        self.cases.append(('.'.join(path), status, directive))
        if status == 'fail':
            for f in self.stack:
                f.failed = True

    def path(self, frames):
        return [f.name for f in frames if f.name]

    def close(self, frame, parents):
        """Check a frame's plan when it ends."""
        if frame.plan is not None and frame.results < frame.plan:
            frame.failed = True
            self.record(self.path(parents + [frame]) + ['incomplete'], 'fail',
                        '%d of %d results missing' %
                        (frame.plan - frame.results, frame.plan))

    def close_all(self):
        while self.stack:
            f = self.stack.pop()
            self.close(f, self.stack)

    def feed(self, line):
        text = message(line).rstrip()
        body = text.lstrip(' ')
        indent = len(text) - len(body)
        if re.match(r'^K?TAP version \d+', body):
            if indent == 0:
                self.close_all()
                self.stack = [Frame(0)]
            elif self.stack and self.stack[-1].indent < indent:
                self.stack.append(Frame(indent))
            return
        if not self.stack:
            return          # not inside a KTAP document
        top = self.stack[-1]
        m = re.match(r'^# Subtest: (.*)', body)
        if m:
            if top.indent == indent and top.name is None and len(self.stack) > 1:
                top.name = m.group(1).strip()
            elif top.indent < indent:
                self.stack.append(Frame(indent, m.group(1).strip()))
            return
        m = PLAN.match(body)
        if m:
            if top.indent < indent:
                self.stack.append(Frame(indent))
            self.stack[-1].plan = int(m.group(1))
            return
        m = RESULT.match(body)
        if not m:
            return
        status = 'ok' if m.group(1) == 'ok' else 'fail'
        name = m.group(2) or '?'
        directive = (m.group(3) or '').strip()
        if status == 'ok' and directive.upper().startswith('SKIP'):
            status = 'skip'
        sub = None
        while self.stack and self.stack[-1].indent > indent:
            sub = self.stack.pop()
            if self.stack and self.stack[-1].indent > indent:
                self.close(sub, self.stack)     # deeper than a subtest: broken
        if not self.stack or self.stack[-1].indent < indent:
            self.stack.append(Frame(indent))
        parent = self.stack[-1]
        parent.results += 1
        if sub is not None and sub.results:
            # The result of a subtest with cases of its own: not a case.
            if status != 'skip':
                self.close(sub, self.stack)
            if status == 'fail' and not sub.failed:
                self.record(self.path(self.stack) + [name], 'fail', directive)
            return
        self.record(self.path(self.stack) + [name], status, directive)


def read_table(path):
    boots = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            words = line.split('#', 1)[0].split()
            if not words:
                continue
            if len(words) < 4:
                sys.exit('%s:%d: want NAME ARCH MACHINE DT [ARGS...]' % (path, n))
            name, arch, machine, dt = words[:4]
            if (arch, machine) not in MACHINES:
                sys.exit('%s:%d: unknown arch/machine %s/%s (know %s)' %
                         (path, n, arch, machine,
                          ', '.join('/'.join(k) for k in MACHINES)))
            if any(b['name'] == name for b in boots):
                sys.exit('%s:%d: boot %s defined twice' % (path, n, name))
            boots.append({'name': name, 'arch': arch, 'machine': machine,
                          'dt': None if dt == '-' else dt,
                          'args': ' '.join(words[4:])})
    return boots


def run(cmd, what):
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


def boot_one(boot, timeout, console):
    """Boot once; return (problems, kernel reports, console lines, cases).

    cases are the runner's own checks of the boot: (name, ok, detail).
    """
    m = MACHINES[(boot['arch'], boot['machine'])]
    kernel = os.path.join(BUILD, m['kernel'])
    initrd = os.path.join(BUILD, 'initramfs-%s.cpio' % boot['arch'])
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
    cmd = qemu + ['-kernel', kernel, '-initrd', initrd,
                  '-append', (m['append'] + ' ' + boot['args']).strip()]
    try:
        if boot['dt'] or m.get('dtsi'):
            cmd += ['-dtb', make_dtb(boot, m)]
        elif m['dtb']:
            cmd += ['-dtb', os.path.join(BUILD, m['dtb'])]
    except RuntimeError as e:
        return [str(e)], [], [], []

    lines, problems, cases = [], [], []
    marker = panic = silent = False
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT)
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
    sel.close()
    p.stdout.close()
    if sock and os.path.exists(sock):
        os.unlink(sock)

    if panic and not marker:
        problems.append('kernel panicked before %s' % END_MARKER)
    elif not marker and not problems and not dies:
        problems.append('QEMU exited (status %d) before %s' % (rc, END_MARKER))
    splats = [ln for ln in lines
              if SPLAT.search(message(ln)) and not message(ln).lstrip().startswith('#')]
    reports = []
    if splats:
        reports.append('kernel splat: ' + '; '.join(message(s).strip()
                                                     for s in splats[:5]))
    return problems, reports, lines, cases


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--table', default=os.path.join(TOP, 'tests', 'boots'),
                    help='boot table (default tests/boots)')
    ap.add_argument('--timeout', type=int, default=120,
                    help='seconds per boot (default 120)')
    ap.add_argument('--console', action='store_true',
                    help='copy the guest consoles to stdout')
    ap.add_argument('boots', nargs='*', metavar='BOOT',
                    help='only these boots (default all)')
    opt = ap.parse_args()

    boots = read_table(opt.table)
    if opt.boots:
        names = [b['name'] for b in boots]
        unknown = [n for n in opt.boots if n not in names]
        if unknown:
            sys.exit('no such boot in %s: %s' % (opt.table, ' '.join(unknown)))
        boots = [b for b in boots if b['name'] in opt.boots]

    logs = os.path.join(BUILD, 'logs')
    os.makedirs(logs, exist_ok=True)
    count = {'ok': 0, 'fail': 0, 'skip': 0}
    cases = 0
    for b in boots:
        print('# boot %s: %s %s %s' % (b['name'], b['arch'], b['machine'],
                                       b['args']), flush=True)
        t = time.monotonic()
        problems, reports, lines, checks = boot_one(b, opt.timeout,
                                                    opt.console)
        log = os.path.join(logs, b['name'] + '.log')
        with open(log, 'w') as f:
            f.write('\n'.join(lines) + '\n')
        ktap = Ktap()
        for line in lines:
            ktap.feed(line)
        ktap.close_all()
        for name, status, directive in ktap.cases:
            word = {'ok': 'ok', 'fail': 'not ok', 'skip': 'ok'}[status]
            print('%s - %s.%s%s' % (word, b['name'], name,
                                    ' # ' + directive if directive else ''))
            count[status] += 1
            cases += 1
        for name, ok, detail in checks:
            print('%s - %s.%s' % ('ok' if ok else 'not ok', b['name'], name))
            print('#   ' + detail)
            count['ok' if ok else 'fail'] += 1
        # Two checks of every boot: it reached its end (or, expected to
        # lose its console, went silent without a crash), and the kernel
        # reported nothing (no crash, warning or sanitizer report).
        for check, found in (('booted-cleanly', problems),
                             ('no-kernel-reports', reports)):
            count['fail' if found else 'ok'] += 1
            print('%s - %s.%s' % ('not ok' if found else 'ok', b['name'],
                                  check))
            for p in found:
                print('#   ' + p)
        print('# boot %s: %.1f s, log in %s' %
              (b['name'], time.monotonic() - t, os.path.relpath(log, TOP)),
              flush=True)

    if not cases:
        print('# no test case ran')
    summary = '%d passed, %d failed' % (count['ok'], count['fail'])
    if count['skip']:
        summary += ', %d skipped' % count['skip']
    print(summary)
    return 1 if count['fail'] or not cases else 0


if __name__ == '__main__':
    sys.exit(main())
