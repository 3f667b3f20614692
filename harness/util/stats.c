/* stats.c - the one place of the project's order statistics: the comparison, the median (in
 * place, of a copy, ignoring NaN), the order-statistic interval of a median, and nanobench-style
 * robust spread (MdAPE, CV, epochs). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/stats.h"

int stats_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double stats_median_inplace(double *x, size_t n)
{
	if (n == 0)
		return NAN;
	if (n <= 64) {          /* samples per cell: insertion sort beats qsort's calls */
		for (size_t i = 1; i < n; i++) {
			double v = x[i];
			size_t j = i;
			for (; j > 0 && x[j - 1] > v; j--)
				x[j] = x[j - 1];
			x[j] = v;
		}
	} else {
		qsort(x, n, sizeof *x, stats_cmp_double);
	}
	return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
}

double stats_median_nan(const double *x, size_t n, double *tmp)
{
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (!isnan(x[i]))
			tmp[m++] = x[i];
	return stats_median_inplace(tmp, m);
}

double stats_median(const double *x, size_t n)
{
	double *c, m;

	if (n == 0)
		return 0;
	c = malloc(n * sizeof *c);
	if (!c)
		return NAN;
	memcpy(c, x, n * sizeof *c);
	m = stats_median_inplace(c, n);
	free(c);
	return m;
}

double stats_min(const double *x, size_t n)
{
	double m = n ? x[0] : 0;

	for (size_t i = 1; i < n; i++)
		if (x[i] < m)
			m = x[i];
	return m;
}

double stats_max(const double *x, size_t n)
{
	double m = n ? x[0] : 0;

	for (size_t i = 1; i < n; i++)
		if (x[i] > m)
			m = x[i];
	return m;
}

double stats_mdape(const double *x, size_t n)
{
	double med = stats_median(x, n), *dev, r;

	if (n == 0 || med == 0)
		return 0;
	dev = malloc(n * sizeof *dev);
	if (!dev)
		return NAN;
	for (size_t i = 0; i < n; i++)
		dev[i] = fabs((x[i] - med) / med);
	r = 100.0 * stats_median(dev, n);
	free(dev);
	return r;
}

double stats_cv(const double *x, size_t n)
{
	double mean = 0, ss = 0;

	if (n < 2)
		return 0;
	for (size_t i = 0; i < n; i++)
		mean += x[i];
	mean /= (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (x[i] - mean) * (x[i] - mean);
	return mean == 0 ? 0 : 100.0 * sqrt(ss / (double)(n - 1)) / fabs(mean);
}

size_t stats_order_rank(size_t n)
{
	double lc = -(double)n * log(2.0), cdf = 0;   /* log C(n, 0) / 2^n */
	size_t k = 0;

	/* the largest k with 2 P(Bin(n, 1/2) <= k - 1) <= STATS_ALPHA */
	for (size_t j = 0; j < n / 2; j++) {
		cdf += exp(lc);
		if (2 * cdf > STATS_ALPHA)
			break;
		k = j + 1;
		lc += log((double)(n - j)) - log((double)(j + 1));
	}
	return k ? k : 1;
}

int stats_order_interval(const double *x, size_t n, double *lo, double *hi)
{
	double *v = malloc((n ? n : 1) * sizeof *v);
	size_t m = 0, k;

	*lo = *hi = NAN;
	if (!v)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (!isnan(x[i]))
			v[m++] = x[i];
	if (m < 2) {
		free(v);
		return -1;
	}
	stats_median_inplace(v, m);
	k = stats_order_rank(m);
	*lo = v[k - 1];
	*hi = v[m - k];
	free(v);
	return 0;
}

int stats_order_reaches(size_t n)
{
	return n > 0 && 2 * pow(0.5, (double)n) <= STATS_ALPHA;
}

void stats_median_ci(const double *x, size_t n, double *lo, double *hi)
{
	*lo = *hi = NAN;
	if (n >= 3)
		stats_order_interval(x, n, lo, hi);
}

double stats_epoch_spread(const double *x, size_t n, unsigned k)
{
	double lo = INFINITY, hi = -INFINITY, med = stats_median(x, n);

	if (k < 2 || n < 2 * (size_t)k || med == 0)
		return NAN;
	for (unsigned e = 0; e < k; e++) {
		size_t a = n * e / k, b = n * (e + 1) / k;
		double m = stats_median(x + a, b - a);
		lo = m < lo ? m : lo;
		hi = m > hi ? m : hi;
	}
	return 100.0 * (hi - lo) / (2 * med);
}
