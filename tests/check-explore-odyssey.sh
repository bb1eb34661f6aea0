#!/bin/sh
# check-explore-odyssey.sh CLI EXAMPLES_DIR
# systole-cli explore --model odyssey from the outside: Odyssey's 18
# matrix-multiply designs of K0 (128x256x512) searched exactly with
# Odyssey's model (odyssey.md §6.5: 14,371.5 cycles, kernel3_2), the
# same bytes with two threads, the genetic baseline's gap, CSV; the
# 30 convolution designs of data/examples/conv.c (16x8x8x16, 3x3) the
# same way, padding and genetic on them; and the errors.
# test-dse-odyssey holds the searches to brute force.
set -u
cli=$1
examples=$2
mm=$examples/mm.c
k0="-D I=128 -D J=256 -D K=512"

. "$(dirname "$0")/lib.sh"

# two_threads OUT ARGS...: explore ARGS --model odyssey --top 2 --json
# into OUT, and the same bytes with --threads 2.
two_threads()
{
	out=$1
	shift
	"$cli" explore "$@" --model odyssey --top 2 --json -q >"$out" \
		2>"$tmp/err" || fail "explore $*: $(head -n 1 "$tmp/err")"
	"$cli" explore "$@" --model odyssey --top 2 --json -q --threads 2 \
		>"$tmp/two.json" 2>"$tmp/err" ||
		fail "explore $* --threads 2: $(head -n 1 "$tmp/err")"
	cmp -s "$out" "$tmp/two.json" ||
		fail "explore $* --model odyssey: --threads 2 differs"
}

# shellcheck disable=SC2086
two_threads "$tmp/one.json" "$mm" $k0

python3 - "$tmp/one.json" <<'PY' || fail "explore --model odyssey --json: values"
import json, sys
d = json.load(open(sys.argv[1]))
s = d["search"]
b = d["best"]
want0 = {"cycles": 14371.5, "design": "kernel3_2", "dataflow": "i,j",
	"tile_order": "i,j,k",
	"sa_sizes": "{kernel[]->space_time[3];kernel[]->array_part[129,130,16];"
		"kernel[]->latency[3,13];kernel[]->simd[4]}",
	"tiles": {"i": 129, "j": 130, "k": 16},
	"padded": {"i": 129, "j": 260, "k": 512},
	"latency": {"i": 3, "j": 13}, "simd": "k=4",
	"dsp": 8600, "bram18k": 3740}
got = {k: b[0][k] for k in want0}
ok = (got == want0 and len(b) == 2 and b[1]["cycles"] == 14371.5 and
	b[1]["latency"] == {"i": 3, "j": 26} and b[1]["bram18k"] == 2515 and
	d["model"] == "odyssey" and d["method"] == "exact" and
	s["complete"] and s["proven"] and s["points"] == 3658080690 and
	s["evaluated"] + s["pruned"] == s["points"] and
	"gap_percent" not in d)
if not ok:
	print(got, b[1], s)
sys.exit(not ok)
PY

# The genetic baseline on kernel3_2: 15,330 cycles, 6.669 % above.
# shellcheck disable=SC2086
"$cli" explore "$mm" $k0 --model odyssey --method genetic --space i,j \
	--tile-order i,j,k --json -q >"$tmp/ga.json" 2>"$tmp/err" ||
	fail "explore --method genetic: $(head -n 1 "$tmp/err")"
python3 - "$tmp/ga.json" <<'PY' || fail "explore --method genetic: values"
import json, sys
d = json.load(open(sys.argv[1]))
ok = (d["method"] == "genetic" and d["exact_cycles"] == 14371.5 and
	d["best"][0]["cycles"] == 15330 and
	abs(d["gap_percent"] - (15330 - 14371.5) / 14371.5 * 100) < 1e-9 and
	not d["search"]["proven"] and d["search"]["points"] == 203226705)
if not ok:
	print(d)
sys.exit(not ok)
PY

# shellcheck disable=SC2086
"$cli" explore "$mm" -D I=24 -D J=20 -D K=16 --model odyssey \
	--method padding --csv -q >"$tmp/out.csv" 2>"$tmp/err" ||
	fail "explore --method padding --csv: $(head -n 1 "$tmp/err")"
