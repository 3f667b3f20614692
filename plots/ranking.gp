# ranking.gp - every kernel by ns/lookup (the whole loop) on the real-game trace (position mode by default),
# fastest at the top, bars coloured by family, spread as error bars, table bytes annotated; and
# beside it the engine workload: the same kernels by ns per perft node (perft mode: a legal
# move generator driven by each kernel, from positions of the trace), where the study has it.
# gnuplot -e "study='results/ID'; mode='stream'" plots/ranking.gp   (mode default position)
chart = "ranking"; width = 1600; height = 900
if (!exists("mode")) mode = "position"
if (!exists("plotdir")) plotdir = "plots"
load plotdir."/common.gp"

d = tmp."/ranking.csv"
e = tmp."/ranking-perft.csv"
n = have_m64 ? sel(m64, "-v where='mode=".mode.";".PLAIN."' -v cols='".TIMECOLS."' -v sort=ns", d) : 0
np = have_m64 ? sel(m64, "-v where='mode=perft;".PLAIN."' -v cols='".TIMECOLS."' -v sort=ns", e) : 0
if (n == 0 && np == 0) {
	set title "Kernels ranked on the real-game trace (64-bit build)" font ",13"
	NODATA_MSG = have_m64 ? "no ".mode."-mode or perft rows in m64/summary.csv" : "no m64/ run in this study"
	eval NODATA
	exit
}
set label 1 caption("m64", mode) at screen 0.01, 0.012 left font ",9" tc rgb "#444444"
set label 2 spread.". Labels: table footprint after init; * = flagged unstable, drifting or disturbed." \
	at screen 0.01, 0.035 left font ",9" tc rgb "#444444"
y(i) = rows - 1 - i
fams = distinct(n > 0 ? d : e, "family")

# One panel: the rows of file f (rows of them), x axis title xl, panel title t.  A log x axis:
# the fastest ten are as far apart as their ratios, not slivers beside the slowest; bars start
# at the left edge (xlo, below the fastest), so their length still orders them.
lohi(f) = system("awk -f '".plotdir."/csv.awk' -v cols=ns,hi '".f."' | tail -n +2 | awk -F, '$1 != \"\" { v = $1 + 0; if (n++ == 0 || v < lo) lo = v; h = $2 + 0 > v ? $2 + 0 : v; if (h > hi) hi = h } END { print lo + 0, hi + 0 }'")
PANEL = "LH = lohi(f); xlo = real(word(LH, 1)) / 1.5; xhi = real(word(LH, 2)) * 2.2; \
	set title t font ',12'; set xlabel xl; set yrange [-0.7:rows - 0.3]; \
	set ytics scale 0 font ',9'; unset grid; set grid xtics mxtics lc rgb '#dddddd'; \
	set logscale x 10; set xrange [xlo:xhi]; \
	set xtics ('0.5' 0.5, '1' 1, '2' 2, '3' 3, '5' 5, '10' 10, '20' 20, '30' 30, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000); \
	plot f using (xlo):(y(column('idx'))):(xlo):(column('ns')):(y(column('idx')) - 0.38):(y(column('idx')) + 0.38):(FC[famidx(strcol('family'))]) \
		with boxxyerror fs solid 0.85 lc rgb variable notitle, \
	     f using (column('ns')):(y(column('idx'))):(column('lo')):(column('hi')):ytic(strcol('kernel')) \
		with xerrorbars pt -1 lc rgb '#222222' lw 1.2 notitle, \
	     f using (column('hi') > column('ns') ? column('hi') : column('ns')):(y(column('idx'))): \
		(sprintf(' %s%s', human(column('table_bytes')), attn(strcol('flags')) eq '' ? '' : ' *')) \
		with labels left offset 0.6, 0 font ',8' notitle, \
	     for [fm in fams] NaN with boxes fs solid 0.85 lc rgb fam_rgb(fm) title (keyed ? fm : '')"

set multiplot title "Kernels ranked on the real-game trace (64-bit build)" font ",14"
set bmargin 6
set tmargin 4
set key top right box opaque title "family" font ",8" width 1
if (np > 0 && n > 0) {
	set lmargin at screen 0.13; set rmargin at screen 0.49
} else {
	set lmargin at screen 0.20; set rmargin at screen 0.97
}
if (n > 0) {
	f = d; rows = n; keyed = 1
	t = sprintf("%s mode: time per lookup (whole loop)", mode)
	xl = "ns per lookup, whole loop (log scale)"
	eval PANEL
}
if (np > 0) {
	if (n > 0) {
		set lmargin at screen 0.62; set rmargin at screen 0.98
		unset key
	}
	f = e; rows = np; keyed = (n == 0)
	t = "engine workload (perft from trace positions): time per node"
	xl = "ns per perft node, log scale (legal move generation driven by the kernel)"
	eval PANEL
}
unset multiplot
