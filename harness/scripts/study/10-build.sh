# 10-build.sh - run_all.sh's steps deps, build, build32, buildclang, verify and trace: install
# what is missing, build (64-bit; 32-bit and clang where they can be, not --quick), verify every
# kernel, build the default trace (--bench-only: none of them, the builds must be there); then
# the study folder, its kernels.csv and the side runs' kernel sets.  Sourced by run_all.sh.

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

