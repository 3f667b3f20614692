# random-vs-real.gp - how each kernel's rank moves between the real-game trace (position mode,
# or real='stream') and uniform random occupancies (random mode): one line per kernel from its
# rank on the left to its rank on the right, 1 = fastest.  The bar at each end spans the ranks
# the kernel could hold given the spread (ranks of kernels whose intervals overlap its own).
chart = "random-vs-real"; width = 1280; height = 860
if (!exists("real")) real = "position"
if (!exists("plotdir")) plotdir = "plots"
load plotdir."/common.gp"

RCOLS = "kernel,family,ns=ns_median,lo=ns_ci_lo|ns_min,hi=ns_ci_hi|ns_median,flags"
dr = tmp."/random-vs-real-random.csv"
d = tmp."/random-vs-real.csv"
nr = have_m64 ? sel(m64, "-v where='mode=random;".PLAIN."' -v cols='".RCOLS."' -v rank=ns -v ranklo=lo -v rankhi=hi", dr) : 0
n = nr > 0 ? sel(m64, "-v where='mode=".real.";".PLAIN."' -v cols='".RCOLS."' -v rank=ns -v ranklo=lo -v rankhi=hi -v sort=ns -v join='".dr."' -v cols2=rank,rank_best,rank_worst,ns -v pfx2=r_ -v inner=1", d) : 0
set title sprintf("Rank on the real-game trace (%s mode) against rank on random occupancies (random mode), 64-bit build", real) font ",13"
if (n == 0) {
	NODATA_MSG = !have_m64 ? "no m64/ run in this study" : nr == 0 ? "no random-mode rows in m64/summary.csv" : "no kernel has both ".real." and random rows"
	eval NODATA
	exit
}
set label 1 caption("m64", real." and random") at screen 0.01, 0.012 left font ",9" tc rgb "#444444"
set label 2 "rank 1 = fastest (ns per lookup, whole loop); blue bars: the ranks consistent with the spread (".spread."); rows flagged prepared (lookups without their state's upkeep) left out" \
	at screen 0.01, 0.035 left font ",9" tc rgb "#444444"
set bmargin 8
set lmargin 4
set rmargin 4
unset border
unset grid
set xrange [-0.75:1.75]
set yrange [n + 0.7:0.3]
unset ytics
set xtics ("real-game trace\n(".real." mode)" 0, "random occupancies\n(random mode)" 1) scale 0 font ",11"
set x2tics ("" 0)
unset x2tics
set tmargin 3
set key at screen 0.5, 0.075 center horizontal font ",10"
up(a, b) = b < a ? 1 : 0
# colour: green moved up on random (faster), red moved down, grey within 1 place
mv(a, b) = b < a - 1 ? 0x2ca02c : b > a + 1 ? 0xd62728 : 0x888888
lbl(s, ns) = sprintf("%s %.2f ns", s, ns)
plot d using (0):(column("rank")):(1):(column("r_rank") - column("rank")):(mv(column("rank"), column("r_rank"))) \
	with vectors nohead lw 2 lc rgb variable notitle, \
     d using (-0.025):(column("rank")):(column("rank_best")):(column("rank_worst")) with yerrorbars pt -1 lw 3 lc rgb "#9ecae1" notitle, \
     d using (1.025):(column("r_rank")):(column("r_rank_best")):(column("r_rank_worst")) with yerrorbars pt -1 lw 3 lc rgb "#9ecae1" notitle, \
     d using (0):(column("rank")) with points pt 7 ps 0.8 lc rgb "#333333" notitle, \
     d using (1):(column("r_rank")) with points pt 7 ps 0.8 lc rgb "#333333" notitle, \
     d using (0):(column("rank")):(sprintf("%d  %s  %.2f ns", column("rank"), strcol("kernel"), column("ns"))) \
	with labels right offset -1.6, 0 font ",9" notitle, \
     d using (1):(column("r_rank")):(sprintf("%.2f ns  %s  %d", column("r_ns"), strcol("kernel"), column("r_rank"))) \
	with labels left offset 1.6, 0 font ",9" notitle, \
     NaN with lines lw 2 lc rgb "#2ca02c" title "faster rank on random boards", \
     NaN with lines lw 2 lc rgb "#d62728" title "slower rank on random boards", \
     NaN with lines lw 2 lc rgb "#888888" title "within one place", \
     NaN with lines lw 3 lc rgb "#9ecae1" title "ranks consistent with the spread"
