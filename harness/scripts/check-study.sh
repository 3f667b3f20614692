#!/usr/bin/env bash
# check-study.sh - fails on figures no machine can produce, in every summary.csv of a study (or
# of any directories or files given): a row flagged below-bound (core cycles per lookup below
# what the loop's instructions allow; bound-dropped, what bench flags that as now: the bound
# was read wrong on this core) or baseline-invalid (bench's own test of the null), a negative
# time, and a kernel whose whole loop is cheaper than the null kernel's (the empty loop, the
# row flagged baseline) in the same workload (mode, piece, cache state, pressure size,
# threads, dataset): the null's 95% interval of the median (ns_ci_lo..ns_ci_hi) wholly above
# the kernel's, as bench flags baseline-invalid (a file without intervals: the medians apart
# by more than either row's own spread).  Medians alone would fail on noise: with three
# samples a cell, and the same touches in both loops under pressure, a null's median lands
# above a cheap kernel's in a few cells of every study.  A cell of fewer than six samples has
# no 95% interval (its range covers the median 75% of the time at three), so a block's row
# (NN-side/) is judged as the study reads it: the null's medians over every block of that
# side, one process each, against the kernel's, as intervals (six processes or more).
# Each failure is one line naming the file, its line, the row and the reason; the last line
# says how many rows of how many files were checked.  `make check`'s tests/test_gate.sh runs
# it on a small real study of this machine.
#   usage: harness/scripts/check-study.sh DIR|summary.csv...
#   exit: 0 nothing found; 1 something found; 2 usage, or no summary.csv to check
set -euo pipefail
trap 'echo "check-study.sh: failed at line $LINENO" >&2' ERR
if [[ $# -eq 0 || ${1:-} == --help || ${1:-} == -h ]]; then
	sed -n '2,20{s/^# \{0,1\}//p}' "$0"
	[[ $# -gt 0 ]] && exit 0
	exit 2
fi
csv_awk=$(dirname "$0")/../../plots/csv.awk
rank_awk=$(dirname "$0")/order-rank.awk
files=()
for a in "$@"; do
	if [[ -d $a ]]; then
		mapfile -t -O "${#files[@]}" files < <(find "$a" -name summary.csv -type f | sort)
	elif [[ -f $a ]]; then
		files+=("$a")
	else
		echo "check-study.sh: $a: no such file or directory" >&2
		exit 2
	fi
done
[[ ${#files[@]} -gt 0 ]] || { echo "check-study.sh: no summary.csv under $*" >&2; exit 2; }

# The columns read (csv.awk: by name, quotes undone, a missing column an empty cell); whole is
# the whole loop's time per lookup, what the null and a kernel are compared on.
times=ns_min,ns_median,ns_ci_lo,ns_ci_hi,ns_gross_median,ns_net_median,cycles_min,cycles_median
cols=kernel,mode,piece,cache_state,pressure_bytes,threads,dataset,flags,bound_cycles,$times
cols=$cols,whole=ns_gross_median\|ns_median,spread=spread_pct,samples
bad=0 rows=0
for f in "${files[@]}"; do
	out=$(awk -f "$csv_awk" -v cols="$cols" "$f" | awk -F, -v file="$f" -v times="$times" '
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; nt = split(times, t, ","); next }
		{
			row = "line " $c["idx"] + 2 " (" $c["kernel"] ", " $c["mode"] "/" $c["piece"] " " \
			      $c["cache_state"] ($c["pressure_bytes"] != "" ? ", pressure " $c["pressure_bytes"] " B" : "") \
			      ($c["threads"] > 1 ? ", " $c["threads"] " threads" : "") ")"
			flags = ";" $c["flags"]
			if (flags ~ /;(below-bound|bound-dropped)(;|$)/)
				say(row, "flagged " (flags ~ /;below-bound/ ? "below-bound" : "bound-dropped") ": " $c["cycles_median"] " core cycles per lookup, under the bound of " $c["bound_cycles"])
			if (flags ~ /;baseline-invalid(;|$)/)
				say(row, "flagged baseline-invalid: the null kernel dearer than this kernel")
			for (i = 1; i <= nt; i++)
				if ($c[t[i]] != "" && $c[t[i]] + 0 < 0)
					say(row, "negative time: " t[i] " = " $c[t[i]])
			key = $c["mode"] SUBSEP $c["piece"] SUBSEP $c["cache_state"] SUBSEP $c["pressure_bytes"] \
			      SUBSEP ($c["threads"] > 1 ? $c["threads"] : 1) SUBSEP $c["dataset"]
			if ($c["whole"] == "") next
			if ($c["kernel"] == "null" || flags ~ /;baseline(;|$)/) { null[key] = $c["whole"]; nsp[key] = $c["spread"] + 0; nlo[key] = $c["ns_ci_lo"]; nhi[key] = $c["ns_ci_hi"] }
			else if ($c["samples"] == "" || $c["samples"] + 0 >= 6) { n++; k_key[n] = key; k_row[n] = row; k_ns[n] = $c["whole"]; k_sp[n] = $c["spread"] + 0; k_lo[n] = $c["ns_ci_lo"]; k_hi[n] = $c["ns_ci_hi"] }
		}
		function say(row, why) { print file ": " row ": " why; found++ }
		END {
			for (i = 1; i <= n; i++) {
				if (!(k_key[i] in null)) continue
				k = k_key[i]
				if (nlo[k] != "" && k_hi[i] != "") {
					if (nlo[k] + 0 > k_hi[i] + 0)
						say(k_row[i], "the null kernel (" null[k] " ns a lookup, interval " nlo[k] "-" nhi[k] ") is dearer than this kernel (" k_ns[i] " ns, " k_lo[i] "-" k_hi[i] ") in the same workload: their intervals do not meet")
				} else if (null[k] + 0 > (k_ns[i] + 0) * (1 + (k_sp[i] > nsp[k] ? k_sp[i] : nsp[k]) / 100))
					say(k_row[i], "the null kernel (" null[k] " ns a lookup) is dearer than this kernel (" k_ns[i] " ns) in the same workload, beyond the spread of either row")
			}
			print "#rows " NR - 1
			exit (found > 0)
		}') && rc=0 || rc=$?
	[[ $rc -le 1 ]] || { echo "check-study.sh: $f: cannot be read (awk exit $rc)" >&2; exit 2; }
	grep -v '^#rows ' <<<"$out" || true
	rows=$((rows + $(sed -n 's/^#rows //p' <<<"$out")))
	[[ $rc -eq 0 ]] || bad=$((bad + $(grep -vc '^#rows ' <<<"$out")))
done

# The blocks' cells of fewer than six samples, over their side's processes: every NN-side/
# summary.csv of one folder and side read together (the process its number), the null's
# medians and each kernel's as order-statistic intervals of the median (the rank k from the
# binomial, as bench's: order-rank.awk), failing where the null's lies wholly above.
null_check='
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["whole"] == "" || $c["whole"] + 0 <= 0 { next }
		{
			key = $c["mode"] "/" $c["piece"] " " $c["cache_state"] ($c["pressure_bytes"] != "" ? ", pressure " $c["pressure_bytes"] " B" : "") \
			      ($c["threads"] > 1 ? ", " $c["threads"] " threads" : "")
			if ($c["kernel"] == "null" || (";" $c["flags"]) ~ /;baseline(;|$)/) { nv[key] = nv[key] " " $c["whole"]; next }
			if ($c["samples"] == "" || $c["samples"] + 0 >= 6) next
			id = $c["kernel"] ", " key
			if (!(id in kv)) { ids[++nid] = id; idkey[id] = key }
			kv[id] = kv[id] " " $c["whole"]
		}
		function interval(list, lo_hi,   v, n, i, j, t, k) {
			n = split(list, v, " ")
			for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
			k = order_rank(n); if (k < 1) return 0
			lo_hi[1] = v[k]; lo_hi[2] = v[n + 1 - k]; return n
		}
		END {
			for (i = 1; i <= nid; i++) {
				id = ids[i]; key = idkey[id]
				if (!(key in nv)) continue
				if (!(m = interval(nv[key], z)) || interval(kv[id], k) != m) continue
				if (z[1] + 0 > k[2] + 0)
					print group " (" m " processes): " id ": the null kernel\047s medians over the processes (interval " z[1] "-" z[2] " ns a lookup) lie above this kernel\047s (" k[1] "-" k[2] "): their intervals do not meet"
			}
		}'
declare -A group=()
for f in "${files[@]}"; do
	d=$(dirname "$f") b=$(basename "$(dirname "$f")")
	[[ $b =~ ^[0-9][0-9]-(.+)$ ]] && group["$(dirname "$d")/${BASH_REMATCH[1]}"]+="$f"$'\n'
done
for g in "${!group[@]}"; do
	mapfile -t gf < <(printf '%s' "${group[$g]}")
	[[ ${#gf[@]} -ge 6 ]] || continue
	out=$(for i in "${!gf[@]}"; do awk -f "$csv_awk" -v cols="$cols" "${gf[$i]}" | awk -v p="$i" 'NR == 1 && p == 0 { print "proc," $0 } NR > 1 { print p "," $0 }'; done |
	awk -F, -v group="$g" -f "$rank_awk" -f <(printf '%s\n' "$null_check")) || { echo "check-study.sh: $g: cannot be read" >&2; exit 2; }
	[[ -z $out ]] || { printf '%s\n' "$out"; bad=$((bad + $(grep -c . <<<"$out"))); }
done
if [[ $bad -gt 0 ]]; then
	echo "check-study.sh: $bad impossible figure(s) in ${#files[@]} summary.csv file(s), $rows rows"
	exit 1
fi
echo "check-study.sh: ${#files[@]} summary.csv file(s), $rows rows: no impossible figure"
