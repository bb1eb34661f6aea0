#!/bin/sh
# check-estimate-cli.sh CLI EXAMPLES_DIR
# systole-cli estimate from the outside: exit statuses and the exact
# first line of each error (nothing on stdout); matrix multiply on the
# U250 with exact figures (the cycles test-latency derives by hand for
# this design), as tables and as JSON (its members, read by Python's
# parser); the same bytes twice and in another locale; --mhz, --device
# FILE.json and --model odyssey; a design over the device's budget, and
# its export's warnings naming the resources, its README and
# design.json carrying the estimate, and export --design printing the
# same project from that design.json.
set -u
cli=$1
examples=$2
mm=$examples/mm.c
sizes="--space i,j --tile i=16,j=16,k=16 --latency i=8,j=8 --simd k=2"

. "$(dirname "$0")/lib.sh"

# expect STATUS FIRST_LINE_OF_STDERR ARGS...
expect()
{
	want_status=$1
	want_line=$2
	shift 2
	"$cli" estimate "$@" >"$tmp/out" 2>"$tmp/err"
	status=$?
	line=$(head -n 1 "$tmp/err")
	if [ "$status" -ne "$want_status" ] || [ -s "$tmp/out" ] ||
		[ "$line" != "$want_line" ]; then
		fail "estimate $*: status $status (expected $want_status), stderr '$line'"
		printf '  expected: %s\n' "$want_line"
	fi
}

# run ARGS...: succeeds, nothing on stderr; the output in $tmp/out.
run()
{
	if ! "$cli" estimate "$@" >"$tmp/out" 2>"$tmp/err" || [ -s "$tmp/err" ]; then
		fail "estimate $*: $(head -n 1 "$tmp/err")"
		return 1
	fi
}

# Usage errors: 2.
expect 2 "systole-cli: estimate: no input file"
expect 2 "systole-cli: estimate: one input file expected" --space i,j "$mm" "$mm"
for mhz in 0 1001 -5 x 2.5 ''; do
	expect 2 "systole-cli: estimate: --mhz: expected a whole number from 1 to 1000, not '$mhz'" \
		--space i,j --mhz "$mhz" "$mm"
done
expect 2 "systole-cli: estimate: --model takes systole or odyssey, not 'autosa'" \
	--space i,j --model autosa "$mm"
expect 2 "systole-cli: estimate: --fifo-depth: expected a whole number from 1 to 65536, not '0'" \
	--space i,j --fifo-depth 0 "$mm"
# Nothing is written: no output file, no --force, no --emit.
expect 2 "systole-cli: Unknown option -o" --space i,j -o "$tmp/x" "$mm"
expect 2 "systole-cli: Unknown option --force" --space i,j --force "$mm"
expect 2 "systole-cli: Unknown option --emit" --space i,j --emit design "$mm"

# Input, size and unsupported designs: 1; too complex: 5.
expect 1 "systole-cli: error: choose the array with --space LOOPS or --sa-sizes \"{kernel[]->space_time[N]}\"; this kernel has 0 [i], 1 [j], 2 [k], 3 [i,j], 4 [i,k], 5 [j,k]" \
	"$mm"
expect 1 "systole-cli: error: the latency factor 3 of loop 'i' does not divide its tile of 16; it can be 1, 2, 4, 8, 16" \
	--space i,j --tile i=16 --latency i=3 "$mm"
expect 1 "systole-cli: error: unknown device 'nope'; Systole knows u200, u250, u280, u50, u55c, vu9p (or give a profile's file, FILE.json)" \
	--space i,j --device nope "$mm"
expect 1 "systole-cli: error: D enters the array along two paths (D_0 and D_1); the HLS backend supports one per array and way" \
	--space i,j "$examples/dp.c"
