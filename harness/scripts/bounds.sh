#!/usr/bin/env bash
# bounds.sh - the fewest core cycles per lookup each kernel's timed loops allow on this CPU,
# counted from the compiled loops themselves: every kernel loop of BINARY is disassembled
# (objdump), its steady-state body found, and its instructions counted against this core's
# hard limits: instructions renamed per cycle (W), loads per cycle (L), stores per cycle (S),
# and one PEXT/PDEP per cycle (one unit on every x86 core that has them).  The bound of an
# iteration is the largest of n/W, loads/L, stores/S and pext/1, over the lookups one iteration
# makes.  It is a floor, not an estimate: a figure below it is a measurement error (bench flags
# it `below-bound` and never ranks it).  Latencies are left out (a chain loop's bound is its
# throughput's), so a latency-bound loop runs well above it.
#
# Usage: harness/scripts/bounds.sh BINARY [OUT.csv]      (default OUT: BINARY.bounds.csv)
#
# Which loops have a bound: a loop body with no branch but its own back edge (a kernel whose
# lookups branch or loop runs a number of instructions that depends on the data, and has none).
# Stream loops make 4 lookups an iteration, chain loops 1, the peer loop 64; the position and
# pressure loops' inner loops (one slider each, found by their bit scan) 1, and the bound is the
# cheaper of the pieces' loops (the positions' own work only adds); peer-random's inner loop 1
# (12 where gcc unrolled it).  Pointer mode (a call per lookup) and perft (a tree walk) have none.
#
# Why not llvm-mca: its model is an estimate, not a floor.  llvm-mca 19's Sapphire Rapids model
# sends every scaled LEA to port 1 beside PEXT, and put pext's stream loop at 3.05 cycles a
# lookup on an Emerald Rapids core that runs it at 2.2 (two LEAs and a PEXT per lookup; the
# core runs LEA on five ports).
set -euo pipefail
trap 'echo "bounds.sh: failed at line $LINENO" >&2' ERR

if [[ ${1:-} == --help || $# -lt 1 ]]; then
	sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
	[[ ${1:-} == --help ]] && exit 0 || exit 2
fi
bin=$1
out=${2:-$bin.bounds.csv}
# The limits below are x86 cores' and objdump reads x86 code: a program for another machine
# (ELF e_machine, bytes 18-19: 0x3e x86-64, 0x03 i386; 0xb7 is aarch64) has no bounds here.
machine=$(od -An -tx1 -j18 -N2 "$bin" 2>/dev/null | tr -d ' \n')
if [[ $machine != 3e00 && $machine != 0300 ]]; then
	echo "bounds.sh: $bin is not an x86 program (ELF machine 0x${machine:2:2}${machine:0:2}):" \
		"its bounds are counted for x86 cores only" >&2
	exit 1
fi
header="run_offset,loop,lookups_per_iter,cycles_per_iter,bound_cycles,core,note"

# This core's limits: W instructions renamed a cycle, L loads and S stores a cycle (from
# /proc/cpuinfo's vendor, family and model; an unknown core gets the widest x86 core's, so
# the floor stays a floor).
read -r vendor family model < <(awk -F': *' '/^vendor_id/ { v = $2 } /^cpu family/ { f = $2 }
	/^model[ \t]*:/ { m = $2 } END { print v, f, m }' /proc/cpuinfo 2>/dev/null || echo "? 0 0")
core="unknown x86 (the widest known: 8 wide; 4 loads; 2 stores)" W=8 L=4 S=2
case "$vendor:$family:$model" in
GenuineIntel:6:143 | GenuineIntel:6:207 | GenuineIntel:6:151 | GenuineIntel:6:154 | \
GenuineIntel:6:183 | GenuineIntel:6:186 | GenuineIntel:6:191)
	core="Golden/Raptor Cove (6 wide; 3 loads; 2 stores)" W=6 L=3 S=2 ;;
GenuineIntel:6:106 | GenuineIntel:6:108 | GenuineIntel:6:125 | GenuineIntel:6:126 | \
GenuineIntel:6:140 | GenuineIntel:6:141 | GenuineIntel:6:167)
	core="Sunny/Willow/Cypress Cove (5 wide; 2 loads; 2 stores)" W=5 L=2 S=2 ;;
GenuineIntel:6:85 | GenuineIntel:6:94 | GenuineIntel:6:78 | GenuineIntel:6:142 | \
GenuineIntel:6:158 | GenuineIntel:6:165)
	core="Skylake (4 wide; 2 loads; 1 store)" W=4 L=2 S=1 ;;
AuthenticAMD:25:*) core="Zen 3/4 (6 wide; 3 loads; 2 stores)" W=6 L=3 S=2 ;;
AuthenticAMD:23:*) core="Zen 1/2 (5 wide; 2 loads; 1 store)" W=5 L=2 S=1 ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
write_out() { # the rows in $tmp/rows, atomically, never through a link
	[[ -L $out ]] && { echo "bounds.sh: $out is a symbolic link: not written" >&2; exit 1; }
	# the first line names the binary's size and time: bench refuses bounds of another build
	{ echo "# for $(stat -c '%s %Y' "$bin")"; echo "$header"; cat "$tmp/rows" 2>/dev/null || true; } >"$tmp/out.csv"
	mv -f "$tmp/out.csv" "$out"
}

# Every X_run with loops X_<kind>_ beside it (gcc may add .isra.0 and such to a loop's name).
nm --defined-only "$bin" 2>/dev/null |
	awk '$2 ~ /^[tT]$/ { n = $3; sub(/\..*$/, "", n); if (n ~ /_run$/) print $1, n }' >"$tmp/runs"
objdump -d --no-show-raw-insn "$bin" >"$tmp/dis"

