#!/usr/bin/env bash
# test_untrusted.sh - a study folder from someone else: nothing read from it runs as code, in a
# shell or in the reader's browser, and nothing is written through a link it planted.
#  - charts: a dataset column, kernel names and a study path holding shell payloads ($(touch),
#    backquotes, an apostrophe): render.sh draws every chart and no payload runs (needs
#    gnuplot, else SKIPPED);
#  - report.html: chart SVGs with script (through attributes, comments, </svg>, meta refresh,
#    CSS url()) are embedded as data: images under a Content-Security-Policy; in headless
#    Chromium the page's title and DOM are not changed by them (no chromium: SKIPPED);
#  - the fleet report: host folder names with markup, & and a byte that is not UTF-8 give
#    well-formed fleet-ranks-N.svg charts (render.sh) whose texts hold the names as text;
#  - planted symbolic links (report.md, report.html, verdicts.csv, blocks.csv, fleet-ranks.csv,
#    plots/*.svg|png, plots/ itself, a run's .NAME.lock, the fleet's node-local build folder)
#    pointing outside: refused with the path named, the outside files' checksums unchanged.
. "$(dirname "$0")/lib.sh"
A=tests/data/fixture-run-a
mark=$tmp/mark
mkdir -p "$mark" "$tmp/outside"

# Fills $tmp/outside with files whose checksums are kept in $tmp/outside.sum.
outside_files() {
	local i
	for i in 1 2 3 4 5 6 7; do echo "outside file $i: keep me" >"$tmp/outside/f$i"; done
	cp tests/data/fixture-plots/bits.svg "$tmp/outside/f8"
	(cd "$tmp/outside" && sha256sum f* >"$tmp/outside.sum")
}
# Returns 0 when every outside file is as outside_files left it.
outside_same() { (cd "$tmp/outside" && sha256sum -c --quiet "$tmp/outside.sum" >/dev/null 2>&1); }
outside_files

# ---- charts: payloads in the data and the path reach no shell ------------------------------------
if ! command -v gnuplot >/dev/null 2>&1; then
	skipped "charts with shell payloads in the data: gnuplot is not installed"
else
	# the payload study at a plain path, then at a path with an apostrophe, $(...) and backquotes
	S=$tmp/plain
	mkdir -p "$S"
	cp -r "$A" "$S/m64"
	# kernel names and the dataset with payloads: breaking out of '...' and of "..."
	K1="hyperbola'\$(touch\${IFS}$mark/k1)'"
	K2="classical-conditional\"'\`touch\${IFS}$mark/k2\`'"
	K3="kindergarten-4k'\$(touch\${IFS}$mark/k3)'"
	DS="/data/x'\$(touch\${IFS}$mark/d1)'\`touch\${IFS}$mark/d2\`.trace"
	$SB list --format csv >"$S/kernels.csv"
	python3 - "$S" "$K1" "$K2" "$K3" "$DS" <<'PY'
import csv, io, sys
study, k1, k2, k3, ds = sys.argv[1:]
ren = {"hyperbola": k1, "classical-conditional": k2, "kindergarten-4k": k3}
for path, namecol in ((study + "/m64/summary.csv", "kernel"), (study + "/kernels.csv", "name")):
    rows = list(csv.reader(open(path, newline="")))
    head = rows[0]
    for r in rows[1:]:
        r[head.index(namecol)] = ren.get(r[head.index(namecol)], r[head.index(namecol)])
        if "dataset" in head:
            r[head.index("dataset")] = ds
        if namecol == "name" and "sibling" in head:
            r[head.index("sibling")] = ren.get(r[head.index("sibling")], r[head.index("sibling")])
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    open(path, "w").write(out.getvalue())
PY
	# and context.json's CPU (read by slidebench plot-data into the charts' context.csv)
	python3 - "$S/m64/context.json" "CPU'\$(touch\${IFS}$mark/c1)'\`touch $mark/c2\`,\"x\"
