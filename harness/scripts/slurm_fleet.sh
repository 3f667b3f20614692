#!/usr/bin/env bash
# slurm_fleet.sh - the study on a fleet of machines through Slurm (`./run_all.sh --slurm`): one
# job array, one task per node, each task with its node to itself (--exclusive), building in a
# node-local tree (the binary is -march=native) and running ./run_all.sh there; each node's
# study lands in FLEET/<hostname>/ (FLEET/<hostname>-task<N>/ when a node runs twice), the
# job and task ids in its context.json ("scheduler").  Then the fleet report.
# Usage:
#   slurm_fleet.sh submit [--partition P] [--nodelist LIST] [--time T] [--no-wait] [--out FLEET]
#                  [RUN_ALL_ARGS...] [-- BENCH_ARGS...]      (what ./run_all.sh --slurm runs)
#   slurm_fleet.sh wait FLEET     waits for FLEET's job array, says which tasks failed and why,
#                                 writes FLEET/report.html (also after --no-wait, or later)
#   slurm_fleet.sh task FLEET [RUN_ALL_ARGS...]   one task, inside the job (not by hand)
#   slurm_fleet.sh scratch-path   the node-local build tree of this checkout (on this node;
#                                 made when missing)
# Nodes: --nodelist LIST (Slurm syntax, a node may repeat), else every up node of the
# partition (--partition, else the default one).  --time T is each task's time limit (Slurm
# syntax; default: the partition's default time).  The node-local tree is $SLIDEBENCH_SCRATCH
# (default $TMPDIR or /tmp)/slidebench-fleet-<uid>/<checksum of this checkout's path>, kept
# between runs as a build cache in a folder of the user's own (mode 700); when that folder is a
# link, someone else's or writable by others, the task builds in a fresh mktemp -d folder
# instead (no cache).  SLIDEBENCH_FLEET_TASK<N>_ARGS (split on blanks) adds run_all.sh options
# to task N only.
# Exit: 0 every task completed; 1 a task failed (the others' studies are kept); 2 bad usage;
# 3 no Slurm here (sbatch or sinfo missing, or no node up).
set -euo pipefail
trap 'echo "slurm_fleet.sh: failed at line $LINENO: $BASH_COMMAND" >&2' ERR
repo=$(cd "$(dirname "$0")/../.." && pwd)
me="slurm_fleet.sh"

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
die() { echo "$me: $*" >&2; exit 2; }
noslurm() { echo "$me: $*" >&2; exit 3; }

# Returns (prints) the value of key $2 in the key=value file $1 (empty when absent).
kv() { [[ -f $1 ]] && sed -n "s/^$2=//p" "$1" | tail -n 1 || true; }

# Prints the cached node-local tree of this checkout: a folder of this user's own (mode 700)
# in the shared temporary directory, so nobody else can plant a build or a link in it.
cache_path() {
	local sum
	sum=$(printf '%s' "$repo" | cksum | cut -d' ' -f1)
	echo "${SLIDEBENCH_SCRATCH:-${TMPDIR:-/tmp}}/slidebench-fleet-$(id -u)/$sum"
}

