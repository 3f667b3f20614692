#!/usr/bin/env bash
# test_gate.sh - the cross-machine gate: a small real study on whatever machine runs `make
# check` (CI's changes from run to run), checked for figures no machine can produce
# (harness/scripts/check-study.sh: rows flagged below-bound or baseline-invalid, negative
# times, a null kernel dearer than a kernel in its workload).  The study: a few kernels of each
# family, every default mode and pressure up to 8 MiB, from the gcc build (bin/), the clang
# build (bin-clang/, as run_all.sh builds it; SKIPPED without clang) and the -m32 build (bin32/;
# SKIPPED where 32-bit programs cannot run natively), 7 samples a cell, pinned to the last CPU
# this process may run on.  A failure names the file (gcc/, clang/, m32/ summary.csv), the
# row and the reason.
# tier: slow
# serial
. "$(dirname "$0")/lib.sh"
WANT=pext,magic-black,magic-plain,kindergarten-4k,kindergarten-512,classical-branchless
WANT=$WANT,classical-conditional,hyperbola,kogge-stone,split-pext,galois-field
SET=(--samples 7 --warmup 1 --epochs 1 --events none)
PRESS=0,8K,16K,32K,64K,256K,1M,8M  # run_all.sh's sizes
cpu=$(harness/scripts/cpus.sh | tail -n 1)
study=$tmp/study
mkdir -p "$study"
t0=$SECONDS

# kernels LIST PROGRAM...: the kernels of LIST that PROGRAM lists (a kernel another build lacks
# is left out, not failed)
kernels() { "${@:2}" list --format csv 2>/dev/null | cut -d, -f1 | grep -Fx -f <(tr , '\n' <<<"$1") | paste -sd,; }
# block NAME PROGRAM... -- BENCH-ARGS...: one bench of the study into $study/NAME
block() {
	local name=$1 prog=() k
	shift
	while [[ $1 != -- ]]; do prog+=("$1"); shift; done
	shift
	k=$(kernels "$WANT" "${prog[@]}")
	expect "$name: bench of $k" 0 "kernels verified on the run's inputs" -- \
		"${prog[@]}" bench --cpu "$cpu" --kernel "$k" "${SET[@]}" --out "$study/$name" "$@"
}
# the builds beside bin/, made as run_all.sh makes them (not with the flags of a make running
# these tests, which reach us in MAKEFLAGS and the environment)
submake() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u BUILD -u BIN -u OPT -u EXTRA_FLAGS -u ARCH \
	make --no-print-directory "$@" >"$tmp/make.log" 2>&1 || { tail -n 15 "$tmp/make.log"; return 1; }; }

block gcc "$SB" -- --mode default,pressure --pressure "$PRESS"
if ! command -v clang >/dev/null; then
	skipped "the clang build: clang is not installed (make deps installs it)"
elif ! submake -j"$(nproc)" CC=clang BUILD=build-clang BIN=bin-clang DEBUG=-g0 bin-clang/slidebench; then
	bad "make CC=clang BUILD=build-clang BIN=bin-clang failed"
else
	block clang bin-clang/slidebench -- --mode default,pressure --pressure "$PRESS"
fi
if ! printf 'int main(void){return 0;}\n' | ${CC:-cc} -m32 -x c - -o "$tmp/probe32" >/dev/null 2>&1; then
	skipped "the -m32 block: no 32-bit C library (gcc-multilib; make deps installs it)"
elif ! harness/scripts/run32.sh --native "$tmp/probe32" >/dev/null 2>&1; then
	skipped "the -m32 block: 32-bit programs do not run natively here (only emulated: nothing to time)"
elif ! submake m32; then
	bad "make m32 failed"
else
	block m32 bin32/slidebench -- --mode stream,chain,position,pressure --pressure "$PRESS"
fi
echo "the study took $((SECONDS - t0)) s (builds included) on cpu $cpu"

# the gate itself: every summary.csv of the study
if harness/scripts/check-study.sh "$study" >"$tmp/gate.out" 2>&1; then ok; tail -n 1 "$tmp/gate.out"
else bad "the study holds figures no machine can produce:"; sed "s|$study/||" "$tmp/gate.out"; fi
finish
