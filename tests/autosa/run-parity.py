#!/usr/bin/env python3
"""AutoSA parity: every published AutoSA command run against systole-cli.

Reads commands.tsv (README.md in this folder says what each column holds),
runs each row's command through `systole-cli compile` at three levels and
compares what Systole gives with the facts AutoSA's documentation states:

  paste   the command as published, every option verbatim (the kernel and
          --simd-info paths point into kernels/), plus --emit and --json
  design  without the options that only say where AutoSA runs and writes
          (ENVIRONMENT below): the level the parity line counts
  core    --sa-sizes, --simd-info and --simd-touch-space (which says
          what simd[...] stands for) alone: the array Systole would give
          once it accepts the other options

A row gives AutoSA's design when the design level is accepted and every
fact the row states (at least one) equals Systole's.  Rows where AutoSA
stops at a stage and writes tuning.json (column stage) are compared with
`--emit options`, which lists every stage's choices in one call.

It is a measuring stick: the exit status is 0 whatever it measures (1
only when it cannot run: a missing table, CLI or kernel).  The last line
is `parity: N of M rows give AutoSA's design`.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))

# Options that say where AutoSA runs and writes, not what it builds:
# dropped at the design level (Systole prints to standard output, has one
# target and no stage-mode file).  --hls chooses AutoSA's testbench host
# over its OpenCL host; Systole's export writes both.
ENVIRONMENT = {'--config', '--output-dir', '--hls', '--AutoSA-verbose'}
ENVIRONMENT_VALUES = {'--target': 'autosa_hls_c'}

STOP_STAGES = {'array_part', 'latency', 'simd'}

# For --csim: AutoSA's cnn kernel has its result check commented out
# (its run says nothing either way); the check is restored, as edits of
# the table's form, outside the SCoP.
CSIM_EDITS = {
    'cnn/kernel.c': ' && '.join(
        f'kernel.c: //{line} => {line}' for line in [
            'if (err) {', '  printf("Test failed with %d errors!\\n", err);',
            '  return -1;', '} else {', '  printf("Test passed!\\n");',
            '  return 0;', '}']),
}

# The options the core level keeps: the sizes, and what says which loops
# the sizes' simd[...] factors stand for.
CORE = {'--sa-sizes', '--simd-info', '--simd-touch-space'}
# Options of AutoSA's that change the dataflows analyze lists: passed to
# analyze when the row (at the design level) has them.
ANALYSIS_FLAGS = ('--live-range-reordering',)


def fail(msg):
    print('run-parity: ' + msg, file=sys.stderr)
    sys.exit(1)


def read_table(path):
    with open(path, encoding='utf-8') as f:
        lines = [l.rstrip('\n') for l in f if l.strip()]
    cols = lines[0].split('\t')
    rows = []
    for n, line in enumerate(lines[1:], 2):
        cells = line.split('\t')
        if len(cells) != len(cols):
            fail(f'{path}:{n}: {len(cells)} cells, the header has {len(cols)}')
        rows.append(OrderedDict(zip(cols, cells)))
    return rows


def option_name(arg):
    return arg.split('=', 1)[0] if arg.startswith('--') else arg


def known_options(cli):
    """The long options systole-cli compile knows, from its help."""
    out = subprocess.run([cli, 'compile', '--help-all'], capture_output=True,
                         text=True).stdout
    return set(re.findall(r'(--[A-Za-z0-9][-A-Za-z0-9]*)', out))


class Kernels:
    """The kernels of the rows, edited as their docs say, in a scratch
    folder; analyze's dataflow count per kernel."""

    def __init__(self, root, cli, keep=None):
        self.root = root
        self.cli = cli
        self.keep = keep
        if keep:
            os.makedirs(keep, exist_ok=True)
        self.tmp = keep or tempfile.mkdtemp(prefix='systole-parity-')
        self.made = {}
        self.counts = {}

    def close(self):
        if not self.keep:
            shutil.rmtree(self.tmp, ignore_errors=True)

    def path(self, kernel, edits):
        src = os.path.join(self.root, kernel)
        if not os.path.isfile(src):
            fail(f'no kernel {src}')
        if not edits:
            return src
        key = (kernel, edits)
        if key in self.made:
            return self.made[key]
        folder = os.path.join(self.tmp, str(len(self.made)))
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(os.path.dirname(src), folder)
        for edit in edits.split(' && '):
            name, change = edit.split(': ', 1)
            old, new = change.split(' => ')
            target = os.path.join(folder, name)
            with open(target, encoding='utf-8') as f:
                lines = f.read().split('\n')
            hits = [i for i, l in enumerate(lines) if l.strip() == old]
            if len(hits) != 1:
                fail(f'{kernel}: the edit "{edit}" finds {len(hits)} lines')
            lines[hits[0]] = new
            with open(target, 'w', encoding='utf-8') as f:
                f.write('\n'.join(lines))
        self.made[key] = os.path.join(folder, os.path.basename(src))
        return self.made[key]

    def analysis(self, path, flags=()):
        """analyze --json of path, with the row's options that change
        the analysis (ANALYSIS_FLAGS)."""
        key = (path, tuple(flags))
        if key not in self.counts:
            r = subprocess.run([self.cli, 'analyze', '--json', *flags, path],
                               capture_output=True, text=True, timeout=300)
            try:
                self.counts[key] = json.loads(r.stdout)
            except ValueError:
                self.counts[key] = {}
        return self.counts[key]

    def dataflows(self, path, flags=()):
        cands = self.analysis(path, flags).get('candidates')
        return None if cands is None else len(cands)

    def iterations(self, path):
        """The statement instances, each statement's domain taken as the
        box of its constant bounds (the band's extents for a dimension
        without one): what a C simulation runs through, about."""
        a = self.analysis(path)
        band = {l['name']: l['max'] - l['min'] + 1
                for l in a.get('loops', [])}
        total = 0
        for st in a.get('statements', []):
            m = re.match(r'\{ *\w+\[([^\]]*)\]', st['domain'])
            n = 1
            for dim in (m.group(1).split(',') if m else []):
                dim = dim.strip()
                b = re.search(r'(-?\d+) <= ' + re.escape(dim) +
                              r' <= (-?\d+)', st['domain'])
                n *= (int(b.group(2)) - int(b.group(1)) + 1) if b \
                    else band.get(dim, 1)
            total += n
        return total


