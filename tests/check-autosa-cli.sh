#!/bin/sh
# check-autosa-cli.sh CLI AUTOSA_KERNELS
# systole-cli autosa: AutoSA's published getting-started commands run
# unchanged (./autosa replaced), stopping where AutoSA's manual mode
# stops, then writing a project whose C simulation passes; the options
# Systole does not take named in one error; --config's auto mode and
# stages.
set -u
cli=$1
kernels=$2
k=$kernels/mm_getting_started
gemm_pb=$(cd "$(dirname "$0")" && pwd)/hls/kernels/gemm_pb.c

. "$(dirname "$0")/lib.sh"

cd "$tmp" || exit 1
cp "$kernels/autosa_config.json" .
# AutoSA's tree has autosa.tmp/; its output/ is a project's own.
mkdir autosa.tmp

# make csim in dir passes and prints want last; label names the design.
csim_ok()
{
	if ! (cd "$1" && make csim >"$tmp/csim" 2>&1); then
		fail "${2:+$2: }make csim: $(tail -n 3 "$tmp/csim")"
		return
	fi
	[ "$(tail -n 1 "$tmp/csim")" = "$3" ] ||
		fail "${2:+$2: }make csim: $(tail -n 1 "$tmp/csim")"
}

# autosa ARGS...: its status, stdout in $tmp/out, stderr in $tmp/err.
autosa()
{
	"$cli" autosa "$@" >"$tmp/out" 2>"$tmp/err"
}

# expect_stop STAGE FIRST_LINE SIZES: AutoSA's manual mode stops there.
expect_stop()
{
	stage=$1
	first=$2
	shift 2
	autosa "$k/kernel.c" --config=./autosa_config.json \
		--target=autosa_hls_c --output-dir=./autosa.tmp/output "$@" \
		--simd-info="$k/simd_info.json"
	status=$?
	[ "$status" -eq 0 ] || fail "stop at $stage: exit status $status"
	[ "$(cat "$tmp/err")" = "systole-cli: AutoSA stops at $stage: give kernel[]->$stage[...] in --sa-sizes to go on" ] ||
		fail "stop at $stage: stderr: $(cat "$tmp/err")"
	[ "$(head -n 1 "$tmp/out")" = "$first" ] ||
		fail "stop at $stage: stdout: $(head -n 1 "$tmp/out")"
	[ ! -e autosa.tmp/output ] || fail "stop at $stage: wrote the project"
}

# pe_latency DESIGN_JSON: the PE's latency loops, outermost first.
pe_latency()
{
	python3 -c '
import json, sys
def lat(n):
    here = ["%s=%d" % (n["name"], n["trip"])] if n["role"] == "latency" else []
    return here + [x for c in n.get("children", []) for x in lat(c)]
pe = [m for m in json.load(open(sys.argv[1]))["modules"] if m["name"] == "PE"]
print(" ".join(lat(pe[0]["loops"])))' "$1"
}

# docs/tutorials/getting_started.rst, step by step.
expect_stop space_time "6 systolic arrays: 0 [i], 1 [j], 2 [k], 3 [i,j], 4 [i,k], 5 [j,k]"
expect_stop array_part "array 3" \
	--sa-sizes="{kernel[]->space_time[3]}"
expect_stop latency "array 3" \
	--sa-sizes="{kernel[]->space_time[3];kernel[]->array_part[16,16,16]}"
expect_stop simd "array 3" \
	--sa-sizes="{kernel[]->space_time[3];kernel[]->array_part[16,16,16];kernel[]->latency[8,8]}"
grep -qx "simd in --sa-sizes (AutoSA's candidates): k (score 15)" "$tmp/out" ||
	fail "stop at simd: $(grep "AutoSA's candidates" "$tmp/out")"

