#!/usr/bin/env bash
# test_plots.sh - the charts render from a real (tiny) bench run made here: gnuplot exits 0, every
# PNG and SVG is non-empty, the expected series (kernel names) are in each SVG, and a missing
# input (no bits blocks, no sim/, no m64/, no huge-page blocks) gives a chart that says so.  The cache
# charts: pressure from a real 2-size pressure run, hugepages from one real pair of blocks (with
# --tables where bench has it), sim-l1 from a real --simulate --l1 run where callgrind works here
# (else SKIPPED).  Without gnuplot, render.sh says so once and exits 0.  Also: run_all.sh --help,
# a bad option, and a --quick study's layout.
. "$(dirname "$0")/lib.sh"

# ---- a tiny real study: only m64/ (no bits/, no sim/) ----------------------------------------
KERNELS=kindergarten-512,kindergarten-4k,kindergarten-32,cichy,wegner-file,fan-line,kindergarten-subset
KERNELS=$KERNELS,sherwin,magic-fancy,classical-conditional,classical-branchless,pext,hyperbola
study=$tmp/study
mkdir -p "$study"
if ! $SB bench --samples 2 --warmup 1 --min-lookups 10000 --max-queries 2000 --events none \
	--kernel "$KERNELS" --out "$study/m64" >"$tmp/bench.log" 2>&1; then
	bad "fixture bench failed:"; tail -n 20 "$tmp/bench.log"
	finish
fi
check "fixture summary.csv" test -s "$study/m64/summary.csv"
echo "32-bit programs do not run here (test fixture)" >"$study/m32.skipped"
TINY=(--samples 2 --warmup 1 --min-lookups 10000 --max-queries 2000 --events none)
# pressure mode at two sizes (the chart's 0 column and one size)
if $SB bench --mode pressure --pressure 0,32K --kernel kindergarten-4k,pext "${TINY[@]}" \
	--out "$study/pressure" >"$tmp/pressure.log" 2>&1; then ok; else
	bad "fixture pressure run failed:"; tail -n 5 "$tmp/pressure.log"
fi
# the main study has no huge-page runs: its hugepages chart must say so
echo "no --tables here (test fixture)" >"$study/tables.skipped"
# a second study: one pair of huge-page blocks of large-table kernels, tables/01-hugepage/ and
# tables/01-nohugepage/ (with --tables where bench has it; render.sh makes tables/blocks.csv),
# and a simulated L1 sweep where it runs
s2=$tmp/study2
mkdir -p "$s2"
help=$($SB bench --help 2>&1)
for t in hugepage nohugepage; do
	targ=(); grep -q -- '--tables' <<<"$help" && targ=(--tables "$t")
	if $SB bench --mode position --kernel sherwin,pext "${targ[@]}" "${TINY[@]}" \
		--out "$s2/tables/01-$t" >"$tmp/tables.log" 2>&1; then ok; else
		bad "fixture position run tables/01-$t failed:"; tail -n 5 "$tmp/tables.log"
	fi
done
sim_why=""
if ! grep -q -- '--l1' <<<"$help"; then
	sim_why="this slidebench's --simulate has no --l1 sweep"
elif ! command -v valgrind >/dev/null 2>&1; then
	sim_why="valgrind is not installed"
else
	$SB bench --simulate --l1 16K,32K --tlb 64 --mode position --kernel sherwin,kindergarten-4k \
		--samples 1 --warmup 0 --min-lookups 2000 --max-queries 500 --events none \
		--out "$s2/sim" >"$tmp/sim.log" 2>&1
	grep -q ',d1,' "$s2/sim/sim.csv" 2>/dev/null ||
		sim_why="callgrind gives no counts here ($(grep -m 1 -E 'SIGILL|failed|error' "$tmp/sim.log" | head -c 160))"
fi

