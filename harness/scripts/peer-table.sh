#!/usr/bin/env bash
# peer-table.sh - our peer loops beside the Chess_Movegen peer's, measured in alternating
# rounds on one pinned CPU, written as a Markdown table of MQueens/s and ratios.
#
# Usage: harness/scripts/peer-table.sh [--rounds N] [--cpu C] [--out DIR] [--ours NAME=SLIDEBENCH]...
#                                       LABEL=PEER_BINARY...
#
# The peer is never built here: build it from its public source in a folder of your own
# (docs/peer.md says how, and which variants make the comparison like for like), then pass
# each build as LABEL=BINARY.  A label starting with K is a known-squares build (compared
# with our `peer` mode), one starting with R a random-squares build (our `peer-random`).
# Each round runs every peer build once and each of our builds once (default: gcc=bin/slidebench;
# --ours clang=bin-clang/slidebench adds the clang build), each ours as bench --mode
# peer,peer-random --samples 11 --events none, in reverse order every other round so a
# drift of the host's clock does not favour either side; a ratio is ours over the peer's
# within one round, and the table shows the median of the rounds' ratios with its 95% interval
# (from 6 rounds; a gap only where the interval lies below 0.95).  Before each round
# and after every process the host is probed (our first build's hyperbola, random squares,
# 5 samples, a fraction of a second): the table says how far the probe moved, which is how far
# the host's speed moved under the figures.  Default: 6 rounds on cpu 1, DIR
# results/peer-<date>.  Nothing else may run on the machine meanwhile.
set -euo pipefail
trap 'echo "peer-table.sh: failed at line $LINENO: $BASH_COMMAND" >&2' ERR
cd "$(dirname "$0")/../.."
usage() { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; }
need_arg() { [[ $# -ge 2 && -n $2 ]] || { echo "peer-table.sh: $1 needs a value (see --help)" >&2; exit 2; }; }
rounds=6 cpu=1 out=results/peer-$(date +%Y%m%d-%H%M%S)
builds=() ours=()
while [[ $# -gt 0 ]]; do
	case $1 in
	--rounds) need_arg "$@"; rounds=$2; shift 2 ;;
	--cpu) need_arg "$@"; cpu=$2; shift 2 ;;
	--out) need_arg "$@"; out=$2; shift 2 ;;
	--ours) need_arg "$@"; ours+=("$2"); shift 2 ;;
	-h | --help) usage; exit 0 ;;
	[KR]*=*) builds+=("$1"); shift ;;
	*) echo "peer-table.sh: $1: expected LABEL=BINARY with LABEL starting K or R (see --help)" >&2; exit 2 ;;
	esac
