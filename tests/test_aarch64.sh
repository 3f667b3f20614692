#!/usr/bin/env bash
# test_aarch64.sh - the 64-bit ARM build (make aarch64-prog -> bin-aarch64/slidebench, cross-
# compiled by clang) under qemu-aarch64: list names every x86-only kernel unavailable with its
# reason and every other available (the NEON forms of three SIMD kernels among them); verify passes every available kernel with 0 mismatches;
# perft startpos 5 counts 4,865,609; bench refuses to time under emulation, and times anyway
# (functionally) with SLIDEBENCH_TIME_EMULATED=1, writing a run that says it was emulated;
# traces and run directories written on either architecture read the same on the other.
# SKIPPED with the reason where the cross toolchain or qemu-aarch64 is missing (make deps
# installs them), or on an aarch64 machine (its own make test covers it).
# The plugins' cross build is in the slow tier (tests/test_aarch64_plugins.sh).
. "$(dirname "$0")/lib.sh"
log=$tmp/log
BA=${BIN_AARCH64:-bin-aarch64}
run=harness/scripts/run-aarch64.sh
unset SLIDEBENCH_TIME_EMULATED  # the refusal is checked as a user meets it
# The kernels that need x86 instructions and have no aarch64 form: unavailable there (the
# spec, not a result); avx2-shift, dumb7-avx2 and galois-field have NEON forms and run.
X86_ONLY="binary-network kogge-stone-avx512 pext split-pext"
NEON="avx2-shift dumb7-avx2 galois-field"

skip_rest() { skipped "$@"; finish; }
[[ -x $SB ]] || skip_rest "$SB is missing (make all)"
if $run --native; then
	skip_rest "this machine is aarch64: its own make test runs every test natively"
fi
if ! printf '#include <jansson.h>\nint main(void){return json_object()==0;}\n' |
	clang --target=aarch64-linux-gnu -x c - -o "$tmp/probe" -ljansson >"$log" 2>&1; then
	sed 's/^/  /' "$log" | head -n 5
	skip_rest "no aarch64 cross toolchain here (clang, binutils-aarch64-linux-gnu," \
		"libc6-dev-arm64-cross, libgcc-12-dev-arm64-cross, libjansson-dev:arm64: make deps)"
fi
command -v qemu-aarch64 >/dev/null || skip_rest "qemu-aarch64 is missing (qemu-user: make deps)"

# the cross build is a build of its own: not with the flags of a make that runs these tests
# (make sanitize's -fsanitize has no aarch64 runtime to link), which reach us in MAKEFLAGS
# and as environment variables; warnings as errors (CI's WERROR=1) are kept
cross_make=(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u BUILD -u BIN -u OPT -u EXTRA_FLAGS -u ARCH make)
[[ " ${MAKEFLAGS:-} ${WERROR:+WERROR=$WERROR} " == *" WERROR=1 "* ]] && cross_make+=(WERROR=1)
if ! "${cross_make[@]}" --no-print-directory aarch64-prog BIN_AARCH64="$BA" >"$log" 2>&1; then
	bad "make aarch64-prog:"; tail -n 20 "$log"
	finish
fi
ok
machine=$(od -An -tx1 -j18 -N2 "$BA/slidebench" | tr -d ' \n')
[[ $machine == b700 ]] && ok || bad "$BA/slidebench is not an aarch64 program (ELF machine $machine)"
A() { BIN_AARCH64=$BA $run "$@"; }

# list: the same kernels as the native build; the x86-only ones unavailable, saying why.
names=$("$SB" list | awk 'NR > 1 {print $1}')
A list >"$tmp/list" 2>/dev/null || bad "list exited $?"
[[ -n $names && "$names" == "$(awk 'NR > 1 {print $1}' "$tmp/list")" ]] && ok ||
	{ bad "the aarch64 build lists other kernels:"; diff <(echo "$names") <(awk 'NR > 1 {print $1}' "$tmp/list"); }
for k in $X86_ONLY; do
	grep -Eq "^$k +.*unavailable: needs x86[ -].*\(this build is for aarch64\)$" "$tmp/list" && ok ||
		bad "$k is not unavailable with an x86 reason: $(grep "^$k " "$tmp/list")"
done
unavail=$(awk 'NR > 1 && / unavailable: / {print $1}' "$tmp/list" | xargs)
[[ $unavail == "$X86_ONLY" ]] && ok || bad "unavailable on aarch64: '$unavail', expected '$X86_ONLY'"
for k in $NEON; do
	grep -Eq "^$k .* available$" "$tmp/list" && ok || bad "$k has no NEON form: $(grep "^$k " "$tmp/list")"
done
grep -E '^(pext|galois-field) ' "$tmp/list" | sed 's/^/  /'

# verify: exhaustive per square plus 20,000 random boards per piece, perft to depth 3.
A verify --random 20000 --perft-depth 3 >"$log" 2>&1
rc=$?
[[ $rc -eq 0 ]] && ok || bad "verify exited $rc"
navail=0
while read -r name status rest; do
	case $status in
	ok:) [[ $rest == *", 0 mismatches" ]] && ok || bad "$name: $rest"; navail=$((navail + 1)) ;;
	skipped:) [[ " $X86_ONLY " == *" $name "* ]] && ok || bad "$name skipped: $rest" ;;
	*) bad "$name $status $rest" ;;
	esac
