#!/usr/bin/env bash
# test_perft.sh - `slidebench perft` (the issue's acceptance counts with every kernel, divide,
# bad input), verify's perft line, `bench --mode perft` on the shipped trace (verified, rows
# written, per node, no baseline), and an .epd of three positions through trace and bench.
. "$(dirname "$0")/lib.sh"
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
KIWI='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

# every_kernel_prints NAME COUNT ARGS...: every available kernel's line says "nodes COUNT".
every_kernel_prints() {
	local name=$1 want=$2 n_all n_ok
	shift 2
	if ! "$SB" perft "$@" --kernel all >"$tmp/out" 2>&1; then
		bad "$name: exit status not 0"; sed 's/^/    /' "$tmp/out"; return
	fi
	n_all=$("$SB" list | awk 'NR > 1 && $6 == "available"' | wc -l)
	n_ok=$(grep -cE "nodes $(sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$want") " "$tmp/out")
	if [[ $n_all -gt 0 && $n_ok -eq $n_all ]]; then ok; else
		bad "$name: $n_ok of $n_all kernels print $want"; sed 's/^/    /' "$tmp/out"; fi
}
every_kernel_prints "initial position, depth 5" 4865609 "$START" 5
every_kernel_prints "kiwipete, depth 4" 4085603 "$KIWI" 4
every_kernel_prints "kiwipete, depth 4, bulk" 4085603 "$KIWI" 4 --bulk

expect "divide" 0 '^  e2e4: 600$' '^  moves: 20$' 'nodes 8,902 ' -- "$SB" perft "$START" 3 --divide
expect "nodes/s printed, grouped, over at least 0.2 s; the first run's time labelled apart" 0 \
	'nodes 400  first run [0-9.]+ s  mean of [0-9]+ runs: [0-9]{1,3}(,[0-9]{3})+ nodes/s$' -- "$SB" perft "$START" 2
expect "bad FEN: the field named" 2 "placement field has 3 ranks, expected 8" -- "$SB" perft 'rnbqkbnr/pppppppp/8 w' 3
expect "no king" 2 'no white king' -- "$SB" perft '8/8/8/8/8/8/8/k7 w - - 0 1' 3
expect "bad depth" 2 'DEPTH' -- "$SB" perft "$START" x
expect "a negative depth is named" 2 'DEPTH -1: expected a whole number from 0 to 12' -- "$SB" perft "$START" -1
expect "a missing depth is named" 2 'missing DEPTH after the position' -- "$SB" perft "$START"
expect "no arguments: both named" 2 'missing POSITION .* and DEPTH' -- "$SB" perft
expect "startpos by name" 0 '^reference +nodes 4,865,609 ' -- "$SB" perft startpos 5
expect "kiwipete by name" 0 '^reference +nodes 97,862 ' -- "$SB" perft kiwipete 3
expect "a misspelt name is named, not read as a FEN" 2 \
	"unknown position name 'kiwipet': known names startpos, kiwipete, position3..6, or give a FEN" -- \
	"$SB" perft kiwipet 3
if grep -q 'FEN "kiwipet"\|placement field' "$tmp/out"; then bad "a misspelt name was read as a FEN: $(cat "$tmp/out")"; else ok; fi
expect "a bad side to move is named" 2 'side-to-move field .* must be w or b' -- "$SB" perft 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1' 1
expect "a bad piece letter is named" 2 "has 'x' on rank 8: expected a piece letter" -- "$SB" perft 'rnbqkbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 1
expect "unknown kernel" 2 'unknown kernel "nosuch"' -- "$SB" perft "$START" 2 --kernel nosuch
expect "verify perft line" 0 '^reference +perft ok: 6 standard positions to depth 3-3, 0 wrong' \
	-- "$SB" verify --kernel reference --random 10 --perft-depth 3

if [[ -f datasets/master-2000.trace ]]; then
	expect "bench --mode perft" 0 'perft: 8 roots to depth 2' 'verified' \
		'reference +perft +all' 'null +perft .*no baseline' -- \
		"$SB" bench --mode perft --perft-depth 2 --perft-positions 8 --samples 2 --warmup 0 \
		--kernel reference,magic-plain --events none --out "$tmp/run"
	if [[ -f $tmp/run/summary.csv ]] &&
	   awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		    $c["mode"] == "perft" && $c["kernel"] != "null" { n++; if ($c["lookups_per_node"] == "" || $c["ns_median"] == "") bad = 1 }
		    END { exit !(n == 2 && !bad) }' "$tmp/run/summary.csv"; then ok; else
		bad "summary.csv: two perft rows with ns_median and lookups_per_node"; fi
else
	skipped "datasets/master-2000.trace not built (make)"
fi

cat >"$tmp/three.epd" <<'EPD'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id "start";
r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - id "kiwipete";
8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1
EPD
expect "epd converts" 0 '3 games read, 3 converted, 0 skipped' -- \
	"$SB" trace "$tmp/three.epd" -o "$tmp/three.trace"
expect "epd runs through bench" 0 'perft: 3 roots to depth 2' 'magic-plain +perft' -- \
	"$SB" bench --trace "$tmp/three.trace" --mode perft,position --perft-depth 2 --samples 2 \
	--warmup 0 --kernel reference,magic-plain --events none --out "$tmp/run3"
printf '%s\n' "$START" '# a comment' '' "${START/ w / x }" "${START/ - / e3 }" \
	'8/8/8/8/8/8/8/8 w - - 0 1' "${START/KQkq/QKkq}" 'foo' "$START extra" >"$tmp/list.txt"
expect "fen list: bad lines skipped and named" 3 'line 4: side to move' 'line 5: en passant' \
	'line 6: .*no white king' 'line 7: castling' 'line 8: 1 field' 'line 9: text after' \
	'7 games read, 1 converted, 6 skipped' -- \
	"$SB" trace "$tmp/list.txt" -o "$tmp/list.trace"
finish
