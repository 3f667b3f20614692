# peer-table.awk - peer-table.sh's table: reads the names file (ours|peer's name), then each
# round's peer outputs (LABEL.txt: the peer's name in 35 columns, then MQueens/s) and our
# builds' rows (ours-NAME.csv: kernel,mode,mlookups_per_s,flags), and writes the Markdown
# table: how many of our rows the harness flagged unstable (samples spread 5% or more: how
# quiet the host was), a mark on each ratio whose figure of ours was so in most rounds, and how
# far the host probe taken between processes moved (probes: lines "round when MQueens/s").
# Each ratio is the median of the rounds' ratios with its 95% interval (the order statistics
# of the rounds that cover the median with 95%, distribution-free: from 6 rounds); a gap is
# called (bold) only where the whole interval lies below 0.95.
# Variables: rounds, labels and ours (space-separated), out (the result directory), machine,
# when, probes.

function median(v, n,    i, j, t) {
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
	return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
}
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t\r]+$/, "", s); return s }
function fmt(x, f) { return x == "" ? "—" : sprintf(f, x) }

/^#/ || !/\|/ { next }
{
	split($0, f, "|")
	nk++; kern[nk] = f[1]; pname[f[1]] = f[2]; ours_of[f[2]] = f[1]
}
END {
	nl = split(labels, L, " "); no = split(ours, O, " ")
	for (r = 1; r <= rounds; r++) {
		dir = out "/round-" r
		for (i = 1; i <= nl; i++) {
			file = dir "/" L[i] ".txt"
			while ((getline line < file) > 0) {
				nm = trim(substr(line, 1, 35))
				if (!(nm in ours_of)) continue
				split(trim(substr(line, 36)), a, " ")
				if (a[1] ~ /^[0-9]+(\.[0-9]+)?$/ && a[1] + 0 > 0)
					peer[L[i], ours_of[nm], r] = a[1] + 0
			}
			close(file)
		}
		for (j = 1; j <= no; j++) {
			file = dir "/ours-" O[j] ".csv"
			while ((getline line < file) > 0) {
				split(line, c, ",")
				if (c[1] == "kernel" || c[3] == "" || c[4] ~ /below-bound|baseline-invalid/)
					continue
				side = c[2] == "peer" ? "K" : "R"
				oursv[O[j], side, c[1], r] = c[3] + 0
				nrow[O[j]]++
				if (c[4] ~ /unstable/) {
					shaky[O[j], side, c[1], r] = 1
					nshaky[O[j]]++
				}
			}
			close(file)
		}
	}
	printf "| | |\n|---|---|\n| measured | %s, %d rounds |\n| machine | %s |\n", when, rounds, machine
	printf "| our rows flagged unstable |"
	for (j = 1; j <= no; j++) printf " %s %d of %d;", O[j], nshaky[O[j]], nrow[O[j]]
	printf " few on a quiet host |\n"
	np = 0
	while (probes != "" && (getline line < probes) > 0) {
		split(line, a, " ")
		if (a[3] ~ /^[0-9]+(\.[0-9]+)?$/ && a[3] + 0 > 0) pv[++np] = a[3] + 0
	}
	if (np > 1) {
		mid = median(pv, np)	# sorts pv
		lo = pv[1]; hi = pv[np]; moved = 100 * (hi - lo) / mid
		printf "| host probe between processes | %d probes, %.0f–%.0f MQueens/s: moved %.0f%%;",
			np, lo, hi, moved
		if (moved < 5)
			printf " the host held still |\n"
		else
			printf " more than the table's 5%% mark: a ratio within %.0f%% of 0.95 is %s |\n",
				moved, "not settled; make the table again on a quiet host"
	} else
		printf "| host probe between processes | %s |\n",
			"no figures (hyperbola missing from our first build?)"
	printf "\n"
	printf "| kernel (peer's name) |"
	for (i = 1; i <= nl; i++) printf " peer %s |", L[i]
	for (j = 1; j <= no; j++) printf " %s K | %s R |", O[j], O[j]
	for (j = 1; j <= no; j++) for (i = 1; i <= nl; i++) printf " %s / %s |", O[j], L[i]
	printf "\n|---|"
	for (i = 1; i <= nl + 2 * no + no * nl; i++) printf "---:|"
	printf "\n"
	for (k = 1; k <= nk; k++) {
		name = kern[k]
		printf "| %s (%s) |", name, pname[name]
		for (i = 1; i <= nl; i++) {
			n = 0; delete v
			for (r = 1; r <= rounds; r++) if ((L[i], name, r) in peer) v[++n] = peer[L[i], name, r]
			printf " %s |", n ? fmt(median(v, n), "%.0f") : "—"
		}
		for (j = 1; j <= no; j++)
			for (m = 1; m <= 2; m++) {
				side = m == 1 ? "K" : "R"; n = 0; delete v
				for (r = 1; r <= rounds; r++)
					if ((O[j], side, name, r) in oursv) v[++n] = oursv[O[j], side, name, r]
				printf " %s |", n ? fmt(median(v, n), "%.0f") : "—"
			}
		for (j = 1; j <= no; j++)
			for (i = 1; i <= nl; i++) {
				side = substr(L[i], 1, 1); n = 0; ns = 0; delete v
				for (r = 1; r <= rounds; r++)
					if ((L[i], name, r) in peer && (O[j], side, name, r) in oursv) {
						v[++n] = oursv[O[j], side, name, r] / peer[L[i], name, r]
						ns += (O[j], side, name, r) in shaky
					}
				x = n ? median(v, n) : ""	# sorts v
				q = n ? order_rank(n) : 0
				if (x == "")
					cell = "—"
				else if (q == 0)
					cell = fmt(x, "%.2f") " (" n " rounds: no interval)"
				else {
					cell = sprintf("%.2f (%.2f–%.2f)", x, v[q], v[n + 1 - q])
					if (v[n + 1 - q] < 0.95) { cell = "**" cell "**"; ngap[O[j], L[i]]++ }
				}
				printf " %s%s |", cell, (n && 2 * ns > n) ? " †" : ""
			}
		printf "\n"
	}
	printf "\nMQueens/s, higher is better (each the median of the rounds). A ratio is ours over the peer build's, taken within each round: the median of the rounds' ratios, with its 95%% interval (the rounds' order statistics; %s). Bold: a gap, the whole interval below 0.95; a ratio whose interval reaches 0.95 is not a gap. †: our figure was flagged unstable in most rounds (its samples spread by 5%% or more).\n",
		order_rank(rounds) ? "from 6 rounds up" : "none with " rounds " rounds: run 6 or more"
	printf "Gaps (a whole interval below 0.95):"
	for (j = 1; j <= no; j++)
		for (i = 1; i <= nl; i++)
			printf "%s %s / %s %d", (j > 1 || i > 1) ? ";" : "", O[j], L[i], ngap[O[j], L[i]] + 0
	printf ".\n"
}
