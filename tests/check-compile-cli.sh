#!/bin/sh
# check-compile-cli.sh CLI EXAMPLES_DIR [CC]
# systole-cli compile from the outside: exit statuses, the exact first
# line of each error (and nothing on stdout), -o with and without
# --force, --emit options --json, the summary of a PE array, and the C
# of --emit c and --emit check compiled with CC (default cc) and run.
set -u
cli=$1
examples=$2
cc=${3:-cc}
mm=$examples/mm.c

. "$(dirname "$0")/lib.sh"

# expect STATUS FIRST_LINE_OF_STDERR ARGS...: a failing command prints
# nothing on stdout and that line first on stderr.
expect()
{
	want_status=$1
	want_line=$2
	shift 2
	"$cli" compile "$@" >"$tmp/out" 2>"$tmp/err"
	status=$?
	line=$(head -n 1 "$tmp/err")
	if [ "$status" -ne "$want_status" ]; then
		fail "compile $*: exit status $status, expected $want_status"
	fi
	if [ -s "$tmp/out" ]; then
		fail "compile $*: unexpected output on stdout:"
		cat "$tmp/out"
	fi
	if [ "$line" != "$want_line" ]; then
		fail "compile $*: first line of stderr"
		printf '  expected: %s\n  got:      %s\n' "$want_line" "$line"
	fi
}

# run ARGS...: the command succeeds; its output is in $tmp/out.
run()
{
	"$cli" compile "$@" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if [ "$status" -ne 0 ]; then
		fail "compile $*: exit status $status"
		cat "$tmp/err"
		return 1
	fi
	if [ -s "$tmp/err" ]; then
		fail "compile $*: unexpected output on stderr:"
		cat "$tmp/err"
	fi
	return 0
}

arrays='0 [i], 1 [j], 2 [k], 3 [i,j], 4 [i,k], 5 [j,k]'

# Usage errors: 2.
expect 2 "systole-cli: compile: no input file"
expect 2 "systole-cli: compile: one input file expected" \
	--space i,j "$mm" "$mm"
expect 2 "systole-cli: compile: --emit takes summary, options, schedule, c, check or design, not 'foo'" \
	--space i,j --emit foo "$mm"
expect 2 "systole-cli: --max-dims must be 1, 2 or 3" \
	--space i,j --max-dims 4 "$mm"

# Input and size errors: 1.
expect 1 "systole-cli: error: choose the array with --space LOOPS or --sa-sizes \"{kernel[]->space_time[N]}\"; this kernel has $arrays" \
	"$mm"
expect 1 "systole-cli: error: --sa-sizes: space_time[9], but this kernel has 6 arrays with --max-dims 2: $arrays" \
	--sa-sizes "{kernel[]->space_time[9]}" "$mm"
expect 1 "systole-cli: error: --space i,j is array 3, but --sa-sizes says space_time[4]" \
	--space i,j --sa-sizes "{kernel[]->space_time[4]}" "$mm"
expect 1 "systole-cli: error: --space: 'x' is not a loop of the outermost permutable band (i, j, k)" \
	--space x "$mm"
expect 1 "systole-cli: error: --space i,j,k is not a systolic array of this kernel: arrays have at most 2 dimensions here (see the max-dims preference)" \
	--space i,j,k "$mm"
expect 1 "systole-cli: error: the latency factor 3 of loop 'i' does not divide its tile of 16; it can be 1, 2, 4, 8, 16" \
	--space i,j --tile i=16 --latency i=3 "$mm"
expect 1 "systole-cli: error: --latency: 'k' is not a loop latency hiding can use; it takes i, j" \
	--space i,j --latency k=2 "$mm"
expect 1 "systole-cli: error: the SIMD factor 3 does not divide the 64 iterations left of loop 'k'; it can be 1, 2, 4, 8, 16, 32, 64" \
	--space i,j --simd k=3 "$mm"
expect 1 "systole-cli: error: --sa-sizes: array_part has 2 factors, but this array tiles 3 loops, in this order: i, j, k" \
	--sa-sizes "{kernel[]->space_time[3];kernel[]->array_part[16,16]}" "$mm"
expect 1 "systole-cli: error: --tile-order j,i,k: the orders that matter put the loops carrying flow dependences at each depth: i,j,k; i,k,j; k,i,j" \
	--space i,j --tile-order j,i,k "$mm"
printf '{"kernel3": {"reduction": []}}\n' >"$tmp/simd.json"
expect 1 "systole-cli: error: $tmp/simd.json: kernel3 has 0 reduction answers, but array 3 has 1 loop carrying dependences: k" \
	--space i,j --simd-info "$tmp/simd.json" "$mm"

# --tile and --latency after --sa-sizes change the loops they name and
# keep the others' sizes (they used to reset the whole vector).
sizes='{kernel[]->space_time[3];kernel[]->array_part[16,16,16];kernel[]->latency[8,8];kernel[]->simd[2]}'
if run --sa-sizes "$sizes" --tile k=8 --latency j=4 --json "$mm"; then
	grep -qF '"sizes" : "{kernel[]->space_time[3];kernel[]->array_part[16,16,8];kernel[]->latency[8,4];kernel[]->simd[2]}"' "$tmp/out" ||
		fail "--sa-sizes then --tile k=8 --latency j=4: $(grep '"sizes"' "$tmp/out")"
fi

# The latency loops' order, as AutoSA's autosa_latency_tile_band_loop
# gives it: the band's (i, j) by default and with --no-reverse-order,
# the reverse (j, i) with --reverse-order (AutoSA's default); factors in
# the band's order either way; the last of the two given wins.
lat='{kernel[]->space_time[3];kernel[]->array_part[16,16,16];kernel[]->latency[8,4];kernel[]->simd[2]}'
for args in "" "--no-reverse-order" "--reverse-order --no-reverse-order" \
	"--reverse-order" "--no-reverse-order --reverse-order"; do
	case $args in
	*--reverse-order) want='latency[j,i] 4 8 j_lat=4 i_lat=8' ;;
	*) want='latency[i,j] 8 4 i_lat=8 j_lat=4' ;;
	esac
	# The latency band's mark and its members' factors, outermost first.
	# shellcheck disable=SC2086 # the options are words
	run --sa-sizes "$lat" $args --emit schedule "$mm" || continue
	got=$(grep -A 2 'mark: "latency' "$tmp/out" |
		sed -n 's/.*mark: "\(latency[^"]*\)".*/\1/p; /schedule:/s/mod \([0-9]*\)/\n#\1\n/gp' |
		sed -n 's/^#//p; /^latency/p' | tr '\n' ' ')
	# The PE's loops in the descriptor.
	# shellcheck disable=SC2086
	run --sa-sizes "$lat" $args --emit design "$mm" || continue
	got="$got$(python3 -c '
import json, sys
def lat(n):
    here = ["%s=%d" % (n["name"], n["trip"])] if n["role"] == "latency" else []
    return here + [x for c in n.get("children", []) for x in lat(c)]
