#!/usr/bin/env bash
# run_all.sh - the whole study in one command: install what is missing, build (64-bit, and
# 32-bit where gcc-multilib is there), verify every kernel, build the default trace, run the
# pinned sweep (every kernel x every mode) into a study directory results/<id>/, the two
# cross-process comparisons as alternating short blocks (A B B A A B ...: the -m32 build against
# the same -march 64-bit build where 32-bit programs run; the large-table kernels with and
# without huge pages; the gcc build against the clang build where clang is installed), a
# pressure sweep, a simulated sweep where there is no PMU, the charts and
# the report.  Ends by printing the report's path.  See --help; the layout of a study is in
# plots/README.md.  Machine-dependent steps degrade with one note; the exit status is non-zero
# only for real failures (a build or a verification failed).
set -euo pipefail
trap 'echo "run_all.sh: failed at line $LINENO: $BASH_COMMAND" >&2' ERR
start_dir=$PWD   # a --plugin path is read from where the command was given
cd "$(dirname "$0")"

usage() {
	cat <<'TXT'
usage: ./run_all.sh [OPTIONS] [-- BENCH-ARGS...]
  --quick         a short study: few and short samples, indicative only (a few minutes)
  --kernels LIST  only these kernels (comma-separated; see bin/slidebench list)
  --trace FILE    replay this trace instead of datasets/master-2000.trace
  --cpu LIST      the CPUs the study may use (N, or a list such as 0,1 or 0-3): every bench
                  is pinned to the first, the thread sweep uses them all (default: every CPU
                  this process may run on, the benches on the last); one CPU: no thread sweep
  --out DIR       the study directory (default results/<date>-<time>-study); must not exist
  --samples N     measured samples per kernel and workload of the main sweep (default 31;
                  --quick 3); the pressure run takes 15 (--quick 3), each block 3
  --pairs N       block pairs per cross-process comparison (default 6, --quick 3; with
                  fewer than 6 the signed-rank test cannot reach p < 0.05)
  --node-ns T     the report's engine node time in ns for the search workload's engine
                  gain (default 1000; slidebench report --node-ns)
  --plan          print the main sweep and the blocks in run order (what each runs), run nothing
  --simulate      run the simulated (callgrind) sweep even where hardware counters work
  --bench-only    skip installing, building, verifying and the trace (make bench)
  --plugin FILE.so  put your own kernel plugin through the whole study (repeatable; see
                  docs/plugins.md): verified, in every sweep but the -m32 blocks, charted
  --slurm [--partition P] [--nodelist LIST] [--time T] [--no-wait]
                  the study on every node through Slurm, into results/<date>-fleet/<host>/
                  and a fleet report (harness/scripts/slurm_fleet.sh --help)
  --help          this text
  -- BENCH-ARGS   passed to every `slidebench bench` as they are
Writes DIR/m64/ (the sweep), DIR/bits/NN-m64/ and NN-m32/ (or DIR/m32.skipped),
DIR/tables/NN-hugepage/ and NN-nohugepage/ (or DIR/tables.skipped), DIR/compiler/NN-gcc/ and
NN-clang/ (bin/slidebench against bin-clang/slidebench, or DIR/compiler.skipped), each block directory's
blocks.csv (slidebench blocks), DIR/pressure/ (pressure mode), DIR/threads/ (every table size
with 1 to all --cpu CPUs' threads at once, or DIR/threads.skipped), DIR/sim/ (no PMU), DIR/plots/,
DIR/report.html, report.md and answer.txt; DIR/build.log and DIR/run.log hold every command's
own output.  One line per step goes to stderr; the answers and the report's path end stdout.
Exit status: 0 ok; 1 a build, a verification or a sweep failed (the rest still ran; answer.txt
names the steps); 2 bad usage.
TXT
}

# --slurm: the study on a fleet of machines, each node running this script (slurm_fleet.sh)
for a in "$@"; do [[ $a == --slurm ]] && exec harness/scripts/slurm_fleet.sh submit "$@"; [[ $a == -- ]] && break; done
quick=0 kernels="" trace="" cpu="" out="" samples="" force_sim=0 bench_only=0 extra=() pairs="" plan=0
node_ns=""  # --node-ns T: the report's engine node time (slidebench report --node-ns)
plug=()  # --plugin FILE.so, as bench, list and verify take it
need_arg() { [[ $# -ge 2 && -n $2 ]] || { echo "run_all.sh: $1 needs a value" >&2; exit 2; }; }
while [[ $# -gt 0 ]]; do
	case $1 in
	--quick) quick=1; shift ;;
	--kernels|--kernel) need_arg "$@"; kernels=$2; shift 2 ;;
	--trace) need_arg "$@"; trace=$2; shift 2 ;;
	--cpu) need_arg "$@"; cpu=$2; shift 2 ;;
	--out) need_arg "$@"; out=$2; shift 2 ;;
	--samples) need_arg "$@"; samples=$2; shift 2 ;;
	--simulate) force_sim=1; shift ;;
	--pairs) need_arg "$@"; pairs=$2; shift 2 ;;
	--node-ns) need_arg "$@"; node_ns=$2; shift 2
		[[ $node_ns =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "run_all.sh: --node-ns $node_ns: give an engine's nanoseconds a node" >&2; exit 2; } ;;
	--plan) plan=1; shift ;;
	--bench-only) bench_only=1; shift ;;
	--plugin) need_arg "$@"; plug+=(--plugin "$2"); shift 2 ;;
	--plugin=*) [[ -n ${1#--plugin=} ]] || { echo "run_all.sh: --plugin needs a value" >&2; exit 2; }
		plug+=(--plugin "${1#--plugin=}"); shift ;;
	--help|-h) usage; exit 0 ;;
	--) shift; extra=("$@"); break ;;
	*) echo "run_all.sh: unknown option $1 (see ./run_all.sh --help)" >&2; exit 2 ;;
	esac
