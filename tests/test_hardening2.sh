#!/usr/bin/env bash
# test_hardening2.sh - plugins that misbehave where no child process used to bound them, and
# misleading messages: each must give a clear refusal naming the plugin and the step, the other
# kernels still run, and nothing is left behind.
#  - a plugin whose run() hangs in bench's trial on the run's inputs: refused within
#    SLIDEBENCH_PLUGIN_TIMEOUT, and the trial child dies with a killed bench;
#  - a plugin whose init() crashes only in slidebench's own process: list, verify and bench
#    refuse it by name and go on;
#  - a plugin whose loops are wrong (version 3's loops under a version 4 descriptor): verify
#    fails it on the loop;
#  - a descriptor shorter than its version says: the refusal names reading the descriptor;
#  - control characters in a study's context.json never reach report.md, report.html or
#    answer.txt raw, and a kernel name in a run's CSVs is held to the plugin-name rule;
#  - plot-data refuses a missing study, a single run, a plain file and a missing OUT_DIR;
#  - report says what is wrong with a threads/ that is a file or a symbolic link loop;
#  - bench --simulate times a plugin valgrind cannot run natively and says so in one line.
. "$(dirname "$0")/lib.sh"
P=$BIN/tests/plugins
TRACE=datasets/master-2000.trace
[[ -f $TRACE ]] || { TRACE=$tmp/small.trace; "$SB" trace -q tests/data/features.pgn -o "$TRACE"; }
TINY=(--trace "$TRACE" --events none --max-queries 2000 --samples 2 --warmup 1 --epochs 1)
# the whole trace: the trial verifies every window a sample times (hang-late's 21st run())
WHOLE=(--trace "$TRACE" --events none --samples 2 --warmup 1 --epochs 1 --mode stream,chain,pointer,position,random,peer)

# ---- a hang in the trial on the run's inputs: bounded, and the child dies with the bench ------
expect "bench, run() hangs in the trial" 1 \
	"kernel hang-late \(.*hang-late\.so\): its preparation or verification on the run's inputs did not finish in 3 s" \
	"results: $tmp/hl" -- env SLIDEBENCH_PLUGIN_TIMEOUT=3 timeout 120 "$SB" bench "${WHOLE[@]}" \
	--plugin "$P/hang-late.so" --kernel reference,hang-late --sample-limit 5 --out "$tmp/hl"
if grep -q '^[^,]*,reference,.*,stream,rook,' "$tmp/hl/summary.csv" 2>/dev/null &&
   grep -q '^[^,]*,hang-late,.*not-timed: hung in preparation or verification' "$tmp/hl/summary.csv"; then ok
else bad "hang in the trial: the reference's rows or the plugin's reason missing"; fi
env SLIDEBENCH_PLUGIN_TIMEOUT=100 "$SB" bench "${WHOLE[@]}" --plugin "$P/hang-late.so" \
	--kernel reference,hang-late --out "$tmp/hl9" >"$tmp/hl9.out" 2>&1 &
pid=$!
# the trial child: a child still there a second later (the probe's ends in milliseconds)
child=""
for _ in $(seq 60); do
	c=$(pgrep -P $pid | head -n 1)
	sleep 1
	[[ -n $c && $(pgrep -P $pid | head -n 1) == "$c" ]] && { child=$c; break; }
done
kill -9 $pid; wait $pid 2>/dev/null
gone=""
for _ in $(seq 50); do
	[[ -z $child || ! -e /proc/$child || $(ps -o stat= -p "$child") == *Z* ]] && { gone=1; break; }
	sleep 0.1
done
if [[ -z $child ]] || grep -q sampling "$tmp/hl9.out"; then bad "kill -9 during the trial: no trial child seen (test broken)"
elif [[ -n $gone ]]; then ok
else bad "kill -9 during the trial: the trial child ($child) outlived the bench"; kill -9 "$child"; fi

# verify runs a plugin's checks in its own process: a hang there is bounded too
expect "verify, run() hangs in slidebench's process" 1 \
	'hang-late +refused: its verification did not finish in 3 s \(SLIDEBENCH_PLUGIN_TIMEOUT\)' '^reference +ok: ' -- \
	env SLIDEBENCH_PLUGIN_TIMEOUT=3 timeout 120 "$SB" verify --random 100 --perft-depth 3 \
	--plugin "$P/hang-late.so" --kernel hang-late,reference

# ---- init() that crashes only in slidebench's own process --------------------------------------
crash2='crash-second-init\.so: unavailable\(\) or init\(\) crashed \(SIGSEGV\) in slidebench.s own process: refused'
expect "list, init() crashes in slidebench's process" 1 "$crash2" '^reference ' -- \
	env SB_INIT_MARK="$tmp/mark1" "$SB" list --plugin "$P/crash-second-init.so"
expect "verify, init() crashes in slidebench's process" 1 "$crash2" '^reference +ok: ' -- \
	env SB_INIT_MARK="$tmp/mark2" "$SB" verify --random 100 --perft-depth 1 \
	--plugin "$P/crash-second-init.so" --kernel crash-second-init,reference