def remap(arg, root):
    return arg.replace('./autosa_tests/', root.rstrip('/') + '/')


def level_args(options, level, root):
    args = [remap(a, root) for a in shlex.split(options)]
    if level == 'paste':
        return args
    if level == 'design':
        return [a for a in args if option_name(a) not in ENVIRONMENT and
                ENVIRONMENT_VALUES.get(option_name(a)) != a.partition('=')[2]]
    return [a for a in args if option_name(a) in CORE]


def run_cli(cli, path, args, emit):
    cmd = [cli, 'compile', path] + args + ['--emit', emit, '--json']
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        return None, 'timeout after 600 s', cmd
    if r.returncode != 0:
        lines = [l for l in r.stderr.splitlines() if l.strip()]
        return None, (lines[0] if lines else f'exit status {r.returncode}'), cmd
    try:
        return json.loads(r.stdout), None, cmd
    except ValueError:
        return None, 'output is not JSON', cmd


def error_group(msg):
    """Refusals grouped by their rule: numbers and quoted names out."""
    msg = re.sub(r'^systole-cli: (error: )?', '', msg)
    m = re.match(r'Unknown option (--[^=\s]+)', msg)
    if m:
        return 'unknown option ' + m.group(1)
    msg = re.sub(r'\S*\.json', 'FILE.json', msg)
    msg = re.sub(r'(may use|arrays with --max-dims N): .*', r'\1: ...', msg)
    msg = re.sub(r'(reduction answers?), but .*', r'\1, but the array has another count of loops that carry a dependence', msg)
    msg = re.sub(r"'[^']*'", "'X'", msg)
    msg = re.sub(r'\[[-0-9, ]*\]', '[N]', msg)
    msg = re.sub(r'\d+', 'N', msg)
    msg = re.sub(r'\bN (loop|factor|answer)\b', r'N \1s', msg)
    msg = re.sub(r'\bN (reduction answer)\b', r'N \1s', msg)
    return msg[:120]


