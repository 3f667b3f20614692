/* paired.c - per-pair log ratios: median estimate, moving-block bootstrap interval, Wilcoxon
 * signed-rank test, epoch signs (see paired.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/paired.h"
#include "util/rng.h"
#include "util/stats.h"

/* Returns the exact two-sided p of a signed-rank statistic w+ for n untied ranks 1..n. */
static double signed_rank_exact(double wplus, size_t n)
{
	size_t max = n * (n + 1) / 2;
	double *cnt = calloc(max + 1, sizeof *cnt), total, tail = 0, mean = (double)max / 2;
	double w = wplus > mean ? wplus : (double)max - wplus;   /* the upper tail */

	if (!cnt)
		return NAN;
	cnt[0] = 1;
	for (size_t k = 1; k <= n; k++)              /* subsets of {1..k} by their rank sum */
		for (size_t s = k * (k + 1) / 2; s >= k; s--)
			cnt[s] += cnt[s - k];
	total = ldexp(1.0, (int)n);
	for (size_t s = (size_t)ceil(w - 1e-9); s <= max; s++)
		tail += cnt[s];
	free(cnt);
	return fmin(1.0, 2 * tail / total);
}

double pr_signed_rank(const double *d, size_t n)
{
	double *v = malloc((n ? n : 1) * sizeof *v), wplus = 0, ties = 0, mean, var, z;
	size_t m = 0;
	int tied = 0;

	if (!v)
		return NAN;
	for (size_t i = 0; i < n; i++)
		if (!isnan(d[i]) && d[i] != 0)
			v[m++] = d[i];
	if (n == 0 || m == 0) {
		free(v);
		return n == 0 ? NAN : 1.0;
	}
	/* rank by |d|: sort by magnitude, keep signs */
	for (size_t i = 1; i < m; i++) {
		double x = v[i];
		size_t j = i;
		for (; j > 0 && fabs(v[j - 1]) > fabs(x); j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
	for (size_t i = 0; i < m;) {
		size_t j = i;
		while (j < m && fabs(v[j]) == fabs(v[i]))
			j++;
		double t = (double)(j - i), rank = (double)(i + j + 1) / 2;
		for (size_t k = i; k < j; k++)
			if (v[k] > 0)
				wplus += rank;
		if (j - i > 1)
			tied = 1, ties += t * t * t - t;
		i = j;
	}
	free(v);
	if (!tied && m <= 60)
		return signed_rank_exact(wplus, m);
	mean = (double)m * (double)(m + 1) / 4;
	var = (double)m * (double)(m + 1) * (double)(2 * m + 1) / 24 - ties / 48;
	if (!(var > 0))
		return 1.0;
	z = (fabs(wplus - mean) - 0.5) / sqrt(var);
	return z <= 0 ? 1.0 : fmin(1.0, erfc(z / sqrt(2.0)));
}

/* Returns the mean over cells of each cell's median log ratio over the pairs idx[0..m), or
 * NaN when no cell has data there; col and tmp hold m doubles. */
static double stat_over(const struct pr_series *s, const size_t *idx, size_t m, double *col,
			double *tmp)
{
	double sum = 0;
	size_t cells = 0;

	for (size_t c = 0; c < s->ncell; c++) {
		for (size_t i = 0; i < m; i++)
			col[i] = s->d[c * s->npair + idx[i]];
		double med = stats_median_nan(col, m, tmp);
		if (!isnan(med))
			sum += med, cells++;
	}
	return cells ? sum / (double)cells : NAN;
}

/* Sets out->epochs and out->epochs_agree from the per-epoch statistic. */
static void epoch_signs(const struct pr_series *s, double est, size_t *idx, double *col,
			double *tmp, struct pr_result *out)
{
	int maxe = 0;

	if (s->epoch)
		for (size_t i = 0; i < s->npair; i++)
			maxe = s->epoch[i] > maxe ? s->epoch[i] : maxe;
	maxe = maxe >= PR_MAX_EPOCHS ? PR_MAX_EPOCHS - 1 : maxe;
	for (int e = 0; e <= maxe; e++) {
		size_t m = 0;
		for (size_t i = 0; i < s->npair; i++)
			if ((s->epoch ? s->epoch[i] : 0) == e)
				idx[m++] = i;
		double v = m ? stat_over(s, idx, m, col, tmp) : NAN;
		if (isnan(v))
			continue;
		out->epochs++;
		out->epochs_agree += (v > 0 && est > 0) || (v < 0 && est < 0);
	}
}

/* Returns the per-pair mean log ratio over cells into mean[] (NaN where no cell has it). */
static void pair_means(const struct pr_series *s, double *mean)
{
	for (size_t i = 0; i < s->npair; i++) {
		double sum = 0;
		size_t k = 0;
		for (size_t c = 0; c < s->ncell; c++) {
			double v = s->d[c * s->npair + i];
			if (!isnan(v))
				sum += v, k++;
		}
		mean[i] = k ? sum / (double)k : NAN;
	}
}

int pr_compare(const struct pr_series *s, uint64_t seed, struct pr_result *out)
{
	size_t n = s->npair, L, good = 0;
	size_t *idx = malloc((n ? n : 1) * sizeof *idx);
	double *col = malloc((n ? n : 1) * sizeof *col), *tmp = malloc((n ? n : 1) * sizeof *tmp);
	double *boot = malloc(PR_BOOT_ITERS * sizeof *boot), est;
	double *mean = malloc((n ? n : 1) * sizeof *mean);
	struct rng r;
	int rc = -1;

	*out = (struct pr_result){ NAN, NAN, NAN, NAN, 0, 0, 0 };
	if (!idx || !col || !tmp || !boot || !mean || n == 0 || s->ncell == 0)
		goto out;
	for (size_t i = 0; i < n; i++)
		idx[i] = i;
	est = stat_over(s, idx, n, col, tmp);
	if (isnan(est))
		goto out;
	out->ratio = exp(est);
	pair_means(s, mean);
	out->p = pr_signed_rank(mean, n);
	for (size_t i = 0; i < n; i++)
		out->n += !isnan(mean[i]);
	if (out->n < 2)
		out->p = NAN;
	L = s->block ? s->block : (size_t)fmax(1.0, round(cbrt((double)n)));
	L = L > n ? n : L;
	rng_seed(&r, seed);
	for (unsigned it = 0; it < PR_BOOT_ITERS; it++) {
		size_t m = 0;
		while (m < n) {           /* blocks of L consecutive pairs from random starts */
			size_t start = (size_t)(rng_next(&r) % (n - L + 1));
			for (size_t k = 0; k < L && m < n; k++)
				idx[m++] = start + k;
		}
		double v = stat_over(s, idx, n, col, tmp);
		if (!isnan(v))
			boot[good++] = v;
	}
	if (good > 0 && out->n >= 2) {
		qsort(boot, good, sizeof *boot, stats_cmp_double);
		double lo = boot[(size_t)floor(0.025 * (double)(good - 1))];
		double hi = boot[(size_t)ceil(0.975 * (double)(good - 1))];
		double olo, ohi;             /* at least the order-statistic interval of the */
		if (stats_order_interval(mean, n, &olo, &ohi) == 0)   /* per-pair median */
			lo = fmin(lo, olo), hi = fmax(hi, ohi);
		out->lo = exp(fmin(lo, est));   /* a lopsided resampling distribution can leave */
		out->hi = exp(fmax(hi, est));   /* the estimate outside: widen to contain it */
	}
	epoch_signs(s, est, idx, col, tmp, out);
	rc = 0;
out:
	free(idx);
	free(col);
	free(tmp);
	free(boot);
	free(mean);
	return rc;
}

int pr_settled(const struct pr_result *r, double layout_pct, char *why, size_t len)
{
	why[0] = 0;
	if (isnan(r->lo) || isnan(r->hi) || isnan(r->p)) {
		snprintf(why, len, "too few pairs for an interval (%zu)", r->n);
		return -1;
	}
	if (r->lo <= 1 && r->hi >= 1) {
		snprintf(why, len, "the interval includes 1");
		return 0;
	}
	if (!(r->p < PR_ALPHA) && r->n < PR_MIN_SETTLE) {
		snprintf(why, len, "with %zu pairs the signed-rank test cannot reach p < 0.05 "
			 "(%d are the fewest that can)", r->n, PR_MIN_SETTLE);
		return 0;
	}
	if (!(r->p < PR_ALPHA)) {
		snprintf(why, len, "the signed-rank test does not agree");
		return 0;
	}
	if (!isnan(layout_pct) && fabs(r->ratio - 1) * 100 <= layout_pct) {
		snprintf(why, len, "within the %.1f%% that code layout alone moves a figure",
			 layout_pct);
		return 0;
	}
	if (r->epochs_agree < r->epochs) {
		snprintf(why, len, "the sign differs in %d of %d epochs",
			 r->epochs - r->epochs_agree, r->epochs);
		return 0;
	}
	return 1;
}
