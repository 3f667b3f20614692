# spread.gp - each kernel's spread between samples (median absolute percentage deviation) in
# position mode, one bar per kernel, the steadiest first.
# gnuplot -e "study='results/ID'" plots/spread.gp   (mode default position)
chart = "spread"; width = 1280; height = 700
if (!exists("mode")) mode = "position"
if (!exists("plotdir")) plotdir = "plots"
load plotdir."/common.gp"

d = tmp."/spread.csv"
n = have_m64 ? sel(m64, "-v where='mode=".mode.";".PLAIN."' -v cols='kernel,spread=spread_pct' -v sort=spread", d) : 0
set title sprintf("Spread between samples, %s mode (64-bit build)", mode) font ",13"
if (n == 0) {
	NODATA_MSG = have_m64 ? "no timed ".mode."-mode rows in m64/summary.csv" : "no m64/ run in this study"
	eval NODATA
	exit
}
set style fill solid 0.8
set xtics rotate by 60 right
set ylabel "spread, %"
plot d using 0:2:xtic(1) skip 1 with boxes notitle
