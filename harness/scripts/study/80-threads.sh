# 80-threads.sh - run_all.sh's step threads: kernels of each table size with 1, 2, 4 ... threads
# at once, into DIR/threads and its threads.csv (or DIR/threads.skipped).  Sourced by run_all.sh.

# The bench arguments but --threads: the sweep's thread counts are its own, or those of a
# --threads among them (then a list without a count above 1 means no sweep, not a failure).
thread_extra=() user_threads=""
for ((i = 0; i < ${#extra[@]}; i++)); do
	case ${extra[i]} in
	--threads) user_threads=${extra[i + 1]:-}; i=$((i + 1)) ;;
	--threads=*) user_threads=${extra[i]#--threads=} ;;
	*) thread_extra+=("${extra[i]}") ;;
	esac
done
step threads "the thread sweep: kernels of each table size with ${user_threads:-$(thread_counts)} threads at once on cpus $(IFS=,; echo "${thread_cpus[*]}") into $out/threads"
thread_kernels=$(subset "$(thread_classes | cut -d, -f1 | paste -sd,)")
why_threads=""
if [[ ${#thread_cpus[@]} -lt 2 && -n $cpu_given ]]; then
	why_threads="--cpu $cpu_given allows one CPU: no second thread to run beside the first (--cpu LIST, e.g. --cpu 0,1, gives the sweep several)"
elif [[ ${#thread_cpus[@]} -lt 2 ]]; then
	why_threads="this process may run on one CPU ($cpu: taskset, a cgroup cpuset or a batch allocation): no second thread to run beside the first"
elif [[ -z $thread_kernels ]]; then
	why_threads="none of the thread-sweep kernels was selected (--kernels $kernels)"
elif [[ -n $user_threads && ! ,$user_threads, =~ ,(all|0*[2-9][0-9]*|0*1[0-9]+), ]]; then
	why_threads="the bench arguments' --threads $user_threads asks for no second thread"
elif [[ ${thread_cpus[*]} != "${allowed[*]}" && ${#only[@]} -eq 0 ]]; then
	why_threads="taskset (util-linux) is not installed: the threads cannot be kept to --cpu $cpu_given"
fi
if [[ -n $why_threads ]]; then
	echo "$why_threads" >"$out/threads.skipped"
	note "no thread sweep: $why_threads"
else
	# A --plugin kernel runs its threads in its own sampling process (run_bench passes the
	# --plugin files).  The large built-in tables also as one set shared and one per thread
	# (--table-copies: copies of their plugins, built here first, before anything is timed)
	copies=()
	big_threads=$(awk -F, -v b=",$block_builtin," 'NR == FNR { k[$1] = 1; next }
		($1 in k) && index(b, "," $1 ",") && $3 >= 65536 { print "bin/plugins/" $1 ".so" }' \
		<(tr ',' '\n' <<<"$thread_kernels") <(descriptors))
	if [[ -n $big_threads ]] && logged "$build_log" make --no-print-directory -j"$(nproc)" $big_threads; then
		copies=(--table-copies)
	fi
	rc=0
	run_bench bin/slidebench "$out/threads" --mode position \
		--threads "${user_threads:-$(thread_counts)}" --kernel "$thread_kernels" "${copies[@]}" \
		--events none "${side_set[@]}" "${thread_extra[@]}" || rc=$?
	if [[ $rc -ne 0 ]]; then
		echo "run_all.sh: the thread sweep failed (exit $rc); the study goes on" >&2
		failed+=("bench threads")
		[[ -r $out/threads/summary.csv ]] ||
			echo "the thread sweep failed (bench exit $rc; run.log says why)" >"$out/threads.skipped"
	fi
	# a thread count left untimed because a CPU was busy with other work (bench says why)
	busy=""
	[[ ! -r $out/threads/summary.csv ]] || busy=$(awk -f plots/csv.awk -v cols=threads,flags \
		"$out/threads/summary.csv" | awk -F, '$1 > 1 && $2 ~ /^unavailable: / {
			sub(/^unavailable: /, "", $2); sub(/;.*/, "", $2); print $1 " threads not timed: " $2; exit }')
	[[ -z $busy ]] || note "thread sweep: $busy"
	# threads/threads.csv, what plots/threads.gp draws: each kernel's time per lookup per
	# thread at every thread count, with its table-size class
	[[ ! -r $out/threads/summary.csv ]] || awk -F, 'NR == FNR { cls[$1] = $2; next }
		FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		($c["kernel"] in cls) && $c["ns_median"] != "" {
			printf "%s,%s,%s,%s,%s,%s,%s\n", $c["kernel"], cls[$c["kernel"]], $c["table_bytes"],
				$c["threads"], $c["ns_median"], $c["ns_ci_lo"], $c["ns_ci_hi"] }' \
		<(thread_classes) "$out/threads/summary.csv" |
		{ echo "kernel,class,table_bytes,threads,ns_median,ns_ci_lo,ns_ci_hi"; cat; } >"$out/threads/threads.csv"
fi
step_done threads
