# SPDX-License-Identifier: GPL-2.0
"""Boot-time benchmark of deferrable boot constraints (make bench).

usage: scripts/bench.py [--sizes 100,1000,5000] [--boots 3] [--every 20]
                       [--smp 1] [--configs production,lockdep]
                       [--workload abc,auto]

For each size N, writes build/bench/bench-N.dtsi: N devices on QEMU's virt
machine, every EVERY-th of them a "display" whose "pixel" clock has a boot
constraint, and one late clock controller per 100 displays
(drivers/boot_constraint/boards/bench.c).  Boots each configuration's arm64
kernel on it BOOTS times in each of three ways, in turn:

    a  boot_constraints=off: no constraints
    b  bc_bench.seed_deferral=1: the 2017 series' way (a platform device
       per constraint, deferred probing enabled early)
    c  our way: pending constraints retried when their provider binds

The configurations (--configs), each a kernel of its own:

    production  arm64-prod: configs/arm64.config and boot-constraint.config
                without lockdep, the other debug checks and KUnit
                (configs/prod.config); the targets are judged on it
    lockdep     arm64: the kernel of make test, with PROVE_LOCKING and
                DEBUG_ATOMIC_SLEEP

with -smp 1 (--smp) and -icount (guest time counts instructions, so host
load does not change it: boots of one kernel, tree and command line are
identical, and the median of a few only guards against a host hiccup), and
once more with bc_bench.time_hooks=1, not timed itself, for the time the
driver core's hooks take on a device without constraints and where a
constraint's time goes (the phases of bench.c's struct bcb_phase).  From
each boot it takes the bench drivers' probe calls and -EPROBE_DEFER
returns, the kernel's timestamp of "Run /init", the core's debugfs stats
(constraints added, apply attempts, bytes at most) and Slab from
/proc/meminfo.  Writes build/bench/bench.json and build/bench/bench.txt
(the tables, also printed) with the medians per configuration and way, the
ratios c/a and b/a and the breakdown per constraint, and the consoles in
build/bench/logs/.  Exits 1 if the production kernel misses a target at
any N booted: c/a probe calls 1, c/a Run /init at most 1.01, and the
hooks within 1 ns of boot_constraints=off once no constraint is left (the
hooks boot waits for the deadline, then times them again), and so the
hook of a device's add (bench.c's after_added_ns: the driver core's
boot_constraints_device_added() over 1000 calls on the tree's devices,
which the static key patches out), within ADDED_MARGIN_NS; bench.c also
adds 100 devices of the tree, each bound by the bench's driver, and
reports the medians of their add and probe, and of what the bus notifiers
and the driver core's hooks take of it (the phases create, before_probe
and after_probe, between the bench's own first and last notifiers and its
probe); and at the largest N, c - a at the end of the initcalls ("clk: Disabling
unused clocks") under 10,000 instructions a constraint: Run /init follows
a wait for a tick that moves it by up to 16,000 a constraint at N = 5000
(bench_boot.PROBED); it is reported beside it.  While
constraints are pending the hooks' cost is reported, and counts in c/a Run
/init: boot_constraints=off turns the hooks off with their static key, so
there is no lookup of the same cost to compare it with.

That is the "abc" workload (--workload, the default).  The "auto" workload
boots boot_constraints=auto, with no table, on a tree where EVERY device
(a "bc-bench,auto-device") names a clock of the late clock controllers,
running at 24 MHz: one in AUTO_CLK_ON_EVERY of them left on at boot, the
others off.  One device in AUTO_SUPPLY_EVERY also names a "vdd" supply and
one in AUTO_DOMAIN_EVERY a power domain, of AUTO_PROVIDERS fake regulators
and domains (registered late with the clocks), every other one on at boot.
Each device's driver takes its clock and supply.  Two ways:

    a     boot_constraints=off
    auto  boot_constraints=auto: what is on is held until the device's
          driver probes, what is off is left off and its constraint freed

and the same figures, plus: the constraints added, found off (auto_off),
held, the core's bytes when the first device probes (every provider bound,
nothing released yet) per held resource, bytes_peak, and the bytes and
constraints left once every driver has bound (only the history of the
last 64 devices).  The numbers found off and held are checked against the
tree, and every clock left on must be found held at its device's probe.
auto/a at the end of the initcalls is reported beside auto/a Run /init,
as for the abc workload (see bench_boot.PROBED).
Targets, production kernel, every N: auto/a probe calls 1, auto/a Run
/init at most 1.02, and the hook of a device's add once no constraint is
left within ADDED_MARGIN_NS of boot_constraints=off (where, before, each
added device's node was walked for what it names).

The benchmark's modules: bctest.bench_trees the trees, bctest.bench_boot
a boot and its console's figures, bctest.bench_figures the medians and
breakdowns, bctest.bench_tables the tables, bctest.bench_targets the
targets; this one runs the boots and writes the results.
"""

