# lib.sh - what every shell test (tests/test_*.sh) shares; not a test itself (tests/run.sh runs
# only test_*.sh).  A test sources it first thing after its header comment:
#     . "$(dirname "$0")/lib.sh"
# and gets:
#   --help, -h      the test's header comment (its leading # lines) is printed; exit 0
#   set -uo pipefail; the working directory is the repository root; BIN=${BIN:-bin},
#   SB=$BIN/slidebench; tmp, a fresh directory removed on EXIT (on_exit CMD adds a command to
#   run at EXIT before that; do not replace the EXIT trap)
#   pass fail skip  the counters, and the helpers that count:
#   ok                      one check passed
#   bad MSG...              one check failed: prints "FAIL script:line: MSG" (the line of the
#                           test's own top level that led to it)
#   skipped MSG...          a check that cannot run here: "SKIPPED: MSG", counted once
#   check NAME CMD...       CMD must succeed (its output, in $tmp/check.out, shown if not)
#   expect NAME STATUS PATTERN... -- CMD...
#                           CMD exits STATUS and its stdout+stderr (left in $tmp/out) matches
#                           every extended regular expression PATTERN
#   finish                  prints "N passed, N failed, N skipped", the line tests/run.sh adds
#                           up, and exits 1 when a check failed, else 0
# A test that wants `set -e` says so after sourcing; then a command that fails unexpectedly is
# named with its line by the ERR trap here, which closes the count with that failure added.  A
# test that exits any other way before finish (an unbound variable, -e inside a function) gets
# a closing line with one failure added from the EXIT trap, so no failure goes uncounted.

if [[ ${1:-} == --help || ${1:-} == -h ]]; then
	_lib_help=$(awk 'NR == 1 && /^#!/ { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$0")
	echo "$_lib_help"
	grep -qi 'usage:' <<<"$_lib_help" || echo "usage: [BIN=bin] $0   (run by tests/run.sh;" \
		"BIN picks the build directory; last line 'N passed, N failed, N skipped')"
	exit 0
fi

set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
BIN=${BIN:-bin}
SB=$BIN/slidebench
pass=0 fail=0 skip=0
_lib_closed="" _lib_on_exit=()

# finish: the closing line; exit 1 when anything failed.
finish() {
	echo "$pass passed, $fail failed, $skip skipped"
	_lib_closed=1
	[[ $fail -eq 0 ]] && exit 0
	exit 1
}

# on_exit CMD: CMD (a string, run with eval) at EXIT, before $tmp is removed.
on_exit() { _lib_on_exit+=("$1"); }

_lib_exit() {
	local rc=$? c
	if [[ -z $_lib_closed ]]; then
		echo "FAIL ${0##*/}: exited (status $rc) before its closing line"
		echo "$pass passed, $((fail + 1)) failed, $skip skipped"
		rc=1
	fi
	for c in "${_lib_on_exit[@]}"; do eval "$c" || true; done
	rm -rf "$tmp"
	exit "$rc"
}

# Under set -e only: the failing command's line, and the count closed with it.
_lib_err() { # status line
	[[ $- == *e* ]] || return 0
	echo "FAIL ${0##*/}: line $2: unexpected failure (exit $1)"
	echo "$pass passed, $((fail + 1)) failed, $skip skipped"
	_lib_closed=1
	exit 1
}

tmp=$(mktemp -d) || { echo "FAIL ${0##*/}: mktemp -d failed"; echo "0 passed, 1 failed"; exit 1; }
trap _lib_exit EXIT
trap '_lib_err $? $LINENO' ERR

ok() { pass=$((pass + 1)); }

# bad MSG...: names the test's top-level line that led here (through any helpers).
bad() {
	fail=$((fail + 1))
	echo "FAIL ${BASH_SOURCE[-1]##*/}:${BASH_LINENO[-2]}: $*"
}

skipped() { skip=$((skip + 1)); echo "SKIPPED: $*"; }

# sanitized: $SB was built with AddressSanitizer (make sanitize); valgrind cannot run it.
sanitized() { LC_ALL=C grep -q __asan_init "$SB" 2>/dev/null; }

# check NAME CMD...: CMD succeeds.
check() {
	local name=$1 rc=0
	shift
	"$@" >"$tmp/check.out" 2>&1 || rc=$?
	if [[ $rc -eq 0 ]]; then ok; return 0; fi
	bad "$name: exit $rc (want 0) from: $*"
	tail -n 15 "$tmp/check.out" | sed 's/^/    /'
	return 0
}

# expect NAME STATUS PATTERN... -- CMD...: CMD exits STATUS and its output matches every PATTERN.
expect() {
	local name=$1 want=$2 rc=0 pats=() missing="" p
	shift 2
	while [[ $# -gt 0 && $1 != -- ]]; do pats+=("$1"); shift; done
	if [[ $# -lt 2 ]]; then bad "$name: expect needs -- and a command after the patterns"; return 0; fi
	shift
	"$@" >"$tmp/out" 2>&1 || rc=$?
	for p in "${pats[@]}"; do grep -Eq -- "$p" "$tmp/out" || missing+=" /$p/"; done
	if [[ $rc -eq $want && -z $missing ]]; then ok; return 0; fi
	bad "$name: exit $rc (want $want)${missing:+, output lacks$missing}; output:"
	head -n 20 "$tmp/out" | sed 's/^/    /'
	return 0
}
