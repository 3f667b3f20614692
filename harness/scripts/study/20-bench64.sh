# 20-bench64.sh - run_all.sh's step bench64: the main sweep, every kernel x every default mode,
# perft and search, into DIR/m64.  Sourced by run_all.sh.

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