def simd_of(opts):
    """Systole's SIMD loop and width, `k=2`, or `none`."""
    m = re.search(r'--simd (\S+)', opts.get('flags', '') or '')
    return m.group(1) if m else 'none'


def sa_dims(opts):
    tiles = {t['name']: t['tile'] for t in opts.get('tilable', [])}
    lat = {l['name']: l['factor'] for l in opts.get('latency', [])}
    simd = simd_of(opts)
    width = {simd.split('=')[0]: int(simd.split('=')[1])} if '=' in simd else {}
    return [tiles[s] // lat.get(s, 1) // width.get(s, 1)
            for s in opts.get('space', [])]


def parse_widths(text):
    """`dram:A=512,B=512 pe_fifo:A=64` -> {('dram','A'): 512, ...}"""
    out = {}
    for group in text.split():
        kind, _, items = group.partition(':')
        for item in items.split(','):
            name, _, bits = item.partition('=')
            out[(kind, name)] = int(bits)
    return out


def systole_widths(design, kind, array):
    if kind == 'dram':
        return sorted({d['width_bits'] for d in design.get('dram', [])
                       if d['array'] == array})
    return sorted({f['width_bits'] for f in design.get('fifos', [])
                   if f['name'] == f'fifo_{array}_PE'})


def stage_facts(expect, opts):
    """The tuning.json of a stop row against Systole's options."""
    got = {}
    # AutoSA's SIMD candidates where Systole lists them (its own set
    # otherwise).
    simd = opts.get('autosa_simd', opts.get('simd', []))
    tiles = {t['name']: t['tile'] for t in opts.get('tilable', [])}
    for item in expect.split(';'):
        key, _, want = item.partition('=')
        if key == 'n_kernel':
            continue  # the dataflows column holds it
        if key == 'tilable' and 'loops' not in expect and ';n_sa_dim' in expect:
            have = ','.join(str(t['extent']) for t in opts.get('tilable', [])
                            if t['in_band'])
        elif key == 'tilable' and 'loops' not in expect:
            have = ','.join(str(tiles.get(l['name'], '?'))
                            for l in opts.get('latency', []))
        elif key == 'n_sa_dim':
            have = str(len(opts.get('space', [])))
        elif key == 'loops':
            have = ','.join(s['name'] for s in simd)
        elif key == 'tilable':
            have = ','.join(str(s['range']) for s in simd)
        elif key == 'scores':
            have = ','.join('%g' % s['score'] for s in simd)
        elif key == 'legal':
            have = ','.join('1' if s['legal'] else '0' for s in simd)
        elif key == 'sa_dims':
            have = ','.join(str(d) for d in sa_dims(opts))
        else:
            have = '?'
        got['stage.' + key] = (want, have)
    return got


def compare(row, design, opts, dataflows):
    """{fact: (AutoSA's, Systole's)} for every fact the row states."""
    facts = {}
    if row['dataflows']:
        facts['dataflows'] = (row['dataflows'], str(dataflows))
    if opts is None:
        return facts
    if row['space']:
        facts['space'] = (row['space'], ','.join(opts.get('space', [])))
    if row['simd']:
        facts['simd'] = (row['simd'], simd_of(opts))
    if row['stage'] in STOP_STAGES and row['stage_list']:
        facts.update(stage_facts(row['stage_list'], opts))
    if design is None:
        return facts
    if row['pe']:
        facts['pe'] = (row['pe'], ','.join(str(d) for d in design['pe']['dims']))
    for (kind, array), bits in parse_widths(row['widths']).items():
        have = systole_widths(design, kind, array)
        facts[f'{kind}.{array}'] = (str(bits), '/'.join(map(str, have)) or '-')
    return facts


