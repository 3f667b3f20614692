/* stats.h - robust summaries of repeated samples. */
#ifndef SB_STATS_H
#define SB_STATS_H

#include <stddef.h>

/* Returns the median of x[0..n) (x is not changed); 0 when n == 0. */
double stats_median(const double *x, size_t n);
/* Returns the minimum of x[0..n); 0 when n == 0. */
double stats_min(const double *x, size_t n);
/* Returns the maximum of x[0..n); 0 when n == 0. */
double stats_max(const double *x, size_t n);
/* Returns the median absolute percentage deviation from the median, in percent. */
double stats_mdape(const double *x, size_t n);
/* Returns the coefficient of variation (sample standard deviation / mean), in percent. */
double stats_cv(const double *x, size_t n);

/* Distribution-free 95% interval of the median of x[0..n) from order statistics (ranks
 * n/2 -+ 0.98 sqrt(n), clamped); *lo = *hi = NaN when n < 3. */
void stats_median_ci(const double *x, size_t n, double *lo, double *hi);
/* Splits x[0..n) (in time order) into k contiguous epochs and returns the half-range of their
 * medians in percent of the overall median: how far the run moved between epochs.  NaN when
 * an epoch would hold fewer than 2 values. */
double stats_epoch_spread(const double *x, size_t n, unsigned k);

#endif
