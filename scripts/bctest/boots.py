# SPDX-License-Identifier: GPL-2.0
"""The boot tables (tests/boots, tests/debug.boots, tests/demo.boots).

One boot per line, whitespace separated, "#" starts a comment:

    [KIND]  NAME  ARCH  MACHINE  DT  [KERNEL-ARGUMENT ...]

ARCH and MACHINE pick the kernel and the QEMU machine (bctest.machines).
DT is "-" for the machine's own device tree, or a .dtsi file (relative to
the repository) merged with dtc on top of it, optionally followed by
"+SCRIPT" ("+SCRIPT" alone: the machine's own tree and the script): a
script that edits the merged .dtb (its argument) as a bootloader would.
The kernel arguments are added to the machine's console arguments.

KIND is optional:

    (none)        the boot as written (the KUnit boots, whose suites run)
    scenario      a guest scenario's boot: the arguments start with
                  kunit.enable=0 (the built-in KUnit suites are the KUnit
                  boots' job), unless the line sets a kunit.* argument
    scenario+off  the same, and its baseline: a second boot NAME-off with
                  boot_constraints=off added at the end, which passes
                  only where the scenario sees the glitch the constraints
                  prevent
    scenario+off+auto
                  the pair, and a third boot NAME-auto with no table of
                  the board's and boot_constraints=auto, which must pass
                  as NAME does: the same protection with no table
    end-state     the end-state scenario (bc.scenario=end-state) three
                  times: NAME-base on ARCH-base (pristine 6.12), NAME on
                  ARCH and NAME-auto on ARCH with boot_constraints=auto,
                  the last two diffing their machine's state against
                  NAME-base's (bc.diff=NAME-base, bctest.statediff)

so "scenario+off x arm64 virt - bc.scenario=x" is the two boots

    x      arm64 virt - kunit.enable=0 bc.scenario=x
    x-off  arm64 virt - kunit.enable=0 bc.scenario=x boot_constraints=off
"""

from . import HarnessError
from . import machines

KUNIT_OFF = 'kunit.enable=0'
BASELINE = 'boot_constraints=off'
AUTO = ['bc_test.no_table', 'boot_constraints=auto']
KINDS = ('scenario', 'scenario+off', 'scenario+off+auto', 'end-state')
END_STATE = 'bc.scenario=end-state'


def boot(name, arch, machine, dt, args):
    """One boot as the runner takes it."""
    return {'name': name, 'arch': arch, 'machine': machine,
            'dt': None if dt == '-' else dt, 'args': ' '.join(args)}


def expand(words):
    """The boots of one line of a table, its words without the comment."""
    kind = words.pop(0) if words and words[0] in KINDS else None
    if len(words) < 4:
        raise ValueError('want [%s] NAME ARCH MACHINE DT [ARGS...]' %
                         '|'.join(KINDS))
    name, arch, machine, dt = words[:4]
    args = words[4:]
    if '%s/%s' % (arch, machine) not in machines.machine_names():
        raise ValueError('unknown arch/machine %s/%s (know %s)' %
                         (arch, machine, ', '.join(machines.machine_names())))
    if kind is None:
        return [boot(name, arch, machine, dt, args)]
    if not any(a.startswith('kunit.') for a in args):
        args = [KUNIT_OFF] + args
    if kind == 'end-state':
        return end_state(name, arch, machine, dt, args)
    boots = [boot(name, arch, machine, dt, args)]
    if kind.startswith('scenario+off'):
        if BASELINE in args:
            raise ValueError('a %s line has no %s of its own' %
                             (kind, BASELINE))
        boots.append(boot(name + '-off', arch, machine, dt, args + [BASELINE]))
    if kind == 'scenario+off+auto':
        if any(a in args for a in AUTO):
            raise ValueError('a %s line has no %s of its own' %
                             (kind, ' or '.join(AUTO)))
        boots.append(boot(name + '-auto', arch, machine, dt, args + AUTO))
    return boots


