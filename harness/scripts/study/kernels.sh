# kernels.sh - the kernel sets of the side runs, read from the build's descriptors (no kernel
# is named here), and the thread sweep's classes and counts.  Functions only, sourced by run_all.sh.

# Returns (prints) the kernels of list $1 that --kernels selected, comma-separated, in $1's
# order; all of $1 without --kernels; nothing when none was selected.
subset() {
	[[ -n $kernels ]] || { echo "$1"; return 0; }
	tr ',' '\n' <<<"$1" | grep -Fxf <(tr ',' '\n' <<<"$kernels") | paste -sd, || true
}
# The kernel sets of the side runs come from the kernels' descriptors (`slidebench list
# --format csv`, read after the build): no kernel is named here.
big_bytes=131072  # large tables: 128 KiB and more (more pages than a first-level TLB maps)
# Returns (prints) the descriptor rows of the available kernels but the oracle, as
# "name,family,table_bytes,sibling,question", ordered by table size then name.
descriptors() {
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["status"] == "available" && $c["oracle"] != 1 {
			print $c["name"] "," $c["family"] "," $c["table_bytes"] "," $c["sibling"] "," $c["question"] }' \
		"$out/kernels.csv" | sort -t, -k3,3n -k1,1
}
# Sets sim_kernels, press_kernels and big_kernels (comma-separated, --kernels applied):
#   big: tables of big_bytes or more (with and without huge pages; the simulated TLB);
#   pressure: per family the kernels with the smallest and the largest tables (and, once
#   the 64-bit sweep has run, each of its modes' three fastest: sweep_winners);
#   sim: both sides of every question pair (the report's instruction and miss columns) and
#   the big ones; --quick: the table and branching pairs only (the big ones' init() under
#   valgrind takes seconds a pass).
kernel_sets() {
	local d; d=$(descriptors)
	big_kernels=$(subset "$(awk -F, -v b="$big_bytes" '$3 >= b { print $1 }' <<<"$d" | paste -sd,)")
	press_kernels=$(subset "$(awk -F, '!($2 in lo) { lo[$2] = $1; o[++n] = $2 } { hi[$2] = $1 }
		END { for (i = 1; i <= n; i++) { print lo[o[i]]; if (hi[o[i]] != lo[o[i]]) print hi[o[i]] } }' <<<"$d" | paste -sd,)")
	# a plugin (--plugin) is in every side sweep too: the study is about it
	local plugs; plugs=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["status"] == "available" && $c["origin"] != "built-in" { print $c["name"] }' "$out/kernels.csv")
	[[ -z $plugs ]] || press_kernels=$(subset "$(printf '%s\n' ${press_kernels//,/ } $plugs | awk 'NF && !seen[$0]++' | paste -sd,)")
	# the blocks: every kernel but the reference (the oracle the others are checked against:
	# no question compares it, and it was the slowest of the 55 in every block's time)
	# (the -m32 build loads no plugin: its blocks run the built-in ones, block_builtin)
	block_builtin=$(subset "$(awk -F, '{ print $1 }' <<<"$d" | sort | grep -vxF -f <(printf '%s\n' $plugs "") | paste -sd,)")
	block_kernels=$(subset "$(printf '%s\n' ${block_builtin//,/ } $plugs | awk 'NF && !seen[$0]++' | paste -sd,)")
	[[ -n $block_kernels ]] || block_kernels=$kernels
	[[ -n $block_builtin ]] || block_builtin=$block_kernels
	local qs='bits|tables|branching'
	[[ $quick -eq 1 ]] && qs='tables|branching'
	learn_kernels=$(subset "$(awk -F, '$5 ~ /^(tables|branching)$/ { print $1; print $4 }' <<<"$d" |
		awk 'NF && !seen[$0]++' | paste -sd,)")
	sim_kernels=$(awk -F, -v qs="^($qs)\$" '$5 ~ qs { print $1; print $4 }' <<<"$d")
	[[ $quick -eq 1 ]] || sim_kernels+=$'\n'$(tr ',' '\n' <<<"$big_kernels")
	[[ -z $plugs ]] || sim_kernels+=$'\n'$plugs
	sim_kernels=$(subset "$(awk 'NF && !seen[$0]++' <<<"$sim_kernels" | paste -sd,)")
	[[ -n $sim_kernels ]] || sim_kernels=$kernels
}
press_sizes="0,8K,16K,32K,64K,256K,1M,8M"
# Prints the three fastest kernels of each mode of the 64-bit sweep (the geometric mean of
# their pieces' medians; the oracle, the null and withheld or prepared rows left out): the
# pressure sweep times them beside each family's smallest and largest tables, so its answer
# is chosen among every workload's winners (at 0 B pressure is position mode untouched: a
# sweep without position's winner named another one).
sweep_winners() {
	[[ -r $out/m64/summary.csv ]] || return 0
	awk -f plots/csv.awk -v where='kernel!=null|reference;flags!~(prepared|below-bound|baseline-invalid)' \
		-v cols=mode,kernel,ns_median "$out/m64/summary.csv" |
		awk -F, 'NR > 1 && $3 > 0 { k = $1 SUBSEP $2; s[k] += log($3); n[k]++ }
			END { for (k in s) { split(k, p, SUBSEP); print p[1], p[2], exp(s[k] / n[k]) } }' |
		sort -k1,1 -k3,3g | awk '++r[$1] <= 3 { print $2 }' | sort -u
}
# The thread sweep's kernels: per table-size class (none; 512 B-16 KiB; up to 1 MiB; larger)
# the three fastest built-in kernels of different families in the 64-bit sweep's position mode
# (the ones a ranking with every core searching could reorder), by table size where that sweep
# has none; and every --plugin kernel in its class, whatever its rank: the study is about it.
# Prints "name,class" lines.
thread_classes() {
	local ns=""
	[[ -r $out/m64/summary.csv ]] && ns=$(awk -f plots/csv.awk -v where='mode=position;kernel!=null' \
		-v cols=kernel,ns_median "$out/m64/summary.csv" | tail -n +2 | cut -d, -f1,2)
	local origin; origin=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ print $c["name"] "," ($c["origin"] == "built-in" ? "built-in" : "plugin") }' "$out/kernels.csv")
	descriptors | awk -F, 'NR == FNR { o[$1] = $2; next } ($1 in o) { print $0 "," o[$1] }' \
		<(printf '%s\n' "$origin") - |
		awk -F, -v ns="$ns" 'BEGIN { n = split(ns, l, "\n")
			for (i = 1; i <= n; i++) { split(l[i], f, ","); if (f[2] != "") t[f[1]] = f[2] } }
		{ b = $3 + 0
		  c = b == 0 ? "no table" : b <= 16384 ? "512 B-16 KiB" : b <= 1048576 ? "16 KiB-1 MiB" : "over 1 MiB"
		  printf "%s,%s,%s,%s,%s\n", ($1 in t) ? t[$1] : 1e9 + NR, $1, $2, c, $6 }' |
		sort -t, -k1,1g | awk -F, '$5 == "plugin" { print $2 "," $4; next }
			{ if (n[$4] < 3 && !seen[$4 "," $3]++) { n[$4]++; print $2 "," $4 } }'
}
# The thread counts: 1, 2, 4, ... below the sweep's CPUs (thread_cpus), and all of them.
thread_counts() {
	local n=2 ncpu=${#thread_cpus[@]}
	local c=1
	while ((n < ncpu)); do c+=",$n"; n=$((n * 2)); done
	((ncpu > 1)) && c+=",all"
	echo "$c"
}
