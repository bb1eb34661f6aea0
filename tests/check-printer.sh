#!/usr/bin/env bash
# check-printer.sh LIBRARY CORE_DIR CC: the HLS backend is a printer of
# the design (README, Layout): core/hls/ includes, directly or through
# the headers it includes, nothing of the analysis (frontend/, poly/,
# isl, compute/ but the code IR and its printer) nor of the models, and
# its objects call nothing but the printer's own files, base/, the code
# printer and the design's plain data (its kernel's interface and
# facts, where it keeps its memories): no isl_*, no sy_hls_model_*.  Prints every breach; fails if there is one.
set -uo pipefail
lib=${1:?usage: check-printer.sh LIBRARY CORE_DIR CC}
core=${2:?usage: check-printer.sh LIBRARY CORE_DIR CC}
cc=${3:?usage: check-printer.sh LIBRARY CORE_DIR CC}
bad=0

# Headers a printer may reach: its own, base/, the code IR and its
# printer, the design and its facts.
allowed_header() {
	case $1 in
	hls/* | base/* | compute/code.h | compute/ast-print.h) return 0 ;;
	comm/design.h | comm/design-kernel.h | comm/design-plain.h | comm/io-path.h) return 0 ;;
	comm/design-grid.h) return 0 ;;
	# The options the design was built with and its error domain, plain
	# data that comm/design.h includes.
	comm/design-options.h) return 0 ;;
	comm/io-facts.h | comm/pe-facts.h | comm/tb-facts.h) return 0 ;;
	comm/storage.h) return 0 ;;
	esac
	return 1
}

# Every header the preprocessor reaches from each file (-MG: a missing
# one, as glib's without its flags, is listed, not followed).
for f in "$core"/hls/*.[ch]; do
	deps=$("$cc" -MM -MG -I"$core" -x c "$f" 2>&1) || {
		echo "hls/$(basename "$f"): $cc -MM fails: $deps"
		bad=1
		continue
	}
	for d in $(tr -d '\\' <<<"${deps#*:}"); do
		case $d in
		"$core"/*) h=${d#"$core"/} ;;
		isl/* | */isl/*) h=isl/${d##*isl/} ;;
		*) continue ;;
		esac
		[ "$h" = "hls/$(basename "$f")" ] && continue
		if ! allowed_header "$h"; then
			echo "hls/$(basename "$f"): reaches $h"
			bad=1
		fi
	done
done

# The objects of the printer and what they call, by nm.
symbols=$(nm -A "$lib" 2>/dev/null) || {
	echo "nm cannot read $lib"
	exit 1
}
objects=$(grep -o '[^ :]*/hls_[^ :]*\.c\.o' <<<"$symbols" | sort -u)
[ -n "$objects" ] || {
	echo "no hls/ objects in $lib"
	exit 1
}
# Objects whose symbols a printer may call.
allowed_object() {
	case ${1##*/} in
	hls_* | base_* | compute_code.c.o | compute_ast-print.c.o) return 0 ;;
	comm_design-kernel.c.o | comm_io-facts.c.o) return 0 ;;
	comm_pe-facts.c.o | comm_tb-facts.c.o | comm_design.c.o) return 0 ;;
	comm_storage.c.o) return 0 ;;
	esac
	return 1
}
for obj in $objects; do
	for sym in $(grep -F "$obj:" <<<"$symbols" |
		awk '$(NF-1) == "U" && $NF ~ /^(sy_|isl_)/ {print $NF}' |
		sort -u); do
		case $sym in
		isl_* | sy_hls_model_*)
			echo "${obj##*/}: calls $sym"
			bad=1
			continue ;;
		esac
		def=$(awk -v s="$sym" '$NF == s && $(NF-1) ~ /^[TDRB]$/ {
			sub(/:[^:]*$/, "", $1); print $1; exit }' <<<"$symbols")
		def=${def##*:}
		if [ -z "$def" ]; then
			echo "${obj##*/}: calls $sym, defined outside $lib"
			bad=1
		elif ! allowed_object "$def"; then
			echo "${obj##*/}: calls $sym of ${def##*/}"
			bad=1
		fi
	done
done
exit $bad
