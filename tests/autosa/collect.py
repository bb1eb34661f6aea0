#!/usr/bin/env python3
"""Checks commands.tsv against AutoSA's documentation.

    tests/autosa/collect.py GITDIR

GITDIR is a clone (or bare mirror) of UCLA-VAST/AutoSA.  Every `./autosa`
command printed on its own line in README.md, autosa_tests/*/README.md,
docs/examples/*.rst and docs/tutorials/*.rst (continuation lines joined,
whitespace collapsed; commands inside `optimizer.py -c '...'` are the
tuner's templates and are left out) must be a source of exactly one row,
with that row's kernel and options, and every source of the table must be
such a command.  Prints the differences; exit status 1 if there are any.
"""
import csv
import re
import subprocess
import sys


def doc_files(git):
    out = subprocess.run(['git', '--git-dir', git, 'ls-tree', '-r',
                          '--name-only', 'HEAD'], capture_output=True,
                         text=True, check=True).stdout.split()
    pattern = (r'^(README\.md|autosa_tests/.*README\.md|'
               r'docs/(examples|tutorials)/.*\.rst)$')
    return [f for f in out if re.match(pattern, f)]


def commands(git):
    """{path:line: (kernel, options)} for every published command."""
    found = {}
    for name in doc_files(git):
        lines = subprocess.run(['git', '--git-dir', git, 'show',
                                'HEAD:' + name], capture_output=True,
                               text=True, check=True).stdout.split('\n')
        i = 0
        while i < len(lines):
            m = re.match(r'\s*\./autosa\s+\./autosa_tests/(\S+\.c)(.*)$',
                         lines[i])
            if m:
                start, cmd = i + 1, m.group(2).strip()
                while cmd.endswith('\\') or cmd.count('"') % 2:
                    i += 1
                    if cmd.endswith('\\'):
                        cmd = cmd[:-1].rstrip() + ' ' + lines[i].strip()
                    else:  # a string broken over two lines
                        cmd += lines[i].strip()
                found[f'{name}:{start}'] = (
                    m.group(1), re.sub(r'\s+', ' ', cmd).strip())
            i += 1
    return found


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().split('\n\n')[1], file=sys.stderr)
        return 2
    table = sys.argv[0].rsplit('/', 1)[0] + '/commands.tsv'
    with open(table, encoding='utf-8') as f:
        rows = list(csv.DictReader(f, delimiter='\t', quoting=csv.QUOTE_NONE))
    docs = commands(sys.argv[1])
    bad = 0
    seen = set()
    for row in rows:
        for src in row['sources'].split(','):
            seen.add(src)
            want = docs.get(src)
            if want != (row['kernel'], row['options']):
                print(f"{row['id']}: {src} is {want}, the table says "
                      f"({row['kernel']!r}, {row['options']!r})")
                bad += 1
    for src in sorted(set(docs) - seen):
        print(f'{src}: not in the table: {docs[src]}')
        bad += 1
    print(f'{len(docs)} published commands, {len(rows)} rows, '
          f'{bad} differences')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
