#!/bin/sh
# run-headers.sh CXX INCLUDE_DIR BUILD_DIR
# Systole's HLS simulation headers (INCLUDE_DIR): test-headers.cpp
# compiled with CXX as C++11 and as C++17, warnings as errors, and run; it
# must exit 0.  Then both headers included from two translation units,
# which must link and share one warnings counter and one stream numbering.
set -u
cxx=$1
inc=$2
src=$(dirname "$0")/test-headers.cpp
tmp=$(mktemp -d "$3/hls-headers.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

for std in c++11 c++17; do
	echo "$cxx -std=$std: test-headers"
	"$cxx" -std=$std -Wall -Wextra -Werror -I "$inc" \
		-o "$tmp/test-$std" "$src" || exit 1
	"$tmp/test-$std" || exit 1
done

cat >"$tmp/one.cpp" <<'EOF'
#include "hls_stream.h"
#include "ap_int.h"

unsigned long read_empty_elsewhere();

int main()
{
	hls::stream<int> a("a");
	a.read();
	unsigned long there = read_empty_elsewhere();
	hls::stream<int> unnamed;
	unnamed.read();
	return there == 2 && hls::sim::warnings() == 3 ? 0 : 1;
}
EOF
cat >"$tmp/two.cpp" <<'EOF'
#include "ap_int.h"
#include "hls_stream.h"

unsigned long read_empty_elsewhere()
{
	hls::stream<ap_uint<64> > s;
	s.read();
	return hls::sim::warnings();
}
EOF
cat >"$tmp/expected" <<'EOF'
WARNING: Hls::stream 'a' is read while empty, which may result in RTL simulation hanging.
WARNING: Hls::stream 'hls::stream.0' is read while empty, which may result in RTL simulation hanging.
WARNING: Hls::stream 'hls::stream.1' is read while empty, which may result in RTL simulation hanging.
EOF
echo "$cxx -std=c++11: two translation units"
"$cxx" -std=c++11 -Wall -Wextra -Werror -I "$inc" -o "$tmp/two-units" \
	"$tmp/one.cpp" "$tmp/two.cpp" || exit 1
if ! "$tmp/two-units" 2>"$tmp/stderr"; then
	echo "two translation units: the warnings counter is not shared"
	exit 1
fi
if ! cmp -s "$tmp/expected" "$tmp/stderr"; then
	echo "two translation units: unexpected stderr"
	diff "$tmp/expected" "$tmp/stderr"
	exit 1
fi
echo "ok two translation units"
exit 0
