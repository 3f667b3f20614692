#!/usr/bin/env bash
# test_atlas.sh - harness/scripts/atlas.sh on fixture studies (tests/data/atlas/: zen5, a study
# folder; xeon, a folder published by sample.sh): each makes an entry whose files are its
# study's, whose README names the machine, the build, the efficiency per kernel and mode and the
# peer table (or how to measure one), and the same source gives the same bytes again; the index
# has a row per entry and says where the machines disagree.  A quick, a busy and an emulated
# study (each a one-line change of zen5, made here) are refused with the reason, as is a
# symbolic link, and sample.sh publishes none of them; --provisional takes the busy one, marked,
# but never a quick one, a busy guest or over a quiet entry; a value of the study is never run.
# Every committed entry of docs/atlas/ is what the script makes of its source (docs/sample/, or
# the study files the entry keeps), and its index what it makes of the committed entries.
. "$(dirname "$0")/lib.sh"
A=harness/scripts/atlas.sh
D=tests/data/atlas
out=$tmp/atlas
zen=amd-zen5-f26m2-bhyve xeon=intel-emerald-rapids-f6m207-kvm

expect "a study makes an entry" 0 "^atlas.sh: $out/$zen/ from $D/zen5$" "^atlas.sh: $out/README.md: 1 machine\(s\)$" \
	-- "$A" --atlas "$out" "$D/zen5"
for f in answer.txt verdicts.csv report.html report.md plots/ranking.png m64/context.json m64/summary.csv; do
	check "the entry's $f is the study's" cmp "$D/zen5/$f" "$out/$zen/$f"
done
R=$out/$zen/README.md
for want in '^# AMD EPYC, Zen 5 \(family 26 model 2\), bhyve guest$' '^\| CPU \| AMD EPYC \(AuthenticAMD\), 2 CPUs \|$' \
	'^\| microarchitecture \| Zen 5 \|$' '^\| family / model \| 26 / 2 \|$' '^\| hypervisor \| bhyve guest \|$' \
	'^\| compiler \| gcc 12.2.0 \|$' '^\| flags \| `-O2 -march=native -fno-tree-vectorize` \|$' \
	'^\| slidebench revision \| ec83337d7ec4 \|$' '^\| kernel ABI \| 7 ' '^\| result format \| 1 ' \
	'^\| date \| 2026-11-28 \|$' 'compare figure for figure only when their compiler, flags, kernel ABI and result format' \
	'^\| kernel \| stream \| position \|$' \
	'^\| pext \| 0.70 \(4.0 / 5.8\) \| 0.50 \(4.0 / 8.0\) \|$' '^\| magic-black \| 0.50 \(3.0 / 6.0\) \| \|$' \
	'^## Peer table$' 'docs/peer.md, "AMD EPYC, family 26 model 2 \(Zen 5\)' '^\| pext \(Pext constexpr\) \|'; do
	if grep -qE -- "$want" "$R"; then ok; else bad "$R lacks /$want/"; fi
done
# efficiency: the cold row and the pressure row are not the warm one-thread figure
if grep -qE '0\.10|0\.20' "$R"; then bad "$R takes a cold or a pressure row's efficiency"; else ok; fi

cp -r "$out" "$tmp/first"
expect "the same study again" 0 "from $D/zen5" -- "$A" --atlas "$out" "$D/zen5"
check "the same study gives the same bytes" diff -r "$tmp/first" "$out"

expect "a published sample makes an entry" 0 "^atlas.sh: $out/$xeon/ from $D/xeon$" "2 machine\(s\)" \
	-- "$A" --atlas "$out" --from-sample "$D/xeon"
check "the sample's answer is the entry's" cmp "$D/xeon/answer.txt" "$out/$xeon/answer.txt"
for want in '^\| flags \| `-O2 -march=native -fno-tree-vectorize -ffixed-k0` \|$' '^\| kernel ABI \| not recorded ' \
	'^\| result format \| 1 \(verdicts.csv' 'holds no summary.csv' '^\| kernel \| stream \|$' '^\| magic-black \| 0.65 \(2.0 / 3.2\) \|$' 'family 6 model 207 \(Emerald Rapids\)'; do
	if grep -qE -- "$want" "$out/$xeon/README.md"; then ok; else bad "$out/$xeon/README.md lacks /$want/"; fi
