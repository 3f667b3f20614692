# 90-sim.sh - run_all.sh's step sim: the simulated sweep (callgrind) into DIR/sim, where no
# hardware event is live (or --simulate).  Sourced by run_all.sh.

step sim "the simulated sweep (callgrind) into $out/sim, where no hardware event is live"
live_hw=0
if [[ -r $out/m64/context.json ]]; then
	# live events of the "events" list (counter_sources has live non-PMU sources), not perf::
	live_hw=$(tr -d ' \n\t' <"$out/m64/context.json" | grep -o '"events":\[[^]]*\]' |
		grep -o '{"name":"[^"]*","live":true' | grep -vc '"perf::' || true)
fi
# With the simulated L1 sweep and data TLB (sim.csv): the simulated L1 sizes (48 KiB: 12 ways,
# 64 sets; valgrind needs a power of two).  Every geometry is one callgrind pass that
# initialises every kernel again, so --quick simulates two sizes.
sim_geo=(--l1 16K,32K,48K:12,64K --tlb 64)
[[ $quick -eq 0 ]] || sim_geo=(--l1 16K,32K --tlb 64)
if [[ $live_hw -gt 0 && $force_sim -eq 0 ]]; then
	note "hardware counters are live ($live_hw events): no simulated sweep needed (--simulate forces one)"
elif ! command -v valgrind >/dev/null 2>&1; then
	note "valgrind is not installed: no simulated sweep, so the miss charts say 'no data'"
else
	rc=0
	run_bench bin/slidebench "$out/sim" --simulate "${sim_geo[@]}" --kernel "$sim_kernels" \
		--mode stream,position "${sim_set[@]}" || rc=$?
	if [[ $rc -ne 0 ]]; then
		note "the simulated sweep failed (exit $rc); the miss charts say 'no data'"
	elif ! awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "sim_d1_miss") c = i; next }
			c && $c != "" { found = 1 } END { exit !found }' "$out/sim/summary.csv"; then
		note "the callgrind run left the sim_* columns empty (valgrind cannot run this build here, see run.log); the miss charts say 'no data'"
	fi
fi
step_done sim