# For each loop function of each kernel, one row: its loop body chosen as the header says and
# counted against the core's limits.
awk -v W="$W" -v L="$L" -v S="$S" -v core="$core" '
function hex(s,   i, v) { v = 0; s = tolower(s)
	for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return v }
BEGIN { OFS = ","; split("rs bs qs rc bc qc pos prs peer pr", K, " ")
	split("4 4 4 1 1 1 1 1 64 1", P, " ")
	for (i = 1; i <= 10; i++) per[K[i]] = P[i] }
FILENAME == ARGV[1] { p = $2; sub(/_run$/, "", p); run[p] = hex($1); next }
/^[0-9a-f]+ <[^>]+>:$/ { flush(); name = $2; gsub(/[<>:]/, "", name); sub(/\..*$/, "", name)
	fn = ""; for (k in per) { q = "_" k "_"; if (substr(name, length(name) - length(q) + 1) == q) {
		p = substr(name, 1, length(name) - length(q)); if (p in run) { fn = k; pre = p } } }
	n = 0; delete at; next }
fn != "" && /^ *[0-9a-f]+:\t/ {
	a = $1; sub(/:$/, "", a); addr[n] = hex(a); at[addr[n]] = n
	t = $0; sub(/^ *[0-9a-f]+:\t/, "", t); sub(/ *#.*$/, "", t); sub(/ *<[^>]*>$/, "", t)
	gsub(/\t/, " ", t); sub(/ +$/, "", t)
	while (t ~ /^(notrack|bnd|cs|ds|data16|rex\.W|lock) /) sub(/^[^ ]+ /, "", t)
	text[n] = t; split(t, w, " "); mn[n] = w[1]
	isbr[n] = mn[n] ~ /^(j|call|ret|loop)/; tgt[n] = -1
	if (mn[n] ~ /^j/ && match(t, /[0-9a-f]+$/)) tgt[n] = hex(substr(t, RSTART))
	isnop[n] = mn[n] ~ /nop/ || t == "xchg %ax,%ax"
	n++ }
END { flush() }
# Returns the fewest cycles one iteration of loop k takes on this core (sets the counts).
function floor_of(k,   i, m, ops, ni, ld, st, px, c) {
	ni = ld = st = px = 0
	for (i = lo[k]; i <= hi[k]; i++) { if (isnop[i]) continue
		ni++; m = mn[i]; ops = substr(text[i], length(m) + 2)
		if (m ~ /^(pext|pdep)/) px++
		if (ops !~ /\(/ || m ~ /^(lea|nop)/) continue
		if (ops !~ /\)$/) ld++
		else if (m ~ /^(cmp|test|bt|prefetch)/) ld++
		else if (m ~ /^(v?mov|movnti|movbe|set|vextract|v?pextr|stos)/) st++
		else { ld++; st++ } }
	# a compare (or add, sub, and, inc, dec, test) and the branch after it rename as one
	if (hi[k] > lo[k] && mn[hi[k] - 1] ~ /^(cmp|test|add|sub|and|inc|dec)/) ni--
	c = ni / W; if (ld / L > c) c = ld / L; if (st / S > c) c = st / S; if (px > c) c = px
	return c }
function row(pp, c, why) { if (why != "") print run[pre], fn, "", "", "", core, why
	else printf "%s,%s,%d,%.4f,%.4f,%s,\n", run[pre], fn, pp, c, c / pp, core }
function flush(   i, j, k, q, nl, best, nin, pp, c, cb) {
	if (fn == "" || !n) { fn = ""; return }
	nl = 0
	for (i = 0; i < n; i++) if (tgt[i] >= 0 && tgt[i] <= addr[i] && (tgt[i] in at)) {
		lo[nl] = at[tgt[i]]; hi[nl] = i; nl++ }
	if (!nl) { row(0, 0, "no loop found"); fn = ""; return }
	for (k = 0; k < nl; k++) { inner[k] = 1; straight[k] = 1; scan[k] = 0
		for (q = 0; q < nl; q++) if (q != k && lo[q] >= lo[k] && hi[q] <= hi[k] && hi[q] - lo[q] < hi[k] - lo[k]) inner[k] = 0
		for (i = lo[k]; i < hi[k]; i++) { if (isbr[i]) straight[k] = 0
			if (mn[i] ~ /^(tzcnt|bsf)/) scan[k] = 1 } }
	pp = per[fn]; why = "a branch inside the loop: the instructions per lookup depend on the data"
	if (fn == "pos" || fn == "prs" || fn == "pr") {
		# the innermost loops (the slider loops: a bit scan each, for the position loops)
		nin = 0; cb = -1
		if (fn == "pr" && nl == 1) pp = 12
		for (k = 0; k < nl; k++) if (inner[k] && (fn == "pr" || scan[k])) {
			if (!straight[k]) { row(0, 0, why); fn = ""; return }
			c = floor_of(k); nin++; if (cb < 0 || c < cb) cb = c }
		if (!nin) row(0, 0, "no inner lookup loop found")
		else if (fn != "pr" && nin < 2) row(0, 0, "fewer than two slider loops found")
		else row(pp, cb, "")
		fn = ""; return }
	best = 0
	for (k = 1; k < nl; k++) if (hi[k] - lo[k] > hi[best] - lo[best]) best = k
	if (!straight[best]) row(0, 0, why)
	else row(pp, floor_of(best), "")
	fn = "" }
' "$tmp/runs" "$tmp/dis" | sort -t, -k1,1n -k2,2 >"$tmp/rows"
write_out
echo "bounds.sh: $(grep -c ',,,,' "$tmp/rows" || true) loops without a bound, $(grep -vc ',,,,' "$tmp/rows" || true) with one ($core) -> $out" >&2
