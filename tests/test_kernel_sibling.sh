#!/usr/bin/env bash
# test_kernel_sibling.sh - a kernel that declares a sibling joins its study question with no
# other edit: in a scratch copy of the repository (sources and this build's objects, times
# kept so only the new file compiles), kernels/kindergarten-32.c is copied to a new kernel file
# that differs in its name alone (it keeps .sibling and .question = bits).  The rebuilt
# slidebench lists it with its sibling, a bench run records it in context.json, and the
# report's 32-bit answer pairs it with its sibling.
. "$(dirname "$0")/lib.sh"

src=kernels/kindergarten-32.c
new=kg32-copy
B=${BUILD:-build}
if [[ ! -f $BIN/slidebench || ! -d $B ]]; then
	skipped "no $B/ and $BIN/slidebench to copy (run make first)"
	finish
fi
# Under make sanitize the scratch make would rebuild the whole instrumented tree (28 minutes
# on one CPU); the rule that adds a kernel is the same in the optimised build, tested there.
if sanitized; then
	skipped "$SB is a sanitizer build: a new kernel's build rule is tested on the optimised build"
	finish
fi
sib=$(sed -n 's/^[[:space:]]*\.sibling = "\([^"]*\)",.*/\1/p' "$src")
if [[ -n $sib ]] && grep -q '\.question = SB_QUESTION_BITS' "$src"; then ok; else
	bad "$src declares no bits sibling"; finish; fi

repo=$tmp/repo
mkdir -p "$repo"
# the tracked and new files of this tree, then the build trees, all with their times
git ls-files -co --exclude-standard -z | xargs -0 cp -p --parents -t "$repo" 2>/dev/null
cp -pr "$B" "$repo/$B"
mkdir -p "$repo/$BIN" && cp -p "$BIN/slidebench" "$repo/$BIN/"
sed "s/\.name = \"kindergarten-32\"/.name = \"$new\"/" "$src" >"$repo/kernels/$new.c"
if grep -q "\"$new\"" "$repo/kernels/$new.c"; then ok; else bad "the copy was not renamed"; fi

check "make in the scratch copy" nice make -C "$repo" --no-print-directory -j2 "$BIN/slidebench"
expect "list shows the copy with its sibling" 0 "^$new,kindergarten,32,branchless,[0-9]+,$sib,bits," \
	-- "$repo/$BIN/slidebench" list --format csv
expect "bench" 0 "" -- "$repo/$BIN/slidebench" bench --kernel "$new,$sib" --mode stream,position \
	--samples 3 --warmup 0 --min-lookups 2000 --max-queries 2000 --out "$tmp/run"
if grep -q "\"sibling\": \"$sib\"" "$tmp/run/context.json"; then ok; else
	bad "context.json does not record the copy's sibling"; fi
expect "report" 0 "" -- "$repo/$BIN/slidebench" report "$tmp/run"
if grep -q "Pairing (same tables or technique, 64-bit arithmetic): $new against $sib" \
	"$tmp/run/report.md"; then ok; else
	bad "the 32-bit answer does not pair $new with $sib: $(grep -m1 Pairing "$tmp/run/report.md")"
fi
if grep -q "^| $new vs $sib: mode" "$tmp/run/report.md"; then ok; else
	bad "no $new vs $sib table in the report"; fi
finish
