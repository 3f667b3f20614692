#!/usr/bin/env bash
# test_plugins.sh - bad plugins under list, verify and bench: one rule for all three.  A
# plugin that cannot load, has a wrong ABI, or whose init() fails, crashes or hangs is
# refused with a message naming the file and the reason; the other kernels still run; the
# exit status is 1.  Also bench's own bad-kernel cases: the verified count, a failing
# prepare(), and a write that fails on a full file system.
. "$(dirname "$0")/lib.sh"
set -e
P=$BIN/tests/plugins
Q=(--samples 2 --warmup 0 --min-lookups 20000 --mode random --events none)

# ran_reference NAME DIR: the bench run in DIR finished and timed the reference kernel, and
# nothing partial was left beside it.
ran_reference() {
	if grep -q '^[^,]*,reference,reference,random,queen,random,warm,,[0-9]*,2,[0-9.]' "$2/summary.csv" 2>/dev/null &&
	   [[ -z $(ls -A "$(dirname "$2")" | grep partial || true) ]]; then
		ok
	else
		bad "$1: reference not timed in $2, or a partial directory left:"; ls -la "$(dirname "$2")"
	fi
}

crash='crashing-init\.so: init\(\) crashed \(SIGSEGV\): refused'

# refused_by_all WHAT NAME MSG LISTPAT VERIFYPAT DIR: list, verify and bench each refuse plugin
# NAME.so with MSG and exit 1 while the reference kernel still runs (bench into $tmp/DIR);
# LISTPAT and VERIFYPAT are the refused kernel's own line in list and verify ('' for none).
refused_by_all() {
	local what=$1 name=$2 msg=$3 lp=$4 vp=$5 dir=$tmp/$6/run
	expect "list, $what" 1 "$msg" '^reference ' "$lp" -- "$SB" list --plugin "$P/$name.so"
	expect "verify, $what" 1 "$msg" '^reference +ok: ' "$vp" -- \
		"$SB" verify --random 1000 --plugin "$P/$name.so" --kernel "$name,reference"
	expect "bench, $what" 1 "$msg" 'results: ' -- \
		"$SB" bench "${Q[@]}" --plugin "$P/$name.so" --kernel "$name,reference" --out "$dir"
	ran_reference "bench, $what" "$dir"
}

# A NULL dereference in init(): refused with the signal named, the rest runs, exit 1.
refused_by_all "crashing init()" crashing-init "$crash" \
	'^crashing-init .*refused: .*init\(\) crashed \(SIGSEGV\)' '^crashing-init +refused: ' b1
expect "bench, crashing init(), all kernels" 1 "$crash" 'results: ' -- \
	"$SB" bench "${Q[@]}" --plugin $P/crashing-init.so --kernel reference --out "$tmp/b2/run"
ran_reference "bench, crashing init(), reference only" "$tmp/b2/run"

# A crash in the first lookups (init() is fine) is caught the same way.
expect "verify, crashing lookup" 1 'crashing-lookup\.so: its first lookups and loops crashed \(SIGSEGV\): refused' '^reference +ok: ' -- \
	"$SB" verify --random 1000 --plugin $P/crashing-lookup.so --kernel crashing-lookup,reference

# A crash only in the perft loop: the probe runs perft on the start position, so bench's perft
# mode (the study's main sweep runs it) loses only that plugin, and the others are written.
expect "bench, crashing perft loop" 1 'crashing-perft\.so: its perft loop \(the start position, depth 3\) crashed \(SIGSEGV\): refused' 'results: ' -- \
	"$SB" bench "${Q[@]}" --mode random,perft --perft-positions 4 --perft-depth 2 --plugin $P/crashing-perft.so --kernel reference --out "$tmp/b9/run"
ran_reference "bench, crashing perft loop, reference written" "$tmp/b9/run"

# A crash only on the run's own inputs (the probe's made-up ones pass): bench tries the
# plugin's preparation and verification in a child first, so only the plugin is lost.
expect "bench, crash on the trace's inputs" 1 'kernel crashing-trace \(.*crashing-trace\.so\): its preparation or verification on the run.s inputs crashed \(SIGSEGV\)' 'results: ' -- \
	"$SB" bench "${Q[@]}" --mode random,position --plugin $P/crashing-trace.so --kernel reference,crashing-trace --out "$tmp/b10/run"
ran_reference "bench, crash on the trace's inputs, reference written" "$tmp/b10/run"

# A hang is bounded by SLIDEBENCH_PLUGIN_TIMEOUT (60 s by default; 1 s here).
expect "list, hanging init()" 1 'hanging-init\.so: init\(\) did not finish in 1 s.*: refused' '^reference ' -- \
	env SLIDEBENCH_PLUGIN_TIMEOUT=1 "$SB" list --plugin $P/hanging-init.so
