#!/usr/bin/env bash
# The stages of core/ in pipeline order (README, Layout): a file may
# include from its own stage and the stages before it, never from a
# later one, and the core never includes GTK; inside a stage no two
# file pairs include each other.  Prints every include that breaks the
# order and every include loop; fails if there is one.
set -uo pipefail
core=${1:?usage: check-layers.sh CORE_DIR}
stages=(base frontend poly lanes compute comm model sim hls report project dse)

rank() {
	local i
	for i in "${!stages[@]}"; do
		[ "${stages[$i]}" = "$1" ] && { echo "$i"; return; }
	done
	echo -1
}

bad=0
for dir in "$core"/*/; do
	stage=$(basename "$dir")
	own=$(rank "$stage")
	if [ "$own" -lt 0 ]; then
		echo "core/$stage: not a stage (${stages[*]})"
		bad=1
		continue
	fi
	for f in "$dir"*.[ch]; do
		[ -e "$f" ] || continue
		while IFS= read -r line; do
			inc=${line#\#include \"}
			inc=${inc%%\"*}
			case $inc in
			*/*) ;;
			*) continue ;;
			esac
			r=$(rank "${inc%%/*}")
			if [ "$r" -gt "$own" ]; then
				echo "core/$stage/$(basename "$f"): includes $inc, a later stage"
				bad=1
			fi
		done < <(grep '^#include "' "$f")
		if grep -q '^#include <gtk' "$f"; then
			echo "core/$stage/$(basename "$f"): includes GTK"
			bad=1
		fi
	done
done
# Every source of the core lives in a stage folder.
for f in "$core"/*.[ch]; do
	[ -e "$f" ] || continue
	echo "core/$(basename "$f"): outside the stage folders"
	bad=1
done
# Inside a stage too, dependences go one way: no file pair (x.h, x.c
# and x-private.h) includes another that includes it back.  tsort names
# every loop of the include graph.  Known loops, being broken
# elsewhere, are listed (members sorted) until they are.
known=("comm/hls-chain comm/hls-model")
loops=$(cd "$core" && for f in */*.[ch]; do
	m=${f%.*}
	m=${m%-private}
	while IFS= read -r inc; do
		t=${inc%.*}
		t=${t%-private}
		[ "$t" != "$m" ] && echo "$m $t"
	done < <(sed -n 's/^#include "\(.*\)".*/\1/p' "$f")
done | sort -u | tsort 2>&1 >/dev/null | awk '
	/input contains a loop/ { if (g != "") print g; g = ""; next }
	{ sub(/^tsort: /, ""); g = g == "" ? $0 : g " " $0 }
	END { if (g != "") print g }' | while IFS= read -r g; do
	tr ' ' '\n' <<< "$g" | sort | paste -sd ' '
done)
while IFS= read -r loop; do
	[ -n "$loop" ] || continue
	case " ${known[*]/%/,} " in *" $loop,"*) continue ;; esac
	echo "core: an include loop: $loop"
	bad=1
done <<< "$loops"
exit $bad
