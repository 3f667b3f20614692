# 60-compiler.sh - run_all.sh's step compiler: the gcc build against the clang build, as
# alternating blocks into DIR/compiler (or DIR/compiler.skipped).  Sourced by run_all.sh.

step compiler "the gcc build against the clang build: $pairs block pairs into $out/compiler"
if [[ $have_clang -eq 1 ]]; then
	run_blocks compiler gcc clang || failed+=("compiler blocks")
else
	echo "$why_clang" >"$out/compiler.skipped"
	note "no compiler blocks: $why_clang (written to $out/compiler.skipped)"
fi
step_done compiler
