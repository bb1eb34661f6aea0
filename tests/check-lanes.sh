#!/bin/sh
# check-lanes.sh CLI SOURCE_DIR simd|opencl|cuda|transforms
# systole-cli export --target c-simd|opencl|cuda (issue 16): the seed
# paper's 1-D convolution designs (data/examples/conv1d.c at 100
# outputs, integers, under SBM, BSM, FSM, BFS, FFS and FBS's space-time
# transforms; tests/lanes/conv1d.c, floats, at 4 and 16 lanes), fir.c
# and mm.c on their loop-aligned arrays and skewed ones, and kernels of
# tests/lanes/; each export's movement lines
# exactly, and its project built and run to PASS against the original
# nest (simd: gcc -O3 -march=native; opencl: on the first OpenCL device,
# PoCL here; exit 77 without one); cuda: compiled to PTX with the warp
# shuffles each move needs where nvcc is, else `make` says so.  simd also
# checks the refusals, each with its status and first line of stderr.
# conv2d.c (loops r, c, q and p below the band (r, c, q)) under the
# README's FBS and SBM, p the innermost step, and under 2-D arrays
# (rows of lanes inside each step), in every mode; a 3-D array
# (tests/lanes/cube.c) for simd and opencl.
# transforms: every legal transform `systole-cli transforms` lists for
# conv1d.c, fir.c and mm.c (79), each exported for c-simd and run to
# PASS.  transforms-conv2d: those of conv2d.c (4 x 6 outputs) for 1-D
# arrays (89) and 2-D arrays (62), each exported for c-simd and run to
# PASS (built with -O1).
set -u
cli=$1
src=$2
mode=$3
conv=$src/data/examples/conv1d.c
conv_float=$src/tests/lanes/conv1d.c
conv2d=$src/data/examples/conv2d.c
fir=$src/data/examples/fir.c
mm=$src/data/examples/mm.c

. "$(dirname "$0")/lib.sh"

target=$mode
[ "$mode" = simd ] && target=c-simd

# have_opencl: an OpenCL platform answers (a probe built and run).
have_opencl()
{
	cat >"$tmp/probe.c" <<'EOF'
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
int main(void)
{
	cl_uint n = 0;

	return clGetPlatformIDs(0, NULL, &n) != CL_SUCCESS || n == 0;
}
EOF
	cc -o "$tmp/probe" "$tmp/probe.c" -lOpenCL 2>/dev/null && "$tmp/probe"
}

if [ "$mode" = transforms-conv2d ]; then
	set -f
	for dims in 1 2; do
		if ! "$cli" transforms "$conv2d" --dims "$dims" -D IIR=4 -D IIC=6 \
			>"$tmp/list" 2>"$tmp/err"; then
			fail "transforms conv2d.c --dims $dims: $(head -n 1 "$tmp/err")"
			continue
		fi
		n=0
		for rows in $(awk 'NR > 2 { print $2 }' "$tmp/list"); do
			n=$((n + 1))
			dir=$tmp/conv2d-$dims-$n
			if ! "$cli" export "$conv2d" -D IIR=4 -D IIC=6 --target c-simd \
				--space-time "$rows" -o "$dir" >/dev/null 2>"$tmp/err"; then
				fail "conv2d.c $rows: $(head -n 1 "$tmp/err")"
				continue
			fi
			# -O1: the same check, built in a third of -O3's time
			if ! make -s -C "$dir" run CFLAGS=-O1 >"$tmp/run" 2>&1 ||
				[ "$(tail -n 1 "$tmp/run")" != PASS ]; then
				fail "conv2d.c $rows: make run: $(tail -n 3 "$tmp/run")"
			fi
			rm -rf "$dir"
		done
		want=89
		[ "$dims" = 2 ] && want=62
		[ "$n" -eq "$want" ] || fail "conv2d.c --dims $dims: $n transforms listed, not $want"
	done
	exit "$failures"
