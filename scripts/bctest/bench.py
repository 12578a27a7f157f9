# SPDX-License-Identifier: GPL-2.0
"""Boot-time benchmark of deferrable boot constraints (make bench).

usage: scripts/bench.py [--sizes 100,1000,5000] [--boots 3] [--every 20]
                       [--smp 1] [--configs production,lockdep]
                       [--workload abc,auto]

For each size N, writes build/bench/bench-N.dtsi: N devices on QEMU's virt
machine, every EVERY-th of them a "display" whose "pixel" clock has a boot
constraint, and one late clock controller per 100 displays
(drivers/boot_constraint/tests/bench.c).  Boots each configuration's arm64
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
dev_boot_constraints_device_added() over 1000 calls on the tree's devices,
which the static key patches out), within ADDED_MARGIN_NS; bench.c also
adds 100 devices of the tree, each bound by the bench's driver, and
reports the medians of their add and probe, and of what the bus notifiers
and the driver core's hooks take of it (the phases create, before_probe
and after_probe, between the bench's own first and last notifiers and its
probe); and at the largest N, Run /init c - a under 10,000 instructions a
constraint.  While
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
Targets, production kernel, every N: auto/a probe calls 1, auto/a Run
/init at most 1.02, and the hook of a device's add once no constraint is
left within ADDED_MARGIN_NS of boot_constraints=off (where, before, each
added device's node was walked for what it names).
"""

import argparse
import json
import os
import re
import statistics
import sys
import time

from . import BUILD, TOP
from . import ktap, machines, qemu

OUT = os.path.join(BUILD, 'bench')
DT_DIR = os.path.relpath(OUT, TOP)

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
CLOCKS_PER_PROVIDER = 100
# The automatic workload's tree: which devices' clocks are on at boot,
# which devices have a supply or a domain, of how many regulators and
# domains (even ones on at boot, odd ones off), at what rate and voltage.
AUTO_CLK_ON_EVERY = 10
AUTO_SUPPLY_EVERY = 10
AUTO_DOMAIN_EVERY = 10
AUTO_PROVIDERS = 8
AUTO_RATE = 24000000
AUTO_MICROVOLT = 3300000
# Once no constraint is left, the driver core's hook of a device's add
# (bench.c's after_added_ns, a mean over 1000 calls, in instructions)
# against boot_constraints=off: patched out by the static key in both, so
# equal but for the rounding; a hook called past its key costs a call and
# its checks, some 10 instructions. A new device's add and probe, and of
# it the bus notifiers and the driver core's hooks (after_add_ns,
# after_add_hooks_ns, medians of 100 devices), are only reported: they move
# by 16 to 64 ns between kernels whose hooks are the same NOPs, with where
# the device's allocations and names fall (2026-12-06).
ADDED_MARGIN_NS = 1
RUN_INIT = re.compile(r'^\[\s*(\d+\.\d+)\].*Run /init as init process')
# The line before Run /init. Between the two, mark_readonly()'s
# rcu_barrier() may wait for the next tick (HZ=250): 28 us in most boots,
# 1,302 us in one (way a, N = 5000, 2026-12-06), which moves Run /init
# c - a by 5,200 instructions a constraint at N = 5000. Reported beside it.
FREEING = re.compile(r'^\[\s*(\d+\.\d+)\].*Freeing unused kernel memory')
STAT = re.compile(r'BC-BENCH (\w+) (\w+):? +(\d+)')


