# footprint.gp - table footprint (bytes after init, log scale) against ns/lookup (the whole loop), one point
# per kernel with its spread, coloured by family; the machine's L1d, L2 and L3 sizes (from
# m64/context.json) as vertical lines.  Kernels without a table sit on the "no table" column.
# gnuplot -e "study='results/ID'" plots/footprint.gp   (mode default position)
chart = "footprint"; width = 1280; height = 800
if (!exists("mode")) mode = "position"
if (!exists("plotdir")) plotdir = "plots"
load plotdir."/common.gp"

d = tmp."/footprint.csv"
n = have_m64 ? sel(m64, "-v where='mode=".mode.";".PLAIN."' -v cols='".TIMECOLS."' -v sort=ns", d) : 0
set title sprintf("Table footprint against time per lookup (whole loop), %s mode, real-game trace (64-bit build)", mode) font ",13"
if (n == 0) {
	NODATA_MSG = have_m64 ? "no timed ".mode."-mode rows in m64/summary.csv" : "no m64/ run in this study"
	eval NODATA
	exit
}
XZERO = 128
# Log y when every time is positive.
nonpos = int(system("awk -F, -v c=ns 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next } $k != \"\" && $k <= 0 { n++ } END { print n + 0 }' '".d."'"))
logy = nonpos == 0
ymax = real(system("awk -f '".plotdir."/csv.awk' -v cols=hi -v sort=hi '".d."' | tail -n 1 | cut -d, -f1"))
ymin = real(system("awk -f '".plotdir."/csv.awk' -v cols=lo -v sort=lo '".d."' | sed -n 2p | cut -d, -f1"))
xmax = real(system("awk -f '".plotdir."/csv.awk' -v cols=table_bytes -v sort=table_bytes '".d."' | tail -n 1 | cut -d, -f1"))
l1 = num(ctx("m64", "l1d_bytes")); l2 = num(ctx("m64", "l2_bytes")); l3 = num(ctx("m64", "l3_bytes"))
# the axis reaches the L2/L3 lines only when they are at most 64 times the largest table (a
# guest can report its host's L3); a level beyond is named in a corner
XMAX = 4 * xmax
XMAX = l2 * 2 > XMAX && l2 <= 64 * xmax ? l2 * 2 : XMAX
XMAX = l3 * 2 > XMAX && l3 <= 64 * xmax ? l3 * 2 : XMAX
# Label geometry for repel.awk: one character and one label height in data units.
pw = width * 0.74; ph = height * 0.70
cw = (log10(XMAX) - log10(XZERO / 2)) / pw * 6.8
lh = logy ? (log10(ymax * 1.3) - log10(ymin > 0 ? ymin * 0.8 : 0.1)) / ph * 15 : (ymax * 1.1) / ph * 15
dl = tmp."/footprint-labels.csv"
dummy = system(sprintf("awk -f '%s/repel.awk' -v x=table_bytes -v y=ns -v label=kernel -v logx=1 -v logy=%d -v xzero=%d -v xlo=%g -v xhi=%g -v cw=%g -v lh=%g '%s' > '%s'", plotdir, logy, XZERO, XZERO / 2., XMAX, cw, lh, d, dl))

set label 1 caption("m64", mode) at screen 0.01, 0.012 left font ",9" tc rgb "#444444"
set label 2 spread."; vertical lines: this machine's cache sizes (context.json)" at screen 0.01, 0.035 left font ",9" tc rgb "#444444"
set bmargin 7
set logscale x 2
set xrange [XZERO / 2:XMAX]
set xtics ("no table" XZERO) rotate by 0
# a tic every power of two, every second one when the axis spans more than 14 of them
tstep = log(XMAX / 512.) / log(2) > 14 ? 2 : 1
do for [e = 9:34:tstep] { if (2.**e <= XMAX) { set xtics add (human(2.**e) 2.**e) } }
set xtics font ",9"
if (logy) {
	set logscale y 10
	set yrange [(ymin > 0 ? ymin * 0.8 : 0.1):ymax * 1.3]
	set ytics ("0.2" 0.2, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50, "100" 100)
} else {
	set yrange [*:ymax * 1.1]
}
set grid xtics ytics lc rgb "#e4e4e4"
set xlabel "table footprint after init (bytes, log scale)"
set ylabel "time per lookup, whole loop (ns".(logy ? ", log scale" : "").")"
set key outside right top box title "family" font ",9"
beyond = ""
do for [i = 11:13] {
	b = i == 11 ? l1 : i == 12 ? l2 : l3
	nm = i == 11 ? "L1d" : i == 12 ? "L2" : "L3"
	if (b > 0 && b <= XMAX) {
		set arrow i from b, graph 0 to b, graph 1 nohead dt 2 lw 1.5 lc rgb "#444444"
		set label i nm." ".human(b) at b, graph 0.98 right rotate by 90 offset -1.1, 0 font ",9"
	}
	if (b > XMAX) { beyond = beyond.(beyond eq "" ? "" : ", ").nm." ".human(b) }
}
if (beyond ne "") { set label 15 beyond." (beyond the axis) →" at graph 0.99, graph 0.02 right font ",9" tc rgb "#444444" }
if (l1 <= 0 && l2 <= 0 && l3 <= 0) {
	set label 14 "cache sizes not recorded in m64/context.json" at graph 0.99, graph 0.97 right font ",10" tc rgb "#aa0000"
}
xp(b) = b > 0 ? b : XZERO
fams = distinct(d, "family")
plot dl using (xp(column("table_bytes"))):(column("ns")):(column("lo")):(column("hi")) \
	with yerrorbars pt -1 lc rgb "#666666" notitle, \
     dl using (xp(column("table_bytes"))):(column("ns")):(FC[famidx(strcol("family"))]) \
	with points pt 7 ps 1.3 lc rgb variable notitle, \
     dl using (xp(column("table_bytes"))):(column("ns")):(column("ly") == column("ns") ? 0 : \
	column("lside") * xp(column("table_bytes")) * 0.2):(column("ly") - column("ns")) with vectors nohead lc rgb "#999999" notitle, \
     dl using (xp(column("table_bytes"))):(column("lside") > 0 ? column("ly") : NaN): \
	(strcol("kernel").(attn(strcol("flags")) eq "" ? "" : " *")) \
	with labels left offset 0.8, 0 font ",9" notitle, \
     dl using (xp(column("table_bytes"))):(column("lside") < 0 ? column("ly") : NaN): \
	(strcol("kernel").(attn(strcol("flags")) eq "" ? "" : " *")) \
	with labels right offset -0.8, 0 font ",9" notitle, \
     for [f in fams] NaN with points pt 7 ps 1.3 lc rgb fam_rgb(f) title f