fi

if [ "$mode" = transforms ]; then
	set -f # the matrices are words, not patterns
	for kernel in conv1d fir mm; do
		if ! "$cli" transforms "$src/data/examples/$kernel.c" >"$tmp/list" 2>"$tmp/err"; then
			fail "transforms $kernel.c: $(head -n 1 "$tmp/err")"
			continue
		fi
		n=0
		for rows in $(awk 'NR > 2 { print $2 }' "$tmp/list"); do
			n=$((n + 1))
			dir=$tmp/$kernel-$n
			if ! "$cli" export "$src/data/examples/$kernel.c" --target c-simd \
				--space-time "$rows" -o "$dir" >/dev/null 2>"$tmp/err"; then
				fail "$kernel.c $rows: $(head -n 1 "$tmp/err")"
				continue
			fi
			if ! make -s -C "$dir" run >"$tmp/run" 2>&1 ||
				[ "$(tail -n 1 "$tmp/run")" != PASS ]; then
				fail "$kernel.c $rows: make run: $(tail -n 3 "$tmp/run")"
			fi
			rm -rf "$dir"
		done
		case $kernel in
		conv1d | fir) want=6 ;;
		mm) want=67 ;;
		esac
		[ "$n" -eq "$want" ] || fail "$kernel.c: $n transforms listed, not $want"
	done
	exit "$failures"
fi

if [ "$mode" = opencl ]; then
	if ! have_opencl; then
		echo "no OpenCL platform (apt-get install pocl-opencl-icd ocl-icd-opencl-dev): skipped"
		exit 77
	fi
fi

# export NAME KERNEL EXPECTED_MOVEMENT_LINES OPTIONS...: the export
# prints its summary, then the movement of each array as expected.
export_one()
{
	name=$1
	kernel=$2
	want=$3
	shift 3
	if ! "$cli" export "$kernel" --target "$target" "$@" -o "$tmp/$name" \
		>"$tmp/out" 2>"$tmp/err"; then
		fail "export $name: $(head -n 1 "$tmp/err")"
		return 1
	fi
	got=$(tail -n +2 "$tmp/out")
	if [ "$got" != "$want" ]; then
		fail "export $name: movement"
		printf '  got:\n%s\n  expected:\n%s\n' "$got" "$want"
	fi
}

# run NAME: make run prints PASS last.
run_one()
{
	if ! make -s -C "$tmp/$1" run >"$tmp/run" 2>&1 ||
		[ "$(tail -n 1 "$tmp/run")" != PASS ]; then
		fail "$1: make run: $(tail -n 3 "$tmp/run")"
	fi
}

# ptx NAME PATTERN...: make builds lanes.ptx holding each pattern.
ptx_one()
{
	name=$1
	shift
	nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
	if ! make -s -C "$tmp/$name" >"$tmp/run" 2>&1; then
		fail "$name: make: $(tail -n 3 "$tmp/run")"
		return
	fi
	if [ ! -x "$nvcc" ]; then
		[ "$(cat "$tmp/run")" = "no nvcc here (NVCC=$nvcc): nothing built" ] ||
			fail "$name: make without nvcc: $(cat "$tmp/run")"
		return
	fi
	for pattern in "$@"; do
		grep -q -- "$pattern" "$tmp/$name/lanes.ptx" ||
			fail "$name: lanes.ptx has no $pattern"
	done
}

Z_MOVING='  z (read R1): moving, (dk, dt) = (1, 1): a delay line of 1 vector, rotated a lane a step'
Z_STAYS='  z (read R1): stationary, (dk, dt) = (0, 1): a delay line of 1 vector'

check_design()
{
	name=$1
	kernel=$2
	rows=$3
	want=$4
	shift 4
	export_one "$name" "$kernel" "$want" --space-time "$rows" "$@" || return
	case $mode in
	cuda) ptx_one "$name" "$PTX_PATTERNS" ;;
	*) run_one "$name" ;;
	esac
}