done
[[ ${#builds[@]} -gt 0 ]] || { usage >&2; exit 2; }
[[ $rounds =~ ^[1-9][0-9]?$ && $cpu =~ ^[0-9]+$ ]] || { echo "peer-table.sh: --rounds 1-99 and --cpu N" >&2; exit 2; }
for b in "${builds[@]}"; do
	[[ ${b%%=*} =~ ^[A-Za-z0-9_-]+$ ]] || { echo "peer-table.sh: ${b%%=*}: a label is letters, digits, - and _" >&2; exit 2; }
	[[ -f ${b#*=} && -x ${b#*=} ]] || { echo "peer-table.sh: ${b#*=}: not an executable file" >&2; exit 2; }
done
if [[ ${#ours[@]} -eq 0 ]]; then
	[[ -x bin/slidebench ]] || make
	ours=(gcc=bin/slidebench)
fi
for o in "${ours[@]}"; do
	[[ ${o%%=*} =~ ^[a-z0-9_-]+$ && -f ${o#*=} && -x ${o#*=} ]] || { echo "peer-table.sh: --ours $o: NAME (lower case) = an executable slidebench" >&2; exit 2; }
done
[[ -e $out ]] && { echo "peer-table.sh: $out exists: not overwritten" >&2; exit 1; }
# The probe's bench once before anything is made: when our build cannot run it, say so, and
# leave no half-made --out behind.
pre=$(mktemp -d)
trap 'rm -rf "$pre"' EXIT
if ! "${ours[0]#*=}" bench --cpu "$cpu" --mode peer-random --kernel hyperbola --samples 5 \
	--events none --out "$pre/first/probe" >"$pre/probe.log" 2>&1; then
	echo "peer-table.sh: the host probe (${ours[0]#*=} bench --cpu $cpu --mode peer-random --kernel hyperbola) failed; its last lines:" >&2
	tail -n 5 "$pre/probe.log" | sed 's/^/  | /' >&2
	exit 1
fi
mkdir -p "$out"

run_peer() { # LABEL BINARY ROUNDDIR
	taskset -c "$cpu" "$2" >"$3/$1.txt" 2>&1 || echo "peer-table.sh: $1 ($2) exited with $?; its column stays empty this round" >&2
}
run_ours() { # ROUNDDIR
	local o name bin
	for o in "${ours[@]}"; do
		name=${o%%=*} bin=${o#*=}
		"$bin" bench --cpu "$cpu" --mode peer,peer-random --samples 11 --events none \
			--out "$1/ours-$name" >"$1/ours-$name.log" 2>&1 ||
			echo "peer-table.sh: $bin failed (see $1/ours-$name.log)" >&2
		awk -f plots/csv.awk -v where='cache_state=warm;mode=peer|peer-random;kernel!=null' \
			-v cols='kernel,mode,mlookups_per_s,flags' "$1/ours-$name/summary.csv" \
			>"$1/ours-$name.csv" 2>/dev/null || :
	done
}
probe() { # ROUNDDIR WHEN: one line "round when MQueens/s" in DIR/probes.txt (no figure: -)
	local p=$1/probe-$((++nprobe)) v
	"${ours[0]#*=}" bench --cpu "$cpu" --mode peer-random --kernel hyperbola --samples 5 \
		--events none --out "$p" >"$p.log" 2>&1 ||
		echo "peer-table.sh: the host probe failed (see $p.log): no figure this time" >&2
	v=$( { awk -f plots/csv.awk -v where='cache_state=warm;kernel=hyperbola' \
		-v cols=mlookups_per_s "$p/summary.csv" 2>/dev/null || :; } | awk -F, 'NR == 2 { print $1 }')
	echo "${1##*-} $2 ${v:--}" >>"$out/probes.txt"
}
nprobe=0
for ((i = 1; i <= rounds; i++)); do
	d=$out/round-$i
	mkdir -p "$d"
	echo "peer-table.sh: round $i of $rounds" >&2
	probe "$d" start
	((i % 2 == 0)) && { run_ours "$d"; probe "$d" ours; }
	for b in "${builds[@]}"; do run_peer "${b%%=*}" "${b#*=}" "$d"; probe "$d" "${b%%=*}"; done
	((i % 2 == 1)) && { run_ours "$d"; probe "$d" ours; }
done

labels=$(printf '%s\n' "${builds[@]}" | sed 's/=.*//' | tr '\n' ' ')
names=$(printf '%s\n' "${ours[@]}" | sed 's/=.*//' | tr '\n' ' ')
machine=$(awk -F': *' '/^model name/ { n = $2 } /^cpu family/ { f = $2 } /^model[ \t]*:/ { m = $2 }
	END { printf "%s (family %s model %s)", n, f, m }' /proc/cpuinfo 2>/dev/null || echo unknown)
# the machine's CPUs online, not nproc's (this process's affinity mask)
machine="$machine, $(getconf _NPROCESSORS_ONLN 2>/dev/null || nproc --all) vCPUs, pinned to cpu $cpu"
awk -v rounds="$rounds" -v labels="$labels" -v ours="$names" -v out="$out" -v machine="$machine" \
	-v when="$(date -u +%Y-%m-%d)" -v probes="$out/probes.txt" \
	-f harness/scripts/order-rank.awk -f harness/scripts/peer-table.awk harness/scripts/peer-names.txt \
	>"$out/table.md"
cat "$out/table.md"
echo "peer-table.sh: $out/table.md" >&2
