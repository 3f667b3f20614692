#!/usr/bin/env bash
# test_m32.sh - every kernel also builds and verifies as 32-bit code (make m32 -> bin32/), and
# both builds list the same kernels.  Where the kernel refuses 32-bit programs, bin32 runs under
# qemu-i386 (harness/scripts/run32.sh); where there is no 32-bit libc (gcc-multilib) it is SKIPPED.
# tier: slow
. "$(dirname "$0")/lib.sh"
log=$tmp/log

# skip_rest REASON: the rest cannot run here.
skip_rest() { skipped "$@"; finish; }

if ! printf 'int main(void){return 0;}\n' | ${CC:-cc} -m32 -x c - -o "$tmp/probe" >/dev/null 2>&1; then
	skip_rest "no 32-bit C library here (install gcc-multilib: make deps)"
fi
if ! make --no-print-directory m32 >"$log" 2>&1; then
	bad "make m32:"; tail -n 20 "$log"
	finish
fi
ok

# --native answers 0 or 1; only a non-native run says (once) that it is emulated.
harness/scripts/run32.sh --native
native=$?
if [[ $native -eq 0 || $native -eq 1 ]]; then ok; else
	bad "run32.sh --native exited $native, expected 0 or 1"
fi
if [[ $native -ne 0 ]] && ! command -v qemu-i386 >/dev/null; then
	skip_rest "32-bit programs do not run here and qemu-i386 is missing (install qemu-user: make deps)"
fi
echo "note: 32-bit programs $([[ $native -eq 0 ]] && echo run natively || echo run under qemu-i386) here"

names64=$("$BIN"/slidebench list | awk 'NR > 1 {print $1}')
names32=$(harness/scripts/run32.sh list 2>"$tmp/err" | awk 'NR > 1 {print $1}')
if [[ -n "$names64" && "$names64" == "$names32" ]]; then ok; else
	bad "the 32-bit build lists other kernels:"; diff <(echo "$names64") <(echo "$names32")
fi
notes=$(grep -c 'under qemu-i386' "$tmp/err")
if [[ $native -eq 0 && $notes -eq 0 || $native -eq 1 && $notes -eq 1 ]]; then ok; else
	bad "native=$native but run32.sh said 'under qemu-i386' $notes times:"; cat "$tmp/err"
fi

# Exhaustive per square plus 20,000 random boards per piece (about 15 s under qemu here).
harness/scripts/run32.sh verify --random 20000 --perft-depth 3 >"$log" 2>&1
while read -r name status rest; do
	case $status in
	ok:) ok ;;
	skipped:) echo "note: $name unavailable in 32-bit mode: $rest"; ok ;;
	*) bad "$name $status $rest" ;;
	esac
done < <(grep -E '^[a-z0-9_-]+ +(ok|FAIL|skipped):' "$log")
grep '^mismatch' "$log" | head -n 10
[[ $(grep -cE '^[a-z0-9_-]+ +(ok|FAIL|skipped):' "$log") -eq $(echo "$names32" | wc -l) ]] ||
	{ bad "not every kernel was verified"; cat "$log"; }
finish
