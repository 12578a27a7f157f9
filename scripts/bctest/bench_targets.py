# SPDX-License-Identifier: GPL-2.0
"""The benchmark's targets (make bench), judged on the production kernel.

verdict() holds one size's figures (bctest.bench's results) against the
targets of its workload (TARGETS); judge() prints every size's verdict
line, what the production kernel missed and each workload's outcome.
"""

# Once no constraint is left, the bus notifiers and the driver core's hooks
# of a new device's add and probe (bench.c's after_add_hooks_ns) against
# boot_constraints=off: the same code runs, but the driver core's own work
# in those phases (the driver's sysfs links, device links) moves by some
# ns between boots of one kernel (-16 ns, N = 100, 2026-12-06), and a bus
# notifier left registered costs more than ADD_MARGIN_NS. The whole add
# and probe (after_add_ns) moves by a few hundred ns (where the boot's
# earlier allocations put the slab refills): it is only reported.
ADD_MARGIN_NS = 32


def add_met(way, off):
    """Whether the bus notifiers and the driver core's hooks of a new
    device's add and probe, once no constraint is left, cost what they cost
    with boot_constraints=off: both measured."""
    return bool(way['after_add_ns'] and off['after_add_ns'] and
                abs(way['after_add_hooks_ns'] - off['after_add_hooks_ns']) <=
                ADD_MARGIN_NS)


def add_vs_off(way, off):
    """A new device's add and probe against boot_constraints=off, for the
    verdict lines."""
    return ('%+d ns vs off (%d ns), of which notifiers and hooks %+d ns '
            '(%d ns)' % (way['after_add_ns'] - off['after_add_ns'],
                         way['after_add_ns'],
                         way['after_add_hooks_ns'] - off['after_add_hooks_ns'],
                         way['after_add_hooks_ns']))


# The targets, judged on the production kernel at every size N.
C_A_INIT_MAX = 1.01
PER_CONSTRAINT_MAX = 10000
AUTO_A_INIT_MAX = 1.02
TARGETS = {
    'abc': 'c/a probe calls 1, c/a Run /init <= %.2f, hooks within 1 ns of '
           'off once no constraint is left, and an add\'s and a probe\'s '
           'notifiers and hooks within %d ns; at the largest N, Run /init '
           'c - a under %d instructions a constraint (at a small N it is '
           'mostly the fixed costs)' % (C_A_INIT_MAX, ADD_MARGIN_NS,
                                        PER_CONSTRAINT_MAX),
    'auto': 'auto/a probe calls 1, auto/a Run /init <= %.2f, an add\'s and a '
            'probe\'s notifiers and hooks within %d ns of off once none is '
            'left' % (AUTO_A_INIT_MAX, ADD_MARGIN_NS),
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
                  'N=%d a new device\'s add and probe %s' %
                  (n, add_vs_off(r['auto'], r['a']))
                  if not add_met(r['auto'], r['a']) else None]
        return ('auto/a probe calls %.4f, auto/a Run /init %.4f; once none '
                'is left, a new device\'s add and probe %s' %
                (q['probe_calls'], q['init_s'],
                 add_vs_off(r['auto'], r['a']))), [m for m in missed if m]
    q = r['ratios']
    per = round((r['c']['init_s'] - r['a']['init_s']) * 1e9 / r['displays'])
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
              'N=%d a new device\'s add and probe %s' %
              (n, add_vs_off(r['c'], r['a']))
              if not add_met(r['c'], r['a']) else None]
    return ('c/a probe calls %.4f, c/a Run /init %.4f, %d instructions a '
            'constraint, hooks %+d ns vs off, %+d ns once none is left '
            '(%d ns), a new device\'s add and probe then %s; b/a %.4f, %.4f' %
            (q['c/a']['probe_calls'], q['c/a']['init_s'], per, tax, after,
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
