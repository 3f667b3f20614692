#!/usr/bin/env bash
# slurm_local.sh - a one-node Slurm cluster on this machine for as long as one command runs:
# munged, slurmctld and slurmd on 127.0.0.1 with a generated configuration in a temporary
# folder (nothing under /etc is read or written), the command run with SLURM_CONF pointing at
# it, and every daemon stopped when the command ends (or the script is interrupted).
# Usage: harness/scripts/slurm_local.sh [--keep DIR] [--max-minutes N] [--] COMMAND [ARGS...]
#   --keep DIR       the cluster's folder (config, logs, job completion log) is DIR, kept after
#                    the run (default: a temporary folder, removed)
#   --max-minutes N  the partition's time limit: no job runs longer (default 20)
# Needs root (munged --force and slurmd run as root here; SlurmUser=root) and the Debian
# packages slurm-wlm and munge, which it installs with apt-get when they are missing, saying so.
# The job completion log (jobcomp/filetxt; no accounting daemon) is $SLURM_LOCAL_DIR/jobcomp.log.
# Exit: the command's status; 3 when the cluster cannot run here (the reason on stderr);
# 2 bad usage.
set -euo pipefail
trap 'echo "slurm_local.sh: failed at line $LINENO: $BASH_COMMAND" >&2' ERR

usage() { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; }
keep="" max_min=20
while [[ $# -gt 0 ]]; do
	case $1 in
	--keep) [[ $# -ge 2 ]] || { usage >&2; exit 2; }; keep=$2; shift 2 ;;
	--max-minutes) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || { usage >&2; exit 2; }; max_min=$2; shift 2 ;;
	--help|-h) usage; exit 0 ;;
	--) shift; break ;;
	-*) echo "slurm_local.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
	*) break ;;
	esac