def run_csim(project, timeout):
    """make csim in an exported project: 'passed', or what went wrong.
    The kernel's own check decides (its last line says pass, and make
    exits 0)."""
    try:
        r = subprocess.run(['make', '-s', 'csim', 'CXX=c++'], cwd=project,
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f'not finished in {timeout} s'
    lines = [l for l in (r.stdout + r.stderr).splitlines() if l.strip()]
    last = lines[-1].strip() if lines else ''
    if r.returncode == 0 and re.search(r'pass', last, re.I) and \
            not re.search(r'fail', last, re.I):
        return 'passed'
    if r.returncode == 0 and not lines:
        # AutoSA's shipped cnn and dnn_ops have their checks commented
        # out: the run says nothing either way.
        return 'ran; the kernel checks nothing'
    return f'failed: {last or "exit status %d" % r.returncode}'


def run_autosa(cli, path, args, root, csim=None):
    """The command as pasted, through `systole-cli autosa` (./autosa
    replaced), run where AutoSA's tree would be (its autosa_config/ and
    autosa.tmp/, the project written to a folder of its own): None where
    it wrote the project or stopped where AutoSA stops, else the
    error.  csim (a function of the project's folder), where given, runs
    on a written project; its answer goes into csim's 'result'."""
    with tempfile.TemporaryDirectory() as work:
        os.mkdir(os.path.join(work, 'autosa.tmp'))
        os.mkdir(os.path.join(work, 'autosa_config'))
        shutil.copy(os.path.join(root, 'autosa_config.json'),
                    os.path.join(work, 'autosa_config'))
        cmd = [os.path.abspath(cli), 'autosa', path] + [
            a for a in args if option_name(a) != '--output-dir'] + [
            '--output-dir=' + os.path.join(work, 'autosa.tmp', 'output')]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True,
                               timeout=600, cwd=work)
        except subprocess.TimeoutExpired:
            return 'timeout after 600 s', cmd
        if r.returncode != 0:
            lines = [l for l in r.stderr.splitlines() if l.strip()]
            return (lines[0] if lines else f'exit status {r.returncode}'), cmd
        project = os.path.join(work, 'autosa.tmp', 'output')
        if csim is not None and os.path.isfile(
                os.path.join(project, 'Makefile')):
            csim['result'] = csim['run'](project)
        return None, cmd


def run_row(row, cli, kernels, known, root, csim_limit=0, csim_timeout=600):
    edits = row['edits']
    if csim_limit and row['kernel'] in CSIM_EDITS:
        edits = ' && '.join(e for e in (edits, CSIM_EDITS[row['kernel']])
                            if e)
    path = kernels.path(row['kernel'], edits)
    stop = row['stage'] in STOP_STAGES
    result = {'id': row['id'], 'levels': {}, 'unknown': []}
    for a in shlex.split(row['options']):
        name = option_name(a)
        if name.startswith('--') and name not in known:
            result['unknown'].append(name)
    for level in ('design', 'core'):
        args = level_args(row['options'], level, root)
        opts, err, cmd = run_cli(cli, path, args, 'options')
        design = None
        if opts is not None and not stop:
            design, err, cmd = run_cli(cli, path, args, 'summary')
        facts = {}
        flags = [a for a in args if a in ANALYSIS_FLAGS]
        if err is None:
            facts = compare(row, design, opts,
                            kernels.dataflows(path, flags))
        result['levels'][level] = {'error': err, 'facts': facts,
                                   'command': cmd}
    # As pasted: what systole-cli autosa makes of it, with the facts of
    # the design level (the options it drops are AutoSA's environment,
    # which autosa takes as no-ops).
    csim = None
    if csim_limit and row['stage'] == 'design':
        n = kernels.iterations(path)
        if n > csim_limit:
            result['csim'] = f'not run: {n} loop iterations'
        else:
            csim = {'run': lambda project: run_csim(project, csim_timeout)}
    err, cmd = run_autosa(cli, path, level_args(row['options'], 'paste', root),
                          root, csim)
    if csim is not None:
        result['csim'] = csim.get('result', 'no project')
    if err:
        result.pop('csim', None)
    design = result['levels']['design']
    result['levels'] = {'paste': {
        'error': err,
        'facts': {} if err else design['facts'], 'command': cmd},
        **result['levels']}
    return result


