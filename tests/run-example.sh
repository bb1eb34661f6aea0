#!/bin/sh
# run-example.sh CC EXAMPLE.c BUILD_DIR
# Compiles a bundled example as the C program it is and runs its own
# check: it must print "Passed!" and exit 0.
set -u
cc=$1
src=$2
bin="$3/$(basename "$src" .c)-example"
"$cc" -std=c99 -O1 -Wall -Wextra -Werror -o "$bin" "$src" -lm || exit 1
out=$("$bin")
status=$?
echo "$out"
[ $status -eq 0 ] && [ "$out" = "Passed!" ]
