# common.sh - what every step of run_all.sh uses: its progress line (step, step_done) with an
# estimate of the time left, a note said once, the failed steps, and the logs (logged,
# run_bench).  Sourced by run_all.sh once the options are checked, after its step table
# (study_table) is set.

# ---- progress: one line per step, and an estimate of the time left -------------------------
# Two kinds of step: builds (and the checks around them) and measurements.  Each step has a
# weight, its expected seconds; once a step of a kind has run, the measured seconds over the
# weights of that kind so far scale the rest of that kind (a slow build says nothing about the
# benches, and the first bench step calibrates the others).  The steps, their kinds and
# weights are run_all.sh's table: --bench-only leaves out the build steps; --quick takes the
# quick weights ("-": the same).
steps=()
declare -A weight=() step_kinds=() quick_weight=()
for study_row in "${study_table[@]}"; do
	read -r study_step study_kind study_w study_q _ <<<"$study_row"
	weight[$study_step]=$study_w step_kinds[$study_step]=$study_kind quick_weight[$study_step]=$study_q
	[[ $bench_only -eq 1 && $study_kind == build ]] || steps+=("$study_step")
done
# a build that is already up to date costs nothing
if [[ $bench_only -eq 0 ]] && make -q bin/slidebench 2>/dev/null; then weight[build]=2; fi
if [[ -x bin32/slidebench ]] && make -q m32 2>/dev/null; then weight[build32]=2; fi
if [[ -x bin-clang/slidebench ]] && make -q CC=clang BUILD=build-clang BIN=bin-clang DEBUG=-g0 bin-clang/slidebench 2>/dev/null; then
	weight[buildclang]=5
fi
if [[ $quick -eq 1 ]]; then
	for study_step in "${!quick_weight[@]}"; do
		[[ ${quick_weight[$study_step]} == - ]] || weight[$study_step]=${quick_weight[$study_step]}
	done
fi
declare -A kind_w=() kind_s=()  # per kind: weights and seconds of the steps done
step_kind() { echo "${step_kinds[$1]}"; }
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

# Runs `slidebench bench` (binary, out dir, args...) pinned to --cpu (within --cpu LIST).  Events this machine
# cannot count leave their cells empty and are said once by bench itself (context.json).
# Its output goes to run.log.  The -m32 build cannot load a 64-bit plugin: it runs without.
run_bench() {
	local bin=$1 dir=$2 p=("${plug[@]}")
	shift 2
	[[ $bin != bin32/* ]] || p=()
	logged "$run_log" "${only[@]}" "$bin" bench --cpu "$cpu" --out "$dir" "${p[@]}" "$@"
}
