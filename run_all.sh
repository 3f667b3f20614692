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
# This file parses the options and runs the steps in the order of its table (below); each
# step's code is a file of harness/scripts/study/, sourced into this shell.
set -euo pipefail
# An error names its line, and its file when that is one of the study's files (sourced).
failed_at() { # line, file, command
	if [[ $2 == harness/scripts/study/* ]]; then
		echo "run_all.sh: failed at line $1 of $2: $3" >&2
	else
		echo "run_all.sh: failed at line $1: $3" >&2
	fi
}
trap 'failed_at "$LINENO" "${BASH_SOURCE[0]}" "$BASH_COMMAND"' ERR
start_dir=$PWD   # a --plugin path is read from where the command was given
cd "$(dirname "$0")"
study=harness/scripts/study   # the study's files (relative: the error line names them so)

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

# ---- the options' values, the sweeps' settings and kernel sets, --plan -------------------------
. "$study/options.sh"    # every value checked before anything is built (exit 2); the CPUs
. "$study/settings.sh"   # what each sweep passes to bench (--quick, --samples, --trace)
. "$study/kernels.sh"    # the side runs' kernel sets, from the build's descriptors (functions)
. "$study/blocks.sh"     # the cross-process comparisons' blocks: order, commands, run_blocks
if [[ $plan -eq 1 ]]; then
	. "$study/plan.sh"   # the main sweep and every block in run order; nothing runs
	exit 0
fi

# ---- the study: every step, in run order ------------------------------------------------------
# One progress line a step.  file: the step's code, in harness/scripts/study/ (sourced in this
# order; a file of several steps once).  kind and weights: the progress line's estimate of the
# time left (common.sh): the seconds each step took in a full study from a fresh clone on an
# Emerald Rapids guest, and in a --quick one ("-": the same).  --bench-only runs no build step.
study_table=(
#	step       kind  full quick file            what (into the study directory DIR)
	"deps       build   2   -  10-build.sh     harness/scripts/deps.sh: the missing Debian packages"
	"build      build  65   -  10-build.sh     make all: the 64-bit and simulation builds"
	"build32    build  39   0  10-build.sh     make m32: the 32-bit build (not --quick)"
	"buildclang build  39   0  10-build.sh     the clang build, bin-clang/, verified (not --quick)"
	"verify     build   2   -  10-build.sh     bin/slidebench verify: every kernel"
	"trace      build   1   -  10-build.sh     make trace: the default trace (then DIR/, kernels.csv)"
	"bench64    bench  76   5  20-bench64.sh   the main sweep: every kernel x mode, perft, search (m64/)"
	"bits       bench  56   1  30-bits.sh      the -m32 build against the 64-bit one, in blocks (bits/)"
	"pressure   bench   6   1  40-pressure.sh  pressure mode: 0 B to 8 MiB of other data (pressure/)"
	"tables     bench   3   2  50-tables.sh    huge pages against none, in blocks (tables/)"
	"compiler   bench  81   1  60-compiler.sh  the gcc build against the clang one, in blocks (compiler/)"
	"learn      bench   1   1  70-learn.sh     streams of few distinct queries (learn/)"
	"threads    bench  20   4  80-threads.sh   1, 2, 4 ... threads at once (threads/)"
	"sim        bench  19   1  90-sim.sh       simulated caches, callgrind, where no PMU (sim/)"
	"plots      bench   5   -  95-plots.sh     the charts (plots/)"
	"report     bench   3   -  99-report.sh    report.html, report.md, answer.txt"
)
. "$study/common.sh"   # the progress lines, notes, the failed steps, the logs, run_bench
study_sourced=""
for study_row in "${study_table[@]}"; do
	read -r _ _ _ _ study_file _ <<<"$study_row"
	if [[ $study_file != "$study_sourced" ]]; then . "$study/$study_file"; fi
	study_sourced=$study_file
done

# ---- the answer ------------------------------------------------------------------------------
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