# ---- without gnuplot: one note, exit 0 (PATH of everything in /usr/bin and /bin but gnuplot) ---
mkdir -p "$tmp/nognuplot"
for d in /usr/bin /bin; do
	for f in "$d"/*; do
		n=${f##*/}
		[[ $n == gnuplot* || -e $tmp/nognuplot/$n ]] || ln -s "$f" "$tmp/nognuplot/$n"
	done
done
PATH=$tmp/nognuplot plots/render.sh "$study" >"$tmp/nog.out" 2>&1
rc=$?
check "render.sh without gnuplot exits 0 (got $rc)" test $rc -eq 0
check "render.sh without gnuplot says so" grep -q "gnuplot is not installed" "$tmp/nog.out"
check "render.sh without gnuplot: one note" test "$(wc -l <"$tmp/nog.out")" -eq 1
check "render.sh without gnuplot: no plots written" test ! -e "$study/plots/ranking.png"

if ! command -v gnuplot >/dev/null 2>&1; then
	skipped "chart rendering: gnuplot is not installed (apt-get install gnuplot-nox)"
else
	plots/render.sh "$study" >"$tmp/render.out" 2>&1
	rc=$?
	check "render.sh exits 0 (got $rc; $(head -c 400 "$tmp/render.out"))" test $rc -eq 0
	# chart: the series (kernel names) and texts its SVG must hold
	declare -A want=(
		[bits]="kindergarten-32 cichy wegner-file fan-line sherwin kindergarten-4k magic-fancy|no -m32 blocks in this study"
		[tables]="kindergarten-512 kindergarten-4k kindergarten-32 cichy wegner-file fan-line|no L1 miss data"
		[branching]="classical-conditional classical-branchless|no branch-miss data"
		[ranking]="kindergarten-512 kindergarten-4k cichy sherwin magic-fancy classical-conditional pext hyperbola|ranked on the real-game trace"
		[footprint]="pext sherwin hyperbola kindergarten-512 magic-fancy|cache sizes|table footprint"
		[random-vs-real]="pext sherwin hyperbola kindergarten-4k|random occupancies"
		[pressure]="kindergarten-4k pext|ns per lookup, whole loop|32 KiB|working set touched between positions|tables that fit the L1d"
		[hugepages]="|no data: no huge-page blocks|no huge-page blocks|no --tables here"
		[sim-l1]="|no data: "
		[search]="|no search rows in m64/summary.csv"
	)
	nocaption=" hugepages sim-l1 search "
	for chart in "${!want[@]}"; do
		png=$study/plots/$chart.png svg=$study/plots/$chart.svg
		check "$chart.png non-empty" test -s "$png"
		check "$chart.png is a PNG" grep -q PNG <(head -c 8 "$png" 2>/dev/null)
		check "$chart.svg non-empty" test -s "$svg"
		IFS='|' read -r -a parts <<<"${want[$chart]}"
		for k in ${parts[0]}; do
			if grep -Eq "[> ]$k[< ]" "$svg" 2>/dev/null; then ok; else bad "$chart.svg: no series '$k'"; fi
		done
		for text in "${parts[@]:1}"; do
			check "$chart.svg says '$text'" grep -q "$text" "$svg"
		done
		[[ $nocaption == *" $chart "* ]] ||
			check "$chart.svg has a caption line" grep -q "dataset master-2000.trace" "$svg"
	done
	# what the charts read of context.json comes through slidebench plot-data's context.csv
	cpu=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["machine"]["cpu_model"])' "$study/m64/context.json")
	check "ranking.svg: the caption names m64's CPU ($cpu)" grep -qF "$cpu" "$study/plots/ranking.svg"
	check "ranking.svg: the caption names m64's run id" grep -qF "run m64/ $(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["run_id"])' "$study/m64/context.json")" "$study/plots/ranking.svg"
	if grep -q '"l1d_bytes": [0-9]' "$study/m64/context.json"; then
		check "footprint.svg: the L1d line from context.json" grep -Eq '>L1d [0-9.]+ KiB<' "$study/plots/footprint.svg"
	else
		check "footprint.svg: the cache sizes said to be missing" grep -q 'cache sizes not recorded' "$study/plots/footprint.svg"
	fi
	check "pressure.svg: 0 bytes shown as 0" grep -q '>0<' "$study/plots/pressure.svg"
	check "pressure.svg: the kernel lines (two points each)" test "$(grep -c '<path' "$study/plots/pressure.svg")" -gt 4

	# the second study: hugepages with data, sim-l1 with data where callgrind runs
	plots/render.sh "$s2" hugepages sim-l1 >"$tmp/render2.out" 2>&1
	rc=$?
	check "render.sh study2 exits 0 (got $rc; $(head -c 400 "$tmp/render2.out"))" test $rc -eq 0
	for k in sherwin pext; do
		check "hugepages.svg: series $k" grep -Eq "[> ]$k[< ]" "$s2/plots/hugepages.svg"
	done
	check "hugepages.svg: the paired ratio of the blocks" grep -Eq ">[0-9]+\.[0-9][0-9]x<" "$s2/plots/hugepages.svg"
	check "render.sh made tables/blocks.csv" grep -q '^sherwin,hugepage,nohugepage,' "$s2/tables/blocks.csv"
	check "hugepages.svg: what smaps read back (or that there is no record)" grep -q "hugepage run" "$s2/plots/hugepages.svg"
	if grep -q '"tables"' "$s2/tables/01-hugepage/context.json"; then
		check "hugepages.svg: the \"tables\" record read back (hugepages.csv)" grep -Eq 'hugepage run: ([0-9.]+ [KMG]?i?B|0 B) of [0-9.]+ [KMG]?i?B of the table regions|hugepage run: smaps not read back' "$s2/plots/hugepages.svg"
	fi
	check "hugepages.svg has a caption line" grep -q "dataset master-2000.trace" "$s2/plots/hugepages.svg"
	if [[ -z $sim_why ]]; then
		for k in sherwin kindergarten-4k; do
			check "sim-l1.svg: series $k" grep -Eq "[> ]$k[< (]" "$s2/plots/sim-l1.svg"
		done
		check "sim-l1.svg: the 16 KiB size" grep -q "16 KiB" "$s2/plots/sim-l1.svg"
	else
		check "sim-l1.svg says there is no data" grep -q "no data" "$s2/plots/sim-l1.svg"
		skipped "sim-l1 with data: $sim_why"
	fi

	# an empty study: every chart still renders and says why
	mkdir -p "$tmp/empty"
	plots/render.sh "$tmp/empty" >"$tmp/empty.out" 2>&1
	rc=$?
	check "render.sh on an empty study exits 0 (got $rc)" test $rc -eq 0
	check "empty study: ranking says no m64/ run" grep -q "no m64/ run" "$tmp/empty/plots/ranking.svg"
	check "render.sh refuses a missing study" bash -c "! plots/render.sh '$tmp/nosuch' 2>/dev/null"
