# 70-learn.sh - run_all.sh's step learn: the question pairs on streams of a few distinct queries,
# into DIR/learn and its learn.csv.  Sourced by run_all.sh.

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
