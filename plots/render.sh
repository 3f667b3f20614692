#!/usr/bin/env bash
# render.sh - render every chart (plots/*.gp) of a study directory into STUDY/plots/NAME.png
# and NAME.svg.  Usage: plots/render.sh STUDY [NAME...]   (NAME: bits, tables, ... ; default all)
# Without gnuplot it prints one note and exits 0: the result CSVs are what matters.
# A study may come from someone else: gnuplot runs in a fresh temporary folder and sees only
# fixed names there (study, a link to STUDY; plotdir; kernels.csv; context.csv and hugepages.csv,
# which slidebench plot-data writes; out/), never STUDY's path;
# each chart is then moved into STUDY/plots through a fresh temporary file, and a chart whose
# name there is a symbolic link (or a plots/ that is one) is refused, not written through.
# Exit status: 0 ok (or no gnuplot); 1 a chart failed to render, or plot-data refused a result
# file (damaged, or of a newer format); 2 bad usage.
set -euo pipefail
trap 'echo "render.sh: failed at line $LINENO: $BASH_COMMAND" >&2' ERR
here=$(cd "$(dirname "$0")" && pwd)

if [[ $# -lt 1 || $1 == --help || $1 == -h ]]; then
	sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
	[[ $# -ge 1 ]] && exit 0 || exit 2
fi
study=$1; shift
if [[ ! -d $study ]]; then
	echo "render.sh: $study: no such study directory (expected results/<id>/ with m64/ inside)" >&2
	exit 2
fi
if [[ ! -d $study/m64 && -f $study/summary.csv ]]; then
	echo "render.sh: $study is one bench run, not a study (no m64/): the charts compare a study's sweeps. Run ./run_all.sh (with --plugin FILE.so for your own kernel); slidebench report $study writes a report of the run alone" >&2
	exit 2
fi
if ! command -v gnuplot >/dev/null 2>&1; then
	echo "render.sh: gnuplot is not installed, so no charts (the CSVs in $study are complete; apt-get install gnuplot-nox, then plots/render.sh $study)" >&2
	exit 0
fi
out="$study/plots"
# Returns 1 (saying so) when $1 is a symbolic link, which render.sh never writes through.
refuse_link() {
	[[ -L $1 ]] || return 0
	echo "render.sh: $1: a symbolic link; not written through (remove it, then render again)" >&2
	return 1
}
refuse_link "$out" || exit 1
mkdir -p "$out"
refuse_link "$out" || exit 1
# The cross-process comparisons' paired verdicts (bits.gp, hugepages.gp read them): written by
# run_all.sh; made here when a study's blocks lack them.
# BIN names the build to use (make sanitize runs the tests with BIN=bin-san).
case ${BIN:-bin} in /*) sb=$BIN/slidebench ;; *) sb=$here/../${BIN:-bin}/slidebench ;; esac
for cmp in "bits m64 m32" "tables hugepage nohugepage"; do
	set -- $cmp "$@"
	if [[ -r $study/$1/01-$2/summary.csv && ! -s $study/$1/blocks.csv && -x $sb ]]; then
		"$sb" blocks "$study/$1" "$2" "$3" >/dev/null || echo "render.sh: slidebench blocks $study/$1 failed" >&2
	fi
	shift 3
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
declare -A pids
mkdir -p "$tmp/png" "$tmp/svg" "$tmp/out"
ln -s "$(cd "$study" && pwd)" "$tmp/study"
ln -s "$here" "$tmp/plotdir"
# Moves chart $1 (in $tmp/out) into $out: written to a fresh temporary file there, renamed over
# the chart (mv -T); refused when the chart's name in $out is a symbolic link.
install_chart() {
	local t
	refuse_link "$out/$1" || return 1
	t=$(mktemp "$out/.$1.XXXXXX")
	cat "$tmp/out/$1" >"$t" && chmod "$(printf '%o' $((0666 & ~8#$(umask))))" "$t" &&
		mv -T -- "$t" "$out/$1" || { rm -f -- "$t"; return 1; }
}
# The kernels' descriptors: the study's kernels.csv (run_all.sh writes it), else this tree's
# bin/slidebench list --format csv (a study made before it was written).
if [[ -r $study/kernels.csv ]]; then
	cat "$study/kernels.csv" >"$tmp/kernels.csv"
else
	"$sb" list --format csv >"$tmp/kernels.csv" 2>/dev/null ||
		echo "render.sh: no $study/kernels.csv and bin/slidebench list failed: charts that group kernels by their descriptors are empty" >&2
fi
# What the charts read of the runs' context.json (captions, cache sizes, huge pages), as CSVs
# with named columns that slidebench writes (plot-data): context.csv and hugepages.csv.  It
# also refuses a result file of a newer format, which no chart is drawn from.
if [[ ! -x $sb ]]; then
	echo "render.sh: $sb is not built (make all): the captions, cache lines and huge-page read-back are empty" >&2
elif ! "$sb" plot-data "$study" "$tmp" 2>"$tmp/err.data"; then
	echo "render.sh: no charts: $(cat "$tmp/err.data")" >&2
	exit 1
fi
# The charts: those named, else a fleet's (fleet-*.gp: plot-data wrote fleet-chart.csv) or a
# study's (every other one but atlas.gp, the atlas's own chart: harness/scripts/atlas.sh).
if [[ $# -eq 0 ]]; then
	if [[ -s $tmp/fleet-chart.csv ]]; then
		set -- $(cd "$here" && ls -- fleet-*.gp | sed 's/\.gp$//')
	else
		set -- $(cd "$here" && ls -- *.gp | grep -Ev '^(common|atlas|fleet-.*)\.gp$' | sed 's/\.gp$//')
	fi
fi
for name in "$@"; do
	if [[ ! -f $here/$name.gp ]]; then
		echo "render.sh: no chart $name (plots/$name.gp)" >&2; fail=1; continue
	fi
	# PNG and SVG side by side (each gnuplot run is mostly waiting on its awk helpers)
	for fmt in png svg; do
		(cd "$tmp" && exec gnuplot -e "study='study'; outdir='out'; tmp='$fmt'; plotdir='plotdir'; fmt='$fmt'; kcsv='kernels.csv'; ctxcsv='context.csv'; hpcsv='hugepages.csv'; fccsv='fleet-chart.csv'" \
			"plotdir/$name.gp") 2>"$tmp/err.$fmt" &
		pids[$fmt]=$!
	done
	for fmt in png svg; do
		if ! wait "${pids[$fmt]}"; then
			echo "render.sh: $name.$fmt failed:" >&2; sed 's/^/  /' "$tmp/err.$fmt" >&2; fail=1; continue
		fi
		# gnuplot warns on stderr (e.g. a panel without points); pass them on, tagged
		[[ -s $tmp/err.$fmt ]] && sed "s/^/render.sh: $name.$fmt: /" "$tmp/err.$fmt" >&2
		# a chart is NAME.fmt, or one per part, NAME-1.fmt, NAME-2.fmt, ... (fleet-ranks)
		files=$(cd "$tmp/out" && ls -- "$name.$fmt" "$name"-[0-9]*."$fmt" 2>/dev/null || true)
		if [[ -z $files ]]; then
			echo "render.sh: $name.$fmt is empty" >&2; fail=1
		fi
		for f in $files; do
			if [[ ! -s $tmp/out/$f ]]; then
				echo "render.sh: $f is empty" >&2; fail=1
			elif ! install_chart "$f"; then
				fail=1
			elif [[ $fmt == png ]]; then
				echo "$out/$f"
			fi
		done
	done
done
exit $fail
