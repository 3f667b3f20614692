#!/usr/bin/env bash
# cpus.sh - the CPUs this process may run on, one number a line: its affinity mask (taskset,
# a cgroup cpuset, a Slurm allocation, docker --cpuset-cpus narrow it; `nproc` counts the same
# CPUs), read from /proc/self/status, else every online CPU.  With LIST ("0-3,6"), that list's
# CPUs instead, expanded; exit 2 when LIST is not such a list.
#   usage: harness/scripts/cpus.sh [LIST]
set -euo pipefail
trap 'echo "cpus.sh: failed at line $LINENO" >&2' ERR
if [[ ${1:-} == --help || ${1:-} == -h ]]; then
	sed -n '2,6{s/^# \{0,1\}//p}' "$0"
	exit 0
fi
list=${1:-}
if [[ -z $list ]]; then
	list=$(awk '$1 == "Cpus_allowed_list:" { print $2 }' /proc/self/status 2>/dev/null || true)
	[[ -n $list ]] || list=$(cat /sys/devices/system/cpu/online 2>/dev/null || echo "0-$(($(nproc) - 1))")
fi
[[ $list =~ ^[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*$ ]] ||
	{ echo "cpus.sh: \"$list\" is not a CPU list such as 0,1 or 0-3,6" >&2; exit 2; }
tr ',' '\n' <<<"$list" | awk -F- '{ hi = NF > 1 ? $2 : $1; for (c = $1 + 0; c <= hi; c++) print c }' |
	sort -n -u
