/* paired.h - comparing two things measured at the same moments.  On a shared host the
 * machine's speed steps between epochs of one run; two kernels timed in the same round (or
 * two builds run in adjacent blocks) share that step, so they are compared by the log ratio
 * of each pair, never by the ratio of two medians taken over the whole run.
 *
 * Estimate: the median over pairs of log(b/a) per cell, averaged over cells, exponentiated.
 * Interval: a moving-block bootstrap over pairs (rounds are resampled in runs of consecutive
 * rounds, so an epoch's correlation stays inside a block), widened to at least the
 * distribution-free order-statistic interval for the median of the per-pair mean log ratio
 * (see stats_order_interval: a percentile bootstrap under-covers with few pairs, e.g. the six
 * block pairs of a cross-process comparison, where it becomes [min, max], 96.9%), and widened
 * where needed to contain the estimate.  Test: Wilcoxon signed-rank of the per-pair mean log ratio (exact for small
 * n without ties).  The sign of the estimate is also checked epoch by epoch. */
#ifndef SB_PAIRED_H
#define SB_PAIRED_H

#include <stddef.h>
#include <stdint.h>

#include "util/stats.h"

#define PR_BOOT_ITERS 2000
#define PR_SEED 0x9a1ed5eedULL
#define PR_ALPHA STATS_ALPHA
/* The fewest untied pairs with which the two-sided signed-rank test can reach p < PR_ALPHA
 * (six all one way: p = 2/64 = 0.031): below it "not settled" says so, not "does not agree". */
#define PR_MIN_SETTLE 6
#define PR_MAX_EPOCHS 64

/* d[c * npair + i]: log(b / a) of cell c in pair i (a round, or a pair of blocks); NaN where
 * that cell has no pair i. */
struct pr_series {
	const double *d;
	size_t ncell, npair;
	const int *epoch;    /* epoch of each pair, 0-based (NULL: all in epoch 0) */
	size_t block;        /* bootstrap block length in pairs (0: about npair^(1/3)) */
};

struct pr_result {
	double ratio, lo, hi;   /* b over a and its 95% interval; lo <= ratio <= hi */
	double p;               /* two-sided signed-rank p; NaN when fewer than 2 pairs */
	size_t n;               /* pairs in the test */
	int epochs;             /* epochs with data */
	int epochs_agree;       /* epochs whose own estimate has the overall estimate's sign */
};

/* Compares per pair.  Returns 0, or -1 when no cell has a pair (out->ratio NaN). */
int pr_compare(const struct pr_series *s, uint64_t seed, struct pr_result *out);

/* Wilcoxon signed-rank test of d[0..n) against 0 (zeros dropped; average ranks for ties).
 * Exact two-sided p for n <= 60 without ties, else the normal approximation with tie and
 * continuity corrections.  Returns p (1 when nothing is left, NaN when n == 0). */
double pr_signed_rank(const double *d, size_t n);

/* Whether a paired result settles the question, and why not.  Settled when the interval
 * excludes 1, the test gives p < PR_ALPHA, the margin exceeds layout_pct (percent; NaN: not
 * recorded) and every epoch agrees on the sign.  Returns 1 settled, 0 not, -1 cannot tell
 * (no interval); writes the reason ("" when settled) into why. */
int pr_settled(const struct pr_result *r, double layout_pct, char *why, size_t len);

#endif