done
# The CPUs: those this process may run on (its affinity mask: taskset, a cgroup cpuset, a Slurm
# allocation), or those of --cpu; every bench is pinned to cpu, the thread sweep's threads go
# on thread_cpus only.
mapfile -t allowed < <(harness/scripts/cpus.sh)
[[ ${#allowed[@]} -gt 0 ]] || allowed=(0)
cpu_given=$cpu thread_cpus=("${allowed[@]}")
[[ -n $out ]] || out="results/$(date -u +%Y%m%d-%H%M%S)-study"
if [[ $plan -eq 0 && -e $out && -n $(ls -A "$out" 2>/dev/null) ]]; then
	echo "run_all.sh: $out already exists and is not empty; a study never overwrites another (choose --out)" >&2
	exit 2
fi
if [[ -n $pairs && ! $pairs =~ ^[1-9][0-9]?$ ]]; then
	echo "run_all.sh: --pairs $pairs: give a number of block pairs from 1 to 99" >&2
	exit 2
fi
# Every option's value is checked here, before anything is built or the study folder made
# (each bench refused it with exit 1 and left a folder that blocked the same --out); the
# kernel names, which need bin/slidebench, by check_kernels after the build.
usage_error() { echo "run_all.sh: $*" >&2; exit 2; }
if [[ -n $samples ]] && ! [[ $samples =~ ^[1-9][0-9]{0,5}$ && $samples -le 100000 ]]; then
	usage_error "--samples $samples: give a whole number of samples from 1 to 100000"
fi
if [[ -n $cpu ]]; then
	# --cpu N or LIST: every CPU of it one this process may run on (cpus.sh lists them)
	[[ $cpu =~ ^[0-9]{1,4}([-,][0-9]{1,4})*$ ]] && listed=$(harness/scripts/cpus.sh "$cpu" 2>/dev/null) &&
		[[ -n $listed ]] ||
		usage_error "--cpu $cpu: give a cpu number or a list such as 0,1 or 0-3"
	mapfile -t thread_cpus <<<"$listed"
	for c in "${thread_cpus[@]}"; do
		printf '%s\n' "${allowed[@]}" | grep -qx "$c" ||
			usage_error "--cpu $cpu: cpu $c is not one this process may run on ($(printf '%s\n' "${allowed[@]}" | paste -sd,); online: $(cat /sys/devices/system/cpu/online 2>/dev/null || echo unknown))"
	done
	cpu=${thread_cpus[0]}
else
	cpu=${allowed[-1]}
fi
# --cpu LIST keeps the whole study there, not only the benches: the builds, the verification,
# the simulated counters and the charts (each a child of this shell, which inherits its mask), so
# a user who gives the study CPU 0 of a shared box finds the other CPUs left to the rest.
if [[ -n $cpu_given ]]; then
	if command -v taskset >/dev/null && taskset -pc "$(IFS=,; echo "${thread_cpus[*]}")" $$ >/dev/null 2>&1; then
		confined=$(taskset -pc $$ 2>/dev/null | sed 's/.*: *//')
	else
		confined=""
		echo "run_all.sh: --cpu $cpu_given: taskset (util-linux) could not keep the builds and charts to these CPUs; the benches are still pinned" >&2
	fi
fi
# --cpu LIST narrower than the mask: every bench runs within it (its thread placement and its
# simulated passes side by side keep to the CPUs bench may run on)
only=()
if [[ ${thread_cpus[*]} != "${allowed[*]}" ]] && command -v taskset >/dev/null 2>&1; then
	only=(taskset -c "$(IFS=,; echo "${thread_cpus[*]}")")
fi
if [[ -n $trace ]]; then
	[[ -e $trace ]] || usage_error "--trace $trace: no such file"
	[[ -f $trace ]] || usage_error "--trace $trace: not a regular file"
	[[ -r $trace ]] || usage_error "--trace $trace: not readable"
fi
for ((i = 1; i < ${#plug[@]}; i += 2)); do
	[[ ${plug[i]} == /* || ! -e $start_dir/${plug[i]} ]] || plug[i]=$start_dir/${plug[i]}
	[[ -f ${plug[i]} && -r ${plug[i]} ]] || usage_error "--plugin ${plug[i]}: no such readable file"
	[[ ${plug[i]} == */* ]] || plug[i]=./${plug[i]}   # dlopen reads a bare name as a library name
done
if [[ -n $kernels && ( $kernels == ,* || $kernels == *, || $kernels == *,,* ) ]]; then
	usage_error "--kernels $kernels: an empty name in the list"
fi
for ((i = 0; i < ${#extra[@]}; i++)); do
	case ${extra[i]} in
	--out|--out=*|-o) usage_error "bench argument ${extra[i]}: run_all.sh chooses each bench's --out (give --out DIR to run_all.sh)" ;;
	esac
done
# Prints the known kernel name (stdin, one a line) closest to $1 (fewest letters to change).
closest_kernel() {
	awk -v w="$1" '
	function dist(a, b,   i, j, c, d) {
		for (i = 0; i <= length(a); i++) d[i, 0] = i
		for (j = 0; j <= length(b); j++) d[0, j] = j
		for (i = 1; i <= length(a); i++)
			for (j = 1; j <= length(b); j++) {
				c = d[i - 1, j - 1] + (substr(a, i, 1) != substr(b, j, 1))
				if (d[i - 1, j] + 1 < c) c = d[i - 1, j] + 1
				if (d[i, j - 1] + 1 < c) c = d[i, j - 1] + 1
				d[i, j] = c
			}
		return d[length(a), length(b)]
	}
	NF { x = dist(w, $0); if (best == "" || x < bx) { best = $0; bx = x } }
	END { print best }'
}
# Checks --kernels: exit 2 naming an unknown kernel, the closest known name and all of them.
# Known are the kernels/*.c that register a kernel, and what bin/slidebench lists with the
# --plugin files (the bench arguments' too) where it is built.  Then, where bin/slidebench is
# built, the --plugin kernels join --kernels (--help: a plugin goes through the whole study,
# whatever else --kernels names).  Called before anything is built (a name a plugin may hold
# waits, when there is no bin/slidebench yet to load the plugin) and again after the build,
# before the verification.
check_kernels() {
	local known binlisted=0 plugins=("${plug[@]}") k i mine
	[[ -n $kernels && $kernels != all ]] || return 0
	for ((i = 0; i < ${#extra[@]}; i++)); do
		case ${extra[i]} in
		--plugin) plugins+=(--plugin "${extra[i + 1]:-}") ;;
		--plugin=*) plugins+=(--plugin "${extra[i]#--plugin=}") ;;
		esac
	done
	known=$(grep -l '^SB_REGISTER' kernels/*.c | sed 's|^kernels/||; s|\.c$||')
	for k in ${kernels//,/ }; do
		grep -qxF -- "$k" <<<"$known" && continue
		if [[ $binlisted -eq 0 && -x bin/slidebench ]]; then  # (once, and only when needed)
			known+=$'\n'$(bin/slidebench list "${plugins[@]}" --format csv 2>/dev/null | tail -n +2 | cut -d, -f1 || true)
			known=$(sort -u <<<"$known")
			binlisted=1
			grep -qxF -- "$k" <<<"$known" && continue
		fi
		[[ $binlisted -eq 0 && ${#plugins[@]} -gt 0 ]] && continue
		usage_error "--kernels: unknown kernel \"$k\" (closest: $(closest_kernel "$k" <<<"$known"); known: $(echo $known | tr ' ' ,))"
	done
	[[ ${#plug[@]} -gt 0 && -x bin/slidebench ]] || return 0
	mine=$(bin/slidebench list "${plug[@]}" --format csv 2>/dev/null | awk -F, 'NR == 1 {
		for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["origin"] != "built-in" && $c["status"] == "available" { print $c["name"] }') || true
	for k in $mine; do
		[[ ,$kernels, == *,"$k",* ]] || kernels+=",$k"
	done
	sel=(--kernel "$kernels") vsel=(--kernel "$kernels")
}
check_kernels   # (before the build: a typo costs no build)

# Bench settings.  side_set: the pressure run (fewer samples: many rows, one mode); block_set:
# each block of a cross-process comparison (few samples: the block pairs are what is
# replicated).  A block has no warm-up sample: every sample is preceded by an untimed sample of
# the same kernel anyway (bench.c, settle), and in a full study's 36 blocks the warm-up sample
# was no slower than the timed ones (its ratio to their median: 1.000 in stream, chain, pointer,
# random, peer and perft, 0.985-0.995 in position and pressure, over 12,000 cells), so it
# bought nothing for a quarter of each block's time.
if [[ $quick -eq 1 ]]; then
	bench_set=(--samples "${samples:-3}" --warmup 1 --min-lookups 20000)
	side_set=(--samples 3 --warmup 1 --min-lookups 20000)
	sim_set=(--samples 1 --warmup 0 --min-lookups 2000 --max-queries 1000)
	block_set=(--samples 3 --warmup 0 --epochs 1 --min-lookups 20000)
	learn_set=(--samples 3 --warmup 1 --min-lookups 20000)
	pairs=${pairs:-3}
else
	bench_set=(--samples "${samples:-31}")
	side_set=(--samples 15)
	sim_set=(--samples 1 --warmup 0 --min-lookups 5000 --max-queries 4096)
	block_set=(--samples 3 --warmup 0 --epochs 1)
	learn_set=(--samples 5 --warmup 1)
	pairs=${pairs:-6}
fi
# The learning sweep: the question pairs' stream figures with a stream of N distinct queries
# replayed until a sample is full (--max-queries N; 0: the whole trace, no query replayed
# within a sample, as every other run times it), to show what a replayed stream teaches the
# branch predictor and the caches, and that the study's answers stand where it teaches nothing.
learn_sizes="1024 4096 16384 65536 0"
# The main sweep's modes: the default ones, perft and search (a small engine's alpha-beta search,
# per node).  Search only here: the -m32 and simulation builds have no search loop, the thread
# sweep refuses it, and the blocks leave it out (its verdict's spread between processes is then
# measured on the other modes' cells).  Bench's 16 roots (283,370 nodes a pass, some 60 ms a
# kernel; 66 passes a kernel in a full sweep) would add 2 min 30 s for 54 kernels: the study
# searches 3 roots (72,749 nodes, 40 s for 54 kernels on an Emerald Rapids guest; 4 roots took
# 64 s) and --quick 2 (22,642 nodes); -- --search-positions N overrides both.
sweep_modes="default,perft,search"
search_set=(--search-positions 3)
[[ $quick -eq 1 ]] && search_set=(--search-positions 2)
# The bits blocks time three modes (a block of every mode would make 12 blocks cost twice the
# old whole -m32 sweep); the huge-page blocks time position mode, as the old runs did.
bits_modes="stream,chain,position"
# The compiler blocks (gcc: bin/slidebench, clang: bin-clang/slidebench, both -O2 -march=native)
# time every kernel in every mode a verdict of the report is asked of: throughput in game
# order, latency (chain), the plugin caller's indirect call (pointer), the engine's
# per-position loop, the peer's kind of random loop, the peer's own loop (64 known squares per
# occupancy), perft and the pressure sizes.  The gcc blocks are also the processes the report
# measures what moves between processes over, and a mode's own cells are the only honest
# source of that: with pressure measured only on the other modes' cells (+-1.1%), a study
# settled an 8 MiB pressure verdict at 1.155x that the next two studies of the same build
# reversed (the big-table kernels' 8 MiB figures moved by up to 1.46x between processes).
# Peer mode's barriers keep clang's vector lanes within one lookup (README, "Compilers and
# builds").  Each block takes about 7 s on an Emerald Rapids guest (12 s on Zen 5 once, before
# the verification and settle changes of docs/methodology.md, "Where a study's time goes").
compiler_modes="stream,chain,pointer,position,random,peer,perft,pressure"
# --quick leaves perft out of them (3 s of a 6 s block): a quick study's perft verdict then
# borrows its between-process term and is not called settled (quick verdicts are indicative).
[[ $quick -eq 1 ]] && compiler_modes=${compiler_modes/,perft/}
sel=() vsel=()
[[ -n $kernels ]] && sel=(--kernel "$kernels") && vsel=(--kernel "$kernels")
if [[ -n $trace ]]; then
	bench_set+=(--trace "$trace"); side_set+=(--trace "$trace"); sim_set+=(--trace "$trace")
	block_set+=(--trace "$trace"); learn_set+=(--trace "$trace")
fi
# Returns (prints) the kernels of list $1 that --kernels selected, comma-separated, in $1's
# order; all of $1 without --kernels; nothing when none was selected.
subset() {
	[[ -n $kernels ]] || { echo "$1"; return 0; }
	tr ',' '\n' <<<"$1" | grep -Fxf <(tr ',' '\n' <<<"$kernels") | paste -sd, || true
}
# The kernel sets of the side runs come from the kernels' descriptors (`slidebench list
# --format csv`, read after the build): no kernel is named here.
big_bytes=131072  # large tables: 128 KiB and more (more pages than a first-level TLB maps)
# Returns (prints) the descriptor rows of the available kernels but the oracle, as
# "name,family,table_bytes,sibling,question", ordered by table size then name.
descriptors() {
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["status"] == "available" && $c["oracle"] != 1 {
			print $c["name"] "," $c["family"] "," $c["table_bytes"] "," $c["sibling"] "," $c["question"] }' \
		"$out/kernels.csv" | sort -t, -k3,3n -k1,1
}
# Sets sim_kernels, press_kernels and big_kernels (comma-separated, --kernels applied):
#   big: tables of big_bytes or more (with and without huge pages; the simulated TLB);
#   pressure: per family the kernels with the smallest and the largest tables (and, once
#   the 64-bit sweep has run, each of its modes' three fastest: sweep_winners);
#   sim: both sides of every question pair (the report's instruction and miss columns) and
#   the big ones; --quick: the table and branching pairs only (the big ones' init() under
#   valgrind takes seconds a pass).
kernel_sets() {
	local d; d=$(descriptors)
	big_kernels=$(subset "$(awk -F, -v b="$big_bytes" '$3 >= b { print $1 }' <<<"$d" | paste -sd,)")
	press_kernels=$(subset "$(awk -F, '!($2 in lo) { lo[$2] = $1; o[++n] = $2 } { hi[$2] = $1 }
		END { for (i = 1; i <= n; i++) { print lo[o[i]]; if (hi[o[i]] != lo[o[i]]) print hi[o[i]] } }' <<<"$d" | paste -sd,)")
	# a plugin (--plugin) is in every side sweep too: the study is about it
	local plugs; plugs=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["status"] == "available" && $c["origin"] != "built-in" { print $c["name"] }' "$out/kernels.csv")
	[[ -z $plugs ]] || press_kernels=$(subset "$(printf '%s\n' ${press_kernels//,/ } $plugs | awk 'NF && !seen[$0]++' | paste -sd,)")
	# the blocks: every kernel but the reference (the oracle the others are checked against:
	# no question compares it, and it was the slowest of the 55 in every block's time)
	# (the -m32 build loads no plugin: its blocks run the built-in ones, block_builtin)
	block_builtin=$(subset "$(awk -F, '{ print $1 }' <<<"$d" | sort | grep -vxF -f <(printf '%s\n' $plugs "") | paste -sd,)")
	block_kernels=$(subset "$(printf '%s\n' ${block_builtin//,/ } $plugs | awk 'NF && !seen[$0]++' | paste -sd,)")
	[[ -n $block_kernels ]] || block_kernels=$kernels
	[[ -n $block_builtin ]] || block_builtin=$block_kernels
	local qs='bits|tables|branching'
	[[ $quick -eq 1 ]] && qs='tables|branching'
	learn_kernels=$(subset "$(awk -F, '$5 ~ /^(tables|branching)$/ { print $1; print $4 }' <<<"$d" |
		awk 'NF && !seen[$0]++' | paste -sd,)")
	sim_kernels=$(awk -F, -v qs="^($qs)\$" '$5 ~ qs { print $1; print $4 }' <<<"$d")
	[[ $quick -eq 1 ]] || sim_kernels+=$'\n'$(tr ',' '\n' <<<"$big_kernels")
	[[ -z $plugs ]] || sim_kernels+=$'\n'$plugs
	sim_kernels=$(subset "$(awk 'NF && !seen[$0]++' <<<"$sim_kernels" | paste -sd,)")
	[[ -n $sim_kernels ]] || sim_kernels=$kernels
}
press_sizes="0,8K,16K,32K,64K,256K,1M,8M"
# Prints the three fastest kernels of each mode of the 64-bit sweep (the geometric mean of
# their pieces' medians; the oracle, the null and withheld or prepared rows left out): the
# pressure sweep times them beside each family's smallest and largest tables, so its answer
# is chosen among every workload's winners (at 0 B pressure is position mode untouched: a
# sweep without position's winner named another one).
sweep_winners() {
	[[ -r $out/m64/summary.csv ]] || return 0
	awk -f plots/csv.awk -v where='kernel!=null|reference;flags!~(prepared|below-bound|baseline-invalid)' \
		-v cols=mode,kernel,ns_median "$out/m64/summary.csv" |
		awk -F, 'NR > 1 && $3 > 0 { k = $1 SUBSEP $2; s[k] += log($3); n[k]++ }
			END { for (k in s) { split(k, p, SUBSEP); print p[1], p[2], exp(s[k] / n[k]) } }' |
		sort -k1,1 -k3,3g | awk '++r[$1] <= 3 { print $2 }' | sort -u
}
# The thread sweep's kernels: per table-size class (none; 512 B-16 KiB; up to 1 MiB; larger)
# the three fastest built-in kernels of different families in the 64-bit sweep's position mode
# (the ones a ranking with every core searching could reorder), by table size where that sweep
# has none; and every --plugin kernel in its class, whatever its rank: the study is about it.
# Prints "name,class" lines.
thread_classes() {
	local ns=""
	[[ -r $out/m64/summary.csv ]] && ns=$(awk -f plots/csv.awk -v where='mode=position;kernel!=null' \
		-v cols=kernel,ns_median "$out/m64/summary.csv" | tail -n +2 | cut -d, -f1,2)
	local origin; origin=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ print $c["name"] "," ($c["origin"] == "built-in" ? "built-in" : "plugin") }' "$out/kernels.csv")
	descriptors | awk -F, 'NR == FNR { o[$1] = $2; next } ($1 in o) { print $0 "," o[$1] }' \
		<(printf '%s\n' "$origin") - |
		awk -F, -v ns="$ns" 'BEGIN { n = split(ns, l, "\n")
			for (i = 1; i <= n; i++) { split(l[i], f, ","); if (f[2] != "") t[f[1]] = f[2] } }
		{ b = $3 + 0
		  c = b == 0 ? "no table" : b <= 16384 ? "512 B-16 KiB" : b <= 1048576 ? "16 KiB-1 MiB" : "over 1 MiB"
		  printf "%s,%s,%s,%s,%s\n", ($1 in t) ? t[$1] : 1e9 + NR, $1, $2, c, $6 }' |
		sort -t, -k1,1g | awk -F, '$5 == "plugin" { print $2 "," $4; next }
			{ if (n[$4] < 3 && !seen[$4 "," $3]++) { n[$4]++; print $2 "," $4 } }'
}
# The thread counts: 1, 2, 4, ... below the sweep's CPUs (thread_cpus), and all of them.
thread_counts() {
	local n=2 ncpu=${#thread_cpus[@]}
	local c=1
	while ((n < ncpu)); do c+=",$n"; n=$((n * 2)); done
	((ncpu > 1)) && c+=",all"
	echo "$c"
}

# ---- the cross-process comparisons as alternating blocks ------------------------------------
# Two builds, or two settings of the process, cannot be timed in the same rounds; run one whole
# sweep after the other and the host's speed steps (tens of seconds apart on a shared host) land
# in the ratio.  So each comparison is $pairs pairs of short blocks in the order A B B A A B B A
# ...: the host's state when a pair ends is the state the next pair starts in, on the other side.
# Prints one block name a line, "NN-side", in run order, for $1 pairs of sides $2 (A), $3 (B).
block_order() {
	local i
	for ((i = 1; i <= $1; i++)); do
		if ((i % 2)); then printf '%02d-%s\n%02d-%s\n' "$i" "$2" "$i" "$3"
		else printf '%02d-%s\n%02d-%s\n' "$i" "$3" "$i" "$2"; fi
	done
}
# Prints the command (binary and its own arguments) of one side of a comparison, one word a line.
block_cmd() {
	case $1 in
	m64) printf '%s\n' bin/slidebench-sim --mode "$bits_modes" --kernel "$block_kernels" ;;
	m32) printf '%s\n' bin32/slidebench --mode "$bits_modes" --kernel "$block_builtin" ;;
	hugepage | nohugepage) printf '%s\n' bin/slidebench --mode position --tables "$1" --kernel "$big_kernels" ;;
	gcc) printf '%s\n' bin/slidebench --mode "$compiler_modes" --pressure "$press_sizes" --kernel "$block_kernels" ;;
	clang) printf '%s\n' bin-clang/slidebench --mode "$compiler_modes" --pressure "$press_sizes" --kernel "$block_kernels" ;;
	esac
}
# --plan: the blocks in run order and what each runs (nothing is run or built).
if [[ $plan -eq 1 ]]; then
	# the block kernels are read from the build's descriptors (kernel_sets), not here
	block_kernels=${kernels:-EVERY-KERNEL-BUT-THE-REFERENCE} block_builtin=${kernels:-EVERY-KERNEL-BUT-THE-REFERENCE}
	[[ -z $cpu_given ]] || echo "# the whole study (builds, verification, benches, charts) runs on cpus ${confined:-(not kept: taskset failed)}"
	echo "# the main sweep (DIR/m64; the -m32, simulated, block and thread runs have no search):"
	echo "m64 bin/slidebench bench --cpu $cpu --out DIR/m64 --mode $sweep_modes ${sel[*]:+${sel[*]} }${plug[*]:+${plug[*]} }${bench_set[*]} ${search_set[*]}${extra[*]:+ ${extra[*]}}"
	echo "# the cross-process comparisons, $pairs block pairs each, one block a line in run order"
	echo "# every block: bench --cpu $cpu --out DIR/<comparison>/<block> ${block_set[*]} ${extra[*]}"
	echo "# bits (where 32-bit programs run natively): A = m64 ($(block_cmd m64 | head -n 1), the"
	echo "#   -m32 build's -march), B = m32 ($(block_cmd m32 | head -n 1))"
	echo "# tables: A = hugepage, B = nohugepage (bin/slidebench --tables, position mode; the"
	echo "#   large-table kernels: tables of $big_bytes bytes or more, from slidebench list)"
	block_order "$pairs" m64 m32 | while read -r b; do
		echo "bits/$b $(block_cmd "${b#*-}" | paste -sd' ')"
	done
	# the large-table kernels are read from the build's descriptors (kernel_sets), not here
	big_kernels="LARGE-TABLE-KERNELS"
	block_order "$pairs" hugepage nohugepage | while read -r b; do
		echo "tables/$b $(block_cmd "${b#*-}" | paste -sd' ')"
	done
	echo "# compiler (where clang is installed and builds): A = gcc (bin/slidebench, make), B = clang"
	echo "#   (bin-clang/slidebench, make CC=clang BUILD=build-clang BIN=bin-clang), every kernel"
	block_order "$pairs" gcc clang | while read -r b; do
		echo "compiler/$b $(block_cmd "${b#*-}" | paste -sd' ')"
	done
	exit 0
fi

# ---- progress: one line per step, and an estimate of the time left -------------------------
# Two kinds of step: builds (and the checks around them) and measurements.  Each step has a
# weight, its expected seconds; once a step of a kind has run, the measured seconds over the
# weights of that kind so far scale the rest of that kind (a slow build says nothing about the
# benches, and the first bench step calibrates the others).
steps=()
[[ $bench_only -eq 0 ]] && steps+=(deps build build32 buildclang verify trace)
steps+=(bench64 bits pressure tables compiler learn threads sim plots report)
# the seconds each step took in a full study from a fresh clone on an Emerald Rapids guest
declare -A weight=([deps]=2 [build]=65 [build32]=39 [buildclang]=39 [verify]=2
	[trace]=1 [bench64]=76 [bits]=56 [pressure]=6 [tables]=3 [compiler]=81 [learn]=1
	[threads]=20 [sim]=19 [plots]=5 [report]=3)
# a build that is already up to date costs nothing
if [[ $bench_only -eq 0 ]] && make -q bin/slidebench 2>/dev/null; then weight[build]=2; fi
if [[ -x bin32/slidebench ]] && make -q m32 2>/dev/null; then weight[build32]=2; fi
if [[ -x bin-clang/slidebench ]] && make -q CC=clang BUILD=build-clang BIN=bin-clang DEBUG=-g0 bin-clang/slidebench 2>/dev/null; then
	weight[buildclang]=5
fi
if [[ $quick -eq 1 ]]; then
	weight[bench64]=5; weight[bits]=1; weight[pressure]=1; weight[tables]=2; weight[sim]=1
	weight[compiler]=1; weight[learn]=1; weight[threads]=4
	weight[build32]=0; weight[buildclang]=0; weight[bits]=1
fi
declare -A kind_w=() kind_s=()  # per kind: weights and seconds of the steps done
step_kind() { case $1 in deps|build*|verify*|trace) echo build ;; *) echo bench ;; esac; }
t0=$SECONDS step_no=0 step_t0=$SECONDS step_name=""
tty=0; [[ -t 2 ]] && tty=1
step() { # name, description
	step_no=$((step_no + 1)) step_name=$1 step_t0=$SECONDS
	local el=$((SECONDS - t0)) left=0 s k
	for s in "${steps[@]:$((step_no - 1))}"; do
		k=$(step_kind "$s")
		if [[ ${kind_w[$k]:-0} -gt 0 ]]; then
			left=$((left + weight[$s] * kind_s[$k] / kind_w[$k]))
		else
			left=$((left + weight[$s]))
		fi
	done
	if [[ $tty -eq 1 ]]; then
		printf '\033[1m[%d/%d] %s\033[0m: %s  (%dm%02ds so far, about %dm%02ds left)\n' \
			"$step_no" "${#steps[@]}" "$1" "$2" $((el / 60)) $((el % 60)) $((left / 60)) $((left % 60)) >&2
	else
		printf '[%d/%d] %s: %s (%dm%02ds so far, about %dm%02ds left)\n' \
			"$step_no" "${#steps[@]}" "$1" "$2" $((el / 60)) $((el % 60)) $((left / 60)) $((left % 60)) >&2
	fi
}
step_done() {
	local k; k=$(step_kind "$1")
	# a step expected to take seconds (deps, an up-to-date build) says nothing of the rest
	[[ ${weight[$1]} -ge 10 ]] || return 0
	kind_w[$k]=$((${kind_w[$k]:-0} + weight[$1]))
	kind_s[$k]=$((${kind_s[$k]:-0} + SECONDS - step_t0))
}
declare -A noted=()
note() { # each note once
	[[ -z ${noted[$*]:-} ]] || return 0
	noted[$*]=1
	echo "run_all.sh: note: $*" >&2
}
failed=()
# Every command's own output goes to a log, not the terminal: the builds' to build.log, the
# benches' to run.log, both in the study directory (the build log starts in a temporary file:
# the study directory is made once the options and the kernels are known to be good).
build_log=$(mktemp "${TMPDIR:-/tmp}/slidebench-build.XXXXXX")
run_log=/dev/null
# Runs a command with its output in log $1; when it fails, shows the log's last lines and
# where the whole log is.  Returns the command's status.
logged() {
	local log=$1 rc=0
	shift
	echo "\$ $*" >>"$log"
	"$@" >>"$log" 2>&1 || rc=$?
	if [[ $rc -ne 0 ]]; then
		echo "run_all.sh: \`$*\` failed (exit $rc); its last lines (all of it: $log):" >&2
		tail -n 15 "$log" | sed 's/^/  | /' >&2
	fi
	return $rc
}

# A mask smaller than the online CPUs is said once: every step keeps to it.
online=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo "${#allowed[@]}")
[[ ${#allowed[@]} -ge $online ]] || note "this process may run on ${#allowed[@]} of the $online" \
	"online CPUs ($(IFS=,; echo "${allowed[*]}"): taskset, a cgroup cpuset or a batch allocation):" \
	"every step keeps to them"

# ---- install, build, verify, trace --------------------------------------------------------
have_m32=0 have_clang=0 why_clang=""
# The builds' verification checks every kernel on every relevant occupancy and its perft of the
# six standard positions to depth 3 (1 s for all kernels); the deeper perft of `verify`'s
# default (depths 4-6, 7 s more) is `make test`'s, and every bench checks each perft root it
# times against the reference's count anyway.
verify_perft=3
quick_skip=""   # what a quick study leaves out: the -m32 and the clang builds and their blocks
if [[ $quick -eq 1 ]]; then
	quick_skip=1
	why_clang="a quick study builds and runs no clang program (./run_all.sh without --quick compares gcc and clang)"
fi
# Builds and verifies bin-clang/slidebench with Debian's clang (same flags as the gcc build).
# Sets have_clang=1, or why_clang; a clang build that fails is a note (the study goes on
# without the compiler blocks), a clang build that builds but fails verification a failure.
build_clang() {
	if ! command -v clang >/dev/null 2>&1; then
		why_clang="clang is not installed (harness/scripts/deps.sh installs Debian's clang)"
	elif ! logged "$build_log" make --no-print-directory -j"$(nproc)" CC=clang BUILD=build-clang \
			BIN=bin-clang DEBUG=-g0 bin-clang/slidebench; then
		why_clang="the clang build failed (make CC=clang BUILD=build-clang BIN=bin-clang, see build.log)"
	elif ! logged "$build_log" bin-clang/slidebench verify --perft-depth "$verify_perft" "${vsel[@]}" "${plug[@]}"; then
		why_clang="the clang build failed verification (bin-clang/slidebench verify)"
		echo "run_all.sh: verification of the clang build FAILED (see the lines above, or build.log)" >&2
		failed+=("verify clang")
	else
		have_clang=1
	fi
	[[ $have_clang -eq 1 ]] || note "no clang build: $why_clang"
}
if [[ $bench_only -eq 0 ]]; then
	step deps "harness/scripts/deps.sh (installs missing Debian packages, says which and why)"
	# deps.sh says on stderr what it installs and why (that stays on the terminal), apt-get's
	# own lines go to the build log
	./harness/scripts/deps.sh >>"$build_log" || note "harness/scripts/deps.sh failed; building with what is installed"
	step_done deps

	step build "make -j$(nproc) all"
	if ! logged "$build_log" make --no-print-directory -j"$(nproc)" all; then
		echo "run_all.sh: the 64-bit build failed (make all); nothing can be measured" >&2
		exit 1
	fi
	step_done build
	check_kernels   # (the kernel names need bin/slidebench)

	step build32 "make m32 (the 32-bit build, bin32/)${quick_skip:+: skipped, a quick study}"
	if [[ $quick -eq 1 ]]; then
		:   # said once at the bits step
	elif probe32=$(mktemp "${TMPDIR:-/tmp}/slidebench-probe32.XXXXXX") &&
		! printf 'int main(void) { return 0; }\n' | ${CC:-gcc} -m32 -x c - -o "$probe32" 2>/dev/null; then
		note "no 32-bit toolchain (gcc-multilib): no 32-bit build"
	elif ! harness/scripts/run32.sh --native "$probe32" >/dev/null 2>&1; then
		# only timed where 32-bit programs run natively: not built where they do not
		note "32-bit programs do not run natively here: no 32-bit build (make verify-m32 checks one under qemu-i386)"
	else
		if logged "$build_log" make --no-print-directory -j"$(nproc)" m32; then have_m32=1; else
			echo "run_all.sh: the 32-bit build failed (make m32)" >&2; failed+=("make m32")
		fi
	fi
	[[ -z ${probe32:-} ]] || rm -f "$probe32"
	step_done build32

	step buildclang "make CC=clang BUILD=build-clang BIN=bin-clang (the clang build, bin-clang/), verified${quick_skip:+: skipped, a quick study}"
	[[ $quick -eq 1 ]] || build_clang
	step_done buildclang

	step verify "bin/slidebench verify --perft-depth $verify_perft${vsel[*]:+ ${vsel[*]}} (every relevant occupancy + random boards)"
	if ! logged "$build_log" bin/slidebench verify --perft-depth "$verify_perft" "${vsel[@]}" "${plug[@]}"; then
		echo "run_all.sh: verification of the 64-bit build FAILED (see the lines above, or build.log)" >&2; failed+=("verify")
	fi
	step_done verify

	# No exhaustive 32-bit verification here (33 s on an Emerald Rapids guest): every -m32
	# block verifies each kernel on the very inputs it times, as every bench does, and
	# `make check` (tests/test_m32.sh) checks every relevant occupancy of the 32-bit build.

	step trace "make trace (datasets/master-2000.trace from the shipped corpus)"
	if [[ -z $trace ]]; then
		logged "$build_log" make --no-print-directory trace || { echo "run_all.sh: make trace failed" >&2; failed+=("make trace"); }
	else
		note "--trace $trace given: the default trace is not built"
	fi
	step_done trace
else
	[[ -x bin/slidebench ]] || { echo "run_all.sh: --bench-only needs bin/slidebench (run make)" >&2; exit 1; }
	[[ $quick -eq 0 && -x bin32/slidebench ]] && have_m32=1
	if [[ $quick -eq 1 ]]; then :
	elif [[ -x bin-clang/slidebench ]]; then have_clang=1
	else why_clang="--bench-only and no bin-clang/slidebench (make CC=clang BUILD=build-clang BIN=bin-clang)"; fi
fi
mkdir -p "$out"
mv "$build_log" "$out/build.log" && build_log=$out/build.log
run_log=$out/run.log
# The kernels' descriptors as this build has them: the sets below and the charts read them.
if ! bin/slidebench list "${plug[@]}" --format csv >"$out/kernels.csv" 2>>"$run_log"; then
	note "bin/slidebench list refused a kernel (see run.log); the sets come from the others"
fi
kernel_sets

# Runs `slidebench bench` (binary, out dir, args...) pinned to --cpu (within --cpu LIST).  Events this machine
# cannot count leave their cells empty and are said once by bench itself (context.json).
# Its output goes to run.log.  The -m32 build cannot load a 64-bit plugin: it runs without.
run_bench() {
	local bin=$1 dir=$2 p=("${plug[@]}")
	shift 2
	[[ $bin != bin32/* ]] || p=()
	logged "$run_log" "${only[@]}" "$bin" bench --cpu "$cpu" --out "$dir" "${p[@]}" "$@"
}

# ---- the sweeps ------------------------------------------------------------------------------
step bench64 "bin/slidebench bench: every kernel x every default mode, perft and search into $out/m64"
rc=0
run_bench bin/slidebench "$out/m64" --mode "$sweep_modes" "${sel[@]}" "${bench_set[@]}" "${search_set[@]}" "${extra[@]}" || rc=$?
case $rc in
0) ;;
1) echo "run_all.sh: the 64-bit sweep reported a failure (a kernel failed verification on its inputs, or I/O)" >&2
   failed+=("bench m64") ;;
*) echo "run_all.sh: the 64-bit sweep did not run (exit $rc)" >&2; failed+=("bench m64") ;;
esac
step_done bench64

# Runs comparison $1's blocks (sides $2 = A, $3 = B) in block_order into $out/$1/NN-side/,
# then `slidebench blocks` writes $out/$1/blocks.csv (the paired verdicts the charts draw).
# Returns 1 when a block or the verdicts failed (the other blocks still run).
run_blocks() {
	local b cmd rc bad=0
	for b in $(block_order "$pairs" "$2" "$3"); do
		mapfile -t cmd < <(block_cmd "${b#*-}")
		rc=0
		run_bench "${cmd[0]}" "$out/$1/$b" "${cmd[@]:1}" "${block_set[@]}" "${extra[@]}" || rc=$?
		[[ $rc -eq 0 ]] || { echo "run_all.sh: block $1/$b failed (exit $rc)" >&2; bad=1; }
	done
	if ! logged "$run_log" bin/slidebench blocks "$out/$1" "$2" "$3"; then
		echo "run_all.sh: slidebench blocks $out/$1 $2 $3 failed" >&2; bad=1
	fi
	return $bad
}

step bits "the -m32 build against the same -march 64-bit build: $pairs block pairs into $out/bits"
native32=0 why32=""
if [[ $quick -eq 1 ]]; then
	why32="a quick study builds and runs no -m32 program (./run_all.sh without --quick does); the 32-bit question is answered within the 64-bit build"
elif [[ $have_m32 -eq 0 ]]; then
	why32="no 32-bit build (no gcc-multilib, or make m32 failed)"
elif harness/scripts/run32.sh --native >/dev/null 2>&1; then
	native32=1
else
	why32="32-bit programs do not run natively here (harness/scripts/run32.sh --native)"
fi
if [[ $native32 -eq 1 && ! -x bin/slidebench-sim ]]; then
	native32=0 why32="no bin/slidebench-sim (the 64-bit build with the -m32 build's -march; make all builds it)"
fi
if [[ $native32 -eq 1 ]]; then
	run_blocks bits m64 m32 || failed+=("bits blocks")
else
	echo "$why32" >"$out/m32.skipped"
	note "no -m32 blocks: $why32 (written to $out/m32.skipped)"
fi
step_done bits

step pressure "pressure mode (--pressure $press_sizes) into $out/pressure"
press_kernels=$(subset "$(printf '%s\n' ${press_kernels//,/ } $(sweep_winners) | awk 'NF && !seen[$0]++' | paste -sd,)")
if [[ -z $press_kernels ]]; then
	echo "none of the pressure-sweep kernels was selected (--kernels $kernels)" >"$out/pressure.skipped"
	note "no pressure sweep: $(cat "$out/pressure.skipped")"
else
	rc=0
	run_bench bin/slidebench "$out/pressure" --mode pressure --pressure "$press_sizes" \
		--kernel "$press_kernels" "${side_set[@]}" "${extra[@]}" || rc=$?
	[[ $rc -eq 0 ]] || { echo "run_all.sh: the pressure sweep failed (exit $rc)" >&2; failed+=("bench pressure"); }
fi
step_done pressure

step tables "the large-table kernels with and without huge pages: $pairs block pairs into $out/tables"
why_tables=""
if [[ -z $big_kernels ]]; then
	why_tables="none of the large-table kernels was selected (--kernels $kernels)"
fi
if [[ -n $why_tables ]]; then
	echo "$why_tables" >"$out/tables.skipped"
	note "no huge-page blocks: $why_tables (written to $out/tables.skipped)"
else
	run_blocks tables hugepage nohugepage || failed+=("tables blocks")
fi
step_done tables

step compiler "the gcc build against the clang build: $pairs block pairs into $out/compiler"
if [[ $have_clang -eq 1 ]]; then
	run_blocks compiler gcc clang || failed+=("compiler blocks")
else
	echo "$why_clang" >"$out/compiler.skipped"
	note "no compiler blocks: $why_clang (written to $out/compiler.skipped)"
fi
step_done compiler

step learn "the learning sweep: the question pairs on streams of $learn_sizes distinct queries into $out/learn"
if [[ -z $learn_kernels ]]; then
	echo "none of the question pairs' kernels was selected (--kernels $kernels)" >"$out/learn.skipped"
	note "no learning sweep: $(cat "$out/learn.skipped")"
else
	for n in $learn_sizes; do
		rc=0
		run_bench bin/slidebench "$out/learn/q$n" --mode stream --kernel "$learn_kernels" \
			--max-queries "$n" --events none "${learn_set[@]}" "${extra[@]}" || rc=$?
		[[ $rc -eq 0 ]] || { echo "run_all.sh: the learning sweep at $n queries failed (exit $rc)" >&2
			failed+=("bench learn q$n"); }
	done
	# learn/learn.csv, what plots/learn.gp draws: per kernel and piece, the distinct queries
	# before the stream repeats (lookups x windows / passes) and the time per lookup
	for n in $learn_sizes; do
		[[ -r $out/learn/q$n/summary.csv ]] && awk -F, -v q="$n" 'NR == 1 {
			for (i = 1; i <= NF; i++) c[$i] = i; next }
			$c["mode"] == "stream" && $c["kernel"] != "null" && $c["ns_median"] != "" {
				reps = $c["reps"] > 0 ? $c["reps"] : 1
				replayed = (reps > 1 || $c["windows"] < 2) ? 1 : 0
				printf "%s,%s,%s,%.0f,%s,%d\n", q, $c["kernel"], $c["piece"],
					$c["lookups"] * $c["windows"] / reps, $c["ns_median"], replayed
			}' "$out/learn/q$n/summary.csv"
	done | { echo "max_queries,kernel,piece,distinct,ns_median,replayed"; cat; } >"$out/learn/learn.csv"
fi
step_done learn

# The bench arguments but --threads: the sweep's thread counts are its own, or those of a
# --threads among them (then a list without a count above 1 means no sweep, not a failure).
thread_extra=() user_threads=""
for ((i = 0; i < ${#extra[@]}; i++)); do
	case ${extra[i]} in
	--threads) user_threads=${extra[i + 1]:-}; i=$((i + 1)) ;;
	--threads=*) user_threads=${extra[i]#--threads=} ;;
	*) thread_extra+=("${extra[i]}") ;;
	esac
done
step threads "the thread sweep: kernels of each table size with ${user_threads:-$(thread_counts)} threads at once on cpus $(IFS=,; echo "${thread_cpus[*]}") into $out/threads"
thread_kernels=$(subset "$(thread_classes | cut -d, -f1 | paste -sd,)")
why_threads=""
if [[ ${#thread_cpus[@]} -lt 2 && -n $cpu_given ]]; then
	why_threads="--cpu $cpu_given allows one CPU: no second thread to run beside the first (--cpu LIST, e.g. --cpu 0,1, gives the sweep several)"
elif [[ ${#thread_cpus[@]} -lt 2 ]]; then
	why_threads="this process may run on one CPU ($cpu: taskset, a cgroup cpuset or a batch allocation): no second thread to run beside the first"
elif [[ -z $thread_kernels ]]; then
	why_threads="none of the thread-sweep kernels was selected (--kernels $kernels)"
elif [[ -n $user_threads && ! ,$user_threads, =~ ,(all|0*[2-9][0-9]*|0*1[0-9]+), ]]; then
	why_threads="the bench arguments' --threads $user_threads asks for no second thread"
elif [[ ${thread_cpus[*]} != "${allowed[*]}" && ${#only[@]} -eq 0 ]]; then
	why_threads="taskset (util-linux) is not installed: the threads cannot be kept to --cpu $cpu_given"
fi
if [[ -n $why_threads ]]; then
	echo "$why_threads" >"$out/threads.skipped"
	note "no thread sweep: $why_threads"
else
	# A --plugin kernel runs its threads in its own sampling process (run_bench passes the
	# --plugin files).  The large built-in tables also as one set shared and one per thread
	# (--table-copies: copies of their plugins, built here first, before anything is timed)
	copies=()
	big_threads=$(awk -F, -v b=",$block_builtin," 'NR == FNR { k[$1] = 1; next }
		($1 in k) && index(b, "," $1 ",") && $3 >= 65536 { print "bin/plugins/" $1 ".so" }' \
		<(tr ',' '\n' <<<"$thread_kernels") <(descriptors))
	if [[ -n $big_threads ]] && logged "$build_log" make --no-print-directory -j"$(nproc)" $big_threads; then
		copies=(--table-copies)
	fi
	rc=0
	run_bench bin/slidebench "$out/threads" --mode position \
		--threads "${user_threads:-$(thread_counts)}" --kernel "$thread_kernels" "${copies[@]}" \
		--events none "${side_set[@]}" "${thread_extra[@]}" || rc=$?
	if [[ $rc -ne 0 ]]; then
		echo "run_all.sh: the thread sweep failed (exit $rc); the study goes on" >&2
		failed+=("bench threads")
		[[ -r $out/threads/summary.csv ]] ||
			echo "the thread sweep failed (bench exit $rc; run.log says why)" >"$out/threads.skipped"
	fi
	# a thread count left untimed because a CPU was busy with other work (bench says why)
	busy=""
	[[ ! -r $out/threads/summary.csv ]] || busy=$(awk -f plots/csv.awk -v cols=threads,flags \
		"$out/threads/summary.csv" | awk -F, '$1 > 1 && $2 ~ /^unavailable: / {
			sub(/^unavailable: /, "", $2); sub(/;.*/, "", $2); print $1 " threads not timed: " $2; exit }')
	[[ -z $busy ]] || note "thread sweep: $busy"
	# threads/threads.csv, what plots/threads.gp draws: each kernel's time per lookup per
	# thread at every thread count, with its table-size class
	[[ ! -r $out/threads/summary.csv ]] || awk -F, 'NR == FNR { cls[$1] = $2; next }
		FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		($c["kernel"] in cls) && $c["ns_median"] != "" {
			printf "%s,%s,%s,%s,%s,%s,%s\n", $c["kernel"], cls[$c["kernel"]], $c["table_bytes"],
				$c["threads"], $c["ns_median"], $c["ns_ci_lo"], $c["ns_ci_hi"] }' \
		<(thread_classes) "$out/threads/summary.csv" |
		{ echo "kernel,class,table_bytes,threads,ns_median,ns_ci_lo,ns_ci_hi"; cat; } >"$out/threads/threads.csv"
fi
step_done threads

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

# ---- charts and report ---------------------------------------------------------------------------
step plots "plots/render.sh $out (charts: PNG and SVG in $out/plots)"
logged "$run_log" plots/render.sh "$out" || note "some charts failed to render (see run.log); the CSVs are complete"
step_done plots

step report "bin/slidebench report ${node_ns:+--node-ns $node_ns }$out"
logged "$run_log" bin/slidebench report ${node_ns:+--node-ns "$node_ns"} "$out" || note "bin/slidebench report failed (see the lines above)"
step_done report

el=$((SECONDS - t0))
printf 'run_all.sh: done in %dm%02ds; every command'"'"'s output is in %s/build.log and run.log\n' \
	$((el / 60)) $((el % 60)) "$out" >&2
if [[ ${#failed[@]} -gt 0 ]]; then
	echo "run_all.sh: FAILED: ${failed[*]}" >&2
	# the answers name them too: a study whose thread sweep failed still answers the rest
	printf 'failed steps   %s (the other steps ran; build.log and run.log say why)\n' \
		"$(printf '%s\n' "${failed[@]}" | paste -sd, | sed 's/,/, /g')" >>"$out/answer.txt"
fi
# The answer last: the three questions and the recommendation (report's answer.txt), then
# where the report is.
[[ ! -f $out/answer.txt ]] || { echo; cat "$out/answer.txt"; }
if [[ -f $out/report.html ]]; then
	echo "$out/report.html"
else
	echo "$out"
fi
exit $((${#failed[@]} > 0 ? 1 : 0))
