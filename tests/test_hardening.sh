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
	sleep 0.3
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

finish
