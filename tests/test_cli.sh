#!/usr/bin/env bash
# test_cli.sh - the command line and the plugin path: bad input gets a clear message and its
# documented exit status, never a crash; refused plugins leave the other kernels running.
. "$(dirname "$0")/lib.sh"
P=$BIN/tests/plugins

Q=(--samples 2 --warmup 0 --min-lookups 20000 --mode random --events none)

expect "no command" 2 "usage: slidebench" -- $SB
expect "unknown command" 2 'unknown command "frobnicate"' -- $SB frobnicate
expect "help" 0 "trace-dump" -- $SB --help
expect "list" 0 "^reference +reference" -- $SB list
expect "verify --help" 0 "102,400 rook" -- $SB verify --help
expect "bench --help" 0 "--min-lookups" -- $SB bench --help
expect "unknown kernel" 2 'unknown kernel "nosuch"; known:.*reference' -- $SB verify --kernel nosuch
expect "unknown kernel (bench)" 2 'unknown kernel "nosuch"' -- $SB bench --kernel nosuch "${Q[@]}" --out "$tmp/r0"
expect "bad number" 2 '--samples: "abc" is not a whole number' -- $SB bench --samples abc
expect "negative number" 2 '--samples: "-3" is not a whole number' -- $SB bench --samples -3
expect "number out of range" 2 '--cpu: "99999"' -- $SB bench --cpu 99999
expect "a number's range is its row's" 2 '--samples: "100001" is not a whole number from 1 to 100000' -- \
	$SB bench --samples 100001
expect "verify's numbers too" 2 '--perft-depth: "7" is not a whole number from 0 to 6' -- \
	$SB verify --perft-depth 7
# Every whole-number option's default, as --help prints it from the option's row, lies in the
# range printed beside it, and the defaults are what a run without the option uses.
numbers_in_range() {
	"$SB" help-markdown >"$tmp/md" || return 1
	grep -oE '\(default -?[0-9]+; from -?[0-9]+ to -?[0-9]+\)' "$tmp/md" | tr -d '(),;' |
		awk '{ n++; if ($2 < $4 || $2 > $6) { print "out of range: " $0; bad = 1 } }
		     END { if (n < 15) print "only " n " numbers with a default and a range"
			   exit bad || n < 15 }'
}
check "every number's default lies in its range" numbers_in_range
# a run without --samples takes the row's default, 15 measured samples of every cell
$SB bench --kernel reference --mode random --min-lookups 20000 --events none --quiet \
	--out "$tmp/defaults" >/dev/null 2>&1
if awk -F, 'NR > 1 && $2 == "reference" { n++; if ($10 != 15) wrong = 1 }
	    END { exit wrong || !n }' "$tmp/defaults/summary.csv" 2>/dev/null; then
	ok
else
	bad "a run without --samples: summary.csv's samples are not the default 15"
fi
expect "bench --help prints a number's default and range" 0 'warm-up rounds first' \
	'phase=warmup \(default 2; from 0 to 1000\)' -- $SB help-markdown
expect "cpu that does not exist" 2 'cpu 4000 does not exist' -- $SB bench --cpu 4000 "${Q[@]}" --out "$tmp/r1"
expect "unknown mode" 2 'unknown mode "sideways"' -- $SB bench --mode sideways
expect "neighbours without --threads is refused" 2 'mode neighbours .*--threads a count of 2 or more' -- \
	$SB bench --kernel reference "${Q[@]}" --mode neighbours --out "$tmp/nb1"
expect "neighbours with --threads 1 is refused" 2 'mode neighbours .*--threads' -- \
	$SB bench --kernel reference "${Q[@]}" --mode position,neighbours --threads 1 --out "$tmp/nb2"
