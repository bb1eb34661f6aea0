# Sourced by the check-*.sh scripts: a temporary folder $tmp, removed on
# exit; fail MESSAGE, which prints it and counts it in $failures; and
# expect_cli, the check of a command that must fail.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0

fail()
{
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# expect_cli COMMAND STATUS FIRST_LINE_OF_STDERR ARGS...: "$cli" COMMAND
# ARGS... exits with STATUS, prints nothing on stdout and FIRST_LINE
# first on stderr.  The caller sets $cli, systole-cli's path.
# shellcheck disable=SC2154
expect_cli()
{
	cmd=$1
	want_status=$2
	want_line=$3
	shift 3
	"$cli" "$cmd" "$@" >"$tmp/out" 2>"$tmp/err"
	status=$?
	line=$(head -n 1 "$tmp/err")
	if [ "$status" -ne "$want_status" ] || [ -s "$tmp/out" ] ||
		[ "$line" != "$want_line" ]; then
		fail "$cmd $*: status $status (expected $want_status), stderr '$line'"
	fi
}
