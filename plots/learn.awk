# learn.awk - learn.gp's data: from csv.awk's selection of learn/learn.csv (kernel, piece,
# distinct, ns_median, replayed, idx), the rows of one piece (-v piece=rook) as one gnuplot data
# block per kernel (kernels by name, as learn.gp lists them), each by distinct queries, two blank
# lines between blocks: "distinct,ns_median,replayed" a line, no header.
BEGIN { FS = "," }
NR == 1 { next }
$2 == piece { n[$1]++; row[$1, n[$1]] = $3 "," $4 "," $5; k[$1] = 1 }
END {
	nk = 0
	for (x in k) name[++nk] = x
	for (i = 2; i <= nk; i++)  # insertion sort: kernels by name
		for (j = i; j > 1 && name[j] < name[j - 1]; j--) { t = name[j]; name[j] = name[j - 1]; name[j - 1] = t }
	for (i = 1; i <= nk; i++) {
		x = name[i]
		for (a = 2; a <= n[x]; a++)  # rows by distinct queries
			for (b = a; b > 1 && row[x, b] + 0 < row[x, b - 1] + 0; b--) { t = row[x, b]; row[x, b] = row[x, b - 1]; row[x, b - 1] = t }
		for (a = 1; a <= n[x]; a++) print row[x, a]
		if (i < nk) printf "\n\n"
	}
}