def verdict(level):
    if level['error']:
        return 'refused'
    facts = level['facts']
    if not facts:
        return 'accepted, no stated facts'
    if all(w == h for w, h in facts.values()):
        return 'matched'
    return 'accepted, another design'


def show_facts(facts):
    return ' '.join(f'{k}={w}' + ('' if w == h else f'(Systole {h})')
                    for k, (w, h) in facts.items())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--cli', default=os.path.join(
        HERE, '..', '..', 'build', 'app', 'systole-cli'))
    ap.add_argument('--table', default=os.path.join(HERE, 'commands.tsv'))
    ap.add_argument('--kernels', default=os.path.join(HERE, 'kernels'))
    ap.add_argument('--only', nargs='*', help='row ids to run')
    ap.add_argument('--commands', action='store_true',
                    help='print the systole-cli command of each level')
    ap.add_argument('--results', help='write one line per row here (TSV)')
    ap.add_argument('--csim', type=int, metavar='N', default=0,
                    help='run make csim on each project written as pasted '
                    'whose loops run at most N iterations')
    ap.add_argument('--csim-timeout', type=int, default=600, metavar='S')
    ap.add_argument('--markdown', metavar='FILE',
                    help='write the table of designs (README) here')
    ap.add_argument('--keep', metavar='DIR',
                    help='write the edited kernels here and keep them, so '
                    'that the --commands printed can be run again')
    a = ap.parse_args()
    a.cli = os.path.normpath(a.cli)
    if not os.access(a.cli, os.X_OK):
        fail(f'no systole-cli at {a.cli}')
    rows = read_table(a.table)
    if a.only:
        rows = [r for r in rows if r['id'] in a.only]
    known = known_options(a.cli)
    kernels = Kernels(a.kernels, a.cli, a.keep)
    results = []
    try:
        for row in rows:
            res = run_row(row, a.cli, kernels, known, a.kernels, a.csim,
                          a.csim_timeout)
            results.append((row, res))
            d = res['levels']['design']
            line = f"{row['id']:<24} {verdict(d):<26}"
            if d['error']:
                line += ' ' + d['error'].replace('systole-cli: ', '')
            else:
                line += ' ' + show_facts(d['facts'])
            c = res['levels']['core']
            if d['error'] and not c['error'] and c['facts']:
                line += f"  [core: {verdict(c)}: {show_facts(c['facts'])}]"
            if 'csim' in res:
                line += f"  [csim: {res['csim']}]"
            print(line)
            if a.commands:
                for lv, r in res['levels'].items():
                    print(f'    {lv}: ' + ' '.join(
                        shlex.quote(x) for x in r['command']))
    finally:
        kernels.close()
    summarize(results)
    if a.results:
        write_results(a.results, results)
    if a.markdown:
        write_markdown(a.markdown, results)
    return 0


