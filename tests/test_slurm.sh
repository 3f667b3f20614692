#!/usr/bin/env bash
# test_slurm.sh - the fleet through a real Slurm: harness/scripts/slurm_local.sh starts a
# one-node cluster here (munged, slurmctld, slurmd on 127.0.0.1; it installs slurm-wlm and
# munge when missing, saying so), and `./run_all.sh --slurm --quick` runs a job array of two
# tasks on it (this node twice, two kernels), task 1 given a bad --kernels through
# SLIDEBENCH_FLEET_TASK1_ARGS.  Checks: the array ran through sbatch (the job completion log:
# task 0 COMPLETED, task 1 FAILED), task 0's study with the job and task ids in its
# context.json, task 1 named with its node and reason by run_all.sh and in the fleet report,
# the report's per-machine sections and chart; then `--no-wait` (the job id printed) and
# `slurm_fleet.sh wait`; and no process of the cluster left.  The node-local build tree is
# seeded with this checkout's builds (the node is this machine), so nothing is built twice.
# SKIPPED with the reason where the cluster cannot run (not root, no packages).
# tier: slow
. "$(dirname "$0")/lib.sh"

host=$(hostname -s)
cluster=$tmp/cluster
export SLIDEBENCH_SCRATCH=$tmp/scratch SLIDEBENCH_FLEET_POLL=2
tree=$(harness/scripts/slurm_fleet.sh scratch-path)
mkdir -p "$tree"
for d in bin build bin32 build32; do
	[[ -d $d ]] && cp -a "$d" "$tree/"
done
# live (not zombie) slurmstepd processes
steps() { ps -eo stat=,comm= | awk '$2 == "slurmstepd" && $1 !~ /^Z/' | wc -l; }
steps_before=$(steps)

# The commands run while the cluster is up (SLURM_CONF set by slurm_local.sh).
cat >"$tmp/inside.sh" <<'SH'
set -u
cd "$1"
host=$(hostname -s) tmp=$2
SLIDEBENCH_FLEET_TASK1_ARGS="--kernels no-such-kernel" ./run_all.sh --slurm --quick \
	--nodelist "$host,$host" --time 8 --kernels reference,hyperbola --out "$tmp/fleet" \
	>"$tmp/fleet.out" 2>"$tmp/fleet.err"
echo "fleet_rc=$?" >"$tmp/rcs"
./run_all.sh --slurm --no-wait --quick --nodelist "$host" --time 5 --kernels no-such-kernel \
	--out "$tmp/fleet2" >"$tmp/nowait.out" 2>"$tmp/nowait.err"
echo "nowait_rc=$?" >>"$tmp/rcs"
harness/scripts/slurm_fleet.sh wait "$tmp/fleet2" >"$tmp/wait.out" 2>"$tmp/wait.err"
echo "wait_rc=$?" >>"$tmp/rcs"
cp "$SLURM_LOCAL_DIR/jobcomp.log" "$tmp/jobcomp.log" 2>/dev/null
exit 0
SH
rc=0
timeout 1200 harness/scripts/slurm_local.sh --keep "$cluster" --max-minutes 10 -- \
	bash "$tmp/inside.sh" "$PWD" "$tmp" 2>"$tmp/local.err" || rc=$?
if [[ $rc -eq 3 ]]; then
	skipped "no local Slurm cluster here: $(grep -m 1 'cannot start' "$tmp/local.err")"
	finish
fi
[[ $rc -eq 0 ]] || { bad "slurm_local.sh exited $rc:"; tail -n 20 "$tmp/local.err" | sed 's/^/    /'; }
rcs() { sed -n "s/^$1=//p" "$tmp/rcs" 2>/dev/null; }
kv() { sed -n "s/^$2=//p" "$1" 2>/dev/null | tail -n 1; }

# ---- the fleet run: one task completed, one failed and named --------------------------------
fleet=$tmp/fleet
[[ $(rcs fleet_rc) == 1 ]] && ok || { bad "run_all.sh --slurm: exit '$(rcs fleet_rc)' (want 1: one task failed)"; tail -n 30 "$tmp/fleet.err" | sed 's/^/    /'; }
grep -Eq "job array [0-9]+: 2 task\(s\) on partition local" "$tmp/fleet.err" && ok || bad "no 'job array N: 2 task(s)' line"
grep -Eq "task 1 on $host: FAILED \(FAILED, exit 2:0\): .*no-such-kernel" "$tmp/fleet.err" && ok ||
	bad "run_all.sh --slurm does not name task 1, its node and the bad kernel"
grep -Eq "task 0 on $host: completed" "$tmp/fleet.err" && ok || bad "task 0 is not reported completed"
[[ $(tail -n 1 "$tmp/fleet.out") == "$fleet/report.html" ]] && ok || bad "stdout's last line is not the fleet report: $(tail -n 1 "$tmp/fleet.out")"
job=$(kv "$fleet/fleet.txt" job)
grep -Eq "^JobId=[0-9]+ .*JobState=COMPLETED .*ArrayJobId=$job ArrayTaskId=0 " "$tmp/jobcomp.log" && ok ||
	bad "the job completion log has no COMPLETED task 0 of job $job"