sizes='{kernel[]->space_time[3];kernel[]->array_part[16,16,16];kernel[]->latency[8,8];kernel[]->simd[2]}'
if autosa "$k/kernel.c" --config=./autosa_config.json \
	--target=autosa_hls_c --output-dir=./autosa.tmp/output \
	--sa-sizes="$sizes" --simd-info="$k/simd_info.json" --hls \
	--host-serialize; then
	[ "$(cat "$tmp/out")" = "./autosa.tmp/output: 13 files for the AMD Alveo U250 (xcu250, VU13P class, 4 SLRs)" ] ||
		fail "the design: $(cat "$tmp/out")"
	grep -q '"sizes" : "{kernel\[\]->space_time\[3\];kernel\[\]->array_part\[16,16,16\];kernel\[\]->latency\[8,8\];kernel\[\]->simd\[2\]}"' \
		autosa.tmp/output/design.json || fail "the design's sizes"
	# --host-serialize: 512-bit DRAM words, as AutoSA's A_t16, B_t16
	# and C_t16 (mm_getting_started's kernel0); A's and B's FIFO words
	# are already, C's 8x8 box packs 8 per FIFO word.
	grep -qx 'extern "C" void kernel0(A_word \*A, B_word \*B, C_drain_dram_word \*C_drain);' \
		autosa.tmp/output/src/systole_kernel.h ||
		fail "the DRAM words: $(grep kernel0 autosa.tmp/output/src/systole_kernel.h)"
	grep -qx 'typedef ap_uint<512> C_drain_dram_word;' \
		autosa.tmp/output/src/systole_kernel.h ||
		fail "the DRAM word of C: $(grep C_drain_dram autosa.tmp/output/src/systole_kernel.h)"
	# AutoSA's default order: the band's last latency loop outermost.
	[ "$(pe_latency autosa.tmp/output/design.json)" = "j_lat=8 i_lat=8" ] ||
		fail "the design's latency loops: $(pe_latency autosa.tmp/output/design.json)"
	csim_ok autosa.tmp/output "" "Passed!"
else
	fail "the design: exit status $?: $(cat "$tmp/err")"
fi
# AutoSA's mm.7 as published ([k], SIMD on the space loop k under
# --simd-touch-space: 4 / 2 = 2 PEs; k in 16 tiles of 4 whose partial
# sums --local-reduce --reduce-op="+" folds on chip), on its kernel.
mkdir mm7
cp "$kernels/mm/kernel.c" "$kernels/mm/kernel.h" "$kernels/mm/simd_info.json" mm7/
sizes7='{kernel[]->space_time[2];kernel[]->array_part[4,32,32];kernel[]->latency[8,8];kernel[]->simd[2]}'
if autosa mm7/kernel.c --config=./autosa_config.json \
	--target=autosa_hls_c --output-dir=./autosa.tmp/mm7 \
	--sa-sizes="$sizes7" --simd-info=mm7/simd_info.json \
	--host-serialize --hls --local-reduce --reduce-op="+" \
	--simd-touch-space --array-contraction; then
	python3 - autosa.tmp/mm7/design.json <<'EOF_PY' ||
import json, sys
d = json.load(open(sys.argv[1]))
pe = d["pe"]
reduce = [p["prefix"] + ":" + p["direction"] for p in d["paths"]
          if p.get("reduce") == "+"]
sys.exit(0 if (pe["dims"], pe["count"], pe["simd"], reduce) ==
         ([2], 2, 2, ["C:in", "C:out"]) else 1)
EOF_PY
		fail "mm.7: the PEs and C's paths"
	csim_ok autosa.tmp/mm7 "mm.7" "Passed!"
else
	fail "mm.7: exit status $?: $(cat "$tmp/err")"
fi
# Without it, k is not AutoSA's SIMD candidate: 4 PEs, simd[2] unused.
if autosa mm7/kernel.c --output-dir=./autosa.tmp/mm7-plain \
	--sa-sizes="$sizes7" --simd-info=mm7/simd_info.json \
	--local-reduce --reduce-op="+" --no-simd-touch-space; then
	python3 - autosa.tmp/mm7-plain/design.json <<'EOF_PY' ||
import json, sys
pe = json.load(open(sys.argv[1]))["pe"]
sys.exit(0 if (pe["dims"], pe["count"], pe["simd"]) == ([4], 4, 1) else 1)
EOF_PY
		fail "mm.7 --no-simd-touch-space: the PEs"
else
	fail "mm.7 --no-simd-touch-space: exit status $?: $(cat "$tmp/err")"
fi
# AutoSA's switches on by default, turned off: single buffers, one
# element a word; the coding style and tuning names change nothing.
if autosa "$k/kernel.c" --output-dir=./autosa.tmp/plain --sa-sizes="$sizes" \
	--simd-info="$k/simd_info.json" --no-double-buffer --no-data-pack \
	--double-buffer-style=0 --param-names=./names.json; then
	python3 - autosa.tmp/plain/design.json <<'EOF_PY' ||
import json, sys
d = json.load(open(sys.argv[1]))
bufs = {(b["pack"], b["ping_pong"]) for m in d["modules"] for b in m["buffers"]}
sys.exit(0 if bufs == {(1, False)} and
         d["interface"]["flags"].endswith("--no-double-buffer --no-packing")
         else 1)
EOF_PY
		fail "--no-double-buffer --no-data-pack: the buffers"
