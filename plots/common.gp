# common.gp - loaded by every chart (plots/NAME.gp sets `chart`, `width`, `height` first).
# Inputs, given by plots/render.sh with -e:  study (the study directory), fmt (png | svg),
# outdir (default study/plots), tmp (scratch directory, default outdir), plotdir (default plots).
# Charts read only the study's result CSVs (through plots/csv.awk, by column name), the kernels'
# descriptors (kcsv: `slidebench list --format csv`, the study's kernels.csv or render.sh's) and,
# for the caption, the cache sizes and the huge pages, what `slidebench plot-data` wrote of the
# runs' context.json (ctxcsv: context.csv, hpcsv: hugepages.csv; default in tmp): no JSON here.
# A study may come from someone else: a value read from it (a kernel name, a mode, a dataset)
# never goes into a system() command.  The commands hold only constants and the paths above
# (render.sh gives fixed relative names); a value to select rows by goes to csv.awk through a
# file (EQ, PUT_EQ, EQARGS below), and lookups by a value are done here (lookup, kvt).

if (!exists("study")) { print "usage: gnuplot -e \"study='results/ID'\" plots/".chart.".gp"; exit status 2 }
if (!exists("plotdir")) plotdir = "plots"
if (!exists("outdir")) outdir = study."/plots"
if (!exists("tmp")) tmp = outdir
if (!exists("fmt")) fmt = "png"
if (!exists("ctxcsv")) ctxcsv = tmp."/context.csv"
if (!exists("hpcsv")) hpcsv = tmp."/hugepages.csv"
if (!exists("width")) width = 1280
if (!exists("height")) height = 760
dummy = system("mkdir -p '".outdir."' '".tmp."'")

if (fmt eq "svg") {
	set terminal svg size width,height dynamic noenhanced font "DejaVu Sans,11" background "white"
} else {
	set terminal pngcairo size width,height noenhanced font "DejaVu Sans,10" background "white"
}
set output outdir."/".chart.".".fmt
set datafile separator comma
set datafile columnheaders
set datafile missing ""
set style fill solid 0.85 border -1
set grid ytics lc rgb "#dddddd" lw 1 dt 1
set border 3
set tics nomirror out
set key noautotitle

# ---- helpers ------------------------------------------------------------------------------
# Returns 1 when file f can be read.
exists_file(f) = int(system("test -r '".f."' && echo 1 || echo 0"))
# Writes the rows of src selected by csv.awk arguments args into dst; returns its data rows.
sel(src, args, dst) = int(system("awk -f '".plotdir."/csv.awk' ".args." '".src."' > '".dst."' && awk 'END { print (NR > 0 ? NR - 1 : 0) }' '".dst."'"))
# Returns 1 when src's header has column c.
hascol(src, c) = exists_file(src) ? int(system("awk -f '".plotdir."/csv.awk' -v hascol=".c." '".src."'")) : 0
# Returns column c of run's row (run: m64, sim, bits/01-m32, ...; a constant, never data) in
# CSV f of `slidebench plot-data` ("" when f, the row or the value is missing).
cval(f, run, c) = exists_file(f) ? system("awk -f '".plotdir."/csv.awk' -v where='run=".run."' -v cols=".c." '".f."' | sed -n 2p | cut -d, -f1") : ""
# Returns column key of run's row in context.csv (what its context.json records: cpu_model,
# l1d_bytes, sim_d1, ...; "" when missing).
ctx(run, key) = cval(ctxcsv, run, key)
# Returns the first non-empty value of column c in CSV f.
first(f, c) = system("awk -f '".plotdir."/csv.awk' -v where='".c."!=' -v cols=".c." '".f."' | sed -n 2p | cut -d, -f1")
# Returns the last component of a path.
basename(p) = (i_ = strstrt(p, "/"), i_ == 0 ? p : basename(p[i_ + 1:]))
# Returns the value on key k's line of t, lines "key,value" ("" when k has none): no shell.
lookup(t, k) = (p_ = strstrt("\n".t, "\n".k.","), p_ == 0 ? "" : \
	(r_ = t[p_ + strlen(k) + 1:], strstrt(r_, "\n") ? r_[1:strstrt(r_, "\n") - 1] : r_))
