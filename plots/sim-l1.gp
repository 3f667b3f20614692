# sim-l1.gp - simulated L1 data-cache misses per lookup against the simulated L1 size (callgrind,
# bench --simulate --l1 16K,32K,48K,64K: sim/sim.csv, sim_kind d1), one line per kernel, in
# position mode (the whole position's sliders, as an engine asks); this machine's L1d size
# (context.json) marked.  "How large may my tables be": where a kernel's line meets the null
# kernel's (reading the queries alone) its tables fit.  gnuplot -e "study='results/ID'" plots/sim-l1.gp   (mode default position)
chart = "sim-l1"; width = 1280; height = 800
if (!exists("mode")) mode = "position"
if (!exists("plotdir")) plotdir = "plots"
load plotdir."/common.gp"

scsv = study."/sim/sim.csv"
d = tmp."/sim-l1.csv"
# gross misses (each lookup's read of its query included) where sim.csv has them: misses do not
# add up like instructions (a kernel's tables evict the query stream that stays cached while the
# null kernel runs alone), so net of the null kernel they can grow with the L1; the null kernel
# is drawn as the floor, the queries alone.  Older runs: net, without the null kernel.
GROSS = hascol(scsv, "sim_d1_miss_gross")
MCOL = GROSS ? "sim_d1_miss_gross" : "sim_d1_miss"
COLS = "kernel,mode,piece,bytes=cache_bytes,assoc,line_bytes,miss=".MCOL
n = exists_file(scsv) ? sel(scsv, "-v where='sim_kind=d1;".(GROSS ? "" : "kernel!=null;").MCOL."!=' -v cols='".COLS."' -v sort=bytes", d) : 0
# the workload: mode's rows (piece all in position mode), else the first mode the file has
EQ = mode; eval PUT_EQ
m = n > 0 ? (int(system("awk -f '".plotdir."/csv.awk' ".EQARGS("mode")." '".d."' | awk 'END { print NR - 1 }'")) > 0 ? mode : first(d, "mode")) : mode
EQ = m; eval PUT_EQ
np = n > 0 ? sel(d, EQARGS("mode")." -v cols='kernel,piece,bytes,assoc,line_bytes,miss'", tmp."/sim-l1-m.csv") : 0
PIECE = np > 0 ? first(tmp."/sim-l1-m.csv", "piece") : ""
SIZES = np > 0 ? distinct(tmp."/sim-l1-m.csv", "bytes") : ""
set title sprintf("Simulated L1 data cache: misses per lookup against the L1 size, %s mode (%s), callgrind (sim)", m, PIECE eq "" ? "all" : PIECE) font ",13"
if (np == 0 || words(SIZES) == 0) {
	NODATA_MSG = exists_file(scsv) ? "no data: sim/sim.csv has no simulated L1 (d1) misses" : \
		!have_sim ? "no data: no simulated run in this study (sim/): valgrind is missing, or hardware counters were live" : \
		!has_data(simcsv, "sim_ir") ? "no data: the simulated run (sim/) has no counts: callgrind failed on this machine" : \
		"no data: sim/ has no sim.csv (this slidebench's --simulate has no --l1 sweep)"
	eval NODATA
	exit
}
# one row per kernel and size: the first pass of that size (a size asked twice with other ways
# would draw a zigzag); kernels by their misses at the smallest size, most first
dk = tmp."/sim-l1-k.csv"
EQ = PIECE; eval PUT_EQ
nk_ = system("awk -F, -v eqfile='".EQF."' 'BEGIN { if ((getline pc < eqfile) <= 0) pc = \"\" } NR == 1 { print; for (i = 1; i <= NF; i++) { if ($i == \"kernel\") k = i; if ($i == \"piece\") p = i; if ($i == \"bytes\") b = i }; next } $p == pc && !seen[$k, $b]++' '".tmp."/sim-l1-m.csv' > '".dk."'")
KL = system("awk -f '".plotdir."/csv.awk' -v cols=kernel,miss -v sort=bytes '".dk."' | tail -n +2 | awk -F, '!($1 in s) { s[$1] = $2 } END { for (k in s) print s[k] \",\" k }' | sort -t, -k1,1gr -k2,2 | cut -d, -f2 | tr '\n' ' '")
K = words(KL)
array KF[K]
do for [k = 1:K] { KF[k] = tmp."/sim-l1-".k.".csv"; EQ = word(KL, k); eval PUT_EQ; nk_ = sel(dk, EQARGS("kernel")." -v cols='kernel,bytes,assoc,line_bytes,miss' -v sort=bytes", KF[k]) }
smin = 1e30; smax = 0
do for [s in SIZES] { v = real(s); if (v > 0 && v < smin) { smin = v }; if (v > smax) { smax = v } }
# the geometry of each simulated size (ways, line) for the tic labels: "32 KiB\n8-way"
geo(s) = (g_ = lookup(kvt(dk, "bytes", "assoc"), s), g_ eq "" ? "" : g_."-way")
l1 = num(ctx("sim", "l1d_bytes")) > 0 ? num(ctx("sim", "l1d_bytes")) : num(ctx("m64", "l1d_bytes"))
line = first(dk, "line_bytes")

