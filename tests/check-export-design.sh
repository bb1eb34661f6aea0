#!/bin/sh
# check-export-design.sh CLI EXAMPLES_DIR
# systole-cli export --design design.json -o DIR from the outside: an
# export's design.json prints the same project (for its device, or the
# one given); the usage errors, a missing or bad file, and a design
# without what the printer needs (compile --emit design's) each with
# its exit status and the exact first line of stderr, nothing on stdout
# and no folder written.  (check-export.sh prints every example's
# project again from its design.json.)
set -u
cli=$1
examples=$2

. "$(dirname "$0")/lib.sh"

# expect STATUS FIRST_LINE_OF_STDERR ARGS...
expect()
{
	want_status=$1
	want_line=$2
	shift 2
	"$cli" export "$@" >"$tmp/out" 2>"$tmp/err"
	status=$?
	line=$(head -n 1 "$tmp/err")
	if [ "$status" -ne "$want_status" ] || [ -s "$tmp/out" ] ||
		[ "$line" != "$want_line" ] || [ -e "$tmp/new" ]; then
		fail "export $*: status $status (expected $want_status), stderr '$line'"
		printf '  expected: %s\n' "$want_line"
	fi
}

if ! "$cli" export "$examples/mm.c" --space i,j --tile i=16,j=16,k=16 -o "$tmp/mm" >/dev/null 2>"$tmp/err"; then
	fail "export of mm.c: $(head -n 1 "$tmp/err")"
	exit 1
fi
json=$tmp/mm/design.json
# The same project, for the device the export named.
if ! "$cli" export --design "$json" -o "$tmp/new" >"$tmp/out" 2>"$tmp/err" ||
	[ "$(cat "$tmp/out")" != "$tmp/new: 13 files for the AMD Alveo U250 (xcu250, VU13P class, 4 SLRs)" ] ||
	! diff -r "$tmp/mm" "$tmp/new" >"$tmp/diff"; then
	fail "export --design of mm's design.json: $(head -n 2 "$tmp/err" "$tmp/diff")"
fi
rm -rf "$tmp/new"
# Another device: only what names it changes.
if ! "$cli" export --design "$json" --device u280 -o "$tmp/new" >"$tmp/out" 2>&1 ||
	[ "$(diff -rq "$tmp/mm" "$tmp/new" | sed 's|.*/new/||; s| differ||' | tr '\n' ' ')" != "Makefile README.md connectivity.cfg design.json hls_config.cfg hls_script.tcl " ]; then
	fail "export --design --device u280: $(diff -rq "$tmp/mm" "$tmp/new" | head -n 6)"
fi
rm -rf "$tmp/new"
# What compile --emit design prints is no project's description.
if ! "$cli" compile "$examples/mm.c" --space i,j --tile i=16,j=16,k=16 --emit design --json >"$tmp/emit.json" 2>"$tmp/err"; then
	fail "compile --emit design: $(head -n 1 "$tmp/err")"
fi
lacks="the HLS backend cannot print this design: it lacks the kernel's interface (\"interface\", which only an export writes); export the kernel itself, or use the design.json of an export"
expect 1 "systole-cli: error: $tmp/emit.json: $lacks" \
	--design "$tmp/emit.json" -o "$tmp/new"
expect 2 "systole-cli: export: --design takes no FILE.c (the design names its kernel)" \
	--design "$json" "$examples/mm.c" -o "$tmp/new"
expect 2 "systole-cli: export: --design takes no --tile (the design has its sizes and options)" \
	--design "$json" --tile i=4 -o "$tmp/new"
expect 2 "systole-cli: export: --design takes no -D (the design has its sizes and options)" \
	--design "$json" -D N=4 -o "$tmp/new"
expect 2 "systole-cli: export: -o DIR names the project folder" \
	--design "$json"
# The folder is checked before the file is read.
expect 4 "systole-cli: error: $tmp/mm exists and is not an empty folder; nothing was written (--force replaces it)" \
	--design "$tmp/absent.json" -o "$tmp/mm"
expect 1 "systole-cli: error: Failed to open file “$tmp/absent.json”: No such file or directory" \
	--design "$tmp/absent.json" -o "$tmp/new"
# A file cut short: JSON-GLib's words for it.
printf '{"kernel": "mm.c", "candidate": 3' >"$tmp/cut.json"
expect 1 "systole-cli: error: $tmp/cut.json: <data>:1:33: Parse error: unexpected number \`3', expected string constant" \
	--design "$tmp/cut.json" -o "$tmp/new"
sed 's/"count" : 256/"count" : 255/' "$json" >"$tmp/count.json"
expect 1 "systole-cli: error: $tmp/count.json: design/pe: \"count\" is 255, not the product of \"dims\", 256" \
	--design "$tmp/count.json" -o "$tmp/new"
sed 's/"to" : "PE"/"to" : "PE_nowhere"/' "$json" >"$tmp/to.json"
expect 1 "systole-cli: error: $tmp/to.json: design/fifos/7: \"to\" is \"PE_nowhere\", which is not in \"modules\"" \
	--design "$tmp/to.json" -o "$tmp/new"
# --force replaces an earlier export only once the design can be
# printed: refused, the old project stays whole.
expect 1 "systole-cli: error: $tmp/emit.json: $lacks" \
	--design "$tmp/emit.json" --force -o "$tmp/mm"
if [ ! -s "$tmp/mm/src/systole_kernel.cpp" ]; then
	fail "a refused --design --force left the old project damaged"
fi

if [ "$failures" -ne 0 ]; then
	echo "$failures check(s) failed"
	exit 1
fi
echo "all checks passed"
exit 0