done
[[ $# -ge 1 ]] || { usage >&2; exit 2; }
cannot() { echo "slurm_local.sh: cannot start a local Slurm cluster: $*" >&2; exit 3; }

# ---- the packages --------------------------------------------------------------------------
[[ $(id -u) -eq 0 ]] || cannot "not root (munged --force and slurmd with SlurmUser=root need root)"
need=()
for p in slurmctld:slurmctld slurmd:slurmd sbatch:slurm-client munged:munge mungekey:munge; do
	command -v "${p%%:*}" >/dev/null 2>&1 || PATH=$PATH:/usr/sbin command -v "${p%%:*}" \
		>/dev/null 2>&1 || need+=("${p#*:}")
done
if [[ ${#need[@]} -gt 0 ]]; then
	command -v apt-get >/dev/null 2>&1 || cannot "no apt-get to install slurm-wlm and munge"
	echo "slurm_local.sh: installing slurm-wlm munge with apt-get (a one-node Slurm cluster" \
		"for the fleet test; missing: ${need[*]})" >&2
	# as deps.sh does: one package index that fails to refresh must not stop the install from
	# the lists the machine has
	apt-get update -qq >&2 ||
		echo "slurm_local.sh: apt-get update reported errors; installing from the lists it has" >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm \
		munge >&2 || cannot "apt-get install slurm-wlm munge failed (no network or no such package)"
fi
export PATH=$PATH:/usr/sbin

# ---- the folder and the daemons -------------------------------------------------------------
if [[ -n $keep ]]; then
	mkdir -p "$keep"; dir=$(cd "$keep" && pwd)
else
	dir=$(mktemp -d /tmp/slurm-local.XXXXXX)
fi
chmod 755 "$dir"
mkdir -p "$dir/munge" "$dir/state" "$dir/spool"
# Prints the live (not zombie) slurmstepd processes that were not running before the cluster.
live_steps() { ps -eo pid=,stat=,comm= | awk '$3 == "slurmstepd" && $2 !~ /^Z/ { print $1 }'; }
steps_before=$(live_steps | tr '\n' ' ')
new_steps() { live_steps | while read -r p; do [[ " $steps_before " == *" $p "* ]] || echo "$p"; done; }
stop() {
	local rc=$? p i alive
	trap - EXIT INT TERM
	# cancel what is still queued or running and wait (10 s) for the jobs' steps to end, then
	# stop the daemons: slurmd first
	if [[ -f $dir/slurm.conf && -f $dir/slurmctld.pid ]]; then
		SLURM_CONF=$dir/slurm.conf timeout 10 scancel --full --user=root >/dev/null 2>&1 || true
		for i in $(seq 50); do
			[[ -z $(SLURM_CONF=$dir/slurm.conf timeout 5 squeue -h -o %i 2>/dev/null) ]] && break
			sleep 0.2
		done
	fi
	# the jobs' slurmstepd processes (those that were not there before) end on their own
	for i in $(seq 50); do
		[[ -z $(new_steps) ]] && break
		sleep 0.2
	done
	for p in $(new_steps); do kill "$p" 2>/dev/null || true; done
	for p in slurmd slurmctld munged; do
		[[ -f $dir/$p.pid ]] && kill "$(cat "$dir/$p.pid")" 2>/dev/null || true
	done
	for i in $(seq 50); do
		alive=0
		for p in slurmd slurmctld munged; do
			[[ -f $dir/$p.pid ]] && kill -0 "$(cat "$dir/$p.pid")" 2>/dev/null && alive=1
		done
		[[ $alive -eq 0 ]] && break
		sleep 0.2
	done
	for p in slurmd slurmctld munged; do
		[[ -f $dir/$p.pid ]] && kill -KILL "$(cat "$dir/$p.pid")" 2>/dev/null || true
	done
	[[ -n $keep ]] || rm -rf "$dir"
	exit "$rc"
}
trap stop EXIT
trap 'exit 130' INT TERM

# A free TCP port for slurmctld and the next one for slurmd (from a random start).
port=$((20000 + RANDOM % 20000))
while (echo >/dev/tcp/127.0.0.1/$port) 2>/dev/null || (echo >/dev/tcp/127.0.0.1/$((port + 1))) 2>/dev/null; do
	port=$((port + 2))
done

mungekey --create --keyfile="$dir/munge/munge.key" --force 2>/dev/null ||
	dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
chmod 600 "$dir/munge/munge.key"
chmod 700 "$dir/munge"
munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
	--pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munge/seed" \
	2>"$dir/munged.err" || cannot "munged did not start: $(head -c 300 "$dir/munged.err")"

host=$(hostname -s)
cpus=$(nproc)
mem=$(awk '/^MemTotal:/ { print int($2 / 1024 / 2) }' /proc/meminfo)
cat >"$dir/slurm.conf" <<CONF
# generated by harness/scripts/slurm_local.sh: a one-node cluster on 127.0.0.1
ClusterName=slidebench-local
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$dir/jobcomp.log
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MinJobAge=600
KillWait=5
PlugStackConfig=$dir/plugstack.conf
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=$max_min DefaultTime=$max_min State=UP
CONF
: >"$dir/plugstack.conf"
export SLURM_CONF=$dir/slurm.conf SLURM_LOCAL_DIR=$dir

slurmctld -f "$SLURM_CONF" -c 2>"$dir/slurmctld.err" ||
	cannot "slurmctld did not start: $(tail -n 3 "$dir/slurmctld.log" "$dir/slurmctld.err" 2>/dev/null)"
slurmd -f "$SLURM_CONF" 2>"$dir/slurmd.err" ||
	cannot "slurmd did not start: $(tail -n 3 "$dir/slurmd.log" "$dir/slurmd.err" 2>/dev/null)"
# The node is up when sinfo says idle (at most 30 s).
for i in $(seq 60); do
	state=$(timeout 5 sinfo -h -n "$host" -o %t 2>/dev/null || true)
	[[ $state == idle ]] && break
	sleep 0.5
done
[[ $state == idle ]] || cannot "node $host is not idle after 30 s (state '$state'; see" \
	"$dir/slurmctld.log, $dir/slurmd.log)"
echo "slurm_local.sh: cluster up: node $host ($cpus CPUs), partition local (jobs at most" \
	"$max_min min), SLURM_CONF=$SLURM_CONF" >&2
rc=0
"$@" || rc=$?
exit "$rc"
