#!/bin/sh
# check-render.sh CLI EXAMPLES_DIR
# systole-cli render from the outside (issue 15, pictures): matrix
# multiply's 4 x 4 array on the U250 drawn as SVG (well-formed, read by
# Python's parser; its caption the estimate's own figures; the module
# names with --labels and not without), PNG (exactly scale pixels a
# point, the dark theme's background), PDF (a page per view, the Pareto
# page from explore --json's output); the same bytes twice; an output
# never replaced without --force, nothing left behind; the errors, with
# their exit statuses.
set -u
cli=$1
examples=$2
mm=$examples/mm.c
sizes="--space i,j --tile i=16,j=16,k=16 --latency i=4,j=4 --simd k=2"

. "$(dirname "$0")/lib.sh"

# render ARGS...: succeeds, nothing on stderr; stdout in $tmp/out.
render()
{
	# shellcheck disable=SC2086
	if ! "$cli" render "$mm" $sizes "$@" >"$tmp/out" 2>"$tmp/err" ||
		[ -s "$tmp/err" ]; then
		fail "render $*: $(head -n 1 "$tmp/err")"
		return 1
	fi
}

# Usage errors: 2, nothing written.
# shellcheck disable=SC2086
{
	expect_cli render 2 "systole-cli: render: -o FILE.svg, FILE.pdf or FILE.png names the picture" "$mm" $sizes
	expect_cli render 2 "systole-cli: render: $tmp/a.gif: a picture is .svg, .pdf or .png (its name's extension chooses)" "$mm" $sizes -o "$tmp/a.gif"
	expect_cli render 2 "systole-cli: render: $tmp/a: a picture is .svg, .pdf or .png (its name's extension chooses)" "$mm" $sizes -o "$tmp/a"
	expect_cli render 2 "systole-cli: render: --view takes array, network, deps, pareto or all (several with commas: array,network), not 'pes'" "$mm" $sizes --view pes -o "$tmp/a.svg"
	expect_cli render 2 "systole-cli: render: 2 views make 2 pages: only a .pdf holds several (one view for .svg and .png)" "$mm" $sizes --view array,deps -o "$tmp/a.png"
	expect_cli render 2 "systole-cli: render: 3 views make 3 pages: only a .pdf holds several (one view for .svg and .png)" "$mm" $sizes --view all -o "$tmp/a.svg"
	expect_cli render 2 "systole-cli: render: --scale: expected a whole number from 1 to 16, not '0'" "$mm" $sizes --scale 0 -o "$tmp/a.png"
	expect_cli render 2 "systole-cli: render: --theme takes light or dark, not 'blue'" "$mm" $sizes --theme blue -o "$tmp/a.png"
	expect_cli render 2 "systole-cli: render: no input file" $sizes -o "$tmp/a.png"
	expect_cli render 2 "systole-cli: render: no input file" --view pareto -o "$tmp/a.png"
}
# Input errors: 1.
expect_cli render 1 "systole-cli: error: --space: 'q' is not a loop of the outermost permutable band (i, j, k)" \
	"$mm" --space q -o "$tmp/a.svg"
echo '{"best": 3}' >"$tmp/bad.json"
expect_cli render 1 "$tmp/bad.json: error: not systole-cli explore --json's output: no \"best\" array" \
	--view pareto --from "$tmp/bad.json" -o "$tmp/a.svg"
printf '{"best": [\n  {"cycles": }\n' >"$tmp/bad.json"
expect_cli render 1 "$tmp/bad.json:2:14: error: unexpected character \`}', expected character \`}'" \
	--view pareto --from "$tmp/bad.json" -o "$tmp/a.svg"
echo '{"best": [{"cycles": 1, "dsp": "x", "bram18k": 2}]}' >"$tmp/bad.json"
expect_cli render 1 "$tmp/bad.json: error: not systole-cli explore --json's output: a design without a number 'cycles', 'dsp' and 'bram18k'" \
	--view pareto --from "$tmp/bad.json" -o "$tmp/a.svg"
[ -z "$(ls -A "$tmp" | grep -v '^bad.json$' | grep -v '^out$' | grep -v '^err$')" ] ||
	fail "render: errors left files: $(ls -A "$tmp")"

# The estimate the caption must quote, as explore prints counts.
# shellcheck disable=SC2086
"$cli" estimate "$mm" $sizes --json >"$tmp/estimate.json" ||
	fail "estimate: $sizes"