import argparse
import json
import os
import sys
import time

from . import TOP
from . import bench_boot, bench_figures, bench_tables, bench_targets
from . import bench_trees, machines
from .bench_boot import CONFIGS, WAYS, WAY_NAMES, WORKLOADS


def write_tree(name, text):
    """Write a tree of bctest.bench_trees into build/bench/: its path from
    the top, for a boot's dt."""
    path = os.path.join(os.path.relpath(bench_boot.OUT, TOP), name)
    with open(os.path.join(TOP, path), 'w') as f:
        f.write(text)
    return path


def boot_ways(config, n, dtsi, workload, opt):
    """opt.boots boots of each of the workload's ways in turn, each with a
    progress line: {way: [each boot's figures]}."""
    boots = {w: [] for w in WORKLOADS[workload]}
    for rep in range(opt.boots):
        for way in WORKLOADS[workload]:
            t = time.monotonic()
            r = bench_boot.boot(config, n, dtsi, way, rep, opt,
                                workload=workload)
            boots[way].append(r)
            found = ('' if workload == 'abc' else ', %d added, %d off' %
                     (r.get('core.added', 0), r.get('core.auto_off', 0)))
            print('# %s %sN=%d %s boot %d: Run /init at %.4f s, %d probe '
                  'calls%s (%.0f s)' %
                  (config, '' if workload == 'abc' else workload + ' ', n,
                   way, rep, r['init_s'],
                   sum(v for k, v in r.items() if k.endswith('_probes')),
                   found, time.monotonic() - t), flush=True)
    return boots


def hooks_boot(config, n, dtsi, way, opt, workload):
    """One more boot of a way times the hooks and the phases, which takes
    time of its own: its figures."""
    return bench_boot.boot(config, n, dtsi, way, 'hooks', opt,
                           'bc_bench.time_hooks=1', workload)


HOOKS = {'abc': bench_figures.abc_hooks, 'auto': bench_figures.auto_hooks}


def run_ways(config, n, dtsi, workload, opt, exp=None):
    """The workload's boots on the tree dtsi of n devices: {way: the
    summary of its boots, their figures, and its hooks boot's figures}.
    With exp (the automatic workload's auto_expected()), exits if a way's
    boots did not find in the tree what it holds."""
    boots = boot_ways(config, n, dtsi, workload, opt)
    res = {}
    for way in WORKLOADS[workload]:
        s = res[way] = bench_figures.summarize(boots[way])
        s['raw'] = boots[way]
        problems = bench_figures.auto_problems(s, exp, way) if exp else []
        if problems:
            sys.exit('%s auto N=%d way %s: %s' % (config, n, way,
                                                  '; '.join(problems)))
        s.update(HOOKS[workload](hooks_boot(config, n, dtsi, way, opt,
                                            workload)))
    return res


def run_abc(config, n, opt):
    """The abc workload at size n: its results."""
    text, displays, providers = bench_trees.abc_dtsi(n, opt.every)
    dtsi = write_tree('bench-%d.dtsi' % n, text)
    res = {'workload': 'abc', 'config': config, 'devices': n,
           'displays': displays, 'providers': providers}
    res.update(run_ways(config, n, dtsi, 'abc', opt))
    res['c']['breakdown'] = bench_figures.breakdown(
        res['c']['phases_raw'], res['a']['phases_raw'], n, displays)
    res['ratios'] = {q: bench_figures.ratios(res, q[0])
                     for q in ('c/a', 'b/a')}
    return res


