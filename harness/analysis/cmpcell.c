/* cmpcell.c - ratio, interval and verdict for the same cells of two kernels or runs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/cmpcell.h"
#include "analysis/stats_compare.h"

static int have_samples(const struct rr_row *r)
{
	return r->samples && r->nsamples >= 2;
}

int cmp_rows(const struct rr_row *const *a, const struct rr_row *const *b, size_t n,
	     struct cmp *out)
{
	struct sc_pair *pairs;
	double logr = 0, loglo = 0, loghi = 0, est;
	int samples = n > 0, cis = n > 0;

	*out = (struct cmp){ NAN, NAN, NAN, NAN, -1, "medians", n };
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
	if (samples && (pairs = calloc(n, sizeof *pairs))) {
		for (size_t i = 0; i < n; i++)
			pairs[i] = (struct sc_pair){ a[i]->samples, b[i]->samples, a[i]->nsamples,
						     b[i]->nsamples };
		if (sc_boot_ratio(pairs, n, SC_BOOT_SEED, &est, &out->lo, &out->hi) == 0) {
			out->basis = "samples";
			if (n == 1) {
				double u;
				sc_mann_whitney(pairs[0].a, pairs[0].na, pairs[0].b, pairs[0].nb,
						&u, &out->p);
			}
		}
		free(pairs);
	}
	if (isnan(out->lo) && cis) {
		out->lo = exp(loglo / (double)n);
		out->hi = exp(loghi / (double)n);
		out->basis = "intervals";
	}
	if (!isnan(out->lo))
		out->verdict = (out->lo > 1 || out->hi < 1) && !(out->p >= SC_ALPHA);
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

static void phrase(char *buf, size_t len, const char *x, const char *y, const struct cmp *c,
		   int utf8, const char *is)
{
	char f[96];

	if (isnan(c->ratio)) {
		snprintf(buf, len, "%s and %s cannot be compared (a net time is missing or not "
			 "positive)", x, y);
		return;
	}
	if (c->verdict == 0) {
		cmp_factor(f, sizeof f, c->ratio, c->lo, c->hi, utf8);
		snprintf(buf, len, "%s and %s are not distinguishable (time ratio %s)", x, y, f);
		return;
	}
	/* ratio = time(x) / time(y): below 1, x is faster by 1/ratio */
	if (c->ratio < 1)
		cmp_factor(f, sizeof f, 1 / c->ratio, c->hi > 0 ? 1 / c->hi : NAN,
			   c->lo > 0 ? 1 / c->lo : INFINITY, utf8);
	else
		cmp_factor(f, sizeof f, c->ratio, c->lo, c->hi, utf8);
	snprintf(buf, len, "%s %s %s %s than %s%s", x, is, f, c->ratio < 1 ? "faster" : "slower", y,
		 c->verdict < 0 ? " (no interval: significance unknown)" : "");
}

void cmp_phrase(char *buf, size_t len, const char *x, const char *y, const struct cmp *c,
		int utf8)
{
	phrase(buf, len, x, y, c, utf8, "is");
}

void cmp_phrase_plural(char *buf, size_t len, const char *x, const char *y,
		       const struct cmp *c, int utf8)
{
	phrase(buf, len, x, y, c, utf8, "are");
}
