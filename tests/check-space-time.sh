#!/bin/sh
# check-space-time.sh CLI EXAMPLES_DIR SPACE_TIME_DIR [csim]
# --space-time and systole-cli transforms from the outside (issue 16):
# exit statuses and first lines of errors, the summary's movement (text
# and JSON, beside every key it had), the exact lists of transforms of
# conv1d.c and mm.c, and the refusals of export.  With "csim", projects
# of transforms that are not loop-aligned are exported and their C
# simulation (make csim) must pass the kernel's own check, and each
# project's design.json must print the same project again.
set -u
cli=$1
examples=$2
dir=$3
mode=${4:-}

. "$(dirname "$0")/lib.sh"

conv1d=$examples/conv1d.c
mm=$examples/mm.c

# Errors: the transform is input (exit 1), the command line usage (2).
expect_cli compile 1 "systole-cli: error: --space-time: row 2 has 3 numbers, the band has 2 loops (c, q) (one coefficient per loop)" \
	"$conv1d" --space-time "[[1,1],[0,1,2]]"
expect_cli compile 1 "systole-cli: error: --space-time: the flow dependence on 'z' from S0 to S0, distance (0, 1) over the loops, would have (space; time) distance (1, 0) under k = q, t = c: its time distance is 0 (the sink would run in another PE at the same step), where it must be positive (hint: a time row with a positive coefficient along it)" \
	"$conv1d" --space-time "[[0,1],[1,0]]"
expect_cli estimate 1 "systole-cli: error: --space-time: the matrix [[2,0],[0,1]] over the loops (c, q) has determinant 2: a space-time transform must be unimodular (determinant 1 or -1), so that every iteration is one (PE, time) point and every point an iteration (hint: make the rows' coefficients coprime, e.g. [[1,1],[0,1]] rather than [[2,0],[0,1]])" \
	"$conv1d" --space-time "[[2,0],[0,1]]"
expect_cli compile 1 "systole-cli: error: --space-time: space row 1 makes no systolic array: the flow dependence on 'z' from S0 to S0 has distance 2 on loop 'k' (a space loop needs 0 or 1)" \
	"$conv1d" --space-time "[[1,2],[3,5]]"
expect_cli compile 2 "systole-cli: compile: --space-time chooses the array itself: without --sa-sizes' space_time or AutoSA's command line" \
	"$conv1d" --space-time "[[1,1],[0,1]]" --sa-sizes "{kernel[]->space_time[0]}"
expect_cli compile 1 "systole-cli: error: --space c: with --space-time the space loops are the transform's first 1 member (k), or leave --space out" \
	"$conv1d" --space-time "[[1,1],[0,1]]" --space c
expect_cli export 1 "systole-cli: error: --space-time: export writes projects of loop-aligned transforms and of those whose space rows are loops and whose time rows add loops (non-negative coefficients): its space row k combines loops (a skewed PE grid) (compile --emit c or check runs this design's PE array)" \
	"$conv1d" --space-time "[[1,1],[0,1]]" -o "$tmp/never"
# gemv.c's y moves a PE a step under [[0,1],[1,1]], but the I/O plan
# keeps it in each PE's buffer: no FIFO between PEs would carry it (the
# project once passed C simulation only because the PEs ran in turn on
# one stack, which the csims below now fill with a pattern).
expect_cli export 1 "systole-cli: error: the flow dependence on y from S1 to S1 crosses PEs (k 1, t 1) and no FIFO between PEs carries it under this transform (the HLS backend keeps y in each PE's buffer); a loop-aligned transform (--space) or --target c-simd runs it" \
	"$examples/gemv.c" --space-time "[[0,1],[1,1]]" -o "$tmp/never"
expect_cli estimate 1 "systole-cli: error: the flow dependence on y from S1 to S1 crosses PEs (k 1, t 1) and no FIFO between PEs carries it under this transform (the HLS backend keeps y in each PE's buffer); a loop-aligned transform (--space) or --target c-simd runs it" \
	"$examples/gemv.c" --space-time "[[0,1],[1,1]]"
expect_cli transforms 2 "systole-cli: transforms: --max-coef 30 with --dims 1 over 2 loops is 13845841 matrices; at most 2000000 are enumerated (hint: a smaller --max-coef or --dims)" \
	"$conv1d" --max-coef 30
expect_cli transforms 1 "systole-cli: error: the band has 2 loops: 2-D arrays need 3 to 8" \
	"$conv1d" --dims 2
expect_cli transforms 2 "systole-cli: transforms: --dims 3: arrays of 1 to 2 dimensions (hint: --max-dims 3 for 3)" \
	"$mm" --dims 3 --max-dims 2
expect_cli transforms 2 "systole-cli: transforms: --dims: expected a whole number from 1 to 3, not '4'" \
	"$mm" --dims 4
expect_cli transforms 2 "systole-cli: transforms: no input file"

# The summary: the transform and each array's movement.
if "$cli" compile "$conv1d" --space-time "[[1,1],[0,1]]" >"$tmp/out" 2>"$tmp/err"; then
	tail -n 5 "$tmp/out" >"$tmp/tail"
	cat >"$tmp/want" <<'EOF'
