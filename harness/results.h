/* results.h - what a bench run writes: samples.csv (every raw sample), counters.csv (every
 * event of every sample, long format), summary.csv (one row per kernel x mode x piece) and
 * context.json; and the table printed at the end. */
#ifndef SB_RESULTS_H
#define SB_RESULTS_H

#include "bench.h"
#include "simulate.h"

/* Per-lookup summary of one cell; NaN where there is nothing honest to put. */
struct summary {
	size_t samples;
	double ns_min, ns_median, ns_gross_median, spread_pct, cv_pct;
	double cycles_median, cycles_min, cycles_spread_pct, core_ghz;  /* estimated core cycles */
	double mlookups_per_s;
	double hw[5];          /* cycles, instructions, l1d_miss, dtlb_miss, br_miss */
	double sim[4];         /* ir, d1_miss, ll_miss, br_miss (callgrind), per lookup */
	unsigned disturbed;
	char flags[160];
};

/* Spread at or above this (percent, MdAPE of the per-sample times) flags a row unstable. */
#define UNSTABLE_PCT 5.0

/* Summarises cell (wi, ki) of b; sim (n entries, may be NULL) gives the simulated columns. */
void results_summarise(struct bench *b, size_t wi, size_t ki, const struct sim_counts *sim,
		       size_t nsim, struct summary *out);

/* Returns 1 when sample s of c saw a context switch or a CPU migration. */
int results_disturbed(const struct bench *b, const struct cell *c, unsigned s);

/* Everything that goes into context.json besides the environment. */
struct run_meta {
	const char *run_id, *argv_line, *trace, *out_dir;
	const char *sim_d1, *sim_ll;   /* simulated cache geometry "bytes,ways,line" when simulated */
	int cpu, interrupted, simulated;
	unsigned long long seed;
	size_t max_queries, min_lookups;
};

/* Writes the four files into dir (each atomically).  Returns 0 or -1 (message printed). */
int results_write(struct bench *b, const struct run_meta *m, const struct sim_counts *sim,
		  size_t nsim, const char *dir);
/* Writes context.json's body to f (results_context.c). */
void results_write_context(struct bench *b, const struct run_meta *m, FILE *f);
/* Prints the human table of the summary to f. */
void results_print(struct bench *b, const struct sim_counts *sim, size_t nsim, FILE *f);

#endif