done < <(grep -E '^[a-z0-9_-]+ +(ok|FAIL|skipped):' "$log")
grep '^mismatch' "$log" | head -n 10
[[ $(grep -cE '^[a-z0-9_-]+ +(ok|FAIL|skipped):' "$log") -eq $(echo "$names" | wc -l) ]] && ok ||
	{ bad "not every kernel was verified"; tail -n 20 "$log"; }
[[ $(grep -cE '^[a-z0-9_-]+ +perft ok: ' "$log") -eq $navail ]] && ok ||
	{ bad "not every available kernel passed perft"; grep perft "$log" | grep -v 'perft ok' | head; }
echo "note: $navail kernels verified under qemu-aarch64, 0 mismatches"

expect "perft startpos 5" 0 '4,865,609' -- A perft startpos 5

# Traces: converted from the same PGN on both sides, byte for byte; each read by the other.
D=tests/data
check "trace (x86)" "$SB" trace $D/features.pgn -o "$tmp/x86.trace"
check "trace (aarch64)" A trace $D/features.pgn -o "$tmp/arm.trace"
cmp "$tmp/x86.trace" "$tmp/arm.trace" && ok || bad "the two architectures wrote different traces"
for t in x86 arm; do
	"$SB" trace-dump "$tmp/$t.trace" >"$tmp/$t.dump.x86" 2>&1 || bad "x86 trace-dump $t.trace"
	A trace-dump "$tmp/$t.trace" >"$tmp/$t.dump.arm" 2>/dev/null || bad "aarch64 trace-dump $t.trace"
	cmp -s "$tmp/$t.dump.x86" "$tmp/$t.dump.arm" && [[ -s $tmp/$t.dump.x86 ]] && ok ||
		bad "$t.trace dumps differently on x86 and aarch64"
	"$SB" trace-info "$tmp/$t.trace" >"$tmp/$t.info.x86" 2>&1 || bad "x86 trace-info $t.trace"
	A trace-info "$tmp/$t.trace" >"$tmp/$t.info.arm" 2>/dev/null || bad "aarch64 trace-info $t.trace"
	cmp -s "$tmp/$t.info.x86" "$tmp/$t.info.arm" && ok ||
		{ bad "trace-info of $t.trace differs:"; diff "$tmp/$t.info.x86" "$tmp/$t.info.arm"; }
done

# bench refuses to time under emulation, before it writes anything.
Q=(--kernel reference,magic-plain --mode stream --trace "$tmp/x86.trace" --samples 2 --warmup 0
	--epochs 1 --min-lookups 2000 --events none)
expect "bench refuses under emulation" 1 \
	'slidebench bench: refusing to time: this aarch64 program runs under a user-mode emulator' \
	'the kernel is x86_64' 'Time it on aarch64 hardware' 'SLIDEBENCH_TIME_EMULATED=1 times it anyway' \
	-- A bench "${Q[@]}" --out "$tmp/refused"
grep 'refusing' "$tmp/out" | sed 's/^/  /'
[[ ! -e $tmp/refused ]] && ok || bad "a refused bench left $tmp/refused"

# ... and, told to, times anyway as a functional check (every kernel: a machine without
# PEXT), and the run says it was emulated.
expect "bench with SLIDEBENCH_TIME_EMULATED=1" 0 'timing under emulation because SLIDEBENCH_TIME_EMULATED=1' \
	-- env SLIDEBENCH_TIME_EMULATED=1 BIN_AARCH64="$BA" $run bench "${Q[@]:2}" --quiet --out "$tmp/armrun"
ctx=$tmp/armrun/context.json
for want in '"arch": "aarch64"' '"emulated": true' '"source": "cntvct_el0"' '"kernel_arch": "x86_64"'; do
	grep -qF "$want" "$ctx" 2>/dev/null && ok || bad "context.json of the emulated run lacks $want"
done
# Run directories: each architecture's run read by both gives the same export.
check "bench (x86)" "$SB" bench "${Q[@]}" --quiet --out "$tmp/x86run"
grep -qF '"emulated": false' "$tmp/x86run/context.json" && ok || bad "the native run is not \"emulated\": false"
for r in x86run armrun; do
	"$SB" export --format gbench "$tmp/$r" >"$tmp/$r.x86.json" 2>"$tmp/err" || bad "x86 export $r: $(cat "$tmp/err")"
	A export --format gbench "$tmp/$r" >"$tmp/$r.arm.json" 2>/dev/null || bad "aarch64 export $r"
	cmp -s "$tmp/$r.x86.json" "$tmp/$r.arm.json" && grep -q '"benchmarks"' "$tmp/$r.x86.json" && ok ||
		{ bad "export of $r differs between x86 and aarch64:"; diff "$tmp/$r.x86.json" "$tmp/$r.arm.json" | head; }
done
# The report of the aarch64 run (no pext there): the x86-only kernels counted unavailable, with
# their reasons, not as failures.
nx=$(wc -w <<<"$X86_ONLY")
expect "report of the aarch64 run" 0 'report\.md' -- "$SB" report "$tmp/armrun"
grep -q "0 failed verification (or were refused), $nx unavailable on this machine" "$tmp/armrun/report.md" && ok ||
	bad "report.md does not count $nx unavailable: $(grep -o '[0-9]* kernels timed.*machine' "$tmp/armrun/report.md")"
grep -q '^- pext: unavailable: needs x86 BMI2 (this build is for aarch64)' "$tmp/armrun/report.md" && ok ||
	bad "report.md does not list pext as unavailable with its reason"
finish
