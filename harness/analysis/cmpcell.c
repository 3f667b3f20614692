/* cmpcell.c - ratio, interval and verdict for the same cells of two kernels or runs. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/cmpcell.h"
#include "analysis/paired.h"
#include "analysis/stats_compare.h"

static int have_samples(const struct rr_row *r)
{
	return r->samples && r->nsamples >= 2;
}

/* Returns 1 when every pair can be compared round by round. */
static int pairable(const struct rr_row *const *a, const struct rr_row *const *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!a[i]->round || !b[i]->round || a[i]->run_serial != b[i]->run_serial ||
		    a[i]->nsamples < 2 || b[i]->nsamples < 2)
			return 0;
	return n > 0;
}

/* The paired comparison: fills out from per-round log ratios.  Returns 0 or -1. */
static int cmp_paired(const struct rr_row *const *a, const struct rr_row *const *b, size_t n,
		      struct cmp *out)
{
	unsigned nr = 0;
	double *d;
	int *epoch;
	struct pr_result res;
	int rc = -1;

	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < a[i]->nsamples; j++)
			if (a[i]->round[j] != UINT_MAX && a[i]->round[j] + 1 > nr)
				nr = a[i]->round[j] + 1;
	if (nr == 0 || nr > 1u << 16)
		return -1;
	d = malloc(n * nr * sizeof *d);
	epoch = calloc(nr, sizeof *epoch);
	if (!d || !epoch)
		goto out;
	for (size_t k = 0; k < n * nr; k++)
		d[k] = NAN;
	for (size_t i = 0; i < n; i++) {
		double *row = d + i * nr;
		for (size_t j = 0; j < a[i]->nsamples; j++)     /* a's whole-loop time by round */
			if (a[i]->round[j] < nr) {
				row[a[i]->round[j]] = a[i]->paired[j];
				epoch[a[i]->round[j]] = a[i]->epoch[j];
			}
		for (unsigned r = 0; r < nr; r++) {             /* then b's over it */
			double x = row[r];
			row[r] = NAN;
			for (size_t j = 0; j < b[i]->nsamples && !isnan(x); j++)
				if (b[i]->round[j] == r && x > 0 && b[i]->paired[j] > 0)
					row[r] = log(b[i]->paired[j] / x);
		}
	}
	struct pr_series s = { d, n, nr, epoch, 0 };
	if (pr_compare(&s, PR_SEED, &res) < 0)
		goto out;
	out->ratio = res.ratio, out->lo = res.lo, out->hi = res.hi, out->p = res.p;
	out->basis = "rounds", out->test = "signed-rank", out->npairs = res.n;
	out->epochs = res.epochs, out->epochs_agree = res.epochs_agree;
	out->settled = pr_settled(&res, NAN, out->why, sizeof out->why);
	out->verdict = isnan(res.lo) ? -1 : (res.lo > 1 || res.hi < 1) && res.p < PR_ALPHA;
	rc = 0;
out:
	free(d);
	free(epoch);
	return rc;
}

/* The unpaired comparison from raw samples: ratio of medians, bootstrap, Mann-Whitney. */
static void cmp_unpaired(const struct rr_row *const *a, const struct rr_row *const *b, size_t n,
			 struct cmp *out)
{
	struct sc_pair *pairs = calloc(n, sizeof *pairs);
	double est, u;

	if (!pairs)
		return;
	for (size_t i = 0; i < n; i++)
		pairs[i] = (struct sc_pair){ a[i]->samples, b[i]->samples, a[i]->nsamples,
					     b[i]->nsamples };
	if (sc_boot_ratio(pairs, n, SC_BOOT_SEED, &est, &out->lo, &out->hi) == 0) {
		/* the estimate of the same samples as the interval, and inside it */
		out->ratio = est;
		out->lo = fmin(out->lo, est);
		out->hi = fmax(out->hi, est);
		out->basis = "samples";
		if (n == 1) {
			sc_mann_whitney(pairs[0].a, pairs[0].na, pairs[0].b, pairs[0].nb, &u,
					&out->p);
			out->test = "Mann-Whitney";
		}
	}
	free(pairs);
}

/* Two runs are never paired: between them the host may have stepped as much as it did
 * between the epochs of either run.  Widens the interval by the two runs' epoch spreads
 * (combined in quadrature per cell, averaged over cells: a host step moves every cell), so a
 * difference smaller than what the host alone moved each run is not distinguishable. */
static void widen_by_epochs(const struct rr_row *const *a, const struct rr_row *const *b,
			    size_t n, struct cmp *out)
{
	double e = 0;

	if (isnan(out->lo) || isnan(out->hi))
		return;
	for (size_t i = 0; i < n; i++) {
		double ea = isnan(a[i]->epoch_spread_pct) ? 0 : log1p(a[i]->epoch_spread_pct / 100);
		double eb = isnan(b[i]->epoch_spread_pct) ? 0 : log1p(b[i]->epoch_spread_pct / 100);
		e += sqrt(ea * ea + eb * eb);
	}
	e /= (double)n;
	if (e > 0) {
		out->lo *= exp(-e);
		out->hi *= exp(e);
		out->epoch_widened_pct = 100 * expm1(e);
	}
}