pe = [m for m in json.load(open(sys.argv[1]))["modules"] if m["name"] == "PE"]
print(" ".join(lat(pe[0]["loops"])))' "$tmp/out")"
	[ "$got" = "$want" ] ||
		fail "latency order with '$args': '$got', expected '$want'"
done
# The flags say it, and the reversed PE computes what the source does.
if run --sa-sizes "$lat" --reverse-order "$mm"; then
	grep -qx -- '--space i,j --tile i=16,j=16,k=16 --latency i=8,j=4 --simd k=2 --reverse-order' "$tmp/out" ||
		fail "--reverse-order's flags: $(grep -- '^--space' "$tmp/out")"
fi
if run --sa-sizes "$lat" --reverse-order --emit check "$mm"; then
	cp "$tmp/out" "$tmp/mm-rev.c"
	if "$cc" -std=c99 -O1 -Wall -Wextra -Werror -I "$examples" \
		-o "$tmp/mm-rev" "$tmp/mm-rev.c" -lm; then
		got=$("$tmp/mm-rev")
		want=$(printf 'Systole check: passed (1 version)\nPassed!')
		[ "$got" = "$want" ] ||
			fail "--reverse-order --emit check: printed '$got'"
	else
		fail "--reverse-order --emit check does not compile"
	fi
fi

# AutoSA's --no-reschedule, --use-cplusplus-template and --[no-]isl-sink
# are what Systole does: the same design, byte for byte.
"$cli" compile --sa-sizes "$lat" --emit design "$mm" >"$tmp/plain.json" ||
	fail "the design without AutoSA's no-op options"
for args in "--no-reschedule --use-cplusplus-template" "--isl-sink" \
	"--no-isl-sink"; do
	# shellcheck disable=SC2086 # the options are words
	run --sa-sizes "$lat" $args --emit design "$mm" || continue
	cmp -s "$tmp/out" "$tmp/plain.json" ||
		fail "$args changed the design"
done

# simd[...] on a candidate that needs a layout change: AutoSA skips it,
# and so does Systole, saying so.
cat >"$tmp/mm_kj.c" <<'EOF_C'
void kernel(float A[64][64], float B[64][64], float C[64][64])
{
#pragma scop
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++)
            for (int k = 0; k < 64; k++)
                C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
EOF_C
"$cli" compile --sa-sizes "$sizes" "$tmp/mm_kj.c" >"$tmp/out" 2>"$tmp/err" ||
	fail "layout-skipped simd: exit status $?"
[ "$(head -n 1 "$tmp/out")" = "array 3: 2 x 2 PEs (4)" ] ||
	fail "layout-skipped simd: $(head -n 1 "$tmp/out")"
[ "$(cat "$tmp/err")" = "systole-cli: warning: simd[...] gives 'k' 2, which AutoSA skips: 'k' needs a layout change (B[k][j]: make dimension 0 the innermost, as B[j][k]); --simd k=2 vectorizes it as it is" ] ||
	fail "layout-skipped simd: $(cat "$tmp/err")"

# --simd-touch-space: the space loops are SIMD loops too, before the
# time loops in AutoSA's list; SIMD on one divides its PEs.  AutoSA's
# mm.4 sizes on [i,k]: i and j (latency 16 of 32) drop out, k takes 2.
sizes='{kernel[]->space_time[4];kernel[]->array_part[32,4,32];kernel[]->latency[16,16];kernel[]->simd[2]}'
if run --sa-sizes "$sizes" --simd-touch-space "$mm"; then
	[ "$(head -n 1 "$tmp/out")" = "array 4: 2 x 2 PEs (4), SIMD 2 on k" ] ||
		fail "--simd-touch-space: $(head -n 1 "$tmp/out")"
fi
if run --sa-sizes "$sizes" --simd-touch-space --emit options --json "$mm"; then
	python3 - "$tmp/out" <<'EOF_PY' || fail "--simd-touch-space: the SIMD lists"
import json, sys
doc = json.load(open(sys.argv[1]))
simd = [(s["name"], s["in_band"], s["reduction"], s["range"], s["factor"])
        for s in doc["simd"]]
autosa = [(s["name"], s["legal"], s["score"], s["range"], s["factor"])
          for s in doc["autosa_simd"]]
sys.exit(0 if simd == [("j", True, False, 2, 1), ("i", True, False, 2, 1),
                       ("k", True, True, 4, 2)] and
         autosa == [("k", True, 13, 4, 2)] else 1)
EOF_PY
fi
# Without it, simd[2] has no candidate (AutoSA ignores it): 2 x 4.
if run --sa-sizes "$sizes" "$mm"; then
	[ "$(head -n 1 "$tmp/out")" = "array 4: 2 x 4 PEs (8)" ] ||
		fail "without --simd-touch-space: $(head -n 1 "$tmp/out")"
fi
expect 1 "systole-cli: error: --simd: 'k' is not a loop SIMD can use; it takes j (a space loop takes it with --simd-touch-space)" \
	--space i,k --simd k=2 "$mm"
expect 1 "systole-cli: error: SIMD 2 on space loop 'k' leaves one PE along it; AutoSA takes no array dimension of 1" \
	--space k --tile k=2 --simd-touch-space --simd k=2 "$mm"

# Edge cases: huge numbers, unreadable items, spaces, repeated loops,
# missing files.
expect 1 "systole-cli: error: --sa-sizes: space_time takes one array number, as in space_time[3]" \
	--sa-sizes "{kernel[]->space_time[2147483648]}" "$mm"
expect 1 "systole-cli: error: --sa-sizes: cannot read 'kernel[]->space_time'; AutoSA sizes look like \"{kernel[]->space_time[3];kernel[]->array_part[16,16,16];kernel[]->latency[8,8];kernel[]->simd[2]}\"" \
	--sa-sizes "{kernel[]->space_time}" "$mm"
# A tile larger than its loop is one padded tile (AutoSA's large/mm
# commands tile its 208 rows by 260): 100 PEs along i, 36 padding.
if run --space i,j --tile i=100 "$mm"; then
	[ "$(head -n 1 "$tmp/out")" = "array 3: 100 x 64 PEs (6400)" ] ||
		fail "--tile i=100: $(head -n 1 "$tmp/out")"
	grep -q "^  i          64    100     100        1$" "$tmp/out" ||
		fail "--tile i=100: $(grep '^  i ' "$tmp/out")"
fi
expect 1 "systole-cli: error: the number of PEs overflows 64 bits (9223372036854775807 x 64); sizes are supported while every count they give stays below 2^63" \
	--space i,j --tile i=9223372036854775807 "$mm"
expect 1 "systole-cli: error: --tile: '99999999999999999999' is not a 64-bit integer" \
	--space i,j --tile i=99999999999999999999 "$mm"
expect 1 "systole-cli: error: --space: loop 'i' is named twice" \
	--space i,i "$mm"
expect 1 "systole-cli: error: Failed to open file “$tmp/none.json”: No such file or directory" \
	--space i,j --simd-info "$tmp/none.json" "$mm"