expect "bench, init() crashes in slidebench's process" 1 "$crash2" "results: $tmp/cs" -- \
	env SB_INIT_MARK="$tmp/mark3" "$SB" bench "${TINY[@]}" --mode stream \
	--plugin "$P/crash-second-init.so" --kernel crash-second-init,reference --out "$tmp/cs"
if grep -q '^[^,]*,reference,.*,stream,rook,' "$tmp/cs/summary.csv" 2>/dev/null &&
   [[ ! -e $tmp/.cs.partial && ! -e $tmp/.cs.lock ]]; then ok
else bad "bench, init() crash: the reference not written, or .cs.partial/.cs.lock left"; ls -a "$tmp"; fi

# perft runs a plugin's perft loop in slidebench's own process: a crash there refuses it
expect "perft, a plugin's perft loop crashes in slidebench's process" 1 \
	"crash-queenless-perft +refused: its perft loop crashed \(SIGSEGV\) in slidebench.s own process" '^reference +nodes 25 ' -- \
	"$SB" perft '4k3/8/8/8/8/8/8/4K3 w - - 0 1' 2 --plugin "$P/crash-queenless-perft.so" \
	--kernel crash-queenless-perft,reference

# ---- verify runs every loop of the plugin's ABI version ---------------------------------------
expect "verify, version 3's loops under version 4" 1 'kernel=abi3-claims-4 loop=peer-random: checksum' \
	'^abi3-claims-4 +loops FAIL: 1 of 10 loops' -- \
	"$SB" verify --random 100 --perft-depth 1 --plugin "$P/abi3-claims-4.so" --kernel abi3-claims-4
expect "verify, a plugin of version 2's loops" 0 '^abi2-plugin +loops ok: 0 of 9 loops' -- \
	"$SB" verify --random 100 --perft-depth 1 --plugin "$P/abi2-plugin.so" --kernel abi2-plugin

# ---- a descriptor shorter than its ABI version: the step named -------------------------------
expect "list, a descriptor cut short" 1 \
	'short-descriptor\.so: reading its descriptor \(.*\) crashed \(SIGSEGV\): refused' '^reference ' -- \
	"$SB" list --plugin "$P/short-descriptor.so"
grep -q 'dlopen' "$tmp/out" && bad "a descriptor cut short is blamed on dlopen" || ok

# ---- terminal control codes from a study reach no text file or terminal -----------------------
A=tests/data/fixture-run-a
C=$tmp/codes
cp -r "$A" "$C"
# context strings with ESC (a title sequence ended by BEL), CR, DEL, the 8-bit CSI (U+009B) and
# a newline that would add a fake answer line to answer.txt
python3 - "$C/context.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
j["machine"]["cpu_model"] = "CPU\x1b]0;PWNED\x07 x\r\x7f \u009b31m"
j["slidebench"]["compiler"] = "gcc\n32 or 64 bit   FAKE ANSWER"
json.dump(j, open(sys.argv[1], "w"))
PY
expect "report on control codes in context.json" 0 "report: .*answer.txt" -- "$SB" report "$C"
for f in report.md report.html answer.txt; do
	if LC_ALL=C grep -qP '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]' "$C/$f"; then
		bad "$f: a control character from context.json went in raw"
	else ok; fi
done
grep -q 'FAKE ANSWER' "$C/answer.txt" && ! grep -q '^32 or 64 bit   FAKE' "$C/answer.txt" && ok ||
	bad "answer.txt: the newline of a context string made a line of its own"
grep -q $'CPU\xef\xbf\xbd\]0;PWNED' "$C/report.md" && ok || bad "report.md: the control characters are not shown replaced"
# a kernel name with ESC in a run's CSVs: refused with the file and the line, by every reader
K=$tmp/kname
cp -r "$A" "$K"
sed -i $'s/,kindergarten-512,/,kindergarten-512\e[31m,/' "$K/summary.csv" "$K/samples.csv"
cp -r "$K" "$tmp/kname2"
for cmd in "report $K" "compare $A $K" "export --format gbench $K"; do
	expect "${cmd%% *}: a kernel name with ESC" 1 "summary.csv: line [0-9]+: kernel \"kindergarten-512.*\" is not a kernel name" -- \
		"$SB" $cmd
	LC_ALL=C grep -q $'\e' "$tmp/out" && bad "${cmd%% *}: ESC reached the terminal" || ok
done

# the two entries of --table-copies (KERNEL@shared, KERNEL@per-thread) are kernel names to every
# reader (the thread sweep of run_all.sh writes them); another suffix is not
for sfx in shared per-thread bogus; do
	K=$tmp/kcopy-$sfx; cp -r "$A" "$K"
	sed -i "s/,kindergarten-512,/,kindergarten-512@$sfx,/" "$K/summary.csv" "$K/samples.csv"
	if [[ $sfx == bogus ]]; then
		expect "report, a kernel named @$sfx" 1 "kernel \"kindergarten-512@bogus\" is not a kernel name" -- "$SB" report "$K"
	else
		expect "report, a kernel named @$sfx" 0 "report: .*answer.txt" -- "$SB" report "$K"
	fi
