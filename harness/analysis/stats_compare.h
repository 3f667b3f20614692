/* stats_compare.h - comparing two sets of samples: Mann-Whitney U, a deterministic bootstrap
 * interval of a ratio of medians (or the geometric mean of several such ratios), and the
 * geometric mean. */
#ifndef SB_STATS_COMPARE_H
#define SB_STATS_COMPARE_H

#include <stddef.h>
#include <stdint.h>

/* Bootstrap resamples and the fixed seed: the same data always gives the same interval. */
#define SC_BOOT_ITERS 2000
#define SC_BOOT_SEED 0x51deb3e7c4ULL
/* Two-sided significance level of the Mann-Whitney test and coverage of the intervals. */
#define SC_ALPHA 0.05

/* Returns the geometric mean of x[0..n); NaN when n == 0 or any x <= 0 or NaN. */
double sc_geomean(const double *x, size_t n);

/* Mann-Whitney U test of a against b (two-sided; normal approximation with tie correction and
 * continuity correction).  Sets *u (U of a) and *p.  Returns 0, or -1 when a group is empty
 * (then *p is NaN). */
int sc_mann_whitney(const double *a, size_t na, const double *b, size_t nb, double *u,
		    double *p);

/* One comparison: samples of a (the reference) and b. */
struct sc_pair {
	const double *a, *b;
	size_t na, nb;
};

/* Ratio median(b)/median(a) -- or, for several pairs, the geometric mean of those ratios --
 * with a 95% percentile bootstrap interval (every group resampled with replacement,
 * SC_BOOT_ITERS times, seeded with seed).  Returns 0, or -1 when a group is empty or a
 * median is not positive (a ratio of net times means nothing then).  When resampled medians
 * stop being positive too often to bound the ratio, *lo = 0 and *hi = INFINITY. */
int sc_boot_ratio(const struct sc_pair *p, size_t np, uint64_t seed, double *est, double *lo,
		  double *hi);


#endif
