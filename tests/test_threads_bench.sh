#!/usr/bin/env bash
# test_threads_bench.sh - bench --threads: with 1 and 2 threads the four kernels of the
# acceptance run are verified, every thread's checksum is checked, each row says its threads
# and CPUs, scaling.csv gives each kernel's efficiency with an interval, and the run reads
# back; a --plugin kernel is timed with threads too, on CPUs this process may run on; thread
# counts the machine cannot give and combinations not built are refused.
# serial
. "$(dirname "$0")/lib.sh"
KS=pext,magic-black,kindergarten-4k,hyperbola
ncpu=$(nproc)  # the CPUs this process may run on (taskset, a cpuset), as --threads counts them

expect "--threads 0" 2 "--threads \"0\": a list of at most 8 counts from 1 to the $ncpu CPUs" -- \
	"$SB" bench --kernel hyperbola --mode position --threads 0
expect "--threads beyond the CPUs" 2 "from 1 to the $ncpu CPUs this process may run on" -- \
	"$SB" bench --kernel hyperbola --mode position --threads "1,$((ncpu + 1))"
expect "--threads 1,1" 2 "1 twice" -- "$SB" bench --kernel hyperbola --mode position --threads 1,1
expect "--threads x" 2 "--threads \"1,x\"" -- "$SB" bench --kernel hyperbola --mode position --threads 1,x
if ((ncpu < 2)); then
	skipped "bench --threads 1,2: this process may run on one CPU here ($(taskset -cp $$ 2>/dev/null | sed 's/.*: //'))"
	finish
fi
# a second CPU busy with other work (a build, another developer's timing) is not a thread's
# own: bench leaves the two-thread cells untimed, and nothing below can be checked here
"$SB" bench --kernel hyperbola --mode position --threads 1,2 --samples 1 --warmup 0 --epochs 1 \
	--max-queries 1000 --min-lookups 1000 --events none --out "$tmp/probe" >"$tmp/probe.out" 2>&1
if busy=$(grep -o -m 1 'cpu [0-9]* was [0-9]*% busy with other work' "$tmp/probe.out"); then
	skipped "bench --threads 1,2: $busy"
	finish
fi
expect "--threads 2 --cold" 2 "--threads above 1 with --cold: not built" -- \
	"$SB" bench --kernel hyperbola --mode position --threads 2 --cold
expect "--threads 2 --simulate" 2 "--threads above 1 with --simulate: not built \(callgrind" -- \
	"$SB" bench --kernel hyperbola --mode position --threads 2 --simulate
expect "--threads 1,2 run" 0 "4 of 4 kernels verified" "2 threads: cpus [0-9]+,[0-9]+: one per core" \
	"^scaling \(" "position/all \(warm\) pext, 2 threads on cpus [0-9]+ [0-9]+: [0-9.]+ \([0-9.]+-[0-9.]+\)" -- \
	"$SB" bench --kernel $KS --mode position --threads 1,all --samples 6 --warmup 1 --epochs 1 \
	--max-queries 4000 --min-lookups 20000 --events none --out "$tmp/run"
run=$tmp/run
# summary rows: every kernel (and the null) once with 1 thread and once with 2, CPUs named
if awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ n[$c["threads"]]++; if ($c["threads"] == 2 && $c["cpus"] !~ /^[0-9]+ [0-9]+$/) bad++ }
	END { exit !(n[1] == 5 && n[2] == 5 && !bad) }' "$run/summary.csv"; then ok
else bad "summary.csv: not 5 rows of each thread count with their CPUs:"; cat "$run/summary.csv"; fi
# samples: the 2-thread rows have every sample, and none failed its checksum (a wrong checksum
# fails the kernel: the run would have said so and exited 1)
if awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["threads"] == 2 && $c["phase"] == "measure" { n++ } END { exit n != 30 }' "$run/samples.csv"; then ok
else bad "samples.csv: not 6 measured samples of each of 5 two-thread cells"; fi
if awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ k++; if (!($c["efficiency_lo"] <= $c["efficiency"] && $c["efficiency"] <= $c["efficiency_hi"] &&
		    $c["efficiency"] > 0 && $c["rounds"] == 6 && $c["threads"] == 2)) bad++ }
	END { exit !(k == 4 && !bad) }' "$run/scaling.csv"; then ok
else bad "scaling.csv: not four rows with an interval around the efficiency:"; cat "$run/scaling.csv"; fi
expect "report reads a threaded run" 0 "report: " -- "$SB" report "$run"
# a study with a thread sweep (the run stands in for m64/ too): the report's section answers
# whether the leader changed and tables each kernel's efficiency; a fleet of two such machines
# (one without a sweep) sets them side by side
st=$tmp/study
mkdir -p "$st" && cp -r "$run" "$st/m64" && cp -r "$run" "$st/threads"
expect "report of a study with threads/" 0 "report: " -- "$SB" report "$st"
if grep -Eq '^> (No: [a-z0-9-]+ leads alone and with 2 threads|(Yes|Perhaps \(not settled\)): with 2 threads)' "$st/report.md" &&
   grep -Eq '^\| pext \| [0-9.]+ KiB \| 16 KiB–1 MiB \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \([0-9.]+–[0-9.]+\) \|' "$st/report.md"; then ok
else bad "the threads section lacks its answer or pext's row:"; sed -n '/^## Threads/,/^## /p' "$st/report.md"; fi
mkdir -p "$tmp/fleet" && cp -r "$st" "$tmp/fleet/hostA" && cp -r "$st" "$tmp/fleet/hostB" &&
	rm -r "$tmp/fleet/hostB/threads" "$tmp/fleet/hostA/report.md" "$tmp/fleet/hostA/report.html"