set label 1 caption("sim", m) at screen 0.01, 0.012 left font ",9" tc rgb "#444444"
set label 2 "simulated counts are deterministic (no spread); ".(GROSS ? "gross: a lookup's misses include reading its query (9 B); grey: the null kernel, the queries alone" : "net of the null kernel")."; D1 lines ".(line eq "" ? "?" : line)." B, LRU; dashed: this machine's L1d" \
	at screen 0.01, 0.035 left font ",9" tc rgb "#444444"
set bmargin 8
set rmargin 36
set logscale x 2
set xrange [smin / 1.3:smax * 1.3]
set xtics () font ",9"
do for [s in SIZES] { set xtics add (human(real(s))."\n".geo(s) real(s)) }
set grid xtics ytics lc rgb "#e4e4e4"
set xlabel "simulated L1 data cache size (bytes, log scale; ways under each size)" offset 0, -0.6
# log y when the misses span more than a factor of 20: misses under FLOOR per lookup sit on
# the bottom line, labelled 0
FLOOR = 0.001
mx = real(system("awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == \"miss\") m = i; next } $m + 0 > x { x = $m + 0 } END { print x + 0 }' '".dk."'"))
logy = mx > 20 * FLOOR
yv(v) = logy ? (v > FLOOR ? v : FLOOR) : v
if (logy) {
	set logscale y 10
	set yrange [FLOOR:mx * 2]
	set ytics ("0" FLOOR, "0.01" 0.01, "0.1" 0.1, "1" 1, "10" 10, "100" 100)
	set mytics 10
	set ylabel "L1d misses per lookup (sim, log scale)"
	set label 4 "log scale: under ".sprintf("%g", FLOOR)." misses per lookup is drawn on the bottom line, 0" at graph 0.01, graph 0.98 left font ",9" tc rgb "#444444"
} else {
	set ylabel "L1d misses per lookup (sim)"
	set yrange [0:*]
	set offsets 0, 0, graph 0.05, 0
}
set key outside right top box title "kernel (table footprint)" font ",9" width 1
if (l1 > 0 && l1 >= smin / 1.3 && l1 <= smax * 1.3) {
	set arrow 11 from l1, graph 0 to l1, graph 1 nohead dt 2 lw 1.5 lc rgb "#444444"
	set label 11 "this machine's L1d ".human(l1) at l1, graph 0.98 right rotate by 90 offset -1.1, 0 font ",9"
}
# table footprints come from sim/summary.csv (sim.csv has none)
tb(k) = have_sim ? tbytes(simcsv, k) : "?"
# the kernels that never miss (their lines lie on zero, under each other): named in a note
ZL = system("awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == \"kernel\") k = i; if ($i == \"miss\") m = i }; next } { v = $m < 0 ? -$m : $m; if (v > mx[$k] + 0) mx[$k] = v; seen[$k] = 1 } END { for (x in seen) if (mx[x] + 0 < ".sprintf("%g", FLOOR).") print x }' '".dk."' | sort | paste -sd, | sed 's/,/, /g'")
if (ZL ne "") { set label 3 "under ".sprintf("%g", FLOOR)." misses per lookup at every size (on the bottom line): ".ZL at screen 0.01, 0.058 left font ",9" tc rgb "#444444" }
# past ten kernels the colours repeat: other point shapes and dashes then
kpt(k) = k <= 10 ? 7 : k <= 20 ? 5 : 9
kdt(k) = k <= 10 ? 1 : k <= 20 ? 2 : 3
# the null kernel (the queries alone) grey and dotted
isnull(k) = word(KL, k) eq "null"
klw(k) = isnull(k) ? 3 : 2
kdt2(k) = isnull(k) ? 3 : kdt(k)
kcol(k) = isnull(k) ? "#888888" : scol(k)
ktitle(k) = isnull(k) ? "null: the queries alone" : word(KL, k)." (".tb(word(KL, k)).")"
plot for [k = 1:K] KF[k] using (column("bytes")):(yv(column("miss"))) \
	with linespoints lw klw(k) dt kdt2(k) pt kpt(k) ps 1 lc rgb kcol(k) title ktitle(k)
