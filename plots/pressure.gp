# pressure.gp - ns/lookup (the whole loop) against the pressure working set (bytes touched between positions,
# log2 x, 0 at the left), one line per kernel with its spread, from the pressure-mode sweep
# (pressure/summary.csv); the machine's L1d, L2 and L3 sizes (context.json) marked.  Three
# panels, so that no panel has more lines than colours tell apart: kernels without tables,
# with tables that fit the L1d, and with larger tables.
# gnuplot -e "study='results/ID'" plots/pressure.gp
chart = "pressure"; width = 1400; height = 1500
if (!exists("plotdir")) plotdir = "plots"
load plotdir."/common.gp"

pcsv = study."/pressure/summary.csv"
run = "pressure"
d = tmp."/pressure.csv"
COLS = "kernel,family,bytes=pressure_bytes,ns=ns_median,lo=ns_ci_lo|ns_min,hi=ns_ci_hi|ns_median,table_bytes,flags"
n = exists_file(pcsv) ? sel(pcsv, "-v where='mode=pressure;kernel!=null;pressure_bytes!=;cache_state=warm|;flags!~".WITHHELD."' -v cols='".COLS."' -v sort=bytes", d) : 0
set title "Cache pressure: time per lookup (whole loop) against a working set touched between positions (position mode, 64-bit build)" font ",13"
if (n == 0) {
	why = exists_file(study."/pressure.skipped") ? system("head -n 1 '".study."/pressure.skipped'") : ""
	NODATA_MSG = exists_file(pcsv) ? "no pressure-mode rows in pressure/summary.csv" : \
		"no pressure/ run in this study".(why eq "" ? "" : "\n(".why.")")
	eval NODATA
	exit
}
# kernels by their time at the smallest pressure, slowest first (the legend reads like the lines)
KL = system("awk -f '".plotdir."/csv.awk' -v cols=kernel,ns '".d."' | tail -n +2 | awk -F, '!($1 in s) { s[$1] = $2 } END { for (k in s) print s[k] \",\" k }' | sort -t, -k1,1gr | cut -d, -f2 | tr '\n' ' '")
K = words(KL)
# the sizes swept (pressure_bytes, as written: "1.04858e+06" is 1 MiB)
SIZES = distinct(d, "bytes")
smin = 1e30; smax = 0
do for [s in SIZES] { v = real(s); if (v > 0 && v < smin) { smin = v }; if (v > smax) { smax = v } }
if (smax <= 0) { smax = 1024; smin = 1024 }
# 0 bytes sits one factor of 4 left of the smallest non-zero size
XZERO = smin / 4
xp(b) = b > 0 ? b : XZERO
# the cache lines: pressure/context.json, else m64/'s
cl(key) = num(ctx("pressure", key)) > 0 ? num(ctx("pressure", key)) : num(ctx("m64", key))
l1 = cl("l1d_bytes"); l2 = cl("l2_bytes"); l3 = cl("l3_bytes")
# the axis reaches the L3 line only when that is at most 16 times the largest size swept
XMAX = smax * 2.5
XMAX = l3 * 1.6 > XMAX && l3 <= smax * 16 ? l3 * 1.6 : XMAX
# the y range from the medians (a noisy sample can stretch an interval far beyond them); log y
# when every median is positive and they span more than a factor of 8
yr = system("awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == \"hi\") b = i; if ($i == \"ns\") c = i }; next } $c != \"\" { v = $c + 0; if (n++ == 0 || v < lo) lo = v; if (v > hi) hi = v; if ($b + 0 > top) top = $b + 0 } END { print lo + 0, hi + 0, top + 0 }' '".d."'")
ymin = real(word(yr, 1)); ymax = real(word(yr, 2)); htop = real(word(yr, 3))
logy = ymin > 0 && ymax / ymin > 8
ytop = logy ? ymax * 2 : ymax * 1.35
clipped = htop > ytop ? "; error bars that run off the top are clipped" : ""
# one file per kernel (gnuplot breaks a line at every row of another kernel)
array KF[K]
do for [k = 1:K] { KF[k] = tmp."/pressure-".k.".csv"; EQ = word(KL, k); eval PUT_EQ; nk_ = sel(d, EQARGS("kernel")." -v cols='kernel,bytes,ns,lo,hi,table_bytes,flags'", KF[k]) }
# kernels side by side around each size: a small x offset each (a factor on the log axis)
JJ = K   # the lines of the panel being drawn
jit(k) = 2 ** ((k - (JJ + 1) / 2.) * 0.05)
# the three panels: no table, tables within the L1d, larger tables (descriptor table_bytes)
TB = kvt(d, "kernel", "table_bytes")
L1 = l1 > 0 ? l1 : 32768
kcls(k) = (t_ = num(lookup(TB, word(KL, k))), t_ < 1 ? 1 : t_ <= L1 ? 2 : 3)
array PI[3]
PI[1] = ""; PI[2] = ""; PI[3] = ""
do for [k = 1:K] { c_ = kcls(k); PI[c_] = PI[c_].k." " }
array PT[3]
PT[1] = "no tables (computed lines, fills, SIMD)"
PT[2] = sprintf("tables that fit the L1d (%s or less)", human(L1))
PT[3] = sprintf("tables larger than the L1d (%s)", human(L1))
set multiplot title "Cache pressure: time per lookup (whole loop) against a working set touched between positions (position mode, 64-bit build)" font ",13"
set label 1 caption(run, "pressure") at screen 0.01, 0.008 left font ",9" tc rgb "#444444"
set label 2 spread.clipped."; the whole loop's time (the touching included, the same for every kernel); dashed: this machine's caches (context.json); * = unstable, drifting or disturbed" \
	at screen 0.01, 0.022 left font ",9" tc rgb "#444444"
