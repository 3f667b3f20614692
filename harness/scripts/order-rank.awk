# order-rank.awk - the rank of the order-statistic interval of a median, for the awk programs
# of the scripts (check-study.sh, peer-table.awk), as util/stats.c's stats_order_rank for the
# program: load it with `awk -f harness/scripts/order-rank.awk -f PROGRAM`.
#
# The rank k of the 95% interval v[k]..v[n+1-k] of the median of n sorted values: the largest
# k with P(Binomial(n, 1/2) < k) <= 0.025, or 0 when even the range covers less.
function order_rank(n,    k, c, p) {
	p = 0.5 ^ n; c = 0; k = 0
	while (k < n / 2 && c + p <= 0.025) { c += p; k++; p = p * (n - k + 1) / k }
	return k
}
