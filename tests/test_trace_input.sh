#!/usr/bin/env bash
# test_trace_input.sh - `slidebench trace`, trace-info and trace-dump on bad input of every
# kind the issue lists: each gets its documented message and exit status, none crashes
# (a status above 4 or a signal counts as a failure).  Exit statuses: 0 all converted,
# 3 some games skipped, 4 nothing usable read, 1 unreadable trace, 2 bad command line.
. "$(dirname "$0")/lib.sh"
D=tests/data

# expect_err NAME STATUS TEXT CMD...: CMD exits STATUS and its stderr holds the fixed string
# TEXT ("" for none); its stdout is left in $tmp/out, its stderr in $tmp/err.
expect_err() {
	local name=$1 want=$2 text=$3 rc=0
	shift 3
	"$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
	if [[ $rc -ne $want ]]; then
		bad "$name: exit status $rc, expected $want; stderr:"
		sed 's/^/    /' "$tmp/err"
	elif [[ -n $text ]] && ! grep -qF -- "$text" "$tmp/err"; then
		bad "$name: stderr lacks \"$text\"; it says:"
		sed 's/^/    /' "$tmp/err"
	else
		ok
	fi
}

# name, trace, expected last FEN of trace-dump
expect_last() {
	local got
	got=$("$SB" trace-dump "$2" | tail -n 1)
	if [[ $got == "$3" ]]; then ok; else bad "$1: last position $got, expected $3"; fi
}

T=$tmp/t.trace
# Bad PGN input.
: >"$tmp/empty.pgn"
expect_err "empty file" 4 "empty.pgn: no games found" "$SB" trace "$tmp/empty.pgn" -o "$T"
[[ ! -e $T && ! -e $T.tmp ]] && ok || bad "empty file: output left behind"
expect_err "truncated game" 3 'truncated.pgn: game 2 (A - B): the input ends before the game'"'"'s result' "$SB" trace $D/truncated.pgn -o "$T"
expect_err "truncated tags" 3 "game 2 (A - ?): the input ends inside a tag pair" "$SB" trace $D/truncated-tags.pgn -o "$T"
expect_err "binary garbage" 4 "garbage.bin: binary data (a NUL byte in the first 4 KB), not PGN text" "$SB" trace $D/garbage.bin -o "$T"
gzip -c $D/illegal.pgn >"$tmp/games.pgn.gz"
expect_err "gzip as PGN" 4 "games.pgn.gz: gzip-compressed data, not PGN text" "$SB" trace "$tmp/games.pgn.gz" -o "$T"
expect_err "illegal move" 3 'illegal.pgn: game 2 (Tal - Botvinnik), ply 3: illegal move "Nxe5": no knight can reach e5' "$SB" trace $D/illegal.pgn -o "$T"
expect_err "illegal: summary" 3 "2 games read, 1 converted, 1 skipped; 8 plies, 9 positions" "$SB" trace $D/illegal.pgn -o "$T"
expect_err "ambiguous move" 3 'game 2 (Spassky - Fischer), ply 7: ambiguous move "Ne4": knights on c3 and g5 can both reach e4' "$SB" trace $D/ambiguous.pgn -o "$T"
expect_err "missing result" 0 "game 1 (A - B): no result before the next game (line 7); kept" "$SB" trace $D/noresult.pgn -o "$T"
expect_err "unterminated comment" 3 "game 1 (A - B), ply 2: unterminated comment (opened at line 6)" "$SB" trace $D/comment.pgn -o "$T"
expect_err "unterminated variation" 3 "game 1 (A - B), ply 3: unterminated variation (opened at line 6)" "$SB" trace $D/variation.pgn -o "$T"
expect_err "impossible FEN" 3 'game 1 (A - B): FEN tag: impossible position in FEN "4k3/8/8/8/8/8/8/4KK2 w - - 0 1": white has two kings' "$SB" trace $D/badfen.pgn -o "$T"
# Issue 16, D1: en passant squares no double step explains are refused, the game skipped.
for fen in "4k3/8/8/3PP3/8/8/8/4K3 w - d6 0 1" "4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1" \
	"4k3/8/8/8/8/8/3pP3/4K3 w - d3 0 1"; do
	printf '[Event "ep"]\n[SetUp "1"]\n[FEN "%s"]\n\n1. e4 1-0\n\n[Event "ok"]\n\n1. e4 *\n' "$fen" >"$tmp/ep.pgn"
	expect_err "en passant $fen" 3 "FEN tag: FEN \"$fen\": en passant square" "$SB" trace "$tmp/ep.pgn" -o "$T"
