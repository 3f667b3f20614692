#!/usr/bin/env bash
# test_bounds.sh - harness/scripts/bounds.sh reads how many lookups an iteration makes from the
# loop itself: the same chain loop built plain and unrolled by 2 and by 8 (with gcc, and with
# clang where it is installed) gets 1, 2 and 8 lookups an iteration and a bound per lookup no
# higher than the plain loop's; a loop with a branch inside gets none, with the reason.
. "$(dirname "$0")/lib.sh"

if ! command -v objdump >/dev/null || [[ $(uname -m) != x86_64 ]]; then
	skipped "bounds are counted for x86-64 with objdump (binutils); this is $(uname -m)"
	finish
fi
# field NAME COLUMN: column COLUMN of loop X_rc_'s row, for the X_run whose symbol is NAME
field() {
	local off
	off=$(nm --defined-only "$exe" | awk -v n="$1" '$3 == n { print $1 }')
	awk -F, -v o="$((16#${off:-0}))" -v c="$2" '$1 == o && $2 == "rc" { print $c }' "$out"
}
for cc in gcc clang; do
	if ! command -v $cc >/dev/null; then
		skipped "$cc is not installed"
		continue
	fi
	exe=$tmp/unrolled-$cc out=$tmp/unrolled-$cc.csv
	check "$cc builds the fixture" $cc -O2 -fno-tree-vectorize tests/data/bounds/unrolled.c -o "$exe"
	check "bounds.sh on the $cc fixture" harness/scripts/bounds.sh "$exe" "$out"
	for u in 1 2 8; do
		got=$(field u${u}_run 3)
		[[ $got == "$u" ]] && ok || bad "$cc: loop unrolled by $u: lookups_per_iter '$got', expected $u ($(cat "$out"))"
	done
	b1=$(field u1_run 5) b8=$(field u8_run 5)
	if [[ -n $b1 && -n $b8 ]] && awk -v a="$b8" -v b="$b1" 'BEGIN { exit !(a <= b && a >= b / 2) }'; then ok; else
		bad "$cc: bound per lookup unrolled by 8 ($b8) should be at most the plain loop's ($b1) and more than half of it"
	fi
	note=$(field br_run 7)
	[[ -z $(field br_run 5) && -n $note ]] && ok || bad "$cc: a loop with a branch inside: bound '$(field br_run 5)', note '$note'"
done
finish