done

I=$out/README.md
check "the index has a row per entry" test "$(grep -c '^| \[[^]]*\]([^)#]*README.md) (`' "$I")" -eq 2
if grep -q 'family 26 model 2 (Zen 5).*no full quiet study' "$I"; then bad "$I lists a machine it has an entry for as met without one"; else ok; fi
for want in "^\| \[AMD EPYC, Zen 5\]\($zen/README.md\) .* \| 64-bit 1.38× \(settled\) \| kindergarten-4k 1.14× \(settled\) \| classical-branchless 3.51× \(settled\) \| pext 1.21× \(settled\) \| – \| magic-black 1.05× \(likely\) \| pext \(galois-field at 8 MiB\) 1.09× \(settled\) \|$" \
	"^\| \[Intel.*\]\($xeon/README.md\) .* \| split-pext, within the noise \(unclear\) \| pext 1.18× \(settled\) \| – \|$" \
	'^- \*\*stream\*\*: pext leads on every machine measured\.$' \
	"^- \*\*position\*\*: the machines disagree: magic-black leads on $zen; pext leads on $xeon\.$" \
	"^- \*\*pointer\*\*: no machine has a clear winner \($xeon\)\.$" \
	'^- AMD EPYC, family 25 model 17 \(Zen 4\), [0-9-]+: a \[peer table\]\(../peer.md#amd-epyc-family-25-model-17-zen-4-[0-9-]+\), no full quiet study'; do
	if grep -qE -- "$want" "$I"; then ok; else bad "$I lacks /$want/"; cat "$I"; fi
done
for want in "^\| \[$zen\]\($zen/README.md#peer-table\) \| [0-9-]+, 6 rounds \| [0-9.]+ median over [0-9]+; [0-9]+ gaps? \| [0-9.]+ median over [0-9]+; [0-9]+ gaps? \|$" \
	"^\| \[$xeon\]\($xeon/README.md#peer-table\) \| [0-9-]+, 2 rounds \| [0-9.]+ median over [0-9]+; [0-9]+ below 0.95 \(no intervals\) \|"; do
	if grep -qE -- "$want" "$I"; then ok; else bad "$I: no peer ratios side by side: lacks /$want/"; fi
done
if command -v gnuplot >/dev/null; then check "the chart is drawn" test -s "$out/factors.png"
else skipped "no gnuplot: the chart is not drawn"; fi
check "factors.csv: one row per machine and answer with a factor" test "$(wc -l <"$out/factors.csv")" -eq 12

# a third machine the majority outvotes: "every machine measured but"
mkdir -p "$tmp/v" && cp -r "$D/zen5" "$tmp/v/zen4"
sed -i 's/family 26 model 2/family 25 model 99/; s/Zen 5/Zen 4/' "$tmp/v/zen4/answer.txt"
sed -i 's/"cpu_family": 26, "cpu_model_number": 2, "uarch": "Zen 5"/"cpu_family": 25, "cpu_model_number": 99, "uarch": "Zen 4"/' "$tmp/v/zen4/m64/context.json"
sed -i 's/^recommend:position,magic-black,pext/recommend:position,pext,magic-black/' "$tmp/v/zen4/verdicts.csv"
expect "another kind" 0 "amd-zen4-f25m99-bhyve/ from" "3 machine\(s\)" -- "$A" --atlas "$out" "$tmp/v/zen4"
if grep -qE "^- \*\*position\*\*: pext leads on every machine measured but $zen, where magic-black leads\.$" "$I"; then ok
else bad "no sentence naming the one machine that disagrees:"; grep position "$I"; fi
for want in '^Not measured on this machine yet' 'harness/scripts/peer-table.sh K=path/to/K'; do
	if grep -qE -- "$want" "$out/amd-zen4-f25m99-bhyve/README.md"; then ok; else bad "no peer table, and no way to measure it: lacks /$want/"; fi
