#!/usr/bin/env bash
# atlas.sh - add a machine to the atlas: docs/atlas/<kind>/ gets a full study's answer.txt,
# verdicts.csv, report.html, report.md, plots/*.png and a README naming the machine, the build
# and each kernel's efficiency against its bound, with the machine's peer table (docs/peer.md);
# then docs/atlas/README.md, the table of every entry present, and its chart are written again.
# <kind> is vendor-microarchitecture-fFAMILYmMODEL-hypervisor (e.g. amd-zen5-f26m2-bhyve).
# Usage: harness/scripts/atlas.sh [--atlas DIR] [--provisional] STUDY  (a full study, ./run_all.sh)
#        harness/scripts/atlas.sh [--atlas DIR] --from-sample DIR  (a folder sample.sh wrote)
#        harness/scripts/atlas.sh [--atlas DIR] --index  (the table and chart again, only)
# Refused (exit 1, with the reason): a quick study, a busy one (its report or its host record
# says so) and an emulated CPU; a file that is a symbolic link.  --provisional accepts a study
# whose host was busy beyond the guest (rows unstable, the guest's other CPUs quiet), marked
# provisional wherever the atlas names it, for a machine kind no quiet study has been made on;
# it never replaces a quiet entry.  A study's m64/context.json and m64/summary.csv are kept in
# the entry, so the entry can be made again from itself.  Every file read is untrusted: its
# values go into Markdown and CSV, never to a shell.  DIR defaults to docs/atlas.
set -euo pipefail
cd "$(dirname "$0")/../.."
usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; }
die() { echo "atlas.sh: $*" >&2; exit 1; }
atlas=docs/atlas how=study src="" index_only="" prov=()
while [[ $# -gt 0 ]]; do
	case $1 in
	--atlas) [[ $# -ge 2 && -n $2 ]] || { usage >&2; exit 2; }; atlas=$2; shift 2 ;;
	--from-sample) [[ $# -ge 2 && -n $2 ]] || { usage >&2; exit 2; }; how=sample src=$2; shift 2 ;;
	--index) index_only=1; shift ;;
	--provisional) prov=(provisional); shift ;;
	-h | --help) usage; exit 0 ;;
	-*) echo "atlas.sh: $1: unknown option (see --help)" >&2; exit 2 ;;
	*) [[ -z $src ]] || { usage >&2; exit 2; }; src=$1; shift ;;
	esac
done
[[ -n $index_only || -n $src ]] || { usage >&2; exit 2; }
[[ -n $index_only && -n $src ]] && { echo "atlas.sh: --index takes no study" >&2; exit 2; }
# the chart's script names the atlas folder in one command: a plain path only
[[ $atlas =~ ^[A-Za-z0-9._/+-]+$ ]] || die "$atlas: an atlas folder is letters, digits and ._/+-"
[[ -L $atlas ]] && die "$atlas: a symbolic link (not followed)"
mkdir -p "$atlas"

index() {
	local n
	n=$(python3 harness/scripts/atlas.py index "$atlas" docs/peer.md)
	rm -f "$atlas/factors.png"
	if [[ $(wc -l <"$atlas/factors.csv") -gt 1 ]]; then
		gnuplot -c plots/atlas.gp "$atlas/factors.csv" "$atlas/factors.png"
	fi
	echo "atlas.sh: $atlas/README.md: $n machine(s)"
}
if [[ -n $index_only ]]; then
	index
	exit 0
fi

[[ -d $src && ! -L $src ]] || die "$src: not a folder (or a symbolic link)"
need=(report.html report.md answer.txt verdicts.csv)
if [[ $how == study ]]; then need+=(m64/context.json m64/summary.csv); else need+=(README.md); fi
for f in "${need[@]}"; do
	[[ -f $src/$f && ! -L $src/$f ]] || die "$src/$f: missing or a symbolic link (run ./run_all.sh, or bin/slidebench report $src)"
done
[[ -L $src/m64 || -L $src/plots ]] && die "$src: m64/ or plots/ is a symbolic link (not followed)"
kind=$(python3 harness/scripts/atlas.py check "$src" "$how" "${prov[@]}")
[[ $kind =~ ^[a-z0-9][a-z0-9-]*$ ]] || die "$kind: not a machine kind"
if [[ ${#prov[@]} -gt 0 && -f $atlas/$kind/entry.json ]] && ! grep -q '"provisional":' "$atlas/$kind/entry.json"; then
	die "refused: $atlas/$kind/ is a quiet study's entry: a provisional one does not replace it"
fi
new=$atlas/.$kind.new
rm -rf "$new"
mkdir -p "$new/plots"
trap 'rm -rf "$new"' EXIT
cp "$src/report.html" "$src/report.md" "$src/answer.txt" "$src/verdicts.csv" "$new/"
if [[ $how == study ]]; then
	mkdir "$new/m64"
	cp "$src/m64/context.json" "$src/m64/summary.csv" "$new/m64/"
fi
if [[ -d $src/plots ]]; then
	for p in "$src"/plots/*.png; do
		[[ -f $p && ! -L $p ]] && cp "$p" "$new/plots/"
	done
fi
got=$(python3 harness/scripts/atlas.py entry "$src" "$how" "$new" docs/peer.md "${prov[@]}")
[[ $got == "$kind" ]] || die "$src: its kind changed while it was read ($kind, then $got)"
rm -rf "${atlas:?}/$kind"
mv "$new" "$atlas/$kind"
trap - EXIT
echo "atlas.sh: $atlas/$kind/ from $src"
index