# SVG: well-formed; the caption in its title and description.
render --view array -o "$tmp/array.svg" &&
	[ "$(cat "$tmp/out")" = "$tmp/array.svg: array $(python3 -c '
import sys, xml.etree.ElementTree as ET
r = ET.parse(sys.argv[1]).getroot()
print(r.get("width")[:-2] + " x " + r.get("height")[:-2] + " pt")' "$tmp/array.svg")" ] ||
	fail "render array.svg: $(cat "$tmp/out")"
python3 - "$tmp/array.svg" "$tmp/estimate.json" <<'PY' || fail "render array.svg: its caption"
import json, sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
e = json.load(open(sys.argv[2]))
r = e["resources"]
title = root.find(ns + "title").text
desc = root.find(ns + "desc").text
assert title == "mm.c: dataflow [i, j]: 4 \u00d7 4 PEs", title
want = ("mm.c: dataflow [i, j]: 4 \u00d7 4 PEs\n"
        "Sizes: order i,j,k; tiles i=16,j=16,k=16; latency i=4,j=4; simd k=2\n"
        "AMD Alveo U250 (xcu250, VU13P class, 4 SLRs) at %d MHz: "
        "{:,} cycles (%.3g \u00b5s); DSP {:,}, BRAM18K {:,}, LUT {:,}, FF {:,}"
        % (e["mhz"], e["seconds"] * 1e6)).format(
    e["cycles"], r["dsp"], r["bram18k"], r["lut"], r["ff"])
assert desc == want, (desc, want)
assert "Modules named" not in desc
PY

# Module names: drawn with --labels on the network, listed; without,
# none of them anywhere in the file.
render --view network --labels -o "$tmp/names.svg"
render --view network -o "$tmp/plain.svg"
python3 - "$tmp/names.svg" <<'PY' || fail "render --labels: the names"
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
desc = ET.parse(sys.argv[1]).getroot().find(ns + "desc").text
last = desc.split("\n")[-1]
want = ("Modules named on the picture: C_IO_L3_in C_IO_L2_in A_IO_L3_in "
        "A_IO_L2_in A_PE_dummy_in B_IO_L3_in B_IO_L2_in B_PE_dummy_in "
        "C_drain_IO_L3_out C_drain_IO_L2_out")
assert last == want, last
PY
grep -q A_IO_L2_in "$tmp/plain.svg" && fail "render without --labels: names in it"
cmp -s "$tmp/names.svg" "$tmp/plain.svg" && fail "render --labels: no difference"

# PNG: exactly scale pixels a point, the SVG's size in points.
png_size()
{
	python3 -c '
import struct, sys
d = open(sys.argv[1], "rb").read(24)
assert d[:8] == b"\x89PNG\r\n\x1a\n"
print("%d x %d" % struct.unpack(">II", d[16:24]))' "$1"
}
svg_size()
{
	python3 -c '
import sys, xml.etree.ElementTree as ET
r = ET.parse(sys.argv[1]).getroot()
print("%s %s" % (r.get("width")[:-2], r.get("height")[:-2]))' "$1"
}
render --view network --labels -o "$tmp/one.png"
render --view network --labels --scale 3 -o "$tmp/three.png"
set -- $(svg_size "$tmp/names.svg")
[ "$(png_size "$tmp/one.png")" = "$1 x $2" ] ||
	fail "render --scale 1: $(png_size "$tmp/one.png"), not $1 x $2"
[ "$(png_size "$tmp/three.png")" = "$(($1 * 3)) x $(($2 * 3))" ] ||
	fail "render --scale 3: $(png_size "$tmp/three.png"), not 3 x ($1 x $2)"
render --view deps --scale 2 -o "$tmp/deps.png"
case $(png_size "$tmp/deps.png") in
"1920 x "*) ;;
*) fail "render --view deps --scale 2: $(png_size "$tmp/deps.png"), not 1920 wide" ;;
esac
# The theme: the first pixel is the background's.
render --theme dark -o "$tmp/dark.png"
render -o "$tmp/light.png"
first_pixel()
{
	python3 -c '
import struct, sys, zlib
d = open(sys.argv[1], "rb").read()
i, idat = 8, b""
while i < len(d):
    n, = struct.unpack(">I", d[i:i + 4])
    if d[i + 4:i + 8] == b"IDAT":
        idat += d[i + 8:i + 8 + n]
    i += 12 + n
raw = zlib.decompress(idat)
# Every filter leaves the first pixel of the first row as it is.
print("%d %d %d" % tuple(raw[1:4]))' "$1"
}
[ "$(first_pixel "$tmp/dark.png")" = "35 35 38" ] ||
	fail "render --theme dark: background $(first_pixel "$tmp/dark.png")"
