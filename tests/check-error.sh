#!/bin/sh
# check-error.sh CLI FILE.c
# FILE.c starts with a line "// expect: <first line of the error>" (or,
# for files that cannot, such as empty or binary ones, FILE.expect holds
# that line); the analysis must fail with exit status 1, print nothing on
# stdout, and print exactly that first line on stderr (paths as seen from
# FILE.c's folder).
set -u
cli=$1
file=$2
dir=$(dirname "$file")
name=$(basename "$file")
if [ -f "${file%.c}.expect" ]; then
	expect=$(head -n 1 "${file%.c}.expect")
else
	expect=$(sed -n '1s|^// expect: ||p' "$file")
fi
if [ -z "$expect" ]; then
	echo "$file: first line must be '// expect: ...'" >&2
	exit 1
fi
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
(cd "$dir" && "$cli" analyze "$name") >"$out" 2>"$err"
status=$?
got=$(head -n 1 "$err")
ok=0
if [ "$status" -ne 1 ]; then
	echo "exit status $status, expected 1"; ok=1
fi
if [ -s "$out" ]; then
	echo "unexpected output on stdout:"; cat "$out"; ok=1
fi
if [ "$got" != "$expect" ]; then
	printf 'expected: %s\ngot:      %s\n' "$expect" "$got"; ok=1
fi
if [ $ok -ne 0 ]; then
	echo "--- stderr:"; cat "$err"
fi
exit $ok
