#!/usr/bin/env bash
# test_runall_plan.sh - run_all.sh --plan: the cross-process comparisons (bits: the -m32 build
# against the 64-bit build of the same -march; tables: huge pages against none; compiler: the
# gcc build against the clang build) run as
# alternating blocks A B B A A B ..., at least six pairs in a full run (five can never reach
# p < 0.05 in the signed-rank test) and three with --quick; the bits blocks' 64-bit side is
# bin/slidebench-sim (the -m32 build's -march), never bin/slidebench (-march=native); the
# compiler blocks run bin/slidebench (gcc) and bin-clang/slidebench (clang), every kernel, in
# every mode a verdict is asked of: stream, chain, pointer, position, random, peer, perft and
# pressure at the pressure run's sizes (the gcc blocks are the processes the report measures
# what moves between processes over: a mode's cells need that mode's blocks; a study settled an
# 8 MiB pressure verdict on a term measured on other modes that the next two studies reversed).
. "$(dirname "$0")/lib.sh"

# Checks the blocks of comparison $1 in plan file $2: pairs NN = 01.. in order, each pair's
# two sides different, each pair starting with the side the previous pair ended with (A B B A),
# pair 01 starting with side $3; at least $4 pairs.
alternates() {
	awk -v cmp="$1" -v first="$3" -v min="$4" '
	$1 ~ "^" cmp "/" {
		split(substr($1, length(cmp) + 2), p, "-"); nn = p[1] + 0; side = p[2]
		n++
		if (n % 2 == 1) {
			if (nn != ++pairs) { print "block " n ": pair " nn ", expected " pairs; bad = 1 }
			want = (pairs == 1) ? first : last
			if (side != want) { print "pair " nn " starts with " side ", expected " want; bad = 1 }
			a = side
		} else {
			if (nn != pairs) { print "block " n ": pair " nn " after pair " pairs; bad = 1 }
			if (side == a) { print "pair " nn ": both blocks " side; bad = 1 }
		}
		last = side
	}
	END {
		if (n % 2) { print "an odd number of blocks"; bad = 1 }
		if (pairs < min) { print pairs " pairs, fewer than " min; bad = 1 }
		exit bad
	}' "$2"
}