fi
# ordinary inputs: a withdrawn kernel's not-timed rows (no time) and kernels of no 32-bit pair
# (a quick study's --kernels): every chart renders, leaving the untimed rows out, and the bits
# chart's upper panel says there is no data
if command -v gnuplot >/dev/null 2>&1; then
	w=$tmp/withdrawn
	$SB bench --plugin "$BIN/tests/plugins/wrong-attacks.so" --kernel hyperbola,pext,wrong-attacks \
		--mode position "${TINY[@]}" --out "$w/m64" >"$tmp/w.log" 2>&1
	if grep -q '^[^,]*,wrong-attacks,.*not-timed' "$w/m64/summary.csv" 2>/dev/null; then ok
	else bad "fixture with a withdrawn kernel: no not-timed row"; tail -n 3 "$tmp/w.log"; fi
	expect "render.sh: not-timed rows and no 32-bit pair" 0 "footprint.png" "bits.png" -- plots/render.sh "$w"
	check "bits.svg: no 32-bit pair says there is no data" grep -q "no data: no kernel designed for 32-bit words" "$w/plots/bits.svg"
	check "footprint.svg: the timed kernels drawn" grep -Eq '[> ]hyperbola[< ]' "$w/plots/footprint.svg"
	check "footprint.svg: the withdrawn kernel left out" bash -c "! grep -q 'wrong-attacks' '$w/plots/footprint.svg'"
