#!/usr/bin/env bash
# options-md.sh - writes every command's options, from the option tables of the program
# (`slidebench help-markdown`), into README.md (one row per command, between <!-- options -->
# and <!-- /options -->) and docs/program.md (one section per command, between
# <!-- options-full --> and <!-- /options-full -->).  tests/test_options_md.sh fails when
# either block differs from what this build prints.
#   usage: harness/scripts/options-md.sh [BIN]   (BIN: the build directory, default bin)
set -euo pipefail
trap 'echo "options-md.sh: line $LINENO: failed" >&2' ERR
if [[ ${1:-} == --help || ${1:-} == -h ]]; then
	sed -n '2,/^set /{/^# \{0,1\}/s/^# \{0,1\}//p}' "$0"
	exit 0
fi
cd "$(dirname "$0")/../.."
SB=${1:-bin}/slidebench
[[ -x $SB ]] || { echo "options-md.sh: no $SB: build it with make all" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# replace FILE MARKER TEXT_FILE: the lines between <!-- MARKER --> and <!-- /MARKER --> become
# TEXT_FILE's.
replace() {
	if ! grep -qx "<!-- $2 -->" "$1" || ! grep -qx "<!-- /$2 -->" "$1"; then
		echo "options-md.sh: $1 has no <!-- $2 --> ... <!-- /$2 --> block" >&2
		exit 1
	fi
	awk -v first="<!-- $2 -->" -v last="<!-- /$2 -->" -v text="$3" '
		$0 == first { print; while ((getline l < text) > 0) print l; skip = 1; next }
		$0 == last { skip = 0 }
		!skip' "$1" >"$tmp/new"
	cat "$tmp/new" >"$1"
}

"$SB" help-markdown --summary >"$tmp/summary"
"$SB" help-markdown >"$tmp/full"
replace README.md options "$tmp/summary"
replace docs/program.md options-full "$tmp/full"
echo "options-md.sh: README.md and docs/program.md hold the options of $SB"
