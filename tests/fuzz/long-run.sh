#!/bin/sh
# long-run.sh [-r RUNS] [-t SECONDS] [-j] [TARGET...]
# The long fuzzing run: each target (default all five) for RUNS
# executions (default 10 million) or SECONDS (default no limit), under
# nice -n 10, in libFuzzer's fork mode so that a crash, leak, timeout
# (10 s) or out-of-memory (2 GB) is kept in artifacts/ and the run goes
# on.  -j runs the targets at once instead of one after the other.
# Corpora and logs stay in build-fuzz/long-run/TARGET/ and grow from one
# run to the next; the summary prints executions, exec/s, coverage and
# findings per target.  Build first: CC=clang meson setup build-fuzz
# -Dfuzzing=true && ninja -C build-fuzz (FUZZ_BUILD=DIR: another build
# dir, e.g. a copy, so that rebuilding does not change a running run).
set -u
cd "$(dirname "$0")/../.."
runs=10000000
seconds=0
parallel=
while getopts r:t:j opt; do
	case $opt in
	r) runs=$OPTARG ;;
	t) seconds=$OPTARG ;;
	j) parallel=1 ;;
	*) echo "usage: $0 [-r RUNS] [-t SECONDS] [-j] [TARGET...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- frontend frontend-defines sizes sa-sizes device
build=${FUZZ_BUILD:-build-fuzz}
root=$build/long-run
fuzz=tests/fuzz

seeds()
{
	case $1 in
	frontend) echo data/examples tests/errors tests/hls/kernels ;;
	frontend-defines) echo $fuzz/corpus/frontend-defines data/examples ;;
	device) echo $fuzz/corpus/device data/devices ;;
	*) echo $fuzz/corpus/$1 ;;
	esac
}

dict()
{
	case $1 in
	frontend*) echo $fuzz/c.dict ;;
	*) echo $fuzz/$1.dict ;;
	esac
}

one()
{
	name=$1
	dir=$root/$name
	mkdir -p "$dir/corpus" "$dir/artifacts"
	# ASan's quarantine (256 MB) keeps freed memory poisoned for longer
	# than one input lives; 16 MB catches the same use-after-free within
	# an input and halves the page faults: twice the executions.
	# shellcheck disable=SC2046 # seed folders are separate words
	ASAN_OPTIONS=quarantine_size_mb=16 G_SLICE=always-malloc \
		nice -n 10 "$build/tests/fuzz/fuzz-$name" \
		-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
		-runs="$runs" -max_total_time="$seconds" -seed=1 \
		-timeout=10 -rss_limit_mb=2048 -max_len=8192 \
		-dict="$(dict "$name")" -artifact_prefix="$dir/artifacts/" \
		"$dir/corpus" $(seeds "$name") >"$dir/log" 2>&1
}

summary()
{
	printf '%-17s %11s %7s %6s %7s  %s\n' target executions exec/s cov \
		seconds 'oom/timeout/crash'
	for name in "$@"; do
		line=$(grep '^#[0-9]*: cov:' "$root/$name/log" | tail -n 1)
		execs=$(echo "$line" | sed 's/^#\([0-9]*\):.*/\1/')
		cov=$(echo "$line" | sed 's/.* cov: \([0-9]*\) .*/\1/')
		time=$(echo "$line" | sed 's/.* time: \([0-9]*\)s.*/\1/')
		bad=$(echo "$line" | sed 's/.*oom\/timeout\/crash: \([0-9/]*\).*/\1/')
		printf '%-17s %11s %7s %6s %7s  %s\n' "$name" "$execs" \
			$((execs / (time > 0 ? time : 1))) "$cov" "$time" "$bad"
		ls "$root/$name/artifacts" | sed 's/^/    /'
	done
}

for name in "$@"; do
	if [ -n "$parallel" ]; then
		one "$name" &
	else
		one "$name"
	fi
done
wait
summary "$@"
