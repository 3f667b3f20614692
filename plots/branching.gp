# branching.gp - the classical ray variants, branchless against conditional: ns/lookup (the whole loop) in
# every workload; below, branch mispredictions per lookup: hardware (hw_br_miss, m64/) where
# counted, else simulated by callgrind (sim_br_miss, sim/), labelled sim.  Conditional kernels
# are drawn hatched.  gnuplot -e "study='results/ID'" plots/branching.gp
chart = "branching"; width = 1400; height = 1000
if (!exists("plotdir")) plotdir = "plots"
load plotdir."/common.gp"

COLS = TIMECOLS.",mode,piece,hw_br_miss,sim_br_miss"
d = tmp."/branching.csv"
n = have_m64 ? sel(m64, "-v where='family=classical;".PLAIN."' -v cols='".COLS."' -v gcol=mode,piece -v groups='".WORKLOADS."'", d) : 0
# branchless kernels first, then conditional ones, each by name
KL = system("awk -f '".plotdir."/csv.awk' -v cols=branching,kernel '".d."' | tail -n +2 | cut -d, -f1,2 | sort -u | cut -d, -f2 | tr '\n' ' '")
K = words(KL)
WL = wl_present(d, WORKLOADS)
G = nitems(WL)
set multiplot title "Classical ray attacks: branchless against conditional variants" font ",13"
if (n == 0 || K == 0) {
	NODATA_MSG = have_m64 ? "no classical-family rows in m64/summary.csv" : "no m64/ run in this study"
	eval NODATA
	unset multiplot
	exit
}
brsrc = has_data(m64, "hw_br_miss") ? "hw" : has_data(simcsv, "sim_br_miss") ? "sim" : ""
ds = tmp."/branching-sim.csv"
if (brsrc eq "sim") { ns_ = sel(simcsv, "-v where='family=classical;".PLAIN."' -v cols='kernel,mode,piece,sim_br_miss' -v gcol=mode,piece -v groups='".WL."'", ds) }
# Returns kernel k's branching column ("conditional" or "branchless").
kbr(k) = lookup(kvt(d, "kernel", "branching"), k)
array COND[K]
do for [k = 1:K] { COND[k] = kbr(word(KL, k)) eq "conditional" }

set label 1 caption("m64", "all workloads").(brsrc eq "sim" ? "; mispredictions from sim/ ".ctx("sim", "run_id") : "") at screen 0.01, 0.012 left font ",9" tc rgb "#444444"
set label 2 spread."; hatched: conditional (branches on the occupancy), solid: branchless; peer: the whole loop's time, nothing subtracted (as the peer times it)" at screen 0.01, 0.032 left font ",9" tc rgb "#444444"
set lmargin 12
set rmargin 4
set xrange [-0.5:G - 0.5]
set xtics () scale 0 font ",10"
do for [g = 0:G - 1] { set xtics add (wl_label(WL, g) g) }
set key above maxrows 2 font ",10" title "kernel (branching, table footprint)"
set size 1, 0.50; set origin 0, 0.48
set ylabel "time per lookup, whole loop (ns)"
set yrange [0:*]
set title "time per lookup, per workload (mode, piece)" font ",11"
plot for [k = 1:K] d using (strcol("kernel") eq word(KL, k) ? bx(column("gidx"), k, K) : NaN):(column("ns")):(column("lo")):(column("hi")):(bw(K)) \
	with boxerrorbars fs pattern (COND[k] ? 4 : 3) lc rgb scol(k) \
	title sprintf("%s (%s, %s)", word(KL, k), COND[k] ? "conditional" : "branchless", tbytes(d, word(KL, k)))
unset label 1; unset label 2
set size 1, 0.40; set origin 0, 0.065
unset key
if (brsrc ne "") set title (brsrc eq "hw" ? "branch mispredictions per lookup (hardware counter, net of the null kernel; colours as above)" : \
	"branch mispredictions per lookup, sim: callgrind branch simulator, net of the null kernel (simulated workloads only; colours as above)") font ",11"
if (brsrc eq "") unset title
set ylabel "mispredictions per lookup".(brsrc eq "sim" ? " (sim)" : "")
if (brsrc eq "") {
	NODATA_MSG = "no branch-miss data: no hardware counter was live, and no simulated run (sim/) has sim_br_miss"
	eval NODATA
} else {
	if (brsrc eq "hw") {
		plot for [k = 1:K] d using (strcol("kernel") eq word(KL, k) ? bx(column("gidx"), k, K) : NaN):(column("hw_br_miss")):(bw(K)) \
			with boxes fs pattern (COND[k] ? 4 : 3) lc rgb scol(k) notitle
	} else {
		plot for [k = 1:K] ds using (strcol("kernel") eq word(KL, k) ? bx(column("gidx"), k, K) : NaN):(column("sim_br_miss")):(bw(K)) \
			with boxes fs pattern (COND[k] ? 5 : 4) lc rgb scol(k) notitle
	}
}
unset multiplot