done

# ---- plot-data refuses what is not a study, and an OUT_DIR that is not a directory --------------
mkdir -p "$tmp/pd"
expect "plot-data, a missing study" 2 "STUDY_DIR $tmp/nosuch: no such directory" -- "$SB" plot-data "$tmp/nosuch" "$tmp/pd"
expect "plot-data, a single run" 2 "STUDY_DIR $A: one bench run, not a study" -- "$SB" plot-data "$A" "$tmp/pd"
expect "plot-data, a plain file" 2 "STUDY_DIR README.md: not a directory" -- "$SB" plot-data README.md "$tmp/pd"
mkdir -p "$tmp/study1"; cp -r "$A" "$tmp/study1/m64"
expect "plot-data, a missing OUT_DIR" 2 "OUT_DIR $tmp/pd/nosuch: no such directory" -- "$SB" plot-data "$tmp/study1" "$tmp/pd/nosuch"
grep -q '\.tmp' "$tmp/out" && bad "plot-data names a temporary file" || ok
[[ -z $(ls -A "$tmp/pd") ]] && ok || bad "plot-data wrote files for a refused input: $(ls "$tmp/pd")"
check "plot-data, a study" "$SB" plot-data "$tmp/study1" "$tmp/pd"

# ---- a threads/ that is no run folder is said to be so, not taken for no thread sweep ----------
for how in file loop; do
	S=$tmp/th-$how; mkdir -p "$S"; cp -r "$A" "$S/m64"
	if [[ $how == file ]]; then echo x >"$S/threads"; want="threads: not a directory"
	else ln -s threads "$S/threads"; want="threads: Too many levels of symbolic links"; fi
	expect "report, threads/ a $how" 0 "threads/ skipped: .*$want" -- "$SB" report "$S"
	grep -q "No thread sweep: threads/ could not be read: .*$want" "$S/report.md" && ok ||
		bad "report.md, threads/ a $how: the reason is not said"
done

# ---- --simulate with a plugin valgrind cannot run: timed natively, one line, not refused -------
if sanitized; then
	skipped "--simulate with a plugin: $SB is a sanitizer build (valgrind and ASan do not mix)"
elif command -v valgrind >/dev/null && [[ -x $BIN/slidebench-sim ]]; then
	expect "--simulate, a plugin valgrind cannot run" 0 \
		"--simulate: .*no-valgrind\.so not simulated \(its sim_\* cells stay empty, its times are measured\): under valgrind .*crashed \(SIGILL\)" -- \
		"$SB" bench "${TINY[@]}" --mode stream --simulate --max-queries 500 \
		--plugin "$P/no-valgrind.so" --kernel no-valgrind,hyperbola --out "$tmp/nv"
	n=$(grep -c 'not simulated' "$tmp/out")
	[[ $n -eq 1 ]] && ! grep -q 'refused' "$tmp/out" && ok || bad "--simulate: said $n times, or called a refusal"
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["kernel"] == "no-valgrind" { t += $c["ns_median"] != ""; s += $c["sim_d1_miss"] != "" }
		$c["kernel"] == "hyperbola" { h += $c["sim_d1_miss"] != "" }
		END { exit !(t == 2 && s == 0 && h == 2) }' "$tmp/nv/summary.csv" 2>/dev/null && ok ||
		bad "--simulate: the plugin's rows not timed, its sim cells not empty, or hyperbola's not simulated"
	grep -q '"not_simulated"' "$tmp/nv/context.json" && ok || bad "context.json: no not_simulated record"
	# a plugin that hangs under valgrind (hang-late, built for any x86-64 so valgrind runs
	# it): the --simulate child bounds it as bench does natively, and the study goes on
	${CC:-cc} -shared -fPIC -O1 -DSB_PLUGIN -Ikernels tests/plugins/hang-late.c kernels/lines.c \
		-o "$tmp/hang-late-generic.so" 2>"$tmp/cc.out" || bad "cc: $(cat "$tmp/cc.out")"
	expect "--simulate, a plugin that hangs under valgrind" 0 \
		"--simulate: .*hang-late-generic\.so not simulated .*: under valgrind its run\(\) in sample [0-9]+ \([a-z]+/[a-z]+\) did not finish in 3 s \(--sample-limit\)" -- \
		env SLIDEBENCH_PLUGIN_TIMEOUT=3 timeout 300 "$SB" bench "${WHOLE[@]}" --samples 1 --warmup 0 \
		--simulate --sample-limit 3 --plugin "$tmp/hang-late-generic.so" --kernel hang-late,hyperbola \
		--mode stream,chain,pointer,position,random --out "$tmp/nvh"
else
	skipped "--simulate with a plugin valgrind cannot run (valgrind or $BIN/slidebench-sim missing)"
fi

finish
