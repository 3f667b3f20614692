#!/usr/bin/env bash
# test_threads_cpus.sh - threads run only on CPUs that are the run's own: a CPU busy with other
# work (a busy loop pinned there with taskset, ended after) is never a thread's: bench --threads
# leaves the cells that would need it untimed, says why in one line and in the rows' flags,
# and the report's threads section says so.
# serial
. "$(dirname "$0")/lib.sh"
mapfile -t cpus < <(harness/scripts/cpus.sh)
Q=(--kernel pext,hyperbola --mode position --samples 2 --warmup 0 --epochs 1 --max-queries 4000
	--min-lookups 20000 --events none)

if [[ ${#cpus[@]} -lt 2 ]] || ! command -v taskset >/dev/null; then
	skipped "a busy CPU: this process may run on ${#cpus[@]} CPU(s) (${cpus[*]}), or no taskset"
else
	a=${cpus[0]} b=${cpus[1]}
	taskset -c "$b" bash -c 'while :; do :; done' &
	busy=$!
	on_exit "kill $busy 2>/dev/null"
	sleep 0.3
	expect "a busy CPU is not a thread's" 0 "2 threads: not timed: cpu $b was [0-9]+% busy with other work: a thread there would share it" \
		"pext +position all +warm +1 " -- "$SB" bench --cpu "$a" --threads 1,2 "${Q[@]}" --out "$tmp/busy"
	kill "$busy" 2>/dev/null
	wait "$busy" 2>/dev/null
	if awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["threads"] == 2 { n2++; if ($c["flags"] !~ /^unavailable: cpu [0-9]+ was [0-9]+% busy/) bad++ }
		$c["threads"] == 1 && $c["ns_median"] != "" { n1++ }
		END { exit !(n2 == 3 && n1 == 3 && !bad) }' "$tmp/busy/summary.csv"; then ok
	else bad "summary.csv: not 3 timed one-thread rows and 3 untimed two-thread rows saying why:"; cat "$tmp/busy/summary.csv"; fi
	mkdir -p "$tmp/study" && cp -r "$tmp/busy" "$tmp/study/m64" && cp -r "$tmp/busy" "$tmp/study/threads"
	expect "report of a sweep left untimed" 0 "report: " -- "$SB" report "$tmp/study"
	if grep -q "^No thread sweep: nothing was timed with 2 threads: cpu $b was [0-9]*% busy with other work" "$tmp/study/report.md"; then ok
	else bad "the report's threads section does not say why:"; sed -n '/^## Threads/,/^## /p' "$tmp/study/report.md"; fi
fi
finish