else
	fail "--no-double-buffer --no-data-pack: exit status $?: $(cat "$tmp/err")"
fi
# --uram passed on: the folding L3 module's buffer in UltraRAM.
if autosa mm7/kernel.c --output-dir=./autosa.tmp/mm7-uram \
	--sa-sizes="$sizes7" --simd-info=mm7/simd_info.json \
	--local-reduce --reduce-op="+" --simd-touch-space --uram; then
	grep -qx "#pragma HLS bind_storage variable=acc_C type=ram_2p impl=uram" \
		autosa.tmp/mm7-uram/src/systole_kernel.cpp ||
		fail "mm.7 --uram: no acc_C in UltraRAM"
else
	fail "mm.7 --uram: exit status $?: $(cat "$tmp/err")"
fi

# Run again: the folder is the user's now.
autosa "$k/kernel.c" --output-dir=./autosa.tmp/output --sa-sizes="$sizes"
[ $? -eq 4 ] || fail "second run: not refused"
autosa "$k/kernel.c" --output-dir=./autosa.tmp/output --sa-sizes="$sizes" --force ||
	fail "second run with --force: $(cat "$tmp/err")"

# --no-reverse-order: the latency loops in the band's order.
autosa "$k/kernel.c" --output-dir=./in-order --sa-sizes="$sizes" \
	--no-reverse-order || fail "--no-reverse-order: $(cat "$tmp/err")"
[ "$(pe_latency in-order/design.json)" = "i_lat=8 j_lat=8" ] ||
	fail "--no-reverse-order: $(pe_latency in-order/design.json)"

# --select-rar-dep (cnn.7, docs/examples/cnn.rst:212): the weights
# w[o][p][q][i] of the array [c] reuse along r by default (each PE gets
# its own) or along c (from PE to PE) with candidate 1.  The docs' kernel
# had the initialisation, which made w __pet_ref_4; the shipped one has
# it commented out, w is __pet_ref_3 and the docs' choice names nothing:
# AutoSA and Systole leave the design as it is (Systole says so).
cnn_sizes='{kernel[]->space_time[2];kernel[]->array_part[4,8,4,8];kernel[]->latency[2,4,2];kernel[]->simd[1,1,1,2]}'
w_fifos()
{
	grep -o '"w_IO_L[0-9]_in[a-z_]*" *-> *PE\|PE -> PE\|^ *[0-9]* *fifo_w_PE .*' "$1" |
		sed 's/  */ /g' | tr '\n' ';'
}
"$cli" compile "$kernels/cnn/kernel.c" --sa-sizes="$cnn_sizes" \
	--select-rar-dep="{kernel[]->__pet_ref_4[1]}" >"$tmp/out" 2>"$tmp/err" ||
	fail "--select-rar-dep on the shipped cnn: $(cat "$tmp/err")"
[ "$(cat "$tmp/err")" = "systole-cli: warning: --select-rar-dep: __pet_ref_4 names no reference of the SCoP; left as AutoSA leaves it (reads with a choice: __pet_ref_3 (w: 0 r, 1 c))" ] ||
	fail "--select-rar-dep on the shipped cnn: $(cat "$tmp/err")"
[ "$(w_fifos "$tmp/out")" = " 1 fifo_w_PE 32 w_IO_L1_in -> PE; 1 fifo_w_PE 32 w_IO_L1_in_boundary -> PE;" ] ||
	fail "--select-rar-dep on the shipped cnn: w's FIFOs $(w_fifos "$tmp/out")"
sed -e 's|//cout\[r\]\[c\]\[o\] = 0;|cout[r][c][o] = 0;|' \
	-e '/^  \/\/if (err)/,/^  \/\/}$/s|^  //|  |' \
	"$kernels/cnn/kernel.c" >cnn.c
cp "$kernels/cnn/kernel.h" "$kernels/cnn/simd_info.json" .
"$cli" compile cnn.c --sa-sizes="$cnn_sizes" >"$tmp/out" 2>"$tmp/err" ||
	fail "cnn without --select-rar-dep: $(cat "$tmp/err")"
[ "$(w_fifos "$tmp/out")" = " 1 fifo_w_PE 32 w_IO_L1_in -> PE; 1 fifo_w_PE 32 w_IO_L1_in_boundary -> PE;" ] ||
	fail "cnn without --select-rar-dep: w's FIFOs $(w_fifos "$tmp/out")"
