#!/bin/sh
# check-sweep.sh PYTHON SWEEP CLI EXAMPLES_DIR
# The sweep driver itself: a seed draws the same configuration whatever
# the other seeds, the order of the kernels and -j; a design whose
# simulation fails is reported with its seed and the commands that
# reproduce it, and fails the run; a refusal is counted by its rule.
set -u
python=$1
sweep=$2
cli=$3
examples=$4

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0

fail()
{
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# Deterministic: seeds 1-6 of two kernels, then the same seeds in
# another order, kernels swapped, two at a time.
"$python" "$sweep" --cli "$cli" --list --seeds 1-6 \
	"$examples/mm.c" "$examples/conv.c" >"$tmp/a" || fail "--list exits $?"
"$python" "$sweep" --cli "$cli" --list --seeds 6,5,4,3,2,1 -j 2 \
	"$examples/conv.c" "$examples/mm.c" >"$tmp/b" || fail "--list -j 2 exits $?"
sort "$tmp/a" >"$tmp/a.sorted"
sort "$tmp/b" >"$tmp/b.sorted"
if ! cmp -s "$tmp/a.sorted" "$tmp/b.sorted"; then
	fail "the same seeds drew other configurations: $(diff "$tmp/a.sorted" "$tmp/b.sorted" | head -n 4)"
fi
[ "$(wc -l <"$tmp/a")" -eq 12 ] || fail "--list printed $(wc -l <"$tmp/a") lines, not 12"
seed1=$(grep '^conv.c seed 1: --space ' "$tmp/a") ||
	fail "no configuration for seed 1 of conv.c"

# A design that does not build (a C++ compiler that always fails) is a
# failure: the seed, the export and make commands, exit status 1.
flags=$(sed -n 's/^conv.c seed 1: //p' "$tmp/a")
"$python" "$sweep" --cli "$cli" --seeds 1 --cxx false "$examples/conv.c" \
	>"$tmp/out" 2>&1
status=$?
[ $status -eq 1 ] || fail "a failing simulation exits $status, not 1"
if ! grep -q '^FAIL conv.c seed 1: make csim exit status 2$' "$tmp/out"; then
	fail "no failure line: $(head -n 3 "$tmp/out")"
fi
if ! grep -qxF "  $cli export $examples/conv.c $flags -o conv.c-1" "$tmp/out"; then
	fail "no export command with the listed flags ($seed1): $(sed -n 2p "$tmp/out")"
fi
if ! grep -qxF "  make -s -C conv.c-1 csim CXX=false" "$tmp/out"; then
	fail "no make command: $(sed -n 3p "$tmp/out")"
fi
if ! grep -q '^configurations: 1 of 1 kernels, 0 passed, 0 refused, 1 failed ' "$tmp/out"; then
	fail "summary: $(tail -n 1 "$tmp/out")"
fi

# A refusal is fine, counted by its rule: of the edit distance's four
# seeds, the two on [i, j] (its table along two paths); the two on [i]
# or [j] pass.
"$python" "$sweep" --cli "$cli" --seeds 1-4 "$examples/dp.c" >"$tmp/out" 2>&1
status=$?
[ $status -eq 0 ] || fail "refusals exit $status, not 0: $(head -n 3 "$tmp/out")"
if ! grep -q '^configurations: 4 of 1 kernels, 2 passed, 2 refused, 0 failed ' "$tmp/out"; then
	fail "refusals' summary: $(grep '^configurations' "$tmp/out")"
fi
if ! grep -qxF '  refused 2: D enters the array along two paths (D_0 and D_1); the HLS backend supports one per array and way' "$tmp/out"; then
	fail "refusals not counted by rule: $(tail -n 3 "$tmp/out")"
fi

# Usage errors exit 2.
"$python" "$sweep" --cli "$cli" >/dev/null 2>&1
status=$?
[ $status -eq 2 ] || fail "no kernel: exit status $status, not 2"

[ $failures -eq 0 ] && echo "sweep driver: all checks passed"
[ $failures -eq 0 ]