done

# refused: each a one-line change of zen5
variant() { rm -rf "${tmp:?}/v/$1"; cp -r "$D/zen5" "$tmp/v/$1"; sed -i "$3" "$tmp/v/$1/$2"; }
refused() { expect "$1 refused" 1 "^atlas.sh: refused: $tmp/v/$2: $3" -- "$A" --atlas "$out" "$tmp/v/$2"; }
variant quick answer.txt '1s/full study (31 samples/quick study (3 samples/'
refused "a quick study" quick "a quick study \(3 samples a cell\)"
variant quick-ctx m64/context.json 's/--samples 31/--samples 3/'
refused "a study of 3 samples a cell (context.json)" quick-ctx "a quick study \(context.json"
variant busy answer.txt '2i The host was busy during this study (81 of 540 rows unstable): its answers are provisional; run it again on a quiet machine.'
refused "a busy study (its answer)" busy "a busy study \(its answer.txt says the host was busy\)"
variant busy-row answer.txt 's/(settled)$/(provisional: the host was busy)/'
refused "a busy study (an answer row)" busy-row "a busy study"
variant busy-md report.md '$a The host was busy during this study (other CPUs 100% busy).'
refused "a busy study (its report)" busy-md "a busy study \(its report.md says"
variant busy-host m64/context.json 's/"other_cpus_busy_pct": 0.48/"other_cpus_busy_pct": 90/'
refused "a busy study (its host record)" busy-host "a busy study \(context.json host.epochs: the other CPUs 45% busy"
variant emulated m64/context.json 's/"emulated": false/"emulated": true/'
refused "an emulated CPU (context.json)" emulated "an emulated CPU \(context.json: emulated true"
variant qemu answer.txt '1s/bhyve guest/QEMU guest/'
refused "an emulated CPU (its answer)" qemu "an emulated CPU \(QEMU\)"
variant link answer.txt 's/x/x/'
rm "$tmp/v/link/answer.txt" && ln -s "$PWD/$D/zen5/answer.txt" "$tmp/v/link/answer.txt"
expect "a symbolic link refused" 1 "answer.txt: missing or a symbolic link" -- "$A" --atlas "$out" "$tmp/v/link"
cp README.md "$tmp/readme.before"
expect "sample.sh refuses what atlas.sh refuses" 1 "^atlas.sh: refused: $tmp/v/busy: a busy study" -- harness/scripts/sample.sh "$tmp/v/busy"
check "a refused sample leaves README.md as it was" cmp README.md "$tmp/readme.before"
check "nothing refused reached the atlas" test "$(grep -c '^| \[[^]]*\]([^)#]*README.md) (`' "$I")" -eq 3
expect "no study" 2 "^Usage: harness/scripts/atlas.sh" -- "$A" --atlas "$out"

# --provisional: a study whose host was busy beyond the guest makes an entry marked so wherever
# the atlas names it; a quick study, a guest busy with other work and a quiet entry stay as they are
expect "a busy study, --provisional" 0 "^atlas.sh: $tmp/prov/$zen/ from $tmp/v/busy$" -- \
	"$A" --atlas "$tmp/prov" --provisional "$tmp/v/busy"
P=$tmp/prov/$zen/README.md
for want in '^# AMD EPYC, Zen 5 \(family 26 model 2\), bhyve guest \(provisional\)$' \
	'^\*\*Provisional\.\*\* The host was busy beyond this guest during the study \(81 of 540 rows unstable\)' \
	'^\| host \| busy beyond the guest \(81 of 540 rows unstable\) while in the guest the other CPUs'; do
	if grep -qE -- "$want" "$P"; then ok; else bad "$P lacks /$want/"; fi
