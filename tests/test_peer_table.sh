#!/usr/bin/env bash
# test_peer_table.sh - harness/scripts/peer-table.sh end to end on stand-ins (nothing timed):
# a peer build that prints the peer's lines and a slidebench that writes a summary.csv.  The
# table holds each side's median, the median of the rounds' ratios with its 95% interval from 6
# rounds (bold, a gap, only where the whole interval lies below 0.95; none with fewer), a mark
# on a ratio whose figure of ours was flagged unstable in most rounds, and the count of our
# flagged rows, and how far the host probe between processes moved; an existing output
# directory is not overwritten.  Bad input: an option without its value, a directory as a
# binary, a probe bench that fails (said, no half-made output), the machine's CPU count under
# an affinity mask.
. "$(dirname "$0")/lib.sh"

# The peer's lines: its name in 35 columns, then MQueens/s (the round's number moves them).
cat >"$tmp/peerK" <<'SH'
#!/usr/bin/env bash
printf '%-35s%-30s%s\n' Name Performance x "Pext constexpr" 1000 x "Black Magic BB - Fixed shift" 800 x
SH
cat >"$tmp/peerR" <<'SH'
#!/usr/bin/env bash
printf '%-35s%-30s%s\n' "Pext constexpr" 800 x "Black Magic BB - Fixed shift" 500 x
SH
# Ours: pext's peer-random row flagged unstable in every round, magic-black's in the first;
# magic-black's known squares 700, 720, 740, ... MQueens/s, one step each call.
# A probe (--kernel hyperbola) reads 300, 310, ... MQueens/s, one more each call.
cat >"$tmp/ours" <<'SH'
#!/usr/bin/env bash
probe=
while [[ $# -gt 0 ]]; do [[ $1 == --out ]] && out=$2; [[ $1 == --kernel ]] && probe=$2; shift; done
mkdir -p "$out"
if [[ $probe == hyperbola ]]; then
	p=$(cat "$out/../../p" 2>/dev/null || echo 0); echo $((p + 1)) >"$out/../../p"
	printf 'kernel,mode,cache_state,mlookups_per_s\nhyperbola,peer-random,warm,%d\n' \
		$((300 + 10 * p)) >"$out/summary.csv"
	exit 0
fi
n=$(cat "${out%/*}/../n" 2>/dev/null || echo 0); echo $((n + 1)) >"${out%/*}/../n"
flag=$([[ $n -eq 0 ]] && echo "unstable;")
cat >"$out/summary.csv" <<CSV
kernel,mode,piece,cache_state,mlookups_per_s,flags
pext,peer,queen,warm,1100,
pext,peer-random,queen,warm,700,unstable;drifting;
magic-black,peer,queen,warm,$((700 + 20 * n)),drifting;
magic-black,peer-random,queen,warm,510,$flag
null,peer,queen,warm,5000,
CSV
SH
chmod +x "$tmp/peerK" "$tmp/peerR" "$tmp/ours"
S=harness/scripts/peer-table.sh
expect "table written" 0 'peer-table.sh: round 2 of 2' -- \
	$S --rounds 2 --out "$tmp/t/res" --ours gcc="$tmp/ours" K="$tmp/peerK" R="$tmp/peerR"
T=$tmp/t/res/table.md
check "pext: 1100/1000 known, 700/800 random, flagged in both rounds; two rounds give no interval" \
	grep -Fq '| pext (Pext constexpr) | 1000 | 800 | 1100 | 700 | 1.10 (2 rounds: no interval) | 0.88 (2 rounds: no interval) † |' "$T"
check "magic-black: flagged in one round of two, not marked; no gap called without an interval" \
	grep -Fq '| magic-black (Black Magic BB - Fixed shift) | 800 | 500 | 710 | 510 | 0.89 (2 rounds: no interval) | 1.02 (2 rounds: no interval) |' "$T"
check "the footnote says two rounds give no interval" grep -Fq 'none with 2 rounds: run 6 or more' "$T"
check "our flagged rows counted" grep -Fq '| our rows flagged unstable | gcc 3 of 8;' "$T"
check "the null kernel is left out" bash -c "! grep -q '^| null' '$T'"
check "the host probe: 2 rounds of 4 (start, two peer builds, ours), its range and move" \
	grep -Fq '| host probe between processes | 8 probes, 300–370 MQueens/s: moved 21%; more' "$T"
check "the footnote says what † is" grep -q '†: our figure was flagged unstable' "$T"
# six rounds: each ratio's interval is the range of its six rounds
expect "six rounds" 0 'peer-table.sh: round 6 of 6' -- \
	$S --rounds 6 --out "$tmp/t/six" --ours gcc="$tmp/ours" K="$tmp/peerK" R="$tmp/peerR"
T6=$tmp/t/six/table.md
check "six rounds: pext's random squares a gap, the whole interval below 0.95" \
	grep -Fq '| pext (Pext constexpr) | 1000 | 800 | 1100 | 700 | 1.10 (1.10–1.10) | **0.88 (0.88–0.88)** † |' "$T6"
check "six rounds: magic-black's median 0.94 with its interval reaching 1.00 is no gap" \
	grep -Fq '| magic-black (Black Magic BB - Fixed shift) | 800 | 500 | 750 | 510 | 0.94 (0.88–1.00) | 1.02 (1.02–1.02) |' "$T6"
check "six rounds: the gaps counted, none in known squares, one in random" \
	grep -Fq 'Gaps (a whole interval below 0.95): gcc / K 0; gcc / R 1.' "$T6"
expect "an existing output is not overwritten" 1 'exists: not overwritten' -- \
	$S --rounds 1 --out "$tmp/t/res" --ours gcc="$tmp/ours" K="$tmp/peerK"
# bad input: an option without its value, a directory for a binary, a probe bench that fails
for opt in --rounds --cpu --out --ours; do
	expect "$opt without a value" 2 "peer-table.sh: $opt needs a value" -- $S K="$tmp/peerK" $opt
done
expect "a directory as BINARY" 2 "$tmp: not an executable file" -- $S --out "$tmp/d" K="$tmp"
printf '#!/bin/sh\necho "slidebench: no such trace" >&2\nexit 2\n' >"$tmp/broken"; chmod +x "$tmp/broken"
expect "the probe bench fails" 1 "the host probe .* failed; its last lines:" "no such trace" -- \
	$S --rounds 1 --out "$tmp/half" --ours gcc="$tmp/broken" K="$tmp/peerK"
[[ ! -e $tmp/half ]] && ok || bad "a failed probe left a half-made --out"
# the machine's CPUs, not those of this process's affinity mask
if command -v taskset >/dev/null 2>&1 && [[ $(getconf _NPROCESSORS_ONLN) -gt 1 ]]; then
	taskset -c 0 $S --rounds 1 --out "$tmp/t/one" --ours gcc="$tmp/ours" K="$tmp/peerK" >/dev/null 2>&1
	grep -q ", $(getconf _NPROCESSORS_ONLN) vCPUs, pinned" "$tmp/t/one/table.md" && ok ||
		bad "table.md: the CPU count is the affinity mask's: $(grep -o '[0-9]* vCPUs' "$tmp/t/one/table.md")"
else
	skipped "the machine's CPU count under an affinity mask: one CPU, or no taskset"
fi
finish