if autosa cnn.c --config=./autosa_config.json --target=autosa_hls_c \
	--output-dir=./cnn-rar --sa-sizes="$cnn_sizes" \
	--simd-info=./simd_info.json --hls \
	--select-rar-dep="{kernel[]->__pet_ref_4[1]}"; then
	[ ! -s "$tmp/err" ] || fail "cnn.7: $(cat "$tmp/err")"
	"$cli" compile cnn.c --sa-sizes="$cnn_sizes" \
		--select-rar-dep="{kernel[]->__pet_ref_4[1]}" >"$tmp/out"
	[ "$(w_fifos "$tmp/out")" = " 1 fifo_w_PE 32 PE -> PE; 1 fifo_w_PE 32 w_IO_L2_in_boundary -> PE; 1 fifo_w_PE 32 PE -> w_PE_dummy_in;" ] ||
		fail "cnn.7: w's FIFOs $(w_fifos "$tmp/out")"
	csim_ok cnn-rar "cnn.7" "Test passed!"
else
	fail "cnn.7: exit status $?: $(cat "$tmp/err")"
fi
# cnn.11 (docs/examples/cnn.rst:307, 2021-04-26): in the band's order
# latency[2,2,4] leaves simd[1,1,2] short of AutoSA's four candidates
# (p, q, i and c, one trip), where AutoSA stops at simd; the AutoSA of
# that date read the factors last to first (c=2, r=2, o=4): three
# candidates, SIMD 2 on i.
cnn11_sizes='{kernel[]->space_time[6];kernel[]->array_part[8,4,4,4];kernel[]->latency[2,2,4];kernel[]->simd[1,1,2]}'
if autosa cnn.c --config=./autosa_config.json --target=autosa_hls_c \
	--output-dir=./cnn11 --sa-sizes="$cnn11_sizes" \
	--simd-info=./simd_info.json --host-serialize --hls --local-reduce \
	--reduce-op="+" --simd-touch-space; then
	[ "$(cat "$tmp/err")" = "systole-cli: note: latency[2,2,4] read last to first (c=2, r=2, o=4), as AutoSA read it from 2021-04-21 to 2021-08-01 under --reverse-order: simd[...] has 3 factors, one per SIMD candidate of AutoSA's that way (p, q, i), not in the band's order (p, q, i, c)" ] ||
		fail "cnn.11: $(cat "$tmp/err")"
	"$cli" compile cnn.c --sa-sizes="$cnn11_sizes" \
		--simd-info=./simd_info.json --local-reduce --reduce-op="+" \
		--simd-touch-space --reverse-order >"$tmp/out" 2>/dev/null
	[ "$(head -n 1 "$tmp/out")" = "array 6: 2 x 2 PEs (4), SIMD 2 on i" ] ||
		fail "cnn.11: $(head -n 1 "$tmp/out")"
	grep -qF -- '--latency o=4,r=2,c=2 --simd i=2' "$tmp/out" ||
		fail "cnn.11: $(grep -- '--latency' "$tmp/out")"
	csim_ok cnn11 "cnn.11" "Test passed!"
else
	fail "cnn.11: exit status $?: $(cat "$tmp/err")"
fi
"$cli" compile cnn.c --sa-sizes="$cnn_sizes" \
	--select-rar-dep="{kernel[]->__pet_ref_4[2]}" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || fail "--select-rar-dep past the candidates: exit status"
[ "$(cat "$tmp/err")" = "systole-cli: error: --select-rar-dep: __pet_ref_4 ('w') has 2 reuse candidates, 0 r, 1 c; [2] is not one" ] ||
	fail "--select-rar-dep past the candidates: $(cat "$tmp/err")"

# lu.3 (docs/examples/lu.rst:74): --use-cplusplus-template (a code
# style) and --no-reschedule (lu's source order is not rescheduled
# anyway: isl's band is no longer) are taken; its space_time[3] is not
# there, as Systole's band ends at j (the anti dependence on U_tmp,
# distance (1,-1,0) in (k,j,i)), which --live-range-reordering (lu.1,
# above) lets go: the error says so.
autosa "$kernels/lu/kernel.c" --config=./autosa_config.json \
	--target=autosa_hls_c --output-dir=./lu \
	--sa-sizes="{kernel[]->space_time[3];kernel[]->array_part[-1,-1,-1];kernel[]->latency[]}" \
	--simd-info="$kernels/lu/simd_info.json" --use-cplusplus-template \
	--no-reschedule
[ $? -eq 1 ] || fail "lu.3: exit status"
[ "$(cat "$tmp/err")" = "systole-cli: error: --sa-sizes: space_time[3], but this kernel has 1 arrays with --max-dims 2: 0 [k]; the band ends where loop 'j' (line 74) cannot join the band: the anti dependence on 'U_tmp' from S4 to S4 would have distance -1 on it (--live-range-reordering lets the false dependences of arrays declared in the SCoP reorder, as AutoSA's option does)" ] ||
	fail "lu.3: $(cat "$tmp/err")"
