#!/usr/bin/env python3
"""sweep.py --cli CLI [options] KERNEL.c...: random designs of each
kernel, exported and simulated.

For every kernel and seed, a configuration is drawn from what the CLI
itself says the kernel allows (analyze --json for the dataflows, then
compile --emit options --json for the tiles, tile orders, latency
factors and SIMD loops): a dataflow; per tilable loop a tile of 1, the
full extent, a divisor or a non-divisor; a tile order; latency factors;
a SIMD loop and width; --no-double-buffer and --no-packing at random.
The design is exported into a temporary folder and simulated with
make csim.  Outcomes:

  passed    exported, make csim exits 0 with the kernel's own "Passed!"
            or the generated testbench's "PASS", the project printed
            again from its design.json alone (export --design) is the
            same, file for file and byte for byte, and, with
            --roundtrip, design.json reads back into the same bytes
            (tests/design-roundtrip.c);
  refused   export exits 1 with one line "systole-cli: error: ...",
            writing nothing (counted by that line);
  failed    anything else: csim fails or does not build, the project
            from design.json differs, design.json does not read back the
            same, exit 3, a crash, a timeout.

Seed S of a kernel draws from a generator seeded with "S:NAME" (NAME
the kernel's file name), so a configuration depends on nothing but its
seed, the kernel and the CLI: the same seed gives the same
configuration whatever the other seeds, the kernels listed or -j.  A
failure is printed with its seed and the exact commands that reproduce
it.  Prints a summary; exits 1 if any failed, 2 on a usage error."""
import argparse
import concurrent.futures
import json
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

REFUSAL = "systole-cli: error: "


class Outcome:
    def __init__(self, kind, what, commands=None, detail=""):
        self.kind = kind          # "passed", "refused", "failed"
        self.what = what          # the refusal's line, or the failure
        self.commands = commands or []
        self.detail = detail
        self.seconds = 0.0


RUNNING = set()
STOPPING = []


def run(cmd, timeout, cwd=None):
    """Runs cmd in its own process group (make's children die with it
    on a timeout).  Returns (status, stdout, stderr); status None on a
    timeout."""
    if STOPPING:
        raise SystemExit(1)
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=cwd,
                            start_new_session=True)
    RUNNING.add(proc.pid)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return None, out.decode(errors="replace"), err.decode(
            errors="replace")
    finally:
        RUNNING.discard(proc.pid)
    return (proc.returncode, out.decode(errors="replace"),
            err.decode(errors="replace"))


def kill_running():
    STOPPING.append(True)
    for pid in list(RUNNING):
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def stop(signum, frame):
    """Killed (meson's timeout, ^C): the process groups started go
    too, and the temporary folder is removed on the way out."""
    kill_running()
    raise SystemExit(128 + signum)


def describe(status, timeout):
    if status is None:
        return "timed out after %d s" % timeout
    if status < 0:
        return "killed by signal %d (%s)" % (
            -status, signal.Signals(-status).name)
    return "exit status %d" % status


class KernelError(Exception):
    pass


def cli_json(args, cmd):
    status, out, err = run([args.cli] + cmd, args.timeout)
    if status != 0:
        raise KernelError("%s: %s, %s" % (
            " ".join(shlex.quote(c) for c in [args.cli] + cmd),
            describe(status, args.timeout),
            (err.strip().splitlines() or [""])[0]))
    return json.loads(out)


def draw_tile(rng, loop):
    extent = loop["extent"]
    divisors = [d for d in loop["divisors"] if 1 < d < extent]
    others = [n for n in range(2, min(extent, 4096)) if extent % n]
    choices = ["one", "full"]
    if divisors:
        choices.append("divisor")
    if others:
        choices.append("other")
    kind = rng.choice(choices)
    if kind == "one":
        return 1
    if kind == "full":
        return extent
    if kind == "divisor":
        return rng.choice(divisors)
    return rng.choice(others)


def flags_of(space, tiles, order, latency, simd):
    flags = ["--space", ",".join(space)]
    if tiles:
        flags += ["--tile", ",".join("%s=%d" % t for t in tiles)]
    if order:
        flags += ["--tile-order", ",".join(order)]
    if latency:
        flags += ["--latency", ",".join("%s=%d" % t for t in latency)]
    if simd:
        flags += ["--simd", "%s=%d" % simd]
    return flags


