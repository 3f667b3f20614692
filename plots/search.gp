# search.gp - every kernel by ns per node of the search workload (bench --mode search: a small
# engine's alpha-beta search from positions of the trace, its slider lookups through the
# kernel), fastest at the top: the median of the samples as a bar, its 95% interval as an error
# bar, bars coloured by family, nodes per second beside each bar.  Where the study has no
# search rows (a study before the main sweep ran search) the chart says so.
# gnuplot -e "study='results/ID'" plots/search.gp
chart = "search"; width = 1100; height = 900
if (!exists("plotdir")) plotdir = "plots"
load plotdir."/common.gp"

d = tmp."/search.csv"
n = have_m64 ? sel(m64, "-v where='mode=search;".PLAIN."' -v cols='".TIMECOLS.",lpn=lookups_per_node' -v sort=ns", d) : 0
set title "Engine search (alpha-beta, depth 4): time per node, medians (64-bit build)" font ",13"
if (n == 0) {
	NODATA_MSG = have_m64 ? "no search rows in m64/summary.csv (bench --mode search)" : "no m64/ run in this study"
	eval NODATA
	exit
}
lpn = real(system("awk -f '".plotdir."/csv.awk' -v cols=lpn '".d."' | sed -n 2p | cut -d, -f1"))
set label 1 caption("m64", "search") at screen 0.01, 0.012 left font ",9" tc rgb "#444444"
set label 2 sprintf("Bars: median ns per node (%.1f slider lookups a node); %s; labels: nodes/s of the median; * flagged", lpn, spread) \
	at screen 0.01, 0.035 left font ",9" tc rgb "#444444"
y(i) = n - 1 - i
fams = distinct(d, "family")
hi = real(system("awk -f '".plotdir."/csv.awk' -v cols=ns,hi '".d."' | tail -n +2 | awk -F, '{ h = $2 + 0 > $1 + 0 ? $2 + 0 : $1 + 0; if (h > m) m = h } END { print m + 0 }'"))
set bmargin 6
set lmargin at screen 0.24; set rmargin at screen 0.97
set key top right box opaque title "family" font ",8" width 1
set xlabel "ns per node, median of the samples (the whole search: move generation, evaluation, hash table)"
set yrange [-0.7:n - 0.3]
set xrange [0:hi * 1.35]
set ytics scale 0 font ",9"
set grid xtics lc rgb "#dddddd"
plot d using (0):(y(column('idx'))):(0):(column('ns')):(y(column('idx')) - 0.38):(y(column('idx')) + 0.38):(FC[famidx(strcol('family'))]) \
	with boxxyerror fs solid 0.85 lc rgb variable notitle, \
     d using (column('ns')):(y(column('idx'))):(column('lo')):(column('hi')):ytic(strcol('kernel')) \
	with xerrorbars pt -1 lc rgb '#222222' lw 1.2 notitle, \
     d using (column('hi') > column('ns') ? column('hi') : column('ns')):(y(column('idx'))): \
	(sprintf(' %.2f M nodes/s%s', 1000 / column('ns'), attn(strcol('flags')) eq '' ? '' : ' *')) \
	with labels left offset 0.6, 0 font ',8' notitle, \
     for [fm in fams] NaN with boxes fs solid 0.85 lc rgb fam_rgb(fm) title fm
