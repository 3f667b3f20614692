# bits.gp - 32-bit against 64-bit.  Top: the kernels designed for 32-bit words (descriptor
# question "bits") beside the 64-bit sibling each names, in the 64-bit build (m64/).
# Bottom: per kernel, the -m32 build's time over the 64-bit build of the same -march, paired over
# alternating blocks (bits/NN-m64/, bits/NN-m32/; ratio and interval from bits/blocks.csv, which
# `slidebench blocks` writes), where this machine runs 32-bit programs; otherwise the panel says
# so (with m32.skipped's reason).
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
# only the pairs this run timed a side of (a study of a few kernels may have none)
KD = n > 0 ? " ".distinct(d, "kernel")." " : ""
PP = ""
do for [p = 1:words(PAIRS)] { if (strstrt(KD, " ".lhs(p)." ") || strstrt(KD, " ".rhs(p)." ")) { PP = PP.word(PAIRS, p)." " } }
PAIRS = PP
P = words(PAIRS)
set multiplot title sprintf("32-bit against 64-bit, %s mode on the real-game trace", mode) font ",13"
set label 1 caption("m64", mode) at screen 0.01, 0.012 left font ",9" tc rgb "#444444"
set label 2 spread at screen 0.01, 0.052 left font ",9" tc rgb "#444444"
set lmargin 12
set rmargin 4
set size 1, 0.45; set origin 0, 0.50
set title "kernels designed for 32-bit words beside a 64-bit sibling (both in the 64-bit build)" font ",11"
if (n == 0 || P == 0) {
	NODATA_MSG = !have_m64 ? "no m64/ run in this study" : n == 0 ? "no timed ".mode."-mode rows in m64/summary.csv" : \
		"no data: no kernel designed for 32-bit words, nor its 64-bit sibling, was timed in ".mode." mode"
	eval NODATA
} else {
	set xrange [0.4:P + 0.6]
	set xtics () scale 0 font ",10"
	do for [p = 1:P] { set xtics add (lhs(p)."\nvs ".rhs(p) p) }
	set ylabel "time per lookup, whole loop (ns)"
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
set size 1, 0.40; set origin 0, 0.09
bcsv = study."/bits/blocks.csv"
db = tmp."/bits-blocks.csv"
nb = exists_file(bcsv) ? sel(bcsv, "-v where='kernel!=all;ratio!=' -v cols='kernel,ratio,lo,hi,pairs,settled'", db) : 0
# the overall verdict: ratio lo hi pairs settled
ball = nb > 0 ? system("awk -f '".plotdir."/csv.awk' -v where='kernel=all' -v cols='ratio,lo,hi,pairs,settled' '".bcsv."' | sed -n 2p | tr , ' '") : ""
set title (nb > 0 ? sprintf("per kernel: time of the -m32 build over the 64-bit build of the same -march, paired over %s pairs of alternating blocks (all cells: %.2fx, %.2f-%.2f, %s)", \
	word(ball, 4), real(word(ball, 1)), real(word(ball, 2)), real(word(ball, 3)), word(ball, 5) eq "yes" ? "settled" : "not settled") : \
	"the -m32 build against the 64-bit build of the same -march (alternating blocks)") font ",11"
if (nb == 0) {
	why = exists_file(study."/m32.skipped") ? system("head -n 1 '".study."/m32.skipped'") : ""
	NODATA_MSG = exists_file(study."/m32.skipped") ? "no -m32 blocks in this study".(why eq "" ? "" : "\n(".why.")") : \
		"no bits/blocks.csv in this study (run_all.sh writes it: slidebench blocks DIR/bits m64 m32)"
	eval NODATA
} else {
	bmodes = system("awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == \"mode\") c = i; next } c && !s[$c]++ { printf \"%s%s\", n++ ? \",\" : \"\", $c }' '".study."/bits/01-m32/summary.csv'")
	set label 3 caption("bits/01-m32", bmodes) at screen 0.01, 0.032 left font ",9" tc rgb "#444444"
	# the two sides' flags: the 32-bit side's as what it adds when it only adds (one line fits)
	f64 = ctx("bits/01-m64", "cflags"); f32 = ctx("bits/01-m32", "cflags")
	flagline = strlen(f32) > strlen(f64) && f32[1:strlen(f64)] eq f64 ? \
		sprintf("both sides: %s; the 32-bit side adds %s", f64, f32[strlen(f64) + 1:]) : \
		sprintf("64-bit side: %s;  32-bit side: %s", f64, f32)
	# long flag lists (several -ffixed-k, the user's own) in a smaller font, so the line fits
	set label 5 flagline at screen 0.01, 0.072 left font (strlen(flagline) > 220 ? ",7" : ",9") tc rgb "#444444"
	set label 6 "lower panel: error bars are 95% block-bootstrap intervals over the pairs; filled bars are settled" \
		at screen 0.01, 0.092 left font ",9" tc rgb "#444444"
	set xrange [-0.6:nb - 0.4]
	set xtics rotate by 35 right scale 0 font ",9"
	set ylabel "time -m32 / time -m64 (log scale)"
	# ratios on a log axis through 1: 2x slower and 2x faster are as far from the line
	stats db using (column("ratio") > 0 ? column("ratio") : NaN) nooutput
	# bars grow from 1: up, the -m32 build is slower; down, faster (room below 1 only as needed)
	ylo = STATS_min < 1 ? STATS_min / 1.35 : 1 / 1.5
	yhi = STATS_max > 1 ? STATS_max * 1.6 : 1.5
	set logscale y 2
	set yrange [ylo:yhi]
	set ytics ("1/16" 1/16., "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "1.5" 1.5, "2" 2, "3" 3, "4" 4, "8" 8, "16" 16, "32" 32)
	set key outside top right font ",10"
	# a bar from 1 to the ratio: up, the -m32 build is slower; down, faster
	plot db using (column("idx")):(strcol("settled") eq "yes" ? column("ratio") : NaN):(column("idx") - 0.3):(column("idx") + 0.3):(column("ratio") < 1 ? column("ratio") : 1):(column("ratio") < 1 ? 1 : column("ratio")) \
		with boxxyerror fs solid 0.7 lc rgb "#1f77b4" title "settled", \
	     db using (column("idx")):(strcol("settled") eq "yes" ? NaN : column("ratio")):(column("idx") - 0.3):(column("idx") + 0.3):(column("ratio") < 1 ? column("ratio") : 1):(column("ratio") < 1 ? 1 : column("ratio")) \
		with boxxyerror fs pattern 4 lc rgb "#1f77b4" title "not settled", \
	     db using (column("idx")):(column("ratio")):(column("lo")):(column("hi")):xtic(strcol("kernel")) with yerrorbars pt 0 lc rgb "#333333" notitle, \
	     db using (column("idx")):(column("hi")):(sprintf("%.2f", column("ratio"))) with labels rotate by 90 left offset 0, 0.4 font ",8" notitle, \
	     1 with lines dt 2 lc rgb "#888888" notitle
}
unset multiplot
