#!/usr/bin/env bash
# test_blockterm.sh - the between-process term of the block comparisons (huge pages, bits,
# compiler: analysis/process_term.h, pt_block_term_of) on tests/data/fixture-blockterm (see
# make-fixture-blockterm.py): the huge-page blocks put ksmall at 1.02 and kbig at 1.10, the
# same way in all six pairs, while the gcc block processes move each kernel's time relative to
# the null kernel by +-3.0% (t times their standard deviation).  A 2% effect within that is not
# settled, and says why; a 10% effect is; each verdict's csv row carries its term and where it
# came from (the kernel's own cells, its other cells, the study-wide median), and a study
# without block processes says its intervals are the pairs' own spread.
. "$(dirname "$0")/lib.sh"
D=tests/data

# verdict NAME FILE Q A B EXPR: the verdicts.csv row (Q, A, B) exists and the Python
# expression EXPR holds of it (r: the row as a dict; x, lo, hi, pct: its numbers).
verdict() {
	if python3 - "$@" <<'PY'
import csv, sys
name, path, q, a, b, expr = sys.argv[1:]
rows = [r for r in csv.DictReader(open(path)) if (r["question"], r["a"], r["b"]) == (q, a, b)]
assert len(rows) == 1, "%s: %d rows %s, %s, %s" % (name, len(rows), q, a, b)
r = rows[0]
num = lambda k: float(r[k]) if r[k] else float("nan")
x, lo, hi, pct = num("ratio"), num("lo"), num("hi"), num("process_pct")
assert eval(expr), "%s: %s is false of %s" % (name, expr, r)
PY
	then ok; else bad "$1: see above"; fi
}
has() { if grep -qF -- "$3" "$2"; then ok; else bad "$1: $2 lacks \"$3\""; fi; }

S=$tmp/study
cp -r $D/fixture-blockterm "$S"
expect "report" 0 -- $SB report "$S"
V=$S/verdicts.csv M=$S/report.md
H="ksmall, huge pages" N="ksmall, no huge pages"
verdict "2% within a +-3% term: not settled" "$V" hugepages "$H" "$N" \
	'r["settled"] == "no" and "between processes" in r["why"] and lo <= 1 <= hi and 1.015 < x < 1.025'
verdict "2%: its term, 6 processes, its own cells" "$V" hugepages "$H" "$N" \
	'2.5 < pct < 3.5 and r["processes"] == "6" and r["process_from"] == "cells"'
verdict "10% beyond a +-3% term: settled" "$V" hugepages "kbig, huge pages" "kbig, no huge pages" \
	'r["settled"] == "yes" and 2.5 < pct < 3.5 and r["processes"] == "6" and lo > 1 and lo < x / 1.025'
verdict "a kernel with other cells in the blocks: from them" "$V" hugepages "kpart, huge pages" \
	"kpart, no huge pages" 'r["process_from"] == "kernel" and r["processes"] == "6" and pct > 0'
verdict "a kernel in no block: the study-wide figure" "$V" hugepages "kfar, huge pages" \
	"kfar, no huge pages" 'r["process_from"] == "study" and r["processes"] == "6" and pct > 0'
has "the sentence says why 2% is not settled" "$M" "not settled: one way in every pair, but within what moves between processes, ±"
has "the huge-page paragraph names the term" "$M" "each interval includes what moves that kernel's time relative to the null kernel between processes"
verdict "compiler: clang 0.9x with the term, settled" "$V" compiler "ksmall, gcc build" \
	"ksmall, clang build" 'r["settled"] == "yes" and 2.5 < pct < 3.5 and r["process_from"] == "cells"'
verdict "bits: the -m32 build's verdict has a term" "$V" bits "-m64 build (same -march)" \
	"-m32 build" 'r["processes"] == "6" and pct > 0 and r["settled"] == "yes"'
has "bits: the sentence has the term" "$M" "paired over 6 block pairs, signed-rank p = 0.031, between processes ±"
has "compiler table: a between-processes column" "$M" "| between processes |"

# without compiler/ blocks: the 64-bit side of the bits/ blocks, which time neither kernel
B=$tmp/bits-only
cp -r $D/fixture-blockterm "$B"
rm -r "$B/compiler" && echo "clang is not installed" >"$B/compiler.skipped"
expect "report, bits blocks only" 0 -- $SB report "$B"
verdict "bits/ processes, kernel in none: the study-wide figure" "$B/verdicts.csv" hugepages \
	"$H" "$N" 'r["process_from"] == "study" and r["processes"] == "6"'

# no block processes at all: the pairs' own spread, said in the sentence and the csv
K=$tmp/none
cp -r $D/fixture-blockterm "$K"
rm -r "$K/compiler" "$K/bits" && echo "clang is not installed" >"$K/compiler.skipped"
echo "the kernel refuses 32-bit programs" >"$K/m32.skipped"
expect "report, no block processes" 0 -- $SB report "$K"
verdict "no processes: the pairs alone settle 2%, with process_pct 0" "$K/verdicts.csv" hugepages \
	"$H" "$N" 'r["settled"] == "yes" and pct == 0 and r["processes"] == "0"'
has "no processes: said" "$K/report.md" "each interval is the block pairs' own spread only, without a between-process term (the study has no compiler/ or bits/ blocks"
finish
