#!/usr/bin/env bash
# run.sh - runs every test binary (bin/tests/test_*) and every shell test (tests/test_*.sh),
# JOBS at a time (default: the CPUs), adds up their "N passed, N failed[, N skipped]" lines and
# ends with the total on a line of its own.  A short line says each test's count as it finishes
# ("[12/58] test_report.sh 14 passed 0 failed (9 s)"); then each test's output is shown whole,
# in file order, with how long it took.
#   TIER=fast (default): the tests `make test` runs; TIER=slow: only those whose header has a
#   line "# tier: slow" (`make check` runs them); TIER=all: both.  A test whose header has "# serial" (it
#   times something, or loads the machine itself) runs alone, after the others.
set -uo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-bin}
TIER=${TIER:-fast}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
export BIN
passed=0 failed=0 skipped=0
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# Returns 0 when test file $1 declares header line $2 ("tier: slow", "serial").
declares() { grep -qx "# $2" <<<"$(sed -n '1,/^[^#]/p' "$1")"; }

tests=() serial=()
for t in "$BIN"/tests/test_* tests/test_*.sh; do
	[[ -f $t && ( $t == *.sh || -x $t ) ]] || continue
	if [[ $t == *.sh ]]; then
		if declares "$t" "tier: slow"; then [[ $TIER != fast ]] || continue
		else [[ $TIER != slow ]] || continue; fi
		if declares "$t" "serial"; then serial+=("$t"); else tests+=("$t"); fi
	else
		[[ $TIER != slow ]] && tests+=("$t")
	fi
done

# Prints the closing line of test number $1's output, or nothing.
closing_line() { grep -E '^[0-9]+ passed, [0-9]+ failed' "$dir/$1.out" | tail -n 1; }

# Runs test $1 (number $2) into $dir/$2.out, its exit status and seconds into $dir/$2.rc, and
# prints its progress line: how many tests have finished (a line each in $dir/finished, counted
# under a lock: tests finish in parallel), its counts and its time.
run_one() {
	local t=$1 n=$2 t0=$SECONDS rc=0 line secs
	if [[ $t == *.sh ]]; then bash "$t" >"$dir/$n.out" 2>&1 || rc=$?; else "$t" >"$dir/$n.out" 2>&1 || rc=$?; fi
	secs=$((SECONDS - t0))
	echo "$rc $secs" >"$dir/$n.rc"
	line=$(closing_line "$n")
	line=${line%, 0 skipped}
	line=${line//,/}
	{
		flock 9 2>/dev/null || true
		echo "$n" >>"$dir/finished"
		echo "[$(wc -l <"$dir/finished")/${#all[@]}] ${t##*/} ${line:-no closing line (crashed?)} ($secs s)"
	} 9>>"$dir/lock"
}

tally() { # name, number
	local name=$1 n=$2 line p f rc secs
	read -r rc secs <"$dir/$n.rc"
	echo "== $name (${secs}s)"
	sed "s|^|  |" "$dir/$n.out"
	line=$(closing_line "$n")
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
		skipped=$((skipped + $(grep -c '^ *SKIPPED' "$dir/$n.out" || true)))
	fi
	[[ $name == *.sh || $rc -eq 0 || $rc -eq 1 ]] || { echo "  exit status $rc"; failed=$((failed + 1)); }
}

all=("${tests[@]}" "${serial[@]}")
running=0
for ((i = 0; i < ${#tests[@]}; i++)); do
	run_one "${tests[i]}" "$i" &
	running=$((running + 1))
	if [[ $running -ge $JOBS ]]; then wait -n; running=$((running - 1)); fi
done
wait
for ((i = ${#tests[@]}; i < ${#all[@]}; i++)); do
	run_one "${all[i]}" "$i"
done
for ((i = 0; i < ${#all[@]}; i++)); do
	tally "$(basename "${all[i]}")" "$i"
done
# A check that cannot run on this machine is counted as skipped (with its reason above), never
# as passed.
echo "$passed passed, $failed failed, $skipped skipped"
[[ $failed -eq 0 ]]
