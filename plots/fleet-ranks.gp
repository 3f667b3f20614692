# fleet-ranks.gp - a fleet's rankings (slidebench report FLEET_DIR; render.sh FLEET_DIR): per
# workload one chart, fleet-ranks-N (N = the workload's number), the machines side by side on x,
# each kernel's place down y (1, the fastest, at the top), a line joining its places on
# neighbouring machines (a "bump chart"); kernels whose place differs between machines are drawn
# bold.  Reads fleet-chart.csv, which `slidebench plot-data FLEET_DIR DIR` writes (fccsv).
chart = "fleet-ranks-1"; width = 760; height = 400
if (!exists("plotdir")) plotdir = "plots"
load plotdir."/common.gp"
if (!exists("fccsv")) fccsv = tmp."/fleet-chart.csv"

COL = 150; ROW = 22; LABEL = 190; TOP = 60; BOTTOM = 64   # pixels, as the report lays them out
if (!exists_file(fccsv) || int(system("awk 'END { print NR }' '".fccsv."'")) < 2) {
	set title "Places per machine" font ",13"
	NODATA_MSG = "no fleet ranking: not a fleet, or no machine timed a workload (slidebench plot-data)"
	eval NODATA
	exit
}
stats fccsv using "workload_no" nooutput
NW = int(STATS_max)
stats fccsv using "machine_no" nooutput
NM = int(STATS_max) + 1
WL = kvt(fccsv, "workload_no", "workload")
# Returns kernel number k's colour (the series colours, in order of mean place).
kcol(k) = SC[(int(k) - 1) % 10 + 1]
# The bold font (the svg terminal takes a face's full name; cairo a style after the colon).
BOLD = fmt eq "svg" ? "DejaVu Sans Bold,10" : "DejaVu Sans:Bold,10"
# Returns 1 when the current row is of workload w.
inw(w) = column("workload_no") == w
# The terminal of chart w: its size from the places and machines it has.
TERM(w, h) = fmt eq "svg" ? \
	sprintf("set terminal svg size %d,%d dynamic noenhanced font 'DejaVu Sans,11' background 'white'", w, h) : \
	sprintf("set terminal pngcairo size %d,%d noenhanced font 'DejaVu Sans,10' background 'white'", w, h)

set border 0
unset xtics
unset grid
set ytics out nomirror scale 0 font ",9" tc rgb "#888899"
set ylabel "place" tc rgb "#888899"
do for [w = 1:NW] {
	set autoscale xy   # stats reads only what the ranges of the chart before let through
	stats fccsv using (inw(w) ? column("rank") : NaN) nooutput
	places = int(STATS_max)
	wd = 2 * LABEL + (NM > 1 ? NM - 1 : 0) * COL; wd = wd < 800 ? 800 : wd
	ht = TOP + places * ROW + BOTTOM
	eval TERM(wd, ht)
	set ytics 1, 1, places
	set label 2 "A line joins a kernel's places on neighbouring machines; bold: its place differs between machines." \
		at screen 0.01, 30.0 / ht left font ",9" tc rgb "#444444"
	set label 3 "Places: each machine's ranking (geometric mean of the pieces' medians); ns per lookup: the report, fleet-ranks.csv." \
		at screen 0.01, 12.0 / ht left font ",9" tc rgb "#444444"
	set output outdir."/fleet-ranks-".w.".".fmt
	set title "Places per machine: ".lookup(WL, sprintf("%d", w)) font ",13"
	# the kernels' names take LABEL pixels either side of the first and last machine
	set xrange [-(LABEL * 1.0 / COL) : NM - 1 + (LABEL * 1.0 / COL)]
	set yrange [places + 0.6 : -0.2]
	set lmargin 7; set rmargin 1; set tmargin 3; set bmargin 4
	unset arrow
	do for [m = 0:NM - 1] {
		set arrow 10 + m from m, 0.45 to m, places + 0.5 nohead lc rgb "#ccccdd" lw 1 back
	}
	plot fccsv using (inw(w) && column("rank") == 1 ? column("machine_no") : NaN):(0):(stringcolumn("machine")) \
			with labels center font ",11" tc rgb "#222222" notitle, \
		'' using (inw(w) && column("moved") == 0 ? column("machine_no") - 1 : NaN):"prev_rank":(1):(column("rank") - column("prev_rank")):(kcol(column("kernel_no"))) \
			with vectors nohead lw 1.2 lc rgb variable notitle, \
		'' using (inw(w) && column("moved") == 1 ? column("machine_no") - 1 : NaN):"prev_rank":(1):(column("rank") - column("prev_rank")):(kcol(column("kernel_no"))) \
			with vectors nohead lw 2.6 lc rgb variable notitle, \
		'' using (inw(w) ? column("machine_no") : NaN):"rank":(kcol(column("kernel_no"))) \
			with points pt 7 ps 0.8 lc rgb variable notitle, \
		'' using (inw(w) && column("first") == 1 && column("moved") == 0 ? column("machine_no") : NaN):"rank":(stringcolumn("kernel")):(kcol(column("kernel_no"))) \
			with labels right offset -1, 0 font ",10" tc rgb variable notitle, \
		'' using (inw(w) && column("first") == 1 && column("moved") == 1 ? column("machine_no") : NaN):"rank":(stringcolumn("kernel")):(kcol(column("kernel_no"))) \
			with labels right offset -1, 0 font BOLD tc rgb variable notitle, \
		'' using (NM > 1 && inw(w) && column("last") == 1 && column("moved") == 0 ? column("machine_no") : NaN):"rank":(stringcolumn("kernel")):(kcol(column("kernel_no"))) \
			with labels left offset 1, 0 font ",10" tc rgb variable notitle, \
		'' using (NM > 1 && inw(w) && column("last") == 1 && column("moved") == 1 ? column("machine_no") : NaN):"rank":(stringcolumn("kernel")):(kcol(column("kernel_no"))) \
			with labels left offset 1, 0 font BOLD tc rgb variable notitle
}
