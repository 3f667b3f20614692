#!/usr/bin/env bash
# test_trace_pgnextract.sh - cross-check of `slidebench trace` against an independent replayer,
# Debian's pgn-extract: its --fencomments writes the FEN after every move; the trace (dumped
# with trace-dump, start positions left out) must hold the same positions in the same order:
# same count, same placement and side to move, for the shipped corpus and the feature file
# (and the full corpus with FULL_CORPUS=1).
. "$(dirname "$0")/lib.sh"
PE=$(command -v pgn-extract || echo /usr/games/pgn-extract)

# name, plain PGN for pgn-extract, input for slidebench trace
compare() {
	local name=$1 pgn=$2 input=$3 n_pe n_sb line
	if "$SB" trace -q "$input" -o "$tmp/$name.trace"; then ok; else
		bad "$name: slidebench trace exited $?"; return; fi
	"$PE" --fencomments -s -C -N -V -w100000 "$pgn" 2>"$tmp/$name.pe.err" |
		grep -o '{ [^}]* }' | awk '{ print $2, $3 }' >"$tmp/$name.pe"
	"$SB" trace-dump --numbers "$tmp/$name.trace" |
		awk '$2 != 0 { print $3, $4 }' >"$tmp/$name.sb"
	n_pe=$(wc -l <"$tmp/$name.pe") n_sb=$(wc -l <"$tmp/$name.sb")
	if [[ $n_pe -gt 0 && $n_pe -eq $n_sb ]]; then ok; else
		bad "$name: pgn-extract wrote $n_pe positions, the trace holds $n_sb"; fi
	line=$(cmp "$tmp/$name.pe" "$tmp/$name.sb" 2>&1 | sed -n 's/.* line \([0-9]*\).*/\1/p')
	if cmp -s "$tmp/$name.pe" "$tmp/$name.sb"; then ok; else
		bad "$name: position $line differs: pgn-extract $(sed -n "${line}p" "$tmp/$name.pe")," \
			"trace $(sed -n "${line}p" "$tmp/$name.sb")"; fi
	# Every game: ply 0 first, then 1, 2, ... with the side to move alternating.
	if "$SB" trace-dump --numbers "$tmp/$name.trace" | awk '
		$1 != g { if ($2 != 0) bad = 1; g = $1; p = 0; s = $4; next }
		{ p++; if ($2 != p || $4 == s) bad = 1; s = $4 }
		END { exit bad }'; then ok; else bad "$name: plies not consecutive in the trace"; fi
	echo "  $name: $n_sb positions after moves agree with pgn-extract"
}

if [[ ! -x $PE ]]; then
	bad "pgn-extract is not installed (apt-get install pgn-extract); cross-check not run"
else
	zstd -q -dc datasets/master-2000.pgn.zst >"$tmp/master-2000.pgn"
	master=datasets/master-2000.pgn.zst
	probe=$("$SB" trace -q $master -o "$tmp/probe.trace" 2>&1)
	[[ $probe == *"without libzstd"* ]] && master=$tmp/master-2000.pgn # a build without libzstd (make m32)
	compare master-2000 "$tmp/master-2000.pgn" $master
	compare features tests/data/features.pgn tests/data/features.pgn
	# The whole corpus (11,264,836 positions, about two minutes): FULL_CORPUS=1, after
	# datasets/fetch-full-corpus.sh.
	if [[ ${FULL_CORPUS:-0} == 1 && -s datasets/cache/book_1.02.pgn ]]; then
		compare book-1.02 datasets/cache/book_1.02.pgn datasets/cache/book_1.02.pgn
	fi
fi
finish