PTX_PATTERNS=shfl.sync.up
check_design sbm "$conv" '[[1,1],[0,1]]' "$Z_MOVING
  x (read R2): stationary, (dk, dt) = (0, 1): a delay line of 1 vector
  w (read R3): broadcast: one load a step, splat" -D IIC=100
check_design bsm "$conv" '[[0,1],[1,1]]' "$Z_MOVING
  x (read R2): broadcast: one load a step, splat
  w (read R3): stationary, (dk, dt) = (0, 1): a delay line of 1 vector" -D IIC=100
check_design bfs "$conv" '[[1,0],[1,1]]' "$Z_STAYS
  x (read R2): broadcast: one load a step, splat
  w (read R3): forwarded, (dk, dt) = (1, 1): a delay line of 1 vector, rotated a lane a step" -D IIC=100
check_design ffs "$conv" '[[1,0],[2,1]]' "$Z_STAYS
  x (read R2): forwarded, (dk, dt) = (1, 1): a delay line of 1 vector, rotated a lane a step
  w (read R3): forwarded, (dk, dt) = (1, 2): a delay line of 2 vectors, rotated a lane a step" -D IIC=100
check_design fsm "$conv" '[[0,1],[-1,1]]' "$Z_MOVING
  x (read R2): forwarded, (dk, dt) = (1, 2): a delay line of 2 vectors, rotated a lane a step
  w (read R3): stationary, (dk, dt) = (0, 1): a delay line of 1 vector" -D IIC=100
PTX_PATTERNS=shfl.sync.down
check_design fbs "$conv" '[[1,0],[0,1]]' "$Z_STAYS
  x (read R2): forwarded, (dk, dt) = (-1, 1): a delay line of 1 vector, rotated a lane a step
  w (read R3): broadcast: one load a step, splat" -D IIC=100
# Strips of other widths: 100 outputs leave a partial strip.
PTX_PATTERNS=shfl.sync.up
check_design sbm4 "$conv_float" '[[1,1],[0,1]]' "$(printf '%s\n  %s\n  %s' "$Z_MOVING" \
	'x (read R2): stationary, (dk, dt) = (0, 1): a delay line of 1 vector' \
	'w (read R3): broadcast: one load a step, splat')" --lanes 4
check_design ffs16 "$conv_float" '[[1,0],[2,1]]' "$Z_STAYS
  x (read R2): forwarded, (dk, dt) = (1, 1): a delay line of 1 vector, rotated a lane a step
  w (read R3): forwarded, (dk, dt) = (1, 2): a delay line of 2 vectors, rotated a lane a step" --lanes 16

# conv2d.c: p, below the band (r, c, q), is each PE's innermost step;
# the README's FBS (k = c, time (q, r)) and SBM (k = c + q), then 2-D
# arrays, their second space row the rows of lanes inside each step.
STEPS_1D="  the steps (t0, t1, p): the transform's time, then p below the band"
STEPS_2D="  the steps (t, k1, p): the transform's time, then the rows of lanes k1, then p below the band"
PTX_PATTERNS=ld.global
check_design conv2d-fbs "$conv2d" '[[0,1,0],[0,0,1]]' "$STEPS_1D
  z (read R1): stationary, (dk, dt) = (0, 0, 0, 1): a delay line of 1 vector
  x (read R2): stationary, (dk, dt) = (0, 0, 1, -1): a delay line of 1 vector
  w (read R3): broadcast: one load a step, splat"
PTX_PATTERNS=shfl.sync.up
check_design conv2d-sbm "$conv2d" '[[0,1,1],[0,0,1]]' "$STEPS_1D
  z (read R1): moving, (dk, dt) = (1, 1, 0, -1): a delay line of 15 vectors, rotated a lane a step
  x (read R2): stationary, (dk, dt) = (0, 0, 1, -1): a delay line of 1 vector
  w (read R3): broadcast: one load a step, splat"