expect 1 "systole-cli: error: Odyssey's model covers its matrix-multiply designs (a band i, j, k, C[i][j] += A[i][k] * B[k][j], space_time 0 to 5, tile orders i,k,j / k,j,i / i,j,k) and convolutions (a band o, r, c, i over a window p, q, out[o][r][c] += in[i][r + p][c + q] * w[o][i][p][q] in any layout, space_time 0 to 9, tile orders i,r,c,o / o,r,c,i / o,i,r,c): the kernel's band has not three or four loops" \
	--space i --model odyssey "$examples/gemv.c"
expect 5 "$mm: error: the analysis is too complex: it needs more than 1000 isl operations (in the polyhedral model); raise the limit with --max-operations (0: no limit)" \
	--space i,j --max-operations 1000 "$mm"

# Matrix multiply 64^3 on the U250: 33087 cycles as test-latency
# derives them (54 + 32979 + 54), the resource model's counts, the fit.
# shellcheck disable=SC2086
run $sizes "$mm"
cat >"$tmp/want" <<'TEXT'
model systole on u250 at 300 MHz

cycles          33087 (prologue 54, steady state 32979, epilogue 54)
time            110.29 us
throughput      4.754 GFLOP/s (524288 floating-point operations on the original problem)
DSP efficiency  99.0 %
PE utilisation  99.4 %
off-chip        163840 bytes, 1.486 GB/s of the device's 77 GB/s (1.9 %)
bottleneck      A_IO_L2_in

module                      kind   count  cycles  II    share  DSP  BRAM18K  URAM    LUT     FF
PE                          pe         4   32784   1   99.4 %   40        0     0   1880   4664
C_IO_L3_in                  io         1     864   1    2.6 %    0        8     0   1590   2700
C_IO_L2_in                  io         1     560   1    1.7 %    0        0     0    406    732
C_IO_L2_in_boundary         io         1     304   1    0.9 %    0        0     0    406    732
C_IO_L1_in                  io         2    1091   1    3.3 %    0        0     0   1420   2488
C_IO_L1_in_boundary         io         2    1083   1    3.3 %    0        0     0   1420   2488
A_IO_L3_in                  io         1    2432   1    7.4 %    0       15     0   2230   3980
A_IO_L2_in                  io         1   32979   1  100.0 %    0        0     0   1254   2268
A_IO_L2_in_boundary         io         1   32971   1  100.0 %    0        0     0   1254   2268
A_PE_dummy_in               dummy      2   32771   1   99.4 %    0        0     0     40     60
B_IO_L3_in                  io         1    2432   1    7.4 %    0       15     0   2230   3980
B_IO_L2_in                  io         1   32979   1  100.0 %    0        0     0   1254   2268
B_IO_L2_in_boundary         io         1   32971   1  100.0 %    0        0     0   1254   2268
B_PE_dummy_in               dummy      2   32771   1   99.4 %    0        0     0     40     60
C_drain_IO_L3_out           drain      1     864   1    2.6 %    0        8     0   1590   2700
C_drain_IO_L2_out           drain      1     608   1    1.8 %    0        0     0    406    732
C_drain_IO_L2_out_boundary  drain      1     304   1    0.9 %    0        0     0    406    732
C_drain_IO_L1_out           drain      2    2118   2    6.4 %    0        0     0   1420   2488
C_drain_IO_L1_out_boundary  drain      2    2107   2    6.4 %    0        0     0   1420   2488
FIFOs                                                            0        0     0   6576    180
total                                                           40       46     0  28496  40276

II 2 in C_drain_IO_L1_out: local: read-modify-write of a word of 8 elements every iteration
II 2 in C_drain_IO_L1_out_boundary: local: read-modify-write of a word of 8 elements every iteration

fit on u250
resource   used  available   budget  percent
DSP          40      11520    11520    0.3 %
BRAM18K      46       4608     4608    1.0 %
BRAM36K      23       2304     2304    1.0 %
URAM          0       1280     1280    0.0 %
LUT       28496    1526400  1526400    1.9 %
FF        40276    3052800  3052800    1.3 %
TEXT
if ! diff -u "$tmp/want" "$tmp/out"; then
	fail "estimate of mm on u250: the tables differ"
