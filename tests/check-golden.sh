#!/bin/sh
# check-golden.sh CLI EXAMPLES_DIR NAME GOLDEN_DIR
# The JSON analysis of EXAMPLES_DIR/NAME.c must equal GOLDEN_DIR/NAME.json
# byte for byte.  Golden files are reviewed by hand before they change:
# regenerate one with
#   (cd data/examples && systole-cli analyze --json NAME.c) > tests/golden/NAME.json
set -u
cli=$1
examples=$2
name=$3
golden=$4
out=$(mktemp)
trap 'rm -f "$out"' EXIT
if ! (cd "$examples" && "$cli" analyze --json "$name.c") >"$out"; then
	echo "analysis of $name.c failed"
	exit 1
fi
diff -u "$golden/$name.json" "$out"