[ "$(first_pixel "$tmp/light.png")" = "255 255 255" ] ||
	fail "render: background $(first_pixel "$tmp/light.png")"

# PDF: a page per view; the Pareto page from explore --json's output
# (a design in both lists drawn once).
pdf_pages()
{
	python3 -c '
import re, sys
print(len(re.findall(rb"/Type /Page[^s]", open(sys.argv[1], "rb").read())))' "$1"
}
cat >"$tmp/results.json" <<'JSON'
{"device": "u250", "budget": 0.7,
 "budget_per_resource": {"dsp": 0.7, "bram18k": 0.7, "uram": 0.7, "lut": 0.7, "ff": 0.7},
 "best": [{"cycles": 78, "dsp": 40, "bram18k": 8, "sa_sizes": "a"}],
 "pareto": [{"cycles": 78, "dsp": 40, "bram18k": 8, "sa_sizes": "a"},
            {"cycles": 79, "dsp": 5, "bram18k": 8, "sa_sizes": "b"},
            {"cycles": 90, "dsp": 2, "bram18k": 4, "sa_sizes": "c"}]}
JSON
render --view all -o "$tmp/all.pdf" &&
	[ "$(pdf_pages "$tmp/all.pdf")" = 3 ] ||
	fail "render --view all: $(pdf_pages "$tmp/all.pdf") pages, not 3"
render --view all --from "$tmp/results.json" -o "$tmp/four.pdf" &&
	[ "$(pdf_pages "$tmp/four.pdf")" = 4 ] ||
	fail "render --view all --from: $(pdf_pages "$tmp/four.pdf") pages, not 4"
"$cli" render --view pareto --from "$tmp/results.json" -o "$tmp/pareto.svg" \
	>"$tmp/out" 2>"$tmp/err" || fail "render --view pareto --from: $(cat "$tmp/err")"
python3 - "$tmp/pareto.svg" <<'PY' || fail "render --view pareto: its caption"
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
desc = ET.parse(sys.argv[1]).getroot().find(ns + "desc").text
want = ("Pareto plot, 3 designs from results.json on the AMD Alveo U250 "
        "(xcu250, VU13P class, 4 SLRs): latency against DSP slices, "
        "colour BRAM18K\nThe best (ringed): 78 cycles, DSP 40, BRAM18K 8")
assert desc == want, desc
PY

# The same bytes twice.
render --view all -o "$tmp/again.pdf" && cmp -s "$tmp/all.pdf" "$tmp/again.pdf" ||
	fail "render: two PDFs differ"
render --view network --labels -o "$tmp/again.svg" &&
	cmp -s "$tmp/names.svg" "$tmp/again.svg" || fail "render: two SVGs differ"
render --view network --labels -o "$tmp/again.png" &&
	cmp -s "$tmp/one.png" "$tmp/again.png" || fail "render: two PNGs differ"

# Never over a file without --force; with it, replaced; nothing left.
cp "$tmp/array.svg" "$tmp/keep.svg"
# shellcheck disable=SC2086
expect_cli render 4 "systole-cli: $tmp/array.svg exists; nothing was written (--force replaces it)" \
	"$mm" $sizes --view deps -o "$tmp/array.svg"
cmp -s "$tmp/array.svg" "$tmp/keep.svg" || fail "render: replaced without --force"
render --view deps --force -o "$tmp/array.svg"
cmp -s "$tmp/array.svg" "$tmp/keep.svg" && fail "render --force: not replaced"
mkdir "$tmp/folder.png"
# shellcheck disable=SC2086
expect_cli render 4 "systole-cli: error: $tmp/folder.png is not a regular file; remove it yourself or choose another name" \
	"$mm" $sizes --force -o "$tmp/folder.png"
leftovers=$(find "$tmp" -name '.*tmp*')
[ -z "$leftovers" ] || fail "render: left $leftovers"

[ "$failures" -eq 0 ] || exit 1
