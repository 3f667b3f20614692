/* stats.c - median, min, MdAPE and CV: nanobench-style robust spread. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
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
	qsort(c, n, sizeof *c, cmp_double);
	m = n % 2 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2;
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

void stats_median_ci(const double *x, size_t n, double *lo, double *hi)
{
	double *c, h = 0.98 * sqrt((double)n);
	long j, k;

	*lo = *hi = NAN;
	if (n < 3 || !(c = malloc(n * sizeof *c)))
		return;
	memcpy(c, x, n * sizeof *c);
	qsort(c, n, sizeof *c, cmp_double);
	j = (long)floor((double)n / 2 - h);      /* 1-based ranks, made 0-based below */
	k = (long)ceil((double)n / 2 + h);
	j = j < 1 ? 1 : j;
	k = k > (long)n ? (long)n : k;
	*lo = c[j - 1];
	*hi = c[k - 1];
	free(c);
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
