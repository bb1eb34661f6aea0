#!/bin/sh
# check-ci-count.sh MESON COUNT-TESTS
# .ci/count-tests, which gives .ci/run its last line, on the logs of a
# real meson run: tests that pass, fail, exit 77 (SKIP) or skip one TAP
# subtest (as g_test_skip does) must give these exact lines; a skip is
# a failure; a failed run with no failed test counts one.
set -u
meson=$1
count=$2

. "$(dirname "$0")/lib.sh"

# check WANT_STATUS WANT_OUTPUT ARGS...: count-tests prints exactly that.
check()
{
	want_status=$1
	want=$2
	shift 2
	python3 "$count" "$@" >"$tmp/out" 2>&1
	status=$?
	if [ $status -ne "$want_status" ] || [ "$(cat "$tmp/out")" != "$want" ]; then
		fail "count-tests $*: status $status, expected $want_status"
		printf '  expected:\n%s\n  got:\n' "$want"
		cat "$tmp/out"
	fi
}

mkdir "$tmp/p"
cat >"$tmp/p/meson.build" <<'EOF'
project('t')
sh = find_program('sh')
test('pass', sh, args: ['-c', 'exit 0'])
test('pass-tap', sh, args: ['-c', 'printf "1..1\nok 1 /x/b\n"'],
  protocol: 'tap')
test('display', sh, args: ['-c', 'echo "no display: skipped" >&2; exit 77'],
  suite: 'ui')
test('partial', sh, protocol: 'tap',
  args: ['-c', 'printf "1..2\nok 1 /x/a # SKIP no thing\nok 2 /x/b\n"'])
test('fail', sh, args: ['-c', 'exit 1'], suite: 'unit')
EOF
if ! "$meson" setup "$tmp/p/build" "$tmp/p" >"$tmp/setup" 2>&1; then
	fail "meson setup: $(tail -n 3 "$tmp/setup")"
	exit 1
fi
"$meson" test -C "$tmp/p/build" >/dev/null 2>&1
"$meson" test -C "$tmp/p/build" pass pass-tap --logbase ok >/dev/null 2>&1
logs=$tmp/p/build/meson-logs

check 1 "skipped: t / partial: 1 TAP subtest skipped: ok 1 /x/a # SKIP no thing
skipped: t:ui / display: no display: skipped
2 skipped, counted as failed
2 passed, 3 failed" "$logs/testlog.json"
check 0 "2 passed, 0 failed" "$logs/ok.json"
# Several logs add up; a failed run with no failed test is one failure.
check 1 "skipped: t / partial: 1 TAP subtest skipped: ok 1 /x/a # SKIP no thing
skipped: t:ui / display: no display: skipped
2 skipped, counted as failed
4 passed, 3 failed" "$logs/testlog.json" "$logs/ok.json"
check 1 "2 passed, 1 failed" --run-status 2 "$logs/ok.json"
check 0 "2 passed, 0 failed" --run-status 0 "$logs/ok.json"
check 1 "0 passed, 1 failed" --run-status 1

echo "$failures failed"
[ $failures -eq 0 ]
