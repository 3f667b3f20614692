# ctx.awk - the first value of a key in a run's context.json, for chart captions and cache lines.
#   awk -f plots/ctx.awk -v key=cpu_model DIR/context.json     ->  AMD EPYC
# Prints a string without its quotes, a number or true/false as written, nothing when the key
# (or the file) is missing. Not a JSON parser: enough for the flat keys slidebench writes.
{ text = text $0 "\n" }
END {
	pat = "\"" key "\"[ \t\n]*:[ \t\n]*"
	if (!match(text, pat)) exit
	rest = substr(text, RSTART + RLENGTH)
	if (substr(rest, 1, 1) == "\"") {
		rest = substr(rest, 2)
		v = ""
		while (rest != "" && substr(rest, 1, 1) != "\"") {
			c = substr(rest, 1, 1)
			if (c == "\\") { v = v substr(rest, 2, 1); rest = substr(rest, 3) }
			else { v = v c; rest = substr(rest, 2) }
		}
		print v
	} else if (match(rest, /^[-+0-9.eE]+|^true|^false|^null/))
		print substr(rest, 1, RLENGTH)
}
