#!/usr/bin/env bash
# test_report_truth.sh - every sentence of the report reads its claim from one verdict: the
# studies of tests/data/make-fixture-truth.py (see there what each holds) once produced a
# report whose words and numbers disagreed; each check greps for that contradiction's shape.
#   - a 6x effect of a quick study is not "not distinguishable"; it "looks" faster, not settled;
#   - no "ahead" with a ratio below 1; the faster is named first;
#   - one workload, one winner: pointer and 8 MiB name the same kernel in the recommendation,
#     the appendix and the compiler section (the blocks' other kernel said to disagree);
#   - no "no ranking change" above two different winners;
#   - below-bound and baseline-invalid rows are never fastest, and are listed as withheld, in
#     every block of the study (the compiler blocks too), with a count per block;
#   - a bound-dropped row is listed as a dropped bound, and its figure still ranked;
#   - compiler blocks that settle on a quiet host are not settled on a busy one;
#   - a study whose own rows say the host was busy while /proc said quiet is not called quiet,
#     and its answers are provisional, never settled or likely, first screen to verdicts.csv;
#   - a row not settled says why in the footnote's words, names the kernels within the noise
#     of its first one, and the first screen says what would settle it; "unclear" is not "no
#     difference" where the run's own test found one; no "lowest median" above a lower one;
#   - no "nan" on any page.
. "$(dirname "$0")/lib.sh"

has() { if grep -qF -- "$3" "$2"; then ok; else bad "$1: $2 lacks \"$3\""; fi; }
hasnt() { if grep -qF -- "$3" "$2"; then bad "$1: $2 has \"$3\""; else ok; fi; }
hasnt_re() { if grep -qE -- "$3" "$2"; then bad "$1: $2 matches /$3/: $(grep -oE -- "$3" "$2" | head -n 1)"; else ok; fi; }

T=$tmp/t
python3 tests/data/make-fixture-truth.py "$T" || { bad "make-fixture-truth.py failed"; finish; }
for s in quick ahead winners quiet busy below baseinv blockheld busyrows quietrows noise spread; do
	expect "report $s" 0 -- $SB report "$T/$s"
done

# every page: "not distinguishable" only with an interval that includes 1, no ratio below 1
# called "ahead" or "faster", and no nan
for s in quick ahead winners quiet busy below baseinv blockheld busyrows quietrows noise spread; do
	M=$T/$s/report.md
	{ grep -oE 'not distinguishable[^(]*\(time ratio [0-9.]+× \([0-9.]+–[0-9.]+\)' "$M" || true; } |
		sed -E 's/.*\(([0-9.]+)–([0-9.]+)\)$/\1 \2/' |
		awk '$1 > 1 || $2 < 1 { bad = 1; print } END { exit bad }' >"$tmp/nd" && ok ||
		bad "$s: 'not distinguishable' with an interval that excludes 1: $(cat "$tmp/nd")"
	hasnt_re "$s: a ratio below 1 ahead" "$M" '(^|[^0-9.])0\.[0-9]+× (\([^)]*\) )?(ahead|faster)'
	hasnt_re "$s: nan on the page (md)" "$M" '(^|[^A-Za-z])[Nn]a[Nn]([^A-Za-z]|$)'
	hasnt_re "$s: nan on the page (html)" "$T/$s/report.html" '(^|[^A-Za-z])nan([^A-Za-z]|$)'
done

# ---- a quick study: three rounds can never settle, but 6x is not "not distinguishable" ----
M=$T/quick/report.md
hasnt "quick: 6x not 'not distinguishable'" "$M" "not distinguishable (time ratio 0.1"
has "quick: the faster first, 'looks'" "$M" "classical-branchless looks 5.37× ("
has "quick: why not settled" "$M" "not settled because with 3 pairs the signed-rank test cannot reach p < 0.05"
has "quick: bits, the faster first" "$M" "their 64-bit siblings look 6.00× ("

# ---- the medians and the rounds disagree: the rounds decide, the margin is >= 1 ----
M=$T/ahead/report.md
hasnt "ahead: not the medians' winner" "$M" "peer: magic-black is fastest"
has "ahead: the rounds' winner" "$M" "peer: pext is fastest (1.010 ns/lookup), 1.02× ("
has "ahead: the medians' order said" "$M" "their medians (1.010 and 1.000 ns/lookup) order them the other way, the rounds decide"
has "ahead: verdicts.csv, the same winner" "$T/ahead/verdicts.csv" "recommend:peer,pext,magic-black,1.01"

