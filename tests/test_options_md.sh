#!/usr/bin/env bash
# test_options_md.sh - one option table per command drives its parser, its --help and the
# Markdown of `slidebench help-markdown`: README.md's options block is `help-markdown
# --summary` and docs/program.md's is `help-markdown` for this build (regenerate both with
# harness/scripts/options-md.sh); every option the Markdown names is in the command's --help
# and is accepted by its parser (never "unrecognized option").
. "$(dirname "$0")/lib.sh"

# block FILE MARKER: the lines between <!-- MARKER --> and <!-- /MARKER -->.
block() { awk -v first="<!-- $2 -->" -v last="<!-- /$2 -->" '$0 == last { on = 0 } on; $0 == first { on = 1 }' "$1"; }

check "help-markdown --summary exits 0" "$SB" help-markdown --summary
cp "$tmp/check.out" "$tmp/summary"
check "help-markdown exits 0" "$SB" help-markdown
cp "$tmp/check.out" "$tmp/full"
expect "help-markdown takes no other argument" 2 'usage: slidebench help-markdown' -- "$SB" help-markdown --frobnicate

for pair in "README.md options summary" "docs/program.md options-full full"; do
	read -r file marker want <<<"$pair"
	block "$file" "$marker" >"$tmp/have"
	if [[ -s $tmp/have ]] && diff -u "$tmp/$want" "$tmp/have" >"$tmp/diff"; then ok; else
		bad "$file's <!-- $marker --> block differs from \`slidebench help-markdown\`" \
			"(run harness/scripts/options-md.sh):"
		head -n 20 "$tmp/diff" | sed 's/^/    /'
	fi
done

# Every command of `slidebench --help` has a row, and each option of its row is in its --help
# and known to its parser.  Each is given (with a value where it takes one) before an
# argument too many, so that nothing runs: the command refuses, but never as "unrecognized".
"$SB" --help | awk '/^  [a-z]/ && $1 !~ /^--/ { print $1 }' >"$tmp/commands"
check "slidebench --help lists the commands" test "$(wc -l <"$tmp/commands")" -ge 10
while read -r cmd; do
	row=$(grep -E "^\| \`$cmd( |\`)" "$tmp/summary") || { bad "no help-markdown row for $cmd"; continue; }
	"$SB" "$cmd" --help >"$tmp/help" 2>&1 || bad "$cmd --help exits non-zero"
	while read -r opt arg; do
		grep -q -- "$opt\b" "$tmp/help" || bad "$cmd --help does not list $opt"
		value=(); [[ -z $arg ]] || value=("$tmp/value")
		"$SB" "$cmd" "$opt" "${value[@]}" "$tmp/one argument too many" >"$tmp/one" 2>&1 </dev/null
		if grep -q "unrecognized option" "$tmp/one"; then bad "$cmd does not parse $opt"; else ok; fi
	done < <(grep -oE '`--[a-z0-9-]+( [^`]+)?`' <<<"$row" | tr -d '`')
done <"$tmp/commands"
check "no option run wrote anything" test ! -e "$tmp/value"

# The wrapping: no line of any --help is longer than 79 columns past the option column.
while read -r cmd; do
	"$SB" "$cmd" --help 2>&1 | awk -v c="$cmd" '/^  -/ && length($0) > 79 { print c ": " $0 }'
done <"$tmp/commands" >"$tmp/long"
check "option lines of --help fit 79 columns" test ! -s "$tmp/long"
finish
