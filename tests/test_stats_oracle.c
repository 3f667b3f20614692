/* test_stats_oracle.c - the statistics module's p-values, quantile and interval rank against an
 * independent implementation: R's standalone math library (Debian's r-mathlib, libRmath; a
 * test-time oracle only, nothing of the program links it).  At least 20 cases each of the
 * exact signed-rank p (psignrank), the Mann-Whitney p (pwilcox: exact, where ours is the normal
 * approximation, so within that approximation's error), Student's t quantile of the process
 * term (qt) and the rank of the order-statistic interval of a median (pbinom).  The data are
 * drawn from a fixed seed, so every run checks the same cases. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "analysis/paired.h"
#include "analysis/process_term.h"
#include "analysis/stats_compare.h"
#include "util/rng.h"
#include "util/stats.h"

#ifdef HAVE_RMATH
#define MATHLIB_STANDALONE
#include <Rmath.h>

#define SEED 0x0a11ce5eedULL

/* Returns a uniform double in [0, 1). */
static double uniform(struct rng *r)
{
	return (double)(rng_next(r) >> 11) * 0x1p-53;
}

/* Returns W+ of d[0..n) (no zeros, no ties among |d|): the rank sum of the positive ones. */
static double wplus_of(const double *d, size_t n)
{
	double w = 0;

	for (size_t i = 0; i < n; i++) {
		size_t rank = 1;
		for (size_t j = 0; j < n; j++)
			rank += fabs(d[j]) < fabs(d[i]);
		if (d[i] > 0)
			w += (double)rank;
	}
	return w;
}

/* The two-sided p of a statistic q of a discrete distribution symmetric about its mean, from
 * its lower-tail function: 2 min(P(X <= q), P(X >= q)), at most 1. */
#define TWO_SIDED(lower_le, upper_ge) fmin(1.0, 2 * fmin((lower_le), (upper_ge)))

static void signed_rank(void)
{
	struct rng r;
	double d[100];
	int cases = 0;

	rng_seed(&r, SEED);
	/* exact: n = 6 .. 60, shifts from none to strong, so p runs from 1 to below 1e-9 */
	for (size_t n = 6; n <= 60; n += 2) {
		double shift = 0.25 * (double)(n % 5);
		for (size_t i = 0; i < n; i++)
			d[i] = uniform(&r) - 0.5 + shift * 0.5;
		double w = wplus_of(d, n), have = pr_signed_rank(d, n);
		double want = TWO_SIDED(psignrank(w, (double)n, 1, 0),
					psignrank(w - 1, (double)n, 0, 0));
		CHECK(fabs(have - want) <= 1e-9 * want + 1e-15,
		      "signed-rank exact, n = %zu, W+ = %g: p %.12g, R's psignrank %.12g", n, w,
		      have, want);
		cases++;
	}
	/* above 60 pairs ours is the normal approximation: within 0.002 of the exact p */
	for (size_t n = 64; n <= 100; n += 9) {
		for (size_t i = 0; i < n; i++)
			d[i] = uniform(&r) - 0.5 + 0.02 * (double)(n % 4);
		double w = wplus_of(d, n), have = pr_signed_rank(d, n);
		double want = TWO_SIDED(psignrank(w, (double)n, 1, 0),
					psignrank(w - 1, (double)n, 0, 0));
		CHECK(fabs(have - want) <= 0.002,
		      "signed-rank approximation, n = %zu: p %.6f, R's exact %.6f", n, have, want);
	}
	signrank_free();
	CHECK(cases >= 20, "signed-rank: %d exact cases", cases);
}

static void mann_whitney(void)
{
	struct rng r;
	double a[40], b[40], worst = 0;
	int cases = 0;

	rng_seed(&r, SEED + 1);
	for (size_t c = 0; c < 24; c++) {
		size_t na = 8 + (c * 7) % 25, nb = 8 + (c * 11) % 29;
		double shift = 0.15 * (double)(c % 6);
		for (size_t i = 0; i < na; i++)
			a[i] = uniform(&r);
		for (size_t i = 0; i < nb; i++)
			b[i] = uniform(&r) + shift;
		double u, p, pairs = 0;
		CHECK(sc_mann_whitney(a, na, b, nb, &u, &p) == 0, "Mann-Whitney %zu against %zu", na, nb);
		for (size_t i = 0; i < na; i++)
			for (size_t j = 0; j < nb; j++)
				pairs += a[i] > b[j];
		CHECK(u == pairs, "U of a: %g, counted %g", u, pairs);
		double want = TWO_SIDED(pwilcox(u, (double)na, (double)nb, 1, 0),
					pwilcox(u - 1, (double)na, (double)nb, 0, 0));
		/* the continuity-corrected normal approximation against the exact distribution:
		 * within 0.012 below 12 a side (8 against 8 is 0.010 off), 0.006 above */
		CHECK(fabs(p - want) <= (na < 12 || nb < 12 ? 0.012 : 0.006),
		      "Mann-Whitney %zu against %zu, U = %g: p %.6f, R's exact pwilcox %.6f", na, nb,
		      u, p, want);
		worst = fmax(worst, fabs(p - want));
		cases++;
	}
	wilcox_free();
	printf("    Mann-Whitney: %d cases, at most %.4f from the exact p\n", cases, worst);
	CHECK(cases >= 20, "Mann-Whitney: %d cases", cases);
}

static void t_quantile(void)
{
	static const size_t DF[] = { 1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
				     16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30,
				     31, 35, 40, 50, 60, 80, 100, 120, 200, 500, 1000 };
	size_t n = sizeof DF / sizeof DF[0];

	for (size_t i = 0; i < n; i++) {
		double have = pt_quantile(DF[i]), want = qt(0.975, (double)DF[i], 1, 0);
		/* three decimals up to 30, 1.96 + 2.4/df above (process_term.c) */
		double tol = DF[i] <= 30 ? 0.0005 : 0.003;
		CHECK(fabs(have - want) <= tol, "t quantile, %zu df: %.4f, R's qt %.4f", DF[i], have,
		      want);
	}
	CHECK(n >= 20, "t quantile: %zu cases", n);
}

static void order_rank(void)
{
	int cases = 0;

	for (size_t n = 2; n <= 80; n++) {
		size_t want = 1;
		for (size_t k = 1; k <= n / 2; k++)
			if (2 * pbinom((double)k - 1, (double)n, 0.5, 1, 0) <= STATS_ALPHA)
				want = k;
		CHECK(stats_order_rank(n) == want, "median interval rank, n = %zu: %zu, from R's "
		      "pbinom %zu", n, stats_order_rank(n), want);
		if (n >= 6)
			CHECK(1 - 2 * pbinom((double)want - 1, (double)n, 0.5, 1, 0) >= 0.95,
			      "n = %zu: the interval covers the median with 95%%", n);
		cases++;
	}
	CHECK(cases >= 20, "median interval: %d cases", cases);
}

int main(void)
{
	signed_rank();
	mann_whitney();
	t_quantile();
	order_rank();
	return check_done();
}
#else
int main(void)
{
	printf("SKIPPED: the statistics against R's math library: needs r-mathlib (libRmath), "
	       "which make deps installs\n");
	return check_done();
}
#endif
