# ranking.gp - every kernel by net ns/lookup on the real-game trace (position mode by default),
# fastest at the top, bars coloured by family, spread as error bars, table bytes annotated.
# gnuplot -e "study='results/ID'; mode='stream'" plots/ranking.gp   (mode default position)
chart = "ranking"; width = 1280; height = 860
if (!exists("mode")) mode = "position"
if (!exists("plotdir")) plotdir = "plots"
load plotdir."/common.gp"

d = tmp."/ranking.csv"
n = have_m64 ? sel(m64, "-v where='mode=".mode.";".PLAIN."' -v cols='".TIMECOLS."' -v sort=ns", d) : 0
set title sprintf("Kernels ranked by net time per lookup, %s mode on the real-game trace (64-bit build)", mode) font ",13"
if (n == 0) {
	NODATA_MSG = have_m64 ? "no ".mode."-mode rows in m64/summary.csv" : "no m64/ run in this study"
	eval NODATA
	exit
}
set label 1 caption("m64", mode) at screen 0.01, 0.012 left font ",9" tc rgb "#444444"
set label 2 spread.". Labels: table footprint after init; * = flagged unstable, drifting or disturbed." \
	at screen 0.01, 0.035 left font ",9" tc rgb "#444444"
set bmargin 6
set lmargin 34
set rmargin 4
set xlabel "net time per lookup (ns, null kernel subtracted)"
set yrange [-0.7:n - 0.3]
set ytics scale 0 font ",10"
set grid xtics lc rgb "#dddddd"
unset grid
set grid xtics lc rgb "#dddddd"
set xrange [0:*]
set offsets 0, graph 0.12, 0, 0
set key top right box opaque title "family" font ",9" width 1
y(i) = n - 1 - i
fams = distinct(d, "family")
plot d using (0):(y(column("idx"))):(0):(column("ns")):(y(column("idx")) - 0.38):(y(column("idx")) + 0.38):(FC[famidx(strcol("family"))]) \
	with boxxyerror fs solid 0.85 lc rgb variable notitle, \
     d using (column("ns")):(y(column("idx"))):(column("lo")):(column("hi")):ytic(strcol("kernel")) \
	with xerrorbars pt -1 lc rgb "#222222" lw 1.2 notitle, \
     d using (column("hi") > column("ns") ? column("hi") : column("ns")):(y(column("idx"))): \
	(sprintf(" %s%s", human(column("table_bytes")), attn(strcol("flags")) eq "" ? "" : " *")) \
	with labels left offset 0.6, 0 font ",9" notitle, \
     for [f in fams] NaN with boxes fs solid 0.85 lc rgb fam_rgb(f) title f