autosa "$kernels/lu/kernel.c" --output-dir=./lu --reschedule \
	--sa-sizes="{kernel[]->space_time[0]}"
[ $? -eq 2 ] || fail "--reschedule: exit status"
[ "$(head -n 1 "$tmp/err")" = "systole-cli: autosa: options Systole does not take: --reschedule (not supported yet)" ] ||
	fail "--reschedule: $(head -n 1 "$tmp/err")"

# PolyBench's gemm: isl's scheduler makes its band (i, j, k), AutoSA's
# six arrays; --no-reschedule keeps the source order's (i).
autosa "$gemm_pb" --output-dir=./pb
[ $? -eq 0 ] || fail "gemm_pb: exit status"
[ "$(head -n 1 "$tmp/out")" = "6 systolic arrays: 0 [i], 1 [j], 2 [k], 3 [i,j], 4 [i,k], 5 [j,k]" ] ||
	fail "gemm_pb: $(head -n 1 "$tmp/out")"
autosa "$gemm_pb" --output-dir=./pb --no-reschedule
[ $? -eq 0 ] || fail "gemm_pb --no-reschedule: exit status"
[ "$(head -n 1 "$tmp/out")" = "1 systolic arrays: 0 [i]" ] ||
	fail "gemm_pb --no-reschedule: $(head -n 1 "$tmp/out")"

# Every option Systole does not take, at once; nothing written.
autosa "$k/kernel.c" --target=autosa_opencl --output-dir=./other \
	--hcl --mem-port-map="{kernel[]->A[0]}" --frobnicate=2
[ $? -eq 2 ] || fail "refused options: exit status"
[ "$(head -n 1 "$tmp/err")" = "systole-cli: autosa: options Systole does not take: --target=autosa_opencl (Intel's OpenCL: Systole exports Vitis HLS projects), --hcl (HeteroCL's wrapper), --mem-port-map (Intel's OpenCL only), --frobnicate (not an option of AutoSA's that Systole knows)" ] ||
	fail "refused options: $(head -n 1 "$tmp/err")"
[ ! -e other ] || fail "refused options: wrote ./other"

# AutoSA's LU (autosa_tests/lu/README.md, lu.1): --live-range-reordering
# lets the temporaries' false dependences go, so the band is (k, j, i)
# and its six arrays are AutoSA's; space_time[3] is [k,j], untiled, whose
# loop order keeps them: the project passes csim.  (The docs' command
# without the option, lu.3, is below.)
lu=$kernels/lu
lu_sizes='{kernel[]->space_time[3];kernel[]->array_part[-1,-1,-1];kernel[]->latency[]}'
autosa "$lu/kernel.c" --config=./autosa_config.json --target=autosa_hls_c \
	--output-dir=./autosa.tmp/lu --simd-info="$lu/simd_info.json" \
	--use-cplusplus-template --no-reschedule --live-range-reordering
[ $? -eq 0 ] || fail "lu.1 space_time: exit status"
[ "$(head -n 1 "$tmp/out")" = "6 systolic arrays: 0 [k], 1 [j], 2 [i], 3 [k,j], 4 [k,i], 5 [j,i]" ] ||
	fail "lu.1 space_time: $(head -n 1 "$tmp/out")"
if autosa "$lu/kernel.c" --config=./autosa_config.json \
	--target=autosa_hls_c --output-dir=./autosa.tmp/lu \
	--sa-sizes="$lu_sizes" --simd-info="$lu/simd_info.json" \
	--use-cplusplus-template --no-reschedule --live-range-reordering; then
	grep -q '"candidate" : 3,' autosa.tmp/lu/design.json ||
		fail "lu.1: the design's dataflow"
	grep -q -- '--space k,j --reverse-order --live-range-reordering' \
		autosa.tmp/lu/README.md ||
		fail "lu.1: the command in the project's README"
	(cd autosa.tmp/lu && make csim >"$tmp/csim" 2>&1) ||
		fail "lu.1: make csim: $(tail -n 3 "$tmp/csim")"
	[ "$(tail -n 2 "$tmp/csim" | tr '\n' ' ')" = "Systole check: passed (1 version) PASS " ] ||
		fail "lu.1: make csim: $(tail -n 2 "$tmp/csim")"
else
	fail "lu.1: exit status $?: $(cat "$tmp/err")"
