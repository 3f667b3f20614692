# hugepages.gp - the large-table kernels (those run_all.sh ran with --tables, by table size)
# with and without huge pages, run as alternating blocks (tables/NN-hugepage/,
# tables/NN-nohugepage/, bench --tables): the bars are the first pair's ns/lookup (the whole loop) in position
# mode, under each kernel its paired ratio over every pair (tables/blocks.csv, which
# `slidebench blocks` writes), what smaps read back as the caption;
# below, data-TLB misses per lookup: hardware (hw_dtlb_miss) where counted, else simulated by
# callgrind (sim_tlb_miss, sim/: a TLB of 4 KiB pages, labelled sim).  A missing input gives a
# panel that says why (tables.skipped).  gnuplot -e "study='results/ID'" plots/hugepages.gp
chart = "hugepages"; width = 1400; height = 1000
if (!exists("plotdir")) plotdir = "plots"
load plotdir."/common.gp"

hcsv = study."/tables/01-hugepage/summary.csv"
ncsv = study."/tables/01-nohugepage/summary.csv"
bcsv = study."/tables/blocks.csv"
have_h = exists_file(hcsv); have_n = exists_file(ncsv)
W = "mode=position;kernel!=null;cache_state=warm|"
COLS = TIMECOLS.",hw_dtlb_miss"
dh = tmp."/hugepages-h.csv"; dn = tmp."/hugepages-n.csv"; ds = tmp."/hugepages-sim.csv"
nh = have_h ? sel(hcsv, "-v where='".W."' -v cols='".COLS."'", dh) : 0
nn = have_n ? sel(ncsv, "-v where='".W."' -v cols='".COLS."'", dn) : 0
nsim = has_data(simcsv, "sim_tlb_miss") ? sel(simcsv, "-v where='".W."' -v cols='kernel,sim_tlb_miss,table_bytes'", ds) : 0
# Returns 1 when kernel k has a row in CSV f.
hasrow(f, k) = strstrt("\n".kvt(f, "kernel", "kernel"), "\n".k.",") > 0
# the kernels: those of the runs (else those the simulation has), by table size
BIG = system("cat '".dh."' '".dn."' '".ds."' 2>/dev/null | awk -F, 'FNR == 1 || $1 == \"kernel\" { for (i = 1; i <= NF; i++) c[$i] = i; next } c[\"table_bytes\"] && !seen[$1]++ { print $c[\"table_bytes\"] \",\" $1 }' | sort -t, -k1,1n -k2,2 | cut -d, -f2 | tr '\n' ' '")
KL = ""
do for [k in BIG] { if ((nh > 0 && hasrow(dh, k)) || (nn > 0 && hasrow(dn, k)) || (nh + nn == 0 && nsim > 0 && hasrow(ds, k))) { KL = KL.k." " } }
K = words(KL)
xfont = K > 10 ? ",8" : ",10"   # the tick labels' font: smaller with many kernels
# Returns kernel k's position 1..K on x (NaN when it is not one of KL).
kx(k) = (x_ = NaN, sum [j_ = 1:K] (word(KL, j_) eq k ? (x_ = j_, 0) : 0), x_)
# Returns kernel k's table footprint from whichever of the inputs has it.
kbytes(k) = (s_ = tbytes(nh > 0 ? dh : nn > 0 ? dn : ds, k), s_ eq "?" && nn > 0 ? tbytes(dn, k) : s_)
# what smaps read back (context.json "tables", as `slidebench plot-data` wrote it to hugepages.csv)
hp(run, c) = cval(hpcsv, run, c)
# Returns the read-back sentence of one run ("hugepage run: 4 MiB of 7.4 MiB table memory ...").
readback(run, name) = hp(run, "regions") eq "" ? name." run: no \"tables\" record in its context.json" : \
	hp(run, "readback") eq "0" ? name." run: smaps not read back" : \
	sprintf("%s run: %s of %s of the table regions in huge pages (smaps AnonHugePages)%s", name, \
		(num(hp(run, "huge_bytes")) > 0 ? human(num(hp(run, "huge_bytes"))) : "0 B"), human(num(hp(run, "bytes"))), \
		hp(run, "possible") eq "false" ? ", not possible: ".hp(run, "why") : "")

