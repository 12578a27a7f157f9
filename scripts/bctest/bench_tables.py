# SPDX-License-Identifier: GPL-2.0
"""The benchmark's tables (make bench): build/bench/bench.txt.

table() is a configuration's table of the abc workload, auto_table() of
the automatic workload, from bctest.bench's results (the figures of
bctest.bench_figures per size and way), in markdown.
"""

from .bench_boot import CONFIGS, WAY_NAMES, WORKLOADS
from .bench_figures import AUTO_PHASES, HOOKS, PHASES
from .bench_trees import (AUTO_CLK_ON_EVERY, AUTO_DOMAIN_EVERY,
                          AUTO_SUPPLY_EVERY, auto_tree)


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
                '| %d |' % (r['a']['after_added_ns'],
                            r['c']['after_added_ns']))
    rows.append('| a new device\'s add and probe | - | - | %d | %d |' % (
        r['a']['after_add_ns'], r['c']['after_add_ns']))
    rows.append('| of which bus notifiers and hooks | - | - | %d | %d |' % (
        r['a']['after_add_hooks_ns'], r['c']['after_add_hooks_ns']))
    return '\n'.join(rows)


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
    # Run /init follows a wait for the next tick (HZ=250): the end of the
    # initcalls is reported beside it (see bench_boot.PROBED).
    rows += [''] + md_head('N', 'auto/a probe calls', 'auto/a Run /init',
                           'Run /init auto - a per device (ns)',
                           'auto/a at the initcalls\' end',
                           'auto - a there per device (ns)')
    for n in sizes:
        r = results[str(n)]
        q = r['ratios']['auto/a']
        rows.append('| %d | %.4f | %.4f | %d | %.4f | %d |' % (
            n, q['probe_calls'], q['init_s'],
            round((r['auto']['init_s'] - r['a']['init_s']) * 1e9 / n),
            q['probed_s'],
            round((r['auto']['probed_s'] - r['a']['probed_s']) * 1e9 / n)))
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