grep -Eq "^JobId=[0-9]+ .*JobState=FAILED .*ArrayJobId=$job ArrayTaskId=1 " "$tmp/jobcomp.log" && ok ||
	bad "the job completion log has no FAILED task 1 of job $job"
[[ $(kv "$fleet/tasks/0.status" state) == COMPLETED && $(kv "$fleet/tasks/0.status" rc) == 0 ]] && ok ||
	bad "tasks/0.status is not COMPLETED with rc 0"
[[ $(kv "$fleet/tasks/1.status" state) == FAILED ]] && ok || bad "tasks/1.status is not FAILED"
good=$fleet/$(kv "$fleet/tasks/0.status" dir)
[[ -s $good/m64/summary.csv && -f $good/report.html ]] && ok || bad "task 0's study $good lacks m64/summary.csv or report.html"
grep -q ',hyperbola,' "$good/m64/summary.csv" 2>/dev/null && ok || bad "task 0's sweep has no hyperbola row"
tr -d ' \n' <"$good/m64/context.json" 2>/dev/null |
	grep -q "\"scheduler\":{\"name\":\"slurm\",\"job_id\":\"[0-9]*\",\"array_job_id\":\"$job\",\"array_task_id\":\"0\",\"node\":\"$host\"" &&
	ok || bad "context.json of task 0 lacks the scheduler's job $job, task 0, node $host"
git_rev=$(kv "$fleet/fleet.txt" git_rev)
grep -q "\"git_rev\": \"$git_rev\"" "$good/m64/context.json" && ok ||
	bad "the node-local build does not carry the checkout's revision $git_rev"

# ---- the fleet report --------------------------------------------------------------------
html=$fleet/report.html
for id in depend ranks machines tasks; do
	grep -q "<h2 id=\"$id\">" "$html" 2>/dev/null && ok || bad "report.html has no section $id"
done
grep -q "task 1 on $host: FAILED (FAILED, exit 2:0): run_all.sh: --kernels: unknown kernel .*no-such-kernel" "$html" && ok ||
	bad "report.html does not name the failed task 1, its node and reason"
grep -q "Does the answer depend on the machine?" "$fleet/report.md" && ok || bad "report.md lacks the per-machine question"
if command -v gnuplot >/dev/null 2>&1; then
	# the ranking charts: drawn by plots/fleet-ranks.gp (render.sh, before the report)
	grep -A1 '<figure id="chart-fleet-ranks-1">' "$html" 2>/dev/null | grep -q '^<img src="data:image/svg+xml;base64,' && ok ||
		bad "the ranking chart is not embedded"
	svg=$fleet/plots/fleet-ranks-1.svg
	check "fleet-ranks-1.svg: gnuplot's, its title the first workload" grep -q '>Places per machine: stream<' "$svg"
	check "fleet-ranks-1.svg: the machine $host" grep -q ">$(basename "$good")<" "$svg"
	check "fleet-ranks-1.svg: hyperbola at a place" grep -q '>hyperbola<' "$svg"
	check "fleet-ranks-1.png beside it" test -s "$fleet/plots/fleet-ranks-1.png"
	check "one chart per workload" test "$(ls "$fleet"/plots/fleet-ranks-*.svg | wc -l)" -eq "$(cut -d, -f1 "$fleet/fleet-ranks.csv" | tail -n +2 | sort -u | wc -l)"
else
	skipped "the fleet's ranking charts: gnuplot is not installed"
fi
grep -q "^stream,hyperbola,$(basename "$good"),1," "$fleet/fleet-ranks.csv" && ok ||
	bad "fleet-ranks.csv lacks hyperbola's first place in stream on $(basename "$good")"
expect "report FLEET again" 0 'report: .*/report.html' -- "$SB" report "$fleet"

# ---- --no-wait, then wait ----------------------------------------------------------------
[[ $(rcs nowait_rc) == 0 && $(cat "$tmp/nowait.out") =~ ^[0-9]+$ ]] && ok ||
	bad "--no-wait: exit '$(rcs nowait_rc)', stdout '$(head -c 80 "$tmp/nowait.out")' (want 0 and the job id)"
[[ $(rcs wait_rc) == 1 ]] && ok || bad "slurm_fleet.sh wait: exit '$(rcs wait_rc)' (want 1: its one task failed)"
grep -q "task 0 on $host: FAILED" "$tmp/wait.err" && ok || bad "slurm_fleet.sh wait does not name the failed task"
grep -q "task 0 on $host: FAILED" "$tmp/fleet2/report.html" 2>/dev/null && ok ||
	bad "a fleet whose every task failed has no report naming them"

# ---- nothing left running ---------------------------------------------------------------------
left=$(pgrep -f "$cluster" || true)
[[ -z $left ]] && ok || bad "processes of the cluster left: $left"
for p in munged slurmctld slurmd; do
	pid=$(cat "$cluster/$p.pid" 2>/dev/null || true)
	[[ -z $pid ]] || ! kill -0 "$pid" 2>/dev/null && ok || bad "$p ($pid) still runs"
done
[[ $(steps) -le $steps_before ]] && ok || bad "a slurmstepd was left running: $(ps -eo pid,stat,args | grep '[s]lurmstepd')"
finish