def write_dtsi(n, every):
    displays = [i for i in range(n) if i % every == every - 1]
    providers = (len(displays) + CLOCKS_PER_PROVIDER - 1) // CLOCKS_PER_PROVIDER
    lines = ['// Generated by scripts/bench.py: %d devices, %d displays' %
             (n, len(displays)), '/ {']
    for p in range(providers):
        count = min(CLOCKS_PER_PROVIDER, len(displays) - p * CLOCKS_PER_PROVIDER)
        lines += ['\tbench_clk%d: bench-clock-controller-%d {' % (p, p),
                  '\t\tcompatible = "bc-bench,clock-controller";',
                  '\t\t#clock-cells = <1>;',
                  '\t\tbc-bench,clocks = <%d>;' % count, '\t};']
    d = 0
    for i in range(n):
        if d < len(displays) and displays[d] == i:
            lines += ['\tbench-display-%d {' % i,
                      '\t\tcompatible = "bc-bench,display";',
                      '\t\tclocks = <&bench_clk%d %d>;' %
                      (d // CLOCKS_PER_PROVIDER, d % CLOCKS_PER_PROVIDER),
                      '\t\tclock-names = "pixel";', '\t};']
            d += 1
        else:
            lines += ['\tbench-device-%d {' % i,
                      '\t\tcompatible = "bc-bench,device";', '\t};']
    lines.append('};')
    path = os.path.join(DT_DIR, 'bench-%d.dtsi' % n)
    with open(os.path.join(TOP, path), 'w') as f:
        f.write('\n'.join(lines) + '\n')
    return path, len(displays), providers


def auto_tree(n):
    """The automatic workload's resources: for each device i, its clock
    (provider, index, on), its regulator or None, its domain or None."""
    devs = []
    for i in range(n):
        reg = dom = None
        if i % AUTO_SUPPLY_EVERY == AUTO_SUPPLY_EVERY // 2:
            reg = (i // AUTO_SUPPLY_EVERY) % AUTO_PROVIDERS
        if i % AUTO_DOMAIN_EVERY == AUTO_DOMAIN_EVERY - 3:
            dom = (i // AUTO_DOMAIN_EVERY) % AUTO_PROVIDERS
        devs.append({'clk': (i // CLOCKS_PER_PROVIDER, i % CLOCKS_PER_PROVIDER,
                             i % AUTO_CLK_ON_EVERY == 0),
                     'reg': reg, 'dom': dom})
    return devs


def auto_expected(devs):
    """What boot_constraints=auto should find: resources on (held) and off
    (their constraints freed), and the clocks on at boot."""
    on = lambda p: p % 2 == 0  # noqa: E731
    clocks_on = sum(d['clk'][2] for d in devs)
    held = (clocks_on + sum(on(d['reg']) for d in devs if d['reg'] is not None) +
            sum(on(d['dom']) for d in devs if d['dom'] is not None))
    added = len(devs) + sum(d['reg'] is not None for d in devs) + \
        sum(d['dom'] is not None for d in devs)
    return {'added': added, 'held': held, 'off': added - held,
            'clocks_on': clocks_on}


def write_auto_dtsi(n):
    devs = auto_tree(n)
    providers = (n + CLOCKS_PER_PROVIDER - 1) // CLOCKS_PER_PROVIDER
    exp = auto_expected(devs)
    lines = ['// Generated by scripts/bench.py: %d devices naming %d resources, '
             '%d on at boot' % (n, exp['added'], exp['held']), '/ {']
    for p in range(providers):
        mine = devs[p * CLOCKS_PER_PROVIDER:(p + 1) * CLOCKS_PER_PROVIDER]
        on = [str(d['clk'][1]) for d in mine if d['clk'][2]]
        lines += ['\tbench_clk%d: bench-clock-controller-%d {' % (p, p),
                  '\t\tcompatible = "bc-bench,clock-controller";',
                  '\t\t#clock-cells = <1>;',
                  '\t\tbc-bench,clocks = <%d>;' % len(mine),
                  '\t\tbc-bench,rate = <%d>;' % AUTO_RATE]
        if on:
            lines.append('\t\tbc-bench,on-clocks = <%s>;' % ' '.join(on))
        lines.append('\t};')
    for r in range(AUTO_PROVIDERS):
        lines += ['\tbench_reg%d: bench-regulator-%d {' % (r, r),
                  '\t\tcompatible = "bc-bench,regulator";',
                  '\t\tregulator-min-microvolt = <1800000>;',
                  '\t\tregulator-max-microvolt = <%d>;' % AUTO_MICROVOLT,
                  '\t\tbc-bench,microvolt = <%d>;' % AUTO_MICROVOLT]
        lines += ['\t\tbc-bench,on;'] if r % 2 == 0 else []
        lines += ['\t};',
                  '\tbench_pd%d: bench-domain-%d {' % (r, r),
                  '\t\tcompatible = "bc-bench,power-domain";',
                  '\t\t#power-domain-cells = <0>;']
        lines += ['\t\tbc-bench,on;'] if r % 2 == 0 else []
        lines.append('\t};')
    for i, d in enumerate(devs):
        lines += ['\tbench-device-%d {' % i,
                  '\t\tcompatible = "bc-bench,auto-device";',
                  '\t\tclocks = <&bench_clk%d %d>;' % d['clk'][:2],
                  '\t\tclock-names = "core";']
        if d['reg'] is not None:
            lines.append('\t\tvdd-supply = <&bench_reg%d>;' % d['reg'])
        if d['dom'] is not None:
            lines.append('\t\tpower-domains = <&bench_pd%d>;' % d['dom'])
        lines.append('\t};')
    lines.append('};')
    path = os.path.join(DT_DIR, 'bench-auto-%d.dtsi' % n)
    with open(os.path.join(TOP, path), 'w') as f:
        f.write('\n'.join(lines) + '\n')
    return path, exp, providers


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


def boot(config, n, dtsi, way, rep, timeout, extra='', workload='abc'):
    name = 'bench-%s-%s%d-%s-%s' % (config, '' if workload == 'abc' else
                                    workload + '-', n, way, rep)
    args = ' '.join([CONFIGS[config]['args'], 'bc.scenario=bench', extra] +
                    padded(WAYS[way])).split()
    b = {'name': name, 'arch': CONFIGS[config]['arch'], 'machine': MACHINE,
         'dt': dtsi, 'args': ' '.join(args), 'qemu': QEMU}
    problems, reports, lines, _ = qemu.boot_one(b, timeout, False)
    problems += reports
    with open(os.path.join(OUT, 'logs', name + '.log'), 'w') as f:
        f.write('\n'.join(lines) + '\n')
    r = {}
    for line in lines:
        m = RUN_INIT.match(line)
        if m:
            r['init_s'] = float(m.group(1))
        m = FREEING.match(line)
        if m:
            r['freeing_s'] = float(m.group(1))
        m = STAT.search(line)
        if m:
            r['%s.%s' % (m.group(1), m.group(2))] = int(m.group(3))
        if 'not ok' in ktap.message(line):
            problems.append(ktap.message(line).strip())
    if 'init_s' not in r or 'bench.device_probes' not in r:
        problems.append('no Run /init or no bench stats')
    if problems:
        sys.exit('%s: %s (log in %s)' % (name, '; '.join(problems),
                 os.path.relpath(os.path.join(OUT, 'logs', name + '.log'), TOP)))
    return r


def summarize(boots):
    """Medians over a way's boots of what the table reports."""
    def med(key):
        return statistics.median(b.get(key, 0) for b in boots)
    drivers = ('device', 'display', 'provider', 'seed', 'auto', 'regulator',
               'domain')
    s = {
        'boots': len(boots),
        'probe_calls': med_sum(boots, ['bench.%s_probes' % d for d in drivers]),
        'deferred_probe_retries': med_sum(boots, ['bench.%s_defers' % d
                                                  for d in drivers]),
        'seed_probe_calls': med('bench.seed_probes'),
        'init_s': med('init_s'),
        'freeing_s': med('freeing_s'),
        'init_s_all': sorted(b['init_s'] for b in boots),
        'constraints': med('core.added'),
        'apply_attempts': med('core.apply_attempts'),
        'core_bytes': med('core.bytes_peak'),
        'slab_kb': med('mem.Slab'),
        'held_at_probe': med('bench.held_at_probe'),
        'seed_late': med('bench.seed_late'),
        # The automatic workload's
        'auto_off': med('core.auto_off'),
        'clocks_on': med('bench.clocks_on'),
        'auto_held_at_probe': med('bench.auto_held_at_probe'),
        'held_bytes': med('bench.held_bytes'),
        'held_constraints': med('bench.held_constraints'),
        'bytes_end': med('core.bytes'),
        'constraints_end': med('core.constraints'),
    }
    s['bytes_per_held'] = (round(s['held_bytes'] / s['held_constraints'], 1)
                           if s['held_constraints'] else 0)
    # Records of ended constraints are freed once 64 newer devices have
    # ended: the peak is what all of them held at once.
    s['bytes_per_constraint'] = (round(s['core_bytes'] / s['constraints'], 1)
                                 if s['constraints'] else 0)
    return s


def med_sum(boots, keys):
    return statistics.median(sum(b.get(k, 0) for k in keys) for b in boots)


def ratio(x, y):
    return round(x / y, 4) if y else None


# The phases of a constraint's life timed by bench.c (struct bcb_phase):
# (key, what it is).  Per display, against the same phase of a display
# with constraints off.
PHASES = [
    ('add_of', 'add: table scan for the compatible, waiter recorded'),
    ('create', 'add at device creation: records, first apply attempt '
               '(provider missing)'),
    ('provider_bind', 'apply at the provider\'s bind'),
    ('before_probe', 'handover at probe start'),
    ('after_probe', 'release at probe end'),
]
HOOKS = ['probe_start', 'probe_end', 'device_bound']


def phase_ns(hooks, key, who):
    """A phase's time summed over the displays or the devices."""
    return hooks.get('bench.%s_%s_ns' % (key, who), 0)


def breakdown(hooks, off, devices, displays):
    """Instructions (icount ns) per constraint of each phase, from the hooks
    boots of way c (hooks) and way a (off)."""
    b = {}
    for key, _ in PHASES:
        b[key] = ((phase_ns(hooks, key, 'display') -
                   phase_ns(off, key, 'display')) / displays
                  if displays else 0)
    calls = hooks.get('bench.clk_get_missing_display_calls', 0)
    b['clk_get_missing'] = (phase_ns(hooks, 'clk_get_missing', 'display') /
                            calls if calls else 0)
    # What the constraints cost the devices without any, against the same
    # devices with constraints off, spread over the constraints.
    for key in ('create', 'before_probe', 'after_probe'):
        b['plain_' + key] = ((phase_ns(hooks, key, 'device') -
                              phase_ns(off, key, 'device')) / displays
                             if displays else 0)
    return {k: round(v) for k, v in b.items()}


def md_head(*columns):
    """A markdown table's two header rows: numbers right-aligned, the way's
    name left-aligned."""
    return ['| %s |' % ' | '.join(columns),
            '| %s |' % ' | '.join('---' if c == 'way' else '---:'
                                  for c in columns)]


def table(config, results, sizes):
    rows = ['%s kernel (%s)' % (config, CONFIGS[config]['arch']), '']
    rows += md_head('N', 'way', 'probe calls', 'deferred retries',
                    'Run /init (s, median)', 'bytes/constraint',
                    'Slab kB (vs a)', 'hook ns', 'apply attempts',
                    'held at probe')
    for n in sizes:
        r = results[str(n)]
        for way in WORKLOADS['abc']:
            s = r[way]
            rows.append('| %d | %s %s | %d | %d | %.4f | %s | %d (%+d) | %d | %d | %d/%d |' % (
                n, way, WAY_NAMES[way], s['probe_calls'],
                s['deferred_probe_retries'], s['init_s'],
                s['bytes_per_constraint'] or '-', s['slab_kb'],
                s['slab_kb'] - r['a']['slab_kb'], s['hook_ns'],
                s['apply_attempts'], s['held_at_probe'], r['displays']))
    rows += [''] + md_head('N', 'c/a probe calls', 'c/a Run /init',
                           'b/a probe calls', 'b/a Run /init',
                           'b/a deferred retries', 'hook ns c - a')
    for n in sizes:
        r = results[str(n)]
        q = r['ratios']
        rows.append('| %d | %.4f | %.4f | %.4f | %.4f | %s | %+d |' % (
            n, q['c/a']['probe_calls'], q['c/a']['init_s'],
            q['b/a']['probe_calls'], q['b/a']['init_s'],
            '%d vs %d' % (r['b']['deferred_probe_retries'],
                          r['a']['deferred_probe_retries']),
            r['c']['hook_ns'] - r['a']['hook_ns']))
    n = max(sizes)
    r = results[str(n)]
    b = r['c']['breakdown']
    extra = r['c']['init_s'] - r['a']['init_s']
    rows += ['', 'Per constraint at N = %d (%d constraints; instructions, '
             'icount ns: the hooks boot of way c less that of way a):' %
             (n, r['displays']),
             '', '| phase | instructions |', '| --- | ---: |']
    for key, what in PHASES:
        rows.append('| %s | %d |' % (what, b[key]))
    rows.append('| (clk_get() of a missing provider, each) | %d |' %
                b['clk_get_missing'])
    for key, what in (('create', 'creation'), ('before_probe', 'before probe'),
                      ('after_probe', 'after probe')):
        rows.append('| %s of the %d devices without constraints | %d |' %
                    (what, n - r['displays'], b['plain_' + key]))
    tax = r['c']['hook_ns'] - r['a']['hook_ns']
    rows.append('| (of which the three hooks, %+d ns a device) | %d |' %
                (tax, round(tax * (n - r['displays']) / r['displays'])))
    rows.append('| all of these | %d |' %
                (sum(b[k] for k, _ in PHASES) +
                 sum(b['plain_' + k] for k in ('create', 'before_probe',
                                               'after_probe'))))
    rows.append('| Run /init c - a | %d |' %
                round(extra * 1e9 / r['displays']))
    rows += ['', '| hook, device without constraints (ns) | a off | c ours '
             '| a, none left | c, none left |',
             '| --- | ---: | ---: | ---: | ---: |']
    for h in HOOKS + ['all three']:
        key = 'hook_%s_ns' % h if h in HOOKS else 'hook_ns'
        rows.append('| %s | %d | %d | %d | %d |' % (
            h, r['a']['hooks'].get(key, 0), r['c']['hooks'].get(key, 0),
            r['a']['hooks'].get('after_' + key, 0),
            r['c']['hooks'].get('after_' + key, 0)))
    rows.append('| device_added (1000 calls on bound devices) | - | - | %d '
                '| %d |' % (r['a']['after_added_ns'], r['c']['after_added_ns']))
    rows.append('| a new device\'s add and probe | - | - | %d | %d |' % (
        r['a']['after_add_ns'], r['c']['after_add_ns']))
    rows.append('| of which bus notifiers and hooks | - | - | %d | %d |' % (
        r['a']['after_add_hooks_ns'], r['c']['after_add_hooks_ns']))
    return '\n'.join(rows)


def run_config(config, sizes, opt, workload='abc'):
    results = {}
    for n in sizes:
        if workload == 'auto':
            results[str(n)] = run_auto(config, n, opt)
            continue
        dtsi, displays, providers = write_dtsi(n, opt.every)
        boots = {w: [] for w in WORKLOADS['abc']}
        for rep in range(opt.boots):
            for way in WORKLOADS['abc']:
                t = time.monotonic()
                r = boot(config, n, dtsi, way, rep, opt.timeout)
                boots[way].append(r)
                print('# %s N=%d %s boot %d: Run /init at %.4f s, %d probe calls '
                      '(%.0f s)' % (config, n, way, rep, r['init_s'],
                                     sum(v for k, v in r.items()
                                         if k.endswith('_probes')),
                                     time.monotonic() - t), flush=True)
        res = {'workload': 'abc', 'config': config, 'devices': n,
               'displays': displays, 'providers': providers}
        for way in WORKLOADS['abc']:
            res[way] = summarize(boots[way])
            res[way]['raw'] = boots[way]
            # One more boot times the hooks and the phases, which takes
            # time of its own.
            r = boot(config, n, dtsi, way, 'hooks', opt.timeout,
                     'bc_bench.time_hooks=1')
            res[way]['hook_ns'] = r['bench.hook_ns']
            res[way]['after_hook_ns'] = r.get('bench.after_hook_ns', 0)
            res[way]['after_add_ns'] = r.get('bench.after_add_ns', 0)
            res[way]['after_add_hooks_ns'] = r.get('bench.after_add_hooks_ns', 0)
            res[way]['after_added_ns'] = r.get('bench.after_added_ns', 0)
            res[way]['hooks'] = {k[len('bench.'):]: v for k, v in r.items()
                                 if k.startswith(('bench.hook_',
                                                  'bench.after_hook_'))}
            res[way]['phases_raw'] = r
        res['c']['breakdown'] = breakdown(res['c']['phases_raw'],
                                          res['a']['phases_raw'], n, displays)
        res['ratios'] = {
            q: {k: ratio(res[q[0]][k], res['a'][k])
                for k in ('probe_calls', 'init_s', 'slab_kb')}
            for q in ('c/a', 'b/a')}
        results[str(n)] = res
    return results


# The phases of a device's life in the automatic workload (bench.c's
# struct bcb_phase; every device names resources, so all are "display"
# ones there): (key, what it is).
AUTO_PHASES = [
    ('create', 'add at device creation: auto.c reads the node, a constraint '
               'per resource, pending, work queued'),
    ('provider_bind', 'clock controllers\' binds: each clock sampled, held '
                      'if on (clk_get, enable, rate range), freed if off'),
    ('supply_bind', 'regulators\' binds: each supply sampled, held if on '
                    '(voltage pinned, enabled), freed if off'),
    ('domain_bind', 'power domains\' binds: each domain sampled (a holder '
                    'device added and removed), held if on, freed if off'),
    ('before_probe', 'handover at probe start'),
    ('after_probe', 'release at probe end'),
]


def auto_breakdown(hooks, off, n):
    """Instructions (icount ns) per device of each phase, the hooks boots
    of way auto less those of way a."""
    return {key: round((phase_ns(hooks, key, 'display') -
                        phase_ns(off, key, 'display')) / n)
            for key, _ in AUTO_PHASES}


def auto_problems(s, exp, way):
    """What a boot of the automatic workload got wrong, against its tree.
    The machine's own devices (virt's PL011, PL031 and PL061) name clocks
    too: their constraints are counted as added beside the tree's
    (s['machine']), and each is either found off or held."""
    want = {'clocks_on': exp['clocks_on']}
    if way == 'auto':
        s['machine'] = s['constraints'] - exp['added']
        s['machine_found'] = (s['auto_off'] - exp['off'] +
                              s['held_constraints'] - exp['held'])
        want.update(auto_held_at_probe=exp['clocks_on'],
                    machine_found=max(s['machine'], 0))
        if s['machine'] < 0:
            want['constraints'] = exp['added']
        if s['auto_off'] < exp['off']:
            want['auto_off'] = exp['off']
        if s['held_constraints'] < exp['held']:
            want['held_constraints'] = exp['held']
    else:
        want.update(constraints=0, auto_off=0, auto_held_at_probe=0)
    return ['%s %s, not %s' % (k, s[k], v) for k, v in want.items()
            if s[k] != v]


def run_auto(config, n, opt):
    dtsi, exp, providers = write_auto_dtsi(n)
    ways = WORKLOADS['auto']
    boots = {w: [] for w in ways}
    for rep in range(opt.boots):
        for way in ways:
            t = time.monotonic()
            r = boot(config, n, dtsi, way, rep, opt.timeout, workload='auto')
            boots[way].append(r)
            print('# %s auto N=%d %s boot %d: Run /init at %.4f s, %d probe '
                  'calls, %d added, %d off (%.0f s)' %
                  (config, n, way, rep, r['init_s'],
                   sum(v for k, v in r.items() if k.endswith('_probes')),
                   r.get('core.added', 0), r.get('core.auto_off', 0),
                   time.monotonic() - t), flush=True)
    res = {'workload': 'auto', 'config': config, 'devices': n,
           'providers': providers, 'expected': exp}
    for way in ways:
        res[way] = summarize(boots[way])
        res[way]['raw'] = boots[way]
        problems = auto_problems(res[way], exp, way)
        if problems:
            sys.exit('%s auto N=%d way %s: %s' % (config, n, way,
                                                  '; '.join(problems)))
        r = boot(config, n, dtsi, way, 'hooks', opt.timeout,
                 'bc_bench.time_hooks=1', workload='auto')
        res[way]['phases_raw'] = r
        res[way]['after_add_ns'] = r.get('bench.after_add_ns', 0)
        res[way]['after_add_hooks_ns'] = r.get('bench.after_add_hooks_ns', 0)
        res[way]['after_added_ns'] = r.get('bench.after_added_ns', 0)
    res['auto']['breakdown'] = auto_breakdown(res['auto']['phases_raw'],
                                              res['a']['phases_raw'], n)
    res['ratios'] = {'auto/a': {k: ratio(res['auto'][k], res['a'][k])
                                for k in ('probe_calls', 'init_s', 'slab_kb')}}
    return res


def auto_table(config, results, sizes):
    rows = ['%s kernel (%s), workload auto: every device names a clock '
            '(1 in %d on at boot), 1 in %d a supply, 1 in %d a domain' %
            (config, CONFIGS[config]['arch'], AUTO_CLK_ON_EVERY,
             AUTO_SUPPLY_EVERY, AUTO_DOMAIN_EVERY), '']
    rows += md_head('N', 'way', 'probe calls', 'Run /init (s, median)',
                    'added', 'auto_off', 'held',
                    'bytes held (per held resource)', 'bytes_peak',
                    'bytes, constraints after boot', 'Slab kB (vs a)',
                    'clocks on / held at probe')
    for n in sizes:
        r = results[str(n)]
        for way in WORKLOADS['auto']:
            s = r[way]
            rows.append('| %d | %s %s | %d | %.4f | %d | %d | %d | %d (%s) '
                        '| %d | %d, %d | %d (%+d) | %d / %d |' % (
                            n, way, WAY_NAMES[way], s['probe_calls'],
                            s['init_s'], s['constraints'], s['auto_off'],
                            s['held_constraints'], s['held_bytes'],
                            s['bytes_per_held'] or '-', s['core_bytes'],
                            s['bytes_end'], s['constraints_end'],
                            s['slab_kb'], s['slab_kb'] - r['a']['slab_kb'],
                            s['clocks_on'], s['auto_held_at_probe']))
    rows += [''] + md_head('N', 'auto/a probe calls', 'auto/a Run /init',
                           'Run /init auto - a per device (ns)')
    for n in sizes:
        r = results[str(n)]
        q = r['ratios']['auto/a']
        rows.append('| %d | %.4f | %.4f | %d |' % (
            n, q['probe_calls'], q['init_s'],
            round((r['auto']['init_s'] - r['a']['init_s']) * 1e9 / n)))
    n = max(sizes)
    r = results[str(n)]
    b = r['auto']['breakdown']
    rows += ['', 'Per device at N = %d (%d resources, %d held; instructions, '
             'icount ns: the hooks boot of way auto less that of way a):' %
             (n, r['expected']['added'], r['expected']['held']),
             '', '| phase | instructions |', '| --- | ---: |']
    for key, what in AUTO_PHASES:
        rows.append('| %s | %d |' % (what, b[key]))
    total = sum(b[k] for k, _ in AUTO_PHASES)
    extra = round((r['auto']['init_s'] - r['a']['init_s']) * 1e9 / n)
    per = {'provider_bind': n, 'supply_bind': sum(
        d['reg'] is not None for d in auto_tree(n)), 'domain_bind': sum(
        d['dom'] is not None for d in auto_tree(n))}
    rows += ['| all of these | %d |' % total,
             '| Run /init auto - a | %d |' % extra,
             '| the rest: the work item (bc_retry_work), outside the phases '
             '| %d |' % (extra - total),
             '', 'Per resource at the providers\' binds: clock %d, supply %d, '
             'domain %d (instructions)' % tuple(
                 round(b[k] * n / per[k]) if per[k] else 0
                 for k in ('provider_bind', 'supply_bind', 'domain_bind')),
             '', 'Once no constraint is left, the hook of a device\'s add '
             '(1000 calls): auto %d ns, a %d ns. A new device\'s add and '
             'probe: auto %d ns, a %d ns; of which bus notifiers and hooks: '
             'auto %d ns, a %d ns' % (r['auto']['after_added_ns'],
                                      r['a']['after_added_ns'],
                                      r['auto']['after_add_ns'],
                                      r['a']['after_add_ns'],
                                      r['auto']['after_add_hooks_ns'],
                                      r['a']['after_add_hooks_ns'])]
    return '\n'.join(rows)


def add_met(way, off):
    """Whether the driver core's hook of a device's add, once no constraint
    is left, costs what it costs with boot_constraints=off: both
    measured."""
    return bool(way['after_added_ns'] and off['after_added_ns'] and
                abs(way['after_added_ns'] - off['after_added_ns']) <=
                ADDED_MARGIN_NS)


def add_vs_off(way, off):
    """The hook of a device's add, and a new device's add and probe,
    against boot_constraints=off, for the verdict lines."""
    return ('hook %+d ns vs off (%d ns); a new device\'s add and probe %+d ns '
            '(%d ns), of which notifiers and hooks %+d ns (%d ns)' %
            (way['after_added_ns'] - off['after_added_ns'],
             way['after_added_ns'],
             way['after_add_ns'] - off['after_add_ns'], way['after_add_ns'],
             way['after_add_hooks_ns'] - off['after_add_hooks_ns'],
             way['after_add_hooks_ns']))


# The targets, judged on the production kernel at every size N.
C_A_INIT_MAX = 1.01
PER_CONSTRAINT_MAX = 10000
AUTO_A_INIT_MAX = 1.02
TARGETS = {
    'abc': 'c/a probe calls 1, c/a Run /init <= %.2f, hooks within 1 ns of '
           'off once no constraint is left, and the hook of a device\'s add '
           'within %d ns; at the largest N, Run /init c - a under %d '
           'instructions a constraint (at a small N it is mostly the fixed '
           'costs)' % (C_A_INIT_MAX, ADDED_MARGIN_NS, PER_CONSTRAINT_MAX),
    'auto': 'auto/a probe calls 1, auto/a Run /init <= %.2f, the hook of a '
            'device\'s add within %d ns of off once none is left' %
            (AUTO_A_INIT_MAX, ADDED_MARGIN_NS),
}


def verdict(workload, n, r, largest):
    """One size's figures against the targets (@largest: N is the largest
    size booted): a line to print, and what it missed."""
    if workload == 'auto':
        q = r['ratios']['auto/a']
        missed = ['N=%d auto/a probe calls %.4f' % (n, q['probe_calls'])
                  if q['probe_calls'] != 1 else None,
                  'N=%d auto/a Run /init %.4f > %.2f' %
                  (n, q['init_s'], AUTO_A_INIT_MAX)
                  if q['init_s'] > AUTO_A_INIT_MAX else None,
                  'N=%d the add\'s %s' %
                  (n, add_vs_off(r['auto'], r['a']))
                  if not add_met(r['auto'], r['a']) else None]
        return ('auto/a probe calls %.4f, auto/a Run /init %.4f; once none '
                'is left, the add\'s %s' %
                (q['probe_calls'], q['init_s'],
                 add_vs_off(r['auto'], r['a']))), [m for m in missed if m]
    q = r['ratios']
    per = round((r['c']['init_s'] - r['a']['init_s']) * 1e9 / r['displays'])
    per_freeing = round((r['c']['freeing_s'] - r['a']['freeing_s']) * 1e9 /
                        r['displays'])
    tax = r['c']['hook_ns'] - r['a']['hook_ns']
    after = r['c']['after_hook_ns'] - r['a']['after_hook_ns']
    missed = ['N=%d c/a probe calls %.4f' % (n, q['c/a']['probe_calls'])
              if q['c/a']['probe_calls'] != 1 else None,
              'N=%d c/a Run /init %.4f > %.2f' %
              (n, q['c/a']['init_s'], C_A_INIT_MAX)
              if q['c/a']['init_s'] > C_A_INIT_MAX else None,
              'N=%d %d instructions a constraint' % (n, per)
              if largest and per >= PER_CONSTRAINT_MAX else None,
              'N=%d hooks %+d ns vs off once none is left' % (n, after)
              if not r['c']['after_hook_ns'] or abs(after) > 1 else None,
              'N=%d the add\'s %s' %
              (n, add_vs_off(r['c'], r['a']))
              if not add_met(r['c'], r['a']) else None]
    return ('c/a probe calls %.4f, c/a Run /init %.4f, %d instructions a '
            'constraint (%d at "Freeing unused kernel memory"), hooks %+d ns '
            'vs off, %+d ns once none is left (%d ns), the add\'s then %s; '
            'b/a %.4f, %.4f' %
            (q['c/a']['probe_calls'], q['c/a']['init_s'], per, per_freeing,
             tax, after,
             r['c']['after_hook_ns'], add_vs_off(r['c'], r['a']),
             q['b/a']['probe_calls'], q['b/a']['init_s'])), \
        [m for m in missed if m]


def main():
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
    QEMU['-smp'] = str(opt.smp)

    os.makedirs(os.path.join(OUT, 'logs'), exist_ok=True)
    start = time.monotonic()
    # Each configuration's figures are in configs.NAME.workloads.WORKLOAD
    # (configs.NAME.results is the abc workload's, as it always was), and
    # each size's entry names its workload and configuration again.
    doc = {
        'machine': ' '.join(machines.boot_machine('arm64', MACHINE,
                                                  QEMU)['qemu']),
        'ways': {w: {'args': WAYS[w], 'what': WAY_NAMES[w]} for w in WAYS},
        'workloads': {w: {'ways': WORKLOADS[w]} for w in workloads},
        'constrained_every': opt.every,
        'boots_per_way': opt.boots,
        'configs': {},
    }
    if 'auto' in workloads:
        doc['workloads']['auto'].update(
            clocks_per_provider=CLOCKS_PER_PROVIDER,
            clock_on_every=AUTO_CLK_ON_EVERY, supply_every=AUTO_SUPPLY_EVERY,
            domain_every=AUTO_DOMAIN_EVERY, regulators=AUTO_PROVIDERS,
            domains=AUTO_PROVIDERS, rate_hz=AUTO_RATE)
    texts = []
    for config in configs:
        doc['configs'][config] = dict(CONFIGS[config], workloads={})
        for workload in workloads:
            results = run_config(config, sizes, opt, workload)
            doc['configs'][config]['workloads'][workload] = {
                'config': config, 'workload': workload, 'results': results}
            if workload == 'abc':
                doc['configs'][config]['results'] = results
                texts.append(table(config, results, sizes))
            else:
                texts.append(auto_table(config, results, sizes))
    doc['seconds'] = round(time.monotonic() - start)
    with open(os.path.join(OUT, 'bench.json'), 'w') as f:
        json.dump(doc, f, indent=1)
    text = '\n\n'.join(texts)
    with open(os.path.join(OUT, 'bench.txt'), 'w') as f:
        f.write(text + '\n')
    print(text)

    verdicts = []
    for workload in workloads:
        ok = None
        for config in configs:
            results = doc['configs'][config]['workloads'][workload]['results']
            misses = []
            for n in sizes:
                line, missed = verdict(workload, n, results[str(n)],
                                       n == max(sizes))
                print('# %s, %s, N=%d: %s' % (config, workload, n, line))
                misses += missed
            if config == 'production':
                ok = not misses
                for m in misses:
                    print('# MISSED (production, %s): %s' % (workload, m))
        print('# targets (production, %s workload, every N): %s: %s' %
              (workload, TARGETS[workload],
               {None: 'not measured', True: 'met', False: 'MISSED'}[ok]))
        verdicts.append(ok)
    print('# %d s' % doc['seconds'])
    return 1 if False in verdicts else 0