expect "unknown option" 2 'unrecognized option' -- $SB bench --frobnicate
expect "unknown event" 2 'unknown event "NOT_AN_EVENT"' -- $SB bench --events NOT_AN_EVENT "${Q[@]/none/NOT_AN_EVENT}" --out "$tmp/r2"
expect "missing trace" 1 'nosuch.trace' -- $SB bench --trace "$tmp/nosuch.trace" --mode stream --out "$tmp/r3"
expect "unreadable plugin" 1 'nosuch.so: cannot load plugin' -- $SB verify --plugin "$tmp/nosuch.so" --kernel reference
expect "not a plugin" 1 'not a slidebench plugin: no symbol sb_plugin_kernel' -- $SB list --plugin $P/no-symbol.so
expect "wrong ABI refused" 1 'kernel "bad-abi": built for ABI version 42, newer than this slidebench' -- $SB list --plugin $P/bad-abi.so
expect "refused plugin, others still listed" 1 '^reference ' -- $SB list --plugin $P/bad-abi.so
expect "good plugin verifies" 0 'example-plugin +ok: 307648 cases, 0 mismatches' -- $SB verify --plugin $P/example-plugin.so --kernel example-plugin
expect "wrong plugin caught, its square named" 1 'mismatch: kernel=wrong-attacks piece=rook sq=28 \(e4\) occ=0x' -- $SB verify --plugin $P/wrong-attacks.so --kernel wrong-attacks
expect "failing init refused" 1 'failing-init +refused: .*init\(\) failed' -- $SB verify --plugin $P/failing-init.so --kernel failing-init,reference

# bench with a good and a wrong plugin: the wrong one is named and not timed, the rest are.
expect "bench excludes the wrong plugin" 1 'kernel wrong-attacks: .* queries wrong: not timed' -- \
	$SB bench --plugin $P/example-plugin.so --plugin $P/wrong-attacks.so \
	--kernel example-plugin,wrong-attacks,reference "${Q[@]}" --out "$tmp/r4"
if [[ -f $tmp/r4/summary.csv ]] && grep -q '^[^,]*,example-plugin,fill,random,queen,random,warm,,[0-9]*,2,[0-9.]' "$tmp/r4/summary.csv" &&
   grep -q ',wrong-attacks,.*not-timed: verification failed' "$tmp/r4/summary.csv" &&
   ! grep -q ',wrong-attacks,' "$tmp/r4/samples.csv"; then
	ok
else
	bad "summary of the plugin bench:"; head "$tmp/r4/summary.csv" 2>&1
fi

# A finished run is never overwritten, and nothing of a refused run is left behind.
expect "existing --out refused" 1 'already exists; slidebench never overwrites' -- $SB bench --kernel reference "${Q[@]}" --out "$tmp/r4"
if [[ $(ls -A "$tmp" | grep -c partial) -eq 0 ]] && grep -q example-plugin "$tmp/r4/summary.csv"; then
	ok
else
	bad "earlier run changed or partial directory left"; ls -la "$tmp"
fi

# The fixed header of every file, and context.json parses.
expect "bench writes its files" 0 'results: ' -- $SB bench --kernel reference "${Q[@]}" --out "$tmp/r5"
h=$(head -n 1 "$tmp/r5/summary.csv")
if [[ $h == run_id,kernel,family,mode,piece,dataset,cache_state,pressure_bytes,lookups,samples,ns_min,ns_median,* ]] &&
   [[ $(head -n 1 "$tmp/r5/samples.csv") == run_id,kernel,family,mode,piece,dataset,cache_state,pressure_bytes,phase,epoch,sample,* ]] &&
   python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); assert j["kernels"][0]["name"]=="reference"' "$tmp/r5/context.json"; then
	ok
else
	bad "result files: $h"
fi

# SIGINT mid-run: the complete rounds are written and flagged, nothing half-written.
$SB bench --kernel reference --samples 100000 --warmup 0 --mode random --events none --out "$tmp/r6" >/dev/null 2>&1 &
pid=$!
sleep 1.5
kill -INT $pid
wait $pid
rc=$?
if [[ $rc -eq 0 ]] && grep -q 'interrupted' "$tmp/r6/summary.csv" && grep -q '"interrupted": true' "$tmp/r6/context.json"; then
	ok