payload-cpu" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
j["machine"]["cpu_model"] = sys.argv[2]
json.dump(j, open(sys.argv[1], "w"), indent=1)
PY
	grep -qF "$K1" "$S/m64/summary.csv" && grep -qF "$DS" "$S/m64/summary.csv" && ok ||
		bad "the payloads are not in the fixture's summary.csv"
	for S in "$S" "$tmp/it's a \$(touch \${IFS}$mark/path1) \`touch $mark/path2\` study"; do
	[[ -d $S ]] || { mkdir -p "${S%/*}" && mv "$tmp/plain" "$S"; }
	# every chart but footprint, which fails on this fixture with or without payloads (its
	# interval columns are empty in some rows: gnuplot's ymax is not a number)
	expect "render.sh on a study with payloads" 0 "ranking.png" -- plots/render.sh "$S" ranking \
		random-vs-real bits branching tables pressure hugepages sim-l1
	n=0
	for c in ranking random-vs-real bits branching tables; do
		[[ -s $S/plots/$c.svg && -s $S/plots/$c.png ]] && n=$((n + 1))
	done
	if [[ $n -eq 5 ]]; then ok; else bad "only $n of 5 charts rendered:"; ls -la "$S/plots" | sed 's/^/    /'; fi
	if [[ -z $(ls -A "$mark") ]]; then ok; else bad "a payload ran: $(ls "$mark" | tr '\n' ' ')"; fi
	# the names are drawn as text (gnuplot escapes them in the SVG)
	for c in ranking branching tables; do
		grep -qF 'touch${IFS}' "$S/plots/$c.svg" && ok || bad "$c.svg: the payload kernel name is not drawn"
	done
	grep -qF 'dataset d2`.trace' "$S/plots/ranking.svg" && ok || bad "ranking.svg: the caption does not name the dataset's file"
	grep -qF 'touch ' "$S/plots/ranking.svg" && grep -qF 'payload-cpu' "$S/plots/ranking.svg" && ok ||
		bad "ranking.svg: the caption does not name the payload CPU from context.json"
	rm -rf "$S/plots"
	done
	rm -rf "$S"
fi

# ---- report.html: chart SVGs with script --------------------------------------------------------
P=$tmp/svgstudy
cp -r "$A" "$P"
mkdir "$P/plots"
js="document.title='PWNED';document.body.insertAdjacentHTML('beforeend','<p id=pwned>PWNED</p>')"
# Each its own chart: what got past the filter of inlined SVG markup this report had (an
# attribute named a/onbegin, a comment closed by --!>, </svg> then an open comment) and what
# it caught (script, onload, meta refresh, a CSS url() to the network).
svg() { printf '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">%s</svg>\n' "$2" >"$P/plots/$1.svg"; }
svg bits "<rect width=\"10\" height=\"10\"><animate a/onbegin=\"$js\" attributeName=\"x\" from=\"0\" to=\"1\" begin=\"0s\" dur=\"1s\"/></rect>"
svg ranking "<!-- --!><script>$js</script><!-- -->"
svg tables "<rect width=\"5\" height=\"5\"/></svg><textarea><!--"
svg branching "<script>$js</script><rect onload=\"$js\" style=\"fill:url(http://127.0.0.1:9/x)\"/><meta http-equiv=\"refresh\" content=\"0;url=data:text/html,PWNED\"/>"
expect "report on SVGs with script" 0 "report: .*report.html" -- "$SB" report "$P"
H=$P/report.html
if grep -qF 'Content-Security-Policy" content="default-src '"'none'"'; img-src data:;' "$H" &&
   grep -qF "<img src=\"data:image/svg+xml;base64,$(base64 -w0 "$P/plots/bits.svg")\"" "$H" &&
   ! grep -qiE '<svg|<script|onbegin|onload|textarea|refresh' "$H"; then ok
else bad "report.html: a chart's markup reached the page, or no Content-Security-Policy"; fi

# ---- the fleet report: host folder names with markup, & and a byte that is not UTF-8 -----------
F=$tmp/fleet
names=("a<svg onload=\"$(tr -d / <<<"$js")\">" "b&c \"q\" 'x'" $'d\xff\xfee' $'g\x01h\xc3\xa9')
for n in "${names[@]}"; do mkdir -p "$F/$n"; cp -r "$A" "$F/$n/m64"; done
expect "report FLEET with crafted host names" 0 "report: .*report.html" -- "$SB" report "$F"
# the ranking charts (plots/fleet-ranks.gp, from slidebench plot-data's fleet-chart.csv): the
# names drawn as text, a quote as ' and a comma as ; (the charts' CSV cells are never quoted)
if ! command -v gnuplot >/dev/null 2>&1; then
	skipped "the fleet's ranking charts with crafted host names: gnuplot is not installed"
else
	expect "render.sh FLEET with crafted host names" 0 "fleet-ranks-1.png" -- plots/render.sh "$F"
	if [[ -s $F/plots/fleet-ranks-1.svg ]] && python3 - "$F"/plots/fleet-ranks-*.svg <<'PY'
