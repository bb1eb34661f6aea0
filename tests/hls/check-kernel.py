#!/usr/bin/env python3
"""check-kernel.py DIR: an exported project's kernel against its
descriptor.  In kernel0's dataflow region every stream element declared
is an argument of exactly two calls (its writer and its reader), every
FIFO family of design.json has the width the kernel declares, every
module instance is called once (PEs through PE_wrapper) and nothing
else is, and every DRAM port has its m_axi interface.  Every module's
buffers are those design.json gives it: the PE's with their shapes, an
I/O module's as words (local, or local_ping and local_pong) of its
depth.  Prints what differs; exits 1 if any."""
import itertools
import json
import re
import sys

C_BITS = {"float": 32, "double": 64, "long double": 128,
          "char": 8, "signed char": 8, "unsigned char": 8,
          "short": 16, "unsigned short": 16,
          "int": 32, "unsigned": 32, "unsigned int": 32,
          "long": 64, "unsigned long": 64,
          "long long": 64, "unsigned long long": 64, "_Bool": 8,
          "int8_t": 8, "uint8_t": 8, "int16_t": 16, "uint16_t": 16,
          "int32_t": 32, "uint32_t": 32, "int64_t": 64, "uint64_t": 64,
          "elem_t": None}


def buffers(design, src):
    """The buffers each called module declares against design.json's."""
    problems = []
    for module in design["modules"]:
        m = re.search(r"^void %s\(.*?^}" % module["name"], src, re.M | re.S)
        if not m:
            continue
        if module["kind"] == "pe":
            got = sorted((name, [int(d) for d in re.findall(r"\d+", dims)])
                         for name, dims in re.findall(
                             r"^    [\w ]+? (local_\w+)((?:\[\d+\])+);",
                             m.group(0), re.M))
            want = sorted((b["name"], b["shape"]) for b in module["buffers"])
        else:
            got = sorted(re.findall(r"^    \w+ (local(?:_ping|_pong)?)\[(\d+)\];",
                                    m.group(0), re.M))
            want = sorted((name, str(b["depth"])) for b in module["buffers"]
                          for name in (("local_ping", "local_pong")
                                       if b["ping_pong"] else ("local",)))
        if got != want:
            problems.append("%s: buffers %s in the kernel, %s in design.json"
                            % (module["name"], got, want))
    return problems


def main(project):
    design = json.load(open(project + "/design.json"))
    src = open(project + "/src/systole_kernel.cpp").read()
    header = open(project + "/src/systole_kernel.h").read()
    top = src[src.index("void kernel0("):]
    words = {m.group(2): int(m.group(1)) for m in
             re.finditer(r"typedef ap_uint<(\d+)> (\w+);", header)}
    problems = []

    def bits(ctype):
        m = re.fullmatch(r"ap_uint<(\d+)>", ctype)
        if m:
            return int(m.group(1))
        return words.get(ctype, C_BITS.get(ctype))

    declared = {}
    for m in re.finditer(r"hls::stream<(.+?)> (fifo\w+)((?:\[\d+\])+);",
                         top):
        declared[m.group(2)] = (bits(m.group(1)),
                                [int(d) for d in re.findall(r"\d+",
                                                            m.group(3))])
    calls = re.findall(r"^    (\w+)\((.*)\);$", top, re.M)
    uses = {}
    for _, args in calls:
        for arg in re.findall(r"fifo\w+(?:\[\d+\])+", args):
            uses[arg] = uses.get(arg, 0) + 1
    for name, (_, dims) in declared.items():
        for index in itertools.product(*[range(d) for d in dims]):
            element = name + "".join("[%d]" % i for i in index)
            if uses.get(element, 0) != 2:
                problems.append("%s is an argument of %d calls"
                                % (element, uses.get(element, 0)))
    for fifo in design["fifos"]:
        got = declared.get(fifo["name"], (None,))[0]
        if got != fifo["width_bits"]:
            problems.append("%s: %s bits in the kernel, %d in design.json"
                            % (fifo["name"], got, fifo["width_bits"]))
    count = {}
    for name, _ in calls:
        count[name] = count.get(name, 0) + 1
    for module in design["modules"]:
        name = "PE_wrapper" if module["kind"] == "pe" else module["name"]
        if count.get(name, 0) != module["count"]:
            problems.append("%s: %d calls, %d in design.json"
                            % (module["name"], count.get(name, 0),
                               module["count"]))
    names = {"PE_wrapper"} | {m["name"] for m in design["modules"]}
    for name in sorted(set(count) - names):
        problems.append("%s is called, but design.json has no such module"
                        % name)
    problems += buffers(design, src)
    ports = len(re.findall(r"^#pragma HLS INTERFACE m_axi ", top, re.M))
    if ports != len(design["dram"]):
        problems.append("%d m_axi ports, %d DRAM ports in design.json"
                        % (ports, len(design["dram"])))
    for p in sorted(set(problems))[:10]:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
