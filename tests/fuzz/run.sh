#!/usr/bin/env bash
# run.sh - runs each libFuzzer target for SECONDS with a corpus seeded from tests/data; prints
# one line per target (executions, corpus size, crashes) and exits 1 when any target found a
# crash (the input is kept in BINDIR/fuzz/crashes/<target>/; fix it, copy it to
# tests/fuzz/regress/<target>/ where every run replays it, and add a shell or C test).
# Usage: tests/fuzz/run.sh BINDIR SECONDS TARGET...   (run by `make fuzz FUZZ_SECONDS=N`)
set -euo pipefail
trap 'echo "tests/fuzz/run.sh: failed at line $LINENO" >&2' ERR
if [[ ${1:-} == --help || $# -lt 3 ]]; then sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
cd "$(dirname "$0")/../.."
bindir=$1 secs=$2
shift 2
D=tests/data

# seed TARGET DIR: the seed inputs of TARGET, from tests/data, into DIR.
seed() {
	local t=$1 dir=$2 i=0 f
	mkdir -p "$dir"
	case $t in
	fuzz_pgn) cp $D/*.pgn "$dir/" ;;
	fuzz_fen)
		grep -ho 'FEN "[^"]*"' $D/*.pgn | sed 's/^FEN "//; s/"$//' | while read -r f; do
			i=$((i + 1)); printf '%s' "$f" >"$dir/fen$i"; done
		printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' >"$dir/start"
		printf 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' >"$dir/kiwi"
		printf '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1' >"$dir/ep" ;;
	fuzz_trace)
		cp $D/garbage.bin "$dir/"
		if [[ -x bin/slidebench ]]; then
			bin/slidebench trace -q $D/features.pgn -o "$dir/features.trace" || true
			bin/slidebench trace -q $D/illegal.pgn -o "$dir/illegal.trace" || true
		fi ;;
	fuzz_csv) for f in $(find $D -name '*.csv' | sort | head -n 40); do
			i=$((i + 1)); cp "$f" "$dir/csv$i"; done ;;
	fuzz_run) for r in $(find $D -name summary.csv -printf '%h\n' | sort | head -n 20); do
			[[ -f $r/samples.csv && -f $r/context.json ]] || continue
			i=$((i + 1))
			{ cat "$r/summary.csv"; printf '===\n'; head -n 40 "$r/samples.csv"
			  printf '===\n'; cat "$r/context.json"; } >"$dir/run$i"; done ;;
	fuzz_study)   # m64 === samples === context === a block's summary === verdicts === verdicts
		local v=$dir/.v
		rm -rf "$v"; cp -r $D/fixture-run-a "$v"
		[[ -x bin/slidebench ]] && bin/slidebench report "$v" >/dev/null 2>&1 || : >"$v/verdicts.csv"
		{ cat $D/fixture-run-a/summary.csv; printf '===\n'; head -n 40 $D/fixture-run-a/samples.csv
		  printf '===\n'; cat $D/fixture-run-a/context.json; printf '===\n'
		  cat $D/fixture-compiler/compiler/01-gcc/summary.csv; printf '===\n'
		  cat "$v/verdicts.csv"; printf '===\n'; cat "$v/verdicts.csv"; } >"$dir/study1"
		rm -rf "$v" ;;
	fuzz_cli)
		printf -- '--kernel\0magic-plain,pext\0--mode\0stream,random\0--samples\x003' >"$dir/a"
		printf -- '--simulate\0--l1\x0016K,32K,48K:12\0--tlb\x0064\0--d1\x0032768,8,64' >"$dir/b"
		printf -- '--pressure\x0016K,1M\0--max-queries\x000\0--tables\0hugepage\0--cold' >"$dir/c"
		printf -- '--help' >"$dir/d" ;;
	esac
}

failed=0
printf '%-12s %12s %8s %8s\n' target executions corpus crashes
for t in "$@"; do
	corpus=$bindir/fuzz/corpus/$t crashes=$bindir/fuzz/crashes/$t seeds=$bindir/fuzz/seeds/$t
	rm -rf "$seeds" "$crashes"; seed "$t" "$seeds"
	# every crash found so far, kept as a regression input (tests/fuzz/regress/<target>/)
	[[ -d tests/fuzz/regress/$t ]] && cp tests/fuzz/regress/$t/* "$seeds/"
	mkdir -p "$corpus" "$crashes"
	log=$bindir/fuzz/$t.log rc=0
	"$bindir/fuzz/$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
		-print_final_stats=1 -artifact_prefix="$crashes/" "$corpus" "$seeds" >"$log" 2>&1 || rc=$?
	execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
	n=$(find "$crashes" -type f | wc -l)
	printf '%-12s %12s %8s %8s\n' "$t" "$execs" "$(ls "$corpus" | wc -l)" "$n"
	if [[ $rc -ne 0 || $n -ne 0 ]]; then
		failed=1
		echo "  $t: exit $rc; crash inputs in $crashes/; the report:" >&2
		grep -A15 -m1 'ERROR\|==ERROR\|runtime error\|deadly signal' "$log" | sed 's/^/    /' >&2 || tail -n 20 "$log" >&2
	fi
done
exit $failed