int cmp_rows(const struct rr_row *const *a, const struct rr_row *const *b, size_t n,
	     struct cmp *out)
{
	double logr = 0, loglo = 0, loghi = 0;
	int samples = n > 0, cis = n > 0;

	*out = (struct cmp){ .ratio = NAN, .lo = NAN, .hi = NAN, .p = NAN, .verdict = -1,
			     .settled = -1, .basis = "medians", .test = "", .n = n,
			     .process_pct = NAN, .process_from = "" };
	for (size_t i = 0; i < n; i++) {
		if (!(a[i]->ns_median > 0) || !(b[i]->ns_median > 0))
			return -1;
		logr += log(b[i]->ns_median / a[i]->ns_median);
		samples &= have_samples(a[i]) && have_samples(b[i]);
		cis &= a[i]->ns_ci_lo > 0 && a[i]->ns_ci_hi > 0 && b[i]->ns_ci_lo > 0 &&
		       b[i]->ns_ci_hi > 0;
		if (cis) {
			loglo += log(b[i]->ns_ci_lo / a[i]->ns_ci_hi);
			loghi += log(b[i]->ns_ci_hi / a[i]->ns_ci_lo);
		}
	}
	if (n == 0)
		return -1;
	out->ratio = exp(logr / (double)n);
	if (pairable(a, b, n) && cmp_paired(a, b, n, out) == 0)
		return 0;
	if (samples)
		cmp_unpaired(a, b, n, out);
	widen_by_epochs(a, b, n, out);
	if (isnan(out->lo) && cis) {
		out->lo = exp(loglo / (double)n);
		out->hi = exp(loghi / (double)n);
		out->basis = "intervals";
	}
	if (!isnan(out->lo))
		out->verdict = (out->lo > 1 || out->hi < 1) && !(out->p >= SC_ALPHA);
	out->settled = out->verdict;
	if (out->verdict == 0)
		snprintf(out->why, sizeof out->why, "the two are not distinguishable");
	else if (out->verdict < 0)
		snprintf(out->why, sizeof out->why, "no interval (no samples and no per-cell "
			 "intervals)");
	return 0;
}

void cmp_factor(char *buf, size_t len, double f, double lo, double hi, int utf8)
{
	const char *x = utf8 ? "\u00d7" : "x", *dash = utf8 ? "\u2013" : "-";

	if (isnan(lo) || isnan(hi))
		snprintf(buf, len, "%.2f%s (interval unknown)", f, x);
	else if (isinf(hi))
		snprintf(buf, len, "%.2f%s (%.2f%sunbounded)", f, x, lo, dash);
	else
		snprintf(buf, len, "%.2f%s (%.2f%s%.2f)", f, x, lo, dash, hi);
}

/* Returns 1 when c's interval includes 1 (or is unknown): only then are the two "not
 * distinguishable"; an interval that excludes 1 names the faster one, "looks" faster when the
 * verdict is not settled (a quick study's three rounds cannot settle a 6x effect). */
static int interval_has_one(const struct cmp *c)
{
	return !(c->lo > 1 || c->hi < 1);
}

static void phrase(char *buf, size_t len, const char *x, const char *y, const struct cmp *c,
		   int utf8, const char *is, const char *looks)
{
	char f[96];

	if (isnan(c->ratio)) {
		snprintf(buf, len, "%s and %s cannot be compared (a net time is missing or not "
			 "positive)", x, y);
		return;
	}
	if (c->verdict >= 0 && interval_has_one(c)) {
		cmp_factor(f, sizeof f, c->ratio, c->lo, c->hi, utf8);
		/* the run's own test found a difference that the spread between processes
		 * swallows: said so, not "no difference" */
		snprintf(buf, len, "%s and %s are not distinguishable%s (time ratio %s)", x, y,
			 c->processes && c->p < 0.05 ? " across processes" : "", f);
		return;
	}
	/* ratio = time(x) / time(y): below 1, x is faster by 1/ratio; the faster named first */
	if (c->ratio < 1)
		cmp_factor(f, sizeof f, 1 / c->ratio, c->hi > 0 ? 1 / c->hi : NAN,
			   c->lo > 0 ? 1 / c->lo : INFINITY, utf8);
	else
		cmp_factor(f, sizeof f, c->ratio, c->lo, c->hi, utf8);
	snprintf(buf, len, "%s %s %s faster than %s%s", c->ratio < 1 ? x : y,
		 c->settled == 1 || c->verdict < 0 ? is : looks, f, c->ratio < 1 ? y : x,
		 c->verdict < 0 ? " (no interval: significance unknown)" : "");
}

void cmp_phrase(char *buf, size_t len, const char *x, const char *y, const struct cmp *c,
		int utf8)
{
	phrase(buf, len, x, y, c, utf8, "is", "looks");
}

void cmp_phrase_plural(char *buf, size_t len, const char *x, const char *y,
		       const struct cmp *c, int utf8)
{
	phrase(buf, len, x, y, c, utf8, "are", "look");
}
