# blocks.sh - the cross-process comparisons as alternating blocks: their order, each side's
# command, and run_blocks, which the bits, tables and compiler steps call.  Functions only;
# sourced by run_all.sh.

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