fi

# The same bytes again, and with another locale's numbers.
# shellcheck disable=SC2086
LC_ALL=C.UTF-8 "$cli" estimate $sizes "$mm" >"$tmp/again" 2>&1
cmp -s "$tmp/out" "$tmp/again" || fail "estimate of mm: other bytes the second time"

# JSON: the contract's members and their values.
# shellcheck disable=SC2086
run $sizes --json "$mm" && python3 - "$tmp/out" <<'PY' || fail "estimate --json of mm: the members above"
import json, sys
d = json.load(open(sys.argv[1]))
want = {
    "model": "systole", "device": "u250", "mhz": 300, "cycles": 33087,
    "prologue": 54, "steady": 32979, "epilogue": 54, "seconds": 0.00011029,
    "ops": 524288, "flops": True, "bottleneck": "A_IO_L2_in",
    "resources": {"dsp": 40, "bram18k": 46, "uram": 0, "lut": 28496,
                  "ff": 40276},
    "over": [], "device_gbps": 77,
}
bad = [k for k in want if d.get(k) != want[k]]
names = [m["name"] for m in d["modules"]]
if names[0] != "PE" or len(names) != 19 or d["modules"][0]["count"] != 4:
    bad.append("modules")
if d["fit"]["bram36k"]["used"] != 23 or d["fit"]["dsp"]["available"] != 11520:
    bad.append("fit")
if bad:
    sys.exit("members " + ", ".join(bad))
PY

# --local-reduce (AutoSA's mm.4: [i,k], SIMD 2 on k, k in 16 tiles): C's
# L3 module out folds each tile's 64 words of 16 floats into its
# acc_C buffer, an fp32 adder per element (16 x 2 DSP, 85 LUT, 243 FF)
# and the buffer in LUTRAM over what the L3 module in costs; the same
# burst at II 1.
run --sa-sizes '{kernel[]->space_time[4];kernel[]->array_part[32,4,32];kernel[]->latency[16,16];kernel[]->simd[2]}' \
	--simd-touch-space --local-reduce --reduce-op=+ --json "$mm" &&
	python3 - "$tmp/out" <<'PY' || fail "estimate --local-reduce: the L3 modules"
import json, sys
d = json.load(open(sys.argv[1]))
l3 = {m["name"]: (m["cycles"], m["ii"], m["resources"]) for m in d["modules"]
      if m["name"] in ("C_IO_L3_in", "C_IO_L3_out")}
want = {
    "C_IO_L3_in": (5504, 1, {"dsp": 0, "bram18k": 15, "uram": 0,
                             "lut": 2230, "ff": 3980}),
    "C_IO_L3_out": (5504, 1, {"dsp": 32, "bram18k": 15, "uram": 0,
                              "lut": 4182, "ff": 8380}),
}
if l3 != want or d["cycles"] != 65970:
    sys.exit("%s, %s cycles" % (l3, d["cycles"]))
PY

# --uram (AutoSA's): the folding L3 module's acc_C, 64 words of 512
# bits, in UltraRAM: 8 of them side by side (72 bits each) instead of
# LUTRAM (592 LUT and 512 FF fewer); the cycles do not change.
run --sa-sizes '{kernel[]->space_time[4];kernel[]->array_part[32,4,32];kernel[]->latency[16,16];kernel[]->simd[2]}' \
	--simd-touch-space --local-reduce --reduce-op=+ --uram --json "$mm" &&
	python3 - "$tmp/out" <<'PY' || fail "estimate --uram: the folding L3 module"
import json, sys
d = json.load(open(sys.argv[1]))
out = [(m["cycles"], m["resources"]) for m in d["modules"]
       if m["name"] == "C_IO_L3_out"]
