# atlas.gp - the atlas's chart (harness/scripts/atlas.sh): per answer (the three questions, then
# each workload) one bar per machine, its factor of the winner over the runner-up, labelled with
# the winner; a light bar is not settled.  Reads the factors.csv atlas.py writes (answer_no,
# answer, machine_no, machine, factor, winner, settled).
#   gnuplot -c plots/atlas.gp FACTORS_CSV OUT_PNG
# The file's values (machine, kernel and workload names) are only drawn: the one command run
# holds the file's path, which atlas.sh checked, and constants.
if (ARGC < 2) { print "usage: gnuplot -c plots/atlas.gp FACTORS_CSV OUT_PNG"; exit status 2 }
csv = ARG1
set datafile separator comma
# The machines' names (slugs: a-z, 0-9 and -), in machine_no order, one a word.
MN = system("awk -F, 'NR > 1 { print $3, $4 }' '".csv."' | sort -n -u | awk '{ print $2 }' | tr '\\n' ' '")
NM = words(MN)
stats csv using "answer_no" nooutput
NA = int(STATS_max) + 1
stats csv using "factor" nooutput
YMAX = STATS_max

set terminal pngcairo size (NA * 110 + 240 < 900 ? 900 : NA * 110 + 240), 560 noenhanced font "DejaVu Sans,10" background "white"
set output ARG2
set title "Each machine's factor per answer: the winner over the runner-up" font ",13"
set ylabel "factor (×)"
set logscale y 2
set yrange [0.9 : YMAX * 2.2]
set ytics nomirror (1, 1.1, 1.25, 1.5, 2, 3, 4)
set bmargin 5
set grid ytics lc rgb "#dddddd"
set xrange [-0.6 : NA - 0.4]
set xtics nomirror scale 0 font ",10"
set border 3
set key top right font ",10"
set style fill solid 0.9 noborder
set boxwidth 0.8 / NM
COLOURS = "#1f77b4 #d62728 #2ca02c #9467bd #ff7f0e #8c564b #e377c2 #17becf"
col(m) = word(COLOURS, int(m) % 8 + 1)
x(a, m) = a + (m - (NM - 1) / 2.0) * 0.8 / NM
set label 1 "Light bars: not settled (likely, provisional or unclear). Log scale; the label is the winner." \
	at screen 0.01, 0.02 left font ",9" tc rgb "#444444"
plot csv using (column("answer_no")):(NaN):xtic(stringcolumn("answer")) notitle, \
	for [m = 0:NM - 1] csv using (column("machine_no") == m && column("settled") == 1 ? x(column("answer_no"), m) : NaN):"factor" \
		with boxes lc rgb col(m) title word(MN, m + 1), \
	for [m = 0:NM - 1] csv using (column("machine_no") == m && column("settled") == 0 ? x(column("answer_no"), m) : NaN):"factor" \
		with boxes fs transparent solid 0.35 lc rgb col(m) notitle, \
	csv using (x(column("answer_no"), column("machine_no"))):(column("factor") * 1.04):(stringcolumn("winner")) \
		with labels rotate by 90 left font ",8" tc rgb "#333333" notitle
