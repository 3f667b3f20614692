# 30-bits.sh - run_all.sh's step bits: the -m32 build against the 64-bit build of the same -march,
# as alternating blocks into DIR/bits (or DIR/m32.skipped, saying why).  Sourced by run_all.sh.

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