want = [(5504, {"dsp": 32, "bram18k": 15, "uram": 8, "lut": 3590,
                "ff": 7868})]
if out != want or d["cycles"] != 65970 or d["resources"]["uram"] != 8:
    sys.exit("%s, %s cycles, %s" % (out, d["cycles"], d["resources"]))
PY

# --hbm (AutoSA's mm_hbm on the U280): each path on two HBM
# pseudo-channels, an L3 module (and its AXI adapter) on each, moving
# half the words: A's tile of 4 lines x 16 words (32768 bits, 128
# beats of 256 bits at a beat a cycle, plus 20 cycles of burst start)
# becomes 2 lines (64 beats) a port, 8 tiles: 1184 -> 672 cycles; the
# L2 modules a chain passes on drop from 3 lines to 1.
hbm_sizes='{kernel[]->space_time[3];kernel[]->array_part[32,32,32];kernel[]->latency[8,8];kernel[]->simd[2];kernel[]->hbm_A[2];kernel[]->hbm_B[2];kernel[]->hbm_C_drain[2]}'
for hbm in "" --hbm; do
	# shellcheck disable=SC2086
	run --sa-sizes "$hbm_sizes" --device u280 $hbm --json "$mm" &&
		python3 - "$tmp/out" "$hbm" <<'PY' || fail "estimate ${hbm:-without --hbm} on the U280: the I/O modules"
import json, sys
d = json.load(open(sys.argv[1]))
got = {m["name"]: (m["count"], m["cycles"], m["resources"]["lut"],
                   m["resources"]["bram18k"])
       for m in d["modules"] if m["name"].startswith("A_IO")}
want = {
    "": ({"A_IO_L3_in": (1, 1184, 2230, 15), "A_IO_L2_in": (3, 8283, 3762, 0),
          "A_IO_L2_in_boundary": (1, 8235, 1254, 0)}, 8583),
    "--hbm": ({"A_IO_L3_in": (2, 672, 4460, 30),
               "A_IO_L2_in": (2, 8251, 2508, 0),
               "A_IO_L2_in_boundary": (2, 8235, 2508, 0)}, 8423),
}[sys.argv[2]]
if (got, d["cycles"], d["offchip_bytes"]) != (want[0], want[1], 98304):
    sys.exit("%s, %s cycles" % (got, d["cycles"]))
PY
done

# On the U250 its 8 ports (C in, A, B and C_drain on two each) share
# the 4 DDR4 channels, two a channel: A's L3 module moves its 32 beats
# of 512 bits at half a channel's 19.25 GB/s, 0.501 beats a cycle at
# 300 MHz, plus 20 cycles of burst start, over 8 tiles.
run --sa-sizes "$hbm_sizes" --hbm --json "$mm" &&
	python3 - "$tmp/out" <<'PY' || fail "estimate --hbm on the U250: A's L3 module"
import json, sys
d = json.load(open(sys.argv[1]))
l3 = [m for m in d["modules"] if m["name"] == "A_IO_L3_in"][0]
want = 8 * (32 / (19.25e9 / 2 * 8 / 512 / 300e6) + 20)
if l3["count"] != 2 or abs(l3["cycles"] - want) > 1e-6 or \
        round(l3["cycles"], 2) != 670.67:
    sys.exit("%s cycles, %s modules" % (l3["cycles"], l3["count"]))
PY

# --mhz: the same cycles, twice the time.
# shellcheck disable=SC2086
run $sizes --mhz 150 "$mm" &&
	[ "$(sed -n '1p;3,4p' "$tmp/out" | tr '\n' '|')" = "model systole on u250 at 150 MHz|cycles          33087 (prologue 54, steady state 32979, epilogue 54)|time            220.58 us|" ] ||
	fail "estimate --mhz 150: $(sed -n '1,4p' "$tmp/out")"

