#!/usr/bin/env bash
# test_badruns.sh - damaged run directories (issue 16, D8, D12): export, compare and report
# refuse each with the file, the line where it applies, and the reason (exit 1), never a
# half-read run with exit 0; every chart's SVG is embedded in report.html as an <img> with a
# data: URL (base64), never as markup, whatever it holds.
. "$(dirname "$0")/lib.sh"
A=tests/data/fixture-run-a B=tests/data/fixture-run-b

# damaged NAME: a fresh copy of run A at $tmp/NAME (echoed), to be damaged by the caller.
damaged() { rm -rf "$tmp/$1"; cp -r $A "$tmp/$1"; echo "$tmp/$1"; }

# refused NAME DIR PATTERN...: export, compare (against B) and report of DIR all exit 1 saying
# every PATTERN.
refused() {
	local name=$1 dir=$2
	shift 2
	expect "$name: export" 1 "$@" -- "$SB" export --format gbench "$dir"
	expect "$name: compare" 1 "$@" -- "$SB" compare "$dir" $B
	expect "$name: report" 1 "$@" -- "$SB" report "$dir"
}

r=$(damaged cut); head -c 3000 $A/summary.csv >"$r/summary.csv"
refused "summary cut mid-row" "$r" "summary.csv: line [0-9]+: the last row has no newline"
r=$(damaged rows); head -n 20 $A/summary.csv >"$r/summary.csv"
refused "summary cut at a row" "$r" "samples.csv: line [0-9]+: a sample of .* summary.csv has no row"
r=$(damaged cols); sed -i '5s/,[^,]*$//' "$r/summary.csv"
refused "a row one field short" "$r" "summary.csv: line 5: [0-9]+ fields, the header has [0-9]+"
r=$(damaged header); head -n 1 $A/summary.csv >"$r/summary.csv"
refused "header-only summary" "$r" "summary.csv: line 2: no rows after the header"
r=$(damaged nul); printf '\0' >>"$r/summary.csv"
refused "NUL byte" "$r" "summary.csv: line [0-9]+: a NUL byte"
r=$(damaged quote); printf 'run_id,"kernel\n' >"$r/summary.csv"   # fuzz_csv: leaked the header
refused "header with a quote never closed" "$r" "summary.csv: line 1: no readable header row"
r=$(damaged dir); rm "$r/summary.csv"; mkdir "$r/summary.csv"
refused "summary.csv a directory (D12)" "$r" "summary.csv: not a regular file \(a directory\)"
r=$(damaged nosamples); rm "$r/samples.csv"
refused "no samples.csv" "$r" "samples.csv: No such file"
r=$(damaged cutsamples); head -c 2000 $A/samples.csv >"$r/samples.csv"
refused "samples.csv cut" "$r" "samples.csv: line [0-9]+: the last row has no newline"
r=$(damaged noctx); rm "$r/context.json"
refused "no context.json" "$r" "context.json"
r=$(damaged badctx); echo 'this is not json' >"$r/context.json"
refused "garbage context.json" "$r" "context.json"

# The probe's cases (item 11): each was accepted with exit 0.
r=$(damaged rowcut); head -n 13 $A/samples.csv >"$r/samples.csv"
refused "samples.csv cut at a row" "$r" "samples.csv: no samples of .*summary.csv line [0-9]+ says were timed"
r=$(damaged onekernel); grep -v ',kindergarten-512,' $A/samples.csv >"$r/samples.csv"
refused "one kernel's samples missing" "$r" "samples.csv: no samples of kindergarten-512 stream rook"
r=$(damaged fewer); sed -i '3d' "$r/samples.csv"
refused "a sample fewer than summary says" "$r" "samples.csv: 11 measured samples of .* line 2 says 12"
r=$(damaged dup); sed -n 2p $A/summary.csv >>"$r/summary.csv"
refused "a duplicated summary row" "$r" "summary.csv: line [0-9]+: a second row of kindergarten-4k stream rook warm \\(the first is line 2\\)"
r=$(damaged newformat); sed -i 's|^{|{"format": 99,|' "$r/context.json"
refused "context.json of a newer format" "$r" "context.json: format 99: this slidebench reads context.json formats 0 \(none written\) to 1; a newer slidebench wrote it"
# Every CSV carries its format as a last column `format`; a reader takes 0 (no such column: the
# fixtures) to its own and refuses a newer one, naming the file, the line and the format.
for f in summary samples; do
	r=$(damaged "new$f"); sed -i '1s/$/,format/; 2,$s/$/,1/; 3s/,1$/,2/' "$r/$f.csv"
	refused "$f.csv of a newer format" "$r" "$f.csv: line 3: format 2: this slidebench reads $f.csv formats 0 \(none written\) to 1"
	r=$(damaged "bad$f"); sed -i '1s/$/,format/; 2,$s/$/,1/; 2s/,1$/,one/' "$r/$f.csv"
	refused "$f.csv with a format that is no number" "$r" "$f.csv: line 2: format \"one\" is not a format number"
	r=$(damaged "ok$f"); sed -i '1s/$/,format/; 2,$s/$/,1/' "$r/$f.csv"
	expect "$f.csv of format 1 (the one written)" 0 "report: " -- "$SB" report "$r"
