/* results_ranking.h - the lines under bench's table: per workload, the fastest kernel and
 * whether its lead over the next is settled, paired round by round (analysis/paired.h). */
#ifndef SB_RESULTS_RANKING_H
#define SB_RESULTS_RANKING_H

#include <stdio.h>

#include "analysis/paired.h"
#include "results/results.h"

/* Compares cell x against cell a of b round by round (the whole loops' times, measured rounds)
 * into res: ratio is x's time over a's.  Returns pr_compare's 0, or -1. */
int results_paired(const struct bench *b, const struct cell *a, const struct cell *x,
		   struct pr_result *res);
/* Prints one line per workload of r to f. */
void results_ranking_print(const struct bench *b, const struct results *r, FILE *f);

#endif
