#!/usr/bin/env bash
# test_runner.sh - tests/run.sh itself, on a tree of four made-up tests: a short line per test as
# it finishes ("[3/4] test_slow.sh 1 passed 0 failed (2 s)"), in the order they finish, all
# before the tests' whole output; the total still last and unchanged; a test that crashes
# before its closing line counted as a failure.
. "$(dirname "$0")/lib.sh"
T=$tmp/tree
mkdir -p "$T/tests" "$T/bin/tests"
cp tests/run.sh "$T/tests/"
printf '#!/bin/sh\nsleep 2\necho "1 passed, 0 failed, 0 skipped"\n' >"$T/tests/test_slow.sh"
printf '#!/bin/sh\necho "2 passed, 1 failed, 3 skipped"\n' >"$T/tests/test_fast.sh"
printf '#!/bin/sh\necho "started"\nexit 3\n' >"$T/tests/test_crash.sh"
printf '#!/bin/sh\necho "4 passed, 0 failed"\n' >"$T/bin/tests/test_c"
chmod +x "$T/bin/tests/test_c"
rc=0
(cd "$T" && BIN=bin JOBS=2 TIER=fast bash tests/run.sh) >"$tmp/out" 2>&1 || rc=$?
if [[ $rc -eq 1 ]]; then ok; else bad "run.sh exit $rc (want 1: one test failed)"; fi
progress=$(grep -E '^\[[0-9]+/4\] ' "$tmp/out")
if [[ $(grep -c . <<<"$progress") -eq 4 && $(cut -d] -f1 <<<"$progress" | tr -d '[' | paste -sd' ') == "1/4 2/4 3/4 4/4" ]]; then
	ok; else bad "progress lines 1/4 .. 4/4 in order:"; cat "$tmp/out"; fi
if grep -qxE '\[4/4\] test_slow\.sh 1 passed 0 failed \([0-9]+ s\)' <<<"$progress"; then ok; else
	bad "the slow test's line, last:"; echo "$progress"; fi
if grep -qxE '\[[1-3]/4\] test_fast\.sh 2 passed 1 failed 3 skipped \([0-9]+ s\)' <<<"$progress" &&
   grep -qxE '\[[1-3]/4\] test_c 4 passed 0 failed \([0-9]+ s\)' <<<"$progress" &&
   grep -qxE '\[[1-3]/4\] test_crash\.sh no closing line \(crashed\?\) \([0-9]+ s\)' <<<"$progress"; then ok; else
	bad "each test's progress line:"; echo "$progress"; fi
last_progress=$(grep -nE '^\[[0-9]+/4\] ' "$tmp/out" | tail -n 1 | cut -d: -f1)
first_dump=$(grep -n '^== ' "$tmp/out" | head -n 1 | cut -d: -f1)
if [[ -n $first_dump && $last_progress -lt $first_dump ]]; then ok; else bad "progress lines after the tests' output"; fi
if [[ $(tail -n 1 "$tmp/out") == "7 passed, 2 failed, 3 skipped" ]]; then ok; else
	bad "last line: $(tail -n 1 "$tmp/out") (want 7 passed, 2 failed, 3 skipped)"; fi
finish
