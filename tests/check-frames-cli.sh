#!/bin/sh
# check-frames-cli.sh CLI EXAMPLES_DIR
# systole-cli simulate --frames: mm's 4 x 4 array (test-timeline's run,
# 256 cycles) drawn every 16 cycles: 17 numbered PNGs of 708 x 831
# pixels and an animated SVG, the same bytes on a second run, never
# over existing frames without --force, the options that go with it
# refused alone, and the events limit.
set -u
cli=$1
examples=$2
mm="$examples/mm.c -D I=8 -D J=8 -D K=8 --space i,j --tile i=4,j=4,k=4"

. "$(dirname "$0")/lib.sh"

# shellcheck disable=SC2086
"$cli" simulate $mm --frames "$tmp/a" --frame-step 16 >"$tmp/out" 2>"$tmp/err" ||
	fail "simulate --frames: $(head -n 1 "$tmp/err")"
[ "$(cat "$tmp/out")" = "$tmp/a: 17 frames (frame-0000.png to frame-0016.png, animation.svg), cycles 0 to 256 every 16, 708 x 831 pixels" ] ||
	fail "simulate --frames: said '$(cat "$tmp/out")'"
[ "$(find "$tmp/a" -name 'frame-*.png' | wc -l)" -eq 17 ] ||
	fail "simulate --frames: $(find "$tmp/a" -name 'frame-*.png' | wc -l) files"
[ -f "$tmp/a/frame-0016.png" ] || fail "simulate --frames: no frame-0016.png"
python3 - "$tmp/a/frame-0008.png" <<'PY' || fail "simulate --frames: PNG size"
import struct, sys
d = open(sys.argv[1], "rb").read(24)
assert d[:8] == b"\x89PNG\r\n\x1a\n", d[:8]
assert struct.unpack(">II", d[16:24]) == (708, 831), struct.unpack(">II", d[16:24])
PY
# The animated SVG: well formed, an <animate> per PE's fill (16) and
# the time bar's, each 17 frames of 0.1 s; PE 0,0 stalled first (it
# waits for its first words).
python3 - "$tmp/a/animation.svg" <<'PY' || fail "simulate --frames: animation.svg"
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
anims = root.findall(".//" + ns + "animate")
assert len(anims) == 17, len(anims)
fills = [a for a in anims if a.get("attributeName") == "fill"]
assert len(fills) == 16 and all(a.get("dur") == "1.700s" for a in anims)
assert fills[0].get("values").startswith("url(#sy-stall);"), fills[0].get("values")
assert fills[0].get("keyTimes").startswith("0.00000;"), fills[0].get("keyTimes")
PY
# Frames differ as the run goes: the first (all waiting) and the 8th.
cmp -s "$tmp/a/frame-0000.png" "$tmp/a/frame-0008.png" &&
	fail "simulate --frames: frames 0 and 8 alike"

# The same bytes again.
# shellcheck disable=SC2086
"$cli" simulate $mm --frames "$tmp/b" --frame-step 16 >/dev/null 2>&1 ||
	fail "simulate --frames: second run"
for f in "$tmp"/a/*.png "$tmp/a/animation.svg"; do
	cmp -s "$f" "$tmp/b/$(basename "$f")" ||
		fail "simulate --frames: $(basename "$f") differs between runs"
done

# Not over existing frames without --force; with it, the same bytes.
# shellcheck disable=SC2086
expect_cli simulate 4 "systole-cli: error: $tmp/a/frame-0000.png exists; nothing was written (--force replaces it)" $mm --frames "$tmp/a" --frame-step 16
# shellcheck disable=SC2086
"$cli" simulate $mm --frames "$tmp/a" --frame-step 16 --force >/dev/null 2>&1 ||
	fail "simulate --frames --force"
cmp -s "$tmp/a/frame-0003.png" "$tmp/b/frame-0003.png" ||
	fail "simulate --frames --force: other bytes"

# shellcheck disable=SC2086
expect_cli simulate 2 "systole-cli: simulate: --frame-step and --force go with --frames DIR" $mm --frame-step 2
# shellcheck disable=SC2086
expect_cli simulate 2 "systole-cli: simulate: --frames draws the run; --trace and --json print it: one at a time" $mm --frames "$tmp/c" --json
# shellcheck disable=SC2086
expect_cli simulate 1 "systole-cli: error: simulate: the design takes about 2384 events, over the limit of 1000; simulate smaller sizes (fewer tiles or a smaller problem)" $mm --frames "$tmp/c" --max-events 1000
[ "$failures" -eq 0 ]
