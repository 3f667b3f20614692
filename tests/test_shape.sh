#!/usr/bin/env bash
# test_shape.sh - the harness stays in pieces a reader can hold: no C function under harness/
# longer than 60 lines (from the line of its name to its closing brace) and no source file
# longer than 500 lines, but those named in LONG_FUNCTIONS and LONG_FILES below.  Those lists
# can only shrink: a file or function on one that is no longer too long fails too (take it off
# the list).  Functions are
# measured with Universal Ctags where it is installed (its end: field), else with a scan of
# brace depth outside comments, strings and character constants (both where ctags is there:
# each misses what the other reads); each one too long is named as file:line: function: N lines.
. "$(dirname "$0")/lib.sh"

MAX_FUNCTION=60
MAX_FILE=500
# The files over MAX_FILE lines today (none; a file may join only with its reason here).
LONG_FILES=()
# The functions over MAX_FUNCTION lines today (file:function; none), in the same way.
LONG_FUNCTIONS=()

# Prints "file<TAB>line<TAB>name<TAB>lines" for every function defined in the C files $@,
# read by ctags.
lengths_ctags() {
	ctags --c-kinds=f --fields=+ne -o - "$@" 2>/dev/null |
		awk -F'\t' '{ ln = en = 0
			for (i = 4; i <= NF; i++) {
				if ($i ~ /^line:/) ln = substr($i, 6)
				if ($i ~ /^end:/) en = substr($i, 5)
			}
			if (ln && en) printf "%s\t%d\t%s\t%d\n", $2, ln, $1, en - ln + 1 }'
}

# The same by brace depth, read a character at a time outside comments, strings and character
# constants: a function starts at a line, outside every brace, that names an identifier
# followed by "(" with no "=" before it, and ends where the depth returns to 0 from the "{"
# that follows.
lengths_braces() {
	awk '
	FNR == 1 { depth = 0; state = ""; sig = 0; open = 0; name = "" }
	{
		code = ""   # the line with comments, strings and character constants blanked
		n = length($0)
		for (i = 1; i <= n; i++) {
			c = substr($0, i, 1); d = substr($0, i, 2)
			if (state == "/*") { if (d == "*/") { state = ""; i++ } continue }
			if (state != "") {
				if (c == "\\") i++
				else if (c == state) { state = ""; code = code c }
				continue
			}
			if (d == "/*") { state = "/*"; i++; code = code " "; continue }
			if (d == "//") break
			if (c == "\"" || c == "\047") state = c
			code = code c
		}
		if (state == "\"" || state == "\047") state = ""   # an unterminated one ends here
		if (code ~ /^[ \t]*#/) next
		if (depth == 0 && code ~ /^[A-Za-z_]/ && match(code, /[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/) &&
		    index(substr(code, 1, RSTART), "=") == 0) {
			name = substr(code, RSTART, RLENGTH); sub(/[ \t]*\($/, "", name); sig = FNR
		}
		for (i = 1; i <= length(code); i++) {
			c = substr(code, i, 1)
			if (c == "{") { if (depth == 0) open = sig; depth++ }
			else if (c == "}" && depth > 0) {
				if (--depth == 0 && open)
					printf "%s\t%d\t%s\t%d\n", FILENAME, open, name, FNR - open + 1
				if (depth == 0) open = 0
			} else if (c == ";" && depth == 0) sig = 0
		}
	}' "$@"
}

# Each reads what the other can miss (ctags skipped functions after some macros, the scan a
# signature it cannot read): every function either finds is measured, at the longer length.
if ctags --version 2>/dev/null | grep -q 'Universal Ctags'; then
	lengths() {
		{ lengths_ctags "$@"; lengths_braces "$@"; } |
			awk -F'\t' '{ k = $1 "\t" $3 } !(k in n) || $4 > n[k] { n[k] = $4; at[k] = $2 }
				END { for (k in n) { split(k, f, "\t"); printf "%s\t%d\t%s\t%d\n", f[1], at[k], f[2], n[k] } }'
	}
	how="ctags and a brace-depth scan"
else
	lengths() { lengths_braces "$@"; }
	how="a brace-depth scan (no Universal Ctags here)"
fi

# Prints "file:line: name: N lines" for every function of the files $@ over MAX_FUNCTION.
too_long() {
	lengths "$@" | awk -F'\t' -v max="$MAX_FUNCTION" '$4 > max { printf "%s:%d: %s: %d lines\n", $1, $2, $3, $4 }' | sort
}

mapfile -t sources < <(find harness -name '*.[ch]' | sort)

# Every function of the harness at or under MAX_FUNCTION lines, but those of LONG_FUNCTIONS,
# which each still exceed it.
out=$(too_long "${sources[@]}")
for x in "${LONG_FUNCTIONS[@]}"; do
	if grep -q "^${x%%:*}:[0-9]*: ${x#*:}: " <<<"$out"; then
		out=$(grep -v "^${x%%:*}:[0-9]*: ${x#*:}: " <<<"$out")
	else
		out+=$'\n'"$x: on LONG_FUNCTIONS, but not over $MAX_FUNCTION lines: take it off"
	fi
done
out=$(sed '/^$/d' <<<"$out")
if [[ -z $out ]]; then ok; else bad "functions over $MAX_FUNCTION lines (measured by $how):
$out"; fi
n=$(lengths "${sources[@]}" | wc -l)
if [[ $n -gt 500 ]]; then ok; else bad "only $n functions measured by $how: the scan is broken"; fi

# Every file at or under MAX_FILE lines, but those of LONG_FILES, which each still exceed it.
long=""
for f in "${sources[@]}"; do
	lines=$(wc -l <"$f")
	listed=0
	for x in "${LONG_FILES[@]}"; do [[ $f == "$x" ]] && listed=1; done
	if ((lines > MAX_FILE && !listed)); then long+="$f: $lines lines"$'\n'; fi
	if ((lines <= MAX_FILE && listed)); then long+="$f: $lines lines, on LONG_FILES: take it off"$'\n'; fi
done
for x in "${LONG_FILES[@]}"; do [[ -f $x ]] || long+="$x: on LONG_FILES, but no such file"$'\n'; done
if [[ -z $long ]]; then ok; else bad "files over $MAX_FILE lines (or LONG_FILES out of date):
$long"; fi

# Both measures find a planted 61-line function, name it with its line, and pass a 60-line one.
{
	printf '/* planted */\nstatic int short_one(void)\n{\n'
	for i in $(seq 56); do printf '\tx += %d; /* { */\n' "$i"; done
	printf '\treturn 0;\n}\n\nint long_one(int a)\n{\n\tconst char *s = "}";\n'
	for i in $(seq 56); do printf '\ta += %d;\n' "$i"; done
	printf '\treturn a + (s[0] == %s);\n}\n' "'{'"
} >"$tmp/planted.c"
want="$tmp/planted.c:63: long_one: 61 lines"
if [[ $(too_long "$tmp/planted.c") == "$want" ]]; then ok; else bad "$how missed the planted function: $(too_long "$tmp/planted.c")"; fi
got=$(lengths_braces "$tmp/planted.c" | awk -F'\t' '$4 > 60 { printf "%s:%d: %s: %d lines\n", $1, $2, $3, $4 }')
if [[ $got == "$want" ]]; then ok; else bad "the brace-depth scan missed the planted function: $got"; fi
finish
