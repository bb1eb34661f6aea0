#!/bin/sh
# check-explore-odyssey.sh CLI EXAMPLES_DIR
# systole-cli explore --model odyssey from the outside: Odyssey's 18
# matrix-multiply designs of K0 (128x256x512) searched exactly with
# Odyssey's model (odyssey.md §6.5: 14,371.5 cycles, kernel3_2), the
# same bytes with two threads, the genetic baseline's gap, CSV, and the
# errors.  test-dse-odyssey holds the search to brute force.
set -u
cli=$1
examples=$2
mm=$examples/mm.c
k0="-D I=128 -D J=256 -D K=512"

. "$(dirname "$0")/lib.sh"

# shellcheck disable=SC2086
"$cli" explore "$mm" $k0 --model odyssey --top 2 --json -q \
	>"$tmp/one.json" 2>"$tmp/err" || fail "explore: $(head -n 1 "$tmp/err")"
# shellcheck disable=SC2086
"$cli" explore "$mm" $k0 --model odyssey --top 2 --json -q --threads 2 \
	>"$tmp/two.json" 2>"$tmp/err" || fail "explore --threads 2: $(head -n 1 "$tmp/err")"
cmp -s "$tmp/one.json" "$tmp/two.json" || fail "explore --model odyssey: --threads 2 differs"

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
expect 1 "systole-cli: error: explore --model odyssey: --pad is for Systole's space; Odyssey's pads i and j its own way (every padded size) and its exact search runs to the end" \
	"$mm" $small --model odyssey --pad 2
# shellcheck disable=SC2086
expect 1 "systole-cli: error: explore --model odyssey: no Odyssey dataflow has space loops 'k,i' (it has i; j; k; i,j; i,k; j,k)" \
	"$mm" $small --model odyssey --space k,i
# shellcheck disable=SC2086
expect 1 "systole-cli: error: explore --model odyssey: Odyssey's tile orders are i,k,j, k,j,i and i,j,k, not 'j,i,k'" \
	"$mm" $small --model odyssey --tile-order j,i,k
expect 1 "systole-cli: error: explore --model odyssey searches Odyssey's matrix-multiply designs (a band of three loops i, j, k, C[i][j] += A[i][k] * B[k][j]); this kernel's band has 4 loops (Odyssey's convolution designs are estimated, not searched: estimate --model odyssey)" \
	"$examples/conv.c" --model odyssey

[ "$failures" -eq 0 ] || { echo "$failures failures"; exit 1; }
