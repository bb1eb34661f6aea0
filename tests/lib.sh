# Sourced by the check-*.sh scripts: a temporary folder $tmp, removed on
# exit, and fail MESSAGE, which prints it and counts it in $failures.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0

fail()
{
	echo "FAIL: $*"
	failures=$((failures + 1))
}