def draw(args, kernel, seed, analysis):
    """The export flags of seed's configuration of kernel."""
    rng = random.Random("%d:%s" % (seed, os.path.basename(kernel)))
    candidates, parallel = analysis
    space = rng.choice(candidates)
    options = ["compile", kernel, "--emit", "options", "--json",
               "--max-dims", str(args.max_dims)]
    opts = cli_json(args, options + flags_of(space, [], [], [], None))
    tiles = []
    for loop in opts["tilable"]:
        # Loops that carry dependences must often stay untiled (partial
        # results crossing tiles are refused): tiled a quarter as often.
        if not parallel.get(loop["name"], True) and rng.random() < 0.75:
            continue
        tile = draw_tile(rng, loop)
        if tile != loop["extent"] or rng.random() < 0.3:
            tiles.append((loop["name"], tile))
    opts = cli_json(args, options + flags_of(space, tiles, [], [], None))
    order = []
    if len(opts["tile_orders"]) > 1 and rng.random() < 0.5:
        order = rng.choice(opts["tile_orders"])
    latency = []
    for loop in opts["latency"]:
        factors = [d for d in loop["divisors"] if d > 1]
        if factors and rng.random() < 0.4:
            latency.append((loop["name"], rng.choice(factors)))
    opts = cli_json(args, options + flags_of(space, tiles, order, latency,
                                             None))
    simd = None
    legal = [s for s in opts["simd"] if s["legal"] and s["range"] > 1]
    if legal and rng.random() < 0.5:
        loop = rng.choice(legal)
        widths = [d for d in range(2, loop["range"] + 1)
                  if loop["range"] % d == 0 and d <= 256]
        if widths:
            simd = (loop["name"], rng.choice(widths))
    flags = flags_of(space, tiles, order, latency, simd)
    if args.max_dims != 2:
        flags += ["--max-dims", str(args.max_dims)]
    if rng.random() < 0.25:
        flags.append("--no-double-buffer")
    if rng.random() < 0.25:
        flags.append("--no-packing")
    return flags


def last_line(text):
    lines = text.strip().splitlines()
    return lines[-1] if lines else ""


def same_tree(a, b):
    """The first difference between two folders' files, or None."""
    def files(root):
        found = {}
        for folder, _, names in os.walk(root):
            for name in names:
                path = os.path.join(folder, name)
                found[os.path.relpath(path, root)] = path
        return found
    left, right = files(a), files(b)
    if sorted(left) != sorted(right):
        return "files %s against %s" % (sorted(left), sorted(right))
    for name in sorted(left):
        with open(left[name], "rb") as x, open(right[name], "rb") as y:
            if x.read() != y.read():
                return "%s differs" % name
    return None


def simulate(args, kernel, flags, work):
    """Exports and simulates one configuration in work (a folder that
    does not exist yet)."""
    export = [args.cli, "export", kernel] + flags + ["-o", work]
    csim = ["make", "-s", "-C", work, "csim", "CXX=" + args.cxx]
    commands = [export]
    status, out, err = run(export, args.timeout)
    if status == 1:
        lines = err.strip().splitlines()
        if len(lines) >= 1 and lines[0].startswith(REFUSAL) and \
                not os.path.exists(work):
            return Outcome("refused", lines[0], commands)
        return Outcome("failed", "export exit status 1 without a one-line"
                       " rule, or with output left", commands, err)
    if status != 0:
        return Outcome("failed", "export " + describe(status, args.timeout),
                       commands, err)
    again = [args.cli, "export", "--design",
             os.path.join(work, "design.json"), "-o", work + ".again"]
    commands.append(again)
    status, out, err = run(again, args.timeout)
    if status != 0:
        return Outcome("failed", "export --design " +
                       describe(status, args.timeout), commands, err)
    differ = same_tree(work, work + ".again")
    shutil.rmtree(work + ".again")
    if differ:
        return Outcome("failed", "export --design: " + differ, commands)
    commands.append(csim)
    status, out, err = run(csim, args.csim_timeout)
    sim = out + err
    if status != 0:
        return Outcome("failed", "make csim " +
                       describe(status, args.csim_timeout), commands, sim)
    if last_line(out) not in ("Passed!", "PASS"):
        return Outcome("failed", "make csim ends with %r" % last_line(out),
                       commands, sim)
    if args.roundtrip:
        again = [args.roundtrip, os.path.join(work, "design.json")]
        status, out, err = run(again, args.timeout)
        if status != 0:
            commands.append(again)
            return Outcome("failed", "design.json read back", commands,
                           out + err)
    return Outcome("passed", "", commands)


def one(args, kernel, seed, analysis, tmp):
    work = os.path.join(tmp, "%s-%d" % (os.path.basename(kernel), seed))
    start = time.monotonic()
    try:
        flags = draw(args, kernel, seed, analysis)
    except KernelError as e:
        return Outcome("failed", "drawing a configuration: %s" % e)
    if args.list:
        return Outcome("listed", " ".join(shlex.quote(f) for f in flags))
    outcome = simulate(args, kernel, flags, work)
    outcome.seconds = time.monotonic() - start
    if outcome.kind == "failed" and args.keep:
        dest = os.path.join(args.keep, os.path.basename(work))
        if os.path.exists(work) and not os.path.exists(dest):
            shutil.move(work, dest)
    shutil.rmtree(work, ignore_errors=True)
    return outcome


def telling(detail):
    """The lines of a failure's output that say what went wrong: the
    compiler's errors and the checks' verdicts, else its last lines."""
    lines = detail.strip().splitlines()
    picked = [l for l in lines if re.search(
        r"error:|Systole check|Failed|differ|Error|Abort|assert", l)]
    return (picked or lines)[-8:] if len(picked) <= 8 else \
        picked[:4] + picked[-4:]


