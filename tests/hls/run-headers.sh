#!/bin/sh
# run-headers.sh CXX INCLUDE_DIR BUILD_DIR
# Systole's HLS simulation headers (INCLUDE_DIR): test-headers.cpp
# compiled with CXX as C++11 and as C++17, warnings as errors, and run; it
# must exit 0.  Then both headers included from two translation units,
# which must link and share one warnings counter and one stream numbering;
# then ap_int.h's width limit, as Vitis enforces it.
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

# Widths as Vitis limits them: AP_INT_MAX_W (1024 unless defined before
# ap_int.h, at most 4096).  "compiles WANT NAME [PATTERN]": the source on
# stdin must compile (yes, and then run and exit 0) or fail to compile
# with an error line matching PATTERN (no).
compiles()
{
	cat >"$tmp/$2.cpp"
	if "$cxx" -std=c++11 -Wall -Wextra -Werror -I "$inc" \
		-o "$tmp/$2" "$tmp/$2.cpp" >"$tmp/$2.err" 2>&1; then
		if [ "$1" = no ]; then
			echo "$2: compiled, Vitis would refuse it"
			exit 1
		fi
		if ! "$tmp/$2"; then
			echo "$2: wrong value"
			exit 1
		fi
	elif [ "$1" = yes ]; then
		echo "$2: does not compile"
		cat "$tmp/$2.err"
		exit 1
	elif ! grep -q "error.*$3" "$tmp/$2.err"; then
		echo "$2: not the expected error"
		cat "$tmp/$2.err"
		exit 1
	fi
	echo "ok $2"
}
compiles yes width-1024 <<'EOF'
#include "ap_int.h"
int main()
{
	ap_uint<1024> w = 0;
	w[1023] = 1;
	return w.range(1023, 1020).to_uint() == 8 ? 0 : 1;
}
EOF
compiles no width-1025 'AP_INT_MAX_W' <<'EOF'
#include "ap_int.h"
int main()
{
	ap_uint<1025> w = 0;
	return w.to_uint();
}
EOF
compiles yes width-2048 <<'EOF'
#define AP_INT_MAX_W 2048
#include "ap_int.h"
int main()
{
	ap_uint<2048> w = 0;
	w.range(2047, 2016) = 0x80000001u;
	return w[2047] == 1 && w[2016] == 1 && w[2015] == 0 ? 0 : 1;
}
EOF
compiles no width-2049 'AP_INT_MAX_W' <<'EOF'
#define AP_INT_MAX_W 2048
#include "ap_int.h"
int main()
{
	ap_int<2049> w = 0;
	return w.to_int();
}
EOF
compiles no max-4097 'AP_INT_MAX_W must be 1 to 4096' <<'EOF'
#define AP_INT_MAX_W 4097
#include "ap_int.h"
int main()
{
	return 0;
}
EOF
exit 0
