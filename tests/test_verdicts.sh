#!/usr/bin/env bash
# test_verdicts.sh - `slidebench verdicts`: two reports of the same run agree (exit 0); a copy
# whose verdicts.csv is edited to settle one question the other way is named CONTRADICTED (exit
# 1: two settled verdicts cannot both be right), also between two studies that are not the
# first; one estimated the other way where it is not settled (or provisional) is named noisy,
# expected noise, not a contradiction (exit 0); a study without verdicts.csv, a duplicated
# verdict or a ratio that is not a positive finite number is refused; one written before the
# between-process columns is still read, and said to be within one process.  Winners (the
# fixtures tests/data/verdicts-study-a and -b: a full study and a quick one on another host):
# each workload's and question's winner in each study, with its confidence word; every changed
# winner named CHANGED, with the studies where it is not settled, counted first and last; one
# that stayed is not; a changed winner is no contradiction (exit 0); the study's order, a third
# study and a verdicts.csv written before the between-process columns name them alike; no
# column cuts a name ('recommend:pressure at 8 Ki', a compiler pair cut at 44 characters).
. "$(dirname "$0")/lib.sh"

mk() { cp -r tests/data/fixture-run-a "$tmp/$1" && $SB report "$tmp/$1" >/dev/null 2>&1; }
mk a && mk b && ok || bad "reports of the fixture run failed"
expect "same run twice" 0 "0 verdicts contradicted .*; 0 noisy .*; 0 estimates outside" -- \
	$SB verdicts "$tmp/a" "$tmp/b"
awk -F, 'BEGIN { OFS = "," }
	$1 == "tables" { $4 = 1.2; $5 = 1.1; $6 = 1.3 }
	$1 == "branching" && !done { $4 = 1.01; $15 = "no"; done = 1 }
	{ print }' "$tmp/a/verdicts.csv" >"$tmp/b/verdicts.csv"
expect "settled both ways: contradicted; settled against not settled: noisy" 1 \
	"CONTRADICTED: tables, kindergarten-4k / kindergarten-512: settled at [0-9.]+ in $tmp/a and settled at" \
	"noisy: branching, classical-branchless / classical-conditional: settled at [0-9.]+ in $tmp/a; 1.010 in $tmp/b is the other side, not settled there \(no\): expected noise" \
	"1 verdict contradicted .*; 1 noisy" -- $SB verdicts "$tmp/a" "$tmp/b"
grep -q "CONTRADICTED: branching" "$tmp/out" && bad "settled against not settled called CONTRADICTED" || ok
# only noisy ones: exit 0; a provisional verdict (a busy study's) is not settled either
mkdir -p "$tmp/noisy" "$tmp/prov"
awk -F, 'BEGIN { OFS = "," } $1 == "branching" && !done { $4 = 1.01; $15 = "no"; done = 1 } { print }' \
	"$tmp/a/verdicts.csv" >"$tmp/noisy/verdicts.csv"
expect "noisy only: exit 0" 0 "noisy: branching" "0 verdicts contradicted .*; 1 noisy" -- \
	$SB verdicts "$tmp/a" "$tmp/noisy"
awk -F, 'BEGIN { OFS = "," } $1 == "tables" { $4 = 1.2; $5 = 1.1; $6 = 1.3; $15 = "provisional" } { print }' \
	"$tmp/a/verdicts.csv" >"$tmp/prov/verdicts.csv"
expect "provisional is not settled: noisy, exit 0" 0 \
	"noisy: tables, kindergarten-4k / kindergarten-512: settled at [0-9.]+ in $tmp/a; 1.200 in $tmp/prov is the other side, not settled there \(provisional\)" \
	"1.200 \(1.100-1.300\)~" "0 verdicts contradicted" -- $SB verdicts "$tmp/a" "$tmp/prov"
# a verdicts.csv from before the process_pct, processes and process_from columns
mkdir -p "$tmp/old"
python3 - "$tmp/a/verdicts.csv" "$tmp/old/verdicts.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
drop = [rows[0].index(c) for c in ("process_pct", "processes", "process_from", "format")]
csv.writer(open(sys.argv[2], "w"), lineterminator="\n").writerows(
    [[x for i, x in enumerate(r) if i not in drop] for r in rows])
PY
head -1 "$tmp/old/verdicts.csv" | grep -qx "question,a,b,ratio,lo,hi,test,p,basis,cells,pairs,settled,why,robust" &&
	ok || bad "old verdicts.csv: $(head -1 "$tmp/old/verdicts.csv")"
expect "old verdicts.csv still read" 0 "B = $tmp/old \(written before the between-process term" \
	"0 verdicts contradicted" -- $SB verdicts "$tmp/a" "$tmp/old"
mkdir -p "$tmp/none"
expect "no verdicts.csv" 1 "none/verdicts.csv.*run slidebench report" -- $SB verdicts "$tmp/a" "$tmp/none"
# Three studies: a reversal between B and C over a verdict A lacks is named (it was not: only
# A's rows were compared).
mkdir -p "$tmp/c3a" "$tmp/c3b" "$tmp/c3c"
grep -v '^tables,' "$tmp/a/verdicts.csv" >"$tmp/c3a/verdicts.csv"
cp "$tmp/a/verdicts.csv" "$tmp/c3b/verdicts.csv"
awk -F, 'BEGIN { OFS = "," } $1 == "tables" { $4 = 1.2; $5 = 1.1; $6 = 1.3 } { print }' \
	"$tmp/a/verdicts.csv" >"$tmp/c3c/verdicts.csv"
expect "a contradiction between B and C, not in A" 1 "CONTRADICTED: tables, kindergarten-4k / kindergarten-512: settled at [0-9.]+ in $tmp/c3b" \
	-- $SB verdicts "$tmp/c3a" "$tmp/c3b" "$tmp/c3c"