import sys, xml.etree.ElementTree as ET
for p in sys.argv[1:]:
    root = ET.parse(p).getroot()          # raises on XML that is not well-formed
    texts = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "b&c 'q' 'x'" in texts, "name with & and quotes not kept as text in " + p
    assert "a<svg onload='" in texts, "name with markup not kept as text in " + p
    assert "d\ufffd\ufffde" in texts, "byte that is not UTF-8 not replaced in " + p
    assert "g\ufffdh\u00e9" in texts, "control byte not replaced, or UTF-8 not kept, in " + p
    assert not list(root.iter("{http://www.w3.org/2000/svg}svg"))[1:], "markup from a name in " + p
PY
	then ok; else bad "fleet-ranks-N.svg: not well-formed, or a name not kept as text"; fi
	expect "report FLEET embeds the charts" 0 "report: .*report.html" -- "$SB" report "$F"
	grep -A1 '<figure id="chart-fleet-ranks-1">' "$F/report.html" | grep -q '^<img src="data:image/svg+xml;base64,' &&
		ok || bad "the fleet report does not embed plots/fleet-ranks-1.svg as an image"
fi

# ---- the pages in a real browser: nothing ran --------------------------------------------------
CHROME=$(command -v chromium || command -v chromium-browser || true)
if [[ -z $CHROME ]]; then
	skipped "browser check of report.html and fleet-ranks-1.svg: chromium is not installed"
else
	flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
	       --disable-background-networking --disable-component-update --disable-sync
	       --user-data-dir="$tmp/profile" --virtual-time-budget=3000)
	for page in "$H" "$F/plots/fleet-ranks-1.svg" "$P/plots/branching.svg"; do
		[[ -s $page ]] || continue   # (fleet-ranks-1.svg: drawn where gnuplot is installed)
		timeout 120 "$CHROME" "${flags[@]}" --dump-dom "file://$(realpath "$page")" >"$tmp/dom" 2>/dev/null
		if [[ -s $tmp/dom ]] && ! grep -qE '<title>PWNED|<p id="pwned"' "$tmp/dom"; then ok
		else bad "${page#$tmp/}: a script ran in Chromium (or no DOM): $(head -c 300 "$tmp/dom")"; fi
	done
	# the control: the same script does run where nothing stops it, so the check can fail
	printf '<html><body><script>%s</script></body></html>\n' "$js" >"$tmp/control.html"
	timeout 120 "$CHROME" "${flags[@]}" --dump-dom "file://$tmp/control.html" >"$tmp/dom" 2>/dev/null
	grep -q 'id="pwned"' "$tmp/dom" && ok || bad "control: the payload script did not run in a plain page"
fi

# ---- planted symbolic links: never written through ------------------------------------------------
# report: each output in turn a link to an outside file
for out in report.md report.html verdicts.csv .report.md.tmp plots/bits.svg; do
	L=$tmp/links; rm -rf "$L"; cp -r "$A" "$L"; mkdir "$L/plots"
	ln -s "$tmp/outside/$([[ $out == plots/bits.svg ]] && echo f8 || echo f1)" "$L/$out"
	rc=0; "$SB" report "$L" >"$tmp/out" 2>&1 || rc=$?
	case $out in
	.report.md.tmp|plots/bits.svg)  # a temporary's old name, an input: the report is written
		[[ $rc -eq 0 && -L $L/$out ]] && ok || bad "report with $out a link: exit $rc"
		grep -qE "bits-bar|$(base64 -w0 "$tmp/outside/f8" | head -c 60)" "$L/report.html" &&
			bad "report.html shows the outside file a planted plots/bits.svg points to" || ok ;;
	*)
		if [[ $rc -ne 0 ]] && grep -qF "$L/$out: a symbolic link" "$tmp/out"; then ok
		else bad "report with $out a link: exit $rc, output: $(head -c 300 "$tmp/out")"; fi ;;
	esac
	outside_same && ok || bad "report wrote through a planted $out"