fi

# --config: a stage in auto mode is refused; a disabled stage is not
# asked for (no latency hiding: AutoSA goes from array_part to simd).
sed 's/"manual"/"auto"/' autosa_config.json >auto.json
autosa "$k/kernel.c" --config=./auto.json --sa-sizes="$sizes"
[ $? -eq 1 ] || fail "auto mode: exit status"
[ "$(cat "$tmp/err")" = "systole-cli: error: --config: ./auto.json: space_time in auto mode: Systole takes every stage's sizes from --sa-sizes (manual mode)" ] ||
	fail "auto mode: $(cat "$tmp/err")"
python3 - <<'PY' >no-latency.json
import json
c = json.load(open('autosa_config.json'))
c['latency']['enable'] = 0
print(json.dumps(c))
PY
autosa "$k/kernel.c" --config=./no-latency.json --output-dir=./nl \
	--sa-sizes="{kernel[]->space_time[3];kernel[]->array_part[16,16,16]}"
[ $? -eq 0 ] || fail "latency disabled: exit status"
[ "$(cat "$tmp/err")" = "systole-cli: AutoSA stops at simd: give kernel[]->simd[...] in --sa-sizes to go on" ] ||
	fail "latency disabled: $(cat "$tmp/err")"

# AutoSA's --two-level-buffer: the tile loops tiled again by
# array_part_L2 (in tiles), the L2 tiles outermost.  The canonical
# sizes with array_part_L2[2,2,2] split k's 4 tiles in two L2 tiles,
# so C's partial sums would cross them through DRAM: refused.  k's 4
# tiles in one L2 tile: exported, every module's tile loops six deep,
# A's and B's L3 modules with an L2 buffer (A's data is the same for
# the 2 j tiles of an L2 tile, B's for the 2 i tiles: A's, above j's
# tile loop, 64 words, B's 128, as AutoSA's; half the DRAM reads), csim
# passes; under --host-serialize AutoSA's
# own warning, and no L2 buffers (it turns them off too).
l2_sizes='{kernel[]->space_time[3];kernel[]->array_part[16,16,16];kernel[]->array_part_L2[2,2,2];kernel[]->latency[8,8];kernel[]->simd[2]}'
autosa "$k/kernel.c" --config=./autosa_config.json --target=autosa_hls_c \
	--output-dir=./l2a --sa-sizes="$l2_sizes" \
	--simd-info="$k/simd_info.json" --two-level-buffer
[ $? -eq 1 ] || fail "two-level-buffer [2,2,2]: exit status"
[ "$(cat "$tmp/err")" = "systole-cli: error: --two-level-buffer: partial results of C cross tiles of 'k' through DRAM between L2 tiles (the host's launches), which Systole does not run with a second tiling level yet; give 'k' an array_part_L2 factor of its 4 tiles and its tile loop innermost, so that its tiles run in turn, or leave it untiled" ] ||
	fail "two-level-buffer [2,2,2]: $(cat "$tmp/err")"
[ ! -e l2a ] || fail "two-level-buffer [2,2,2]: wrote ./l2a"
l2_sizes='{kernel[]->space_time[3];kernel[]->array_part[16,16,16];kernel[]->array_part_L2[2,2,4];kernel[]->latency[8,8];kernel[]->simd[2]}'
if autosa "$k/kernel.c" --config=./autosa_config.json \
	--target=autosa_hls_c --output-dir=./l2b --sa-sizes="$l2_sizes" \
	--simd-info="$k/simd_info.json" --two-level-buffer; then
	[ ! -s "$tmp/err" ] || fail "two-level-buffer: $(cat "$tmp/err")"
	python3 - l2b/design.json >"$tmp/l2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join("%s:%s:%d" % (m["name"], b["name"], b["depth"])
               for m in d["modules"] if m["level"] == 3
               for b in m["buffers"]))
print(" ".join("%s_%s:%d" % (p["array"], p["direction"], p["elements"])
               for p in d["dram"]))
