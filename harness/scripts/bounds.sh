#!/usr/bin/env bash
# bounds.sh - the fewest core cycles per lookup each kernel's timed loops allow on this CPU,
# counted from the compiled loops themselves: every kernel loop of BINARY is disassembled
# (objdump), its steady-state body found, and its instructions counted against this core's
# hard limits: instructions renamed per cycle (W), loads per cycle (L), stores per cycle (S),
# and PEXT/PDEP per cycle (P, timed on this core).  The bound of an
# iteration is the largest of n/W, loads/L, stores/S and pext/P, over the lookups one iteration
# makes.  It is meant as a floor, not an estimate; where a cell's samples run under it, the
# bound was read wrong, and bench drops it (flag `bound-dropped`: the figure stands).  Latencies
# are left out (a chain loop's bound is its throughput's), so a latency-bound loop runs well
# above it.
#
# Usage: harness/scripts/bounds.sh BINARY [OUT.csv]      (default OUT: BINARY.bounds.csv)
#
# Which loops have a bound: a loop body with no branch but its own back edge (a kernel whose
# lookups branch or loop runs a number of instructions that depends on the data, and has none).
# How many lookups one iteration makes is read from the loop, never assumed from the mode: how
# far it advances through the squares of the queries (one byte a query; the peer loop: its
# occupancies, 64 lookups each), followed through registers and stack slots, so a loop any
# compiler unrolled, rotated or split into a main loop and a remainder is counted as it is.
# The position and pressure loops' slider loops (one per piece kind, found by their bit scan)
# make one lookup an iteration, since they walk a bitboard's bits, and the bound is the cheaper
# of them (the positions' own work only adds).  Pointer mode (a call per lookup) and perft (a
# tree walk) have none.
#
# Why not llvm-mca: its model is an estimate, not a floor.  llvm-mca 19's Sapphire Rapids model
# sends every scaled LEA to port 1 beside PEXT, and put pext's stream loop at 3.05 cycles a
# lookup on an Emerald Rapids core that runs it at 2.2 (two LEAs and a PEXT per lookup; the
# core runs LEA on five ports).
set -euo pipefail
trap 'echo "bounds.sh: failed at line $LINENO" >&2' ERR

if [[ ${1:-} == --help || $# -lt 1 ]]; then
	sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'
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
# A sanitizer build's loops are its instrumentation as much as the kernel's: no bounds (and
# reading its far larger loops took minutes, not seconds).
if nm "$bin" 2>/dev/null | grep -qE ' (__asan_init|__ubsan_handle_[a-z_]+|__tsan_init)$'; then
	echo "bounds.sh: $bin is a sanitizer build: its loops are instrumented, no bounds" >&2
	exit 1
fi

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
AuthenticAMD:26:*) core="Zen 5 (8 wide; 4 loads; 2 stores)" W=8 L=4 S=2 ;;
AuthenticAMD:25:*) core="Zen 3/4 (6 wide; 3 loads; 2 stores)" W=6 L=3 S=2 ;;
AuthenticAMD:23:*) core="Zen 1/2 (5 wide; 2 loads; 1 store)" W=5 L=2 S=1 ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# PEXT/PDEP a cycle, read off this core (pext-rate.c): one unit on most cores with BMI2, two
# on Zen 5, where a bound of one a cycle stood 5% above split-pext's measured peer loop.  A
# rate read too high only lowers the bound; where it cannot be read, the most any known core
# runs (2), so the floor stays a floor.
P=2 pnote="PEXT 2 a cycle (not measured here: the most any known core runs)"
if grep -qw bmi2 /proc/cpuinfo 2>/dev/null &&
	${CC:-cc} -O2 -mbmi2 "$(dirname "$0")/pext-rate.c" -o "$tmp/pext-rate" 2>/dev/null &&
	r=$("$tmp/pext-rate" 2>/dev/null) && [[ $r =~ ^[0-9]+(\.[0-9]+)?$ ]]; then
	P=$(awk -v r="$r" 'BEGIN { print r < 1 ? 1 : r }')
	pnote="PEXT $P a cycle (measured)"
fi
core="${core%)}; $pnote)"
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
awk -v W="$W" -v L="$L" -v S="$S" -v P="$P" -v bits="$([[ $machine == 3e00 ]] && echo 64 || echo 32)" -v core="$core" '
BEGIN { OFS = ","; split("rs bs qs rc bc qc pos prs peer pr", K, " ")
	for (i = 1; i <= 10; i++) per[K[i]] = 1 }
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
	c = ni / W; if (ld / L > c) c = ld / L; if (st / S > c) c = st / S; if (px / P > c) c = px / P
	return c }