set lmargin 10
set rmargin 40
# the axes, set again for each panel (an empty panel's NODATA resets them)
XT = "set xtics (\"0\" ".sprintf("%.17g", XZERO)
do for [s in SIZES] { if (real(s) > 0) { XT = XT.", \"".human(real(s))."\" ".sprintf("%.17g", real(s)) } }
XT = XT.") font ',9'"
AXES = "set key outside right top box title 'kernel (table footprint)' font ',9' width 1; set border 3; set logscale x 2; set xrange [XZERO / 1.6:XMAX]; eval XT; set grid xtics ytics lc rgb '#e4e4e4'; ".\
	(logy ? "set logscale y 10; set yrange [ymin * 0.6:ytop]; set ytics ('0.1' 0.1, '0.2' 0.2, '0.3' 0.3, '0.5' 0.5, '1' 1, '2' 2, '3' 3, '5' 5, '10' 10, '20' 20, '30' 30, '50' 50, '100' 100, '200' 200, '500' 500); set ylabel 'ns per lookup, whole loop (log)'" : \
	 "set yrange [(ymin < 0 ? ymin * 1.2 : 0):ytop]; set ytics auto; set ylabel 'ns per lookup, whole loop'")
set key outside right top box title "kernel (table footprint)" font ",9" width 1
# the cache levels (arrows and labels 11, 12, 13) as dashed lines; a level outside the sizes
# swept is named in a corner instead
beyond = ""; below = ""
do for [i = 11:13] {
	b = i == 11 ? l1 : i == 12 ? l2 : l3
	nm = i == 11 ? "L1d" : i == 12 ? "L2" : "L3"
	if (b >= smin / 1.5 && b <= XMAX) {
		set arrow i from b, graph 0 to b, graph 1 nohead dt 2 lw 1.5 lc rgb "#444444"
		set label i nm." ".human(b) at b, graph 0.98 right rotate by 90 offset -1.1, 0 font ",9"
	}
	if (b > XMAX) { beyond = beyond.(beyond eq "" ? "" : ", ").nm." ".human(b) }
	if (b > 0 && b < smin / 1.5) { below = below.(below eq "" ? "" : ", ").nm." ".human(b) }
}
if (beyond ne "") { set label 17 beyond." (beyond the axis) →" at graph 0.99, graph 0.03 right font ",9" tc rgb "#444444" }
if (below ne "") { set label 18 below." (below the smallest size swept)" at graph 0.01, graph 0.98 left font ",9" tc rgb "#444444" }
if (l1 <= 0 && l2 <= 0 && l3 <= 0) {
	set label 14 "no cache lines: the cache sizes are not recorded in context.json" at screen 0.99, 0.008 right font ",9" tc rgb "#aa0000"
}
# a break mark between "0" and the first size: the axis is not continuous there
set arrow 15 from XZERO * 1.35, graph -0.012 to XZERO * 1.55, graph 0.012 nohead lw 1.2 lc rgb "#000000"
set arrow 16 from XZERO * 1.55, graph -0.012 to XZERO * 1.75, graph 0.012 nohead lw 1.2 lc rgb "#000000"
do for [c = 1:3] {
	set size 1, 0.30
	set origin 0, 0.66 - (c - 1) * 0.31
	set title PT[c] font ",11"
	if (c == 3) { set xlabel "pressure: working set touched between positions (log scale; 0 = none)" }
	J = words(PI[c]); JJ = J
	eval AXES
	if (J == 0) {
		NODATA_MSG = "no kernel of this kind in the pressure sweep"
		eval NODATA
	} else {
		plot for [j = 1:J] KF[int(word(PI[c], j))] using (xp(column("bytes")) * jit(j)):(column("ns")):(column("lo")):(column("hi")) \
			with yerrorbars pt 7 ps 0.9 lc rgb scol(j) notitle, \
		     for [j = 1:J] KF[int(word(PI[c], j))] using (xp(column("bytes")) * jit(j)):(column("ns")) \
			with lines lw 2 lc rgb scol(j) title word(KL, int(word(PI[c], j))).(c == 1 ? "" : " (".tbytes(d, word(KL, int(word(PI[c], j)))).")"), \
		     for [j = 1:J] KF[int(word(PI[c], j))] using (xp(column("bytes")) * jit(j)):(column("ns")):(attn(strcol("flags")) eq "" ? "" : "*") \
			with labels left offset 0.4, 0.4 font ",10" tc rgb scol(j) notitle
	}
	unset label 1; unset label 2; unset label 14
}
unset multiplot
