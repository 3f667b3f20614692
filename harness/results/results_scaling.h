/* results_scaling.h - how each kernel scales with threads: each thread's time per lookup with
 * one thread over with T, paired round by round (both were timed in the same rounds, so the
 * host's moment cancels).  1.00 is every thread as fast as one alone; 0.50 is T threads
 * doing no more lookups a second than one. */
#ifndef SB_RESULTS_SCALING_H
#define SB_RESULTS_SCALING_H

#include <stdio.h>

#include "results/results.h"

struct scaling {
	const struct summary *one, *many;   /* the rows with one thread and with T */
	double efficiency, lo, hi, p;       /* one's time over many's, its 95% interval, p */
	size_t rounds;
	int settled;                        /* 1: the interval excludes 1 and the test agrees */
	char why[160];                      /* when not settled: why */
};

/* Computes a scaling row for every multi-threaded row of r with a one-thread row of the same
 * workload; *out is malloc'd (free it).  Returns the count, or -1 (out of memory). */
long results_scaling(const struct bench *b, const struct results *r, struct scaling **out);
/* Writes scaling.csv's rows (with its header) to f. */
void results_scaling_csv(const struct scaling *s, size_t n, FILE *f);
/* Prints the lines under bench's table: one per kernel and thread count. */
void results_scaling_print(const struct scaling *s, size_t n, FILE *f);

/* Writes dir/scaling.csv (nothing when no row has more than one thread).  Returns 0, or -1
 * with err. */
int results_scaling_write(const struct bench *b, const struct results *r, const char *dir,
			  char *err, size_t errlen);
/* Prints the scaling lines of r to f (nothing when there are none). */
void results_scaling_report(const struct bench *b, const struct results *r, FILE *f);

/* Prints, for every kernel timed as K@shared and K@per-thread (bench --table-copies) with
 * several threads, its own tables' time over the shared ones', paired round by round. */
void results_tables_report(const struct bench *b, const struct results *r, FILE *f);

#endif