fi
# one bench run is not a study: refused with the reason and what to run instead
mkdir -p "$tmp/onerun" && cp "$study/m64/summary.csv" "$tmp/onerun/"
expect "render.sh refuses one bench run, saying why" 2 "one bench run, not a study \(no m64/\)" \
	'run_all.sh \(with --plugin' -- plots/render.sh "$tmp/onerun"

# ---- run_all.sh ----------------------------------------------------------------------------
./run_all.sh --help >"$tmp/help" 2>&1
check "run_all.sh --help exits 0" test $? -eq 0
check "run_all.sh --help lists --quick and --out" grep -q -- "--quick.*" "$tmp/help"
./run_all.sh --no-such-option >"$tmp/badopt" 2>&1
rc=$?
check "run_all.sh bad option exits 2 (got $rc)" test $rc -eq 2
check "run_all.sh refuses an existing study" bash -c "! ./run_all.sh --bench-only --out '$study' >/dev/null 2>&1"

# A --quick study (about a minute): the layout of plots/README.md, with the README's example
# plugin put through it (--plugin: in every sweep, chart and table, though --kernels does not
# name it).
q=$tmp/quick
# (built as bin/slidebench is, which run_all.sh runs: not with the flags of a make that runs
# these tests, such as make sanitize's, which reach us in MAKEFLAGS and as environment
# variables; a plain bin/slidebench cannot load a plugin built with ASan)
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u BUILD -u BIN -u OPT -u EXTRA_FLAGS -u ARCH \
	make --no-print-directory -s plugin \
	SRC=tests/plugins/example-plugin.c OUT="$tmp/example.so" >/dev/null 2>&1 ||
	bad "make plugin SRC=tests/plugins/example-plugin.c failed"
./run_all.sh --quick --bench-only --kernels "$KERNELS" --plugin "$tmp/example.so" --out "$q" \
	>"$tmp/quick.out" 2>"$tmp/quick.err"
rc=$?
check "run_all.sh --quick exits 0 (got $rc; $(grep -i 'fail' "$tmp/quick.err" | head -n 3))" test $rc -eq 0
for f in m64/summary.csv m64/samples.csv m64/context.json; do
	check "quick study has $f" test -s "$q/$f"
done
check "quick study has 3 pairs of bits blocks and bits/blocks.csv, or m32.skipped" bash -c "[[ ( -s '$q/bits/03-m64/summary.csv' && -s '$q/bits/03-m32/summary.csv' && ! -e '$q/bits/04-m64' && -s '$q/bits/blocks.csv' ) || -s '$q/m32.skipped' ]]"
check "quick study has no m32/ sweep" test ! -e "$q/m32"
check "quick study has pressure/summary.csv with pressure_bytes" \
	grep -q '^run_id,.*pressure_bytes' "$q/pressure/summary.csv"
check "quick study: pressure/ has 8 sizes" test "$(awk -f plots/csv.awk -v cols=pressure_bytes "$q/pressure/summary.csv" | tail -n +2 | cut -d, -f1 | sort -u | wc -l)" -eq 8
check "quick study has 3 pairs of huge-page blocks and tables/blocks.csv, or tables.skipped" \
	bash -c "[[ ( -s '$q/tables/03-hugepage/summary.csv' && -s '$q/tables/03-nohugepage/summary.csv' && -s '$q/tables/blocks.csv' ) || -s '$q/tables.skipped' ]]"
check "quick study's last stdout line is its report or directory" \
	grep -qx "$q\(/report.html\)\{0,1\}" <(tail -n 1 "$tmp/quick.out")