done
# blocks.csv (slidebench blocks, render.sh, run_all.sh)
cp -r tests/data/fixture-blocks "$tmp/blocks"
ln -s "$tmp/outside/f2" "$tmp/blocks/blocks.csv"
expect "blocks: blocks.csv a link" 1 "blocks.csv: a symbolic link" -- "$SB" blocks "$tmp/blocks" a b
outside_same && ok || bad "blocks wrote through a planted blocks.csv"
# the fleet: fleet-ranks.csv (the report), plots/fleet-ranks-1.svg and plots/ itself (render.sh)
for out in fleet-ranks.csv plots/fleet-ranks-1.svg plots; do
	[[ $out == fleet-ranks.csv ]] || command -v gnuplot >/dev/null 2>&1 || continue
	rm -rf "$F/plots" "$F/fleet-ranks.csv"; mkdir "$F/plots"
	[[ $out == plots ]] && { rmdir "$F/plots"; ln -s "$tmp/outside" "$F/plots"; } || ln -s "$tmp/outside/f3" "$F/$out"
	rc=0
	if [[ $out == fleet-ranks.csv ]]; then "$SB" report "$F" >"$tmp/out" 2>&1 || rc=$?
	else plots/render.sh "$F" >"$tmp/out" 2>&1 || rc=$?; fi
	if [[ $rc -ne 0 ]] && grep -qF "$([[ $out == plots ]] && echo "$F/plots" || echo "$out"): a symbolic link" "$tmp/out"; then ok
	else bad "fleet report with $out a link: exit $rc, output: $(head -c 300 "$tmp/out")"; fi
	outside_same && [[ ! -e $tmp/outside/fleet-ranks-1.svg ]] && ok || bad "the fleet report wrote through a planted $out"
done
rm -f "$F/plots"
# render.sh: a chart a link, plots/ a link
if command -v gnuplot >/dev/null 2>&1; then
	R=$tmp/render; mkdir -p "$R/plots"; cp -r "$A" "$R/m64"
	ln -s "$tmp/outside/f4" "$R/plots/ranking.png"
	expect "render.sh: plots/ranking.png a link" 1 "ranking.png: a symbolic link" -- plots/render.sh "$R" ranking
	[[ -s $R/plots/ranking.svg && -L $R/plots/ranking.png ]] && ok || bad "render.sh: ranking.svg not written, or the link replaced"
	rm -rf "$R/plots"; ln -s "$tmp/outside" "$R/plots"
	expect "render.sh: plots/ a link" 1 "plots: a symbolic link" -- plots/render.sh "$R" ranking
	outside_same && [[ ! -e $tmp/outside/ranking.png ]] && ok || bad "render.sh wrote through a planted link"
else
	skipped "render.sh and planted links: gnuplot is not installed"
fi
# bench: the run's .NAME.lock a link
TRACE=datasets/master-2000.trace
[[ -f $TRACE ]] || { TRACE=$tmp/small.trace; "$SB" trace -q tests/data/features.pgn -o "$TRACE"; }
ln -s "$tmp/outside/f5" "$tmp/.run.lock"
expect "bench: .run.lock a link" 1 "\.run\.lock: cannot create: a symbolic link" -- "$SB" bench --trace "$TRACE" \
	--events none --max-queries 2000 --samples 2 --warmup 1 --epochs 1 --kernel magic-plain --out "$tmp/run"
outside_same && [[ ! -e $tmp/run ]] && ok || bad "bench truncated the target of a planted lock link"
# slurm_fleet.sh: the node-local build folder planted (a link; a folder others can write)
sh_scratch=$tmp/shared; mkdir -m 1777 "$sh_scratch"
ln -s "$tmp/outside" "$sh_scratch/slidebench-fleet-$(id -u)"
t=$(SLIDEBENCH_SCRATCH=$sh_scratch harness/scripts/slurm_fleet.sh scratch-path 2>"$tmp/out")
if [[ -d $t && $t != "$sh_scratch"/* && $t != "$tmp/outside"* ]] && grep -q "not a private folder" "$tmp/out"; then ok
else bad "slurm_fleet.sh scratch-path with a planted link: $t"; fi
[[ $t == "$sh_scratch"/* || $t == "$tmp/outside"* ]] || rm -rf "$t"
rm "$sh_scratch/slidebench-fleet-$(id -u)"; mkdir -m 777 "$sh_scratch/slidebench-fleet-$(id -u)"
t=$(SLIDEBENCH_SCRATCH=$sh_scratch harness/scripts/slurm_fleet.sh scratch-path 2>/dev/null)
if [[ $t != "$sh_scratch"/* ]]; then ok; else bad "slurm_fleet.sh scratch-path uses a folder others can write: $t"; fi
[[ $t == "$sh_scratch"/* ]] || rm -rf "$t"
rmdir "$sh_scratch/slidebench-fleet-$(id -u)"
t=$(SLIDEBENCH_SCRATCH=$sh_scratch harness/scripts/slurm_fleet.sh scratch-path 2>/dev/null)
[[ $t == "$sh_scratch/slidebench-fleet-$(id -u)/"* && $(stat -c %a "${t%/*}") == 700 ]] && ok ||
	bad "slurm_fleet.sh scratch-path: no private cache folder ($t)"
outside_same && [[ -z $(ls "$tmp/outside" | grep -v '^f[0-9]$') ]] && ok || bad "slurm_fleet.sh wrote into the planted folder"
finish