done
expect_err "broken tag" 3 "game 2: line 9: tag White: value not closed with '\"'" "$SB" trace $D/badtag.pgn -o "$T"
expect_err "broken tag: the rest read" 3 "3 games read, 2 converted, 1 skipped" "$SB" trace $D/badtag.pgn -o "$T"
# A 1 MB line: as a comment the game is fine; as one token it is refused, not buffered.
{ printf '[Event "long"]\n[Result "*"]\n\n1. e4 {'; head -c 1048576 /dev/zero | tr '\0' 'x'; printf '} e5 *\n'; } >"$tmp/long-comment.pgn"
expect_err "1 MB comment line" 0 "1 games read, 1 converted" "$SB" trace "$tmp/long-comment.pgn" -o "$T"
{ printf '[Event "long"]\n[Result "*"]\n\n1. e4 '; head -c 1048576 /dev/zero | tr '\0' 'e'; printf ' *\n'; } >"$tmp/long-token.pgn"
expect_err "1 MB token line" 4 "token \"eeeeeeeeeeeeeeeeeeee...\" longer than 47 bytes" "$SB" trace "$tmp/long-token.pgn" -o "$T"
# A build without libzstd (make m32) says so; the rest of the tests then use plain text.
MASTER=datasets/master-2000.pgn.zst
probe=$("$SB" trace -q $MASTER -o "$T" 2>&1)
if [[ $probe == *"built without libzstd"* ]]; then
	expect_err "zstd without libzstd" 4 "zstd-compressed data, but slidebench was built without libzstd" "$SB" trace $MASTER -o "$T"
	MASTER=$tmp/master-2000.pgn
	zstd -q -dc datasets/master-2000.pgn.zst >"$MASTER"
else
	head -c 300 datasets/master-2000.pgn.zst >"$tmp/cut.pgn.zst"
	expect_err "truncated zstd" 4 "zstd data ends early" "$SB" trace "$tmp/cut.pgn.zst" -o "$T"
fi
expect_err "missing input" 4 "nope.pgn: No such file or directory" "$SB" trace "$tmp/nope.pgn" -o "$T"

# What has to work: every feature, stdin, several inputs, the Makefile's command line
# (bin/slidebench trace datasets/master-2000.pgn.zst -o datasets/master-2000.trace).
expect_err "features" 0 "6 games read, 6 converted, 0 skipped; 41 plies, 47 positions" "$SB" trace $D/features.pgn -o "$T"
expect_err "stdin" 0 "6 games read, 6 converted" sh -c "cat $D/features.pgn | $SB trace - -o $T"
expect_err "two inputs" 3 "8 games read, 7 converted, 1 skipped" "$SB" trace $D/features.pgn $D/illegal.pgn -o "$T"
printf '[Event "semicolon"]\n[Result "*"]\n\n1. e4 ; Nf3 is only a comment\n%% escape line 1... Nf3\ne5 2. Nf3 $14 Nc6 *\n' >"$tmp/semi.pgn"
"$SB" trace -q "$tmp/semi.pgn" -o "$T"
expect_last "; and % comments" "$T" "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w"
"$SB" trace -q $D/features.pgn -o "$T"
expect_last "features: mate" "$T" "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w"
expect_err "the Makefile's command line" 0 "2000 games read, 2000 converted, 0 skipped" "$SB" trace $MASTER -o "$tmp/master-2000.trace"
expect_err "trace-info" 0 "" "$SB" trace-info "$tmp/master-2000.trace"
grep -q "^positions      156667 (2000 games, 154667 plies)" "$tmp/out" && ok || { bad "trace-info: positions line"; sed 's/^/    /' "$tmp/out"; }

# Command line.
expect_err "no -o" 2 "-o OUT.trace is required" "$SB" trace $D/features.pgn
expect_err "no input" 2 "no input given" "$SB" trace -o "$T"
expect_err "unknown option" 2 "" "$SB" trace --bogus $D/features.pgn -o "$T"
expect_err "help" 0 "" "$SB" trace --help
expect_err "unwritable output" 1 "No such file or directory" "$SB" trace $D/features.pgn -o "$tmp/no/dir/t.trace"

# Corrupt traces through the command line (all kinds in tests/test_trace.c).
cp "$tmp/master-2000.trace" "$tmp/c.trace"
printf 'X' | dd of="$tmp/c.trace" bs=1 seek=0 conv=notrunc status=none
expect_err "bad magic" 1 "c.trace: bad magic (not a slidebench trace)" "$SB" trace-info "$tmp/c.trace"
cp "$tmp/master-2000.trace" "$tmp/c.trace"
printf '\7' | dd of="$tmp/c.trace" bs=1 seek=8 conv=notrunc status=none
expect_err "unknown version" 1 "c.trace: unknown version 7" "$SB" trace-dump "$tmp/c.trace"
head -c 100000 "$tmp/master-2000.trace" >"$tmp/c.trace"
expect_err "truncated trace" 1 "c.trace: 100000 bytes, but the header's 156667 records take 11280344: truncated" "$SB" trace-info "$tmp/c.trace"
# Through a pipe the size is unknown: the records are counted as they arrive.
expect_err "truncated trace on stdin" 1 "standard input: truncated at record 1384 (the header says 156667)" sh -c "cat '$tmp/c.trace' | $SB trace-info -"
cp "$tmp/master-2000.trace" "$tmp/c.trace"
printf '\377' | dd of="$tmp/c.trace" bs=1 seek=5000000 conv=notrunc status=none
expect_err "checksum" 1 "c.trace: checksum mismatch" "$SB" trace-dump "$tmp/c.trace"
expect_err "not a trace" 1 "features.pgn: bad magic" "$SB" trace-info $D/features.pgn
expect_err "trace-dump usage" 2 "give exactly one trace file" "$SB" trace-dump

finish