def run_auto(config, n, opt):
    """The automatic workload at size n: its results."""
    text, exp, providers = bench_trees.auto_dtsi(n)
    dtsi = write_tree('bench-auto-%d.dtsi' % n, text)
    res = {'workload': 'auto', 'config': config, 'devices': n,
           'providers': providers, 'expected': exp}
    res.update(run_ways(config, n, dtsi, 'auto', opt, exp))
    res['auto']['breakdown'] = bench_figures.auto_breakdown(
        res['auto']['phases_raw'], res['a']['phases_raw'], n)
    res['ratios'] = {'auto/a': bench_figures.ratios(res, 'auto')}
    return res


RUNS = {'abc': run_abc, 'auto': run_auto}
TABLES = {'abc': bench_tables.table, 'auto': bench_tables.auto_table}


def options():
    """The command line: (its options, the sizes, configurations and
    workloads)."""
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--sizes', default='100,1000,5000')
    ap.add_argument('--boots', type=int, default=3,
                    help='boots per size and way (default 3)')
    ap.add_argument('--every', type=int, default=20,
                    help='one device in EVERY is constrained (default 20)')
    ap.add_argument('--smp', type=int, default=1,
                    help='guest CPUs (default 1)')
    ap.add_argument('--configs', default='production,lockdep',
                    help='kernels to boot, of %s (default: all)' %
                    ', '.join(CONFIGS))
    ap.add_argument('--timeout', type=int, default=600,
                    help='seconds per boot (default 600)')
    ap.add_argument('--workload', default='abc',
                    help='trees to boot, of %s (default abc)' %
                    ', '.join(WORKLOADS))
    opt = ap.parse_args()
    sizes = [int(x) for x in opt.sizes.split(',')]
    configs = opt.configs.split(',')
    workloads = opt.workload.split(',')
    for config in configs:
        if config not in CONFIGS:
            ap.error('unknown configuration %s' % config)
    for workload in workloads:
        if workload not in WORKLOADS:
            ap.error('unknown workload %s' % workload)
    return opt, sizes, configs, workloads


def document(opt, workloads):
    """bench.json's description of the runs, before their results."""
    doc = {
        'machine': ' '.join(machines.boot_machine(
            'arm64', bench_boot.MACHINE,
            bench_boot.qemu_options(opt.smp))['qemu']),
        'ways': {w: {'args': WAYS[w], 'what': WAY_NAMES[w]} for w in WAYS},
        'workloads': {w: {'ways': WORKLOADS[w]} for w in workloads},
        'constrained_every': opt.every,
        'boots_per_way': opt.boots,
        'configs': {},
    }
    if 'auto' in workloads:
        doc['workloads']['auto'].update(
            clocks_per_provider=bench_trees.CLOCKS_PER_PROVIDER,
            clock_on_every=bench_trees.AUTO_CLK_ON_EVERY,
            supply_every=bench_trees.AUTO_SUPPLY_EVERY,
            domain_every=bench_trees.AUTO_DOMAIN_EVERY,
            regulators=bench_trees.AUTO_PROVIDERS,
            domains=bench_trees.AUTO_PROVIDERS,
            rate_hz=bench_trees.AUTO_RATE)
    return doc


def main():
    opt, sizes, configs, workloads = options()
    os.makedirs(bench_boot.LOGS, exist_ok=True)
    start = time.monotonic()
    # Each configuration's figures are in configs.NAME.workloads.WORKLOAD
    # (configs.NAME.results is the abc workload's, as it always was), and
    # each size's entry names its workload and configuration again.
    doc = document(opt, workloads)
    texts = []
    for config in configs:
        doc['configs'][config] = dict(CONFIGS[config], workloads={})
        for workload in workloads:
            results = {str(n): RUNS[workload](config, n, opt) for n in sizes}
            doc['configs'][config]['workloads'][workload] = {
                'config': config, 'workload': workload, 'results': results}
            if workload == 'abc':
                doc['configs'][config]['results'] = results
            texts.append(TABLES[workload](config, results, sizes))
    doc['seconds'] = round(time.monotonic() - start)
    with open(os.path.join(bench_boot.OUT, 'bench.json'), 'w') as f:
        json.dump(doc, f, indent=1)
    text = '\n\n'.join(texts)
    with open(os.path.join(bench_boot.OUT, 'bench.txt'), 'w') as f:
        f.write(text + '\n')
    print(text)

    met = bench_targets.judge(doc['configs'], workloads, sizes)
    print('# %d s' % doc['seconds'])
    return 0 if met else 1