function hex(s,   i, v) { v = 0; s = tolower(s)
	for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return v }
# Returns the 64-bit name of a register, without its % (r10d -> r10, eax -> rax, sil -> rsi), or "".
function r64(r) { sub(/^%/, "", r)
	if (r ~ /^r([89]|1[0-5])[dwb]?$/) { sub(/[dwb]$/, "", r); return r }
	if (r ~ /^[re]?[abcd]x$/ || r ~ /^[abcd][lh]$/) return "r" substr(r, length(r) - 1, 1) "x"
	if (r ~ /^[re]?(si|di|bp|sp)l?$/) { sub(/^[re]/, "", r); sub(/l$/, "", r); return "r" r }
	return "" }
# Returns the value of an immediate "$0x20" or "$-4", as a number.
function imm(s) { sub(/^\$/, "", s); if (s ~ /^-0x/) return -hex(substr(s, 4))
	if (s ~ /^0x/) return hex(substr(s, 3)); return s + 0 }
# Splits the operands of instruction i (commas inside parentheses kept) into OP[1..]; returns count.
function operands(i,   s, c, d, j, n, tok) { s = substr(text[i], length(mn[i]) + 1); sub(/^ +/, "", s)
	n = 0; d = 0; tok = ""; delete OP
	for (j = 1; j <= length(s); j++) { c = substr(s, j, 1)
		if (c == "(") d++; else if (c == ")") d--
		if (c == "," && !d) { OP[++n] = tok; tok = "" } else tok = tok c }
	if (tok != "") OP[++n] = tok
	return n }
