#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check the driver-api recipe for a new resource type against the header a
type includes, and the types against the header.

    scripts/check-recipe.py RST TYPE_H [TYPE.C ...]

RST is Documentation/driver-api/boot-constraint.rst; its section "Adding a
resource type" is the recipe.  TYPE_H is drivers/boot_constraint/type.h.
The check fails, naming each miss, unless:

- the recipe names the header, as drivers/boot_constraint/type.h, and no
  other header of drivers/boot_constraint/;
- every symbol of the core the recipe names (bc_* and BC_*) is declared in
  the header: a struct or enum defined there, a macro, an enumerator, a
  function or a variable declared there;
- every member of the header's struct bc_ops, struct bc_type and struct
  bc_names is named in the recipe, as ``member``;
- each TYPE.C given includes, of the core's headers, the header only.
"""

import os
import re
import sys

SECTION = 'Adding a resource type'
HEADER = 'drivers/boot_constraint/type.h'
STRUCTS = ('bc_ops', 'bc_type', 'bc_names')


def recipe(rst):
    """The text of the recipe's section, up to the next title."""
    lines = rst.splitlines()
    for i, line in enumerate(lines[:-1]):
        if line == SECTION and re.fullmatch(r'=+', lines[i + 1]):
            break
    else:
        raise ValueError('no section "%s"' % SECTION)
    body = []
    for j in range(i + 2, len(lines)):
        if (j + 1 < len(lines) and lines[j]
                and re.fullmatch(r'=+', lines[j + 1])):
            break
        body.append(lines[j])
    return '\n'.join(body)


def code(text):
    """C text without its comments."""
    return re.sub(r'/\*.*?\*/|//[^\n]*', ' ', text, flags=re.S)


def top_level(text):
    """The lines of C text outside braces, each whole, and the bodies of
    its braces, by the name of the struct or enum they define."""
    lines, bodies, depth, name, body = [], {}, 0, None, []
    for line in text.splitlines():
        if depth == 0:
            lines.append(line)
            m = re.search(r'\b(?:struct|enum)\s+(\w+)\s*\{', line)
            name = m.group(1) if m else None
            body = []
        elif name:
            body.append(line)
        depth += line.count('{') - line.count('}')
        if depth == 0 and name:
            bodies[name] = '\n'.join(body)
            name = None
    return lines, bodies


def declared(header):
    """The names a header declares, and the members of its structs."""
    text = code(header)
    lines, bodies = top_level(text)
    names = set(bodies)
    for line in lines:
        m = re.match(r'\s*#\s*define\s+(\w+)', line)
        if m:
            names.add(m.group(1))
            continue
        if line[:1].isspace() or line.startswith('#'):
            continue
        m = re.search(r'(\w+)\s*\(', line)
        if m:
            names.add(m.group(1))
            continue
        m = re.match(r'extern\b.*?(\w+)\s*(?:\[[^]]*\])?\s*;', line)
        if m:
            names.add(m.group(1))
    members = {}
    for name, body in bodies.items():
        if re.search(r'\benum\s+%s\b' % name, text):
            names.update(re.findall(r'^\s*(\w+)\s*[,=]', body, re.M))
            continue
        members[name] = [m.group(1) or m.group(2) for m in
                         re.finditer(r'\(\*\s*(\w+)\)|(\w+)\s*(?:\[[^]]*\])?;',
                                     body)]
    return names, members


def check(rst, header, types):
    """The misses, one message each."""
    text = recipe(rst)
    names, members = declared(header)
    out = []
    headers = set(re.findall(r'drivers/boot_constraint/[\w/]+\.h', text))
    if HEADER not in headers:
        out.append('the recipe does not name %s' % HEADER)
    for other in sorted(headers - {HEADER}):
        out.append('the recipe names %s, not %s' % (other, HEADER))
    for sym in sorted(set(re.findall(r'\b(?:bc|BC)_\w+', text))):
        if sym not in names:
            out.append('the recipe names %s, which %s does not declare'
                       % (sym, HEADER))
    for struct in STRUCTS:
        if struct not in members:
            out.append('%s defines no struct %s' % (HEADER, struct))
            continue
        for member in members[struct]:
            if '``%s``' % member not in text:
                out.append('the recipe does not name struct %s\'s member %s'
                           % (struct, member))
    for path, source in types:
        private = re.findall(r'^\s*#\s*include\s+"([^"]+)"', source, re.M)
        if private != [os.path.basename(HEADER)]:
            out.append('%s includes %s of the core, not %s only'
                       % (path, ', '.join(private) or 'nothing',
                          os.path.basename(HEADER)))
    return out


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2

    def read(path):
        with open(path, encoding='utf-8') as f:
            return f.read()

    misses = check(read(argv[1]), read(argv[2]),
                   [(p, read(p)) for p in argv[3:]])
    for miss in misses:
        print('check-recipe: ' + miss)
    if misses:
        return 1
    print('check-recipe: the recipe names %s, all it declares that the '
          'recipe names, and every member of %s; %d types include it only'
          % (HEADER, ', '.join('struct ' + s for s in STRUCTS),
             len(argv) - 3))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
