#!/usr/bin/env bash
# check-calls.sh LIBRARY ORDER...: files of one stage that call each
# other in one direction.  Each ORDER is a comma-separated list of the
# library's objects (their source names, "hls/hls-module.c"), earliest
# first; a file may call functions defined in the files before it in its
# list, never in one after it, so that no file depends on itself through
# another (an include graph does not show this when the files share a
# private header).  Reads the objects' symbols with nm; prints every
# call against the order; fails if there is one.
set -uo pipefail
lib=${1:?usage: check-calls.sh LIBRARY ORDER...}
shift
symbols=$(nm -A "$lib" 2>/dev/null) || {
	echo "nm cannot read $lib"
	exit 1
}

# The object of a source (hls/hls-pe.c -> .../hls_hls-pe.c.o).
object_of() {
	local name=${1//\//_}
	grep -o "[^ :]*/$name\.o" <<<"$symbols" | head -n 1
}

bad=0
for order in "$@"; do
	IFS=, read -r -a files <<<"$order"
	for i in "${!files[@]}"; do
		obj=$(object_of "${files[$i]}")
		if [ -z "$obj" ]; then
			echo "${files[$i]}: not in $lib"
			bad=1
			continue
		fi
		for ((j = i + 1; j < ${#files[@]}; j++)); do
			later=$(object_of "${files[$j]}")
			[ -n "$later" ] || continue
			defined=$(grep -F "$later:" <<<"$symbols" |
				awk '$(NF-1) ~ /^[TDRB]$/ {print $NF}' | sort -u)
			used=$(grep -F "$obj:" <<<"$symbols" |
				awk '$(NF-1) == "U" {print $NF}' | sort -u)
			for sym in $(comm -12 <(echo "$defined") <(echo "$used")); do
				echo "${files[$i]} calls $sym of ${files[$j]}, a later file"
				bad=1
			done
		done
	done
done
exit $bad
