#!/usr/bin/env bash
# test_search.sh - `bench --mode search` on the shipped trace: every kernel searches the same
# trees (search.csv: per root the same nodes, best move and score as the reference's), the rows
# are per node with no baseline (summary.csv); a plugin wrong in about one bishop lookup in 512
# (tests/plugins/rarely-wrong.c) is refused under --mode search with the first root that
# differs, the others timed; bad option values are named, and --threads is refused.
. "$(dirname "$0")/lib.sh"
P=$BIN/tests/plugins
K=reference,magic-plain,kindergarten-4k,hyperbola,dumb7fill
RUN=(--mode search --search-depth 3 --search-positions 6 --samples 2 --warmup 0 --events none)

expect "--search-tt 0 named" 2 '--search-tt: "0" is not a whole number from 1 to 4096' -- \
	"$SB" bench "${RUN[@]}" --search-tt 0 --kernel reference --out "$tmp/bad1"
expect "--search-depth 9 named" 2 '--search-depth: "9" is not a whole number from 1 to 8' -- \
	"$SB" bench "${RUN[@]}" --search-depth 9 --kernel reference --out "$tmp/bad2"
expect "--threads refused with search" 2 '--mode search runs on one thread' -- \
	"$SB" bench "${RUN[@]}" --threads 1,2 --kernel reference --out "$tmp/bad3"

if [[ ! -f datasets/master-2000.trace ]]; then
	skipped "datasets/master-2000.trace not built (make)"
	finish
fi

expect "bench --mode search" 0 'search: 6 roots to depth 3, 16 MiB table' 'magic-plain +search +all' \
	'null +search .*search is timed whole, no baseline' -- \
	"$SB" bench "${RUN[@]}" --kernel "$K" --out "$tmp/run"
n_kernels=$(tr , '\n' <<<"$K" | wc -l)
# Every root: one row per kernel, all with the same nodes, best move and score, all agreeing.
if [[ -f $tmp/run/search.csv ]] &&
   awk -F, -v want="$n_kernels" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ p = $c["position"]; v = $c["nodes"] " " $c["best_move"] " " $c["score"]
	  rows[p]++; if (!(p in first)) first[p] = v; else if (first[p] != v) bad = "root " p ": " first[p] " against " v
	  if ($c["agrees"] != 1 || $c["nodes"] < 1) bad = "root " p ": " $0 }
	END { n = 0; for (p in rows) { n++; if (rows[p] != want) bad = "root " p ": " rows[p] " kernels" }
	      if (n != 6) bad = n " roots"; if (bad) print bad; exit bad != "" }' "$tmp/run/search.csv"; then ok
else bad "search.csv: not the same nodes, best move and score for each of 6 roots in $n_kernels kernels"
	cat "$tmp/run/search.csv" 2>/dev/null | head -20; fi
if [[ -f $tmp/run/summary.csv ]] &&
   awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    $c["mode"] == "search" && $c["kernel"] != "null" { n++; if ($c["lookups_per_node"] == "" || $c["ns_median"] == "") bad = 1 }
	    END { exit !(n == 5 && !bad) }' "$tmp/run/summary.csv"; then ok; else
	bad "summary.csv: five search rows with ns_median and lookups_per_node"; fi

expect "a kernel wrong in rare lookups refused under --mode search" 1 \
	'kernel rarely-wrong: search position [0-9]+ \(.+\) depth 3: [0-9]+ nodes, best move [a-h1-8]{4}q? score -?[0-9]+; reference [0-9]+ nodes' \
	'kernel rarely-wrong: search nodes or best moves differ from the reference.s: not timed' \
	'magic-plain +search +all' -- \
	"$SB" bench "${RUN[@]}" --plugin "$P/rarely-wrong.so" --kernel rarely-wrong,reference,magic-plain \
	--out "$tmp/run2"
if grep -q ',rarely-wrong,.*not-timed: verification failed' "$tmp/run2/summary.csv" 2>/dev/null &&
   ! grep -q ',rarely-wrong,' "$tmp/run2/samples.csv" &&
   grep -q ',rarely-wrong,[0-9]*,3,[0-9]*,[a-h1-8]*,-\{0,1\}[0-9]*,0,' "$tmp/run2/search.csv"; then ok
else bad "rarely-wrong: not marked not-timed in summary.csv, or sampled, or no disagreeing root in search.csv"; fi
finish