# Returns "\n1.12x" for kernel k: its paired ratio without/with over every pair of blocks
# (tables/blocks.csv), or "".  Whether it is settled is the report's to say: the report widens
# the blocks' interval by what moves between processes, which blocks.csv does not.
hpdelta(k) = !exists_file(bcsv) ? "" : (v_ = lookup(kvt(bcsv, "kernel", "ratio"), k), v_ eq "" ? "" : sprintf("\n%.2fx", real(v_)))
# Returns kernel name k for a tick label: with more than 10 kernels, a name longer than 10
# characters breaks after its first hyphen, so that neighbouring names do not run together.
tick(k) = K > 10 && strlen(k) > 10 && strstrt(k, "-") > 0 ? k[1:strstrt(k, "-")]."\n".k[strstrt(k, "-") + 1:] : k
NPAIRS = exists_file(bcsv) ? system("awk -f '".plotdir."/csv.awk' -v where='kernel=all' -v cols=pairs '".bcsv."' | sed -n 2p | cut -d, -f1") : "?"
# the simulated run counts only when it has one of the charted kernels
simk = 0
do for [k in KL] { if (nsim > 0 && hasrow(ds, k)) { simk = simk + 1 } }
tlbsrc = (nh > 0 && has_data(hcsv, "hw_dtlb_miss")) || (nn > 0 && has_data(ncsv, "hw_dtlb_miss")) ? "hw" : simk > 0 ? "sim" : ""
# without TLB data the times take the whole figure and the caption says why (no empty panel)
notlb = tlbsrc eq "" || K == 0
notlb_why = nsim > 0 && simk == 0 ? "data-TLB misses: not shown (no hardware counter was live, and the simulated run, sim/, has none of these kernels)" : \
	"data-TLB misses: not shown (no hardware counter was live, and no simulated run, sim/, has sim_tlb_miss)"
