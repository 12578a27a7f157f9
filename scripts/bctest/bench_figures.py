# SPDX-License-Identifier: GPL-2.0
"""The benchmark's figures from its boots (make bench).

summarize() takes the medians over a way's boots (bctest.bench_boot.boot()'s
figures), ratio() the ratios between ways; breakdown() and auto_breakdown()
spread the phases bench.c times (struct bcb_phase) over the constraints or
the devices; auto_problems() checks an automatic boot against its tree
(bctest.bench_trees.auto_expected()).  The tables and the targets are
bctest.bench_report's.
"""

import statistics


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
        'probed_s': med('probed_s'),
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


# The phases of a device's life in the automatic workload (bench.c's
# struct bcb_phase; every device names resources, so all are "display"
# ones there): (key, what it is).
AUTO_PHASES = [
    ('create', 'add at device creation: auto.c reads the node, a clock '
               'recorded unseen, a supply or domain a constraint, work '
               'queued'),
    ('provider_bind', 'clock controllers\' binds: each clock\'s record '
                      'tried, freed if off, a constraint held if on '
                      '(clk_get, enable, rate range)'),
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


def added_device(hooks):
    """From a hooks boot: a new device's add and probe once no constraint is
    left (bench.c's after_add_ns), and what the bus notifiers and the
    driver core's hooks take of it."""
    return {'after_add_ns': hooks.get('bench.after_add_ns', 0),
            'after_add_hooks_ns': hooks.get('bench.after_add_hooks_ns', 0),
            'after_added_ns': hooks.get('bench.after_added_ns', 0)}


def abc_hooks(hooks):
    """The abc workload's figures from a way's hooks boot
    (bc_bench.time_hooks=1): the three hooks on a device without
    constraints, while constraints are pending and once none is left, the
    added device, and the boot's figures whole for breakdown()."""
    return dict({'hook_ns': hooks['bench.hook_ns'],
                 'after_hook_ns': hooks.get('bench.after_hook_ns', 0)},
                **added_device(hooks),
                hooks={k[len('bench.'):]: v for k, v in hooks.items()
                       if k.startswith(('bench.hook_', 'bench.after_hook_'))},
                phases_raw=hooks)


def auto_hooks(hooks):
    """The automatic workload's figures from a way's hooks boot: the boot's
    figures whole for auto_breakdown(), and the added device."""
    return dict({'phases_raw': hooks}, **added_device(hooks))


def ratios(res, way):
    """A size's figures of way against those of way a (res: a size's
    results, a summary per way)."""
    return {k: ratio(res[way][k], res['a'][k])
            for k in ('probe_calls', 'init_s', 'probed_s', 'slab_kb')}
