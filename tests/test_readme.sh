#!/usr/bin/env bash
# test_readme.sh - the README is short (at most 250 lines), every relative link in it and in
# docs/ resolves, its kernel glossary is what `slidebench list --format glossary` prints for
# this build, and neither it nor docs/ names an issue number, a file outside the repository or
# the clock time of a past measurement.
. "$(dirname "$0")/lib.sh"

n=$(wc -l <README.md)
check "README.md has at most 250 lines (has $n)" test "$n" -le 250

# Relative links [text](path) and [text](path#anchor) in README.md, docs/*.md and the atlas
# (docs/atlas/): each path exists, relative to the file that links it.
for f in README.md docs/*.md docs/atlas/*.md docs/atlas/*/README.md; do
	[[ -f $f ]] || continue
	while IFS= read -r link; do
		target=${link%%#*}
		[[ -n $target ]] || continue
		case $target in http://* | https://* | mailto:*) continue ;; esac
		if [[ -e $(dirname "$f")/$target ]]; then ok; else bad "$f links to $target, which does not exist"; fi
	done < <(grep -o '\]([^)]*)' "$f" | sed 's/^](//; s/)$//')
done
check "README.md links to docs/" grep -q '](docs/' README.md

# The glossary: the lines between "## The kernels" and the next heading that are table rows.
"$SB" list --format glossary >"$tmp/want" 2>/dev/null
awk '/^## The kernels/ { on = 1; next } /^## / { on = 0 } on && /^\|/' README.md >"$tmp/have"
if diff -u "$tmp/want" "$tmp/have" >"$tmp/diff"; then ok; else
	bad "README.md's kernel glossary differs from \`slidebench list --format glossary\` (regenerate it):"
	head -n 20 "$tmp/diff" | sed 's/^/    /'
fi
check "the glossary has one row per kernel" test "$(grep -c '^| `' "$tmp/have")" -eq \
	"$("$SB" list --format csv | tail -n +2 | wc -l)"

# The sample: a published study (harness/scripts/sample.sh) whose answer.txt is README's block.
check "docs/sample/ holds a report and its answer" test -s docs/sample/report.html -a -s docs/sample/answer.txt
awk '/<!-- sample-answer -->/ { on = 1; next } /<!-- \/sample-answer -->/ { on = 0 } on && !/^```/' README.md >"$tmp/block"
if [[ -f docs/sample/answer.txt ]] && diff -q "$tmp/block" docs/sample/answer.txt >/dev/null; then ok; else
	bad "README.md's sample block is not docs/sample/answer.txt (harness/scripts/sample.sh STUDY)"
fi
check "the sample's answer has at most 16 lines" test "$(wc -l <docs/sample/answer.txt)" -le 16

for f in README.md docs/*.md docs/sample/README.md; do
	check "$f names no issue number" bash -c "! grep -nE '(^|[^&])#[0-9]+\b|\bissue [0-9]+' '$f'"
	check "$f names no file outside the repository" bash -c "! grep -nE '\.\./shared|DESIGN\.md|STYLE\.md|seeds/' '$f'"
	check "$f gives no clock time of a past measurement" bash -c "! grep -nE '\b[0-2][0-9]:[0-5][0-9] (UTC|to)\b' '$f'"
done
finish
