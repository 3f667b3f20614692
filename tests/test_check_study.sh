#!/usr/bin/env bash
# test_check_study.sh - harness/scripts/check-study.sh (the figures make check's gate refuses)
# on fixture studies (tests/data/check-study/): a clean one passes; a row flagged below-bound
# or bound-dropped, one flagged baseline-invalid, a negative time and a null kernel dearer than
# a kernel in the same workload each fail, naming the file, the line, the row and the reason;
# a null whose interval meets the kernel's (null-close: within the rows' spread; null-noisy:
# its median dearer, as three samples give, but its interval wide) passes; blocks of three
# samples a cell are judged over their processes.  The clean one
# holds what must not fail: an unavailable row (a quoted flag with a comma), perft with no
# baseline, and a two-thread null dearer than a one-thread kernel (another workload).
. "$(dirname "$0")/lib.sh"
CS=harness/scripts/check-study.sh
D=tests/data/check-study

expect "clean study passes" 0 "^check-study.sh: 1 summary.csv file\(s\), 12 rows: no impossible figure$" -- "$CS" "$D/clean"
expect "below-bound fails" 1 "^$D/below-bound/summary.csv: line 3 \(pext, stream/rook warm\): flagged below-bound: 2.28 core cycles per lookup, under the bound of 3.1$" \
	"^check-study.sh: 1 impossible figure" -- "$CS" "$D/below-bound"
expect "bound-dropped fails" 1 "^$D/bound-dropped/summary.csv: line 3 \(pext, stream/rook warm\): flagged bound-dropped: 2.28 core cycles per lookup, under the bound of 3.1$" \
	-- "$CS" "$D/bound-dropped"
expect "a null dearer within the rows' spread passes" 0 "no impossible figure" -- "$CS" "$D/null-close"
expect "a null median dearer, the intervals meeting, passes" 0 "no impossible figure" -- "$CS" "$D/null-noisy"
expect "baseline-invalid fails" 1 "^$D/baseline-invalid/summary.csv: line 4 \(hyperbola, stream/rook warm\): flagged baseline-invalid" \
	-- "$CS" "$D/baseline-invalid"
expect "a negative time fails" 1 "^$D/negative/summary.csv: line 7 \(pext, position/all warm\): negative time: ns_net_median = -0.015$" \
	-- "$CS" "$D/negative"
expect "a null dearer than a kernel fails" 1 \
	"^$D/null-dearer/summary.csv: line 11 \(pext, pressure/all warm, pressure 8388608 B\): the null kernel \(1.31 ns a lookup, interval 1.28-1.36\) is dearer than this kernel \(1.2 ns, 1.18-1.25\) in the same workload: their intervals do not meet$" \
	-- "$CS" "$D/null-dearer"
# a file without the interval columns: the medians apart beyond either row's spread
cut -d, -f1-11,15- "$D/null-dearer/summary.csv" > "$tmp/noci.csv"
expect "without intervals, the spread decides" 1 "the null kernel \(1.31 ns a lookup\) is dearer than this kernel \(1.2 ns\) in the same workload, beyond the spread of either row$" \
	-- "$CS" "$tmp/noci.csv"
# a whole study (every summary.csv under the folder): each failure once, and the count
expect "the fixtures as one study" 1 "^check-study.sh: 5 impossible figure\(s\) in 8 summary.csv file\(s\), 96 rows$" -- "$CS" "$D"
if [[ $(grep -c '^tests/data/check-study/' "$tmp/out") -eq 5 ]]; then ok
else bad "not one line per failure:"; cat "$tmp/out"; fi
# blocks of three samples a cell (tests/data/fixture-pool/: six and five processes NN-gcc/,
# null, pext and hyperbola at 16 KiB of pressure): no row judged alone (too few samples for a
# 95% interval); over six processes the null's medians (1.91-1.96) above pext's (1.81-1.86)
# fail, hyperbola's (straddling them) pass; five processes say nothing
P=tests/data/fixture-pool
expect "blocks: judged over their processes" 1 \
	"^$P/six/gcc \(6 processes\): pext, pressure/all warm, pressure 16384 B: the null kernel's medians over the processes \(interval 1.910-1.960 ns a lookup\) lie above this kernel's \(1.810-1.860\): their intervals do not meet$" \
	"^check-study.sh: 1 impossible figure\(s\) in 6 summary.csv file\(s\), 30 rows$" -- "$CS" "$P/six"
expect "blocks: five processes say nothing" 0 "no impossible figure" -- "$CS" "$P/five"
expect "no folder" 2 "no such file or directory" -- "$CS" "$tmp/none"
mkdir -p "$tmp/empty"
expect "no summary.csv" 2 "no summary.csv under" -- "$CS" "$tmp/empty"
expect "no argument" 2 "usage: harness/scripts/check-study.sh" -- "$CS"
finish