Space-time transform: k = c + q, t = q
Movement:
  z: moving +k at 1 PE per step (1, 1)
  x: stationary (0, 1)
  w: broadcast (1, 0)
EOF
	diff -u "$tmp/want" "$tmp/tail" || fail "compile summary's movement"
else
	fail "compile --space-time SBM: $(head -n 1 "$tmp/err")"
fi

# The JSON: every key the summary had, then movement, movement_kind
# and space_time.
if "$cli" compile "$conv1d" --space-time "[[1,0],[2,1]]" --json >"$tmp/out" 2>"$tmp/err"; then
	python3 - "$tmp/out" <<'EOF' || fail "compile --json's movement"
import json, sys
d = json.load(open(sys.argv[1]))
keys = ['kernel', 'candidate', 'sizes', 'padded_sizes', 'pe', 'arrays',
        'paths', 'modules', 'fifos', 'dram', 'movement', 'movement_kind',
        'space_time']
assert list(d) == keys, list(d)
assert d['movement'] == {'z': [0, 1], 'x': [1, 1], 'w': [1, 2]}, d['movement']
assert d['movement_kind'] == {'z': 'stationary', 'x': 'forwarded',
                              'w': 'forwarded'}, d['movement_kind']
assert d['space_time'] == {'rows': [[1, 0], [2, 1]], 'n_space': 1,
                           'names': ['k', 't'], 'loop_aligned': False,
                           'space_time': -1}, d['space_time']
EOF
else
	fail "compile --space-time FFS --json: $(head -n 1 "$tmp/err")"
fi
# Without --space-time: the candidate's loop-aligned transform.
if "$cli" compile "$mm" --space i,j --json >"$tmp/out" 2>"$tmp/err"; then
	python3 - "$tmp/out" <<'EOF' || fail "compile --space i,j --json's movement"
import json, sys
d = json.load(open(sys.argv[1]))
assert d['movement'] == {'C': [0, 0, 1], 'A': [0, 1, 0], 'B': [1, 0, 0]}, d['movement']
assert d['space_time']['space_time'] == 3, d['space_time']
assert d['space_time']['loop_aligned'] is True
EOF
else
	fail "compile mm --space i,j --json: $(head -n 1 "$tmp/err")"
fi

# The lists of transforms, exact.
for name in conv1d mm; do
	if (cd "$examples" && "$cli" transforms "$name.c") >"$tmp/out" 2>"$tmp/err"; then
		diff -u "$dir/transforms-$name.txt" "$tmp/out" ||
			fail "transforms $name.c"
	else
		fail "transforms $name.c: $(head -n 1 "$tmp/err")"
	fi
done
if "$cli" transforms "$conv1d" --json >"$tmp/out" 2>"$tmp/err"; then
	python3 - "$tmp/out" <<'EOF' || fail "transforms --json"
import json, sys
d = json.load(open(sys.argv[1]))
assert (d['enumerated'], d['unimodular'], d['legal']) == (81, 16, 6)
t = d['transforms'][5]
assert t['space_time'] == '[[1,1],[0,1]]', t
assert t['shape'] == [20] and t['steps'] == 5, t
assert t['autosa_space_time'] is None and t['loop_aligned'] is False
assert t['movement'] == {'z': [1, 1], 'x': [0, 1], 'w': [1, 0]}, t
assert d['transforms'][0]['autosa_space_time'] == 0
EOF
else
	fail "transforms --json: $(head -n 1 "$tmp/err")"
fi

# Projects of transforms that are not loop-aligned, simulated.
csim()
{
	kernel=$1
	shift
	out=$tmp/p$#$(echo "$*" | tr -c 'a-z0-9' '_')
	if ! "$cli" export "$kernel" "$@" -o "$out" >"$tmp/out" 2>"$tmp/err"; then
		fail "export $kernel $*: $(head -n 1 "$tmp/err")"
		return
	fi
	# the design alone prints the same project, its command included
	if ! "$cli" export --design "$out/design.json" -o "$out.again" \
		>"$tmp/out" 2>"$tmp/err" || ! diff -r "$out" "$out.again" >/dev/null; then
		fail "export --design for $kernel $*: not the same project"
	fi
	grep -q -- "--space-time '" "$out/README.md" ||
		fail "export $kernel $*: the README's command has no --space-time"
	# Locals start as a pattern, not as what the last PE left on the
	# stack: a PE that reads what it never wrote fails.
	if ! (cd "$out" && make csim \
		CXXFLAGS=-ftrivial-auto-var-init=pattern) >"$tmp/sim" 2>&1; then
		fail "make csim for $kernel $*: $(tail -n 2 "$tmp/sim")"
		return
	fi
	grep -q 'Passed!\|PASS' "$tmp/sim" || fail "make csim for $kernel $*: no Passed!"
}
if [ "$mode" = csim ]; then
	csim "$mm" -D I=8 -D J=8 -D K=8 --space-time "[[1,0,0];[0,1,1],[0,0,1]]"
	csim "$mm" -D I=8 -D J=8 -D K=8 --space-time "[[0,1,0],[1,0,1]]"
	csim "$dir/chain3d.c" --space-time "[[0,0,1],[1,1,0]]"
	csim "$conv1d" --space-time "[[1,0],[0,1]]"
fi

[ "$failures" -eq 0 ]