# refused: a duplicated verdict, a NaN, negative or infinite ratio (named: file, line, column)
mkdir -p "$tmp/dup"
{ cat "$tmp/a/verdicts.csv"; sed -n 2p "$tmp/a/verdicts.csv"; } >"$tmp/dup/verdicts.csv"
n=$(wc -l <"$tmp/dup/verdicts.csv")
expect "a duplicated verdict" 1 "dup/verdicts.csv: line $n: a second verdict .*\(the first is line 2\)" \
	-- $SB verdicts "$tmp/a" "$tmp/dup"
for v in nan -1.5 inf 0; do
	mkdir -p "$tmp/r$v"
	awk -F, -v v="$v" 'BEGIN { OFS = "," } NR == 3 { $4 = v } { print }' "$tmp/a/verdicts.csv" \
		>"$tmp/r$v/verdicts.csv"
	expect "ratio $v" 1 "r$v/verdicts.csv: line 3: ratio is \"$v\": not a positive finite ratio" \
		-- $SB verdicts "$tmp/a" "$tmp/r$v"
done
expect "one study is a usage error that says two are needed" 2 "give two or more studies" -- $SB verdicts "$tmp/a"
# changed winners: the random, chain, engine and 2-thread winners (and more) differ
VA=tests/data/verdicts-study-a VB=tests/data/verdicts-study-b
expect "changed winners named, counted first and last; no contradiction" 0 \
	"^Changed winners: 8 of the 12 answers \(7 not settled in some study: trust those less; 1 settled in every study that gives it\)\.$" \
	"^  CHANGED: chain: pext \(settled\) in A, hyperbola \(likely\) in B; not settled in B$" \
	"^  CHANGED: pointer: split-pext \(unclear\) in A, pext \(provisional\) in B; not settled in A and B$" \
	"^  CHANGED: random: pext \(settled\) in A, galois-field \(likely\) in B; not settled in B$" \
	"^  CHANGED: peer: pext \(settled\) in A, split-pext \(settled\) in B; settled in every study$" \
	"^  CHANGED: engine \(perft\): pext \(settled\) in A, kindergarten-4k \(unclear\) in B; not settled in B$" \
	"^  CHANGED: pressure at 8 KiB: split-pext \(settled\) in A, hyperbola \(likely\) in B; not settled in B$" \
	"^  CHANGED: table size: kindergarten-4k \(settled\) in A, kindergarten-512 \(unclear\) in B; not settled in B$" \
	"^  CHANGED: position, 2 threads: pext \(likely\) in A, magic-fancy \(settled\) in B; not settled in A$" \
	"^stream +pext \(settled\) +pext \(unclear\)$" \
	"^pressure at 8 MiB +kogge-stone-avx512 \(settled\) +-$" \
	"^32 or 64 bit, siblings +64-bit siblings \(settled\) +64-bit siblings \(unclear\)$" \
	"^branching +classical-branchless \(settled\) +classical-branchless \(likely\)$" \
	"^random +pext \(settled\) +galois-field \(likely\) +CHANGED$" \
	"0 verdicts contradicted .*; 8 winners changed" -- $SB verdicts "$VA" "$VB"
grep -Eq "CHANGED: (stream|branching|32 or 64|pressure at 8 MiB)" "$tmp/out" && bad "an unchanged winner called CHANGED" || ok
grep -Eq "^32 or 64 bit.*cichy" "$tmp/out" && bad "a kernel pair of bits listed as an answer" || ok
# no column cuts a name: the question and both sides of every verdict whole
expect "long names whole" 0 "^recommend:pressure at 8 KiB( |$)" "^recommend:position, 2 threads( |$)" \
	"^  classical-generalized-conditional, clang build / classical-generalized-conditional, gcc build +1\.020 \(0\.999-1\.043\) +1\.021 \(0\.980-1\.060\)$" \
	-- $SB verdicts "$VA" "$VB"
# the other order, a third study, and a verdicts.csv from before the between-process columns
expect "B first" 0 "CHANGED: random: galois-field \(likely\) in A, pext \(settled\) in B; not settled in A$" \
	-- $SB verdicts "$VB" "$VA"
expect "three studies" 0 "^Changed winners: 8 of the 12 answers" \
	"CHANGED: random: pext \(settled\) in A, galois-field \(likely\) in B, pext \(settled\) in C; not settled in B$" \
	"CHANGED: pointer: split-pext \(unclear\) in A, pext \(provisional\) in B, split-pext \(unclear\) in C; not settled in A, B and C$" \
	-- $SB verdicts "$VA" "$VB" "$VA"
mkdir -p "$tmp/oldb"
python3 - "$VB/verdicts.csv" "$tmp/oldb/verdicts.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
drop = [rows[0].index(c) for c in ("process_pct", "processes", "process_from", "format")]
csv.writer(open(sys.argv[2], "w"), lineterminator="\n").writerows(
    [[x for i, x in enumerate(r) if i not in drop] for r in rows])
PY
expect "winners of an old verdicts.csv" 0 "B = $tmp/oldb \(written before" "^Changed winners: 8 of the 12" \
	"CHANGED: random: pext \(settled\) in A, galois-field \(likely\) in B; not settled in B$" \
	-- $SB verdicts "$VA" "$tmp/oldb"
expect "the same study twice: no winner changed" 0 "^Changed winners: 0 of the 12 answers\.$" \
	"; 0 winners changed" -- $SB verdicts "$VA" "$VA"
grep -q "CHANGED" "$tmp/out" && bad "a study against itself: a CHANGED winner" || ok
finish