if run --space i,j --tile " i=16, j=8 " "$mm"; then
	if [ "$(sed -n 10p "$tmp/out")" != "--space i,j --tile i=16,j=8" ]; then
		fail "--tile with spaces: $(sed -n 10p "$tmp/out")"
	fi
fi
expect 1 "systole-cli: error: --pack C:L2: no buffer there; buffers are at A:L2, B:L2, C:L1, C_drain:L1" \
	--space i,j --pack C:L2=2 "$mm"
expect 1 "systole-cli: error: --pack A:L2=32: a packing factor is a power of two of at most 16 32-bit elements that divides the buffer's innermost dimension (64)" \
	--space i,j --pack A:L2=32 "$mm"
expect 1 "systole-cli: error: --pack: expected ARRAY:LEVEL=FACTOR as in A:L2=8, not 'A=8'" \
	--space i,j --pack A=8 "$mm"
expect 1 "systole-cli: error: --pack: expected ARRAY:LEVEL=FACTOR as in A:L2=8, not 'A:L2=513'" \
	--space i,j --pack A:L2=513 "$mm"
caps_hint='--data-pack-sizes looks like "{kernel[]->A[8,32,64];kernel[]->B[8,32,64]}": per array, the widest words in bytes (1 to 64) at its L1, L2 and DRAM levels'
expect 1 "systole-cli: error: --data-pack-sizes: cannot read 'kernel[]->A[8,32]'; $caps_hint" \
	--space i,j --data-pack-sizes "{kernel[]->A[8,32]}" "$mm"
expect 1 "systole-cli: error: --data-pack-sizes: cannot read 'kernel[]->A[8,32,128]'; $caps_hint" \
	--space i,j --data-pack-sizes "{kernel[]->A[8,32,128]}" "$mm"
expect 1 "systole-cli: error: --data-pack-sizes: cannot read 'kernel[]->A[8,32,64]'; $caps_hint" \
	--space i,j --data-pack-sizes "kernel[]->A[8,32,64]" "$mm"
expect 1 "systole-cli: error: --data-pack-sizes: the kernel has no array 'D'; its arrays are C, A, B (or data_pack for every other)" \
	--space i,j --data-pack-sizes "{kernel[]->D[8,32,64];kernel[]->A[8,32,64]}" "$mm"
# data_pack: the caps of every array not named (AutoSA's default as its
# help spells it): C's L1 words of 16 bytes (4 floats, 8 without),
# B's L2 words of 64 (16), A's own caps' 32 (8).
run --space i,j --tile i=16,j=16,k=16 --latency i=8,j=8 --emit design \
	--data-pack-sizes "{kernel[]->data_pack[16,64,64];kernel[]->A[8,32,64]}" "$mm" &&
	python3 - "$tmp/out" <<'EOF_PY' ||
import json, sys
d = json.load(open(sys.argv[1]))
packs = {(b["name"], b["pack"]) for m in d["modules"] for b in m["buffers"]
         if m["name"] in ("A_IO_L2_in", "B_IO_L2_in", "C_IO_L1_in")}
sys.exit(0 if packs == {("local_A", 8), ("local_B", 16), ("local_C", 4)}
         else packs)
EOF_PY
	fail "--data-pack-sizes with data_pack: the L1 and L2 buffers' packing"
for depth in 0 -1 65537 2147483647 99999999999999999999 8x ''; do
	expect 2 "systole-cli: compile: --fifo-depth: expected a whole number from 1 to 65536, not '$depth'" \
		--space i,j --fifo-depth "$depth" "$mm"
done
run --space i,j --fifo-depth 65536 --emit design "$mm" &&
	grep -q '"depth" : 65536' "$tmp/out" ||
	fail "--fifo-depth 65536: no FIFO of that depth in the design"

# Divisors of a loop of 2^62 iterations come at once.
if run -D I=4611686018427387904 --space i,j --emit options "$mm"; then
	if ! grep -q "^  i      extent 4611686018427387904 space divisors: 1 2 4 8 16 " "$tmp/out"; then
		fail "divisors of 2^62: $(grep '^  i ' "$tmp/out")"
	fi
fi

# Counts beyond 64 bits: an error naming the count and its operands,
# exit status 1, nothing on stdout, no file written (they wrapped into
# "padded 0", negative counts and "at most its -2 iterations").
big62="-D I=4611686018427387904 -D J=4611686018427387904 -D K=4611686018427387904"
big63="-D I=9223372036854775807 -D J=9223372036854775807 -D K=9223372036854775807"
supported="sizes are supported while every count they give stays below 2^63"
# shellcheck disable=SC2086
{
expect 1 "systole-cli: error: the number of PEs overflows 64 bits (3 x 4611686018427387904); $supported" \
	$big62 --space i,j --tile i=3 "$mm"
expect 1 "systole-cli: error: the number of tiles overflows 64 bits (1152921504606846976 x 1152921504606846976); $supported" \
	$big62 --space i,j --tile i=4,j=4,k=4 "$mm"
expect 1 "systole-cli: error: the number of steps of a PE per tile overflows 64 bits (4611686018427387904 x 4611686018427387904); $supported" \
	$big62 --space i --tile i=2 "$mm"
expect 1 "systole-cli: error: the number of elements of C read from DRAM overflows 64 bits (12 x 1537228672809129302); $supported" \
	-D I=4611686018427387904 -D J=4 -D K=4 --space i --tile i=3 "$mm"
expect 1 "systole-cli: error: the padded extent of loop 'i' overflows 64 bits (4611686018427387904 x 2); $supported" \
	$big63 --space i --tile i=2 "$mm"
expect 1 "systole-cli: error: the padded extent of loop 'i' overflows 64 bits (3074457345618258603 x 3); $supported" \
	$big63 --space i,j --tile i=3 --emit c "$mm"
expect 1 "systole-cli: error: the number of PEs overflows 64 bits (9223372036854775807 x 9223372036854775807); $supported" \
	$big63 --space i,j --emit schedule "$mm"
expect 1 "systole-cli: error: the padded extent of loop 'i' overflows 64 bits (2305843009213693952 x 4); $supported" \
	$big63 --space i,j --tile i=4,j=4,k=4 -o "$tmp/big.txt" "$mm"
if [ -e "$tmp/big.txt" ]; then
	fail "an overflow wrote -o's file"
fi
}
# The same sizes where every count fits: exact, as before.
if run -D I=1152921504606846976 -D J=4 -D K=4 --space i --tile i=3 "$mm"; then
	if [ "$(sed -n 4p "$tmp/out")" != "  i      1152921504606846976      3 1152921504606846978        1" ]; then
		fail "padded extent of 2^60: $(sed -n 4p "$tmp/out")"
	fi
	if ! grep -q "^  B        in   128 bits  6148914691236517216 elements$" "$tmp/out"; then
		fail "elements of B from DRAM at 2^60: $(grep '^  B ' "$tmp/out")"
	fi
