#!/usr/bin/env bash
# test_threads_cpus.sh - threads run only on CPUs that are the run's own: a CPU busy with other
# work (a busy loop pinned there with taskset, ended after) is never a thread's: bench --threads
# leaves the cells that would need it untimed, says why in one line and in the rows' flags,
# and the report's threads section says so.  A study under `taskset -c CPU` (a cpuset of one
# CPU) skips its thread sweep with the reason instead of failing, and so does one whose bench
# arguments say --threads 1; every bench of a --cpu LIST study runs within that list.
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

# study DIR [CMD...] -- [ARGS...]: a quick study of one kernel into DIR (the builds are make
# test's), run_all.sh run under CMD (e.g. taskset -c 0) with ARGS; its terminal in DIR.out and
# DIR.err.  Returns its exit status.
study() {
	local d=$1 pre=()
	shift
	while [[ $1 != -- ]]; do pre+=("$1"); shift; done
	shift
	"${pre[@]}" ./run_all.sh --quick --bench-only --kernels hyperbola --out "$d" "$@" >"$d.out" 2>"$d.err"
}
# skipped_sweep NAME DIR REASON: study DIR answered without a thread sweep and said why on the
# terminal, in threads.skipped and in the report's threads section
skipped_sweep() {
	local name=$1 d=$2 why=$3
	if [[ -s $d/m64/summary.csv && ! -e $d/threads/summary.csv ]] && grep -qF "$why" "$d/threads.skipped" &&
	   grep -qF "note: no thread sweep: $why" "$d.err" && grep -qF "No thread sweep: $why" "$d/report.md"; then ok
	else bad "$name: the sweep was not skipped saying \"$why\":"; tail -n 5 "$d.err"; cat "$d/threads.skipped"; fi
}
online=$(getconf _NPROCESSORS_ONLN) one=-1 two=-1
# the two studies side by side (nothing of them is judged by its times)
if command -v taskset >/dev/null; then
	study "$tmp/one" taskset -c "${cpus[0]}" -- &
	pid_one=$!
fi
if [[ ${#cpus[@]} -ge 2 ]]; then
	list=${cpus[0]},${cpus[1]}
	study "$tmp/two" -- --cpu "$list" -- --threads 1 &
	pid_two=$!
fi
[[ -z ${pid_one:-} ]] || { wait "$pid_one"; one=$?; }
[[ -z ${pid_two:-} ]] || { wait "$pid_two"; two=$?; }

if [[ $one -lt 0 ]]; then
	skipped "a study under taskset -c: no taskset (util-linux)"
else
	[[ $one -eq 0 ]] || bad "a study under taskset -c ${cpus[0]} exited $one: $(grep -m 3 -i fail "$tmp/one.err")"
	skipped_sweep "taskset -c ${cpus[0]}" "$tmp/one" "this process may run on one CPU (${cpus[0]}: taskset"
	if [[ $online -eq 1 ]] || grep -q "note: this process may run on 1 of the $online online CPUs" "$tmp/one.err"; then ok
	else bad "the study under taskset did not say that its mask is smaller than the online CPUs"; fi
fi
if [[ $two -lt 0 ]]; then
	skipped "a study with --cpu LIST -- --threads 1: this process may run on one CPU"
else
	[[ $two -eq 0 ]] || bad "a study with --cpu $list -- --threads 1 exited $two: $(grep -m 3 -i fail "$tmp/two.err")"
	skipped_sweep "-- --threads 1" "$tmp/two" "the bench arguments' --threads 1 asks for no second thread"
	# every bench pinned to the list's first CPU, within the list where the mask is wider
	within=""
	[[ ${#cpus[@]} -eq 2 ]] || within="taskset -c $list "
	if ! grep '^\$ .*slidebench bench ' "$tmp/two/run.log" | grep -vqF "\$ ${within}bin/slidebench bench --cpu ${cpus[0]} "; then ok
	else bad "a bench of the --cpu $list study ran elsewhere:"; grep '^\$ .*slidebench bench ' "$tmp/two/run.log" | head -n 5; fi
fi
finish
