#!/bin/sh
# check-explore.sh CLI EXAMPLES_DIR
# systole-cli explore from the outside: matrix multiply 4x2x2 on [i,j],
# the proven optimum (the search's equal to brute force is test-dse's)
# with exact JSON values read by Python's parser, the same bytes with
# two threads, CSV, the export command of the best design giving the
# same cycles through systole-cli estimate, and the errors.
set -u
cli=$1
examples=$2
mm=$examples/mm.c
small="-D I=4 -D J=2 -D K=2"

. "$(dirname "$0")/lib.sh"

# shellcheck disable=SC2086
"$cli" explore "$mm" $small --space i,j --top 2 --json -q \
	>"$tmp/one.json" 2>"$tmp/err" || fail "explore: $(head -n 1 "$tmp/err")"
# shellcheck disable=SC2086
"$cli" explore "$mm" $small --space i,j --top 2 --json -q --threads 2 \
	>"$tmp/two.json" 2>"$tmp/err" || fail "explore --threads 2: $(head -n 1 "$tmp/err")"
cmp -s "$tmp/one.json" "$tmp/two.json" || fail "explore: --threads 2 differs"

python3 - "$tmp/one.json" <<'PY' || fail "explore --json: values"
import json, sys
d = json.load(open(sys.argv[1]))
s = d["search"]
b = d["best"]
want0 = {"cycles": 78, "dataflow": "i,j", "tile_order": "i,j,k",
	"sa_sizes": "{kernel[]->space_time[3];kernel[]->array_part[4,2,2];"
		"kernel[]->latency[1,2];kernel[]->simd[1]}",
	"tiles": {"i": 4, "j": 2, "k": 2}, "padded": {"i": 4, "j": 2, "k": 2},
	"latency": {"i": 1, "j": 2, "k": 1}, "simd": "",
	"dsp": 20, "bram18k": 8, "uram": 0, "lut": 11210, "ff": 16834,
	"flags": "--space i,j --latency j=2"}
got = {k: b[0][k] for k in want0}
ok = (got == want0 and len(b) == 2 and b[1]["cycles"] == 78 and
	b[1]["simd"] == "k=2" and s["complete"] and s["points"] == 162 and
	b[0]["export"].endswith("--space i,j --latency j=2 --device u250 "
		"-o project"))
if not ok:
	print(got, b[1]["simd"], s)
sys.exit(not ok)
PY

# The best design, estimated with its flags: the same cycles.
# shellcheck disable=SC2086
"$cli" estimate "$mm" $small --space i,j --latency j=2 --json \
	>"$tmp/est.json" 2>"$tmp/err" || fail "estimate: $(head -n 1 "$tmp/err")"
python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1]))["cycles"] != 78)' \
	"$tmp/est.json" || fail "estimate of the best design: not 78 cycles"

# shellcheck disable=SC2086
"$cli" explore "$mm" $small --space i,j --tile-order k,i,j --csv -q \
	>"$tmp/out.csv" 2>"$tmp/err" || fail "explore --csv: $(head -n 1 "$tmp/err")"
[ "$(head -n 1 "$tmp/out.csv")" = "rank,cycles,dataflow,tile_order,tiles,padded,latency,simd,dsp,bram18k,uram,lut,ff,sa_sizes,export,score,set" ] ||
	fail "explore --csv: header"
[ "$(wc -l <"$tmp/out.csv")" -eq 2 ] || fail "explore --csv: one design"

# expect STATUS FIRST_LINE_OF_STDERR ARGS... (lib.sh's expect_cli)
expect() { expect_cli explore "$@"; }
# shellcheck disable=SC2086
expect 1 "systole-cli: error: --tile-order j,i,k is not a tile order of this dataflow; its orders are i,j,k; i,k,j; k,i,j" \
	"$mm" $small --space i,j --tile-order j,i,k -q
# shellcheck disable=SC2086
expect 2 "systole-cli: explore: --json or --csv, not both" \
	"$mm" $small --json --csv
expect 2 "systole-cli: explore: no input file"

[ "$failures" -eq 0 ] || { echo "$failures failures"; exit 1; }