fi
# A loop from -2^63 + 1 to 2^63 - 2: its extent does not fit (it read
# "at most its -2 iterations"); the analysis says so and no array is
# made, whatever the sizes asked.
cat >"$tmp/long_loop.c" <<'EOF_C'
void kernel(float A[4], float B[4]) {
#pragma scop
    for (long i = -9223372036854775807; i < 9223372036854775807; i++)
        for (long j = 0; j < 4; j++)
            A[j] = A[j] + B[j];
#pragma endscop
}
EOF_C
long_reason="the extent of loop 'i' overflows 64 bits (from -9223372036854775807 to 9223372036854775806); Systole supports loops of at most 2^63 - 1 iterations"
for args in "--emit options" "--tile i=5" "--sa-sizes {kernel[]->space_time[1]}"; do
	# shellcheck disable=SC2086
	expect 1 "systole-cli: error: $tmp/long_loop.c: no systolic array can compute this SCoP:" \
		--space j $args "$tmp/long_loop.c"
	if [ "$(sed -n 2p "$tmp/err")" != "  $long_reason" ]; then
		fail "long loop ($args): $(sed -n 2p "$tmp/err")"
	fi
done
"$cli" analyze --json "$tmp/long_loop.c" >"$tmp/out" 2>"$tmp/err" ||
	fail "analyze of the long loop: exit status $?"
if ! grep -qF "\"$long_reason\"" "$tmp/out" ||
	! grep -q '"legal" : false' "$tmp/out"; then
	fail "analyze --json of the long loop: no reason"
fi
# A loop of 2^63 - 1 iterations, from -2^63 + 1 to -1, is the longest.
sed 's/i < 9223372036854775807/i < 0/' "$tmp/long_loop.c" >"$tmp/longest.c"
if run --space j --emit options "$tmp/longest.c"; then
	if ! grep -q "^  i      extent 9223372036854775807 time  divisors: 1 7 49 " "$tmp/out"; then
		fail "the longest loop: $(grep '^  i ' "$tmp/out")"
	fi
fi
# Padding past the largest value: the last tile of i from 2^63 - 8 to
# 2^63 - 2, in tiles of 5, would end beyond 2^63 - 1.
sed 's/i = -9223372036854775807; i < 9223372036854775807/i = 9223372036854775800; i < 9223372036854775807/' \
	"$tmp/long_loop.c" >"$tmp/high.c"
expect 1 "systole-cli: error: the last value of loop 'i' padded to whole tiles overflows 64 bits (9223372036854775800 + 9); $supported" \
	--space j --tile i=5 "$tmp/high.c"
run --space j --tile i=7 "$tmp/high.c"
# export refuses what compile refuses, and leaves no folder.
"$cli" export $big62 "$mm" --space i,j --tile i=3 -o "$tmp/big-export" \
	>"$tmp/out" 2>"$tmp/err"
status=$?
if [ "$status" -ne 1 ] || [ -s "$tmp/out" ] || [ -e "$tmp/big-export" ] ||
	[ "$(head -n 1 "$tmp/err")" != "systole-cli: error: the number of PEs overflows 64 bits (3 x 4611686018427387904); $supported" ]; then
	fail "export with 2^62 PEs: status $status, $(head -n 1 "$tmp/err")"
fi

# The summary: tiles 129 x 130 x 64 of 1024^3, latency 3 and 26, SIMD 8.
sizes='{kernel[]->space_time[3];kernel[]->array_part[129,130,64];kernel[]->latency[3,26];kernel[]->simd[8]}'
{
	echo "array 3: 43 x 5 PEs (215), SIMD 8 on k"
	echo
	echo "  loop   extent   tile  padded  latency"
	echo "  i        1024    129    1032        3"
	echo "  j        1024    130    1040       26"
	echo "  k        1024     64    1024        1"
	echo
	echo "tile order: i,j,k"
	echo "--sa-sizes=\"$sizes\""
	echo "--space i,j --tile i=129,j=130,k=64 --latency i=3,j=26 --simd k=8"
} >"$tmp/summary"
if run -D I=1024 -D J=1024 -D K=1024 --sa-sizes "$sizes" "$mm"; then
	head -n 10 "$tmp/out" >"$tmp/head"
	if ! cmp -s "$tmp/head" "$tmp/summary"; then
		fail "summary of $sizes"
		diff "$tmp/summary" "$tmp/head"
	fi
fi
# The same array from the flags the summary prints.
if run -D I=1024 -D J=1024 -D K=1024 --space i,j --tile i=129,j=130,k=64 \
	--latency i=3,j=26 --simd k=8 "$mm"; then
	head -n 10 "$tmp/out" >"$tmp/head"
	if ! cmp -s "$tmp/head" "$tmp/summary"; then
		fail "summary from flags"
		diff "$tmp/summary" "$tmp/head"
	fi
fi

# -o: written; not replaced without --force (4, file unchanged);
# replaced with it.
out_file=$tmp/mm-array.txt
if run --space i,j --tile i=16 "$mm" && cp "$tmp/out" "$tmp/expected-16" &&
	run --space i,j --tile i=16 -o "$out_file" "$mm"; then
	if [ -s "$tmp/out" ]; then
		fail "-o: output on stdout too"
	fi
	if ! cmp -s "$out_file" "$tmp/expected-16"; then
		fail "-o: the file is not the summary"
	fi
fi
printf 'keep me\n' >"$out_file"
expect 4 "systole-cli: $out_file exists; nothing was written (--force replaces it)" \
	--space i,j --tile i=8 -o "$out_file" "$mm"
if [ "$(cat "$out_file")" != "keep me" ]; then
	fail "-o without --force changed the file"
fi
# Checked before the analysis: even a bad request leaves it alone.
expect 4 "systole-cli: $out_file exists; nothing was written (--force replaces it)" \
	--space x -o "$out_file" "$mm"
if run --space i,j --tile i=8 "$mm" && cp "$tmp/out" "$tmp/expected-8" &&
	run --space i,j --tile i=8 -o "$out_file" --force "$mm"; then
	if ! cmp -s "$out_file" "$tmp/expected-8"; then
		fail "-o --force: the file was not replaced"
	fi
fi
# A failed run with --force leaves the file as it was.
cp "$out_file" "$tmp/before"
expect 1 "systole-cli: error: the latency factor 3 of loop 'i' does not divide its tile of 16; it can be 1, 2, 4, 8, 16" \
	--space i,j --tile i=16 --latency i=3 -o "$out_file" --force "$mm"
if ! cmp -s "$out_file" "$tmp/before"; then
	fail "a failed run with --force changed the file"
fi

# -o never replaces what is not a regular file, even with --force, and
# says so before the work; a file size limit (EFBIG, as a full disk) is
# status 4 and leaves nothing.
for target in /dev/full "$tmp"; do
	for force in "" --force; do
		expect 4 "systole-cli: error: $target is not a regular file; remove it yourself or choose another name" \
			--space i,j $force -o "$target" "$mm"
	done
done
if [ ! -c /dev/full ]; then
	fail "compile -o /dev/full --force replaced /dev/full"