expect "verify, hanging init()" 1 'hanging-init +refused: .*did not finish in 1 s' '^reference +ok: ' -- \
	env SLIDEBENCH_PLUGIN_TIMEOUT=1 "$SB" verify --random 1000 --plugin $P/hanging-init.so --kernel hanging-init,reference
if pgrep -f "$P/hanging-init.so" >/dev/null 2>&1; then bad "a hanging probe process was left running"; else ok; fi

# init() returning -1: refused (the README's promise), exit 1 in all three commands.
fi_msg='failing-init\.so: init\(\) failed \(returned -1\): refused'
refused_by_all "failing init()" failing-init "$fi_msg" '^failing-init .*refused: ' '' b3

# A wrong ABI version, a file that is not a plugin, a file that does not exist: exit 1 in
# every command, even when --kernel names the refused kernel.
abi='bad-abi\.so: kernel "bad-abi": built for ABI version 42, newer than this slidebench.*: refused'
refused_by_all "wrong ABI" bad-abi "$abi" '^bad-abi .*refused: .*bad-abi\.so' '' b4
# A description that is not UTF-8, with control characters: refused at load, named (it went raw
# into the CSVs).
refused_by_all "text not UTF-8" bad-text 'bad-text\.so: bad kernel descriptor: description: not valid UTF-8: refused' \
	'^bad-text .*refused: .*bad-text\.so' '' b4t
expect "verify, not a plugin" 1 'no-symbol\.so: not a slidebench plugin' '^reference +ok: ' -- \
	"$SB" verify --random 1000 --plugin $P/no-symbol.so --kernel reference
expect "bench, missing plugin file" 1 'nosuch\.so: cannot load plugin' 'results: ' -- \
	"$SB" bench "${Q[@]}" --plugin "$tmp/nosuch.so" --kernel reference --out "$tmp/b5/run"
# Without a refused plugin, an unknown kernel is still a usage error.
expect "unknown kernel, no plugin refused" 2 'unknown kernel "bad-abi"' -- "$SB" verify --kernel bad-abi,reference

# Good plugins are not disturbed by the probe.
expect "good plugin lists as available" 0 '^example-plugin .*available$' -- "$SB" list --plugin $P/example-plugin.so

# bench's own cases (harness/bench/bench.c, harness/cli/cmd_bench.c).  [bench fix] marks the checks that wait
# for the lead's change there.
expect "[bench fix] verified count excludes the failed kernel" 1 \
	'kernel wrong-attacks: .* queries wrong: not timed' 'slidebench: 2 of 3 kernels verified' -- \
	"$SB" bench "${Q[@]}" --plugin $P/example-plugin.so --plugin $P/wrong-attacks.so \
	--kernel example-plugin,wrong-attacks,reference --out "$tmp/b6/run"
expect "[bench fix] failing prepare() gives exit 1" 1 'failing-prepare.*prepare\(\) failed' 'results: ' -- \
	"$SB" bench "${Q[@]}" --plugin $P/failing-prepare.so --kernel failing-prepare,reference --out "$tmp/b7/run"
ran_reference "failing prepare()" "$tmp/b7/run"

# A write that fails: a full tmpfs (4 KB, filled) in a private mount namespace.  bench must
# say which file and why, exit 1, and print no garbage.
mkdir "$tmp/full"
if unshare -m true 2>/dev/null && unshare -m sh -c "mount -t tmpfs -o size=4k tmpfs '$tmp/full'" 2>/dev/null; then
	rc=0
	unshare -m sh -c 'mount -t tmpfs -o size=4k tmpfs "$1" && dd if=/dev/zero of="$1/filler" bs=4k count=2 2>/dev/null;
		shift; exec "$@"' sh "$tmp/full" "$SB" bench "${Q[@]}" --kernel reference --out "$tmp/full/run" >"$tmp/out" 2>&1 || rc=$?
	if [[ $rc -eq 1 ]] && grep -Eq '(samples|counters|summary)\.csv|context\.json' "$tmp/out" &&
	   grep -q 'No space left on device' "$tmp/out"; then ok; else bad "full disk: exit $rc (want 1), a message naming the file:"; sed 's/^/    /' "$tmp/out" | cat -v; fi
	if ! LC_ALL=C grep -q '[^[:print:][:space:]]' "$tmp/out" && ! grep -Eq '^slidebench[a-z ]*: ?.{0,3}$' "$tmp/out"; then
		ok
	else
		bad "[bench fix] full disk: garbage or an empty message:"; sed 's/^/    /' "$tmp/out" | cat -v
	fi
else
	skipped "full-disk write (unshare -m and a tmpfs mount need root and mount namespaces here)"
fi

finish
