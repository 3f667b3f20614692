# tables.gp - the table question's pair (descriptor question "tables": a small shared table
# against larger ones, their sizes from the descriptors) and the other kernels of their family, in
# every workload; below, L1
# data-cache misses per lookup: hardware (hw_l1d_miss, m64/) where counted, else simulated by
# callgrind (sim_d1_miss, sim/), labelled sim.  gnuplot -e "study='results/ID'" plots/tables.gp
chart = "tables"; width = 1400; height = 1000
if (!exists("plotdir")) plotdir = "plots"
load plotdir."/common.gp"

COLS = TIMECOLS.",mode,piece,hw_l1d_miss,sim_d1_miss"
d = tmp."/tables.csv"
# the table question's kernel (TQ), its sibling (TS) and their family (TF), from the descriptors
TQ = word(kset("question=tables", "name"), 1)
TS = word(kset("question=tables", "sibling"), 1)
TF = word(kset("question=tables", "family"), 1)
EQ = TF; eval PUT_EQ
n = have_m64 && TF ne "" ? sel(m64, EQARGS("family")." -v where='".PLAIN."' -v cols='".COLS."' -v gcol=mode,piece -v groups='".WORKLOADS."'", d) : 0
# the sibling and the kernel first, then the other variants by name
KL0 = system("awk -f '".plotdir."/csv.awk' -v cols=kernel '".d."' | tail -n +2 | cut -d, -f1 | sort -u | tr '\n' ' '")
KL = ""; hasTS = 0; hasTQ = 0
do for [w in KL0] { if (w eq TS) { hasTS = 1 } else { if (w eq TQ) { hasTQ = 1 } else { KL = KL." ".w } } }
KL = (hasTS ? TS : "")." ".(hasTQ ? TQ : "").KL
K = words(KL)
WL = wl_present(d, WORKLOADS)
G = nitems(WL)
# the title names the pair and their sizes as the descriptors give them
set multiplot title sprintf("Table size: %s (%s of tables) against %s (%s), and the other %s kernels", \
	TS, tbytes(d, TS), TQ, tbytes(d, TQ), TF) font ",13"
if (n == 0 || K == 0) {
	NODATA_MSG = have_m64 ? "no rows of the table question's family (".(TF eq "" ? "no kernel declares question table" : TF).") in m64/summary.csv" : "no m64/ run in this study"
	eval NODATA
	unset multiplot
	exit
}
# L1 misses: hardware where counted, else the simulated run (modes stream, position)
l1src = has_data(m64, "hw_l1d_miss") ? "hw" : has_data(simcsv, "sim_d1_miss") ? "sim" : ""
ds = tmp."/tables-sim.csv"
if (l1src eq "sim") { EQ = TF; eval PUT_EQ; ns_ = sel(simcsv, EQARGS("family")." -v where='".PLAIN."' -v cols='kernel,mode,piece,sim_d1_miss' -v gcol=mode,piece -v groups='".WL."'", ds) }
d1geo = ctx("sim", "sim_d1") eq "" ? "geometry not recorded" : ctx("sim", "sim_d1")

set label 1 caption("m64", "all workloads").(l1src eq "sim" ? "; L1 misses from sim/ ".ctx("sim", "run_id") : "") at screen 0.01, 0.012 left font ",9" tc rgb "#444444"
set label 2 spread."; legend: kernel (table footprint after init); peer: the whole loop's time, nothing subtracted (as the peer times it)" at screen 0.01, 0.032 left font ",9" tc rgb "#444444"
set lmargin 12
set rmargin 34
set xrange [-0.5:G - 0.5]
set xtics () scale 0 font ",10"
do for [g = 0:G - 1] { set xtics add (wl_label(WL, g) g) }
set key outside right top font ",10" title "kernel"
set style fill solid 0.85 border -1
set size 1, 0.50; set origin 0, 0.48
set ylabel "time per lookup, whole loop (ns)"
set yrange [0:*]
set title "time per lookup, per workload (mode, piece)" font ",11"
plot for [k = 1:K] d using (strcol("kernel") eq word(KL, k) ? bx(column("gidx"), k, K) : NaN):(column("ns")):(column("lo")):(column("hi")):(bw(K)) \
	with boxerrorbars lc rgb scol(k) title word(KL, k)." (".tbytes(d, word(KL, k)).")"
unset label 1; unset label 2
set size 1, 0.40; set origin 0, 0.065
unset key
if (l1src ne "") set title (l1src eq "hw" ? "L1 data-cache misses per lookup (hardware counter, net of the null kernel)" : \
	"L1 data-cache misses per lookup, sim: callgrind, D1 ".d1geo.", net of the null kernel (simulated workloads only; colours as above)") font ",11"
if (l1src eq "") unset title
set ylabel "L1d misses per lookup".(l1src eq "sim" ? " (sim)" : "")
if (l1src eq "") {
	NODATA_MSG = "no L1 miss data: no hardware counter was live, and no simulated run (sim/) has sim_d1_miss"
	eval NODATA
} else {
	# a fixed floor for the axis: 0.0015 misses a lookup is none, not a full-height bar
	mx = num(system("awk -f '".plotdir."/csv.awk' -v cols=".(l1src eq "hw" ? "hw_l1d_miss '".d : "sim_d1_miss '".ds)."' | tail -n +2 | cut -d, -f1 | sort -g | tail -n 1"))
	set yrange [0:(mx * 1.3 > 0.05 ? mx * 1.3 : 0.05)]
	if (l1src eq "hw") {
		plot for [k = 1:K] d using (strcol("kernel") eq word(KL, k) ? bx(column("gidx"), k, K) : NaN):(column("hw_l1d_miss")):(bw(K)) \
			with boxes lc rgb scol(k) notitle
	} else {
		plot for [k = 1:K] ds using (strcol("kernel") eq word(KL, k) ? bx(column("gidx"), k, K) : NaN):(column("sim_d1_miss")):(bw(K)) \
			with boxes fs pattern 4 lc rgb scol(k) notitle, \
		     for [k = 1:K] ds using (strcol("kernel") eq word(KL, k) ? bx(column("gidx"), k, K) : NaN):(column("sim_d1_miss")): \
			(abs(column("sim_d1_miss")) < 0.0005 ? "0" : sprintf("%.3f", column("sim_d1_miss"))) \
			with labels rotate by 90 left offset 0, 0.4 font ",8" notitle
	}
}
unset multiplot