fi
# -o in a folder that does not exist, or under a file, is refused
# before the work (--space x, a bad request, is never looked at), by
# compile and by export, and nothing is made.
printf 'keep\n' >"$tmp/plain"
for parent in "$tmp/none" "$tmp/none/deeper"; do
	expect 4 "systole-cli: error: $parent/out.txt: the folder $parent does not exist; nothing was written" \
		--space x -o "$parent/out.txt" "$mm"
done
expect 4 "systole-cli: error: $tmp/plain/out.txt: $tmp/plain is not a folder; nothing was written" \
	--space x -o "$tmp/plain/out.txt" "$mm"
for out in "$tmp/none/p" "$tmp/none/p/" "$tmp/plain/p"; do
	case $out in
	"$tmp/plain/p") want="systole-cli: error: $out: $tmp/plain is not a folder; nothing was written" ;;
	*) want="systole-cli: error: $out: the folder $tmp/none does not exist; nothing was written" ;;
	esac
	"$cli" export "$mm" --space x -o "$out" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if [ $status -ne 4 ] || [ -s "$tmp/out" ] || [ "$(cat "$tmp/err")" != "$want" ]; then
		fail "export -o $out: status $status, $(head -n 1 "$tmp/err")"
	fi
done
if [ -e "$tmp/none" ] || [ "$(cat "$tmp/plain")" != keep ]; then
	fail "-o in a missing folder or under a file made or changed something"
fi
(
	trap '' XFSZ
	ulimit -f 1
	exec "$cli" compile --space i,j -o "$tmp/big.txt" "$mm" >"$tmp/out" 2>"$tmp/err"
)
status=$?
if [ $status -ne 4 ] || [ -e "$tmp/big.txt" ] || [ -n "$(ls -A "$tmp" | grep '^\.big\.txt\.')" ] ||
	[ "$(cat "$tmp/err")" != "systole-cli: error: $tmp/big.txt: File too large" ]; then
	fail "compile -o over the file size limit: status $status, $(head -n 1 "$tmp/err")"
fi
# A kill -9 before the rename leaves the old file and a leftover, which
# the next run removes.
SYSTOLE_EXPORT_KILL_AT=written "$cli" compile --space i,j -o "$out_file" --force "$mm" >/dev/null 2>&1
status=$?
if [ $status -ne 137 ] || ! cmp -s "$out_file" "$tmp/before" ||
	[ "$(ls -A "$tmp" | grep -c '^\.mm-array\.txt\.tmp-')" != 1 ]; then
	fail "compile -o killed before its rename: status $status"
elif ! run --space i,j --tile i=8 -o "$out_file" --force "$mm" ||
	[ -n "$(ls -A "$tmp" | grep '^\.mm-array\.txt\.')" ] ||
	! cmp -s "$out_file" "$tmp/expected-8"; then
	fail "compile -o after a kill: the leftover stayed"
fi

# Numbers and names on the command line: exact ranges, UTF-8 names in
# any locale, -D as gcc takes it and nothing that adds lines.
expect 2 "systole-cli: --max-dims must be 1, 2 or 3" \
	--space i,j --max-dims 0 "$mm"
expect 2 "systole-cli: --max-dims must be 1, 2 or 3" \
	--space i,j --max-dims 2x "$mm"
expect 2 "systole-cli: -D 'X=1\\nint y;': a macro is one line" \
	-D "$(printf 'X=1\nint y;')" --space i,j "$mm"
expect 2 "systole-cli: -D '3=1': a macro's name is an identifier, as in -D N=64" \
	-D 3=1 --space i,j "$mm"
expect 2 "systole-cli: -D 'F(x=1': a macro's parameters end with ')'" \
	-D 'F(x=1' --space i,j "$mm"
LC_ALL=C "$cli" compile --space "$(printf '\351')" "$mm" >"$tmp/out" 2>"$tmp/err"
status=$?
if [ $status -ne 2 ] || [ -s "$tmp/out" ] ||
	[ "$(head -n 1 "$tmp/err")" != "systole-cli: --space: '\\xe9' is neither UTF-8 nor in the locale's encoding" ]; then
	fail "--space in neither UTF-8 nor the locale's encoding: status $status, $(head -n 1 "$tmp/err")"
fi
utf8=$(dirname "$0")/hls/kernels/names/utf8.c
if ! LC_ALL=C "$cli" compile --space é,ü --tile é=4 "$utf8" >"$tmp/out" 2>"$tmp/err" ||
	[ "$(head -n 1 "$tmp/out")" != "array 3: 4 x 8 PEs (32)" ]; then
	fail "--space é,ü in the C locale: $(head -n 1 "$tmp/err") $(head -n 1 "$tmp/out")"
fi
for n in 0 100001; do
	"$cli" bench --repeat $n "$mm" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if [ $status -ne 2 ] || [ -s "$tmp/out" ] ||
		[ "$(head -n 1 "$tmp/err")" != "systole-cli: bench: --repeat: expected a whole number from 1 to 100000, not '$n'" ]; then
		fail "bench --repeat $n: status $status, $(head -n 1 "$tmp/err")"
	fi
done

# --emit design: the descriptor's members, in order, and the published
# counts of the 1024^3 design.
if run -D I=1024 -D J=1024 -D K=1024 --sa-sizes "$sizes" --emit design "$mm"; then
	python3 - "$tmp/out" <<'EOF' || fail "--emit design"
import json, sys
with open(sys.argv[1]) as f:
    doc = json.load(f)
ok = True
def check(what, got, want):
    global ok
    if got != want:
        print("%s: %r, expected %r" % (what, got, want))
        ok = False
check("keys", list(doc), ["kernel", "candidate", "sizes", "padded_sizes",
                          "pe", "arrays", "paths", "modules", "fifos",
                          "dram", "testbench", "io"])
check("pe", (doc["pe"]["dims"], doc["pe"]["count"], doc["pe"]["simd"]),
      ([43, 5], 215, 8))
check("module keys", list(doc["modules"][1]),
      ["name", "kind", "array", "path", "level", "direction", "count",
       "placement", "buffers", "loops"])
# The arrays as plain data, and the paths the modules are on (by index).
check("arrays", [(x["name"], x["ctype"], x["dims"], x["local"], x["read"],
                  x["written"]) for x in doc["arrays"]],
      [("C", "float", [1024, 1024], False, True, True),
       ("A", "float", [1024, 1024], False, True, False),
       ("B", "float", [1024, 1024], False, True, False)])
check("paths", [(p["prefix"], p["array"], p["role"], p["direction"],
                 p["exterior"], p["along"]) for p in doc["paths"]],
      [("C", "C", "read", "in", False, [0, 0]),
       ("A", "A", "read", "in", True, [0, 1]),
       ("B", "B", "read", "in", True, [1, 0]),
       ("C_drain", "C", "drain", "out", False, [0, 0])])
check("module paths", [m["path"] for m in doc["modules"]],
      [None] + [0] * 5 + [1] * 4 + [2] * 4 + [3] * 5)