# --device FILE.json: a profile of the user's, by its own name.
sed 's/"name" *: *"u50"/"name": "myboard"/' "$(dirname "$0")/../data/devices/u50.json" >"$tmp/myboard.json"
# shellcheck disable=SC2086
run $sizes --device "$tmp/myboard.json" "$mm" &&
	[ "$(sed -n 1p "$tmp/out")" = "model systole on myboard at 300 MHz" ] ||
	fail "estimate --device FILE.json: $(sed -n 1p "$tmp/out")"

# --model odyssey: Odyssey's modules and formulas for the same design.
# shellcheck disable=SC2086
run $sizes --model odyssey "$mm" &&
	[ "$(sed -n '1p;3p' "$tmp/out" | tr '\n' '|')" = "model odyssey on u250 at 300 MHz|cycles          32913 (prologue 17, steady state 32832, epilogue 64)|" ] ||
	fail "estimate --model odyssey: $(sed -n '1,3p' "$tmp/out")"

# Designs over several SLRs: per SLR, its share of the design (spread
# evenly) against what that SLR leaves to the user.  16 x 16 PEs of 8
# lanes on the U250: 10240 DSP, over the 2880 x 3 of three SLRs, in
# four (AutoBridge's SLR areas, four alike).
run --space i,j --tile i=16,j=16,k=16 --simd k=8 "$mm" && {
	sed -n '/^the design spans/,$p' "$tmp/out" >"$tmp/slrs"
	cat >"$tmp/want" <<'TEXT'
the design spans 4 SLRs
SLR   resource    used  available  budget  percent
SLR0  DSP         2560       2880    2880   88.9 %
      BRAM18K        8       1152    1152    0.7 %
      BRAM36K        4        576     576    0.7 %
      URAM           0        320     320    0.0 %
      LUT       159614     381600  381600   41.8 %
      FF        312452     763200  763200   40.9 %
SLR1  DSP         2560       2880    2880   88.9 %
      BRAM18K        8       1152    1152    0.7 %
      BRAM36K        4        576     576    0.7 %
      URAM           0        320     320    0.0 %
      LUT       159614     381600  381600   41.8 %
      FF        312452     763200  763200   40.9 %
SLR2  DSP         2560       2880    2880   88.9 %
      BRAM18K        8       1152    1152    0.7 %
      BRAM36K        4        576     576    0.7 %
      URAM           0        320     320    0.0 %
      LUT       159614     381600  381600   41.8 %
      FF        312452     763200  763200   40.9 %
SLR3  DSP         2560       2880    2880   88.9 %
      BRAM18K        8       1152    1152    0.7 %
      BRAM36K        4        576     576    0.7 %
      URAM           0        320     320    0.0 %
      LUT       159614     381600  381600   41.8 %
      FF        312452     763200  763200   40.9 %
TEXT
	diff -u "$tmp/want" "$tmp/slrs" || fail "estimate of 2048 lanes on u250: the SLR table"
}
# 32 x 32 PEs on the U280: 1,056,376 LUTs, over two SLRs' 401,760 +
# 382,080, in three; SLR0 leaves more LUTs and fewer DSPs than SLR1 and
# SLR2 (AutoBridge's U280 slots).
run --space i,j --tile i=32,j=32,k=16 --device u280 "$mm" && {
	sed -n '/^the design spans/,$p' "$tmp/out" >"$tmp/slrs"
	cat >"$tmp/want" <<'TEXT'
the design spans 3 SLRs
SLR   resource       used  available  budget  percent
SLR0  DSP         1706.67       2736    2736   62.4 %
      BRAM18K       10.67       1200    1200    0.9 %
      BRAM36K        5.33        600     600    0.9 %
      URAM              0        320     320    0.0 %
      LUT       352125.33     401760  401760   87.6 %
      FF           533904     803520  803520   66.4 %
SLR1  DSP         1706.67       2880    2880   59.3 %
      BRAM18K       10.67       1152    1152    0.9 %
      BRAM36K        5.33        576     576    0.9 %
      URAM              0        320     320    0.0 %
      LUT       352125.33     382080  382080   92.2 %
      FF           533904     764160  764160   69.9 %
SLR2  DSP         1706.67       2880    2880   59.3 %
      BRAM18K       10.67       1152    1152    0.9 %
      BRAM36K        5.33        576     576    0.9 %
      URAM              0        320     320    0.0 %
      LUT       352125.33     382080  382080   92.2 %
      FF           533904     764160  764160   69.9 %
TEXT
	diff -u "$tmp/want" "$tmp/slrs" || fail "estimate of 1024 PEs on u280: the SLR table"
}
# The same as JSON: each of "slrs" keeps the resources used by their
# names and adds what the SLR leaves (available) and its budget.
run --space i,j --tile i=32,j=32,k=16 --device u280 --json "$mm" &&
	python3 - "$tmp/out" <<'PY' || fail "estimate --json of 1024 PEs on u280: slrs"
