#!/bin/sh
# run-fuzz.sh TARGET OUTDIR [LIBFUZZER-OPTIONS...] -- SEED-DIR...
# Runs a libFuzzer target from its seeds with the limits every run
# shares: 10 s per input, 2 GB of memory.  New inputs go to a fresh
# folder (the seeds are only read); a failing input is left in
# OUTDIR/fuzz-artifacts/ with the command that replays it.
set -u
target=$1
out=$2
shift 2
name=$(basename "$target")
mkdir -p "$out/fuzz-artifacts"
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

opts=
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	opts="$opts $1"
	shift
done
[ $# -gt 0 ] && shift

# GLib's slice allocator hides leaks from LeakSanitizer.
export G_SLICE=always-malloc
export UBSAN_OPTIONS=print_stacktrace=1
# shellcheck disable=SC2086 # opts are separate words
"$target" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 \
	-print_final_stats=1 -artifact_prefix="$out/fuzz-artifacts/$name-" \
	$opts "$work" "$@"
status=$?
if [ $status -ne 0 ]; then
	echo "run-fuzz: $name failed (status $status); replay with:"
	for f in "$out/fuzz-artifacts/$name-"*; do
		[ -f "$f" ] && echo "  G_SLICE=always-malloc $target $f"
	done
fi
exit $status