check("buffer keys", list(doc["modules"][0]["buffers"][0]),
      ["name", "elem_bits", "shape", "depth", "pack", "ping_pong"])
check("fifo keys", list(doc["fifos"][0]),
      ["name", "array", "count", "width_bits", "depth", "from", "to"])
check("dram keys", list(doc["dram"][0]),
      ["array", "direction", "width_bits", "elements"])
counts = {}
for f in doc["fifos"]:
    counts[f["name"]] = counts.get(f["name"], 0) + f["count"]
check("fifos", [counts["fifo_A_PE"], counts["fifo_B_PE"],
                counts["fifo_C_drain_PE"]], [258, 220, 215])
l2 = {m["name"]: m for m in doc["modules"]}
check("A_IO_L2_in", (l2["A_IO_L2_in"]["count"],
                     l2["A_IO_L2_in_boundary"]["count"],
                     l2["A_IO_L2_in"]["buffers"][0]["depth"],
                     l2["A_IO_L2_in"]["buffers"][0]["pack"]), (42, 1, 12, 16))
# Each module with statements has its code as printed: the PE's loops
# (iterator, trip, pragma, II) down to its statement, S0 with its three
# iterators, then its guard (padding computes nothing), its SIMD lane
# (the unrolled loop's iterator) and its accesses' requests.
check("modules with code", [m["name"] for m in doc["modules"] if "code" in m],
      ["PE", "C_IO_L1_in", "C_IO_L1_in_boundary", "A_IO_L2_in",
       "A_IO_L2_in_boundary", "A_PE_dummy_in", "B_IO_L2_in",
       "B_IO_L2_in_boundary", "B_PE_dummy_in", "C_drain_IO_L1_out",
       "C_drain_IO_L1_out_boundary"])
check("PE keys", list(doc["modules"][0])[-3:], ["loops", "code", "params"])
# The schedule dimensions the code takes as given: the PE's coordinates;
# an intra_trans's tile and the PE it serves.
check("PE params", doc["modules"][0]["params"],
      [{"name": "idx", "dim": 3}, {"name": "idy", "dim": 4}])
check("A_IO_L2_in params", [(p["name"], p["dim"])
                            for p in l2["A_IO_L2_in"]["params"]],
      [("sy_t0", 0), ("sy_t1", 1), ("sy_t2", 2), ("p0", 3), ("p1", 4)])
loops = []
code = doc["modules"][0]["code"]["then"]
while code["kind"] == "for":
    loops.append((code["iterator"], code["trip"], code["pragma"],
                  code.get("ii")))
    code = code["body"]
check("PE loops", loops, [("c0", 8, "none", None), ("c1", 8, "none", None),
      ("c2", 16, "none", None), ("c5", 8, "none", None),
      ("c6", 3, "none", None), ("c7", 26, "pipeline", 1),
      ("c8", 8, "unroll", None)])
check("PE statement", (code["kind"], code["name"], len(code["args"]),
                       code["args"][3]["op"], code["args"][4]),
      ("user", "S0", 11, "and", "c8"))
# The testbench's facts: per DRAM path its boxes and packing (its
# port's name and words are the kernel's interface's, in an export).
check("testbench keys", list(doc["testbench"][0]),
      ["array", "direction", "prefix", "box", "pack", "box_words", "loops"])
check("testbench", [(p["prefix"], p["direction"], p["box"], p["pack"],
                     p["box_words"]) for p in doc["testbench"]],
      [("C", "in", [3, 26], 2, 39),
       ("A", "in", [3, 64], 16, 12),
       ("B", "in", [26, 64], 16, 104),
       ("C_drain", "out", [3, 26], 2, 39)])
# What the I/O modules print from: A's lines of 3 x 64 elements, 8
# lanes a transfer, 12 words of 16, over 8 x 8 x 16 tiles and 43 lines.
io = doc["io"]
check("io", (list(io), io["n_tile"], [p["prefix"] for p in io["paths"]]),
      (["n_tile", "paths"], 3, ["C", "A", "B", "C_drain"]))
a = io["paths"][1]
check("io path keys", list(a),
      ["prefix", "direction", "box", "lanes", "once", "pack", "box_words",
       "along", "units", "headless", "ping_pong", "tiles", "intra", "drop",
       "moves", "registers"])
check("io A", (a["box"], a["lanes"], a["pack"], a["box_words"], a["along"],
               a["units"], a["intra"], a["drop"], a["registers"],
               a["tiles"]["trip"]),
      ([3, 64], 8, 16, 12, 1, 43, "A_IO_L2_in", "A_PE_dummy_in", [2], 8))
sys.exit(0 if ok else 1)
EOF
fi

# --host-serialize (AutoSA's): DRAM words of up to 512 bits, whole
# words of the L3 FIFO's, as many as divide each tile's burst.  With
# the getting-started sizes, C's 8x8 boxes of 256-bit words go out two
# to a DRAM word; with 3x26 boxes per PE (39 words of 64 bits, 215 PEs:
# an odd burst) C stays at its FIFO's 64 bits.
dram_widths()
{
	"$cli" compile "$@" --emit design "$mm" 2>"$tmp/err" | python3 -c '
import json, sys
print(" ".join("%s:%s:%d" % (p["array"], p["direction"], p["width_bits"])
               for p in json.load(sys.stdin)["dram"]))'
}
got=$(dram_widths --sa-sizes "{kernel[]->space_time[3];kernel[]->array_part[16,16,16];kernel[]->latency[8,8];kernel[]->simd[2]}")
[ "$got" = "C:in:256 A:in:512 B:in:512 C:out:256" ] || fail "DRAM widths: $got"
got=$(dram_widths --sa-sizes "{kernel[]->space_time[3];kernel[]->array_part[16,16,16];kernel[]->latency[8,8];kernel[]->simd[2]}" --host-serialize)
[ "$got" = "C:in:512 A:in:512 B:in:512 C:out:512" ] || fail "--host-serialize DRAM widths: $got"
got=$(dram_widths -D I=1024 -D J=1024 -D K=1024 --sa-sizes "$sizes" --host-serialize)
[ "$got" = "C:in:64 A:in:512 B:in:512 C:out:64" ] || fail "--host-serialize, odd bursts: $got"

# --data-pack-sizes (AutoSA's, mm_hcl's README): words up to 8, 32 and
# 64 bytes at the L1, L2 and DRAM levels; the L2 buffers of A and B
# take 256 bits (SIMD 8 fits), C's L1 buffers 64, and the DRAM ports
# widen again to what divides the buffers' innermost 16 and 8: A_t16,
# B_t16, C_t8.  At 16 bytes everywhere, SIMD 8 wins for A and B (256
# bits) and C packs 4 (128 bits).
hcl='{kernel[]->space_time[3];kernel[]->array_part[16,16,16];kernel[]->latency[8,8];kernel[]->simd[8]}'
buffer_widths()
{
	"$cli" compile "$@" --emit design "$mm" 2>"$tmp/err" | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(" ".join("%s:%d" % (m["name"], b["pack"] * b["elem_bits"])
               for m in d["modules"] for b in m["buffers"]
               if m["kind"] != "pe" and m["name"].endswith("boundary")))'
}
caps='{kernel[]->A[8,32,64];kernel[]->B[8,32,64];kernel[]->C[8,32,64]}'
got="$(dram_widths --sa-sizes "$hcl" --data-pack-sizes "$caps") / $(buffer_widths --sa-sizes "$hcl" --data-pack-sizes "$caps")"
[ "$got" = "C:in:256 A:in:512 B:in:512 C:out:256 / C_IO_L1_in_boundary:64 A_IO_L2_in_boundary:256 B_IO_L2_in_boundary:256 C_drain_IO_L1_out_boundary:64" ] ||
	fail "--data-pack-sizes 8, 32, 64: $got"
