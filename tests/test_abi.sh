#!/usr/bin/env bash
# test_abi.sh - the plugin ABI grows compatibly (kernels/kernel.h): a plugin built for an
# older version than this slidebench's loads, verifies and benches in every mode its version
# has, and the modes whose loops came later are unavailable for it with the reason; a plugin
# built for a newer version is refused, by name, with what to do.  The older plugin carries
# a bad sibling, question and simd right after its descriptor: read past its version's end,
# they would get it refused.
. "$(dirname "$0")/lib.sh"
P=$BIN/tests/plugins
V=$(sed -n 's/^#define SB_ABI_VERSION \([0-9]*\)$/\1/p' kernels/kernel.h)

expect "newer plugin refused by name" 1 \
	"abi-newer.so: kernel \"abi-newer\": built for ABI version $((V + 1)), newer than this slidebench" \
	'use a slidebench as new as the plugin' -- $SB list --plugin $P/abi-newer.so
expect "newer plugin's kernel named as refused" 1 'abi-newer +refused: .*built for ABI version' -- \
	$SB verify --plugin $P/abi-newer.so --kernel abi-newer,reference
expect "older plugin listed" 0 '^abi2-plugin +fill ' -- $SB list --plugin $P/abi2-plugin.so
expect "older plugin verifies" 0 'abi2-plugin +ok: 307648 cases, 0 mismatches' \
	'abi2-plugin +perft skipped: built for ABI version 2, which has no perft loop' -- \
	$SB verify --plugin $P/abi2-plugin.so --kernel abi2-plugin
expect "older plugin has no perft" 0 'abi2-plugin +unavailable: built for ABI version 2' -- \
	$SB perft --plugin $P/abi2-plugin.so --kernel abi2-plugin,reference startpos 2

# bench: its version's modes timed, the later ones unavailable for it and said so once each.
expect "older plugin benches" 0 \
	'kernel abi2-plugin \(.*\): peer-random mode unavailable: built for ABI version 2, which has no peer-random loop \(ABI 4 added it' \
	'kernel abi2-plugin \(.*\): perft mode unavailable: built for ABI version 2, which has no perft loop \(ABI 3 added it' \
	'2 of 2 kernels verified' -- \
	$SB bench --plugin $P/abi2-plugin.so --kernel abi2-plugin,reference --mode stream,peer,peer-random,perft \
	--samples 2 --warmup 0 --epochs 1 --max-queries 2000 --min-lookups 2000 --random-queries 2000 \
	--perft-positions 2 --perft-depth 2 --events none --out "$tmp/r1"
if [[ $(grep -c 'peer-random mode unavailable' "$tmp/out") -eq 1 ]]; then ok; else bad "peer-random's reason not said once"; fi
if python3 - "$tmp/r1" <<'PY'
import csv, json, sys
rows = [r for r in csv.DictReader(open(sys.argv[1] + "/summary.csv")) if r["kernel"] == "abi2-plugin"]
by = {(r["mode"], r["piece"]): r for r in rows}
for m, p in [("stream", "rook"), ("stream", "bishop"), ("peer", "queen")]:
    assert float(by[m, p]["ns_median"]) > 0, (m, p, by[m, p]["flags"])
for m, p, v in [("peer-random", "queen", 4), ("perft", "all", 3)]:
    f = by[m, p]["flags"]
    assert by[m, p]["ns_median"] == "" and f.startswith("unavailable: built for ABI version 2") and \
        "ABI %d added it" % v in f, (m, f)
ks = {k["name"]: k for k in json.load(open(sys.argv[1] + "/context.json"))["kernels"]}
assert ks["abi2-plugin"]["abi_version"] == 2 and ks["abi2-plugin"]["sibling"] is None, ks["abi2-plugin"]
assert ks["abi2-plugin"]["question"] == "" and ks["abi2-plugin"]["simd"] is False
PY
then ok; else bad "the older plugin's rows"; cut -c1-160 "$tmp/r1/summary.csv"; fi
finish