set multiplot title "Huge pages: the large-table kernels with and without huge pages (position mode, 64-bit build)" font ",13"
set lmargin 12
set rmargin 4
if (notlb) { set size 1, 0.79; set origin 0, 0.15 } else { set size 1, 0.48; set origin 0, 0.47 }
if (notlb && K > 0) { set label 5 notlb_why at screen 0.01, 0.078 left font ",9" tc rgb "#444444" }
set title "time per lookup (whole loop) in the first pair of blocks, tables advised huge (--tables hugepage) and not; under each kernel its paired ratio over ".NPAIRS." pairs" font ",11"
if (nh + nn == 0 || K == 0) {
	why = exists_file(study."/tables.skipped") ? system("head -n 1 '".study."/tables.skipped'") : ""
	NODATA_MSG = "no data: no huge-page blocks in this study (tables/01-hugepage/, tables/01-nohugepage/)".(why eq "" ? "" : "\n(".why.")")
	eval NODATA
} else {
	set label 1 caption(nh > 0 ? "tables/01-hugepage" : "tables/01-nohugepage", "position") at screen 0.01, 0.012 left font ",9" tc rgb "#444444"
	# the y range from the medians (a noisy sample can stretch an interval far beyond them)
	ym = system("cat '".dh."' '".dn."' | awk -F, '$1 == \"kernel\" { for (i = 1; i <= NF; i++) { if ($i == \"ns\") c = i; if ($i == \"hi\") b = i }; next } { if ($c + 0 > m) m = $c + 0; if ($b + 0 > t) t = $b + 0 } END { print m + 0, t + 0 }'")
	ytop = real(word(ym, 1)) * 1.5
	ytop = ytop > 0 ? ytop : 1
	clipped = real(word(ym, 2)) > ytop ? "; error bars that run off the top are clipped" : ""
	set label 2 spread.clipped."; under each kernel: table footprint, time without huge pages over with, paired over the blocks (intervals: tables/blocks.csv; settled or not: the report); * unstable, drifting or disturbed" at screen 0.01, 0.034 left font ",9" tc rgb "#444444"
	set label 4 readback("tables/01-hugepage", "hugepage")."; ".readback("tables/01-nohugepage", "nohugepage") at screen 0.01, 0.056 left font ",9" tc rgb "#444444"
	set xrange [0.4:K + 0.6]
	set xtics () scale 0 font ",10"
	set xtics font xfont
	do for [k = 1:K] { set xtics add (tick(word(KL, k))."\n".kbytes(word(KL, k)).hpdelta(word(KL, k)) k) }
	set ylabel "time per lookup, whole loop (ns)"
	set yrange [0:ytop]
	set key above font ",10"
	set style textbox opaque noborder margins 0.5, 0.5
	plot dh using (kx(strcol("kernel")) - 0.19):(column("ns")):(column("lo")):(column("hi")):(0.36) \
		with boxerrorbars lc rgb "#2ca02c" title "huge pages (--tables hugepage)", \
	     dn using (kx(strcol("kernel")) + 0.19):(column("ns")):(column("lo")):(column("hi")):(0.36) \
		with boxerrorbars lc rgb "#7f7f7f" title "no huge pages (--tables nohugepage)", \
	     dh using (kx(strcol("kernel")) - 0.19):(column("hi") > column("ns") ? column("hi") : column("ns")):(sprintf("%.2f%s", column("ns"), attn(strcol("flags")) eq "" ? "" : "*")) \
		with labels rotate by 90 left offset 0, 0.4 font ",8" notitle, \
	     dn using (kx(strcol("kernel")) + 0.19):(column("hi") > column("ns") ? column("hi") : column("ns")):(sprintf("%.2f%s", column("ns"), attn(strcol("flags")) eq "" ? "" : "*")) \
		with labels rotate by 90 left offset 0, 0.4 font ",8" notitle
}
unset label 1; unset label 2; unset label 4; unset label 5; unset key; unset xrange; unset yrange; unset xtics
set size 1, 0.35; set origin 0, 0.075
if (notlb) {
	# said in the caption above
} else {
	tlbgeo = (ctx("sim", "sim_tlb_entries") eq "" ? "" : ctx("sim", "sim_tlb_entries")." entries of ").\
		(ctx("sim", "sim_tlb_page_bytes") eq "" ? "4 KiB" : human(real(ctx("sim", "sim_tlb_page_bytes"))))." pages"
	if (tlbsrc eq "hw") {
		set title "data-TLB misses per lookup (hardware counter hw_dtlb_miss, net of the null kernel)" font ",11"
		set key above font ",10"
	} else {
		set title "data-TLB misses per lookup, sim: callgrind TLB (".tlbgeo.", so the same with or without huge pages), net of the null kernel" font ",11"
		set label 3 "TLB misses from sim/ ".ctx("sim", "run_id") at screen 0.99, 0.012 right font ",9" tc rgb "#444444"
		unset key
	}
	set xrange [0.4:K + 0.6]
	set xtics () scale 0 font xfont
	do for [k = 1:K] { set xtics add (tick(word(KL, k)) k) }
	set ylabel "DTLB misses per lookup".(tlbsrc eq "sim" ? " (sim)" : "")
	set yrange [0:*]
	if (tlbsrc eq "hw") {
		plot dh using (kx(strcol("kernel")) - 0.19):(column("hw_dtlb_miss")):(0.36) with boxes lc rgb "#2ca02c" title "huge pages", \
		     dn using (kx(strcol("kernel")) + 0.19):(column("hw_dtlb_miss")):(0.36) with boxes lc rgb "#7f7f7f" title "no huge pages", \
		     dh using (kx(strcol("kernel")) - 0.19):(column("hw_dtlb_miss")):(sprintf("%.3g", column("hw_dtlb_miss"))) with labels offset 0, 0.6 font ",8" notitle, \
		     dn using (kx(strcol("kernel")) + 0.19):(column("hw_dtlb_miss")):(sprintf("%.3g", column("hw_dtlb_miss"))) with labels offset 0, 0.6 font ",8" notitle
	} else {
		# a kernel the simulated run left out says so; values under 0.0005 (the null kernel's
		# share of a few misses) print as 0
		do for [k = 1:K] { if (!hasrow(ds, word(KL, k))) { set label 40 + k "not simulated" at k, graph 0.04 center font ",9" tc rgb "#888888" } }
		plot ds using (kx(strcol("kernel"))):(column("sim_tlb_miss")):(0.5) with boxes fs pattern 4 lc rgb "#9467bd" notitle, \
		     ds using (kx(strcol("kernel"))):(column("sim_tlb_miss") > 0 ? column("sim_tlb_miss") : 0): \
			(abs(column("sim_tlb_miss")) < 0.0005 ? "0" : sprintf("%.3f", column("sim_tlb_miss"))) with labels offset 0, 0.6 font ",9" notitle
	}
}
unset multiplot
