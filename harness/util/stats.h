/* stats.h - robust summaries of repeated samples. */
#ifndef SB_STATS_H
#define SB_STATS_H

#include <stddef.h>

/* Two-sided level of every interval and test of the project (95%). */
#define STATS_ALPHA 0.05

/* The comparison of doubles every sort of the project uses (qsort; ascending). */
int stats_cmp_double(const void *a, const void *b);
/* Returns the median of x[0..n) (x is not changed); 0 when n == 0. */
double stats_median(const double *x, size_t n);
/* Returns the median of x[0..n), sorting x in place; NaN when n == 0. */
double stats_median_inplace(double *x, size_t n);
/* Returns the median of x[0..n) ignoring NaN, sorting a copy in tmp (n doubles); NaN when
 * none is left. */
double stats_median_nan(const double *x, size_t n, double *tmp);
/* Returns the minimum of x[0..n); 0 when n == 0. */
double stats_min(const double *x, size_t n);
/* Returns the maximum of x[0..n); 0 when n == 0. */
double stats_max(const double *x, size_t n);
/* Returns the median absolute percentage deviation from the median, in percent. */
double stats_mdape(const double *x, size_t n);
/* Returns the coefficient of variation (sample standard deviation / mean), in percent. */
double stats_cv(const double *x, size_t n);

/* The rank k of the order-statistic (sign-test) interval [x_(k), x_(n+1-k)] for the median of
 * n values: the largest k with 2 P(Binomial(n, 1/2) <= k - 1) <= STATS_ALPHA, so the interval
 * covers the median with at least 95% for any continuous distribution (n = 6: k = 1, the
 * range, 96.9%; n = 12: k = 3, 96.1%; n = 31: k = 10, 97.1%).  Below six values no k
 * reaches 95%: returns 1 (the range, which then covers less: 93.8% at n = 5, 75% at 3). */
size_t stats_order_rank(size_t n);
/* Returns 1 when n values give an order-statistic interval of the median that covers it with
 * at least 95% (n >= 6), 0 when even their range covers less. */
int stats_order_reaches(size_t n);
/* Sets [*lo, *hi] to the order-statistic interval of x[0..n) (NaN ignored).  Returns 0, or
 * -1 with NaN when fewer than two values are left. */
int stats_order_interval(const double *x, size_t n, double *lo, double *hi);
/* The 95% interval of the median of x[0..n): stats_order_interval; *lo = *hi = NaN when
 * n < 3. */
void stats_median_ci(const double *x, size_t n, double *lo, double *hi);
/* Splits x[0..n) (in time order) into k contiguous epochs and returns the half-range of their
 * medians in percent of the overall median: how far the run moved between epochs.  NaN when
 * an epoch would hold fewer than 2 values. */
double stats_epoch_spread(const double *x, size_t n, unsigned k);

#endif
