# SPDX-License-Identifier: GPL-2.0
"""One boot of make bench's benchmark and the figures its console prints.

The kernels (CONFIGS), the machine (MACHINE, qemu_options()), the ways
(WAYS: each a command line) and the workloads (WORKLOADS: each a tree of
bctest.bench_trees and its ways).  boot() boots a configuration's kernel
on a tree one way, saves the console in build/bench/logs/ and returns its
figures (figures()), or stops the benchmark if the boot went wrong.
"""

import os
import re
import sys

from . import BUILD, TOP
from . import ktap, machines, qemu

OUT = os.path.join(BUILD, 'bench')
LOGS = os.path.join(OUT, 'logs')

# The kernels (harness archs of bctest.machines) and what their command
# line needs: the lockdep kernel has KUnit built in, whose suites must not
# run in a timed boot.
CONFIGS = {
    'production': {'arch': 'arm64-prod', 'args': ''},
    'lockdep': {'arch': 'arm64', 'args': 'kunit.enable=0'},
}
for _c in CONFIGS.values():
    _c['fragments'] = machines.arch(_c['arch'])['fragments']

# The test machine, virt on one CPU (--smp), with guest time counted in
# instructions (1 ns each) and no real-time sleeping while the guest idles.
MACHINE = 'virt'
QEMU = {'-smp': '1', '-icount': 'shift=0,sleep=off'}

WAYS = {
    'a': 'boot_constraints=off',
    'b': 'bc_bench.seed_deferral=1',
    'c': '',
    'auto': 'boot_constraints=auto',
}
WAY_NAMES = {
    'a': 'no constraints',
    'b': 'seed: early deferred probe',
    'c': 'ours: provider-driven',
    'auto': 'automatic, no table',
}
# The workloads (--workload): the tree each generates, and its ways.
WORKLOADS = {
    'abc': ['a', 'b', 'c'],
    'auto': ['a', 'auto'],
}
RUN_INIT = re.compile(r'^\[\s*(\d+\.\d+)\].*Run /init as init process')
# The end of the initcalls: clk_disable_unused(), at late_initcall_sync,
# after every probe of the bench's tree. After it, and before Run /init,
# the boot waits for an RCU grace period that the next tick (HZ=250) ends,
# 0.03 to 1.5 ms depending on where the tick falls, which moves with any
# change to the boot's code: way a waited 1.46 ms and way c 0.19 ms
# there on one kernel, and with initramfs_async=0 on both ways the other
# way round (N = 5000, 2026-12-07), moving Run /init c - a by 10,000
# instructions a constraint while this line moved by 20. The cost a
# constraint is judged here; c/a and auto/a at Run /init.
PROBED = re.compile(r'^\[\s*(\d+\.\d+)\].*clk: Disabling unused clocks')
STAT = re.compile(r'BC-BENCH (\w+) (\w+):? +(\d+)')

# QEMU puts the command line into the device tree (/chosen/bootargs): its
# length moves every node after it, and with them the alignment of the
# property names and strings that the boot compares, which changes the
# whole boot's instruction count by about 1% (N = 5000, Run /init
# 0.4134 s or 0.4183 s for the same kernel and way).  Every way's command
# line is padded (bc_bench.pad=, ignored by bench.c) to one length, so
# that the ways differ only in what they ask for.
PAD = 'bc_bench.pad='


def padded(args):
    width = max(len(w) for w in WAYS.values()) + len(PAD) + 2
    words = args.split()
    used = len(' '.join(words + [PAD]))
    return words + [PAD + 'x' * (width - used)]


def qemu_options(smp):
    """QEMU's options of the test machine on smp CPUs."""
    return dict(QEMU, **{'-smp': str(smp)})


def figures(lines):
    """A boot's figures from its console: {'init_s': the time of Run
    /init, 'GROUP.NAME': each BC-BENCH line's number}, and its problems."""
    r = {}
    problems = []
    for line in lines:
        m = RUN_INIT.match(line)
        if m:
            r['init_s'] = float(m.group(1))
        m = PROBED.match(line)
        if m:
            r['probed_s'] = float(m.group(1))
        m = STAT.search(line)
        if m:
            r['%s.%s' % (m.group(1), m.group(2))] = int(m.group(3))
        if 'not ok' in ktap.message(line):
            problems.append(ktap.message(line).strip())
    if 'init_s' not in r or 'bench.device_probes' not in r:
        problems.append('no Run /init or no bench stats')
    return r, problems


def boot(config, n, dtsi, way, rep, opt, extra='', workload='abc'):
    """Boot config's kernel on the tree dtsi (of n devices) the way way,
    with extra on its command line, as repetition rep, within opt.timeout
    seconds on opt.smp CPUs: its figures.  Exits on any problem."""
    name = 'bench-%s-%s%d-%s-%s' % (config, '' if workload == 'abc' else
                                    workload + '-', n, way, rep)
    args = ' '.join([CONFIGS[config]['args'], 'bc.scenario=bench', extra] +
                    padded(WAYS[way])).split()
    b = {'name': name, 'arch': CONFIGS[config]['arch'], 'machine': MACHINE,
         'dt': dtsi, 'args': ' '.join(args), 'qemu': qemu_options(opt.smp)}
    problems, reports, lines, _ = qemu.boot_one(b, opt.timeout, False)
    problems += reports
    log = os.path.join(LOGS, name + '.log')
    with open(log, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    r, found = figures(lines)
    problems += found
    if problems:
        sys.exit('%s: %s (log in %s)' % (name, '; '.join(problems),
                                         os.path.relpath(log, TOP)))
    return r
