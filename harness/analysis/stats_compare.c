/* stats_compare.c - Mann-Whitney U (normal approximation, tie and continuity corrections),
 * percentile bootstrap of a ratio of medians, geometric mean. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/rng.h"
#include "analysis/stats_compare.h"
#include "util/stats.h"

double sc_geomean(const double *x, size_t n)
{
	double s = 0;

	if (n == 0)
		return NAN;
	for (size_t i = 0; i < n; i++) {
		if (!(x[i] > 0))
			return NAN;
		s += log(x[i]);
	}
	return exp(s / (double)n);
}

int sc_mann_whitney(const double *a, size_t na, const double *b, size_t nb, double *u,
		    double *p)
{
	size_t n = na + nb;
	double *v, ra = 0, ties = 0, mean, var, z;

	*u = NAN;
	*p = NAN;
	if (na == 0 || nb == 0)
		return -1;
	v = malloc(n * 2 * sizeof *v);   /* value, then group (0 = a, 1 = b), interleaved */
	if (!v)
		return -1;
	for (size_t i = 0; i < na; i++)
		v[2 * i] = a[i], v[2 * i + 1] = 0;
	for (size_t i = 0; i < nb; i++)
		v[2 * (na + i)] = b[i], v[2 * (na + i) + 1] = 1;
	qsort(v, n, 2 * sizeof *v, stats_cmp_double);
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j < n && v[2 * j] == v[2 * i])
			j++;
		double t = (double)(j - i), rank = (double)(i + j + 1) / 2;  /* 1-based average */
		for (size_t k = i; k < j; k++)
			if (v[2 * k + 1] == 0)
				ra += rank;
		ties += t * t * t - t;
		i = j;
	}
	free(v);
	*u = ra - (double)na * (double)(na + 1) / 2;
	mean = (double)na * (double)nb / 2;
	var = (double)na * (double)nb / 12 *
	      ((double)(n + 1) - ties / ((double)n * (double)(n - 1)));
	if (!(var > 0)) {
		*p = 1;      /* every value tied: no evidence of a difference */
		return 0;
	}
	z = (fabs(*u - mean) - 0.5) / sqrt(var);
	*p = z <= 0 ? 1 : erfc(z / sqrt(2.0));
	return 0;
}

/* Returns the median of a resample (with replacement) of x[0..n) drawn into tmp. */
static double resample_median(struct rng *r, const double *x, size_t n, double *tmp)
{
	for (size_t i = 0; i < n; i++)
		tmp[i] = x[rng_next(r) % n];
	return stats_median_inplace(tmp, n);
}

/* Returns the most samples of either side of any pair (at least 1), 0 when a side is empty. */
static size_t pair_max(const struct sc_pair *p, size_t np)
{
	size_t maxn = 1;

	for (size_t i = 0; i < np; i++) {
		if (p[i].na == 0 || p[i].nb == 0)
			return 0;
		maxn = p[i].na > maxn ? p[i].na : maxn;
		maxn = p[i].nb > maxn ? p[i].nb : maxn;
	}
	return maxn;
}

/* Returns the geometric mean over the pairs of b's median over a's (tmp: scratch of the
 * largest side), or NaN when a median is not positive. */
static double median_ratio(const struct sc_pair *p, size_t np, double *tmp)
{
	double s = 0;

	for (size_t i = 0; i < np; i++) {
		double ma, mb;
		memcpy(tmp, p[i].a, p[i].na * sizeof *tmp);
		ma = stats_median_inplace(tmp, p[i].na);
		memcpy(tmp, p[i].b, p[i].nb * sizeof *tmp);
		mb = stats_median_inplace(tmp, p[i].nb);
		if (!(ma > 0) || !(mb > 0))
			return NAN;
		s += log(mb / ma);
	}
	return exp(s / (double)np);
}

/* Fills logs with SC_BOOT_ITERS resampled log ratios (each pair's sides resampled) where every
 * resampled median is positive.  Returns how many; *bad counts the others. */
static size_t boot_logs(const struct sc_pair *p, size_t np, uint64_t seed, double *tmp,
			double *logs, size_t *bad)
{
	size_t good = 0;
	struct rng r;

	rng_seed(&r, seed);
	for (unsigned it = 0; it < SC_BOOT_ITERS; it++) {
		double ls = 0;
		int ok = 1;
		for (size_t i = 0; i < np; i++) {
			double ma = resample_median(&r, p[i].a, p[i].na, tmp);
			double mb = resample_median(&r, p[i].b, p[i].nb, tmp);
			if (!(ma > 0) || !(mb > 0))
				ok = 0;
			else
				ls += log(mb / ma);
		}
		if (ok)
			logs[good++] = ls / (double)np;
		else
			(*bad)++;
	}
	return good;
}

int sc_boot_ratio(const struct sc_pair *p, size_t np, uint64_t seed, double *est, double *lo,
		  double *hi)
{
	size_t maxn = pair_max(p, np), bad = 0, good;
	double *tmp, *logs;
	int rc = -1;

	*est = *lo = *hi = NAN;
	if (np == 0 || maxn == 0)
		return -1;
	tmp = malloc(maxn * sizeof *tmp);
	logs = malloc(SC_BOOT_ITERS * sizeof *logs);
	if (!tmp || !logs || isnan(*est = median_ratio(p, np, tmp)))
		goto out_free;
	good = boot_logs(p, np, seed, tmp, logs, &bad);
	if (bad * 40 > SC_BOOT_ITERS || good == 0) {   /* more than 2.5%: no upper bound */
		*lo = 0;
		*hi = INFINITY;
	} else {
		qsort(logs, good, sizeof *logs, stats_cmp_double);
		*lo = exp(logs[(size_t)floor(0.025 * (double)(good - 1))]);
		*hi = exp(logs[(size_t)ceil(0.975 * (double)(good - 1))]);
	}
	rc = 0;
out_free:
	free(tmp);
	free(logs);
	return rc;
}