check "quick study: at most 150 lines on stdout and stderr together (got $(cat "$tmp/quick.out" "$tmp/quick.err" | wc -l))" \
	test "$(cat "$tmp/quick.out" "$tmp/quick.err" | wc -l)" -le 150
check "quick study: one line per step on stderr, no compiler command line" \
	bash -c "grep -q '^\[1/[0-9]*\] ' '$tmp/quick.err' && ! grep -qE '^(cc|gcc|clang) ' '$tmp/quick.err'"
check "quick study ends with the answers (answer.txt, at most 16 lines) before its report" \
	bash -c "test \$(wc -l <'$q/answer.txt') -le 16 && tail -n 17 '$tmp/quick.out' | head -n 16 | grep -q '^32 or 64 bit '"
for f in m64/summary.csv pressure/summary.csv compiler/01-gcc/summary.csv compiler/01-clang/summary.csv \
	sim/summary.csv threads/summary.csv kernels.csv report.md; do
	# the compiler blocks need bin-clang, the simulated sweep a machine without live counters,
	# the thread sweep a second CPU
	[[ $f == report.md || $f == kernels.csv || -e $q/${f%%/*} ]] || continue
	check "quick study: the plugin is in $f" grep -q 'example-plugin' "$q/$f"
done
# the thread sweep times the plugin with 2 threads, in its own sampling process (unless a CPU
# was busy with other work: then no kernel is timed with 2 threads, and the row says so)
if [[ -e $q/threads/summary.csv ]]; then
	two=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["kernel"] == "example-plugin" && $c["threads"] == 2 {
			print ($c["ns_median"] > 0 ? "timed" : $c["flags"] ~ /busy with other work/ ? "busy" : $c["flags"]) }' \
		"$q/threads/summary.csv")
	case $two in
	timed) ok ;;
	busy) skipped "quick study: the plugin's 2-thread row: a CPU was busy with other work" ;;
	*) bad "quick study: the plugin is not timed with 2 threads in the thread sweep (${two:-no row})" ;;
	esac
fi
# the first screen says where the plugin ranks, per workload
for f in answer.txt report.md; do
	check "quick study: $f says where the plugin ranks" \
		grep -Eq '^your kernel +example-plugin: stream [0-9]+(st|nd|rd|th) of [0-9]+ ' "$q/$f"
done
check "quick study: the plugin is not in the -m32 blocks (a 64-bit .so)" \
	bash -c "[[ ! -e '$q/bits/01-m32' ]] || ! grep -q example-plugin '$q/bits/01-m32/summary.csv'"
if command -v gnuplot >/dev/null 2>&1; then
	for c in ranking footprint random-vs-real pressure; do
		check "quick study: the plugin is in plots/$c.svg" grep -q 'example-plugin' "$q/plots/$c.svg"
	done
	for c in bits tables branching ranking footprint random-vs-real pressure hugepages sim-l1; do
		check "quick study has plots/$c.png and .svg" test -s "$q/plots/$c.png" -a -s "$q/plots/$c.svg"
	done
fi
# repel.awk keeps labels inside the plot's x range (xlo, xhi): a label whose right side would
# cross xhi goes left, and one whose left side would cross xlo (the "no table" column, drawn at
# xzero = 2 * xlo, over the y axis's numbers) does not go left
printf 'kernel,table_bytes,ns\nobstruction-difference-inline,0,1\n' >"$tmp/repel.csv"
repel() { awk -f plots/repel.awk -v x=table_bytes -v y=ns -v label=kernel -v logx=1 -v logy=1 \
	-v xzero=128 -v cw=0.05 -v lh=0.02 "$@" "$tmp/repel.csv" | awk -F, 'NR == 2 { print $NF }'; }
check "repel.awk: a label crossing xhi goes left" test "$(repel -v xhi=256)" = -1
check "repel.awk: a label never crosses xlo" test "$(repel -v xhi=256 -v xlo=64)" = 1
check "repel.awk: right by default" test "$(repel -v xlo=64)" = 1
finish
