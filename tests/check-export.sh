#!/bin/sh
# check-export.sh CLI EXAMPLES_DIR [full]   (or SYSTOLE_FULL=1)
# systole-cli export from the outside: every project's C simulation
# (make csim: the generated systolic array run where the kernel's SCoP
# was, the kernel's own check deciding) must pass; designs the backend
# cannot prove correct are refused with their exact reason; a corrupted
# result must make the simulation fail; a re-export is byte-identical.
# Kernels whose SCoP is not in main() get a generated testbench, which
# prints PASS.  "full" runs every dataflow of matrix multiply and
# convolution under many sizes (./run test --full).
set -u
cli=$1
examples=$2
mode=${3:-${SYSTOLE_FULL:+full}}
kernels=$(dirname "$0")/hls/kernels
checker=$(dirname "$0")/hls/check-kernel.py

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0
passed=0
n=0

fail()
{
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# The path of an example (mm.c) or of a test kernel (hls/kernels/x.c).
path_of()
{
	case $1 in
	hls/kernels/*) echo "$kernels/${1#hls/kernels/}" ;;
	*) echo "$examples/$1" ;;
	esac
}

# pass KERNEL ARGS...: exported, make csim exits 0 and ends with the
# kernel's own "Passed!" or the generated testbench's "PASS", and the
# kernel agrees with design.json (hls/check-kernel.py).
pass()
{
	kernel=$1
	shift
	n=$((n + 1))
	dir=$tmp/p$n
	if ! "$cli" export "$(path_of "$kernel")" "$@" -o "$dir" >"$tmp/out" 2>"$tmp/err"; then
		fail "export $kernel $*: $(head -n 1 "$tmp/err")"
		return
	fi
	if ! make -s -C "$dir" csim CXX=c++ >"$tmp/sim" 2>&1; then
		fail "make csim for $kernel $*: $(tail -n 3 "$tmp/sim")"
		return
	fi
	case $(tail -n 1 "$tmp/sim") in
	Passed! | PASS) ;;
	*)
		fail "make csim for $kernel $*: $(tail -n 2 "$tmp/sim")"
		return
		;;
	esac
	if ! python3 "$checker" "$dir" >"$tmp/sim"; then
		fail "kernel vs design.json for $kernel $*: $(head -n 2 "$tmp/sim")"
		return
	fi
	passed=$((passed + 1))
	rm -rf "$dir"
}

# refused KERNEL "first line of stderr" ARGS...: exit 1, nothing written.
refused()
{
	kernel=$1
	want=$2
	shift 2
	n=$((n + 1))
	"$cli" export "$(path_of "$kernel")" "$@" -o "$tmp/r$n" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if [ $status -ne 1 ] || [ "$(head -n 1 "$tmp/err")" != "$want" ] ||
		[ -e "$tmp/r$n" ]; then
		fail "export $kernel $*: status $status, $(head -n 1 "$tmp/err")"
		return
	fi
	passed=$((passed + 1))
}

# Every example kernel, several sizes each.
pass mm.c --space i,j --tile i=16,j=16,k=16 --latency i=4,j=4 --simd k=2
pass mm.c --space i,j --tile i=20,j=24,k=16 --latency i=4,j=8 --no-double-buffer
pass mm.c --space i --tile i=16,k=64 --simd k=4
pass mm.c --space i --tile i=16,j=16,k=16 --simd j=2
pass mm.c --space k --tile i=16,j=16
pass mm.c --space i,k --tile i=16 --latency i=4 --simd j=2
pass mm.c --space j,k --tile j=12 --no-packing
pass mm_init.c --space i,j --tile i=8,j=12,k=16 --latency i=2,j=3 --simd k=2
pass gemm.c --space i,j --tile i=8,j=8,k=8 --latency i=2,j=2
pass gemv.c --space i --tile i=8,j=16
pass gemv.c --space j --tile i=8
pass conv.c --space o,r --tile o=4,r=4,c=4,i=16 --latency o=2
pass conv.c --space o --tile o=5,r=3 --latency o=5 --simd i=2
pass conv.c --space i --tile o=4,r=4,c=4 --latency o=2,c=2
pass conv.c --space r,i --tile o=8,r=4,c=3 --no-double-buffer
pass mttkrp.c --space i,j --tile i=4,j=8,k=16 --latency i=2,j=2 --simd l=2
pass ttm.c --space i,j --tile i=4,j=4,k=4 --latency i=2
pass ttmc.c --space i,j --tile i=4,j=4,k=4 --latency i=2,j=2 --simd m=2
pass trmm.c --space i,j --tile i=8,j=8,k=8
pass fir.c --space i --tile i=8,j=8
pass hls/kernels/gemm_int.c --space i,j --tile i=8,j=8,k=8
pass hls/kernels/gemm_int.c --space j --tile i=5,j=6 --simd k=4
pass hls/kernels/gemm_int.c --space i,k --tile i=8,j=5 --latency j=5
pass hls/kernels/trmv.c --space i --tile i=8
pass hls/kernels/scan.c --space i
pass hls/kernels/scan.c --space j --tile j=5
pass hls/kernels/scan.c --space i,j --tile j=10
pass lu.c --space i
pass lu.c --space i,j
pass lu.c --space k
# Bands deeper than eight loops; results that do not fill their boxes
# (triangles, padding, offsets): only what the SCoP writes comes back
# (the generated testbench gives each element of a result its own value,
# so that a stray write shows); values pass on where a PE does not run
# the statement; SIMD words over 1024 bits.
pass hls/kernels/deep10.c --space a --tile i=1,j=1
pass hls/kernels/tri_k.c --space k --tile i=8,j=4
pass hls/kernels/tri_k.c --space k --tile i=5,j=4
pass hls/kernels/suffix.c --space k --tile i=3,j=3
pass hls/kernels/pad_out.c --space i --tile i=24
pass hls/kernels/rev_offset.c --space i --tile i=7
pass hls/kernels/lower2.c --space i,j --tile i=5,j=5
pass hls/kernels/lower2.c --space i
pass hls/kernels/overwrite.c --space i
pass hls/kernels/wide_simd.c --space i --simd k=64
pass hls/kernels/cnames.c --space c0 --simd c1=4
pass hls/kernels/upper_simd.c --space i,k --simd j=4
pass hls/kernels/tri_scan.c --space i --tile i=6
refused dp.c "systole-cli: error: the flow dependence on D crosses PEs and time steps at once (distance 1 on 'j'); the HLS backend needs the next PE to take it at the same time step" \
	--space i
refused lu.c "systole-cli: error: Up enters the array along two paths (Up_0 and Up_1); the HLS backend supports one per array and way" \
	--space k,i
refused hls/kernels/overwrite.c "systole-cli: error: results of y are overwritten in the next PE along 'k' and never read there; the HLS backend drains a result from the PE that writes it: choose space loops that y's subscripts use" \
	--space k
refused hls/kernels/tri_scan.c "systole-cli: error: partial results of S cross tiles of 'j' in a PE's buffer, which moves with them; the HLS backend needs that loop untiled (--tile j=10)" \
	--space i --tile j=1
refused hls/kernels/wide_simd.c "systole-cli: error: SIMD on 'k' moves 128 lanes of A at once, a word of 8192 bits; Vitis HLS's ap_uint holds at most 4096 (AP_INT_MAX_W): use --simd k=64 or less" \
	--space i --simd k=128
refused hls/kernels/scan.c "systole-cli: error: values of the temporary t cross tiles of 'i'; the HLS backend needs that loop untiled (--tile i=24)" \
	--space j --tile i=8
refused hls/kernels/trmv.c "systole-cli: error: final values of y are written in PEs before the last along 'k'; the HLS backend drains them at the end of the chain" \
	--space k
refused hls/kernels/opaque_param.c "systole-cli: error: the testbench calls scale() from a generated main, but its parameters could not be read; put the SCoP in main(), where your own check decides, or give scale() parameters of scalar and array types" \
	--space i
refused mm.c "systole-cli: error: partial results of C cross tiles of 'k' through DRAM; the HLS backend needs that loop untiled (--tile k=64)" \
	--space k --tile k=16

if [ "$mode" = full ]; then
	# space:SIMD loop (a time loop that takes it)
	for case in i:k j:k k:i i,j:k i,k:j j,k:i; do
		space=${case%:*}
		simd=${case#*:}
		for tile in "" "i=16,j=16,k=64" "i=20,j=12,k=64" "i=1,j=1,k=64"; do
			for opt in "" "--no-double-buffer" "--no-packing"; do
				pass mm.c --space $space ${tile:+--tile $tile} $opt
			done
		done
		pass mm.c --space $space --tile i=16,j=16,k=64 --latency i=4 --simd $simd=2
	done
	# With i on space, partial sums pass PE to PE (no SIMD loop
	# without a layout change then).
	for space in o r c i o,r o,c o,i r,c r,i c,i; do
		for tile in "" "o=4,r=4,c=4,i=16" "o=5,r=3,c=5,i=16"; do
			pass conv.c --space $space ${tile:+--tile $tile}
			case $space in
			*i*) pass conv.c --space $space ${tile:+--tile $tile} --no-double-buffer --no-packing ;;
			*) pass conv.c --space $space ${tile:+--tile $tile} --simd i=2 --no-double-buffer ;;
			esac
		done
	done
fi

# corrupted WHAT SED_EXPR GREP_PATTERN KERNEL ARGS...: with SED_EXPR
# changing one result element in the testbench, make csim must fail and
# say so (GREP_PATTERN, a basic regular expression, matching a line).
corrupted()
{
	what=$1
	change=$2
	pattern=$3
	shift 3
	n=$((n + 1))
	dir=$tmp/p$n
	if ! "$cli" export "$@" -o "$dir" >/dev/null 2>"$tmp/err"; then
		fail "export for the $what: $(head -n 1 "$tmp/err")"
		return
	fi
	sed -i "$change" "$dir/src/testbench.cpp"
	if make -s -C "$dir" csim CXX=c++ >"$tmp/sim" 2>&1; then
		fail "a corrupted result passed the $what"
	elif ! grep -q "$pattern" "$tmp/sim"; then
		fail "$what: $(head -n 3 "$tmp/sim")"
	else
		passed=$((passed + 1))
	fi
}

# A wrong result must fail the simulation: one element of the read-back
# results changed, caught by the program's own check and, in the SCoP's
# function, by the generated testbench's Systole check naming it.
corrupted "program's own check" \
	's|^#ifdef SYSTOLE_HLS_STREAM_H$|    C[3][5] += 1;\n&|' \
	'^Failed with 1 errors!$' \
	"$examples/mm.c" --space i,j --tile i=16,j=16,k=16
corrupted "generated testbench" \
	's|^ *#ifdef SYSTOLE_HLS_STREAM_H$|out[3][5] += 1;\n&|' \
	'^Systole check: out\[3\]\[5\] is .*(1 of 480 elements differ)' \
	"$kernels/gemm_int.c" --space i,j --tile i=8,j=8,k=8

# The kernel's structure against its descriptor: one call per module
# instance in the dataflow region (PEs through PE_wrapper), one m_axi
# port per DRAM port; SIMD lanes that index a PE's buffer partition it.
n=$((n + 1))
dir=$tmp/p$n
if "$cli" export "$examples/mm.c" --space i,j --tile i=16,j=16,k=16 --latency i=8,j=8 --simd k=2 -o "$dir" >/dev/null 2>"$tmp/err"; then
	k=$dir/src/systole_kernel.cpp
	want=$(python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(sum(m["count"] for m in d["modules"]), len(d["dram"]), d["pe"]["count"])' "$dir/design.json")
	got="$(sed -n '/^void kernel0/,$p' "$k" | grep -c '^    [A-Za-z_0-9]*(') $(grep -c '^#pragma HLS INTERFACE m_axi' "$k") $(grep -c '^    PE_wrapper(' "$k")"
	if [ "$want" != "$got" ] || [ "$want" != "28 4 4" ] ||
		[ "$(grep -c '^#pragma HLS DATAFLOW$' "$k")" != 1 ]; then
		fail "kernel structure: calls, ports, PEs $got, design says $want"
	else
		passed=$((passed + 1))
	fi
else
	fail "export for the structure test: $(head -n 1 "$tmp/err")"
fi
n=$((n + 1))
dir=$tmp/p$n
if "$cli" export "$examples/gemm.c" --space i,k --tile i=8,j=8 --simd j=2 -o "$dir" >/dev/null 2>"$tmp/err" &&
	grep -qx '#pragma HLS ARRAY_PARTITION variable=local_C cyclic factor=2 dim=2' "$dir/src/systole_kernel.cpp" &&
	make -s -C "$dir" csim CXX=c++ >"$tmp/sim" 2>&1; then
	passed=$((passed + 1))
else
	fail "gemm [i,k] with SIMD on j: $(head -n 1 "$tmp/err") $(tail -n 1 "$tmp/sim" 2>/dev/null)"
fi

# The FPGA side (make host): the testbench built with SYSTOLE_XRT and the
# XRT host compile against XRT's native API (its declarations in
# hls/xrt, for machines without XRT), for both kinds of testbench.
for case in "$examples/mm.c --space i,j --tile i=16,j=16,k=16" \
	"$examples/gemm.c --space i,j" "$kernels/gemm_int.c --space i,j"; do
	n=$((n + 1))
	dir=$tmp/p$n
	# shellcheck disable=SC2086
	if ! "$cli" export $case -o "$dir" >/dev/null 2>"$tmp/err"; then
		fail "export for the host check: $(head -n 1 "$tmp/err")"
	elif ! c++ -std=c++17 -fsyntax-only -DSYSTOLE_XRT \
		-I"$(dirname "$0")/hls/xrt" -I"$dir/include" -I"$dir/src" \
		"$dir/src/testbench.cpp" "$dir/src/host.cpp" >"$tmp/sim" 2>&1; then
		fail "host for $case: $(head -n 3 "$tmp/sim")"
	else
		passed=$((passed + 1))
	fi
done

# SIMD lanes: a PE's own inputs come a vector at a time (A for mm on
# [i]), values all lanes share once (B in ttmc); a FIFO still used once
# per lane is a warning, with the layout change that would fix it.
n=$((n + 1))
if ! "$cli" export "$examples/mm.c" --space i --tile i=16,k=64 --simd k=4 -o "$tmp/p$n" >/dev/null 2>"$tmp/err" ||
	[ -s "$tmp/err" ] ||
	! grep -q '^    ap_uint<128> sy_w_A_2;$' "$tmp/p$n/src/systole_kernel.cpp"; then
	fail "mm [i] with SIMD on k: $(head -n 1 "$tmp/err")"
elif ! "$cli" export "$examples/ttmc.c" --space i,j --tile i=4,j=4,k=4 --simd m=2 -o "$tmp/q$n" >/dev/null 2>"$tmp/err" ||
	[ -s "$tmp/err" ] ||
	! grep -q '^    float sy_w_B_3;$' "$tmp/q$n/src/systole_kernel.cpp"; then
	fail "ttmc with SIMD on m: $(head -n 1 "$tmp/err")"
elif ! "$cli" export "$examples/gemm.c" --space i,j --simd k=4 -o "$tmp/r$n" >/dev/null 2>"$tmp/err" ||
	[ "$(cat "$tmp/err")" != "systole-cli: warning: SIMD on 'k' moves B through the PE's FIFOs an element per lane, so its pipeline starts an iteration every 4 cycles, not every cycle; B[k][j]: make dimension 0 the innermost, as B[j][k]" ] ||
	! grep -qx -e "- SIMD on 'k' moves B .*as B\[j\]\[k\]\." "$tmp/r$n/README.md"; then
	fail "gemm with SIMD on k: $(head -n 1 "$tmp/err")"
else
	passed=$((passed + 1))
fi

# make csim rebuilds when the headers change: a second run with other
# headers (HLS_INCLUDE, here one whose ap_int.h is an #error) must not
# reuse the first binary, nor a third with the project's own headers the
# second's.
n=$((n + 1))
dir=$tmp/p$n
mkdir -p "$tmp/other"
echo '#error "the other headers"' >"$tmp/other/ap_int.h"
if ! "$cli" export "$kernels/trmv.c" --space i --tile i=8 -o "$dir" >/dev/null 2>"$tmp/err"; then
	fail "export for the rebuild check: $(head -n 1 "$tmp/err")"
elif ! make -s -C "$dir" csim CXX=c++ >"$tmp/sim" 2>&1; then
	fail "make csim before the rebuild check: $(tail -n 2 "$tmp/sim")"
elif make -s -C "$dir" csim CXX=c++ HLS_INCLUDE="$tmp/other" >"$tmp/sim" 2>&1 ||
	! grep -q 'error: #error "the other headers"' "$tmp/sim"; then
	fail "make csim HLS_INCLUDE=... reused the binary: $(tail -n 1 "$tmp/sim")"
elif ! make -s -C "$dir" csim CXX=c++ >"$tmp/sim" 2>&1 ||
	[ "$(tail -n 1 "$tmp/sim")" != PASS ]; then
	fail "make csim after the other headers: $(tail -n 2 "$tmp/sim")"
else
	passed=$((passed + 1))
fi

# Loops named c0, c1 (Systole's iterators then start with t): the SIMD
# lanes' loop is still the one unrolled, the loop above it pipelined.
n=$((n + 1))
if ! "$cli" export "$kernels/cnames.c" --space c0 --simd c1=4 -o "$tmp/p$n" >/dev/null 2>"$tmp/err"; then
	fail "export of cnames.c: $(head -n 1 "$tmp/err")"
elif [ "$(sed -n '/^void PE(/,/^}/p' "$tmp/p$n/src/systole_kernel.cpp" | grep -A 1 'for (')" != "$(printf '%s\n' \
	'        for (int t3 = 0; t3 <= 3; t3++) {' \
	'            #pragma HLS PIPELINE II=1' \
	'            for (int t5 = 0; t5 <= 3; t5++) {' \
	'                #pragma HLS UNROLL')" ]; then
	fail "cnames.c: the PE's loops are not pipelined and unrolled as they should"
else
	passed=$((passed + 1))
fi

# The same input gives the same files, byte for byte; an existing
# project is kept without --force and replaced with it.
"$cli" export "$examples/conv.c" --space o,r --tile o=4,r=4 -o "$tmp/a" >/dev/null &&
	"$cli" export "$examples/conv.c" --space o,r --tile o=4,r=4 -o "$tmp/b" >/dev/null &&
	diff -r "$tmp/a" "$tmp/b" >/dev/null && passed=$((passed + 1)) ||
	fail "two exports differ"
if "$cli" export "$examples/mm.c" --space i,j -o "$tmp/a" >/dev/null 2>"$tmp/err"; then
	fail "export over a project without --force"
elif [ "$(head -n 1 "$tmp/err")" != "systole-cli: error: $tmp/a exists and is not an empty folder; nothing was written (--force replaces it)" ]; then
	fail "export over a project: $(head -n 1 "$tmp/err")"
elif ! diff -r "$tmp/a" "$tmp/b" >/dev/null; then
	fail "the refused export changed the project"
elif ! "$cli" export "$examples/mm.c" --space i,j --force -o "$tmp/a" >/dev/null ||
	! grep -q "space_time\[3\]" "$tmp/a/README.md"; then
	fail "export --force did not replace the project"
else
	passed=$((passed + 1))
fi

echo "$passed checks passed, $failures failed"
[ $failures -eq 0 ]
