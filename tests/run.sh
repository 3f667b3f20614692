#!/usr/bin/env bash
# run.sh - runs every test binary (bin/tests/test_*) and every shell test (tests/*.sh but this
# one), adds up their "N passed, N failed[, N skipped]" lines and ends with the total on a line of its own.
set -uo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-bin}
export BIN
passed=0 failed=0 skipped=0
log=$(mktemp) out=$(mktemp)
trap 'rm -f "$log" "$out"' EXIT

tally() { # name, then the output on stdin
	local name=$1 line p f
	tee "$log" | sed "s|^|  |"
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
	if [[ -z $line ]]; then
		echo "$name: no closing line (crashed?): counted as 1 failure"
		failed=$((failed + 1))
		return
	fi
	p=${line%% passed*}; f=${line#*, }; f=${f%% failed*}
	passed=$((passed + p)); failed=$((failed + f))
	if [[ $line =~ ([0-9]+)\ skipped ]]; then
		skipped=$((skipped + BASH_REMATCH[1]))
	else  # a test that names its skipped checks on lines of their own
		skipped=$((skipped + $(grep -c '^ *SKIPPED' "$log" || true)))
	fi
}

for t in "$BIN"/tests/test_*; do
	[[ -x $t ]] || continue
	echo "== $(basename "$t")"
	"$t" >"$out" 2>&1
	rc=$?
	tally "$(basename "$t")" <"$out"
	[[ $rc -ne 0 && $rc -ne 1 ]] && { echo "  exit status $rc"; failed=$((failed + 1)); }
done
for t in tests/test_*.sh; do
	[[ -f $t ]] || continue
	echo "== $(basename "$t")"
	bash "$t" >"$out" 2>&1
	tally "$(basename "$t")" <"$out"
done
# A check that cannot run on this machine is counted as skipped (with its reason above), never
# as passed.
echo "$passed passed, $failed failed, $skipped skipped"
[[ $failed -eq 0 ]]
