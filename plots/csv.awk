# csv.awk - rows and columns of a result CSV, selected BY COLUMN NAME, for the gnuplot scripts.
# Reads one CSV with a header row (quoted fields allowed), writes a CSV with a header row.
# A column the input lacks reads as an empty cell (gnuplot skips empty cells: not measured).
#
#   awk -f plots/csv.awk -v where='mode=position;kernel!=null' \
#       -v cols='kernel,ns=ns_median,lo=ns_ci_lo|ns_min,hi=ns_ci_hi|ns_median' summary.csv
#
# where   ';'-separated: col=a|b (one of), col!=a|b (none of), col~regex, col!~regex; '' matches a missing
#         or empty cell, so 'cache_state=warm|' keeps rows of runs that have no such column
# cols    ','-separated: name, or out=a|b|c (the first non-empty of a, b, c, named out)
# gcol, groups   gcol='mode,piece' groups='stream rook|position all': keep only rows whose
#         gcol values (joined by a space) are in groups; column gidx = its 0-based position
# sort    a numeric output column: ascending, empty cells last
# rank, ranklo, rankhi   rank = 1 + rows with a smaller value of column `rank`; with ranklo and
#         rankhi (interval columns) also rank_best = 1 + rows whose rankhi < this row's ranklo
#         (surely faster) and rank_worst = rows whose ranklo <= this row's rankhi
# join, key, cols2, pfx2, inner   append the columns cols2 (prefixed pfx2, default b_) of the
#         row of CSV file `join` with the same `key` value; inner=1 drops rows without one
# eqcol, eqfile   keep only rows whose column eqcol equals the first line of file eqfile (a value
#         read from the data: it reaches awk through a file, never through a command line)
# hascol  print 1 when the header has this column, else 0, and nothing else
# Always adds column idx: the 0-based output row number (after sorting).  Output cells are never
# quoted: a ',' in a value is written as ';', a '"' as "'".

function csv_split(line, out,    n, i, c, f, q) {
	n = 0; f = ""; q = 0
	sub(/\r$/, "", line)
	for (i = 1; i <= length(line); i++) {
		c = substr(line, i, 1)
		if (q) {
			if (c == "\"") {
				if (substr(line, i + 1, 1) == "\"") { f = f c; i++ } else q = 0
			} else f = f c
		} else if (c == "\"") q = 1
		else if (c == ",") { out[++n] = f; f = "" }
		else f = f c
	}
	out[++n] = f
	return n
}

# Returns the cell of column name in the current row (fld/colof of the file being read).
function cell(name) {
	return (name in colof) ? fld[colof[name]] : ""
}

function matches(cond,    op, p, name, val, alts, n, i, v) {
	if ((p = index(cond, "!=")) > 0) op = "!="
	else if ((p = index(cond, "!~")) > 0) op = "!~"
	else if ((p = index(cond, "~")) > 0) op = "~"
	else if ((p = index(cond, "=")) > 0) op = "="
	else return 1
	name = substr(cond, 1, p - 1); val = substr(cond, p + length(op)); v = cell(name)
	if (op == "~") return v ~ val
	if (op == "!~") return v !~ val
	n = split(val, alts, "|")
	if (val == "") { n = 1; alts[1] = "" }
	if (substr(val, length(val)) == "|") alts[++n] = ""
	for (i = 1; i <= n; i++)
		if (v == alts[i]) return op == "="
	return op == "!="
}

function selected(    n, i, conds) {
	if (eqcol != "" && cell(eqcol) != eqval) return 0
	n = split(where, conds, ";")
	for (i = 1; i <= n; i++)
		if (conds[i] != "" && !matches(conds[i])) return 0
	return 1
}