import json, sys
slrs = json.load(open(sys.argv[1]))["slrs"]
left = [{"dsp": 2736, "bram18k": 1200, "uram": 320, "lut": 401760, "ff": 803520}] + \
    2 * [{"dsp": 2880, "bram18k": 1152, "uram": 320, "lut": 382080, "ff": 764160}]
want = [dict(dsp=5120 / 3, bram18k=32 / 3, uram=0, lut=1056376 / 3, ff=533904,
             available=a, budget=a) for a in left]
if slrs != want:
    sys.exit("slrs: %s" % slrs)
PY

# 64 x 64 PEs: over the U250's DSPs, LUTs and FFs, over four SLRs, and
# over each SLR's.
run --space i,j "$mm" && {
	grep -qx 'DSP         20480      11520    11520  177.8 %  OVER' "$tmp/out" ||
		fail "estimate of 4096 PEs: no DSP over budget"
	grep -qx 'the design spans 4 SLRs' "$tmp/out" ||
		fail "estimate of 4096 PEs: not over 4 SLRs"
	[ "$(grep -cx '      LUT       1023198     381600  381600  268.1 %  OVER' "$tmp/out")" -eq 4 ] ||
		fail "estimate of 4096 PEs: not over each SLR's LUTs"
}
"$cli" export --space i,j "$mm" -o "$tmp/big" >/dev/null 2>"$tmp/warnings" ||
	fail "export of 4096 PEs: $(head -n 1 "$tmp/warnings")"
cat >"$tmp/want" <<'TEXT'
systole-cli: warning: the design needs 20480 DSP, over the 11520 the u250 gives (177.8 %)
systole-cli: warning: the design needs 4092792 LUT, over the 1526400 the u250 gives (268.1 %)
systole-cli: warning: the design needs 6041072 FF, over the 3052800 the u250 gives (197.9 %)
TEXT
diff -u "$tmp/want" "$tmp/warnings" || fail "export of 4096 PEs: its warnings"
grep -qx -- '- the design needs 20480 DSP, over the 11520 the u250 gives (177.8 %).' "$tmp/big/README.md" ||
	fail "export of 4096 PEs: no DSP warning in the README"
grep -qx 'DSP         20480      11520    11520  177.8 %  OVER' "$tmp/big/README.md" ||
	fail "export of 4096 PEs: no estimate in the README"
# design.json's estimate is what estimate --json prints, and export
# --design computes it again from the design alone: the same project.
run --space i,j --json "$mm" &&
	python3 - "$tmp/out" "$tmp/big/design.json" <<'PY' || fail "export of 4096 PEs: design.json's estimate"
import json, sys
alone = json.load(open(sys.argv[1]))
design = json.load(open(sys.argv[2]))
sys.exit(design.get("estimate") != alone)
PY
"$cli" export --design "$tmp/big/design.json" -o "$tmp/big-again" >/dev/null 2>"$tmp/err" &&
	diff -r "$tmp/big" "$tmp/big-again" >/dev/null && cmp -s "$tmp/warnings" "$tmp/err" ||
	fail "export --design of 4096 PEs: another project or other warnings"

