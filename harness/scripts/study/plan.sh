# plan.sh - run_all.sh --plan: the main sweep and the blocks in run order and what each runs
# (nothing is run or built).  Sourced by run_all.sh, which then exits 0.

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