# ---- one workload, one winner ----
M=$T/winners/report.md
# winners W LABEL: the kernels the recommendation, the appendix and the compiler table name
# fastest for workload LABEL, one per line
winners() {
	grep -oE "^- $1: [^ ]+ (is fastest|has the lowest median|leads round by round)" "$M" | sed -E "s/^- $1: ([^ ]+) .*/\1/"
	awk -v h="### (m64|pressure): $1 mode" '$0 ~ h { f = 1; next }
		f && /^Fastest \(the recommendation/ { print $5; exit }' "$M"
	grep -oE "^\| (⚠ )?$1 \| [^ ]+ \(" "$M" | awk '{ print $(NF - 1) }'
}
winners pointer >"$tmp/wp"
[[ $(wc -l <"$tmp/wp") -eq 3 && $(sort -u "$tmp/wp" | wc -l) -eq 1 && $(head -n 1 "$tmp/wp") == pext ]] &&
	ok || bad "pointer: not one winner (pext) in the three sections: $(paste -sd' ' "$tmp/wp")"
winners "pressure at 8 MiB" >"$tmp/w8"
[[ $(wc -l <"$tmp/w8") -eq 3 && $(sort -u "$tmp/w8" | wc -l) -eq 1 && $(head -n 1 "$tmp/w8") == kogge-stone-avx512 ]] &&
	ok || bad "8 MiB: not one winner (kogge-stone-avx512) in the three sections: $(paste -sd' ' "$tmp/w8")"
has "pointer: the blocks' other kernel disagrees" "$M" "kindergarten-4k, 0.800 ns (disagrees with the main sweep: not settled)"
has "8 MiB: the blocks' other kernel disagrees" "$M" "galois-field, 2.000 ns (disagrees with the main sweep: not settled)"
has "compiler answer: where the blocks disagree" "$M" "The blocks disagree with the main sweep's verdict in pointer (the recommendation: pext; the gcc blocks: kindergarten-4k; the clang blocks: kindergarten-4k)"
grep -qi "no ranking change" "$M" && bad "pressure: 'no ranking change' above two winners" || ok
has "pressure: where the winner changes" "$M" "The fastest kernel changes with pressure: split-pext from 0 B to 1 MiB, kogge-stone-avx512 at 8 MiB"

# ---- withheld figures: never fastest, listed once ----
for s in below baseinv; do
	M=$T/$s/report.md
	hasnt "$s: the withheld kernel is not fastest" "$M" "stream: kindergarten-4k is fastest"
	has "$s: the next kernel is" "$M" "stream: kindergarten-32 is fastest"
	has "$s: m64's count" "$M" "- m64: 2 of 18 measured rows: kindergarten-4k stream "
	[[ $(grep -o 'kindergarten-4k stream [a-z]*: [a-z-]*' "$M" | sort | uniq -d | wc -l) -eq 0 &&
	   $(grep -o 'kindergarten-4k stream [a-z]*: [a-z-]*' "$M" | wc -l) -eq 2 ]] && ok ||
		bad "$s: the two withheld rows not listed once each: $(grep -o 'kindergarten-4k stream [a-z]*: [a-z-]*' "$M" | paste -sd' ')"
	has "$s: appendix says withheld" "$M" "| ⚠ kindergarten-4k | rook | withheld (see Figures withheld) |"
	awk -F, '$1 == "recommend:stream" && ($2 == "kindergarten-4k" || $3 == "kindergarten-4k") { exit 1 }' \
		"$T/$s/verdicts.csv" && ok || bad "$s: a withheld row entered the stream verdict"
done
# the charts leave them out too: plots/common.gp's WITHHELD in every chart's row filter
W=$(sed -n 's/^WITHHELD = "\(.*\)"$/\1/p' plots/common.gp)
[[ $W == *below-bound* && $W == *baseline-invalid* ]] && ok || bad "plots/common.gp: WITHHELD is '$W'"
grep -q 'flags!~prepared|".WITHHELD' plots/common.gp && ok || bad "plots/common.gp: PLAIN does not leave WITHHELD out"
for s in below baseinv; do
	n=$(awk -f plots/csv.awk -v where="mode=stream;flags!~$W" -v cols=kernel "$T/$s/m64/summary.csv" | grep -c '^kindergarten-4k,')
	[[ $n -eq 0 ]] && ok || bad "$s: the chart filter keeps $n withheld rows"
done
has "below-bound: the row" "$T/below/report.md" "kindergarten-4k stream rook: below-bound (3.60 core cycles per lookup measured, at least 5.50 possible)"
has "below-bound: why" "$T/below/report.md" "flagged below-bound: its core cycles per lookup are below what the kernel's own instructions allow on this CPU (a measurement error)"
has "baseline-invalid: the row" "$T/baseinv/report.md" "kindergarten-4k stream rook: baseline-invalid (3.60 core cycles per lookup measured);"
has "baseline-invalid: why" "$T/baseinv/report.md" "baseline-invalid: the null kernel's whole-loop time in this cell is higher than this kernel's, their 95% intervals apart"
# the first screen says when an answer rests on fewer cells than were measured
has "below: the tables answer leaves cells out" "$T/below/report.md" "(unclear: the interval includes 1) This answer leaves out 2 withheld cells of 3 measured (Figures withheld lists them)."
has "below: the stream row leaves cells out" "$T/below/report.md" "| **kindergarten-32** (leaves out 2 withheld cells of 12 measured) | kindergarten-512 |"
hasnt "below: not the position row" "$T/below/report.md" "| **kindergarten-4k** (leaves out"
has "nothing withheld: said" "$T/quick/report.md" "None: no row of any block is flagged below-bound or baseline-invalid."

# ---- withheld rows in the compiler blocks: listed per block, capped; a dropped bound ----
M=$T/blockheld/report.md
has "blocks: every block read" "$M" "was read for them: m64 (18 rows), compiler/NN-clang (6 blocks, 36 rows), compiler/NN-gcc (6 blocks, 36 rows)."
has "blocks: the clang blocks' count, per block" "$M" "- compiler/NN-clang (6 blocks: 01: 2, 02: 2, 03: 3, 04: 2, 05: 2, 06: 2): 13 of 36 measured rows: kc stream rook in block 01: below-bound; kc position all in block 01: below-bound; kc stream rook in block 02: below-bound;"
has "blocks: capped" "$M" "; and 7 more."
has "blocks: the total" "$M" "13 of the 90 measured figures are withheld"
has "blocks: on the first screen" "$T/blockheld/answer.txt" "13 of the 90 measured figures of this study are withheld as measurement errors (compiler/NN-clang 13)"
[[ $(grep -n 'are withheld as measurement errors' "$M" | cut -d: -f1) -lt $(grep -n '^## What this study found' "$M" | cut -d: -f1) ]] &&
	ok || bad "blocks: the withheld figures not said above the answers"
hasnt "blocks: not none" "$M" "is flagged below-bound or baseline-invalid."
hasnt "blocks: the gcc blocks have none" "$M" "- compiler/NN-gcc ("
has "bound dropped: listed" "$M" "- m64: 1 of 18 measured rows: kindergarten-4k stream rook: bound-dropped (3.60 core cycles per lookup measured)."
has "bound dropped: said plainly" "$M" "the bound was wrong, not the figure"
has "bound dropped: still ranked" "$M" "stream: kindergarten-4k is fastest"
has "bound dropped: in the verdicts" "$T/blockheld/verdicts.csv" "recommend:stream,kindergarten-4k,"
has "bound dropped: not withheld" "$M" "| kindergarten-4k | rook | 0.999 | 0.989–1.009 | 0.990 | 1.20 | 3.60 | — | — | 0.0010 sim | 0.0001 sim | 9728 | bound-dropped; |"

# ---- a busy host: the blocks that settle when quiet are not settled ----
has "quiet: ka settles" "$T/quiet/report.md" "| ka | 0.800 | 0.780–0.820 | none | 0.036 | 6 | 2 | settled: faster under clang |"
has "busy: ka does not" "$T/busy/report.md" "| ka | 0.800 | 0.780–0.820 | none | 0.036 | 6 | 2 | not settled: the host was busy: other CPUs 80% during these blocks (above 20%) |"
has "busy: the count" "$T/busy/report.md" "of 3 kernels, 0 settled faster under clang, 0 settled faster under gcc, 3 not settled"
has "quiet: verdicts.csv yes" "$T/quiet/verdicts.csv" '"ka, clang build",0.8,0.78,0.82,signed-rank,0.0355223,blocks,2,6,0,0,,yes,'
has "busy: verdicts.csv no, why" "$T/busy/verdicts.csv" ',no,the host was busy: other CPUs 80% during these blocks (above 20%)'
# the same rule in `slidebench blocks` (blocks.csv, which the charts read)
cp -r "$T/busy/compiler" "$tmp/busyblocks"
expect "blocks on a busy host" 0 'not settled: the host was busy: other CPUs 80% during these blocks' -- \
	$SB blocks "$tmp/busyblocks" gcc clang
has "blocks.csv: busy, not settled" "$tmp/busyblocks/blocks.csv" 'ka,gcc,clang,0.8,0.78,0.82,0.0355223,6,2,no,"the host was busy'

# ---- /proc quiet, but most rows unstable: the host was busy, every answer provisional ----
M=$T/busyrows/report.md
line2=$(grep -v '^$' "$M" | sed -n 3p)
[[ $line2 == "The host was busy during this study (14 of 18 rows unstable): its answers are provisional; run it again on a quiet machine." ]] &&
	ok || bad "busyrows: the line after the machine line is: $line2"
[[ $(sed -n 2p "$T/busyrows/answer.txt") == "The host was busy during this study (14 of 18 rows unstable)"* ]] &&
	ok || bad "busyrows: answer.txt's second line: $(sed -n 2p "$T/busyrows/answer.txt")"
hasnt "busyrows: not called quiet" "$M" "The host was quiet"
has "busyrows: the rows named" "$M" "The host was busy during this study: 14 of the main sweep's 18 timed rows unstable (78%, above 10%)"
has "busyrows: /proc quoted" "$M" "(/proc per epoch: epoch 1: steal 0.0%, other CPUs 1% busy;"
hasnt_re "busyrows: no settled or likely on the first screen" "$M" '\((settled|likely)[:)]|\| (settled|likely)[:| ]'
grep -qE '\((settled|likely)[:)]' "$T/busyrows/answer.txt" && bad "busyrows: answer.txt says settled or likely" || ok
has "busyrows: provisional on the first screen" "$M" "| stream: many independent lookups (move generation) | **kindergarten-4k** | kindergarten-32 | 1.08× | provisional: the host was busy |"
has "busyrows: provisional defined" "$M" "provisional: settled or likely, but the host was busy (14 of 18 rows unstable): in-process pairing does not cancel a neighbour's cache traffic"
has "busyrows: the sections say why" "$M" "not settled because the host was busy (14 of 18 rows unstable): provisional"
awk -F, 'NR > 1 && ($(NF-3) == "yes") { bad = 1 } NR > 1 && $(NF-3) == "provisional" { n++ } END { exit bad || !n }' \
	"$T/busyrows/verdicts.csv" && ok || bad "busyrows: verdicts.csv settled column: $(cut -d, -f1,15 "$T/busyrows/verdicts.csv" | paste -sd' ')"
M=$T/quietrows/report.md
has "quietrows: quiet, and the rows agree" "$M" "The host was quiet during the main sweep (epoch 1: steal 0.0%, other CPUs 1% busy; epoch 2: steal 0.0%, other CPUs 1% busy; epoch 3: steal 0.0%, other CPUs 1% busy; its rows agree (of the main sweep's 18 timed rows: 1 unstable, 0 host-moved, 0 drifting, 0 disturbed))."
has "quietrows: settled stays settled" "$M" "| 1.08× | settled |"
hasnt "quietrows: nothing provisional" "$M" "(provisional)"

# ---- a row that is not settled: why, who is within the noise, what would settle it ----
M=$T/noise/report.md
hasnt "noise: no 'lowest median' above a lower one" "$M" "stream: pext has the lowest median (1.010 ns/lookup)"
has "noise: the rounds' lead said so" "$M" "stream: pext leads round by round (1.010 ns/lookup), not distinguishable from magic-black"
has "noise: the sections name who is within the noise" "$M" "within the noise of pext here (paired interval including 1): magic-black, galois-field, split-pext."
has "noise: the row names them, with its reason" "$M" "| **pext (needs BMI2), magic-black, galois-field, split-pext: within the noise of this host** | magic-black | 1.01× | unclear: the interval includes 1 |"
hasnt "noise: hyperbola is told apart" "$M" "split-pext, hyperbola"
has "noise: answer.txt, the same" "$T/noise/answer.txt" "stream         pext (needs BMI2), magic-black, galois-field, split-pext: within the noise of this host (unclear: the interval includes 1)"
has "noise: why and what would settle it" "$T/noise/answer.txt" "The recommendation is not settled: the interval includes 1 (1 row): more rounds (--samples N)"
has "noise: html row reason" "$T/noise/report.html" '<span class="w-unclear">(unclear: the interval includes 1)</span>'
has "noise: the chart says it shows medians" "$M" "The bars are each kernel's median ns/lookup, in the order of the medians"
# what a one-binary engine needs to know: the winner's instruction set, and where it is a trap
has "noise: the row says what pext needs" "$M" "| **pext (needs BMI2), magic-black, galois-field, split-pext: within the noise of this host** |"
has "noise: PEXT on AMD before Zen 3, and the fallback from this study" "$M" "pext needs BMI2: AMD cores before Zen 3 (family 0x17 and earlier) run its PEXT and PDEP microcoded, many times slower, so a one-binary engine that ships it should keep a fallback chosen at run time: in this study magic-black, stream's runner-up (margin 1.01×, unclear), needs no BMI2."
has "noise: answer.txt, what pext needs" "$T/noise/answer.txt" "stream         pext (needs BMI2), magic-black"
hasnt "winners: kindergarten-4k needs nothing" "$T/winners/report.md" "kindergarten-4k (needs"
$SB list --format csv >"$tmp/kernels.csv"
[[ $(head -n 1 "$tmp/kernels.csv") == *,description,needs ]] && ok || bad "list --format csv: needs is not the last column: $(head -n 1 "$tmp/kernels.csv")"
grep -q '^pext,.*,BMI2$' "$tmp/kernels.csv" && ok || bad "list --format csv: pext's needs is not BMI2"
grep -q '^magic-black,.*,$' "$tmp/kernels.csv" && ok || bad "list --format csv: magic-black needs something"
hasnt "every page: unclear is not 'no difference is measured'" "$T/spread/report.md" "unclear: no difference is measured"
M=$T/spread/report.md
has "spread: the row's reason, the spread between processes" "$M" "| 1.25× | unclear: the interval includes 1 once the spread between processes (±"
has "spread: answer.txt's row" "$T/spread/answer.txt" "stream         ka, kb: within the noise of this host (unclear: the interval includes 1 once the spread between processes (±"
has "spread: what would settle it" "$T/spread/answer.txt" "the interval includes 1 once the spread between processes is added (2 rows): more block processes (--pairs N"
has "spread: the footnote defines unclear by what decides it" "$M" "or only once the spread between processes is added (the rounds of one process found a difference"
has "spread: not 'no difference' where the run's test found one" "$M" "not distinguishable from kb across processes (time ratio 1.25×"
line2=$(grep -v '^$' "$T/busyrows/report.md" | sed -n 4p)
[[ $line2 == "The recommendation is not settled: the host was busy"* || $line2 == *"recommendations are not settled: the host was busy"* || $line2 == "No recommendation of the "*" is settled: the host was busy"* ]] &&
	ok || bad "busyrows: the line after the busy one is not why rows are not settled: $line2"

# the ranking chart orders by medians: it says where the verdict's winner is another kernel
has "ranking note: the verdict's winner" "$T/winners/report.md" "The ranking orders kernels by their medians; where the rounds order the first two the other way, the fastest is the recommendation's verdict: pointer: pext (settled"

# a fleet of two such studies: each machine's winner and place 1 are its recommendation's
F=$tmp/fleet
mkdir -p "$F" && cp -r "$T/ahead" "$F/host-a" && cp -r "$T/winners" "$F/host-b"
expect "report a fleet" 0 -- $SB report "$F"
has "fleet: the rounds' winner" "$F/report.md" "| peer | pext (settled, 1.02× (1.02–1.02) ahead of magic-black) |"
hasnt_re "fleet: a ratio below 1 ahead" "$F/report.md" '(^|[^0-9.])0\.[0-9]+× (\([^)]*\) )?(ahead|faster)'
has "fleet: place 1 is the winner" "$F/fleet-ranks.csv" "peer,pext,host-a,1,"
has "fleet: pointer place 1 is the winner" "$F/fleet-ranks.csv" "pointer,pext,host-b,1,"

finish