# Returns the value of output column spec ("name" or "out=a|b") for the current row.
function value(spec,    p, alts, n, i, v) {
	p = index(spec, "=")
	if (p == 0) v = cell(spec)
	else {
		n = split(substr(spec, p + 1), alts, "|")
		v = ""
		for (i = 1; i <= n && v == ""; i++) v = cell(alts[i])
	}
	gsub(/,/, ";", v)
	gsub(/"/, "'", v)   # a quote would start a quoted field here and in gnuplot
	return v
}

function spec_name(spec,    p) {
	p = index(spec, "=")
	return p ? substr(spec, 1, p - 1) : spec
}

# Reads the join file: its rows are kept by key, columns cols2.
function load_join(    line, n, i, k, first) {
	first = 1
	while ((getline line < join) > 0) {
		n = csv_split(line, fld)
		if (first) {
			delete colof
			for (i = 1; i <= n; i++) colof[fld[i]] = i
			first = 0
			continue
		}
		k = cell(key)
		for (i = 1; i <= ncols2; i++) jv[k, i] = value(cols2a[i])
		jhas[k] = 1
	}
	close(join)
	delete colof
}

BEGIN {
	if (cols == "") cols = "kernel"
	ncols = split(cols, colsa, ",")
	ncols2 = (cols2 == "") ? 0 : split(cols2, cols2a, ",")
	if (pfx2 == "") pfx2 = "b_"
	if (key == "") key = "kernel"
	if (join != "") load_join()
	if (eqfile != "" && (getline eqval < eqfile) <= 0) eqval = ""
	ngroups = (groups == "") ? 0 : split(groups, groupa, "|")
	for (i = 1; i <= ngroups; i++) gpos[groupa[i]] = i - 1
	ngcol = (gcol == "") ? 0 : split(gcol, gcola, ",")
	nrows = 0
}

FNR == 1 {
	n = csv_split($0, fld)
	delete colof
	for (i = 1; i <= n; i++) colof[fld[i]] = i
	if (hascol != "") { print (hascol in colof) ? 1 : 0; done = 1; exit }
	next
}

{
	csv_split($0, fld)
	if (!selected()) next
	g = ""
	if (ngcol) {
		for (i = 1; i <= ngcol; i++) g = g (i > 1 ? " " : "") cell(gcola[i])
		if (ngroups && !(g in gpos)) next
	}
	k = cell(key)
	if (join != "" && inner && !(k in jhas)) next
	nrows++
	for (i = 1; i <= ncols; i++) row[nrows, i] = value(colsa[i])
	for (i = 1; i <= ncols2; i++) row[nrows, ncols + i] = (k in jhas) ? jv[k, i] : ""
	rowg[nrows] = ngroups ? gpos[g] : ""
}

function outcol(name,    i) {
	for (i = 1; i <= ncols; i++) if (spec_name(colsa[i]) == name) return i
	return 0
}

# Returns 1 when row a sorts after row b on output column c (empty cells last).
function after(a, b, c,    x, y) {
	x = row[a, c]; y = row[b, c]
	if (x == "") return y != ""
	if (y == "") return 0
	return x + 0 > y + 0
}

END {
	if (done) exit
	if (hascol != "") { print 0; exit }
	nout = ncols + ncols2
	for (i = 1; i <= nrows; i++) order[i] = i
	if (sort != "" && (c = outcol(sort)) > 0)
		for (i = 2; i <= nrows; i++)
			for (j = i; j > 1 && after(order[j - 1], order[j], c); j--) {
				t = order[j]; order[j] = order[j - 1]; order[j - 1] = t
			}
	hdr = ""
	for (i = 1; i <= ncols; i++) hdr = hdr (i > 1 ? "," : "") spec_name(colsa[i])
	for (i = 1; i <= ncols2; i++) hdr = hdr "," pfx2 spec_name(cols2a[i])
	hdr = hdr ",idx"
	if (ngroups) hdr = hdr ",gidx"
	rc = (rank != "") ? outcol(rank) : 0
	lc = (ranklo != "") ? outcol(ranklo) : 0
	hc = (rankhi != "") ? outcol(rankhi) : 0
	if (rc) hdr = hdr ",rank"
	if (rc && lc && hc) hdr = hdr ",rank_best,rank_worst"
	print hdr
	for (o = 1; o <= nrows; o++) {
		r = order[o]; line = ""
		for (i = 1; i <= nout; i++) line = line (i > 1 ? "," : "") row[r, i]
		line = line "," (o - 1)
		if (ngroups) line = line "," rowg[r]
		if (rc) {
			if (row[r, rc] == "") line = line ","
			else {
				rk = 1
				for (s = 1; s <= nrows; s++)
					if (row[s, rc] != "" && row[s, rc] + 0 < row[r, rc] + 0) rk++
				line = line "," rk
			}
		}
		if (rc && lc && hc) {
			if (row[r, lc] == "" || row[r, hc] == "") line = line ",,"
			else {
				best = 1; worst = 0
				for (s = 1; s <= nrows; s++) {
					if (row[s, lc] == "" || row[s, hc] == "") continue
					if (s != r && row[s, hc] + 0 < row[r, lc] + 0) best++
					if (s == r || row[s, lc] + 0 <= row[r, hc] + 0) worst++
				}
				line = line "," best "," worst
			}
		}
		print line
	}
}
