#!/bin/sh
# check-merge.sh CLI EXAMPLES_DIR
# systole-cli explore --shard I/N and systole-cli merge: matrix multiply
# 4x2x2 on [i,j] in order i,j,k (54 points) with its Pareto front, split
# in 3 parts run side by side by xargs -P (GNU parallel does the same),
# merged (part 1 on two threads): the same bytes as one run for the
# best designs and the front (JSON and CSV), the counters summed; merge's errors; --budget's and
# --objective's; Ctrl-C (SIGINT) printing the best found, complete
# false, status 130.
set -u
cli=$1
examples=$2
mm=$examples/mm.c
small="-D I=4 -D J=2 -D K=2"
args="--space i,j --tile-order i,j,k --top 2 --pareto -q"

. "$(dirname "$0")/lib.sh"

# shellcheck disable=SC2086
"$cli" explore "$mm" $small $args --json >"$tmp/one.json" 2>"$tmp/err" ||
	fail "explore: $(head -n 1 "$tmp/err")"
# shellcheck disable=SC2086
"$cli" explore "$mm" $small $args --csv >"$tmp/one.csv" 2>"$tmp/err" ||
	fail "explore --csv: $(head -n 1 "$tmp/err")"
export cli mm small args tmp
# shellcheck disable=SC2016
# Part 1 on two threads: the same front and best.
printf '%s\n' 0 1 2 | xargs -P 3 -I I sh -c \
	'"$cli" explore "$mm" $small $args --json --shard I/3 --threads $((I % 2 + 1)) >"$tmp/part-I.json"' ||
	fail "explore --shard: a part failed"
"$cli" merge "$tmp/part-0.json" "$tmp/part-2.json" "$tmp/part-1.json" --json \
	>"$tmp/merged.json" 2>"$tmp/err" || fail "merge: $(head -n 1 "$tmp/err")"
"$cli" merge "$tmp"/part-*.json --csv >"$tmp/merged.csv" 2>"$tmp/err" ||
	fail "merge --csv: $(head -n 1 "$tmp/err")"
sed -n '/"best"/,$p' "$tmp/one.json" >"$tmp/one.tail"
sed -n '/"best"/,$p' "$tmp/merged.json" >"$tmp/merged.tail"
[ -s "$tmp/one.tail" ] && cmp -s "$tmp/one.tail" "$tmp/merged.tail" ||
	fail "merge --json: best and pareto differ from one run's"
cmp -s "$tmp/one.csv" "$tmp/merged.csv" || fail "merge --csv: differs from one run's"

python3 - "$tmp/one.json" "$tmp/merged.json" "$tmp"/part-?.json <<'PY' || fail "merge: values"
import json, sys
one, merged = (json.load(open(p)) for p in sys.argv[1:3])
parts = [json.load(open(p)) for p in sys.argv[3:]]
s = one["search"]
front = [(d["cycles"], d["dsp"], d["bram18k"]) for d in one["pareto"]]
sums = {k: sum(p["search"][k] for p in parts) for k in ("points", "classes", "evaluated")}
ok = (s["points"] == 54 and s["complete"] and
	[p["shard"]["index"] for p in parts] == [0, 1, 2] and
	[p["search"]["classes"] for p in parts] == [18, 18, 18] and
	sums["points"] == 54 and sums["classes"] == s["classes"] and
	all(merged["search"][k] == v for k, v in sums.items()) and
	"shard" not in merged and
	[d["cycles"] for d in one["best"]] == [78, 78] and
	front == [(78, 20, 8), (79, 5, 8), (90, 10, 6), (104, 5, 6),
		(112, 10, 4), (156, 5, 4)])
if not ok:
	print(s, front, sums, [p["search"] for p in parts])
sys.exit(not ok)
PY

# shellcheck disable=SC2086
"$cli" explore "$mm" $small --space i,j --tile-order i,j,k --top 1 --pareto -q --json \
	--shard 1/3 >"$tmp/other.json" 2>/dev/null
expect_cli merge 1 "systole-cli: error: merge: part 1/3 is missing: each of 0 to 2 once" \
	"$tmp/part-0.json" "$tmp/part-2.json"
expect_cli merge 1 "systole-cli: error: merge: part 2/3 given twice ($tmp/part-2.json and $tmp/part-2.json)" \
	"$tmp/part-0.json" "$tmp/part-2.json" "$tmp/part-2.json"
expect_cli merge 1 "systole-cli: error: merge: $tmp/one.json: not a part (no \"shard\" member): run systole-cli explore --shard I/N --json" \
	"$tmp/one.json"
line="systole-cli: error: merge: $tmp/part-0.json and $tmp/other.json are parts of different searches: their options differ"
"$cli" merge "$tmp/part-0.json" "$tmp/other.json" "$tmp/part-2.json" >/dev/null 2>"$tmp/err"
case $(head -n 1 "$tmp/err") in
"$line"*) ;;
*) fail "merge of different searches: $(head -n 1 "$tmp/err")" ;;
esac
expect_cli merge 2 "systole-cli: merge: no part given (PART.json...)"
# shellcheck disable=SC2086
expect_cli explore 2 "systole-cli: explore: --budget dsp=2: expected a fraction above 0 and at most 1" \
	"$mm" $small --budget dsp=2
# shellcheck disable=SC2086
expect_cli explore 2 "systole-cli: explore: --budget: 'bramm' is not RESOURCE=FRACTION of a resource; the resources are dsp, bram (bram18k), uram, lut, ff (dsp=0.8,bram=0.6)" \
	"$mm" $small --budget dsp=0.5,bramm=0.5
# shellcheck disable=SC2086
expect_cli explore 2 "systole-cli: explore: --objective speed: expected latency, throughput-per-dsp, traffic or mix:W1,W2,W3 (weights of latency, DSPs and traffic, as mix:1,0.5,0)" \
	"$mm" $small --objective speed
# shellcheck disable=SC2086
expect_cli explore 2 "systole-cli: explore: --objective mix:1,2: mix takes three weights W1,W2,W3 >= 0, not all 0, of latency, DSPs and traffic (mix:1,0.5,0)" \
	"$mm" $small --objective mix:1,2
# shellcheck disable=SC2086
expect_cli explore 2 "systole-cli: explore: --shard 3/3: expected I/N, part I of N from 0 to N - 1, N from 1 to 10000 (--shard 0/4)" \
	"$mm" $small --shard 3/3

# Ctrl-C: the best found so far, complete false, status 130.
"$cli" explore "$mm" -D I=16 -D J=16 -D K=16 --space i,j --json -q \
	>"$tmp/int.json" 2>"$tmp/err" &
pid=$!
sleep 3
kill -INT "$pid"
wait "$pid"
status=$?
[ "$status" -eq 130 ] || fail "explore after SIGINT: status $status, not 130: $(head -n 1 "$tmp/err")"
python3 -c 'import json,sys; d = json.load(open(sys.argv[1])); sys.exit(d["search"]["complete"] is not False or not d["best"])' \
	"$tmp/int.json" || fail "explore after SIGINT: not complete: false with the best found"

[ "$failures" -eq 0 ] || { echo "$failures failures"; exit 1; }