# The host's launches: matrix multiply on [i, k] with k first in the
# tile order, one launch per tile of k (8); each launch fills and drains
# the array (prologue 86 and epilogue 30 cycles a launch); kernel0
# takes the launch's tile, the testbench loops over them, design.json
# and the estimate say so.
run --space i,k --tile i=8,j=8,k=8 --tile-order k,i,j "$mm" && {
	grep -qx 'cycles          44960 (prologue 688, steady state 44032, epilogue 240)' "$tmp/out" ||
		fail "launches: $(grep '^cycles' "$tmp/out")"
	grep -qx 'launches        8 (each fills and drains the array: partial results cross the host'"'"'s tile loops through DRAM)' "$tmp/out" ||
		fail "launches: $(grep '^launches' "$tmp/out")"
}
if "$cli" export --space i,k --tile i=8,j=8,k=8 --tile-order k,i,j "$mm" \
	-o "$tmp/launch" >/dev/null 2>"$tmp/err"; then
	grep -qx 'void kernel0(C_word \*C, A_word \*A, B_word \*B, C_word \*C_out, int sy_l0)' \
		"$tmp/launch/src/systole_kernel.cpp" ||
		fail "launches: kernel0: $(grep 'void kernel0' "$tmp/launch/src/systole_kernel.cpp")"
	grep -qx '        for (int sy_l0 = 0; sy_l0 < 8; sy_l0++) {' \
		"$tmp/launch/src/testbench.cpp" ||
		fail "launches: the testbench's loop"
	python3 - "$tmp/launch/design.json" <<'PY' || fail "launches: design.json"
import json, sys
d = json.load(open(sys.argv[1]))
sys.exit((d["interface"]["launch"], d["estimate"]["launches"]) != ([8], 8))
PY
else
	fail "launches: export: $(head -n 1 "$tmp/err")"
fi

# --two-level-buffer: mm's A and B L3 modules read each L2 tile's data
# once (2 x 2 x 4 tiles: A's shared by the 2 j tiles, B's by the 2 i
# tiles), 98304 bytes off chip instead of 163840; B's L2 buffer of 128
# words of 512 bits takes 15 BRAM18K more (30), A's of 64 words LUTRAM
# (592 LUT more), and their loops 512 words more (2944 cycles, not
# 2432); the PEs keep the cycles.
run "$mm" $sizes --two-level-buffer --tile-l2 i=2,j=2,k=4 --json
python3 - "$tmp/out" <<'PY' || fail "two-level-buffer: $(cat "$tmp/out" | head -c 300)"
import json, sys
d = json.load(open(sys.argv[1]))
l3 = {m["name"]: (m["cycles"], m["resources"]["bram18k"])
      for m in d["modules"] if "_L3_" in m["name"]}
sys.exit((d["cycles"], d["offchip_bytes"], l3) != (33087, 98304, {
    "C_IO_L3_in": (864, 8), "A_IO_L3_in": (2944, 15),
    "B_IO_L3_in": (2944, 30), "C_drain_IO_L3_out": (864, 8)}))
PY
run "$mm" $sizes --json
python3 - "$tmp/out" <<'PY' || fail "one level: $(cat "$tmp/out" | head -c 300)"
import json, sys
d = json.load(open(sys.argv[1]))
l3 = {m["name"]: (m["cycles"], m["resources"]["bram18k"])
      for m in d["modules"] if m["name"] in ("A_IO_L3_in", "B_IO_L3_in")}
sys.exit((d["cycles"], d["offchip_bytes"], l3) != (33087, 163840, {
    "A_IO_L3_in": (2432, 15), "B_IO_L3_in": (2432, 15)}))
PY

[ "$failures" -eq 0 ] || { echo "$failures failures"; exit 1; }
