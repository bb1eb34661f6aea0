#!/bin/sh
# check-simulate-cli.sh CLI EXAMPLES_DIR
# systole-cli simulate from the outside: mm's 4 x 4 array (test-sim's
# design) as text and as JSON (its members, read by Python's parser),
# the trace's CSV, the events limit (exit 1) and a bad --max-events
# (exit 2).
set -u
cli=$1
examples=$2
mm="$examples/mm.c -D I=8 -D J=8 -D K=8 --space i,j --tile i=4,j=4,k=4"

. "$(dirname "$0")/lib.sh"

# shellcheck disable=SC2086
if ! "$cli" simulate $mm >"$tmp/out" 2>"$tmp/err" || [ -s "$tmp/err" ]; then
	fail "simulate: $(head -n 1 "$tmp/err")"
fi
[ "$(sed -n 1p "$tmp/out")" = "simulated: 256 cycles, no deadlock (2912 events)" ] ||
	fail "simulate: first line '$(sed -n 1p "$tmp/out")'"
[ "$(sed -n 2p "$tmp/out")" = "model: 284 cycles (simulated / model = 0.901)" ] ||
	fail "simulate: second line '$(sed -n 2p "$tmp/out")'"

# shellcheck disable=SC2086
"$cli" simulate $mm --json >"$tmp/json" 2>"$tmp/err" || fail "simulate --json"
python3 - "$tmp/json" <<'PY' || fail "simulate --json: members"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["cycles"] == 256 and d["deadlock"] is False, d["cycles"]
assert d["events"] == 2912 and d["model_cycles"] == 284
pe = [m for m in d["modules"] if m["name"] == "PE_0_0"][0]
assert (pe["busy"], pe["stall"], pe["end"], pe["family"]) == (171, 63, 234, "PE"), pe
f = [f for f in d["fifos"] if f["name"] == "A_IO_L2_in_0->PE_0_0"][0]
assert (f["depth"], f["high_water"], f["words"]) == (2, 2, 32), f
assert len(d["modules"]) == 116 and len(d["fifos"]) == 200
PY

# The trace: a header, an issue line an event, a stall line a wait,
# then the processes' and FIFOs' names by index.
# shellcheck disable=SC2086
"$cli" simulate $mm --trace "$tmp/trace.csv" >/dev/null 2>"$tmp/err" ||
	fail "simulate --trace"
[ "$(head -n 1 "$tmp/trace.csv")" = "cycle,process,event,step,iteration_or_since,fifo" ] ||
	fail "trace: header"
[ "$(grep -c ',issue,' "$tmp/trace.csv")" -eq 2912 ] || fail "trace: issues"
grep -q '^# process 0 C_IO_L3_in_0$' "$tmp/trace.csv" || fail "trace: names"
grep -q '^# fifo 0 C_IO_L3_in_0->C_IO_L2_in_0$' "$tmp/trace.csv" ||
	fail "trace: FIFO names"

# shellcheck disable=SC2086
expect_cli simulate 1 "systole-cli: error: simulate: the design takes about 2384 events, over the limit of 100; simulate smaller sizes (fewer tiles or a smaller problem)" $mm --max-events 100
# shellcheck disable=SC2086
expect_cli simulate 2 "systole-cli: simulate: --max-events: expected a whole number from 1 to 9223372036854775807, not 'x'" $mm --max-events x

[ "$failures" -eq 0 ]
