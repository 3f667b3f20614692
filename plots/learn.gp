# learn.gp - what a replayed query stream teaches the machine: the question pairs' stream time
# per lookup against how many distinct queries the stream holds before it repeats (learn/, run
# by run_all.sh with --max-queries 1 K ... and the whole trace), one panel per piece.  The
# study's answers are taken at the right end: the whole trace, no query replayed within a
# sample, as an engine searching new positions meets them.
chart = "learn"; width = 1280; height = 640
if (!exists("plotdir")) plotdir = "plots"
load plotdir."/common.gp"

src = study."/learn/learn.csv"
d = tmp."/learn.csv"
n = exists_file(src) ? sel(src, "-v cols=kernel,piece,distinct,ns_median,replayed", d) : 0
set multiplot layout 1, 2 title "Does a replayed stream teach the predictor?  Time per lookup against the distinct queries before the stream repeats" font ",13"
if (n == 0) {
	NODATA_MSG = "no learning sweep in this study (learn/learn.csv: run_all.sh writes it)"
	eval NODATA
	unset multiplot
	exit
}
KL = system("awk -f '".plotdir."/csv.awk' -v cols=kernel '".d."' | tail -n +2 | sort -u | tr '\n' ' '")
K = words(KL)
XMAX = real(system("awk -f '".plotdir."/csv.awk' -v cols=distinct '".d."' | tail -n +2 | sort -n | tail -n 1"))
set logscale x 2
set xrange [512:XMAX * 2]
set format x "%.0s%c"
set xlabel "distinct queries before the stream repeats (log scale)"
set ylabel "time per lookup, whole loop (ns)"
set yrange [0:*]
set key top left font ",9" box opaque
set arrow 1 from XMAX, graph 0 to XMAX, graph 1 nohead dt 2 lc rgb "#555555"
set label 3 "the study's answers:\nthe whole trace,\nno query replayed" at XMAX, graph 0.97 right offset -0.5, 0 font ",9" tc rgb "#555555"
do for [piece in "rook bishop"] {
	set title piece." stream" font ",11"
	plot for [k = 1:K] d using (strcol("kernel") eq word(KL, k) && strcol("piece") eq piece ? column("distinct") : NaN):(column("ns_median")) \
		with linespoints lw 2 pt 7 ps 0.8 lc rgb scol(k) title word(KL, k)
}
unset multiplot