caps='{kernel[]->A[16,16,16];kernel[]->B[16,16,16];kernel[]->C[16,16,16]}'
got="$(dram_widths --sa-sizes "$hcl" --data-pack-sizes "$caps") / $(buffer_widths --sa-sizes "$hcl" --data-pack-sizes "$caps")"
[ "$got" = "C:in:128 A:in:256 B:in:256 C:out:128 / C_IO_L1_in_boundary:128 A_IO_L2_in_boundary:256 B_IO_L2_in_boundary:256 C_drain_IO_L1_out_boundary:128" ] ||
	fail "--data-pack-sizes 16 bytes: $got"

# --local-reduce --reduce-op=+ (AutoSA's mm.4: [i,k], SIMD 2 on k, k in
# 16 tiles of 4): C's partial sums pass PE to PE both ways, marked "+";
# the same 22 modules (16 kinds) and 28 FIFOs as without, the backend's
# facts now (the L3 modules fold tile dimension 2 from tile 0), and the
# L3 module out's acc_C buffer: both lines' 16x32 boxes, 64 words of 16
# floats; without it the host launches the kernel once per tile (k's
# tiles innermost): nothing folds, no buffer.
s4='{kernel[]->space_time[4];kernel[]->array_part[32,4,32];kernel[]->latency[16,16];kernel[]->simd[2]}'
reduce_facts()
{
	"$cli" compile "$@" --emit design "$mm" 2>"$tmp/err" | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(" ".join("%s:%s:%s%s" % (p["prefix"], p["role"], p["direction"],
                               ":" + p["reduce"] if "reduce" in p else "")
               for p in d["paths"]),
      sum(m["count"] for m in d["modules"]), len(d["modules"]),
      sum(f["count"] for f in d["fifos"]),
      [(p["prefix"], p["fold"]) for p in d["io"]["paths"] if "fold" in p]
      if "io" in d else "no-io",
      " ".join("%s%s:%dx%d" % (b["name"], b["shape"], b["depth"], b["pack"])
               for m in d["modules"] if m["level"] == 3
               for b in m["buffers"]))'
}
got=$(reduce_facts --sa-sizes "$s4" --simd-touch-space --local-reduce --reduce-op=+)
[ "$got" = "C:partial:in:+ A:read:in B:read:in C:partial:out:+ 22 16 28 [('C', [2, 0]), ('C', [2, 0])] acc_C[32, 32]:64x16" ] ||
	fail "--local-reduce: $got"
got=$(reduce_facts --sa-sizes "$s4" --simd-touch-space)
[ "$got" = "C:partial:in A:read:in B:read:in C:partial:out 22 16 28 [] " ] ||
	fail "without --local-reduce: $got"
expect 2 "systole-cli: compile: --local-reduce and --reduce-op go together" \
	--space k --local-reduce "$mm"
expect 2 "systole-cli: compile: --local-reduce and --reduce-op go together" \
	--space k --reduce-op=+ "$mm"
expect 2 "systole-cli: compile: --reduce-op: Systole reduces with '+' only, not '*'" \
	--space k --local-reduce --reduce-op='*' "$mm"
# A product along k is no + reduction.
expect 1 "systole-cli: error: --local-reduce: partial results of out pass PE to PE, but statement S0, which runs after the first tile of their loop, does not fold '+' into them (out += ..., or out = out + ...)" \
	--space k --tile k=4 --local-reduce --reduce-op=+ "$(dirname "$0")/hls/kernels/prod.c"

# A design the HLS backend refuses is described all the same, without
# module code (dp's table on [i,j] enters along two paths).
if run --space i,j --emit design "$examples/dp.c"; then
	python3 - "$tmp/out" <<'EOF' || fail "--emit design without code"
import json, sys
with open(sys.argv[1]) as f:
    doc = json.load(f)
coded = [m["name"] for m in doc["modules"] if "code" in m]
if coded or len(doc["modules"]) != 36 or "io" in doc:
    print("modules with code: %r of %d" % (coded, len(doc["modules"])))
    sys.exit(1)
EOF
else
	fail "--emit design of dp.c --space i,j: status $status, $(head -n 1 "$tmp/err")"
fi

# --emit options --json: one JSON object with these members, in order.
if run --space i,j --emit options --json "$mm"; then
	python3 - "$tmp/out" <<'EOF' || fail "--emit options --json"
import json, sys
with open(sys.argv[1]) as f:
    doc = json.load(f)
keys = ["kernel", "candidate", "space", "tilable", "tile_orders",
        "tile_order", "latency", "simd", "autosa_simd", "sa_sizes", "flags"]
ok = True
def check(what, got, want):
    global ok
    if got != want:
        print("%s: %r, expected %r" % (what, got, want))
        ok = False
check("keys", list(doc), keys)
check("candidate", doc["candidate"], 3)
check("space", doc["space"], ["i", "j"])
check("tilable", [(t["name"], t["extent"], t["space"], t["tile"])
                  for t in doc["tilable"]],
      [("i", 64, True, 64), ("j", 64, True, 64), ("k", 64, False, 64)])
check("divisors", doc["tilable"][0]["divisors"], [1, 2, 4, 8, 16, 32, 64])
check("tile_orders", doc["tile_orders"],
      [["i", "j", "k"], ["i", "k", "j"], ["k", "i", "j"]])
check("tile_order", doc["tile_order"], ["i", "j", "k"])
check("latency", [(l["name"], l["factor"]) for l in doc["latency"]],
      [("i", 1), ("j", 1)])
check("simd", [(s["name"], s["parallel"], s["reduction"], s["legal"],
                s["score"], s["reason"], s["layout"], s["range"],
                s["factor"]) for s in doc["simd"]],
      [("k", False, True, True, 8, None, [], 64, 1)])
check("sa_sizes", doc["sa_sizes"],
      "{kernel[]->space_time[3];kernel[]->array_part[64,64,64];"
      "kernel[]->latency[1,1];kernel[]->simd[1]}")
check("flags", doc["flags"], "--space i,j")
sys.exit(0 if ok else 1)
EOF
fi