def end_state(name, arch, machine, dt, args):
    """The three boots of an end-state line (its arguments with
    kunit.enable=0): pristine's, the default mode's and auto's."""
    base = arch + '-base'
    if '%s/%s' % (base, machine) not in machines.machine_names():
        raise ValueError('an end-state line wants a pristine arch %s for %s'
                         % (base, machine))
    if any(a.startswith(('bc.scenario=', 'boot_constraints=', 'bc.diff='))
           for a in args):
        raise ValueError('an end-state line has no bc.scenario=, '
                         'boot_constraints= or bc.diff= of its own')
    args = args + [END_STATE]
    diff = 'bc.diff=%s-base' % name
    return [boot(name + '-base', base, machine, dt, args),
            boot(name, arch, machine, dt, args + [diff]),
            boot(name + '-auto', arch, machine, dt,
                 args + ['boot_constraints=auto', diff])]


def is_auto(b):
    """Whether boot b runs boot_constraints=auto (and not off)."""
    args = b['args'].split()
    return 'boot_constraints=auto' in args and BASELINE not in args


# The arguments of a boot that only the series reads, or only the runner
SERIES_ONLY = ('boot_constraints', 'bc_test.no_table', 'bc.compare=',
               'bc.diff=')


def scenario_args(b):
    """Boot b's arguments but those of boot constraints and the runner's
    comparisons: what its pristine counterpart shares."""
    return [w for w in b['args'].split() if not w.startswith(SERIES_ONLY)]


def pristine_of(boots, b):
    """The name of the boot of table boots that automatic boot b is
    compared with (its kernel's error and warning lines, run.py): pristine
    6.12's boot of the same machine, by preference the one b compares its
    state with (bc.compare=), else one of the same device tree and the
    same other arguments; else, where pristine cannot boot the same thing
    (a board of the series' test drivers, a console driver held back), the
    series kernel's own boot of the same device tree and arguments without
    auto (its -off baseline or its default mode); else pristine's of the
    same device tree.  One whose console is expected to die lists nothing,
    one with clk_ignore_unused is not the default.  None for a boot that is
    not automatic, or with none of these in the table."""
    if not is_auto(b):
        return None
    usable = [c for c in boots
              if c['machine'] == b['machine'] and c['dt'] == b['dt']
              and not {'bc.console-dies', 'clk_ignore_unused'} &
              set(c['args'].split())]
    base = [c for c in usable if c['arch'].endswith('-base')]
    own = [c for c in usable if c['arch'] == b['arch'] and not is_auto(c)]
    compared = [w.split('=', 1)[1].partition(':')[0]
                for w in b['args'].split() if w.startswith('bc.compare=')]
    for choice in ([c for c in base if c['name'] in compared],
                   [c for c in base if scenario_args(c) == scenario_args(b)],
                   [c for c in own if scenario_args(c) == scenario_args(b)],
                   base):
        if choice:
            return choice[0]['name']
    return None
    base = [c for c in boots
            if c['machine'] == b['machine'] and c['arch'].endswith('-base')
            and not {'bc.console-dies', 'clk_ignore_unused'} &
            set(c['args'].split())]
    compared = [w.split('=', 1)[1].partition(':')[0]
                for w in b['args'].split() if w.startswith('bc.compare=')]
    same = [c for c in base if c['dt'] == b['dt']]
    for choice in ([c for c in base if c['name'] in compared],
                   [c for c in same if scenario_args(c) == scenario_args(b)],
                   same, base):
        if choice:
            return choice[0]['name']
    return None


def parse(lines, path='<table>'):
    """The boots of a table given as lines, in order."""
    boots = []
    names = set()
    for n, line in enumerate(lines, 1):
        words = line.split('#', 1)[0].split()
        if not words:
            continue
        try:
            new = expand(words)
        except ValueError as e:
            raise HarnessError('%s:%d: %s' % (path, n, e)) from None
        for b in new:
            if b['name'] in names:
                raise HarnessError('%s:%d: boot %s defined twice' %
                                   (path, n, b['name']))
            names.add(b['name'])
        boots += new
    return boots


def read(path):
    """The boots of the table in file path."""
    with open(path) as f:
        return parse(f, path)
