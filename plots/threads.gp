# threads.gp - does a kernel slow down when every core looks up attacks at once?  Each
# kernel's time per lookup per thread against the threads running at once (threads/, run by
# run_all.sh with 1, 2, 4 ... all CPUs), one panel per table-size class, with the machine's
# shared caches named: what the threads' tables and queries compete for.
chart = "threads"; width = 1280; height = 600
if (!exists("plotdir")) plotdir = "plots"
load plotdir."/common.gp"

src = study."/threads/threads.csv"
d = tmp."/threads.csv"
n = exists_file(src) ? sel(src, "-v cols=kernel,class,threads,ns_median,ns_ci_lo,ns_ci_hi", d) : 0
l2 = ctx("threads", "topo_l2_bytes"); l2c = ctx("threads", "topo_l2_cpus")
llc = ctx("threads", "topo_llc_bytes"); llcc = ctx("threads", "topo_llc_cpus")
llcl = ctx("threads", "topo_llc_level")
caches = (l2 eq "" ? "" : sprintf("L2 %s shared by %s CPU%s", human(real(l2)), l2c, l2c eq "1" ? "" : "s")). \
	(llc eq "" || llcl eq "2" ? "" : sprintf("; L%s %s shared by %s CPUs", llcl, human(real(llc)), llcc))
set multiplot layout 1, 4 title "Does a kernel slow down when every core looks up attacks?  Time per lookup of each thread against the threads running at once\n".(caches eq "" ? "(the caches the threads share were not recorded)" : caches) font ",12"
if (n == 0) {
	NODATA_MSG = "no thread sweep in this study (threads/threads.csv: run_all.sh writes it where there are two CPUs)"
	eval NODATA
	unset multiplot
	exit
}
TMAX = real(system("awk -f '".plotdir."/csv.awk' -v cols=threads '".d."' | tail -n +2 | cut -d, -f1 | sort -n | tail -n 1"))
set datafile nocolumnheaders
cls = "no table|512 B-16 KiB|16 KiB-1 MiB|over 1 MiB"
do for [c = 1:4] {
	cl = system("echo '".cls."' | cut -d'|' -f".c)
	f = tmp."/threads-".c.".dat"
	# one data block per kernel of the class (the class is a constant of this script, the
	# kernel names go to the key only through the data file)
	dummy = system("tail -n +2 '".d."' | sort -t, -k1,1 -k3,3n | awk -F, -v cl='".cl."' '$2 == cl { if (!($1 in seen)) { seen[$1] = ++k; if (k > 1) printf \"\\n\\n\"; print $1 }; print $3 \",\" $4 \",\" $5 \",\" $6 }' > '".f."'")
	KL = system("awk -F, 'NF == 1 && $1 != \"\" { print $1 }' '".f."' | tr '\n' ' '")
	K = words(KL)
	set title cl font ",11"
	if (K == 0) {
		NODATA_MSG = "no kernel of this size"
		eval NODATA
	} else {
		set bmargin 8
		set xrange [0.5:TMAX + 0.5]
		set xtics 1
		set xlabel "threads at once"
		set ylabel "ns per lookup, each thread"
		set yrange [0:*]
		set key outside below center vertical maxrows 3 font ",9"
		plot for [k = 1:K] f index (k - 1) using 1:2:3:4 every ::1 with yerrorlines lw 2 pt 7 ps 0.9 lc rgb scol(k) title word(KL, k)
	}
}
unset multiplot