def summarize(results):
    m = len(results)
    print()
    for level in ('paste', 'design', 'core'):
        counts = Counter(verdict(r['levels'][level]) for _, r in results)
        print(f'{level:<7} ' + ', '.join(
            f'{counts[k]} {k}' for k in ('matched', 'accepted, another design',
                                         'accepted, no stated facts',
                                         'refused')))
    for level in ('design', 'core'):
        print(f'\n{level} level refusals, by rule:')
        groups = Counter(error_group(r['levels'][level]['error'])
                         for _, r in results if r['levels'][level]['error'])
        for msg, n in groups.most_common():
            print(f'  {n:3}  {msg}')
    print('\nAutoSA options systole-cli does not know (rows using each):')
    unknown = Counter(o for _, r in results for o in set(r['unknown']))
    for opt, n in sorted(unknown.items(), key=lambda x: (-x[1], x[0])):
        print(f'  {n:3}  {opt}')
    print('\nfacts that differ (design level, else core level):')
    diffs = Counter()
    for _, r in results:
        lv = r['levels']['design']
        if lv['error']:
            lv = r['levels']['core']
        for k, (w, h) in lv['facts'].items():
            if w != h:
                diffs[k.split('.')[0]] += 1
    for k, n in diffs.most_common():
        print(f'  {n:3}  {k}')
    matched = sum(verdict(r['levels']['design']) == 'matched'
                  for _, r in results)
    print(f'\nparity: {matched} of {m} rows give AutoSA\'s design')


def write_results(path, results):
    with open(path, 'w', encoding='utf-8') as f:
        f.write('id\tpaste\tdesign\tcore\terror\tfacts\tunknown\n')
        for row, r in results:
            lv = r['levels']
            d = lv['design'] if not lv['design']['error'] else lv['core']
            f.write('\t'.join([row['id'], verdict(lv['paste']),
                               verdict(lv['design']), verdict(lv['core']),
                               (lv['design']['error'] or '').replace(
                                   'systole-cli: ', ''),
                               show_facts(d['facts']),
                               ','.join(r['unknown'])]) + '\n')


def sizes_of(options):
    m = re.search(r'--sa-sizes="?([^" ]*)', options)
    return m.group(1) if m else ''


def array_text(space, pe, simd):
    parts = []
    if space:
        parts.append(f'[{space}]')
    if pe:
        parts.append(pe.replace(',', 'x') + ' PEs')
    if simd and simd != 'none':
        parts.append(f'SIMD {simd}')
    elif simd == 'none':
        parts.append('no SIMD')
    return ', '.join(parts) or '-'


def systole_text(facts):
    def have(key):
        return facts[key][1] if key in facts else ''
    return array_text(have('space'), have('pe'), have('simd'))


def status_text(row, r):
    lv = r['levels']
    paste = lv['paste']
    v = verdict(paste)
    if paste['error']:
        why = paste['error'].replace('systole-cli: ', '')
        return 'refused: ' + why.replace('|', '\\|')
    if v == 'accepted, another design':
        diff = [f'{k} {w} (Systole {h})'
                for k, (w, h) in paste['facts'].items() if w != h]
        return 'another design: ' + '; '.join(diff)
    if row['stage'] in STOP_STAGES or row['stage'] == 'space_time':
        return f'stops at {row["stage"]}, as AutoSA'
    return 'AutoSA\'s design' if v == 'matched' else 'accepted (no fact stated)'


def write_markdown(path, results):
    """The README's table: per row its kernel, string, AutoSA's array and
    Systole's, csim, and the verdict or the reason."""
    with open(path, 'w', encoding='utf-8') as f:
        f.write('| row | kernel | `--sa-sizes` | AutoSA | Systole | csim '
                '| status |\n|---|---|---|---|---|---|---|\n')
        for row, r in results:
            lv = r['levels']
            facts = lv['paste']['facts'] or lv['core']['facts']
            sizes = sizes_of(row['options'])
            sizes = sizes.replace('kernel[]->', '').strip('{}')
            f.write('| ' + ' | '.join([
                row['id'], row['kernel'].replace('/kernel.c', ''),
                f'`{sizes}`' if sizes else '-',
                array_text(row['space'], row['pe'], row['simd']),
                systole_text(facts) if not lv['paste']['error'] else '-',
                r.get('csim', '-'), status_text(row, r)]) + ' |\n')


if __name__ == '__main__':
    sys.exit(main())
