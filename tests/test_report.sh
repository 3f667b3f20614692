#!/usr/bin/env bash
# test_report.sh - report, compare and export from the synthetic fixture runs
# (tests/data/fixture-run-a, -b: see make-fixtures.py for what they hold), and the HTML
# report opened in a real browser (Debian's chromium, headless) where it is installed.
. "$(dirname "$0")/lib.sh"
D=tests/data

# has NAME FILE PATTERN: FILE contains the (fixed) string PATTERN.
has() { if grep -qF -- "$3" "$2"; then ok; else bad "$1: $2 lacks \"$3\""; fi; }
hasnt() { if grep -qF -- "$3" "$2"; then bad "$1: $2 has \"$3\""; else ok; fi; }
# run NAME STATUS CMD...: CMD exits STATUS; its output is in $tmp/out.
run() {
	local name=$1 want=$2
	shift 2
	expect "$name" "$want" -- "$@"
}

# ---- report on a study: m64 + m32.skipped + one chart present, the others missing ----
S=$tmp/study
mkdir -p "$S/plots"
cp -r $D/fixture-run-a "$S/m64"
echo "the kernel refuses 32-bit programs (Exec format error)" >"$S/m32.skipped"
echo "clang is not installed (harness/scripts/deps.sh installs Debian's clang)" >"$S/compiler.skipped"
cp $D/fixture-plots/bits.svg "$S/plots/"
run "report study" 0 $SB report "$S"
H=$S/report.html M=$S/report.md
[[ -s $H && -s $M ]] && ok || bad "report study: report.html or report.md missing"
has "html doctype" "$H" "<!DOCTYPE html>"
has "inline css" "$H" "<style>"
hasnt "no external resources" "$H" 'src="http'
has "chart embedded" "$H" '<figure id="chart-bits">'
has "chart as a data: image" "$H" "<img src=\"data:image/svg+xml;base64,$(base64 -w0 $D/fixture-plots/bits.svg)\""
hasnt "no svg markup in the page" "$H" "<svg"
has "content security policy" "$H" "Content-Security-Policy\" content=\"default-src 'none'; img-src data:;"
has "missing chart noted" "$H" '<figure id="chart-tables" class="missing">'
has "missing chart reason" "$H" "is missing:"
has "md links the chart" "$M" "](plots/bits.svg)"
has "md notes a missing chart" "$M" "A small shared table against larger ones (plots/tables.png) is missing"
has "environment" "$M" "CPU: Fixture CPU 9000 (vendor AuthenticFixture, microarchitecture zen5)"
has "caches" "$M" "Caches: L1d 48 KiB, L2 1 MiB, L3 32 MiB"
has "dead counter and why" "$M" "PAPI_TOT_CYC not counted: no PMU in this VM"
has "live counter" "$M" "live events: perf::CONTEXT-SWITCHES"
has "verification" "$M" "6 kernels timed, 0 failed verification (or were refused), 1 unavailable"
has "unavailable kernel listed" "$M" "pext: unavailable: needs BMI2"
has "marked row" "$M" "| ⚠ classical-conditional | bishop"
has "answer (a), the faster first" "$M" "In the 64-bit build their 64-bit siblings are 1.08× ("
has "answer (a) m32 reason" "$M" "no -m32 comparison: the kernel refuses 32-bit programs"
has "answer (b)" "$M" "> kindergarten-4k is 1.16× ("
has "answer (b) per mode" "$M" "settled faster in stream; not settled in position; L1 misses per lookup"
has "answer (b) sim label" "$M" "(sim, mean over 2 modes)"
has "answer (c)" "$M" "> classical-branchless is 1.19× ("
has "answer (c) mispredictions" "$M" "branch mispredictions per lookup 0.0195 vs 0.4875 (sim"
has "recommendation settled" "$M" "stream: kindergarten-4k is fastest (0.894 ns/lookup), 1.08× ("
has "recommendation settled verdict" "$M" "ahead of kindergarten-32 (0.985 ns/lookup); settled"
has "recommendation not distinguishable" "$M" "position: kindergarten-4k has the lowest median (2.997 ns/lookup), not distinguishable from kindergarten-512 (time ratio 1.00× (0.99–1.01))"
has "not settled verdict" "$M" "not settled because the interval includes 1 (paired over 12 rounds"
[[ $(grep -c '^> ' "$M") -ge 3 ]] && ok || bad "fewer than three answer sentences in $M"
# a simulated count net of the null's that comes out just below 0 is printed as 0, never negative
SN=$tmp/study-negsim
mkdir -p "$SN/m64" && cp $D/fixture-run-a/*.* "$SN/m64/"
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
	NR > 1 && $c["kernel"] == "hyperbola" && $c["mode"] == "stream" && $c["piece"] == "rook" {
		$c["sim_d1_miss"] = "-2e-05"; $c["sim_br_miss"] = "-0.0001" } 1' \
	$D/fixture-run-a/summary.csv >"$SN/m64/summary.csv"
run "report, negative sim counts" 0 $SB report "$SN"
has "a sim count below 0 shows as 0" "$SN/report.md" "| hyperbola | rook | 1.602 | 1.586–1.618 | 1.584 | 1.20 | 5.77 | — | — | 0.0000 sim | 0.0000 sim |"
hasnt "no negative sim count" "$SN/report.md" "-0.0"
# a row flagged prepared (its lookups read state prepared outside the timed region) is no
# candidate: with kindergarten-4k's stream rows so flagged, the runner-up leads
SP=$tmp/study-prepared
cp -r "$S" "$SP"
python3 - "$SP/m64/summary.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for r in rows:
    if r["kernel"] == "kindergarten-4k" and r["mode"] == "stream":
        r["flags"] = "prepared;" + r["flags"]
w = csv.DictWriter(open(sys.argv[1], "w", newline=""), fieldnames=rows[0].keys(), lineterminator="\n")
w.writeheader()
w.writerows(rows)
PY
run "report, a prepared row" 0 $SB report "$SP"
has "prepared: the next kernel is recommended" "$SP/report.md" "stream: kindergarten-32 is fastest (0.985 ns/lookup)"
has "prepared: still recommended where it pays its way" "$SP/report.md" "position: kindergarten-4k has the lowest median"
has "prepared: the rule is said" "$SP/report.md" "nor is a kernel in a mode where its lookups read state prepared outside the timed region"
# answers first: the recommendation and the answers come before the charts and the tables
order=$(grep -n '^## ' "$M" | cut -d: -f2- | paste -sd'|')
[[ $order == "## What this study found|## Recommendation per workload|## Answers|## Do the answers survive the harness's own knobs?|## Charts|"* ]] && ok || bad "section order: $order"
# the first screen: the machine, the three questions, the recommendation table, a confidence
# word, the contents; answer.txt the same answers in at most 16 lines; no nan anywhere
has "first screen: the machine" "$H" '<p class="machine">Fixture CPU 9000'
has "first screen: what was found" "$H" '<h2 id="found">What this study found</h2>'
for q in "32-bit or 64-bit?" "A small shared table or a larger one?" "Branchless or conditional?"; do
	has "first screen: $q" "$H" "<dt>$q</dt>"
done
has "first screen: the recommendation table" "$H" "<th>workload</th><th>use this</th><th>runner-up</th><th>margin</th><th>confidence</th>"
grep -qE 'class="w-(settled|likely|unclear)"' "$H" && ok || bad "first screen: no confidence word"
has "first screen: the confidence words defined" "$H" "settled: the kernels were timed in the same rounds"
has "contents after the first screen" "$H" '<nav class="toc"><b>Contents</b>'
[[ $(grep -n 'id="found"' "$H" | cut -d: -f1) -lt $(grep -n 'nav class="toc"' "$H" | cut -d: -f1) ]] && ok ||
	bad "the contents come before the answers"
check "answer.txt: at most 16 lines" test "$(wc -l <"$S/answer.txt")" -le 16
has "answer.txt: the machine first" "$S/answer.txt" "Fixture CPU 9000"
has "answer.txt: the tables question" "$S/answer.txt" "table size "
for f in "$H" "$M" "$S/answer.txt"; do
	grep -qiw 'nan' "$f" && bad "$f says nan: $(grep -oiw '.\{30\}nan.\{30\}' "$f" | head -n 1)" || ok
done
# verdicts.csv: the same numbers as the sentences
V=$S/verdicts.csv
has "verdicts header" "$V" "question,a,b,ratio,lo,hi,test,p,basis,cells,pairs,process_pct,processes,process_from,settled,why"
has "no blocks: within one process, said" "$M" "Every interval below is within one process only (the study has no compiler/ or bits/ blocks"
has "no blocks: within one process, per verdict" "$M" "the same sign in 3 of 3 epochs, within one process only)"
has "verdict (b)" "$V" "tables,kindergarten-512,kindergarten-4k,0.8633"
awk -F, 'NR > 1 && $4 != "" && ($5 > $4 + 1e-9 || $6 < $4 - 1e-9) { bad = 1 } END { exit bad }' "$V" &&
	ok || bad "a verdict's interval does not contain its estimate: $(cat "$V")"
cp "$H" "$tmp/first.html"
$SB report "$S" >/dev/null 2>&1
cmp -s "$H" "$tmp/first.html" && ok || bad "report is not deterministic (bootstrap seed?)"
# the study above has no cache runs: the cache section says so, the report is still written
has "cache section" "$M" "## Cache"
has "no pressure noted" "$M" "No pressure sweep: the study has no pressure/ run"
has "no huge pages noted" "$M" "No huge-page comparison: tables/ holds no blocks"
has "no sim noted" "$M" "No simulated L1 sweep:"
has "cache chart missing noted" "$H" '<figure id="chart-pressure" class="missing">'
has "compiler.skipped's reason" "$M" "No compiler comparison: clang is not installed (harness"
hasnt "no compiler verdicts without blocks" "$V" "compiler,"

# ---- your kernel: a study that ran plugins says on its first screen where each ranks ----
# fixture-run-a with hyperbola, pext and kindergarten-4k recorded as plugins (context.json's
# origin: a file).  Geometric means of the pieces' medians: stream kindergarten-4k 0.893,
# kindergarten-32 0.985, kindergarten-512 1.164, hyperbola 1.433 (1.60x the winner's),
# classical-branchless 1.787, classical-conditional 2.144; pext unavailable (needs BMI2): not
# run; kindergarten-4k first, its margin the recommendation's (paired round by round).
hasnt "no plugin: no your-kernel line" "$M" "your kernel"
hasnt "no plugin: no your-kernel line in answer.txt" "$S/answer.txt" "your kernel"
Y=$tmp/yours
mkdir -p "$Y" && cp -r $D/fixture-run-a "$Y/m64"
python3 - "$Y/m64/context.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
for k in c["kernels"]:
    k["origin"] = "/home/me/%s.so" % k["name"] if k["name"] in ("hyperbola", "pext", "kindergarten-4k") else "built-in"
json.dump(c, open(sys.argv[1], "w"))
PY
run "report, a study with plugins" 0 $SB report "$Y"
for f in "$Y/report.md" "$Y/report.html"; do
	has "your kernel: hyperbola's places" "$f" "your kernel hyperbola: stream 4th of 6 (1.60× the winner kindergarten-4k), position 4th of 6 (1.60× the winner"
	has "your kernel: pext not run" "$f" "your kernel pext: stream not run, position not run"
	has "your kernel: first place" "$f" "your kernel kindergarten-4k: stream 1st of 6 (1.08× ahead of kindergarten-32), position 1st of 6"
	hasnt "your kernel: a built-in kernel has no line" "$f" "your kernel classical"
done
has "your kernel: answer.txt" "$Y/answer.txt" "your kernel    hyperbola: stream 4th of 6 (1.60× the winner kindergarten-4k), position 4th of 6"
has "your kernel: answer.txt, pext" "$Y/answer.txt" "your kernel    pext: stream not run, position not run"
check "your kernel: answer.txt still at most 16 lines" test "$(wc -l <"$Y/answer.txt")" -le 16
y=$(grep -n 'class="yours"' "$Y/report.html" | head -n 1 | cut -d: -f1)
[[ -n $y && $y -lt $(grep -n 'nav class="toc"' "$Y/report.html" | cut -d: -f1) ]] && ok ||
	bad "your kernel: the line is not on the first screen (before the contents)"

# ---- the search workload (tests/data/fixture-search: see make-fixture-search.py) ----
# search: kindergarten-4k 149.94 ns a node, hyperbola 164.934 (the runner-up), 13.25 lookups a
# node; position mode 2.997 and 4.8048 ns a lookup.  Engine gain with --node-ns 500:
# 13.25 x (4.8048 - 2.997) / 500 = 4.8%; measured (164.934 - 149.94) / 164.934 = 9.1%.
Q=$tmp/search
mkdir -p "$Q" && cp -r $D/fixture-search "$Q/m64"
run "report, a study with search rows, --node-ns 500" 0 $SB report --node-ns 500 "$Q"
for f in "$Q/report.md" "$Q/report.html"; do
	has "search: the recommendation's row" "$f" "engine (search): kindergarten-4k is fastest (149.940 ns/node)"
	has "search: the engine gain" "$f" "Engine gain: the lookups are 26% of a search node with kindergarten-4k (lookups a node × position-mode ns a lookup / ns a node); switching from hyperbola to kindergarten-4k makes this search 9.1% faster (measured: 149.9 against 164.9 ns a node, medians, settled); in an engine whose node costs 500 ns, about 4.8% (13.25 lookups a node × 1.81 ns a lookup saved in position mode"
done
has "search: the share of a node" "$Q/report.md" "kindergarten-4k | 149.9 | 13.25 | 2.997 | 26%"
has "search: the check" "$Q/report.md" "hyperbola's node takes 15.0 ns more than kindergarten-4k's (164.9 against 149.9, medians); 13.25 lookups a node × their position-mode difference (4.805 − 2.997 ns a lookup) predicts 24.0 ns, 160% of the measured difference"
has "search: the section in the html" "$Q/report.html" '<h2 id="search">Engine search: what the lookups are of a node (Amdahl)</h2>'
grep -q '^| engine (search): a small engine.s alpha-beta search (per node) | \*\*kindergarten-4k\*\* | hyperbola | 1.10× | settled' "$Q/report.md" &&
	ok || bad "search: the first screen's row: $(grep -F 'engine (search)' "$Q/report.md" | head -n 2)"
has "search: answer.txt's row" "$Q/answer.txt" "engine (search) use kindergarten-4k, 1.10× over hyperbola (settled)"
has "search: answer.txt's engine gain" "$Q/answer.txt" "in an engine whose node costs 500 ns, about 4.8%"
has "search: verdicts.csv" "$Q/verdicts.csv" "recommend:engine (search),kindergarten-4k,hyperbola,1.1"
check "search: answer.txt at most 16 lines" test "$(wc -l <"$Q/answer.txt")" -le 16
grep -qiw 'nan' "$Q/report.md" "$Q/answer.txt" && bad "search: a nan in the report" || ok
run "report, the default node time" 0 $SB report "$Q"
has "search: T = 1000 ns by default" "$Q/answer.txt" "in an engine whose node costs 1000 ns, about 2.4%"
has "search: the default said" "$Q/report.md" "T, the engine's node time, is 1000 ns here"
for a in 0 abc 5x -3; do
	expect "report --node-ns $a is refused" 2 "node-ns" -- $SB report --node-ns "$a" "$Q"
done
# a study without search rows (fixture-run-a, before the sweep ran search): no row, no section,
# no gain, no chart caption claiming one
for f in "$M" "$S/answer.txt" "$V"; do
	hasnt "no search rows: no engine (search) row" "$f" "engine (search)"
	hasnt "no search rows: no engine gain" "$f" "Engine gain"
done
hasnt "no search rows: no Amdahl section" "$M" "what the lookups are of a node"

# ---- the cache section (tests/data/fixture-study-cache: see make-fixture-cache.py) ----
C=$tmp/cache
mkdir -p "$C/plots"
cp -r $D/fixture-run-a "$C/m64"
cp -r $D/fixture-study-cache/. "$C/"
cp $D/fixture-plots/bits.svg "$C/plots/pressure.svg"
# the sub-runs of a study share its trace (report refuses others: issue 16)
find "$C" -name '*.csv' -exec sed -i 's|datasets/x\.trace|datasets/master-2000.trace|' {} +
run "report cache study" 0 $SB report "$C"
CM=$C/report.md CH=$C/report.html
has "pressure crossover" "$CM" "; above 32 KiB of pressure, kindergarten-4k overtakes magic-fancy (1.25× ("
has "pressure crossover size" "$CM" ") at 64 KiB)"
# the fastest per size is the recommendation's verdict at each size, said once
has "pressure fastest, every size" "$CM" "The same kernel is fastest at every size from 0 B to 1 MiB: pext (its lead over the runner-up settled at 5 of 5 sizes)"
hasnt "pext keeps its place" "$CM" "overtakes pext"
has "huge pages from the blocks" "$CM" "6 pairs of blocks run in the order hugepage nohugepage nohugepage hugepage …:"
has "huge pages ratio, settled despite the 20% step" "$CM" "sherwin 1.30× (1.2"
has "huge pages ratio settled" "$CM" "sherwin 1.30× (1.28–1.32, settled)"
has "huge pages same" "$CM" "magic-plain 1.00× (0.9"
has "huge pages same verdict" "$CM" "magic-plain 1.00× (0.98–1.02, not settled)"
has "huge pages: whole-loop times" "$CM" "Time without huge pages over time with them (ns/lookup of the whole loop, position mode)"
hasnt "huge pages: no net figures" "$CM" "net ns/lookup"
has "huge-page verdicts in verdicts.csv" "$C/verdicts.csv" "hugepages,\"sherwin, huge pages\",\"sherwin, no huge pages\",1.3,"
has "huge share" "$CM" "6 MiB of the 8 MiB of anonymous table memory was backed by huge pages (75%"
has "sim L1 needs" "$CM" "sherwin needs a 48 KiB L1 (6.6 → 0.12 misses per rook lookup from 16 KiB to 48 KiB)"
has "sim L1 fits" "$CM" "kindergarten-4k fits in 16 KiB"
has "sim TLB order" "$CM" "the most misses per lookup: magic-plain 0.2, sherwin 0.1"
has "cache chart in section" "$CH" '<figure id="chart-pressure">'
[[ $(grep -c 'id="chart-pressure"' "$CH") -eq 1 ]] && ok || bad "pressure chart not exactly once in $CH"
hasnt "no hugepages chart noted, not drawn" "$CH" '<figure id="chart-hugepages">'
has "hugepages chart missing noted" "$CH" '<figure id="chart-hugepages" class="missing">'

has "no compiler blocks, no compiler.skipped" "$CM" "No compiler comparison: compiler/ holds no blocks"

# ---- the compiler section (tests/data/fixture-compiler: see make-fixture-compiler.py) ----
G=$tmp/compiler
mkdir -p "$G"
cp -r $D/fixture-run-a "$G/m64"
cp -r $D/fixture-compiler/. "$G/"
run "report compiler study" 0 $SB report "$G"
GM=$G/report.md GV=$G/verdicts.csv
has "compiler section" "$GM" "## Does the answer depend on the compiler?"
has "compiler blocks' order" "$GM" "6 pairs of blocks run in the order gcc clang clang gcc …"
has "compiler counts" "$GM" "of 3 kernels, 1 settled faster under clang, 1 settled faster under gcc, 1 not settled"
has "compiler: whole-loop times" "$GM" "Time under clang over time under gcc (ns/lookup of the whole loop,"
hasnt "compiler: no net figures" "$GM" "net ns/lookup"
has "compiler overall" "$GM" "over all 6 cells the clang build and the gcc build are not distinguishable"
has "compiler winners differ" "$GM" "Within the compiler blocks (each compiler's median over the block pairs, not a paired verdict) the fastest kernel is the same under both in 1 of 2 workloads; it differs in stream (gcc: kb, clang: ka)"
# one workload, one winner: the blocks' fastest is said to disagree with the main sweep's verdict
has "compiler: blocks disagree with the verdict" "$GM" "The blocks disagree with the main sweep's verdict in position (the recommendation: kindergarten-4k; the gcc blocks: kc; the clang blocks: kc)"
has "compiler flags, gcc side" "$GM" "gcc side (bin/slidebench) gcc 12.2.0 -O2 -march=native -fno-tree-vectorize;"
has "compiler flags, clang side" "$GM" "clang side (bin-clang/slidebench) clang 14.0.6 -O2 -march=native"
# six block pairs: each interval is at least the range of the six (order-statistic, 96.9%)
# (these blocks have neither samples nor ns_min: no between-process term, the column says none)
has "ka faster under clang" "$GM" "| ka | 0.800 | 0.780–0.820 | none | 0.036 | 6 | 2 | settled: faster under clang |"
has "kb faster under gcc" "$GM" "| kb | 1.250 | 1.230–1.270 | none | 0.036 | 6 | 2 | settled: faster under gcc |"
has "kc not settled" "$GM" "| kc | 1.005 | 0.980–1.020 | none | 1 | 6 | 2 | not settled: the interval includes 1 |"
hasnt "unavailable kernel not compared" "$GM" "| kd |"
hasnt "baseline not compared" "$GM" "| null |"
has "winner row differs, marked" "$GM" "| ⚠ stream | kindergarten-4k (settled, 1.08× (1.08–1.10) ahead of kindergarten-32) | kb, 0.990 ns (disagrees with the main sweep: not settled) | ka, 0.873 ns (disagrees with the main sweep: not settled) | differs |"
has "winner row same" "$GM" "| kc, 1.320 ns (disagrees with the main sweep: not settled) | kc, 1.312 ns (disagrees with the main sweep: not settled) | yes |"
has "compiler verdict ka" "$GV" 'compiler,"ka, gcc build","ka, clang build",0.8,0.78'
has "compiler verdict kb" "$GV" 'compiler,"kb, gcc build","kb, clang build",1.25,1.23'
has "compiler verdict all" "$GV" 'compiler,"every kernel, gcc build","every kernel, clang build",1.00'
[[ $(grep -c '^compiler,' "$GV") -eq 4 ]] && ok || bad "compiler verdicts: expected 4 rows in $GV"
# (the last columns: settled, why, robust, format)
awk -F, '$1 == "compiler" { n++; if ($(NF-2) == "" && $(NF-3) != "yes") bad = 1 }
	$1 == "compiler" && $2 ~ /^"k[ab],/ && $(NF-3) != "yes" { bad = 1 }
	$1 == "compiler" && $2 ~ /^"(kc|every)/ && $0 !~ /,no,/ { bad = 1 }
	END { exit bad || n != 4 }' "$GV" && ok || bad "compiler verdicts: settled column: $(grep '^compiler,' "$GV")"
order=$(grep -n '^## ' "$GM" | cut -d: -f2- | paste -sd'|')
[[ $order == *"## Cache|## Does the answer depend on the compiler?|"* ]] && ok || bad "compiler section order: $order"

# ---- the between-process term (tests/data/fixture-process: see make-fixture-process.py) ----
# kb against ka: within the main sweep +-0.2%, across the six gcc block processes +-2%
# procterm NAME VERDICTS Q A B MIN_PCT PROCS FROM: the verdict's interval holds estimates
# MIN_PCT% either side of its own, and its process columns are PROCS and FROM.
procterm() {
	if python3 - "$@" <<'PY'
import csv, sys
name, path, q, a, b, pct, procs, frm = sys.argv[1:]
rows = [r for r in csv.DictReader(open(path)) if (r["question"], r["a"], r["b"]) == (q, a, b)]
assert len(rows) == 1, "%s: %d rows %s, %s, %s" % (name, len(rows), q, a, b)
r = rows[0]
x, lo, hi, f = float(r["ratio"]), float(r["lo"]), float(r["hi"]), 1 + float(pct) / 100
assert lo <= x / f and hi >= x * f, "%s: %.4f (%.4f-%.4f) lacks +-%s%%" % (name, x, lo, hi, pct)
assert r["processes"] == procs and r["process_from"] == frm, "%s: %s" % (name, r)
assert (float(r["process_pct"]) > 0) == (procs != "0"), "%s: %s" % (name, r)
PY
	then ok; else bad "$1: see above"; fi
}
P=$tmp/process
cp -r $D/fixture-process "$P"
run "report process study" 0 $SB report "$P"
PM=$P/report.md PV=$P/verdicts.csv
procterm "kb/ka, the blocks' own cells" "$PV" tables ka kb 1.5 6 cells
procterm "chain: the pair's cells in the blocks" "$PV" "recommend:chain" ka kb 1.5 6 pair
procterm "kc, kd in no block: study-wide" "$PV" "recommend:random" kc kd 1.5 6 study
# a term borrowed from other cells or kernels never settles a verdict (the run's own interval
# would: ka is 1.30x ahead with p = 1e-9); the phrase still says which is faster
has "borrowed term (pair): not settled" "$PV" 'recommend:chain,ka,kb,1.27319,1.21257,1.33682,signed-rank,9.31323e-10,rounds,1,31,4.99'
awk -F, '$1 ~ /^recommend:(chain|random)$/ { n++; if ($(NF-3) != "no" || $(NF-2) !~ /^its between-process spread was measured on other (cells only|kernels)$/) bad = 1 }
	$1 ~ /^recommend:(stream|position)$/ { m++; if ($(NF-3) != "yes") bad = 1 }
	END { exit bad || n != 2 || m != 2 }' "$PV" && ok || bad "borrowed terms settled: $(grep '^recommend:' "$PV")"
has "borrowed term: looks faster, not settled" "$PM" "| chain | ka looks 1.27× (1.21–1.34) faster than kb; not settled because its between-process spread was measured on other cells only |"
has "process term: where from" "$PM" "is measured over 6 processes of the main sweep's binary (compiler/NN-gcc/)"
has "process term in the answer" "$PM" "the same sign in 3 of 3 epochs, between processes ±"
has "process term: 6 processes" "$PM" "% (6 processes)"
has "process term: pair" "$PM" "% (6 processes, from the same kernels' other cells in the blocks)"
has "process term: study" "$PM" "% (6 processes, the study-wide figure: these kernels are in no block)"
# without compiler/ blocks: the 64-bit side of the bits/ blocks, said so
B=$tmp/process-bits
cp -r $D/fixture-process "$B"
mkdir "$B/bits"
for i in 01 02 03 04 05 06; do
	mv "$B/compiler/$i-gcc" "$B/bits/$i-m64" && mv "$B/compiler/$i-clang" "$B/bits/$i-m32"
done
rm -r "$B/compiler" && echo "clang is not installed" >"$B/compiler.skipped"
run "report process study, bits blocks only" 0 $SB report "$B"
has "process term from bits/" "$B/report.md" "6 processes of the 64-bit build of the bits/ blocks (the same -march as the 32-bit build, not the main sweep's binary"
procterm "bits/ blocks: kb/ka" "$B/verdicts.csv" tables ka kb 1.5 6 cells
# compiler.skipped and no bits/: within one process only, said in the sentence and the csv
K=$tmp/process-skipped
cp -r $D/fixture-process "$K"
rm -r "$K/compiler" && echo "clang is not installed" >"$K/compiler.skipped"
echo "the kernel refuses 32-bit programs" >"$K/m32.skipped"
run "report process study, no blocks" 0 $SB report "$K"
has "no blocks: said" "$K/report.md" "Every interval below is within one process only (the study has no compiler/ or bits/ blocks"
has "no blocks: per verdict" "$K/report.md" "the same sign in 3 of 3 epochs, within one process only)"
procterm "no blocks: kb/ka within one process" "$K/verdicts.csv" tables ka kb 0 0 ""

# ---- report on a plain bench run directory; bad input ----
cp -r $D/fixture-run-b "$tmp/plain"
run "report plain run" 0 $SB report "$tmp/plain"
has "plain: no m32 reason" "$tmp/plain/report.md" "this is a single bench run, not a study"
has "plain: no plots note" "$tmp/plain/report.md" "there is no plots/ directory"
hasnt "plain: no compiler section" "$tmp/plain/report.md" "depend on the compiler"
run "report nothing" 1 $SB report "$tmp/nosuch"
has "report nothing: message" "$tmp/out" "neither summary.csv nor m64/summary.csv"
run "report usage" 2 $SB report

# ---- compare ----
run "compare a b" 0 $SB compare $D/fixture-run-a $D/fixture-run-b --csv "$tmp/cmp.csv"
cp "$tmp/out" "$tmp/cmp.txt"
grep -E '^hyperbola +stream +rook .* significant' "$tmp/cmp.txt" | grep -qv 'not significant' &&
	ok || bad "compare: hyperbola 1.5x slower in B not called significant"
grep -qE '^kindergarten-4k +stream +rook .* not significant' "$tmp/cmp.txt" &&
	ok || bad "compare: identical kindergarten-4k called significant"
has "compare: labels" "$tmp/cmp.txt" "Fixture CPU 9000 (zen5), clang 14.0.6"
has "compare: geometric mean" "$tmp/cmp.txt" "B/A = "
if python3 - "$tmp/cmp.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
sig = {(r["kernel"], r["mode"], r["piece"]): r["significant"] for r in rows}
assert all(v == "yes" for k, v in sig.items() if k[0] == "hyperbola"), sig
assert all(v == "no" for k, v in sig.items() if k[0] == "kindergarten-4k"), sig
assert len(rows) == 6 * 3 + 1, len(rows)
assert all(r["processes"] == "0" for r in rows), rows    # single runs: no block processes
h = [r for r in rows if r["kernel"] == "hyperbola"]
assert all(1.40 < float(r["ratio"]) < 1.55 and float(r["p_value"]) < 0.05 for r in h), h  # 1.5x net, less on the whole loop
PY
then ok; else bad "compare --csv: contents"; fi
run "compare three runs" 0 $SB compare $D/fixture-run-a $D/fixture-run-b $D/fixture-run-a
has "compare three: one column per run" "$tmp/out" "C/A"
has "compare three: run C labelled" "$tmp/out" "C = $D/fixture-run-a: Fixture CPU 9000 (zen5), gcc 12.2.0"
cp -r $D/fixture-run-b "$tmp/other"
sed -i 's|datasets/master-2000.trace|datasets/other.trace|' "$tmp/other/summary.csv" "$tmp/other/samples.csv"
run "compare refuses datasets" 1 $SB compare $D/fixture-run-a "$tmp/other"
has "compare refuses: names both" "$tmp/out" 'datasets/master-2000.trace" but'
has "compare refuses: names both (2)" "$tmp/out" '"datasets/other.trace"'
has "compare refuses: says how" "$tmp/out" "--any-dataset"
run "compare --any-dataset" 0 $SB compare --any-dataset $D/fixture-run-a "$tmp/other"
run "compare one run" 2 $SB compare $D/fixture-run-a

# compare of two studies widens every cell by what moves it between processes, from each
# study's compiler/NN-gcc blocks: fixture-process's blocks move kb by about +-2% (standard
# deviation 1.96% in log), so two studies' kb differ by up to sqrt(2) x 2.571 x 1.96% = 7.1%
# (t, 5 df) with nothing changed; ka is the same in every block (no term beyond its own).
CA=$tmp/cmp-study-a CB=$tmp/cmp-study-b
cp -r $D/fixture-process "$CA" && cp -r $D/fixture-process "$CB"
python3 - "$CB/m64" <<'PY'
import csv, os, sys
# B: kb 4% slower, ka 50% slower, in every sample and in the summary
f = {"kb": 1.04, "ka": 1.5}
for name in ("samples.csv", "summary.csv"):
    path = os.path.join(sys.argv[1], name)
    rows = list(csv.DictReader(open(path)))
    cols = rows[0].keys()
    for r in rows:
        for c in ("ns_per_lookup", "net_ns_per_lookup", "ns_min", "ns_median"):
            if c in r and r[c] and r["kernel"] in f:
                r[c] = "%.6g" % (float(r[c]) * f[r["kernel"]])
    w = csv.DictWriter(open(path, "w", newline=""), fieldnames=cols, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
PY
run "compare two studies" 0 $SB compare --csv "$tmp/cmps.csv" "$CA" "$CB"
has "compare studies: names each run's processes" "$tmp/out" "between processes, B: 6 processes of the main sweep's binary (compiler/NN-gcc/)"
if python3 - "$tmp/cmps.csv" <<'PY'
import csv, sys
rows = {(r["kernel"], r["mode"], r["piece"]): r for r in csv.DictReader(open(sys.argv[1]))}
kb, ka = rows[("kb", "stream", "rook")], rows[("ka", "stream", "rook")]
assert 1.035 < float(kb["ratio"]) < 1.045, kb
assert 6.5 < float(kb["process_pct"]) < 8.5 and kb["processes"] == "6", kb
assert kb["significant"] == "no" and float(kb["ci_lo"]) <= 1, kb      # 4% within +-7%
assert ka["significant"] == "yes" and float(ka["ci_lo"]) > 1.3, ka    # 50% beyond it
assert float(ka["process_pct"]) < 1, ka                                # ka never moved
g = rows[("(geometric mean)", "", "")]
assert g["process_pct"] and float(g["ci_lo"]) <= float(g["ratio"]) <= float(g["ci_hi"]), g
PY
then ok; else bad "compare studies: the process term in the cells"; fi
run "compare the studies' m64 runs alone" 0 $SB compare --csv "$tmp/cmpm.csv" "$CA/m64" "$CB/m64"
has "compare runs: says there are no processes" "$tmp/out" "between processes, A: a single bench run, not a study"
if python3 - "$tmp/cmpm.csv" "$tmp/cmps.csv" <<'PY'
import csv, sys
rows, study = ({(r["kernel"], r["mode"], r["piece"]): r for r in csv.DictReader(open(f))}
               for f in sys.argv[1:])
kb, kbs = rows[("kb", "stream", "rook")], study[("kb", "stream", "rook")]
assert kb["processes"] == "0" and float(kb["process_pct"]) == 0, kb
w = lambda r: float(r["ci_hi"]) / float(r["ci_lo"])
assert w(kbs) > w(kb) * 1.04, (kb, kbs)      # the studies' interval carries the term
PY
then ok; else bad "compare runs: no process term without blocks"; fi

# ---- export ----
run "export" 0 $SB export --format gbench $D/fixture-run-a -o "$tmp/gb.json"
python3 -m json.tool "$tmp/gb.json" >/dev/null && ok || bad "export: not valid JSON"
if python3 - "$tmp/gb.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
c, b = j["context"], j["benchmarks"]
for k in ("date", "host_name", "num_cpus", "mhz_per_cpu", "caches", "library_build_type"):
    assert k in c, k
assert c["date"] == "2026-01-01T12:00:00+00:00" and c["num_cpus"] == 2 and c["mhz_per_cpu"] == 2100
assert [x["size"] for x in c["caches"]] == [49152, 1048576, 33554432]
assert len(b) == 6 * 3, len(b)
names = {x["name"] for x in b}
assert "kindergarten-4k/stream/rook" in names and "hyperbola/position/all" in names, names
assert not any(n.startswith("pext/") for n in names)
for x in b:
    assert x["run_type"] == "iteration" and x["time_unit"] == "ns" and x["run_name"] == x["name"]
    assert x["real_time"] > 0 and x["cpu_time"] == x["real_time"] and x["iterations"] == 4096 * 12
    assert abs(x["items_per_second"] * x["real_time"] - 1e9) < 1e3
PY
then ok; else bad "export: schema"; fi
run "export --repetitions" 0 $SB export --format gbench --repetitions $D/fixture-run-b -o "$tmp/gb2.json"
python3 -c "
import json, sys; b = json.load(open('$tmp/gb2.json'))['benchmarks']
assert len(b) == 18 * 13 and sum(x['run_type'] == 'aggregate' for x in b) == 18
" && ok || bad "export --repetitions: expected 12 repetitions + a median per cell"
run "export bad format" 2 $SB export --format csv $D/fixture-run-a
CP=/usr/share/benchmark/compare.py
if [[ -f $CP ]] && python3 -c "import scipy, numpy" 2>/dev/null; then
	$SB export --format gbench --repetitions $D/fixture-run-a -o "$tmp/gb1.json"
	run "compare.py reads our export" 0 python3 $CP benchmarks "$tmp/gb1.json" "$tmp/gb2.json"
	has "compare.py: hyperbola" "$tmp/out" "hyperbola/stream/rook"
else
	skipped "compare.py check: needs libbenchmark-tools ($CP) and python3 scipy/numpy"
fi

# ---- the report in a real browser ----
CHROME=$(command -v chromium || command -v chromium-browser || true)
if [[ -z $CHROME ]]; then
	skipped "browser check: chromium is not installed (make deps installs it)"
else
	flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
	       --disable-background-networking --disable-component-update --disable-sync
	       --user-data-dir="$tmp/profile" --window-size=1280,2000)
	timeout 120 "$CHROME" "${flags[@]}" --dump-dom "file://$(realpath "$H")" >"$tmp/dom.html" 2>/dev/null
	for c in bits tables branching ranking footprint random-vs-real; do
		has "dom: chart $c" "$tmp/dom.html" "id=\"chart-$c\""
	done
	has "dom: chart image rendered" "$tmp/dom.html" '<img src="data:image/svg+xml;base64,'
	has "dom: answers" "$tmp/dom.html" 'id="answers"'
	timeout 120 "$CHROME" "${flags[@]}" --screenshot="$tmp/shot.png" "file://$(realpath "$H")" >/dev/null 2>&1
	if python3 - "$tmp/shot.png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat = 8, b""
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    if kind == b"IDAT":
        idat += data[pos + 8:pos + 8 + n]
    pos += 12 + n
raw = zlib.decompress(idat)
assert len(data) > 20000, "screenshot is only %d bytes" % len(data)
assert len(set(raw)) > 16, "screenshot looks blank: %d distinct byte values" % len(set(raw))
PY
	then ok; else bad "browser screenshot blank or missing ($tmp/shot.png)"; fi
	[[ -n ${KEEP_SHOT:-} ]] && cp "$tmp/shot.png" "$KEEP_SHOT"
fi

finish