# --emit c: the example with its SCoP replaced compiles and passes its
# own check; --emit check runs both versions and compares them.
if run --space i,j --tile i=16,j=8,k=16 --latency i=4 --simd k=4 \
	--emit c "$mm"; then
	cp "$tmp/out" "$tmp/mm-c.c"
	if "$cc" -std=c99 -O1 -Wall -Wextra -Werror -I "$examples" \
		-o "$tmp/mm-c" "$tmp/mm-c.c" -lm; then
		got=$("$tmp/mm-c")
		status=$?
		if [ "$status" -ne 0 ] || [ "$got" != "Passed!" ]; then
			fail "--emit c: the program printed '$got'"
		fi
	else
		fail "--emit c does not compile"
	fi
fi
if run --space i,k --tile i=8,k=8 --latency i=2 --emit check "$mm"; then
	cp "$tmp/out" "$tmp/mm-check.c"
	if "$cc" -std=c99 -O1 -Wall -Wextra -Werror -I "$examples" \
		-o "$tmp/mm-check" "$tmp/mm-check.c" -lm; then
		got=$("$tmp/mm-check")
		status=$?
		want=$(printf 'Systole check: passed (1 version)\nPassed!')
		if [ "$status" -ne 0 ] || [ "$got" != "$want" ]; then
			fail "--emit check: the program printed '$got'"
		fi
	else
		fail "--emit check does not compile"
	fi
fi

# syrk on [i, j]: A enters along two paths, each PE read taking its own
# (A[i][k], reused along j, through A_0; A[j][k], along i, through A_1),
# each with its DRAM port; on [i], A[i][k] stays in the PEs' L1
# buffers (interior A_0) and A[j][k] moves PE to PE (A_1).
syrk_paths()
{
	"$cli" compile "$@" --emit design "$(dirname "$0")/hls/kernels/syrk_pb.c" 2>"$tmp/err" | python3 -c '
import json, sys
d = json.load(sys.stdin)
paths = ["%s:%s:%s:%s" % (p["prefix"], p["direction"],
                          "ext" if p["exterior"] else "int",
                          ",".join(map(str, p["along"]))) for p in d["paths"]]
reads = ["R%d:%s" % (a["ref"], a["stream"]) for s in d["pe"]["facts"]["statements"]
         for a in s["accesses"] if a["array"] == "A"]
print(" ".join(paths), "/", " ".join(reads), "/", len(d["dram"]))'
}
got=$(syrk_paths --space i,j --tile i=4,j=4)
[ "$got" = "C:in:int:0,0 A_0:in:ext:0,1 A_1:in:ext:1,0 C_drain:out:int:0,0 / R6:A_0 R7:A_1 / 4" ] ||
	fail "syrk [i,j] paths: $got ($(cat "$tmp/err"))"
# --int-io-dir 1: mm's C on 4 x 8 PEs in 4 chains of 8 L1 modules along
# j, their L2 modules west of the grid (8 chains of 4, north, without).
for dir in 0 1; do
	"$cli" compile --space i,j --tile i=16,j=16,k=16 --latency i=4,j=2 \
		--int-io-dir $dir "$mm" >"$tmp/out$dir" 2>"$tmp/err" ||
		fail "--int-io-dir $dir: $(cat "$tmp/err")"
done
got=$(grep -E "^ +[0-9]+  C_IO_L[12]_in " "$tmp/out0" | awk '{print $1 "x" $3 "@" $4}' | tr '\n' ' ')
[ "$got" = "7x2@north 24x1@grid " ] || fail "--int-io-dir 0: $got"
got=$(grep -E "^ +[0-9]+  C_IO_L[12]_in " "$tmp/out1" | awk '{print $1 "x" $3 "@" $4}' | tr '\n' ' ')
[ "$got" = "3x2@west 28x1@grid " ] || fail "--int-io-dir 1: $got"

# The summary names each of A's ports by its path, and --hbm's parts.
"$cli" compile --space i,j --tile i=4,j=4 --hbm "$(dirname "$0")/hls/kernels/syrk_pb.c" >"$tmp/out" 2>"$tmp/err"
grep -qx "  A_1      in    64 bits  360 elements on 2 ports" "$tmp/out" ||
	fail "syrk [i,j] --hbm summary: $(grep -A5 '^dram' "$tmp/out")"
got=$(syrk_paths --space i --tile i=4,j=6)
[ "$got" = "C:in:int:0 A_0:in:int:0 A_1:in:ext:1 C_drain:out:int:0 / R6:A_0 R7:A_1 / 4" ] ||
	fail "syrk [i] paths: $got ($(cat "$tmp/err"))"

# --live-range-reordering on AutoSA's LU (its 2-D temporaries reused
# across k): the band grows from (k) to (k, j, i) and the dataflows from
# one to AutoSA's six; where a design's loop order runs a temporary's
# anti dependence backwards (U_tmp's (1, -1, 0) on [j], L_tmp's
# (1, 0, -1) on [i] or with i tiled), the transformed loops give it an
# element per k (U_tmp[32][32][32]: its values never cross k); every
# one computes what the source does.
lu=$(cd "$(dirname "$0")" && pwd)/autosa/kernels/lu/kernel.c
spaces()
{
	"$cli" analyze --json "$@" "$lu" | python3 -c '
import json, sys
print(" ".join("[" + ",".join(c["space"]) + "]"
    for c in json.load(sys.stdin)["candidates"]))'
}
[ "$(spaces)" = "[k]" ] || fail "lu: dataflows $(spaces)"
[ "$(spaces --live-range-reordering)" = "[k] [j] [i] [k,j] [k,i] [j,i]" ] ||
	fail "lu --live-range-reordering: dataflows $(spaces --live-range-reordering)"
if run --live-range-reordering --space j,i --emit c "$lu"; then
	got=$(grep -c -E '^ *data_t (U_tmp\[32\]\[32\]\[32\]|L_tmp\[32\]\[32\]\[32\]);' "$tmp/out")
	[ "$got" = 2 ] || fail "lu [j,i]: U_tmp and L_tmp not expanded by k"
	grep -q 'U_tmp\[c[0-9]*\]\[c[0-9]*\]\[c[0-9]* - 1\] *;' "$tmp/out" ||
		fail "lu [j,i]: U_tmp[k][i][j - 1] not read at its k"
fi
for sp in k k,j k,i j i j,i "k,i --tile i=16"; do
	# shellcheck disable=SC2086 # the sizes split into words
	run --live-range-reordering --space $sp --emit check "$lu" || continue
	cp "$tmp/out" "$tmp/lu-check.c"
	if "$cc" -std=c99 -O1 -w -I "$(dirname "$lu")" -o "$tmp/lu-check" \
		"$tmp/lu-check.c" -lm; then
		got=$("$tmp/lu-check" | head -n 2)
		want=$(printf 'Systole check: passed (1 version)\nPassed!')
		[ "$got" = "$want" ] ||
			fail "lu --space $sp --emit check: printed '$got'"
	else
		fail "lu --space $sp --emit check does not compile"
	fi
done

if [ "$failures" -ne 0 ]; then
	echo "$failures check(s) failed"
	exit 1
fi
echo "all checks passed"
exit 0
