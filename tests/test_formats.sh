#!/usr/bin/env bash
# test_formats.sh - every result file carries its format, and every reader refuses a newer one:
# a real (tiny) bench run writes `format` as the last column of summary.csv, samples.csv and
# counters.csv, 1 on every row; the report's verdicts.csv and slidebench blocks' blocks.csv do
# too.  A newer format is refused naming the file, the line and the format by: slidebench
# verdicts (verdicts.csv), plot-data (blocks.csv, sim.csv, a block's context.json) and the
# report (sim.csv: its section says why).  A file without the column reads as format 0.
# (test_badruns.sh refuses summary.csv, samples.csv and context.json of a newer format.)
. "$(dirname "$0")/lib.sh"

S=$tmp/study
mkdir -p "$S"
if ! $SB bench --kernel kindergarten-4k,magic-plain --mode position --samples 2 --warmup 1 \
	--min-lookups 10000 --max-queries 2000 --events none --out "$S/m64" >"$tmp/bench.log" 2>&1; then
	bad "fixture bench failed: $(tail -n 5 "$tmp/bench.log")"
	finish
fi
# last_col FILE: the header's last column; rows_say FILE V: every row's last field is V.
last_col() { head -n 1 "$1" | awk -F, '{ print $NF }'; }
rows_say() { awk -F, -v v="$2" 'NR > 1 && $NF != v { bad = 1 } END { exit bad || NR < 2 }' "$1"; }
for f in summary samples counters; do
	check "$f.csv: last column format (got $(last_col "$S/m64/$f.csv"))" test "$(last_col "$S/m64/$f.csv")" = format
done
check "summary.csv: format 1 on every row" rows_say "$S/m64/summary.csv" 1
check "samples.csv: format 1 on every row" rows_say "$S/m64/samples.csv" 1
check "context.json: format 1" grep -q '"format": 1,' "$S/m64/context.json"

# the report reads them back and writes verdicts.csv with its format
echo "no -m32 here (test fixture)" >"$S/m32.skipped"
expect "report of the run" 0 "report: " -- "$SB" report "$S"
check "verdicts.csv: last column format" test "$(last_col "$S/verdicts.csv")" = format
check "verdicts.csv: format 1 on every row" rows_say "$S/verdicts.csv" 1
check "verdicts reads format 1" "$SB" verdicts "$S" "$S"
cp "$S/verdicts.csv" "$tmp/verdicts.keep"
sed -i '2s/,1$/,4/' "$S/verdicts.csv"
expect "verdicts.csv of a newer format refused" 1 "verdicts.csv: line 2: format 4: this slidebench reads verdicts.csv formats 0 \(none written\) to 1; a newer slidebench wrote it" \
	-- "$SB" verdicts "$S" "$S"
sed 's/,format$//; 2,$s/,1$//' "$tmp/verdicts.keep" >"$S/verdicts.csv"
check "verdicts.csv without the column (format 0) read" "$SB" verdicts "$S" "$S"

# blocks.csv (slidebench blocks) and a block's context.json, read by plot-data for the charts
cp -r tests/data/fixture-blocks "$S/tables"
check "blocks of the fixture" "$SB" blocks "$S/tables" a b
check "blocks.csv: last column format" test "$(last_col "$S/tables/blocks.csv")" = format
check "blocks.csv: format 1 on every row" rows_say "$S/tables/blocks.csv" 1
mkdir -p "$tmp/pd"
check "plot-data reads the study" "$SB" plot-data "$S" "$tmp/pd"
check "plot-data: m64's run_id in context.csv" grep -q "^m64,$(sed -n 's/^ *"run_id": "\(.*\)",$/\1/p' "$S/m64/context.json" | head -n 1)," "$tmp/pd/context.csv"
check "plot-data: the blocks' rows" grep -q '^tables/01-a,' "$tmp/pd/context.csv"
sed -i '3s/,1$/,2/' "$S/tables/blocks.csv"
expect "blocks.csv of a newer format refused" 1 "tables/blocks.csv: line 3: format 2: this slidebench reads blocks.csv formats 0 \(none written\) to 1" \
	-- "$SB" plot-data "$S" "$tmp/pd"
sed -i '3s/,2$/,1/' "$S/tables/blocks.csv"
sed -i 's|^{|{"format": 3,|' "$S/tables/02-b/context.json"
expect "a block's context.json of a newer format refused" 1 "tables/02-b/context.json: format 3: this slidebench reads context.json formats 0 \(none written\) to 1" \
	-- "$SB" plot-data "$S" "$tmp/pd"
rm -rf "$S/tables"

# sim.csv: the fixture has no format column (format 0); format 2 is refused
cp -r tests/data/fixture-study-cache/sim "$S/sim"
ds=$(awk -f plots/csv.awk -v cols=dataset "$S/m64/summary.csv" | sed -n 2p | cut -d, -f1)
sed -i "s|datasets/x.trace|$ds|" "$S/sim/summary.csv" "$S/sim/samples.csv" "$S/sim/context.json"
check "plot-data reads sim.csv of format 0" "$SB" plot-data "$S" "$tmp/pd"
sed -i '1s/$/,format/; 2,$s/$/,2/' "$S/sim/sim.csv"
expect "sim.csv of a newer format refused by plot-data" 1 "sim/sim.csv: line 2: format 2: this slidebench reads sim.csv formats 0 \(none written\) to 1" \
	-- "$SB" plot-data "$S" "$tmp/pd"
expect "report with sim.csv of a newer format" 0 "report: " -- "$SB" report "$S"
check "sim.csv of a newer format: the report says so" grep -q 'No simulated L1 sweep: .*sim.csv: line 2: format 2' "$S/report.md"
finish