else
	bad "interrupted run (exit $rc)"; ls -la "$tmp"
fi

# --simulate: callgrind figures land in sim_* beside (never in) the hw_* columns.  Not under
# the sanitizers (valgrind and ASan do not mix).
if [[ $BIN == bin ]] && command -v valgrind >/dev/null; then
	expect "simulate" 0 'results: ' -- $SB bench --kernel classical-branchless --mode random \
		--random-queries 512 --samples 1 --events none --simulate --out "$tmp/r7"
	if python3 - "$tmp/r7" <<'PY'
import csv, json, sys
rows = {r["kernel"]: r for r in csv.DictReader(open(sys.argv[1] + "/summary.csv"))}
k, z = rows["classical-branchless"], rows["null"]
assert float(k["sim_ir"]) > 5 and float(z["sim_ir"]) > 0, (k["sim_ir"], z["sim_ir"])
assert k["hw_cycles"] == "" or float(k["hw_cycles"]) > 0
assert json.load(open(sys.argv[1] + "/context.json"))["simulation"]["D1"] == "32768,8,64"
PY
	then ok; else bad "simulated columns"; fi
	expect "bad geometry" 2 'D1' -- $SB bench --kernel reference --mode random --samples 1 \
		--events none --simulate --d1 33,8,64 --out "$tmp/r8"
fi

# The mode table drives both the parser and --help: every mode the parser names is documented.
modes=$($SB bench --mode nosuch 2>&1 | sed -n 's/.*unknown mode "nosuch" (\(.*\))/\1/p')
$SB bench --help >"$tmp/help"
missing=""
for m in ${modes//,/ }; do
	grep -Eq "^ +$m +[a-z]" "$tmp/help" || missing+=" $m"
done
if [[ -n $modes && -z $missing ]]; then
	ok
else
	bad "modes the parser knows but --help does not list: '$modes' /$missing/"
fi

# --cold adds a cold row per workload beside the warm one; the epochs are numbered.
expect "cold rows" 0 'results: ' -- $SB bench --kernel reference "${Q[@]}" --cold --epochs 2 --out "$tmp/r9"
if [[ $(grep -c ',reference,.*,random,queen,random,warm,' "$tmp/r9/summary.csv") -eq 1 &&
      $(grep -c ',reference,.*,random,queen,random,cold,' "$tmp/r9/summary.csv") -eq 1 ]] &&
   python3 - "$tmp/r9/samples.csv" <<'PY'
import csv, sys
ep = sorted({r["epoch"] for r in csv.DictReader(open(sys.argv[1])) if r["phase"] == "measure"})
assert ep == ["0", "1"], ep
PY
then ok; else bad "cold rows / epochs"; cut -c1-120 "$tmp/r9/summary.csv"; fi

# A stateful kernel's stream and random lookups read state prepare() made outside the timed
# region: those rows say "prepared" and leave the ranking; its other rows, and every row of a
# stateless kernel, do not.
expect "bench, prepared rows" 0 "rows flagged prepared" -- $SB bench --samples 2 \
	--warmup 0 --min-lookups 20000 --events none --kernel hypercube,hyperbola \
	--mode stream,random,chain,position --out "$tmp/r10"
if python3 - "$tmp/r10/summary.csv" "$tmp/out" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
prep = {(r["kernel"], r["mode"]) for r in rows if "prepared;" in r["flags"]}
assert prep == {("hypercube", "stream"), ("hypercube", "random")}, prep
out = open(sys.argv[2]).read()
assert "fastest hypercube" not in out.split("stream/rook")[1].split("\n")[0], out
PY
then ok; else bad "prepared rows"; fi

finish