./run_all.sh --plan >"$tmp/full" 2>"$tmp/err" || bad "run_all.sh --plan failed: $(cat "$tmp/err")"
./run_all.sh --plan --quick >"$tmp/quick" 2>>"$tmp/err" || bad "run_all.sh --plan --quick failed"
check "full: bits blocks alternate, >= 6 pairs" alternates bits "$tmp/full" m64 6
check "full: tables blocks alternate, >= 6 pairs" alternates tables "$tmp/full" hugepage 6
check "quick: bits blocks alternate, >= 3 pairs" alternates bits "$tmp/quick" m64 3
check "quick: tables blocks alternate, >= 3 pairs" alternates tables "$tmp/quick" hugepage 3
check "full: compiler blocks alternate, >= 6 pairs" alternates compiler "$tmp/full" gcc 6
check "quick: compiler blocks alternate, >= 3 pairs" alternates compiler "$tmp/quick" gcc 3
check "full: exactly 6 compiler pairs (12 blocks)" test "$(grep -c '^compiler/' "$tmp/full")" -eq 12
check "quick: exactly 3 compiler pairs (6 blocks)" test "$(grep -c '^compiler/' "$tmp/quick")" -eq 6
check "--pairs 8: 16 compiler blocks" test "$(./run_all.sh --plan --pairs 8 | grep -c '^compiler/')" -eq 16
check "gcc blocks run bin/slidebench" bash -c "grep '^compiler/[0-9]*-gcc ' '$tmp/full' | grep -qv ' bin/slidebench --mode' && exit 1 || exit 0"
check "clang blocks run bin-clang/slidebench" bash -c "grep '^compiler/[0-9]*-clang ' '$tmp/full' | grep -qv ' bin-clang/slidebench --mode' && exit 1 || exit 0"
check "compiler blocks time every verdict's mode" bash -c "grep '^compiler/' '$tmp/full' | grep -v -- '--mode stream,chain,pointer,position,random,peer,perft,pressure --pressure 0,8K,16K,32K,64K,256K,1M,8M' && exit 1 || exit 0"
check "quick: compiler blocks leave perft out (under a minute)" bash -c "grep '^compiler/' '$tmp/quick' | grep -q -- 'perft' && exit 1 || grep -q '^compiler/01-gcc .*--mode stream,chain,pointer,position,random,peer,pressure ' '$tmp/quick'"
check "compiler blocks time the pressure run's sizes" bash -c "p=\$(grep -o -- '--pressure [^ ]*' '$tmp/full' | sort -u | wc -l); test \$p -eq 1"
check "both sides time the same modes" test "$(grep '^compiler/' "$tmp/full" | sed 's/.* --mode //' | sort -u | wc -l)" -eq 1
check "compiler blocks time every kernel but the reference (without --kernels)" bash -c "grep '^compiler/' '$tmp/full' | grep -qv -- '--kernel EVERY-KERNEL-BUT-THE-REFERENCE\$' && exit 1 || exit 0"
check "--kernels reaches the compiler blocks" bash -c "./run_all.sh --plan --kernels pext,rotated | grep '^compiler/01-clang ' | grep -q -- '--kernel pext,rotated'"
check "full: exactly 6 bits pairs (12 blocks)" test "$(grep -c '^bits/' "$tmp/full")" -eq 12
check "quick: exactly 3 tables pairs (6 blocks)" test "$(grep -c '^tables/' "$tmp/quick")" -eq 6
check "--pairs 8: 16 bits blocks" test "$(./run_all.sh --plan --pairs 8 | grep -c '^bits/')" -eq 16
check "m64 blocks run bin/slidebench-sim" bash -c "grep '^bits/[0-9]*-m64 ' '$tmp/full' | grep -qv 'bin/slidebench-sim' && exit 1 || exit 0"
check "m32 blocks run bin32/slidebench" bash -c "grep '^bits/[0-9]*-m32 ' '$tmp/full' | grep -qv 'bin32/slidebench' && exit 1 || exit 0"
# search: the main sweep only (the -m32 and simulation builds have no search loop), fewer roots in
# a quick study
check "full: the main sweep runs perft and search" grep -q '^m64 bin/slidebench bench .*--mode default,perft,search .*--search-positions 3' "$tmp/full"
check "quick: the main sweep searches 2 roots" grep -q '^m64 .*--mode default,perft,search .*--search-positions 2' "$tmp/quick"
check "no block runs search" bash -c "grep -E '^(bits|tables|compiler)/' '$tmp/full' | grep -q search && exit 1 || exit 0"
check "--kernels reaches the main sweep" bash -c "./run_all.sh --plan --kernels pext,rotated | grep -q '^m64 .*--kernel pext,rotated'"
check "hugepage blocks pass --tables hugepage" grep -q '^tables/01-hugepage .*--tables hugepage' "$tmp/full"
# the checker itself catches a plan that does not alternate, and one with too few pairs
printf 'bits/01-m64 x\nbits/01-m32 x\nbits/02-m64 x\nbits/02-m32 x\n' >"$tmp/abab"
if alternates bits "$tmp/abab" m64 2 >/dev/null; then bad "A B A B passed as alternating"; else ok; fi
if alternates bits "$tmp/quick" m64 6 >/dev/null; then bad "3 pairs passed as >= 6"; else ok; fi
expect "--pairs 0 is refused" 2 'pairs' -- ./run_all.sh --plan --pairs 0
# Every option's value is refused before anything is built or written (exit 2, the study folder
# never made): they were passed on to each bench, which failed with exit 1 and left a folder
# that blocked the same --out.  (--plan: were a value let through, nothing would run.)
for a in "--samples abc" "--samples 0" "--samples 100001" "--samples 3x" "--cpu 4095" "--cpu x" \
	"--cpu -1" "--trace $tmp/none.trace" "--trace $tmp" "--kernels pext,,rotated" \
	"--bench-only --kernels pext,no-such-kernel" "-- --out elsewhere" "--node-ns abc" "--node-ns -5"; do
	# shellcheck disable=SC2086 # the option and its value, split
	expect "$a is refused" 2 "run_all.sh: (--|bench argument)" -- ./run_all.sh --plan --out "$tmp/refused" $a
done
check "a refused option makes no study directory" test ! -e "$tmp/refused"
# A misspelt kernel is refused before any build, naming the closest kernel: from bin/slidebench's
# list, and from the kernels/*.c names in a tree not built yet.
expect "--kernels pex is refused, pext named" 2 'unknown kernel "pex" \(closest: pext; known: .*,magic-plain,' -- \
	./run_all.sh --kernels pex --plan
mkdir "$tmp/unbuilt" && cp run_all.sh "$tmp/unbuilt/" && ln -s "$PWD/kernels" "$tmp/unbuilt/kernels" &&
	ln -s "$PWD/harness" "$tmp/unbuilt/harness"   # (run_all.sh's steps: harness/scripts/study/)
expect "--kernels pex is refused in a tree not built" 2 'unknown kernel "pex" \(closest: pext; known: ' -- \
	"$tmp/unbuilt/run_all.sh" --kernels pex --plan
expect "--kernels pext is let through in a tree not built" 0 '^bits/01-m64' -- \
	"$tmp/unbuilt/run_all.sh" --kernels pext --plan
expect "--plan prints the plan" 0 '^bits/01-m64' -- ./run_all.sh --plan --out "$tmp/study"
check "--plan writes no study directory" test ! -e "$tmp/study"
# --cpu N keeps the whole study on N (the shell's own affinity, which every build and chart
# inherits), read back from the kernel; without --cpu the line is not printed
last=$(harness/scripts/cpus.sh | tail -n 1)
if command -v taskset >/dev/null; then
	expect "--cpu $last: the whole study on it" 0 "^# the whole study \(builds, verification, benches, charts\) runs on cpus $last\$" -- \
		./run_all.sh --plan --cpu "$last"
else
	skipped "taskset (util-linux) is not installed"
fi
./run_all.sh --plan | grep -q '^# the whole study' && bad "--plan without --cpu says the study is kept to cpus" || ok
finish
