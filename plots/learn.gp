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
KL = system("awk -f '".plotdir."/csv.awk' -v cols=kernel '".d."' | tail -n +2 | cut -d, -f1 | sort -u | tr '\n' ' '")
K = words(KL)
XMAX = real(system("awk -f '".plotdir."/csv.awk' -v cols=distinct '".d."' | tail -n +2 | cut -d, -f1 | sort -n | tail -n 1"))
set bmargin 7
set logscale x 2
set xrange [512:XMAX * 2]
set format x "%.0s%c"
set xlabel "distinct queries before the stream repeats (log scale)"
set ylabel "time per lookup, whole loop (ns)"
set yrange [0:*]
set key outside below center horizontal maxrows 2 font ",10" width -2
set arrow 1 from XMAX, graph 0 to XMAX, graph 1 nohead dt 2 lc rgb "#555555"
set label 3 "the study's answers:\nthe whole trace,\nno query replayed\n(open points: replayed)" at XMAX, graph 0.5 right offset -0.5, 0 font ",9" tc rgb "#555555"
# one data block per kernel (learn.awk): points joined in order of the stream's length; an
# open point is a replayed stream, a filled one a stream no sample repeats
set datafile nocolumnheaders
do for [piece in "rook bishop"] {
	f = tmp."/learn-".piece.".dat"
	dummy = system("awk -f '".plotdir."/learn.awk' -v piece=".piece." '".d."' > '".f."'")
	set title piece." stream" font ",11"
	plot for [k = 1:K] f index (k - 1) using 1:2 with lines lw 2 lc rgb scol(k) title word(KL, k), \
	     for [k = 1:K] f index (k - 1) using 1:($3 > 0.5 ? $2 : NaN) with points pt 6 ps 1.1 lc rgb scol(k) notitle, \
	     for [k = 1:K] f index (k - 1) using 1:($3 > 0.5 ? NaN : $2) with points pt 7 ps 1.1 lc rgb scol(k) notitle
}
unset multiplot
