#!/usr/bin/env bash
# test_verdicts.sh - `slidebench verdicts`: two reports of the same run agree (exit 0); a copy
# whose verdicts.csv is edited to settle one question the other way is named REVERSED, one
# estimated the other way CONTRADICTED (exit 1); a study without verdicts.csv is refused; one
# written before the between-process columns is still read, and said to be within one process.
. "$(dirname "$0")/lib.sh"

mk() { cp -r tests/data/fixture-run-a "$tmp/$1" && $SB report "$tmp/$1" >/dev/null 2>&1; }
mk a && mk b && ok || bad "reports of the fixture run failed"
expect "same run twice" 0 "0 verdicts reversed or contradicted; 0 estimates outside" -- \
	$SB verdicts "$tmp/a" "$tmp/b"
awk -F, 'BEGIN { OFS = "," }
	$1 == "tables" { $4 = 1.2; $5 = 1.1; $6 = 1.3 }
	$1 == "branching" && !done { $4 = 1.01; $15 = "no"; done = 1 }
	{ print }' "$tmp/a/verdicts.csv" >"$tmp/b/verdicts.csv"
expect "reversed and contradicted named" 1 "REVERSED: tables, kindergarten-4k / kindergarten-512" \
	"CONTRADICTED: branching, classical-branchless / classical-conditional" \
	"2 verdicts reversed or contradicted" -- $SB verdicts "$tmp/a" "$tmp/b"
# a verdicts.csv from before the process_pct, processes and process_from columns
mkdir -p "$tmp/old"
python3 - "$tmp/a/verdicts.csv" "$tmp/old/verdicts.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
drop = [rows[0].index(c) for c in ("process_pct", "processes", "process_from")]
csv.writer(open(sys.argv[2], "w"), lineterminator="\n").writerows(
    [[x for i, x in enumerate(r) if i not in drop] for r in rows])
PY
head -1 "$tmp/old/verdicts.csv" | grep -qx "question,a,b,ratio,lo,hi,test,p,basis,cells,pairs,settled,why,robust" &&
	ok || bad "old verdicts.csv: $(head -1 "$tmp/old/verdicts.csv")"
expect "old verdicts.csv still read" 0 "B = $tmp/old \(written before the between-process term" \
	"0 verdicts reversed or contradicted" -- $SB verdicts "$tmp/a" "$tmp/old"
mkdir -p "$tmp/none"
expect "no verdicts.csv" 1 "none/verdicts.csv.*run slidebench report" -- $SB verdicts "$tmp/a" "$tmp/none"
expect "one study is a usage error" 2 "usage: slidebench verdicts" -- $SB verdicts "$tmp/a"
finish