[ "$(cat "$tmp/out.csv")" = 'rank,cycles,design,dataflow,tile_order,tiles,padded,latency,simd,dsp,bram18k,sa_sizes
1,126,kernel4_2,"i,k","i,j,k","24,20,16","24,20,16","1,1",k=8,1920,1520,"{kernel[]->space_time[4];kernel[]->array_part[24,20,16];kernel[]->latency[1,1];kernel[]->simd[8]}"' ] ||
	fail "explore --method padding --csv: $(cat "$tmp/out.csv")"

# Convolution: conv.c's loops o, r, c, i over its 3x3 window, the 30
# designs, 1 and 2 threads the same bytes.
conv=$examples/conv.c
two_threads "$tmp/conv1.json" "$conv"
python3 - "$tmp/conv1.json" <<'PY' || fail "explore conv --model odyssey --json: values"
import json, sys
d = json.load(open(sys.argv[1]))
s = d["search"]
b = d["best"]
want0 = {"cycles": 1475, "design": "kernel8_1", "dataflow": "r,i",
	"tile_order": "o,r,c,i",
	"sa_sizes": "{kernel[]->space_time[8];kernel[]->array_part[16,8,4,16];"
		"kernel[]->latency[16,1,4];kernel[]->simd[1,1,8]}",
	"tiles": {"o": 16, "r": 8, "c": 4, "i": 16},
	"padded": {"o": 16, "r": 8, "c": 8, "i": 16},
	"latency": {"o": 16, "r": 1, "c": 4}, "simd": "i=8",
	"dsp": 640, "bram18k": 544}
got = {k: b[0][k] for k in want0}
ok = (got == want0 and len(b) == 2 and b[1]["cycles"] == 1475 and
	b[1]["design"] == "kernel9_1" and d["kernel"] == "conv" and
	d["window"] == [3, 3] and d["sizes"] == {"o": 16, "r": 8, "c": 8, "i": 16} and
	s["complete"] and s["proven"] and s["points"] == 59140800 and
	s["evaluated"] + s["pruned"] == s["points"])
if not ok:
	print(got, b[1], s)
sys.exit(not ok)
PY

# Padding-based on a smaller layer (-D), as CSV; genetic on one design.
"$cli" explore "$conv" -D O=8 -D I=8 -D R=4 -D C=4 --model odyssey \
	--method padding --csv -q >"$tmp/conv.csv" 2>"$tmp/err" ||
	fail "explore conv --method padding: $(head -n 1 "$tmp/err")"
[ "$(cat "$tmp/conv.csv")" = 'rank,cycles,design,dataflow,tile_order,tiles,padded,latency,simd,dsp,bram18k,sa_sizes
1,450,kernel8_1,"r,i","o,r,c,i","8,4,4,8","8,4,4,8","8,1,4",i=4,160,152,"{kernel[]->space_time[8];kernel[]->array_part[8,4,4,8];kernel[]->latency[8,1,4];kernel[]->simd[1,1,4]}"' ] ||
	fail "explore conv --method padding --csv: $(cat "$tmp/conv.csv")"
"$cli" explore "$conv" --model odyssey --method genetic --space r,i \
	--tile-order o,r,c,i --json -q >"$tmp/cga.json" 2>"$tmp/err" ||
	fail "explore conv --method genetic: $(head -n 1 "$tmp/err")"
python3 - "$tmp/cga.json" <<'PY' || fail "explore conv --method genetic: values"
import json, sys
d = json.load(open(sys.argv[1]))
ok = (d["method"] == "genetic" and d["exact_cycles"] == 1475 and
	d["best"][0]["cycles"] == 1475 and d["gap_percent"] == 0 and
	d["search"]["evaluated"] == 20080 and d["search"]["points"] == 1971360)
if not ok:
	print(d)
sys.exit(not ok)
PY

# expect STATUS FIRST_LINE_OF_STDERR ARGS... (lib.sh's expect_cli)
expect() { expect_cli explore "$@"; }
small="-D I=24 -D J=20 -D K=16"
# shellcheck disable=SC2086
expect 2 "systole-cli: explore: --method padding is Odyssey's search over Odyssey's space: add --model odyssey" \
	"$mm" $small --method padding
# shellcheck disable=SC2086
expect 2 "systole-cli: explore: --model takes systole or odyssey, not 'autosa'" \
	"$mm" $small --model autosa
# shellcheck disable=SC2086
expect 2 "systole-cli: explore: --method takes exact, padding or genetic, not 'random'" \
	"$mm" $small --model odyssey --method random
# shellcheck disable=SC2086
expect 1 "systole-cli: error: explore --model odyssey: --pad is for Systole's space; Odyssey's pads i and j (o, r and c) its own way (every padded size) and its exact search runs to the end" \
	"$mm" $small --model odyssey --pad 2
# shellcheck disable=SC2086
expect 1 "systole-cli: error: explore --model odyssey: no Odyssey dataflow has space loops 'k,i' (it has i; j; k; i,j; i,k; j,k)" \
	"$mm" $small --model odyssey --space k,i
# shellcheck disable=SC2086
expect 1 "systole-cli: error: explore --model odyssey: Odyssey's tile orders are i,k,j, k,j,i and i,j,k, not 'j,i,k'" \
	"$mm" $small --model odyssey --tile-order j,i,k
expect 1 "systole-cli: error: explore --model odyssey: no Odyssey dataflow has space loops 'k,i' (it has o; r; c; i; o,r; o,c; o,i; r,c; r,i; c,i)" \
	"$conv" --model odyssey --space k,i
expect 1 "systole-cli: error: explore --model odyssey: Odyssey's tile orders are i,r,c,o, o,r,c,i and o,i,r,c, not 'r,o,c,i'" \
	"$conv" --model odyssey --tile-order r,o,c,i

[ "$failures" -eq 0 ] || { echo "$failures failures"; exit 1; }