# Returns the "key,value" lines (columns kc and vc, by name) of CSV f, for lookup.
kvt(f, kc, vc) = system("awk -f '".plotdir."/csv.awk' -v cols=".kc.",".vc." '".f."' 2>/dev/null | tail -n +2 | cut -d, -f1,2")
# Rows whose column c equals a value from the data: set EQ to the value, eval PUT_EQ (writes it
# to the file EQF), then pass EQARGS(c) to csv.awk (sel): the value never enters a command.
EQF = tmp."/eq.txt"
PUT_EQ = "set print EQF; print EQ; unset print"
EQARGS(c) = "-v eqcol=".c." -v eqfile='".EQF."'"
# Returns n bytes as 512 B, 9.5 KiB, 2.3 MiB, 1.5 GiB.
human(n) = n < 1 ? "no table" : n < 1024 ? sprintf("%d B", n) : n < 1048576 ? \
	sprintf("%.3g KiB", n / 1024.) : n < 1073741824 ? sprintf("%.3g MiB", n / 1048576.) : \
	sprintf("%.3g GiB", n / 1073741824.)
# Returns yyyy-mm-dd from a run id yyyymmdd-hhmmss-pid.
run_date(id) = strlen(id) >= 8 ? substr(id, 1, 4)."-".substr(id, 5, 6)."-".substr(id, 7, 8) : "date unknown"

if (!exists("kcsv")) kcsv = study."/kernels.csv"
# Returns the values of column c (space-separated) of the kernels whose descriptor matches
# where (csv.awk syntax), ordered by table size, then by name.
kset(where, c) = system("awk -f '".plotdir."/csv.awk' -v where='".where."' -v cols=".c.",table_bytes,name '".kcsv."' 2>/dev/null | tail -n +2 | sort -t, -k2,2n -k3,3 | cut -d, -f1 | tr '\n' ' '")

m64 = study."/m64/summary.csv"
simcsv = study."/sim/summary.csv"
have_m64 = exists_file(m64)
have_sim = exists_file(simcsv)
has_ci = hascol(m64, "ns_ci_lo")
spread = has_ci ? "error bars: 95% interval of the median" : "error bars: minimum to median"
# Output columns for a time with its spread (ns, lo, hi), by column name with fallbacks.
TIMECOLS = "kernel,family,ns=ns_median,lo=ns_ci_lo|ns_min,hi=ns_ci_hi|ns_median,ns_min,table_bytes,word_bits,branching,flags,dataset"
# Rows whose figure is withheld (runread's run_row_withheld: below-bound, faster than the
# kernel's own instructions allow; baseline-invalid, the null kernel slower than the kernel):
# a measurement error, never a chart's data.
WITHHELD = "below-bound|baseline-invalid"
# Rows that are not a baseline, are in the default (warm, no pressure) cache state, and time a
# kernel's whole work (not flagged prepared: lookups reading state made outside the timed
# region, which no chart sets beside the others), are not withheld, and have a time (a kernel
# withdrawn or unavailable leaves its rows without one: not-timed, unavailable).
PLAIN = "kernel!=null;cache_state=warm|;pressure_bytes=0|;ns_median!=;flags!~prepared|".WITHHELD

# Returns the caption line for run (m64, sim, bits/01-m32, ...) and mode.
caption(run, mode) = sprintf("%s (%s%s), %s, %s, mode %s, dataset %s, %s", \
	ctx(run, "cpu_model"), ctx(run, "uarch") eq "" ? "" : ctx(run, "uarch").", ", \
	ctx(run, "is_vm") eq "true" ? "VM ".ctx(run, "hypervisor") : "bare metal", \
	run_date(ctx(run, "run_id")), ctx(run, "compiler"), mode, \
	basename(first(study."/".run."/summary.csv", "dataset")), "run ".run."/ ".ctx(run, "run_id"))