PTX_PATTERNS=ld.global
check_design conv2d-rc "$conv2d" '[[1,0,0],[0,1,0],[0,0,1]]' "$STEPS_2D
  z (read R1): stationary, (dk, dt) = (0, 0, 0, 1): a delay line of 1 vector
  x (read R2): forwarded, (dk, dt) = (0, 1, -1, 0): a delay line of 30 vectors, from row k1 + 1
  w (read R3): broadcast: one load a step, splat"
PTX_PATTERNS=shfl.sync.up
check_design conv2d-2d-moving "$conv2d" '[[0,1,1],[1,0,1],[0,0,1]]' "$STEPS_2D
  z (read R1): moving, (dk, dt) = (1, 1, 1, -1): a delay line of 19 vectors, rotated a lane a step, from row k1 - 1
  x (read R2): stationary, (dk, dt) = (0, 1, 0, 1): a delay line of 19 vectors
  w (read R3): broadcast: one load a step, splat"

[ "$mode" = cuda ] && exit "$failures"

# Integers (fir.c), loop-aligned and skewed; mm.c's three loops.
export_one fir "$fir" '  y (read R1): stationary, (dk, dt) = (0, 1): a delay line of 1 vector
  h (read R2): broadcast: one load a step, splat
  x (read R3): forwarded, (dk, dt) = (-1, 1): a delay line of 1 vector, rotated a lane a step' \
	--space i && run_one fir
export_one fir-skew "$fir" '  y (read R1): moving, (dk, dt) = (1, 1): a delay line of 1 vector, rotated a lane a step
  h (read R2): stationary, (dk, dt) = (0, 1): a delay line of 1 vector
  x (read R3): broadcast: one load a step, splat' \
	--space-time '[[0,1],[1,1]]' && run_one fir-skew
export_one mm-i "$mm" '  C (read R1): stationary, (dk, dt) = (0, 0, 1): a delay line of 1 vector
  A (read R2): stationary, (dk, dt) = (0, 1, 0): a delay line of 64 vectors
  B (read R3): broadcast: one load a step, splat' \
	--space i && run_one mm-i
export_one mm-k "$mm" '  C (read R1): moving, (dk, dt) = (1, 1, 0): a delay line of 64 vectors, rotated a lane a step
  A (read R2): stationary, (dk, dt) = (0, 0, 1): a delay line of 1 vector
  B (read R3): stationary, (dk, dt) = (0, 1, 0): a delay line of 64 vectors' \
	--space-time '[[0,0,1],[1,0,1]]' && run_one mm-k

# The iterators as values (it0, it1 in the lane program).
export_one iter "$src/tests/lanes/iter.c" '  y (read R1): stationary, (dk, dt) = (0, 1): a delay line of 1 vector
  x (read R2): forwarded, (dk, dt) = (-1, 1): a delay line of 1 vector, rotated a lane a step' \
	--space i && run_one iter

# A triangle of doubles, skewed (A loaded per lane), and a domain of
# two pieces (its masks on the lanes' vector, not intervals).
export_one tri "$src/tests/lanes/tri.c" '  y (read R1): moving, (dk, dt) = (1, 1): a delay line of 1 vector, rotated a lane a step
  A (read R2): memory: loaded per lane each step
  x (read R3): broadcast: one load a step, splat' \
	--space-time '[[1,1],[0,1]]' && run_one tri
export_one union "$src/tests/lanes/union.c" '  y (read R1): stationary, (dk, dt) = (0, 1): a delay line of 1 vector
  x (read R2): forwarded, (dk, dt) = (-1, 1): a delay line of 1 vector, rotated a lane a step' \
	--space i && run_one union