def seeds_of(text):
    """"1-40,45" -> [1, ..., 40, 45]."""
    seeds = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        seeds += range(int(lo), int(hi or lo) + 1)
    return seeds


def analysis_of(args, kernel):
    report = cli_json(args, ["analyze", "--json", "--max-dims",
                             str(args.max_dims), kernel])
    return ([c["space"] for c in report["candidates"]],
            {loop["name"]: loop["parallel"] for loop in report["loops"]})


def shown(cmd, tmp):
    text = " ".join(shlex.quote(c) for c in cmd)
    return text.replace(tmp + "/", "")


def main():
    parser = argparse.ArgumentParser(
        description="Random designs of each kernel, exported and "
        "simulated.")
    parser.add_argument("--cli", required=True, help="systole-cli")
    parser.add_argument("--seeds", default=None,
                        help="seeds to run, e.g. 1-40,45 (default 1-COUNT)")
    parser.add_argument("--count", type=int, default=4,
                        help="seeds 1 to COUNT per kernel (x10 with "
                        "SYSTOLE_FULL=1)")
    parser.add_argument("--skip", default="",
                        help="seeds left out, e.g. 3,17")
    parser.add_argument("-j", "--jobs", type=int, default=1)
    parser.add_argument("--timeout", type=int, default=120,
                        help="seconds for one systole-cli run")
    parser.add_argument("--csim-timeout", type=int, default=600,
                        help="seconds for one make csim")
    parser.add_argument("--max-dims", type=int, default=2)
    parser.add_argument("--cxx", default="c++")
    parser.add_argument("--roundtrip", default=None,
                        help="design-roundtrip, run on each design.json")
    parser.add_argument("--keep", default=None,
                        help="move the projects that fail into this folder")
    parser.add_argument("--show", action="store_true",
                        help="print each configuration's outcome")
    parser.add_argument("--list", action="store_true",
                        help="print each configuration's flags, run none")
    parser.add_argument("kernels", nargs="+")
    args = parser.parse_args()
    if args.seeds:
        seeds = seeds_of(args.seeds)
    else:
        count = args.count * (10 if os.environ.get("SYSTOLE_FULL") else 1)
        seeds = list(range(1, count + 1))
    skip = set(seeds_of(args.skip)) if args.skip else set()
    seeds = [s for s in seeds if s not in skip]
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    start = time.monotonic()
    failed = 0
    jobs = []
    pool = None
    futures = []
    tmp = tempfile.mkdtemp(prefix="systole-sweep-")
    try:
        for kernel in args.kernels:
            try:
                analysis = analysis_of(args, kernel)
            except KernelError as e:
                print("FAIL %s: %s" % (kernel, e))
                failed += 1
                continue
            if not analysis[0]:
                print("FAIL %s: no dataflow candidates" % kernel)
                failed += 1
                continue
            jobs += [(kernel, s, analysis) for s in seeds]
        results = []
        pool = concurrent.futures.ThreadPoolExecutor(args.jobs)
        futures = [pool.submit(one, args, k, s, c, tmp) for k, s, c in jobs]
        for (kernel, seed, _), future in zip(jobs, futures):
            outcome = future.result()
            results.append(outcome)
            name = os.path.basename(kernel)
            if outcome.kind == "listed":
                print("%s seed %d: %s" % (name, seed, outcome.what))
                continue
            if args.show:
                print("%s seed %d: %s (%.1f s) %s" % (
                    name, seed, outcome.kind, outcome.seconds,
                    outcome.what or " ".join(
                        outcome.commands[0][3:-2]
                        if outcome.commands else [])))
            if outcome.kind != "failed":
                continue
            print("FAIL %s seed %d: %s" % (name, seed, outcome.what))
            for cmd in outcome.commands:
                print("  " + shown(cmd, tmp))
            for line in telling(outcome.detail):
                print("  | " + line)
            sys.stdout.flush()
    finally:
        if pool and not all(f.done() for f in futures):
            kill_running()
        if pool:
            pool.shutdown(wait=True, cancel_futures=True)
        shutil.rmtree(tmp, ignore_errors=True)

    if args.list:
        return 1 if failed else 0
    passed = sum(1 for r in results if r.kind == "passed")
    refused = {}
    for r in results:
        if r.kind == "refused":
            refused[r.what] = refused.get(r.what, 0) + 1
    failed += sum(1 for r in results if r.kind == "failed")
    print("configurations: %d of %d kernels, %d passed, %d refused, "
          "%d failed (%.0f s)" % (len(results), len(args.kernels), passed,
                                  sum(refused.values()), failed,
                                  time.monotonic() - start))
    for what, count in sorted(refused.items(), key=lambda x: (-x[1], x[0])):
        print("  refused %d: %s" % (count, what[len(REFUSAL):]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
