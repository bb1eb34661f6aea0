#!/bin/sh
# The explorer's start-up, whole processes in turn: per round one cold
# run (fresh XDG_CACHE_HOME and XDG_CONFIG_HOME: no cache or setting of
# the user's) and two warm ones in the same folders.  Each line gives
# the explorer's own times to its first frame (SYSTOLE_MEASURE_STARTUP)
# and the whole process's wall time.  Run on a display, e.g.
#   xvfb-run -a -s '-screen 0 1920x1080x24' \
#     tests/measure-startup.sh build/app/systole build/data 7
BIN=${1:?the systole binary}
SCHEMAS=${2:?the folder of the compiled schema}
ROUNDS=${3:-7}

run() {
	s=$(date +%s%N)
	out=$(SYSTOLE_MEASURE_STARTUP=1 GSETTINGS_BACKEND=memory \
		GSETTINGS_SCHEMA_DIR="$SCHEMAS" NO_AT_BRIDGE=1 GDK_BACKEND=x11 \
		XDG_CACHE_HOME="$1/cache" XDG_CONFIG_HOME="$1/config" \
		"$BIN" 2>/dev/null)
	e=$(date +%s%N)
	echo "$2 $out; whole process $(((e - s) / 1000000)) ms"
}

for i in $(seq "$ROUNDS"); do
	d=$(mktemp -d "${TMPDIR:-/tmp}/systole-startup-XXXXXX")
	run "$d" cold
	run "$d" warm
	run "$d" warm
	rm -rf "$d"
done
