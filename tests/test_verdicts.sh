#!/usr/bin/env bash
# test_verdicts.sh - `slidebench verdicts`: two reports of the same run agree (exit 0); a copy
# whose verdicts.csv is edited to settle one question the other way is named CONTRADICTED (exit
# 1: two settled verdicts cannot both be right), also between two studies that are not the
# first; one estimated the other way where it is not settled (or provisional) is named noisy,
# expected noise, not a contradiction (exit 0); a study without verdicts.csv, a duplicated
# verdict or a ratio that is not a positive finite number is refused; one written before the
# between-process columns is still read, and said to be within one process.
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
finish