expect "fleet report sets the sweeps side by side" 0 "report: " -- "$SB" report "$tmp/fleet"
if grep -q '^| kernel | hostA, 2 threads | hostB (no sweep) |' "$tmp/fleet/report.md" &&
   grep -Eq '^\| magic-black \| [0-9.]+ \([0-9.]+–[0-9.]+\)( \*)? \| – \|' "$tmp/fleet/report.md"; then ok
else bad "fleet: no threads table:"; sed -n '/^## Threads on each/,/^## /p' "$tmp/fleet/report.md"; fi

# a plugin with threads: timed in its own sampling process, which starts its own threads on the
# CPUs bench chose (only CPUs this process may run on), each thread's checksum checked
P=$BIN/tests/plugins
allowed=" $(harness/scripts/cpus.sh | paste -sd' ') "
expect "--threads 1,2 --plugin" 0 "2 of 2 kernels verified" "2 threads: cpus [0-9]+,[0-9]+" -- \
	"$SB" bench --plugin "$P/example-plugin.so" --kernel example-plugin,hyperbola --mode position \
	--threads 1,2 --samples 3 --warmup 1 --epochs 1 --max-queries 4000 --min-lookups 20000 \
	--events none --out "$tmp/plug"
if awk -F, -v allowed="$allowed" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["kernel"] == "example-plugin" { n[$c["threads"]]++
		if (!($c["ns_median"] > 0) || $c["flags"] ~ /not-timed|unavailable/) bad++
		if ($c["threads"] == 2) { k = split($c["cpus"], cpu, " ")
			for (i = 1; i <= k; i++) if (index(allowed, " " cpu[i] " ") == 0) bad++
			if (k != 2 || cpu[1] == cpu[2]) bad++ } }
	END { exit !(n[1] == 1 && n[2] == 1 && !bad) }' "$tmp/plug/summary.csv" &&
   awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["kernel"] == "example-plugin" && $c["threads"] == 2 && $c["phase"] == "measure" { n++ }
	END { exit n != 3 }' "$tmp/plug/samples.csv"; then ok
else bad "--plugin with 2 threads: not one timed row per thread count on two allowed CPUs, 3 samples with 2:"; cat "$tmp/plug/summary.csv"; fi
# --cpu LIST in a study is a taskset: the plugin's threads stay within it too
if command -v taskset >/dev/null; then
	two=$(harness/scripts/cpus.sh | head -n 2 | paste -sd,)
	expect "--threads 2 --plugin under taskset -c $two" 0 "2 of 2 kernels verified" "2 threads: cpus [0-9]+,[0-9]+" -- \
		taskset -c "$two" "$SB" bench --cpu "${two%%,*}" --plugin "$P/example-plugin.so" \
		--kernel example-plugin,hyperbola --mode position --threads 2 --samples 2 --warmup 0 \
		--epochs 1 --max-queries 4000 --min-lookups 20000 --events none --out "$tmp/plug2"
	if awk -F, -v allowed=" ${two/,/ } " 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["kernel"] == "example-plugin" && $c["threads"] == 2 { n++; k = split($c["cpus"], cpu, " ")
			for (i = 1; i <= k; i++) if (index(allowed, " " cpu[i] " ") == 0) bad++ }
		END { exit !(n == 1 && !bad) }' "$tmp/plug2/summary.csv"; then ok
	else bad "--plugin under taskset -c $two: its threads' CPUs are not within the set:"; cat "$tmp/plug2/summary.csv"; fi
fi

# one set of tables or one per thread: magic-plain's plugin (make test builds it) loaded once
# per thread, both variants verified and timed, the comparison printed
expect "--table-copies without threads" 2 "--table-copies compares tables shared between threads" -- \
	"$SB" bench --kernel magic-plain --mode position --table-copies
expect "--table-copies" 0 "magic-plain@shared .* 2 " "magic-plain@per-thread .* 2 " \
	"^tables: one set shared by the threads or one per thread" "position, 2 threads, magic-plain: [0-9.]+x \([0-9.]+-[0-9.]+\)" -- \
	env TMPDIR="$tmp" "$SB" bench --kernel magic-plain --mode position --threads 1,2 --table-copies --samples 6 \
	--warmup 1 --epochs 1 --max-queries 4000 --min-lookups 20000 --events none --out "$tmp/tc"
if [[ -z $(ls -A "$tmp" | grep '^slidebench-tables-' || true) ]]; then ok
else bad "--table-copies left its private copies behind"; fi

# noisy neighbours: thread 0's figure, the neighbour looks nothing up (Mlookup/s of one thread)
expect "--mode neighbours --threads 1,2" 0 "neighbours/all \(warm, beside noisy neighbours\)" \
	"neighbours/all \(warm\) hyperbola, 2 threads" -- \
	"$SB" bench --kernel hyperbola --mode neighbours --threads 1,2 --samples 6 --warmup 1 --epochs 1 \
	--max-queries 4000 --min-lookups 1000 --events none --out "$tmp/nb"
if awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["kernel"] == "hyperbola" { t[$c["threads"]] = $c["mlookups_per_s"] * $c["ns_gross_median"] }
	$c["kernel"] == "hyperbola" && $c["windows"] < 3 { few = 1 }
	END { exit !(t[1] > 990 && t[1] < 1010 && t[2] > 990 && t[2] < 1010 && !few) }' "$tmp/nb/summary.csv"; then ok
else bad "neighbours: Mlookup/s is not one thread's lookups (or fewer than 3 windows, which would not check that thread 0 is verified on its own slot's window):"; cat "$tmp/nb/summary.csv"; fi
finish
