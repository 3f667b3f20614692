# chain.gp - chain mode (each lookup waits for the one before: latency), every kernel's median
# ns/lookup, fastest first.  gnuplot -e "study='results/ID'" plots/chain.gp
chart = "chain"; width = 1280; height = 800
mode = "chain"
if (!exists("plotdir")) plotdir = "plots"
load plotdir."/common.gp"

d = tmp."/chain.csv"
n = have_m64 ? sel(m64, "-v where='mode=chain;".PLAIN."' -v cols='".TIMECOLS."' -v sort=ns", d) : 0
set title "Chain mode (latency): time per lookup, real-game trace (64-bit build)" font ",13"
if (n == 0) {
	NODATA_MSG = "no timed chain-mode rows in m64/summary.csv"
	eval NODATA
	exit
}
set datafile separator ","
set style fill solid 0.8
set boxwidth 0.7
set xtics rotate by 60 right font ",8"
set ylabel "ns per lookup, whole loop"
set grid ytics lc rgb "#e4e4e4"
plot d using 0:"ns":xtic(stringcolumn("kernel")) with boxes lc rgb "#4477aa" notitle
