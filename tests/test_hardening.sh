#!/usr/bin/env bash
# test_hardening.sh - issue 16's reproducers that concern runs: signals and stale work
# directories (D7), an --out that is a dangling symbolic link (D4), and the command-line
# refusals (D9).  Each must give a clear error or a correct result, never exit 0 with lost
# output.  No timing is quoted: the runs are tiny (--samples 2, --max-queries 2000).
. "$(dirname "$0")/lib.sh"
TRACE=datasets/master-2000.trace
[[ -f $TRACE ]] || TRACE=$tmp/small.trace
[[ -f $TRACE ]] || "$SB" trace -q tests/data/features.pgn -o "$TRACE"
TINY=(--trace "$TRACE" --events none --max-queries 2000 --samples 2 --warmup 1 --epochs 1)
LONG=(--trace "$TRACE" --events none --max-queries 0 --samples 100000 --mode stream)

# D4: an --out that is a dangling symbolic link is refused before anything runs.
ln -s nowhere "$tmp/dangle"
expect "--out dangling symlink" 1 "dangle: already exists \(a symbolic link\)" -- \
	"$SB" bench "${TINY[@]}" --kernel magic-plain --out "$tmp/dangle"
if [[ -L $tmp/dangle && ! -e $tmp/.dangle.partial ]]; then ok; else bad "dangling link touched"; ls -la "$tmp"; fi

# D7: SIGINT, SIGTERM and SIGHUP before the first round: no work directory is left behind.
for sig in INT TERM HUP; do
	rc=0
	"$SB" bench "${LONG[@]}" --kernel magic-plain,pext --out "$tmp/sig$sig" >"$tmp/out" 2>&1 &
	pid=$!
	# Wait for the work directory: bench makes it just before it installs its handlers.  A
	# background job of a non-interactive shell starts with SIGINT ignored, so a SIGINT sent
	# before the handler is installed is lost and the run goes on for its 100000 samples
	# (seen under make sanitize, where loading the whole trace took longer than a fixed 0.3 s).
	for _ in $(seq 400); do [[ -e $tmp/.sig$sig.partial ]] && break; sleep 0.05; done
	sleep 0.2
	kill -$sig $pid
	wait $pid || rc=$?
	if [[ ! -e $tmp/.sig$sig.partial && ( $rc -ne 0 || -d $tmp/sig$sig ) ]]; then ok
	else bad "SIG$sig: exit $rc, left:"; ls -a "$tmp"; cat "$tmp/out"; fi
done
# ...and during sampling: the complete rounds are written, flagged interrupted.
"$SB" bench --trace "$TRACE" --events none --max-queries 2000 --samples 100000 --mode stream \
	--kernel magic-plain --out "$tmp/term" >"$tmp/out" 2>&1 &
pid=$!
for _ in $(seq 100); do grep -q sampling "$tmp/out" && break; sleep 0.1; done
sleep 0.5
kill -TERM $pid
rc=0; wait $pid || rc=$?
if [[ $rc -eq 0 && -f $tmp/term/summary.csv ]] && grep -q '"interrupted": true' "$tmp/term/context.json"; then ok
else bad "SIGTERM during sampling: exit $rc"; cat "$tmp/out"; ls -a "$tmp"; fi

# kill -9: the same command again with the same --out runs (the stale directory is removed).
"$SB" bench "${LONG[@]}" --kernel magic-plain --out "$tmp/k9" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 50); do [[ -d $tmp/.k9.partial ]] && break; sleep 0.1; done
kill -9 $pid; wait $pid 2>/dev/null
if [[ -d $tmp/.k9.partial ]]; then ok; else bad "kill -9: no work directory to find (test broken)"; fi
expect "after kill -9, same --out" 0 "left by a run that no longer runs" -- \
	"$SB" bench "${TINY[@]}" --kernel magic-plain --out "$tmp/k9"
if [[ -f $tmp/k9/summary.csv && ! -e $tmp/.k9.partial && ! -e $tmp/.k9.lock ]]; then ok; else bad "k9 not written"; ls -a "$tmp"; fi
# A live run of the same name is not disturbed.
"$SB" bench "${LONG[@]}" --kernel magic-plain --out "$tmp/live" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 50); do [[ -d $tmp/.live.partial ]] && break; sleep 0.1; done
expect "same --out while running" 1 "being written by process $pid" -- \
	"$SB" bench "${TINY[@]}" --kernel magic-plain --out "$tmp/live"
kill -INT $pid; wait $pid 2>/dev/null

# --simulate: SIGINT while valgrind runs writes the timing results (the child is stopped), and
# kill -9 of the bench takes valgrind with it (PR_SET_PDEATHSIG).
if command -v valgrind >/dev/null && [[ -x $BIN/slidebench-sim ]]; then
	SIM=(--trace "$TRACE" --events none --max-queries 2000 --samples 2 --warmup 1 --mode stream --kernel magic-plain --simulate)
	for how in INT KILL; do
		: >"$tmp/sim.out"
		"$SB" bench "${SIM[@]}" --out "$tmp/sim$how" >"$tmp/sim.out" 2>&1 &
		pid=$!
		for _ in $(seq 300); do grep -q "callgrind pass" "$tmp/sim.out" && break; sleep 0.1; done
		sleep 0.5
		child=$(pgrep -P $pid | head -n 1)
		kill -$how $pid
		rc=0; wait $pid 2>/dev/null || rc=$?
		for _ in $(seq 50); do [[ $(ps -o stat= -p "${child:-1}" 2>/dev/null) == *Z* || -z $(ps -o pid= -p "${child:-1}") ]] && break; sleep 0.1; done
		if [[ -n $child && -n $(ps -o pid= -p "$child") && $(ps -o stat= -p "$child") != *Z* ]]; then
			bad "SIG$how during --simulate: valgrind ($child) outlived the bench"; kill -9 "$child"
		else ok; fi
		if [[ $how == INT ]]; then
			if [[ $rc -eq 0 ]] && grep -q '"interrupted": true' "$tmp/simINT/context.json" 2>/dev/null; then ok
			else bad "SIGINT during --simulate: exit $rc, timing results not written"; tail -3 "$tmp/sim.out"; fi
		fi
	done