done
check "entry.json says why it is provisional" grep -q '"provisional": "81 of 540 rows unstable"' "$tmp/prov/$zen/entry.json"
check "the index marks the row provisional" grep -qF "(\`$zen\`, provisional) |" "$tmp/prov/README.md"
"$A" --atlas "$tmp/prov" --from-sample "$D/xeon" >/dev/null
check "the index's sentences name it provisional" grep -qF "magic-black leads on $zen (provisional); pext leads on $xeon." "$tmp/prov/README.md"
expect "a quick study, --provisional" 1 "a quick study" -- "$A" --atlas "$tmp/prov" --provisional "$tmp/v/quick"
expect "a guest busy with other work, --provisional" 1 "the other CPUs 45% busy" -- \
	"$A" --atlas "$tmp/prov" --provisional "$tmp/v/busy-host"
expect "a provisional study over a quiet entry" 1 "is a quiet study's entry: a provisional one does not replace it" -- \
	"$A" --atlas "$out" --provisional "$tmp/v/busy"
check "the quiet entry is as it was" cmp "$D/zen5/answer.txt" "$out/$zen/answer.txt"
expect "a quiet study replaces a provisional entry" 0 "from $D/zen5" -- "$A" --atlas "$tmp/prov" "$D/zen5"
if grep -q provisional "$tmp/prov/$zen/entry.json"; then bad "the quiet study's entry is still marked provisional"; else ok; fi

# a value of the study is text, never a command
variant evil m64/context.json "s#\"cpu_model\": \"AMD EPYC\"#\"cpu_model\": \"AMD \$(touch $tmp/pwned)\`touch $tmp/pwned2\`|x\"#"
expect "a hostile CPU name" 0 "from $tmp/v/evil" -- "$A" --atlas "$tmp/evil" "$tmp/v/evil"
check "nothing in the study was run" test ! -e "$tmp/pwned" -a ! -e "$tmp/pwned2"
if grep -qF '| CPU | AMD $(touch' "$tmp/evil/$zen/README.md" && ! grep -q '`touch' "$tmp/evil/$zen/README.md"; then ok
else bad "the CPU name is not written as cleaned text:"; grep -F 'CPU |' "$tmp/evil/$zen/README.md"; fi

# the committed atlas: each entry whose source is in the repository is what the script makes of
# it, and the index is what the script makes of the committed entries
n=0
for e in docs/atlas/*/; do
	[[ -f $e/entry.json ]] || continue
	n=$((n + 1))
	if grep -q '"source": "the published sample docs/sample/' "$e/entry.json"; then
		check "$e: its answer.txt is docs/sample's" cmp docs/sample/answer.txt "$e/answer.txt"
		"$A" --atlas "$tmp/again" --from-sample docs/sample >/dev/null
		check "$e: made again from docs/sample, the same bytes" diff -r "$tmp/again/$(basename "$e")" "$e"
	elif [[ -f $e/m64/summary.csv ]]; then
		# a study's entry keeps the files its README is written from: made again from itself
		p=()
		grep -q '"provisional":' "$e/entry.json" && p=(--provisional)
		"$A" --atlas "$tmp/self" "${p[@]}" "$e" >/dev/null
		check "$e: made again from its own files, the same bytes" diff -r "$tmp/self/$(basename "$e")" "$e"
	else
		bad "$e: neither from docs/sample nor holding the study files it was written from"
	fi
done
check "docs/atlas has entries" test "$n" -ge 1
mkdir -p "$tmp/copy" && cp -r docs/atlas "$tmp/copy/"
"$A" --atlas "$tmp/copy/atlas" --index >/dev/null
check "docs/atlas/README.md is the index of its entries" cmp "$tmp/copy/atlas/README.md" docs/atlas/README.md
check "docs/atlas/factors.csv is the chart's data of its entries" cmp "$tmp/copy/atlas/factors.csv" docs/atlas/factors.csv
check "docs/atlas/README.md has a row per entry" test "$(grep -c '^| \[[^]]*\]([^)#]*README.md) (`' docs/atlas/README.md)" -eq "$n"
finish