done
r=$(damaged emptyctx); echo '{}' >"$r/context.json"
refused "context.json {}" "$r" "context.json: no \"run_id\" string"
for v in -5 nan inf; do
	r=$(damaged "time$v"); sed -i "2s/,0\.999,/,$v,/" "$r/summary.csv"
	refused "ns_median $v" "$r" "summary.csv: line 2: ns_median is \"$v\": (a negative time|not a finite number)"
	r=$(damaged "sample$v"); sed -i "2s/,1\.19,/,$v,/" "$r/samples.csv"
	refused "sample ns_per_lookup $v" "$r" "samples.csv: line 2: ns_per_lookup is \"$v\""
done
r=$(damaged netneg); sed -i '1s/$/,ns_net_median/; 2,$s/$/,-0.01/' "$r/summary.csv"
expect "a negative ns_net_median is a net time, accepted" 0 "report: " -- "$SB" report "$r"

# A study whose sub-runs ran on another trace: refused, not compared ("1.67x faster").
S=$tmp/study; mkdir -p "$S"; cp -r $A "$S/m64"; cp -r $B "$S/pressure"
sed -i 's|datasets/master-2000.trace|datasets/other.trace|' "$S/pressure/summary.csv" "$S/pressure/samples.csv"
expect "pressure/ on another trace" 1 "pressure/ was run on dataset \"datasets/other.trace\" but m64/ on" -- "$SB" report "$S"
rm -rf "$S/pressure"; mkdir -p "$S/bits"; cp -r $A "$S/bits/01-m64"; cp -r $B "$S/bits/01-m32"
sed -i 's|datasets/master-2000.trace|datasets/other.trace|' "$S/bits/01-m32/summary.csv" "$S/bits/01-m32/samples.csv"
# (the bits/ comparison is one sentence of the report: it says why it is left out)
expect "bits/ blocks on two traces" 0 "report: " -- "$SB" report "$S"
check "bits/ blocks on two traces: said" grep -q 'no -m32 comparison: .*01-m32: was run on dataset "datasets/other.trace"' "$S/report.md"
if grep -q 'the -m32 build is' "$S/report.md"; then bad "bits/ blocks on two traces compared"; else ok; fi

# compiler/ and tables/ blocks made on another trace feed every verdict's between-process term:
# refused like pressure/ and sim/ (they were accepted), by the dataset column or by context.json
# run.trace.
S=$tmp/blocktrace; rm -rf "$S"; mkdir -p "$S"; cp -r $A "$S/m64"; cp -r tests/data/fixture-compiler/. "$S/"
expect "compiler blocks on m64's trace" 0 "report: " -- "$SB" report "$S"
sed -i 's|datasets/master-2000.trace|datasets/other.trace|' "$S/compiler/03-clang/summary.csv"
expect "compiler blocks on another dataset" 1 "compiler/03-clang/ was run on dataset \"datasets/other.trace\" but m64/ on \"datasets/master-2000.trace\"" -- "$SB" report "$S"
S=$tmp/tabletrace; rm -rf "$S"; mkdir -p "$S/tables"; cp -r $A "$S/m64"
for b in 01-hugepage 01-nohugepage; do cp -r $A "$S/tables/$b"; done
expect "tables blocks on m64's trace" 0 "report: " -- "$SB" report "$S"
sed -i 's|"trace": "datasets/master-2000.trace"|"trace": "datasets/other.trace"|' "$S/tables/01-nohugepage/context.json"
expect "tables blocks on another trace (context.json)" 1 "tables/01-nohugepage/ was run on trace \"datasets/other.trace\" but m64/ on \"datasets/master-2000.trace\"" -- "$SB" report "$S"

# A folder without m64/ is no study, nor a fleet of its pressure/ and sim/ runs (it was
# reported as two "machines" with exit 0).
S=$tmp/nom64; mkdir -p "$S"; cp -r $A "$S/pressure"; cp -r $A "$S/sim"
expect "a study without m64/" 1 "nom64: neither summary.csv nor m64/summary.csv \(a study is recognised by its m64/" -- "$SB" report "$S"
check "a study without m64/: nothing written" test ! -e "$S/report.html" -a ! -e "$S/fleet-ranks.csv"

# SVG: whatever a chart holds (script, on*, foreignObject, outside references), it goes in as
# an <img> with a data: URL: none of its markup reaches the page.
P=$tmp/plotrun; cp -r $A "$P"; mkdir "$P/plots"
svg() { printf '<svg xmlns="http://www.w3.org/2000/svg">%s<rect width="1" height="1"/></svg>\n' "$1" >"$P/plots/bits.svg"; }
for bad in '<script>alert(1)</script>' '<rect onload="alert(1)"/>' '<SCRIPT>x</SCRIPT>' \
	'<svg:script>x</svg:script>' '<foreignObject><div/></foreignObject>' \
	'<image href="http://example.com/x.png"/>' '<use xlink:href="evil.svg#a"/>' \
	'<rect style="fill:url(http://example.com/a)"/>' '<a href="javascript:alert(1)"/>' \
	'<rect a/onbegin="alert(1)"/>' '<!-- x --!><script>alert(1)</script>' \
	'</svg><textarea><!--' '<meta http-equiv="refresh" content="0;url=http://example.com/"/>'; do
	svg "$bad"
	expect "svg ${bad:0:30}" 0 "report: " -- "$SB" report "$P"
	b64=$(base64 -w0 "$P/plots/bits.svg")
	if grep -qF "<img src=\"data:image/svg+xml;base64,$b64\"" "$P/report.html" &&
	   ! grep -qiE 'alert|foreignObject|example\.com|evil|<svg|textarea|refresh"' "$P/report.html"; then ok
	else bad "svg ${bad:0:30}: not embedded as a data: image"; fi
done

finish
