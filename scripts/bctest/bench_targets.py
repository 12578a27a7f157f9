# SPDX-License-Identifier: GPL-2.0
"""The benchmark's targets (make bench), judged on the production kernel.

verdict() holds one size's figures (bctest.bench's results) against the
targets of its workload (TARGETS); judge() prints every size's verdict
line, what the production kernel missed and each workload's outcome.
"""

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
           'within %d ns; at the largest N, c - a at the initcalls\' end under '
           '%d instructions a constraint (at a small N it is mostly the fixed '
           'costs)' % (C_A_INIT_MAX, ADDED_MARGIN_NS, PER_CONSTRAINT_MAX),
    'auto': 'auto/a probe calls 1, auto/a Run /init <= %.2f, the hook of a '
            'device\'s add within %d ns of off once none is left' %
            (AUTO_A_INIT_MAX, ADDED_MARGIN_NS),
}


def per_unit(r, way, key, units):
    """Instructions a constraint or a device (@units of them), @way less
    way a, at Run /init (@key init_s) or at the initcalls' end
    (probed_s)."""
    return round((r[way][key] - r['a'][key]) * 1e9 / units)


def misses(n, name, q, way, off, init_max):
    """What both workloads miss alike: @name's probe calls and Run /init
    ratios @q against 1 and @init_max, and the add's hook of @way against
    @off once no constraint is left."""
    return ['N=%d %s probe calls %.4f' % (n, name, q['probe_calls'])
            if q['probe_calls'] != 1 else None,
            'N=%d %s Run /init %.4f > %.2f' % (n, name, q['init_s'], init_max)
            if q['init_s'] > init_max else None,
            'N=%d the add\'s %s' % (n, add_vs_off(way, off))
            if not add_met(way, off) else None]


def verdict(workload, n, r, largest):
    """One size's figures against the targets (@largest: N is the largest
    size booted): a line to print, and what it missed."""
    if workload == 'auto':
        q = r['ratios']['auto/a']
        missed = misses(n, 'auto/a', q, r['auto'], r['a'], AUTO_A_INIT_MAX)
        return ('auto/a probe calls %.4f, auto/a Run /init %.4f (%.4f at '
                '"clk: Disabling unused clocks"), %d instructions a device '
                '(%d at "clk: Disabling unused clocks"); once none is left, '
                'the add\'s %s' %
                (q['probe_calls'], q['init_s'], q['probed_s'],
                 per_unit(r, 'auto', 'init_s', r['devices']),
                 per_unit(r, 'auto', 'probed_s', r['devices']),
                 add_vs_off(r['auto'], r['a']))), [m for m in missed if m]
    q = r['ratios']
    per = per_unit(r, 'c', 'probed_s', r['displays'])
    tax = r['c']['hook_ns'] - r['a']['hook_ns']
    after = r['c']['after_hook_ns'] - r['a']['after_hook_ns']
    missed = misses(n, 'c/a', q['c/a'], r['c'], r['a'], C_A_INIT_MAX) + [
        'N=%d %d instructions a constraint' % (n, per)
        if largest and per >= PER_CONSTRAINT_MAX else None,
        'N=%d hooks %+d ns vs off once none is left' % (n, after)
        if not r['c']['after_hook_ns'] or abs(after) > 1 else None]
    return ('c/a probe calls %.4f, c/a Run /init %.4f, %d instructions a '
            'constraint at "clk: Disabling unused clocks" (%d at Run /init), '
            'hooks %+d ns vs off, %+d ns once none is left (%d ns), the '
            'add\'s then %s; b/a %.4f, %.4f' %
            (q['c/a']['probe_calls'], q['c/a']['init_s'], per,
             per_unit(r, 'c', 'init_s', r['displays']), tax, after,
             r['c']['after_hook_ns'], add_vs_off(r['c'], r['a']),
             q['b/a']['probe_calls'], q['b/a']['init_s'])), \
        [m for m in missed if m]


def judge(configs, workloads, sizes):
    """Print each configuration's verdict per workload and size (configs:
    bench.json's, each with its results per workload), what the production
    kernel missed, and each workload's outcome: whether no target was
    missed."""
    verdicts = []
    for workload in workloads:
        ok = None
        for config, figures in configs.items():
            results = figures['workloads'][workload]['results']
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
    return False not in verdicts