# Returns 0 when $1 is a directory (not a symbolic link) of this user that no one else can write.
private_dir() {
	[[ -d $1 && ! -L $1 && -O $1 ]] && (( (8#$(stat -c %a "$1") & 8#022) == 0 ))
}

# Prints the node-local tree to build in, made when missing: cache_path, or, when it or its
# folder is not private (a link, someone else's, writable by others), a fresh mktemp -d (no
# cache), said on stderr.
scratch_path() {
	local tree base
	tree=$(cache_path)
	base=${tree%/*}
	mkdir -p -m 700 "${base%/*}" 2>/dev/null || true
	mkdir -m 700 "$base" 2>/dev/null || true
	if private_dir "$base" && [[ ! -L $tree.lock ]] &&
	   { [[ ! -e $tree && ! -L $tree ]] && mkdir -m 700 "$tree" || private_dir "$tree"; }; then
		echo "$tree"
		return 0
	fi
	echo "$me: $tree: not a private folder of $(id -un) (a link, someone else's, or" \
		"writable by others): building in a fresh temporary folder, without the build cache" >&2
	mktemp -d "${TMPDIR:-/tmp}/slidebench-fleet.XXXXXXXX"
}

# ---- submit --------------------------------------------------------------------------------
submit() {
	local part="" list="" tlim="" nowait=0 fleet="" pass=() nodes=() n i jid rev
	while [[ $# -gt 0 ]]; do
		case $1 in
		--slurm) shift ;;
		--partition) [[ -n ${2:-} ]] || die "--partition needs a value"; part=$2; shift 2 ;;
		--nodelist) [[ -n ${2:-} ]] || die "--nodelist needs a value"; list=$2; shift 2 ;;
		--time) [[ -n ${2:-} ]] || die "--time needs a value"; tlim=$2; shift 2 ;;
		--no-wait) nowait=1; shift ;;
		--help|-h) usage; return 0 ;;
		--out) [[ -n ${2:-} ]] || die "--out needs a value"; fleet=$2; shift 2 ;;
		--) pass+=("$@"); break ;;
		*) pass+=("$1"); shift ;;
		esac
	done
	command -v sbatch >/dev/null 2>&1 && command -v sinfo >/dev/null 2>&1 ||
		noslurm "sbatch and sinfo are not installed here: --slurm needs a Slurm client" \
			"(harness/scripts/slurm_local.sh starts a one-node cluster on this machine)"
	if [[ -z $part ]]; then  # the default partition: the one sinfo marks with '*'
		part=$(sinfo -h -o %P 2>/dev/null | sed -n 's/\*$//p' | head -n 1)
		[[ -n $part ]] || noslurm "sinfo names no default partition (is slurmctld up? give --partition)"
	fi
	if [[ -n $list ]]; then
		mapfile -t nodes < <(scontrol show hostnames "$list")
	else
		mapfile -t nodes < <(sinfo -h -N -p "$part" -t idle,mixed,allocated,completing -o %N | sort -u)
	fi
	n=${#nodes[@]}
	[[ $n -gt 0 ]] || noslurm "no node to run on (partition $part${list:+, --nodelist $list}: none up)"
	[[ -n $fleet ]] || fleet="results/$(date -u +%Y%m%d-%H%M%S)-fleet"
	if [[ -e $fleet && -n $(ls -A "$fleet" 2>/dev/null) ]]; then
		die "$fleet already exists and is not empty; a fleet never overwrites another (choose --out)"
	fi
	mkdir -p "$fleet/tasks" "$fleet/logs"
	fleet=$(cd "$fleet" && pwd)
	# the batch script: this checkout (on storage every node sees) runs one task
	{
		echo '#!/usr/bin/env bash'
		echo "# written by harness/scripts/slurm_fleet.sh: one task of the fleet $fleet"
		printf 'exec %q task %q' "$repo/harness/scripts/slurm_fleet.sh" "$fleet"
		[[ ${#pass[@]} -eq 0 ]] || printf ' %q' "${pass[@]}"
		echo
	} >"$fleet/job.sh"
	chmod +x "$fleet/job.sh"
	# Held at submission, each task is given its node, then the array is released: one task
	# per listed node, which plain --array cannot say.
	jid=$(sbatch --parsable --hold --array=0-$((n - 1)) --exclusive --nodes=1 \
		--job-name=slidebench-fleet --partition="$part" ${tlim:+--time="$tlim"} --chdir="$repo" \
		--output="$fleet/logs/task-%a.log" "$fleet/job.sh") ||
		{ echo "$me: sbatch refused the job array (see above)" >&2; exit 1; }
	jid=${jid%%;*}
	rev=$(git -C "$repo" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
	git -C "$repo" diff --quiet HEAD 2>/dev/null || rev+=-dirty
	{
		echo "job=$jid"
		echo "partition=$part"
		echo "tasks=$n"
		echo "time_limit=${tlim:-partition default}"
		echo "submitted=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
		echo "repo=$repo"
		echo "git_rev=$rev"
		echo "run_all_args=${pass[*]}"
		for i in "${!nodes[@]}"; do echo "task.$i.node=${nodes[$i]}"; done
	} >"$fleet/fleet.txt"
	for i in "${!nodes[@]}"; do
		scontrol update JobId="${jid}_$i" ReqNodeList="${nodes[$i]}" >/dev/null ||
			echo "$me: note: task $i could not be bound to node ${nodes[$i]}; Slurm places it" >&2
	done
	scontrol release "$jid" >/dev/null
	echo "$me: job array $jid: $n task(s) on partition $part: ${nodes[*]}; fleet $fleet" >&2
	if [[ $nowait -eq 1 ]]; then
		echo "$me: not waiting (--no-wait); later: harness/scripts/slurm_fleet.sh wait $fleet" >&2
		echo "$jid"
		return 0
	fi
	wait_fleet "$fleet"
}

# ---- task (inside the job) -------------------------------------------------------------------
# Writes FLEET/tasks/N.status (key=value lines) for this task.
task_status() { # file rc reason
	{
		echo "task=${SLURM_ARRAY_TASK_ID:-0}"
		echo "node=${SLURMD_NODENAME:-$(hostname -s)}"
		echo "host=$(hostname -s)"
		echo "dir=${sdir:-}"
		echo "job=${SLURM_JOB_ID:-}"
		echo "array_job=${SLURM_ARRAY_JOB_ID:-}"
		echo "rc=$2"
		echo "reason=$3"
	} >"$1.tmp" && mv "$1.tmp" "$1"
}

task() {
	local fleet=$1 id=${SLURM_ARRAY_TASK_ID:-0} host tree st rc=0 why="" extra=() log
	shift
	host=$(hostname -s)
	st=$fleet/tasks/$id.status
	log=$fleet/logs/task-$id.log
	# the study directory: the host's name, or host-taskN when the node already ran one
	sdir=$host
	mkdir "$fleet/$sdir" 2>/dev/null || { sdir=$host-task$id; mkdir -p "$fleet/$sdir"; }
	task_status "$st" running "started $(date -u +%H:%M:%S)"
	local var="SLIDEBENCH_FLEET_TASK${id}_ARGS"
	[[ -z ${!var:-} ]] || read -r -a extra <<<"${!var}"
	tree=$(scratch_path)
	# One task at a time in a tree; sources copied with their times (make rebuilds what
	# changed), build trees kept: the node's own -march=native build.  (The lock is in the
	# private folder beside the tree; a fresh temporary tree needs none and is removed after.)
	if [[ $tree == "$(cache_path)" ]]; then
		exec 9>"$tree.lock"
		flock 9
	fi
	find "$tree" -mindepth 1 -maxdepth 1 ! -name 'bin*' ! -name 'build*' -exec rm -rf {} +
	tar -C "$repo" --exclude='./bin*' --exclude='./build*' --exclude=./results \
		--exclude=./.git -cf - . | tar -C "$tree" -xf -
	# the copy has no .git: the Makefile takes the checkout's revision from the environment
	GIT_REV=$(kv "$fleet/fleet.txt" git_rev)
	export GIT_REV=${GIT_REV:-unknown}
	echo "$me: task $id on $host (job ${SLURM_JOB_ID:-?}): ./run_all.sh in $tree into $fleet/$sdir" >&2
	# the task's own options go before a "--" (after it come bench's)
	local own=() bench=()
	while [[ $# -gt 0 && $1 != -- ]]; do own+=("$1"); shift; done
	bench=("$@")
	(cd "$tree" && ./run_all.sh --out "$fleet/$sdir" "${own[@]}" "${extra[@]}" "${bench[@]}") || rc=$?
	if [[ $rc -ne 0 ]]; then
		# a failed step, or an option's value refused before anything ran (exit 2)
		why=$(grep -E '^run_all\.sh: (FAILED|.*(failed|FAILED)|--[a-z-]+[ :])' "$log" | tail -n 1 |
			sed 's/ (known: .*//' || true)
		local first
		first=$(grep -E -i -m 1 '^slidebench[^:]*: .*(unknown|no such|not found|error|cannot|fail)' "$log" |
			sed 's/; known: .*//' | cut -c 1-200 || true)
		[[ -z $first ]] || why="$why (first error: $first)"
		[[ -n $why ]] || why="./run_all.sh exited with status $rc (see $log)"
	fi
	task_status "$st" "$rc" "$why"
	[[ $tree == "$(cache_path)" ]] || rm -rf -- "$tree"
	return "$rc"
}

# ---- wait ------------------------------------------------------------------------------------
# Prints "task state exitcode node" per task of job $1 from sacct, or scontrol show job.
sched_states() {
	local jid=$1 out
	if out=$(sacct -n -P -X -j "$jid" -o JobID,State,ExitCode,NodeList 2>/dev/null) && [[ -n $out ]]; then
		awk -F'|' '$1 ~ /_[0-9]+$/ { split($1, a, "_"); split($2, s, " "); print a[2], s[1], $3, $4 }' <<<"$out"
		return 0
	fi
	scontrol show job -o "$jid" 2>/dev/null | awk '{
		t = st = ec = nl = "?"
		for (i = 1; i <= NF; i++) {
			split($i, kv, "=")
			if (kv[1] == "ArrayTaskId") t = kv[2]
			else if (kv[1] == "JobState") st = kv[2]
			else if (kv[1] == "ExitCode") ec = kv[2]
			else if (kv[1] == "NodeList") nl = kv[2]
		}
		if (t ~ /^[0-9]+$/) print t, st, ec, nl }' || true
}

wait_fleet() {
	local fleet=${1%/} jid n i last="" now states st line state ec node rc why failed=0 dir
	[[ -f $fleet/fleet.txt ]] || die "$fleet/fleet.txt: not a fleet directory (slurm_fleet.sh submit writes it)"
	jid=$(kv "$fleet/fleet.txt" job) n=$(kv "$fleet/fleet.txt" tasks)
	while :; do
		now=$(squeue -h -j "$jid" -o '%i %T %R' 2>/dev/null | sort || true)
		[[ -n $now ]] || break
		if [[ $now != "$last" ]]; then
			echo "$me: job $jid: $(tr '\n' ';' <<<"$now" | sed 's/;$//; s/;/; /g')" >&2
			last=$now
		fi
		sleep "${SLIDEBENCH_FLEET_POLL:-5}"
	done
	states=$(sched_states "$jid")
	for ((i = 0; i < n; i++)); do
		st=$fleet/tasks/$i.status
		line=$(awk -v t="$i" '$1 == t' <<<"$states")
		state=$(awk '{ print $2 }' <<<"$line") ec=$(awk '{ print $3 }' <<<"$line")
		node=$(kv "$st" node)
		[[ -n $node ]] || node=$(awk '{ print $4 }' <<<"$line")
		[[ -n $node && $node != "?" ]] || node=$(kv "$fleet/fleet.txt" "task.$i.node")
		rc=$(kv "$st" rc) why=$(kv "$st" reason) dir=$(kv "$st" dir)
		[[ -n $state ]] || state=$([[ $rc == 0 ]] && echo COMPLETED || echo UNKNOWN)
		if [[ $state == COMPLETED && $rc == 0 ]]; then
			echo "$me: task $i on $node: completed: $fleet/$dir" >&2
		else
			failed=$((failed + 1))
			[[ -n $rc && $rc != running ]] || why="the task did not finish (Slurm: $state${ec:+, exit $ec})"
			[[ -f $st ]] || why="the task never started (Slurm: $state${ec:+, exit $ec})"
			echo "$me: task $i on $node: FAILED ($state${ec:+, exit $ec}): $why" >&2
		fi
		{
			echo "task=$i"; echo "node=$node"; echo "host=$(kv "$st" host)"; echo "dir=$dir"
			echo "job=$(kv "$st" job)"; echo "array_job=$jid"; echo "state=$state"
			echo "exit_code=$ec"; echo "rc=${rc:-}"; echo "reason=$why"
		} >"$st.tmp" && mv "$st.tmp" "$st"
	done
	if [[ -x $repo/bin/slidebench ]]; then
		# the ranking charts first (plots/fleet-ranks.gp), which the report embeds
		BIN=$repo/bin "$repo/plots/render.sh" "$fleet" >&2 ||
			echo "$me: note: plots/render.sh $fleet failed (see above): the report has no charts" >&2
		"$repo/bin/slidebench" report "$fleet" >&2 ||
			echo "$me: note: bin/slidebench report $fleet failed (see above)" >&2
	else
		echo "$me: note: no bin/slidebench here: build it (make) and run" \
			"bin/slidebench report $fleet for the fleet report" >&2
	fi
	if [[ $failed -gt 0 ]]; then
		echo "$me: $((n - failed)) of $n task(s) completed, $failed FAILED (named above;" \
			"the others' studies are kept)" >&2
	else
		echo "$me: all $n task(s) completed" >&2
	fi
	if [[ -f $fleet/report.html ]]; then echo "$fleet/report.html"; else echo "$fleet"; fi
	return $((failed > 0 ? 1 : 0))
}

case ${1:-} in
submit) shift; submit "$@" || exit $? ;;
wait) [[ $# -eq 2 ]] || die "usage: slurm_fleet.sh wait FLEET"; wait_fleet "$2" || exit $? ;;
task) [[ $# -ge 2 ]] || die "usage: slurm_fleet.sh task FLEET [RUN_ALL_ARGS...]"; shift; task "$@" || exit $? ;;
scratch-path) scratch_path ;;
--help|-h) usage ;;
*) usage >&2; exit 2 ;;
esac
