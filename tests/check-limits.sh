#!/bin/sh
# check-limits.sh CLI EXAMPLES_DIR
# The bounds on the work of systole-cli, from the outside: analyze,
# compile and export under small --max-operations limits either work or
# fail with exit status 5 and the too-complex message, each within 20
# seconds (never a crash, never a loop that spins once isl has failed);
# --max-operations values checked; /dev/zero refused at 16 MiB.
set -u
cli=$1
examples=$2

. "$(dirname "$0")/lib.sh"

# run FILE LIMIT COMMAND ARGS...: 0 or 5, and then the exact message.
run()
{
	file=$1
	limit=$2
	shift 2
	timeout 20 "$cli" "$@" --max-operations "$limit" >"$tmp/out" \
		2>"$tmp/err"
	status=$?
	case $status in
	0) ;;
	5)
		line=$(head -n 1 "$tmp/err")
		case $line in
		"$file: error: the analysis is too complex: it needs more than $limit isl operations (in "*"); raise the limit with --max-operations (0: no limit)") ;;
		*) fail "$* --max-operations $limit: $line" ;;
		esac
		if [ -s "$tmp/out" ]; then
			fail "$* --max-operations $limit: output on stdout"
		fi
		;;
	124) fail "$* --max-operations $limit: still running after 20 s" ;;
	*) fail "$* --max-operations $limit: exit status $status"
		head -n 3 "$tmp/err" ;;
	esac
}

mm=$examples/mm.c
conv=$examples/conv.c
for limit in 1000 3000 10000 30000 100000 300000; do
	run "$mm" $limit analyze "$mm"
	run "$conv" $limit analyze "$conv"
	run "$mm" $limit compile "$mm" --space i,j --tile i=16,j=16,k=16 \
		--emit check
	run "$conv" $limit compile "$conv" --space o,c --tile o=5,c=3,r=8 \
		--emit design
	run "$mm" $limit export "$mm" --space i,j --tile i=16,j=16,k=16 \
		--force -o "$tmp/mm"
	run "$mm" $limit export "$mm" --space i,j --tile i=16,j=16,k=16 \
		--latency i=8,j=8 --simd k=2 --force -o "$tmp/mm-simd"
	run "$conv" $limit export "$conv" --space i --tile o=4,r=4,c=4 \
		--force -o "$tmp/conv"
done

# Densely through the HLS project's stages (its modules' code runs out
# between 60000 and 90000 here): under ASan a leak at any of these
# points fails (an annotation isl could not take once kept its code).
for limit in $(seq 56000 2000 100000); do
	run "$mm" $limit export "$mm" --space i,j --tile i=16,j=16,k=16 \
		--latency i=8,j=8 --simd k=2 --force -o "$tmp/mm-simd"
done

# The limit that stops the analysis of mm.c in its first stage, exactly.
"$cli" analyze "$mm" --max-operations 1000 >"$tmp/out" 2>"$tmp/err"
status=$?
want="$mm: error: the analysis is too complex: it needs more than 1000 isl operations (in the polyhedral model); raise the limit with --max-operations (0: no limit)"
[ $status -eq 5 ] || fail "analyze --max-operations 1000: exit status $status"
[ "$(cat "$tmp/err")" = "$want" ] || fail "analyze --max-operations 1000: $(cat "$tmp/err")"

# --emit design builds the modules' code in a stage of its own, under
# the same limit (the I/O network before it takes under 80000 here).
"$cli" compile "$conv" --space o,c --tile o=5,c=3,r=8 --emit design \
	--max-operations 100000 >"$tmp/out" 2>"$tmp/err"
status=$?
want="$conv: error: the analysis is too complex: it needs more than 100000 isl operations (in the modules' code); raise the limit with --max-operations (0: no limit)"
[ $status -eq 5 ] || fail "--emit design --max-operations 100000: exit status $status"
[ "$(cat "$tmp/err")" = "$want" ] || fail "--emit design --max-operations 100000: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && fail "--emit design --max-operations 100000 printed a descriptor"

# 0 is no limit; the value is a whole number.
"$cli" analyze "$mm" --max-operations 0 >/dev/null 2>&1 ||
	fail "analyze --max-operations 0 failed"
"$cli" analyze "$mm" --max-operations -1 >/dev/null 2>"$tmp/err"
status=$?
want="systole-cli: --max-operations: expected a whole number from 0 to 9223372036854775807, not '-1'"
[ $status -eq 2 ] || fail "--max-operations -1: exit status $status"
[ "$(head -n 1 "$tmp/err")" = "$want" ] ||
	fail "--max-operations -1: $(head -n 1 "$tmp/err")"

# An input that never ends stops at the size limit.
timeout 20 "$cli" analyze /dev/zero >"$tmp/out" 2>"$tmp/err"
status=$?
want="/dev/zero: error: the file is larger than 16 MiB (16777216 bytes), the most Systole reads"
[ $status -eq 1 ] || fail "analyze /dev/zero: exit status $status"
[ "$(cat "$tmp/err")" = "$want" ] || fail "analyze /dev/zero: $(cat "$tmp/err")"

# Matrix multiply with sizes of 2^63 - 1: an error, not a crash.
big=9223372036854775807
timeout 20 "$cli" export -D I=$big -D J=$big -D K=$big "$mm" --space i,j \
	--tile i=4,j=4,k=4 -o "$tmp/big" >"$tmp/out" 2>"$tmp/err"
status=$?
case $status in
1|3|5) ;;
*) fail "export with sizes 2^63-1: exit status $status" ;;
esac
[ -e "$tmp/big" ] && fail "export with sizes 2^63-1 wrote $tmp/big"

if [ $failures -ne 0 ]; then
	echo "$failures failures"
	exit 1
fi
echo "all limits checked"
