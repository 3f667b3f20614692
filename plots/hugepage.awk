# hugepage.awk - what a run's context.json says about its tables' huge pages (bench --tables):
# the "tables" object's mode, THP setting, whether huge pages were possible (and why not), and
# the sum over its regions of "bytes" and of "anon_huge_bytes" (smaps' AnonHugePages).
#   awk -f plots/hugepage.awk DIR/context.json
#   -> mode=hugepage;thp=madvise;possible=true;why=;bytes=5242880;huge=4194304;regions=4;readback=4
# Prints nothing when the file has no "tables" object.  readback counts the regions whose
# anon_huge_bytes is a number (null: smaps could not be read).  Not a JSON parser: enough for
# the object slidebench writes.
{ text = text $0 "\n" }

# Returns the string value of key k in s ("" when missing).
function str(s, k,    r) {
	if (!match(s, "\"" k "\"[ \t\n]*:[ \t\n]*\"[^\"]*\"")) return ""
	r = substr(s, RSTART, RLENGTH)
	sub(/^[^:]*:[ \t\n]*"/, "", r); sub(/"$/, "", r)
	return r
}

# Returns the bare (number, true, false, null) value of key k in s ("" when missing).
function bare(s, k,    r) {
	if (!match(s, "\"" k "\"[ \t\n]*:[ \t\n]*[-+0-9.eEtruefalsn]+")) return ""
	r = substr(s, RSTART, RLENGTH)
	sub(/^[^:]*:[ \t\n]*/, "", r)
	return r
}

END {
	p = index(text, "\"tables\"")
	if (!p) exit
	t = substr(text, p)
	# the object ends where its braces balance
	depth = 0; end = 0
	for (i = index(t, "{"); i <= length(t); i++) {
		c = substr(t, i, 1)
		if (c == "{") depth++
		else if (c == "}" && --depth == 0) { end = i; break }
	}
	if (end) t = substr(t, 1, end)
	head = t; r = index(t, "\"regions\"")
	if (r) head = substr(t, 1, r - 1)
	bytes = 0; huge = 0; nreg = 0; nread = 0
	rest = r ? substr(t, r) : ""
	while (match(rest, /\{[^{}]*\}/)) {
		reg = substr(rest, RSTART, RLENGTH); rest = substr(rest, RSTART + RLENGTH)
		nreg++
		bytes += bare(reg, "bytes") + 0
		h = bare(reg, "anon_huge_bytes")
		if (h != "" && h != "null") { huge += h; nread++ }
	}
	why = str(head, "why"); gsub(/;/, ",", why)
	printf "mode=%s;thp=%s;possible=%s;why=%s;bytes=%.0f;huge=%.0f;regions=%d;readback=%d\n", \
		str(head, "mode"), str(head, "thp_enabled"), bare(head, "possible"), why, bytes, huge, nreg, nread
}
