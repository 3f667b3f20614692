#!/usr/bin/env bash
# test_history.sh - the between-study term of the block comparisons (report_history.c) on
# tests/data/fixture-process, whose compiler blocks settle every kernel 0.90x under clang.
# Alone in its folder, a study says the term is not measured and stays settled; beside a
# second study of the same machine and build whose estimate of one kernel is 1.10x, that
# kernel's interval is widened to include 1 and it is no longer settled, its why naming the
# studies; a study of another CPU or another build beside it is not counted.
. "$(dirname "$0")/lib.sh"
D=tests/data

# row DIR KERNEL: the compiler verdict row of KERNEL in DIR/verdicts.csv, as "ratio lo hi settled".
row() {
	python3 - "$1/verdicts.csv" "$2, gcc build" <<'PY'
import csv, sys
r = [r for r in csv.DictReader(open(sys.argv[1])) if r["question"] == "compiler" and r["a"] == sys.argv[2]]
print(" ".join((r[0]["ratio"], r[0]["lo"], r[0]["hi"], r[0]["settled"], r[0]["why"])) if r else "none")
PY
}
# set_ratio FILE KERNEL X: KERNEL's compiler row in FILE estimates X.
set_ratio() {
	python3 - "$@" <<'PY'
import csv, sys
path, k, x = sys.argv[1:]
rows = list(csv.DictReader(open(path)))
for r in rows:
	if r["question"] == "compiler" and r["a"] == k + ", gcc build":
		r["ratio"] = x
w = csv.DictWriter(open(path, "w", newline=""), fieldnames=rows[0].keys())
w.writeheader(); w.writerows(rows)
PY
}

R=$tmp/results
mkdir -p "$R"
cp -r $D/fixture-process "$R/a"
check "report, alone" "$SB" report "$R/a"
r=$(row "$R/a" ka)
[[ $r == "0.9 "*" yes"* ]] && ok || bad "alone: ka not settled at 0.9: $r"
grep -q "between studies not measured (no other study of this machine and build beside it in $R)" \
	"$R/a/report.md" && ok || bad "alone: report.md does not say the term is not measured"

# a second study of the same machine and build, whose ka estimate is the other way
cp -r $D/fixture-process "$R/b"
check "report b" "$SB" report "$R/b"
set_ratio "$R/b/verdicts.csv" ka 1.10
check "report, beside b" "$SB" report "$R/a"
r=$(row "$R/a" ka)
read -r x lo hi st why <<<"$r"
python3 -c "import sys; x, lo, hi = map(float, sys.argv[1:]); sys.exit(not (x == 0.9 and lo < 1 < hi))" \
	"$x" "$lo" "$hi" && ok || bad "beside b: ka's interval does not include 1: $r"
[[ $st == no && $r == *"between studies"* ]] && ok || bad "beside b: ka still settled, or why silent: $r"
r=$(row "$R/a" kb)
[[ $r == *" yes"* ]] && ok || bad "beside b: kb (the same estimate in both) lost settled: $r"
grep -q "between studies is measured over this study and 1 other of this machine and build beside it (b)" \
	"$R/a/report.md" && ok || bad "beside b: report.md does not name the other study"

# another CPU, and another build: not counted
for what in cpu build; do
	rm -rf "$R/b" "$R/c"
	cp -r $D/fixture-process "$R/c"
	if [[ $what == cpu ]]; then
		sed -i 's/"cpu_model": "[^"]*"/"cpu_model": "Another CPU"/' "$R/c/m64/context.json"
	else
		sed -i 's/"compiler": "gcc [^"]*"/"compiler": "gcc 99.0"/' "$R/c/m64/context.json"
	fi
	check "report c ($what)" "$SB" report "$R/c"
	set_ratio "$R/c/verdicts.csv" ka 1.10
	check "report, beside another $what" "$SB" report "$R/a"
	r=$(row "$R/a" ka)
	[[ $r == "0.9 "*" yes"* ]] && ok || bad "beside another $what: ka widened by it: $r"
done
finish