PY
	[ "$(cat "$tmp/l2")" = "A_IO_L3_in:l2_A:64 B_IO_L3_in:l2_B:128
A_in:8192 B_in:8192 C_out:4096" ] ||
		fail "two-level-buffer: L2 buffers and DRAM: $(cat "$tmp/l2")"
	grep -q '"sizes" : "{kernel\[\]->space_time\[3\];kernel\[\]->array_part\[16,16,16\];kernel\[\]->array_part_L2\[2,2,4\];' l2b/design.json ||
		fail "two-level-buffer: design.json's sizes"
	[ "$(grep -c 'for (int t3 = 2 \* t0; t3 <= 2 \* t0 + 1; t3++)' l2b/src/systole_kernel.cpp)" -gt 0 ] ||
		fail "two-level-buffer: no L2 tile loops"
	csim_ok l2b "two-level-buffer" "Passed!"
else
	fail "two-level-buffer: exit status $?: $(cat "$tmp/err")"
fi
autosa "$k/kernel.c" --config=./autosa_config.json --target=autosa_hls_c \
	--output-dir=./l2c --sa-sizes="$l2_sizes" \
	--simd-info="$k/simd_info.json" --two-level-buffer --host-serialize
[ $? -eq 0 ] || fail "two-level-buffer --host-serialize: exit status"
[ "$(cat "$tmp/err")" = "systole-cli: warning: Two-level buffering is disabled because host data serialization is enabled. (AutoSA's warning: no L2 buffers; the tile loops stay tiled twice, as AutoSA's do)" ] ||
	fail "two-level-buffer --host-serialize: $(cat "$tmp/err")"
grep -q '"l2_' l2c/design.json &&
	fail "two-level-buffer --host-serialize: an L2 buffer"
# AutoSA's error where --local-reduce folds partial results (mm.4).
autosa "$k/kernel.c" --target=autosa_hls_c --output-dir=./l2d \
	--sa-sizes="{kernel[]->space_time[4];kernel[]->array_part[32,4,32];kernel[]->array_part_L2[1,1,1];kernel[]->latency[16,16];kernel[]->simd[2]}" \
	--simd-info="$k/simd_info.json" --local-reduce --reduce-op="+" \
	--simd-touch-space --two-level-buffer
[ $? -eq 1 ] || fail "two-level-buffer --local-reduce: exit status"
[ "$(cat "$tmp/err")" = "systole-cli: error: Two-level buffer and local reduce can't be used at the same time (AutoSA's error): --two-level-buffer and --local-reduce fold partial results of C; drop one of them" ] ||
	fail "two-level-buffer --local-reduce: $(cat "$tmp/err")"
# Without array_part_L2 AutoSA's manual mode stops at that stage;
# without --two-level-buffer it never reads the key.
rm -rf autosa.tmp/output
expect_stop array_part_L2 "array 3" \
	--sa-sizes="{kernel[]->space_time[3];kernel[]->array_part[16,16,16];kernel[]->latency[8,8];kernel[]->simd[2]}" \
	--two-level-buffer
autosa "$k/kernel.c" --config=./autosa_config.json --target=autosa_hls_c \
	--output-dir=./l2e --sa-sizes="$l2_sizes" \
	--simd-info="$k/simd_info.json"
[ $? -eq 0 ] || fail "array_part_L2 alone: exit status"
grep -q 'for (int t3' l2e/src/systole_kernel.cpp &&
	fail "array_part_L2 alone: tiled twice"

# AutoSA's mm_hbm as published (autosa_tests/mm_hbm/README.md): A, B and
# C_drain each on two DRAM ports, their chains of 4 L2 modules in two
# parts of 2 below an L3 module each; connectivity.cfg binds the six
# ports in order (AutoSA's hand-written one: A_0:HBM[0] ... C_1:HBM[5],
# C's ports there named after the array), round robin on the U250's 4
# DDR banks here; --host-serialize is refused with it, as AutoSA does.
# AutoSA's default caps (16, 64, 64 bytes): C_drain's FIFOs carry 4
# floats (128 bits), its DRAM words 8 (256 bits: its L1 buffer's rows
# of 8), A's and B's 16.
h=$kernels/mm_hbm
hbm_sizes='{kernel[]->space_time[3];kernel[]->array_part[32,32,32];kernel[]->latency[8,8];kernel[]->simd[2];kernel[]->hbm_A[2];kernel[]->hbm_B[2];kernel[]->hbm_C_drain[2]}'
if autosa "$h/kernel.c" --config=./autosa_config.json \
	--target=autosa_hls_c --output-dir=./hbm --sa-sizes="$hbm_sizes" \
	--simd-info="$h/simd_info.json" --hbm; then
	[ "$(grep '^sp=' hbm/connectivity.cfg | tr '\n' ' ')" = "sp=kernel0_1.A_0:DDR[0] sp=kernel0_1.A_1:DDR[1] sp=kernel0_1.B_0:DDR[2] sp=kernel0_1.B_1:DDR[3] sp=kernel0_1.C_drain_0:DDR[0] sp=kernel0_1.C_drain_1:DDR[1] " ] ||
		fail "mm_hbm: connectivity.cfg: $(grep '^sp=' hbm/connectivity.cfg)"
	grep -qx 'extern "C" void kernel0(A_word \*A_0, A_word \*A_1, B_word \*B_0, B_word \*B_1, C_drain_dram_word \*C_drain_0, C_drain_dram_word \*C_drain_1);' \
		hbm/src/systole_kernel.h ||
		fail "mm_hbm: kernel0: $(grep kernel0 hbm/src/systole_kernel.h)"
	[ "$(grep -c '^typedef ap_uint<128> C_drain_word;$' hbm/src/systole_kernel.h)" = 1 ] ||
		fail "mm_hbm: C_drain's FIFO word: $(grep C_drain_word hbm/src/systole_kernel.h)"
	# Module and FIFO families: name count, in design.json's order.
	python3 - hbm/design.json >"$tmp/families" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join("%s:%d" % (m["name"], m["count"]) for m in d["modules"]
               if "_IO_L" in m["name"] and "L1" not in m["name"]))