# A 3-D array: lanes along k, rows along i then j inside each step.
export_one cube "$src/tests/lanes/cube.c" '  the steps (t, k1, k2): the transform'"'"'s time, then the rows of lanes k1, k2
  C (read R1): stationary, (dk, dt) = (0, 1, 0, 0): a delay line of 16 vectors
  A (read R2): forwarded, (dk, dt) = (0, 1, 0, 1): a delay line of 17 vectors, from row k2 - 1
  B (read R3): forwarded, (dk, dt) = (1, 1, 0, 0): a delay line of 16 vectors, rotated a lane a step' \
	--space-time '[[0,0,1,0],[1,0,0,0],[0,1,0,0],[1,1,1,1]]' && run_one cube

[ "$mode" = opencl ] && exit "$failures"

# The refusals.
expect_cli export 1 "systole-cli: error: $src/data/examples/gemv.c has 2 statements; the lane targets take one statement whose outer loops are the band, arrays of one element type with constant sizes and affine subscripts (fold an initialisation into the data, as fir.c zeroes y before the SCoP)" \
	"$src/data/examples/gemv.c" --target c-simd --space i -o "$tmp/no"
expect_cli export 1 "systole-cli: error: C's partial result comes back after more than 64 steps (each step of the transform's time holds 128 rows of lanes): the lane targets keep an accumulator at most that long; choose a transform whose innermost time row runs along the reduction" \
	"$mm" --target c-simd --space i,j -D J=128 -o "$tmp/no"
expect_cli export 1 "systole-cli: error: y's flow dependence moves 1 lane in no time: the value would be needed in the step that makes it; choose a transform whose time rows advance along every dependence (s.d > 0), as --space-time \"[[0,1],[1,1]]\" (the first time row plus the space row)" \
	"$fir" --target c-simd --space j -o "$tmp/no"
expect_cli export 2 "systole-cli: export: --lanes takes a power of two from 1 to 64, not '6'" \
	"$fir" --target c-simd --space i --lanes 6 -o "$tmp/no"
expect_cli export 2 "systole-cli: export: --target takes hls, c-simd, opencl or cuda, not 'avx'" \
	"$fir" --target avx --space i -o "$tmp/no"
expect_cli export 2 "systole-cli: export: --target c-simd takes --space LOOP (the lanes' loop) or --space-time MATRIX, one of them" \
	"$fir" --target c-simd -o "$tmp/no"
expect_cli export 1 "systole-cli: error: --lanes 64: the cuda target's lanes are a warp's threads, at most 32" \
	"$fir" --target cuda --space i --lanes 64 -o "$tmp/no"
expect_cli export 1 "systole-cli: error: the statement (y[i] += sqrtf(x[i + j])) has a function call; the lane targets compute with +, -, * and / on array elements and loop iterators" \
	"$src/tests/lanes/call.c" --target c-simd --space i -o "$tmp/no"
expect_cli export 1 "systole-cli: error: y holds float, x holds int; the lane targets take one statement whose outer loops are the band, arrays of one element type with constant sizes and affine subscripts" \
	"$src/tests/lanes/mixed.c" --target c-simd --space i -o "$tmp/no"
expect_cli export 1 "systole-cli: error: z's flow dependence has no one distance over p, below the band: the lane targets carry a value at one distance over the band's loops and the loops below it (hint: constant bounds for p)" \
	"$src/tests/lanes/below.c" --target c-simd --space r -o "$tmp/no"
[ -e "$tmp/no" ] && fail "a refused export wrote $tmp/no"
# An earlier export is replaced with --force only.
expect_cli export 4 "systole-cli: error: $tmp/fir exists and is not an empty folder; nothing was written (--force replaces it)" \
	"$fir" --target c-simd --space i -o "$tmp/fir"
"$cli" export "$fir" --target c-simd --space i --lanes 4 -o "$tmp/fir" --force >/dev/null ||
	fail "export --force over an earlier export"
grep -q '^#define SYSTOLE_LANES 4$' "$tmp/fir/kernel.h" ||
	fail "export --force: kernel.h not replaced"
exit "$failures"