# Family colours (the same in every chart of a study): famidx(f) indexes FC (0xRRGGBB),
# fam_rgb(f) a string.  The families in the order of the descriptors (by kernel name).
# (csv.awk appends an idx column: keep the first field only.)
FAMILIES = system("awk -f '".plotdir."/csv.awk' -v cols=family '".kcsv."' 2>/dev/null | tail -n +2 | cut -d, -f1 | awk '!seen[$0]++' | tr '\n' ' '")
array FC[21] = [0x1f77b4, 0xd62728, 0x2ca02c, 0x9467bd, 0xff7f0e, 0x8c564b, 0xe377c2, 0x17becf, \
	0xbcbd22, 0x7f7f7f, 0xaec7e8, 0xff9896, 0x98df8a, 0xc5b0d5, 0xffbb78, 0xc49c94, 0xf7b6d2, \
	0x9edae5, 0xdbdb8d, 0x393b79, 0x555555]
famidx(f) = (i_ = 21, sum [j_ = 1:words(FAMILIES)] (word(FAMILIES, j_) eq f ? (i_ = (j_ - 1) % 20 + 1, 0) : 0), i_)
fam_rgb(f) = sprintf("#%06x", FC[famidx(f)])
# Series colours for up to 10 series, then again.
array SC[10] = [0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b, 0xe377c2, 0x7f7f7f, \
	0xbcbd22, 0x17becf]
scol(i) = sprintf("#%06x", SC[(i - 1) % 10 + 1])

# An empty panel that says why (set the message in NODATA_MSG first): eval NODATA
NODATA = "unset key; unset xtics; unset ytics; unset x2tics; unset grid; unset border; \
unset xlabel; unset ylabel; unset logscale; set label 90 NODATA_MSG at graph 0.5, 0.5 center \
font ',14' front; plot [0:1][0:1] NaN notitle; unset label 90; set border 3; \
set xtics; set ytics; set grid ytics"

# Returns the distinct values of column c in CSV f, space-separated, sorted.
distinct(f, c) = system("awk -f '".plotdir."/csv.awk' -v cols=".c." '".f."' | tail -n +2 | cut -d, -f1 | sort -u | tr '\n' ' '")
# Returns the flags worth a reader's attention (unstable, drifting, disturbed, interrupted).
attn(fl) = (strstrt(fl, "unstable") ? " unstable" : "").(strstrt(fl, "drifting") ? " drifting" : ""). \
	(strstrt(fl, "disturbed") ? " disturbed" : "").(strstrt(fl, "interrupted") ? " interrupted" : "")
# Returns string s as a number, 0 when empty.
num(s) = s eq "" ? 0 : real(s)

# Clustered bars: workloads on x (gidx from csv.awk groups), one bar per series k of K.
WORKLOADS = "stream rook|stream bishop|chain rook|chain bishop|pointer rook|pointer bishop|position all|random queen|peer queen"
# Returns the label of workload g (0-based) of the list wl ("mode piece|...").
wl_label(wl, g) = (s_ = system("echo '".wl."' | tr '|' '\n' | sed -n ".(g + 1)."p"), s_[1:strstrt(s_, " ") - 1]."\n".s_[strstrt(s_, " ") + 1:])
# Returns the workloads of wl (a '|' list) that CSV f has rows for, in wl's order.
wl_present(f, wl) = system("awk -f '".plotdir."/csv.awk' -v cols=mode,piece '".f."' | awk -F, 'NR > 1 { h[$1 \" \" $2] = 1 } END { n = split(\"".wl."\", w, \"|\"); s = \"\"; for (i = 1; i <= n; i++) if (w[i] in h) s = s (s == \"\" ? \"\" : \"|\") w[i]; print s }'")
# Returns the number of '|'-separated items in s.
nitems(s) = s eq "" ? 0 : int(system("echo '".s."' | tr '|' '\n' | wc -l"))
# Returns the bar centre of series k of K in group g, bar width bw(K).
bw(K) = 0.84 / K
bx(g, k, K) = g + (k - (K + 1) / 2.) * bw(K)
# Returns 1 when column c of CSV f has a non-empty cell in some row.
has_data(f, c) = exists_file(f) ? int(system("awk -f '".plotdir."/csv.awk' -v where='".c."!=' -v cols=".c." '".f."' | awk 'END { print (NR > 1) }'")) : 0
# Returns kernel k's table footprint in CSV f (from its table_bytes column), as human text.
tbytes(f, k) = (s_ = lookup(kvt(f, "kernel", "table_bytes"), k), s_ eq "" ? "?" : human(real(s_)))