# Returns the bytes loop k advances through the query arrays per iteration, read from the loop
# itself.  One pass through the body follows each register and stack slot as (where its value
# came from at the top of the iteration, plus a constant): copies between them, constant steps
# and lea keep the pair; anything else makes it unknown.  At the bottom each holds its value
# for the next iteration, so a counter advances by its own constant, or by what the one it
# came from advances (a counter rotated through two registers, or spilled to the stack and
# loaded back).  The loads of the narrowest elements (want "b": the squares of the queries,
# one byte a query, loaded alone or into vector lanes, else two or four at a time; every other
# array a loop walks holds words: occupancies, in a 32-bit program read as halves) or of a
# word (want "q": the occupancies of the peer loop, or their halves in a 32-bit program)
# through such registers say how far the
# loop moved.  0 when no such load is found or the loads disagree
# (why_ says which).
function stride(k, want,   i, j, m, no, x, b, s, bytes, nv, v, vrk, rk, w8) {
	delete val; why_ = ""
	for (i = lo[k]; i <= hi[k]; i++) if (!isnop[i]) sym_step(i, 0)  # the bottom of an iteration
	delete fin; for (x in val) fin[x] = val[x]
	delete val; nv = 0
	for (i = lo[k]; i <= hi[k]; i++) { if (isnop[i]) continue
		m = mn[i]; no = operands(i)
		w8 = OP[no] ~ /^%r([abcd]x|si|di|bp|[89]|1[0-5])$/
		x = ""; for (j = 1; j < no; j++) if (OP[j] ~ /\(/) x = OP[j]  # the memory a load reads
		rk = 0  # the element loaded: 1 a byte, 2 two bytes, 4 four (in a 64-bit program only)
		if (m ~ /^(mov[sz]b|v?pmov[sz]xb|v?pinsrb|vpbroadcastb)/ || (m ~ /^movb?$/ && OP[no] ~ /^%([abcd]l|sil|dil|bpl|r[0-9]+b)$/)) rk = 1
		else if (m ~ /^(mov[sz]w|v?pmov[sz]xw|v?pinsrw|vpbroadcastw)/ || (m ~ /^movw?$/ && OP[no] ~ /^%([abcd]x|si|di|bp|r[0-9]+w)$/)) rk = 2
		else if (bits == 64 && (m ~ /^v?movd$/ || (m ~ /^movl?$/ && OP[no] ~ /^%(e[a-z]+|r[0-9]+d)$/))) rk = 4
		if (x != "" && ((want == "b" && rk) || (want == "q" && no == 2 && ((w8 && m ~ /^(mov|or|and|xor|add|sub)q?$/) ||
		    (bits == 32 && (m ~ /^v?movq$/ || (m ~ /^movl?$/ && OP[no] ~ /^%e[a-z]+$/))))))) {
			sub(/^[^(]*\(/, "", x); sub(/\)$/, "", x); split(x, b, ",")
			bytes = b[1] == "" ? 0 : adv_of(cur(b[1]))
			s = b[2] == "" ? 0 : adv_of(cur(b[2]))
			if (want == "q") rk = 8
			if (bytes != "?" && s != "?") { bytes += s * (b[3] == "" ? 1 : b[3])
				if (bytes < 0) bytes = -bytes
				if (bytes && (!nv || rk < vrk)) { nv = 1; v = bytes; vrk = rk }
				else if (bytes && rk == vrk && bytes != v) nv = 2 } }
		sym_step(i, 1) }
	if (nv > 1) { why_ = "the loads through the counters of the loop advance by different steps"; return 0 }
	if (!nv) why_ = "no load advancing through the queries found in the loop"
	return nv ? v : 0 }
# Returns the place operand o names for stride(): a register by its 64-bit name, a stack slot
# ("@" and the operand), or "" (a constant, or memory that is not a slot).
function loc(o) { if (o ~ /^%/) return r64(o)
	return o ~ /^-?(0x[0-9a-f]+)?\(%[re][sb]p\)$/ ? "@" o : "" }
# Brings val (see stride) past instruction i.
function sym_step(i, final,   m, no, d, x, b, a, c) {
	m = mn[i]; no = operands(i)
	if (m ~ /^(cltq|cqto|cltd|cwtl)$/) val["rax"] = val["rdx"] = "?"
	if (!no || m ~ /^(cmp|test|bt|j|push|prefetch|call|ret|nop)/) return
	if (m ~ /^(xchg|xadd|mulx)/ && no >= 2 && (d = loc(OP[no - 1])) != "") val[d] = "?"
	if (m ~ /^(i?mul|i?div)[bwlq]?$/ && no == 1) val["rax"] = val["rdx"] = "?"
	if (m ~ /^cmpxchg/) val["rax"] = "?"
	if (m ~ /(stos|movs|lods|scas|cmps)[bwlq]?$/) val["rcx"] = val["rsi"] = val["rdi"] = "?"
	if ((d = loc(OP[no])) == "") return
	if (m ~ /^(add|sub|inc|dec)[lq]?$/ && (no == 1 || OP[1] ~ /^\$/))
		x = plus(cur(OP[no]), no == 1 ? (m ~ /^dec/ ? -1 : 1) : (m ~ /^sub/ ? -1 : 1) * imm(OP[1]))
	else if (m ~ /^mov[lq]?$/ && no == 2 && loc(OP[1]) != "") x = cur(OP[1])
	else if (m ~ /^lea[lq]?$/ && no == 2 && OP[1] ~ /^-?(0x[0-9a-f]+|[0-9]+)?\(%[a-z0-9]+\)$/) {
		x = OP[1]; sub(/^[^(]*\(/, "", x); sub(/\)$/, "", x); x = plus(cur(x), disp(OP[1])) }
	else if (m ~ /^lea[lq]?$/ && no == 2 && final) {  # base + index * scale: known once fin is
		x = OP[1]; sub(/^[^(]*\(/, "", x); sub(/\)$/, "", x); split(x, b, ",")
		a = b[1] == "" ? 0 : adv_of(cur(b[1])); c = b[2] == "" ? 0 : adv_of(cur(b[2]))
		x = a == "?" || c == "?" ? "?" : "A" (a + c * (b[3] == "" ? 1 : b[3])) ";0" }
	else x = "?"
	val[d] = x }  # (assigned apart: mawk makes val[d] before it reads the right side)
# Returns the value operand o holds at this point of the pass in stride(): "?", or
# "SOURCE;OFFSET", SOURCE being "E" and the place it was in at the top of the iteration, or
# "A" and what it advances by (an address summed from two places, in the second pass).
function cur(o) { if ((o = loc(o)) == "") return "?"
	return (o in val) ? val[o] : "E" o ";0" }
# Returns value v plus the constant c.
function plus(v, c,   p) { if (v == "?") return v; split(v, p, ";"); return p[1] ";" (p[2] + c) }
# Returns what value v advances by per iteration, or "?": follows where each place came from
# at the bottom of the iteration (fin) until one repeats; the cycle then steps by its constants
# over its length.
function adv_of(v,   p, r, at_, acc_, sum, n, e) {
	if (v == "?") return v
	split(v, p, ";"); if (p[1] ~ /^A/) return substr(p[1], 2) + 0  # advance already known
	r = substr(p[1], 2); sum = 0
	for (n = 0; n < 16; n++) {
		if (r in at_) return (sum - acc_[at_[r]]) / (n - at_[r])
		at_[r] = n; acc_[n] = sum
		e = (r in fin) ? fin[r] : "E" r ";0"
		if (e == "?") return "?"
		split(e, p, ";"); sum += p[2]; r = substr(p[1], 2) }
	return "?" }
# Returns the displacement of a memory operand, as a number.
function disp(o) { sub(/\(.*$/, "", o); if (o == "") return 0
	if (o ~ /^-0x/) return -hex(substr(o, 4)); if (o ~ /^0x/) return hex(substr(o, 3)); return o + 0 }
function row(pp, c, why) { if (why != "") print run[pre], fn, "", "", "", core, why
	else printf "%s,%s,%d,%.4f,%.4f,%s,\n", run[pre], fn, pp, c, c / pp, core }
function flush(   i, k, q, nl, nin, c, cb, cbp, cbc, pp, s, ncand, bad) {
	if (fn == "" || !n) { fn = ""; return }
	nl = 0
	for (i = 0; i < n; i++) if (tgt[i] >= 0 && tgt[i] <= addr[i] && (tgt[i] in at)) {
		lo[nl] = at[tgt[i]]; hi[nl] = i; nl++ }
	if (!nl) { row(0, 0, "no loop found"); fn = ""; return }
	for (k = 0; k < nl; k++) { inner[k] = 1; straight[k] = 1; scan[k] = 0
		for (q = 0; q < nl; q++) if (q != k && lo[q] >= lo[k] && hi[q] <= hi[k] && hi[q] - lo[q] < hi[k] - lo[k]) inner[k] = 0
		for (i = lo[k]; i < hi[k]; i++) { if (isbr[i]) straight[k] = 0
			if (mn[i] ~ /^(tzcnt|bsf)/) scan[k] = 1 } }
	why = "a branch inside the loop: the instructions per lookup depend on the data"
	if (fn == "pos" || fn == "prs") {
		# The slider loops (a bit scan each) walk the set bits of a bitboard: their trip count is
		# unknown on entry, so an iteration with no branch but its back edge makes exactly one
		# lookup (a compiler can unroll such a loop only with an exit test inside it, which
		# makes it a loop with a branch: no bound).  The bound is the loop of the cheaper piece.
		nin = 0; cb = -1
		for (k = 0; k < nl; k++) if (inner[k] && scan[k]) {
			if (!straight[k]) { row(0, 0, why); fn = ""; return }
			c = floor_of(k); nin++; if (cb < 0 || c < cb) cb = c }
		if (!nin) row(0, 0, "no inner lookup loop found")
		else if (nin < 2) row(0, 0, "fewer than two slider loops found")
		else row(1, cb, "")
		fn = ""; return }
	# Every other loop: the loops that advance through the queries (an unrolled main loop, its
	# remainder, a peeled copy), each with the lookups one iteration makes read from its own
	# step through the squares of the queries (one byte a query; the peer loop: its
	# occupancies, eight bytes each, 64 lookups apiece); a loop holding another such loop
	# (a group of queries around the loop over the group) is left to the inner one.  The
	# bound is that of the loop that makes the most lookups an iteration: the others (a
	# remainder) make fewer than that many lookups a call, under the slack bench allows
	# for calls of thousands.  One such loop with a branch inside and the function has none.
	ncand = 0; bad = ""
	for (k = 0; k < nl; k++) { s = stride(k, fn == "peer" ? "q" : "b"); cand[k] = 0
		if (!s) { if (why_ ~ /different/) bad = why_; continue }
		if (fn == "peer" && s % 8) { bad = "the loop advances by part of an occupancy"; continue }
		cand[k] = fn == "peer" ? 64 * s / 8 : s; ncand++ }
	cb = -1
	for (k = 0; k < nl; k++) { if (!cand[k]) continue
		for (q = 0; q < nl; q++) if (q != k && cand[q] && lo[q] >= lo[k] && hi[q] <= hi[k]) break
		if (q < nl) continue
		if (!straight[k]) { bad = why; continue }
		c = floor_of(k); pp = cand[k]
		if (cb < 0 || pp > cbp || pp == cbp && c / pp < cb) { cb = c / pp; cbp = pp; cbc = c } }
	if (bad != "") row(0, 0, bad)
	else if (!ncand) row(0, 0, "no loop advancing through the queries found: its lookups per iteration are unknown")
	else row(cbp, cbc, "")
	fn = "" }
' "$tmp/runs" "$tmp/dis" | sort -t, -k1,1n -k2,2 >"$tmp/rows"
write_out
echo "bounds.sh: $(grep -c ',,,,' "$tmp/rows" || true) loops without a bound, $(grep -vc ',,,,' "$tmp/rows" || true) with one ($core) -> $out" >&2
