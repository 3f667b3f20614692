# bits.gp - 32-bit against 64-bit.  Top: the kernels designed for 32-bit words (descriptor
# question "bits") beside the 64-bit sibling each names, in the 64-bit build (m64/).
# Bottom: every kernel in the -m32 build (m32/) against the -m64 build, where this machine runs
# 32-bit programs; otherwise the panel says so (with m32.skipped's reason).
# gnuplot -e "study='results/ID'" plots/bits.gp   (mode default position)
chart = "bits"; width = 1400; height = 1050
if (!exists("mode")) mode = "position"
if (!exists("plotdir")) plotdir = "plots"
load plotdir."/common.gp"
# 32-bit design:its 64-bit sibling (the approach it adapts to 32-bit words), from the descriptors
if (!exists("PAIRS")) PAIRS = system("awk -f '".plotdir."/csv.awk' -v where='question=bits' -v cols=name,sibling,table_bytes '".kcsv."' 2>/dev/null | tail -n +2 | sort -t, -k3,3n -k1,1 | cut -d, -f1,2 | tr ',\n' ': '")

d = tmp."/bits.csv"
n = have_m64 ? sel(m64, "-v where='mode=".mode.";".PLAIN."' -v cols='".TIMECOLS."'", d) : 0
lhs(p) = (s_ = word(PAIRS, p), s_[1:strstrt(s_, ":") - 1])
rhs(p) = (s_ = word(PAIRS, p), s_[strstrt(s_, ":") + 1:])
P = words(PAIRS)
set multiplot title sprintf("32-bit against 64-bit, %s mode on the real-game trace", mode) font ",13"
set label 1 caption("m64", mode) at screen 0.01, 0.012 left font ",9" tc rgb "#444444"
set label 2 spread at screen 0.01, 0.052 left font ",9" tc rgb "#444444"
set lmargin 12
set rmargin 4
set size 1, 0.45; set origin 0, 0.50
set title "kernels designed for 32-bit words beside a 64-bit sibling (both in the 64-bit build)" font ",11"
if (n == 0) {
	NODATA_MSG = have_m64 ? "no ".mode."-mode rows in m64/summary.csv" : "no m64/ run in this study"
	eval NODATA
} else {
	set xrange [0.4:P + 0.6]
	set xtics () scale 0 font ",10"
	do for [p = 1:P] { set xtics add (lhs(p)."\nvs ".rhs(p) p) }
	set ylabel "net time per lookup (ns)"
	set yrange [0:*]
	set key above font ",10"
	plot for [p = 1:P] d using (strcol("kernel") eq lhs(p) ? p - 0.19 : NaN):(column("ns")):(column("lo")):(column("hi")):(0.36) \
		with boxerrorbars lc rgb "#1f77b4" title (p == 1 ? "designed for 32-bit words" : ""), \
	     for [p = 1:P] d using (strcol("kernel") eq rhs(p) ? p + 0.19 : NaN):(column("ns")):(column("lo")):(column("hi")):(0.36) \
		with boxerrorbars lc rgb "#ff7f0e" title (p == 1 ? "64-bit sibling" : ""), \
	     for [p = 1:P] d using (strcol("kernel") eq lhs(p) ? p - 0.19 : NaN):(column("hi")):(sprintf("%s", human(column("table_bytes")))) \
		with labels offset 0, 0.7 font ",8" notitle, \
	     for [p = 1:P] d using (strcol("kernel") eq rhs(p) ? p + 0.19 : NaN):(column("hi")):(sprintf("%s", human(column("table_bytes")))) \
		with labels offset 0, 0.7 font ",8" notitle
}
unset label 1; unset label 2
unset xtics; unset key; unset xrange; unset yrange
set size 1, 0.44; set origin 0, 0.05
set title "every kernel built -m32 (bin32/) against -m64 (bin/), same machine" font ",11"
db = tmp."/bits-m32.csv"
dm32 = tmp."/bits-m32only.csv"
n32 = have_m32 ? sel(m32, "-v where='mode=".mode.";".PLAIN."' -v cols='".TIMECOLS."'", dm32) : 0
nb = n32 > 0 ? sel(m64, "-v where='mode=".mode.";".PLAIN."' -v cols='".TIMECOLS."' -v sort=ns -v join='".dm32."' -v cols2=ns,lo,hi -v pfx2=m32_", db) : 0
if (nb == 0) {
	why = exists_file(study."/m32.skipped") ? system("head -n 1 '".study."/m32.skipped'") : ""
	NODATA_MSG = have_m32 ? "no ".mode."-mode rows in m32/summary.csv" : \
		"32-bit programs do not run on this machine: no m32/ run".(why eq "" ? "" : "\n(".why.")")
	eval NODATA
} else {
	set label 3 caption("m32", mode) at screen 0.01, 0.032 left font ",9" tc rgb "#444444"
	set xrange [-0.6:nb - 0.4]
	set xtics rotate by 35 right scale 0 font ",9"
	set ylabel "net time per lookup (ns)"
	set yrange [0:*]
	set key inside top left font ",10"
	plot db using (column("idx") - 0.2):(column("ns")):(column("lo")):(column("hi")):(0.4):xtic(strcol("kernel")) \
		with boxerrorbars lc rgb "#ff7f0e" title "-m64 build", \
	     db using (column("idx") + 0.2):(column("m32_ns")):(column("m32_lo")):(column("m32_hi")):(0.4) \
		with boxerrorbars lc rgb "#1f77b4" title "-m32 build"
}
unset multiplot
