#!/usr/bin/env bash
# test_inline.sh - no timed loop calls a lookup: in the built binary, every kernel's loop
# function (prefix_rs_, _bs_, _qs_, _rc_, _bc_, _qc_, _pos_, _prs_, _peer_, _pr_, or a clone gcc
# makes of one, such as prefix_peer_.isra.0) has no call but memset (hypercube's position state
# starting from the empty board) and the reference kernel's calls to its ray walk (the oracle,
# never a candidate).  gcc stopped inlining part-way through the peer loop's 64 written-out
# lookups in 29 kernels, and called bitrotation's lookups in its stream loops, until the peer
# loop was flattened and those lookups always inlined; a figure with a call in it is the call's
# figure as much as the kernel's.
. "$(dirname "$0")/lib.sh"

if ! command -v objdump >/dev/null; then
	skipped "objdump (binutils) is not installed"
	finish
fi
objdump -d --no-show-raw-insn "$SB" >"$tmp/dis" 2>"$tmp/err" || { bad "objdump -d $SB"; cat "$tmp/err"; finish; }
# A sanitizer build (make sanitize: -O1, every load instrumented) is not the timed build: its
# loops call the sanitizers' checks, and gcc -O1 leaves lookups out of line.
if grep -qE $'\tcall.*<__(asan|ubsan|tsan|msan)_' "$tmp/dis"; then
	skipped "$SB is a sanitizer build: inlining is checked on the optimised build"
	finish
fi
awk '
/^[0-9a-f]+ <[A-Za-z0-9_]+_(rs|bs|qs|rc|bc|qc|pos|prs|peer|pr)_(\.[a-z]+\.[0-9]+)*>:$/ { f = $2; n++; next }
/^$/ { f = "" }
f && /\tcall/ && !/<memset(@plt)?>/ && f !~ /^<ref_/ { print f, $NF; calls++ }
END { print n + 0 > "'"$tmp/nloops"'" }' "$tmp/dis" >"$tmp/calls"

# The pattern must find the loops at all: 10 per kernel, for 40 or more kernels.
nloops=$(cat "$tmp/nloops")
if ((nloops >= 400)); then ok; else bad "found $nloops loop functions in $SB, expected 400 or more"; fi
# and must see a call where there is one (the reference's loops call its ray walk).
if grep -q '<ref_peer_>:.*call' <(awk '/^[0-9a-f]+ <ref_peer_(\.[a-z]+\.[0-9]+)*>:$/ { f = 1 } /^$/ { f = 0 } f && /\tcall/ { print "<ref_peer_>: call"; exit }' "$tmp/dis"); then
	ok
else
	bad "no call found in ref_peer_: the disassembly check sees nothing"
fi
if [[ ! -s $tmp/calls ]]; then ok; else
	bad "timed loops that call out of line ($(wc -l <"$tmp/calls") calls):"
	sort "$tmp/calls" | uniq -c | head -n 20
fi
finish