fifos = {}
for f in d["fifos"]:
    fifos[f["name"]] = fifos.get(f["name"], 0) + f["count"]
print(" ".join("%s:%d" % kv for kv in sorted(fifos.items())
               if "_IO_L2_" in kv[0]))
print(" ".join("%s:%s" % (p["array"], p.get("ports", 1)) for p in d["dram"]))
PY
	[ "$(cat "$tmp/families")" = "A_IO_L3_in:2 A_IO_L2_in:2 A_IO_L2_in_boundary:2 B_IO_L3_in:2 B_IO_L2_in:2 B_IO_L2_in_boundary:2 C_drain_IO_L3_out:2 C_drain_IO_L2_out:2 C_drain_IO_L2_out_boundary:2
fifo_A_A_IO_L2_in:4 fifo_B_B_IO_L2_in:4 fifo_C_drain_C_drain_IO_L2_out:4
A:2 B:2 C:2" ] || fail "mm_hbm: the families: $(cat "$tmp/families")"
	csim_ok hbm "mm_hbm" "Passed!"
else
	fail "mm_hbm: exit status $?: $(cat "$tmp/err")"
fi
# --config's hbm stage (manual mode): a path without its key stops the
# run where AutoSA writes tuning.json, listing its L2 chain's length;
# without --config (AutoSA's auto mode) it takes --hbm-port-num.
autosa "$h/kernel.c" --config=./autosa_config.json --output-dir=./hbm3 \
	--sa-sizes="{kernel[]->space_time[3];kernel[]->array_part[32,32,32];kernel[]->latency[8,8];kernel[]->simd[2];kernel[]->hbm_A[2]}" \
	--simd-info="$h/simd_info.json" --hbm
[ $? -eq 0 ] || fail "mm_hbm without hbm_B: exit status"
[ "$(cat "$tmp/out")" = '{"hbm_B": {"tilable_loops": [4]}}' ] ||
	fail "mm_hbm without hbm_B: stdout: $(cat "$tmp/out")"
[ "$(cat "$tmp/err")" = "systole-cli: AutoSA stops at hbm_B: give kernel[]->hbm_B[...] in --sa-sizes to go on" ] ||
	fail "mm_hbm without hbm_B: stderr: $(cat "$tmp/err")"
[ ! -e hbm3 ] || fail "mm_hbm without hbm_B: wrote the project"
autosa "$h/kernel.c" --output-dir=./hbm4 \
	--sa-sizes="{kernel[]->space_time[3];kernel[]->array_part[32,32,32];kernel[]->latency[8,8];kernel[]->simd[2]}" \
	--simd-info="$h/simd_info.json" --hbm
[ $? -eq 0 ] || fail "mm_hbm in auto mode: exit status $(cat "$tmp/err")"
[ "$(grep -c '^sp=' hbm4/connectivity.cfg)" = 6 ] ||
	fail "mm_hbm in auto mode: $(grep '^sp=' hbm4/connectivity.cfg)"
autosa "$h/kernel.c" --output-dir=./hbm2 --sa-sizes="$hbm_sizes" \
	--simd-info="$h/simd_info.json" --hbm --host-serialize
[ $? -eq 1 ] || fail "mm_hbm --host-serialize: exit status"
[ "$(cat "$tmp/err")" = "systole-cli: error: --hbm and --host-serialize cannot be enabled at the same time (nor are they in AutoSA)" ] ||
	fail "mm_hbm --host-serialize: $(cat "$tmp/err")"

if [ "$failures" -ne 0 ]; then
	echo "$failures check(s) failed"
	exit 1
fi
echo "all checks passed"
exit 0
