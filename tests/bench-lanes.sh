#!/bin/sh
# bench-lanes.sh CLI SOURCE_DIR [C] [RUNS]
# The c-simd lane programs of the seed's 1-D convolution designs
# (tests/lanes/conv1d.c, Q = 5 taps, C outputs: 2^20 unless given)
# against the original nest, both built by the exported Makefile with
# gcc -O3 -march=native (the original auto-vectorised): each project's
# main checks the lane program (PASS), then times RUNS runs of each
# (20 unless given) and prints the ratio.  Also fir.c and mm.c at their
# sizes, and conv2d.c's FBS, SBM and a 2-D array (16 x 4096 outputs,
# 3 x 3 filter).  Fails only if a project does not build or check.
set -u
cli=$1
src=$2
c=${3:-1048576}
runs=${4:-20}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0

bench()
{
	name=$1
	shift
	if ! "$cli" export "$@" --target c-simd -o "$tmp/$name" >/dev/null ||
		! make -s -C "$tmp/$name" >/dev/null 2>&1; then
		echo "$name: the export or its build failed"
		status=1
		return
	fi
	out=$(cd "$tmp/$name" && ./main bench "$runs")
	case $out in
	PASS*) printf '%-10s %s\n' "$name" "$(echo "$out" | tail -n 1)" ;;
	*)
		echo "$name: $out"
		status=1
		;;
	esac
}

echo "conv1d, C = $c outputs, Q = 5 taps, float, 8 lanes; $(gcc --version | head -n 1)"
for design in "SBM [[1,1],[0,1]]" "BSM [[0,1],[1,1]]" "BFS [[1,0],[1,1]]" \
	"FFS [[1,0],[2,1]]" "FBS [[1,0],[0,1]]"; do
	# shellcheck disable=SC2086
	set -- $design
	bench "$1" "$src/tests/lanes/conv1d.c" -D "C=$c" --space-time "$2"
done
bench FBS-16 "$src/tests/lanes/conv1d.c" -D "C=$c" --space c --lanes 16
# conv2d.c (ints, 3 x 3 filter): p below the band as each lane's
# innermost step; SBM's moving z needs IIR P - 1 <= 64 steps.
conv2d="$src/data/examples/conv2d.c -D IIR=16 -D IIC=4096 -D P=3 -D Q=3"
# shellcheck disable=SC2086
bench c2-FBS $conv2d --space-time "[[0,1,0],[0,0,1]]"
# shellcheck disable=SC2086
bench c2-SBM $conv2d --space-time "[[0,1,1],[0,0,1]]"
# a 2-D array: lanes along c, rows r inside each step
# shellcheck disable=SC2086
bench c2-2D-cr $conv2d --space-time "[[0,1,0],[1,0,0],[0,0,1]]"
bench fir-i "$src/data/examples/fir.c" --space i
bench mm-i "$src/data/examples/mm.c" --space i
exit $status
