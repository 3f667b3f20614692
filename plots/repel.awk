# repel.awk - label positions that do not overlap, for scatter charts (footprint).
# Reads a CSV from csv.awk and appends two columns: ly, the y at which to write the row's
# label, and lside, 1 (label right of its point) or -1 (left).  Greedy, in order of y: each
# label takes the nearest free place (its own y first, then one label height up or down, ...;
# right before left) where it overlaps no placed label and covers no other point.  The rows at
# xzero (one column) are stacked first in the order of their points, so their leaders never
# cross.
#   awk -f plots/repel.awk -v x=xcol -v y=ycol -v label=kernel -v logx=1 -v logy=1 \
#       -v cw=0.03 -v lh=0.04 [-v xzero=128] [-v xlo=64 -v xhi=4194304] in.csv
# cw: one character's width in x units (decades when logx); lh: a label's height in y units
# (decades when logy); xzero: the x used for rows whose x is 0 or less (kernels without table);
# xlo, xhi: the plot's x range, which no label may leave (left of the "no table" column a
# label ran over the y axis's numbers and title).
function lg(v) { return log(v) / log(10) }
function tx(v) { return logx ? lg(v) : v }
function ty(v) { return logy ? lg(v) : v }
function fy(v) { return logy ? exp(v * log(10)) : v }

# Returns 1 when row r's label at y yy on side sd overlaps a placed label or covers a point.
function blocked(r, yy, sd,    a, b, m, s, a2, b2) {
	a = sd > 0 ? px[r] : px[r] - w[r]; b = sd > 0 ? px[r] + w[r] : px[r]
	if ((xlo != "" && a < tx(xlo)) || (xhi != "" && b > tx(xhi))) return 1
	for (m = 1; m <= placed; m++) {
		s = done[m]
		a2 = side[s] > 0 ? px[s] : px[s] - w[s]; b2 = side[s] > 0 ? px[s] + w[s] : px[s]
		if (a2 > b || a > b2) continue
		if (yy - ly[s] < lh * 0.999 && ly[s] - yy < lh * 0.999) return 1
	}
	for (s = 1; s <= n; s++) {
		if (s == r || !ok[s] || px[s] < a - cw || px[s] > b + cw) continue
		if (yy - py[s] < pr && py[s] - yy < pr) return 1
	}
	return 0
}

BEGIN { FS = ","; pr = lh * 0.7 }
NR == 1 {
	hdr = $0
	for (i = 1; i <= NF; i++) col[$i] = i
	next
}
{
	n++
	line[n] = $0
	xv = $(col[x]) + 0; yv = $(col[y])
	if (xzero != "" && xv <= 0) xv = xzero
	ok[n] = ($(col[x]) != "" && yv != "" && (!logx || xv > 0) && (!logy || yv + 0 > 0))
	if (!ok[n]) next
	px[n] = tx(xv); py[n] = ty(yv + 0); w[n] = (length($(col[label])) + 2) * cw
}
END {
	print hdr ",ly,lside"
	for (i = 1; i <= n; i++) ord[i] = i
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && (!ok[ord[j - 1]] || (ok[ord[j]] && py[ord[j - 1]] > py[ord[j]])); j--) {
			t = ord[j]; ord[j] = ord[j - 1]; ord[j - 1] = t
		}
	placed = 0
	# The rows at xzero (kernels without a table: one column, often a dozen points) are
	# stacked first, all to the right, in the order of their points, one label height apart,
	# the stack moved down by its mean displacement: labels in point order, so no two
	# leaders cross.
	if (xzero != "") {
		nz = 0; shift = 0
		for (k = 1; k <= n; k++) {
			r = ord[k]
			if (!ok[r] || px[r] != tx(xzero)) continue
			zr[++nz] = r
			ly[r] = nz > 1 && ly[zr[nz - 1]] + lh > py[r] ? ly[zr[nz - 1]] + lh : py[r]
			shift += ly[r] - py[r]
		}
		zs = 1   # the column's side: right, unless a label would leave the x range there
		for (k = 1; k <= nz; k++)
			if (xhi != "" && px[zr[k]] + w[zr[k]] > tx(xhi) &&
			    (xlo == "" || px[zr[k]] - w[zr[k]] >= tx(xlo)))
				zs = -1
		for (k = 1; k <= nz; k++) {
			r = zr[k]; ly[r] -= nz ? shift / nz : 0; side[r] = zs; done[++placed] = r; z[r] = 1
		}
	}
	for (k = 1; k <= n; k++) {
		r = ord[k]
		if (!ok[r] || z[r]) continue
		found = 0
		for (step = 0; step <= 40 && !found; step++)
			for (sg = 1; sg >= -1 && !found; sg -= 2)
				for (sd = 1; sd >= -1 && !found; sd -= 2) {
					yy = py[r] + sg * step * lh * 0.5
					if (!blocked(r, yy, sd)) { found = 1; ly[r] = yy; side[r] = sd }
				}
		if (!found) { ly[r] = py[r]; side[r] = 1 }
		done[++placed] = r
	}
	for (i = 1; i <= n; i++) print line[i] "," (ok[i] ? fy(ly[i]) "," side[i] : ",")
}