else
	skipped "--simulate and signals (valgrind or $BIN/slidebench-sim missing)"
fi

# D6: a plugin whose run() crashes, hangs, exits or goes idle while timed fails alone: exit 1,
# the plugin named with what happened, every other kernel timed and written.
MB=$BIN/tests/plugins/misbehaving-run.so
for how in crash hang exit zeros; do
	who="misbehaving-run \(.*misbehaving-run.so\): "
	case $how in
	crash) want="run\(\) crashed \(SIGSEGV\)" ;;
	hang) want="run\\(\\) did not finish sample [0-9]+ .* within 2 s" ;;
	exit) want="run\(\) ended the process \(exit status 0\)" ;;
	# goes idle after verification: its timed checksums are checked, and it is withdrawn
	zeros) who="kernel misbehaving-run: "; want="its [a-z/-]+ loop returned another checksum than the reference's in timed sample [0-9]+" ;;
	esac
	expect "plugin run() $how" 1 "$who$want" "results: $tmp/mb-$how" -- \
		env SB_MISBEHAVE=$how SB_MISBEHAVE_AFTER=60 "$SB" bench "${TINY[@]}" --mode stream \
		--kernel magic-plain,pext,misbehaving-run --plugin "$MB" --sample-limit 2 --out "$tmp/mb-$how"
	n=$(grep -cE '^[^,]*,(magic-plain|pext),' "$tmp/mb-$how/summary.csv" 2>/dev/null)
	if [[ $n -ge 2 ]] && grep -q "misbehaving-run.*not-timed: " "$tmp/mb-$how/summary.csv"; then ok
	else bad "$how: the other kernels' rows ($n) or the plugin's reason missing"; fi
done
expect "plugin that behaves" 0 "results: $tmp/mb-ok" -- \
	"$SB" bench "${TINY[@]}" --mode stream --kernel misbehaving-run --plugin "$MB" --out "$tmp/mb-ok"
if grep -qE '^[^,]*,misbehaving-run,test,.*,[0-9.]+,' "$tmp/mb-ok/summary.csv" && ! grep -q not-timed "$tmp/mb-ok/summary.csv"; then ok
else bad "isolated plugin not timed"; head -3 "$tmp/mb-ok/summary.csv"; fi

# D5, D11: a plugin's name is [a-z0-9][a-z0-9-]{0,62} and not reserved (null, all, none).
long=$(printf 'x%.0s' $(seq 70))
for name in null all none "$long" -dash Upper under_score; do
	${CC:-cc} -shared -fPIC -O1 -DSB_PLUGIN -Ikernels -DMB_NAME="\"$name\"" \
		tests/plugins/misbehaving-run.c -o "$tmp/named.so" 2>"$tmp/cc.out" || { bad "cc: $(cat "$tmp/cc.out")"; continue; }
	expect "plugin named \"${name:0:20}\"" 1 "named.so: .*name.*: refused" -- "$SB" list --plugin "$tmp/named.so"
done

# D9: empty lists, --simulate-only options without --simulate, numbers with blanks: usage errors.
expect "--mode ''" 2 'an empty name in the list' -- "$SB" bench "${TINY[@]}" --mode '' --out "$tmp/d9"
# --threads parses as the other lists do
for t in '' '1,' ' 1' '+1' ',1' '1,,2'; do
	expect "--threads '$t'" 2 '--threads' -- "$SB" bench "${TINY[@]}" --threads "$t" --out "$tmp/d9"
done
expect "--kernel ''" 2 'an empty name in the list' -- "$SB" bench "${TINY[@]}" --kernel '' --out "$tmp/d9"
expect "--kernel a,,b" 2 'an empty name in the list' -- "$SB" verify --kernel magic-plain,,pext
for opt in "--tlb abc" "--l1 garbage" "--d1 1,2,3" "--ll 1,2,3"; do
	expect "$opt without --simulate" 2 "only shapes --simulate" -- "$SB" bench "${TINY[@]}" $opt --out "$tmp/d9"
done
expect "--samples ' 3'" 2 'is not a whole number' -- "$SB" bench "${TINY[@]}" --samples ' 3' --out "$tmp/d9"
expect "--samples +3" 2 'is not a whole number' -- "$SB" bench "${TINY[@]}" --samples +3 --out "$tmp/d9"
# fuzz_cli found: a huge --l1 size overflowed a shift (UBSan under make sanitize).
expect "--l1 2^40 M" 2 "--l1" -- "$SB" bench "${TINY[@]}" --simulate --l1 99999999999911384M --out "$tmp/d9"
expect "--l1 48K:2^63 ways" 2 "--l1" -- "$SB" bench "${TINY[@]}" --simulate --l1 48K:9223372036854775807 --out "$tmp/d9"
expect "--d1 2^43 M" 2 "D1 geometry" -- "$SB" bench "${TINY[@]}" --simulate --d1 9999399948113M,8,64 --out "$tmp/d9"
if [[ ! -e $tmp/d9 ]]; then ok; else bad "a refused command line left $tmp/d9"; fi

finish
