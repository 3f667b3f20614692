/* results_ranking.h - the lines under bench's table: per workload, the fastest kernel and
 * whether its lead over the next is settled, paired round by round (analysis/paired.h). */
#ifndef SB_RESULTS_RANKING_H
#define SB_RESULTS_RANKING_H

#include <stdio.h>

#include "results/results.h"

/* Prints one line per workload of r to f. */
void results_ranking_print(const struct bench *b, const struct results *r, FILE *f);

#endif
