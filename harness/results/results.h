/* results.h - one computation, several views.  results_compute() turns a bench's raw samples
 * into one summary row per kernel x workload, once; samples.csv, summary.csv, the terminal
 * table (and the report, from the CSV) are views of it.  Each CSV's columns are one table in
 * results_files.c that drives both its header and its rows. */
#ifndef SB_RESULTS_H
#define SB_RESULTS_H

#include <stdio.h>

#include "bench/bench.h"
#include "sim/sim_results.h"

#define SIM_NCOLS 4    /* ir, d1_miss, ll_miss, br_miss (callgrind) */

/* One summary row: a kernel on a workload, per lookup; NaN where there is nothing honest. */
struct summary {
	const char *run_id, *kernel, *family, *mode, *piece, *dataset, *cache_state, *branching;
	double pressure_bytes;   /* NaN outside pressure mode */
	unsigned threads;        /* threads that ran each sample at once (times are each one's) */
	int neighbours;          /* threads 1.. were noisy neighbours (the times are thread 0's) */
	const char *cpus;        /* their CPUs, "" for one thread */
	size_t lookups, samples, table_bytes;
	int word_bits;
	/* ns_median, ns_min and the interval are the whole loop's time per lookup (gross):
	 * the null's loop overlaps a kernel's in an out-of-order core, so subtracting it can
	 * take away time the kernel needs too; ns_net_median (gross less the null's) is shown,
	 * never ranked. */
	double ns_min, ns_median, ns_ci_lo, ns_ci_hi, ns_gross_median, spread_pct, cv_pct;
	double ns_net_median;
	double bound_cycles;     /* fewest core cycles per lookup the loop's instructions allow
				  * (llvm-mca, bounds.c); NaN where unknown */
	double efficiency;       /* bound_cycles / cycles_median */
	unsigned windows, reps;  /* the input's windows; passes per sample (> 1: replayed) */
	double epoch_spread_pct, layout_spread_pct;
	double rel_spread_pct, rel_epoch_spread_pct;  /* the same of each sample over the null's
						       * in its round: the host's steps cancel */
	double cycles_median, cycles_min, cycles_spread_pct, core_ghz;  /* estimated core cycles */
	double mlookups_per_s;
	double hw[HW_NEVENTS];
	double sim[SIM_NCOLS];
	double sim_tlb_miss;
	unsigned disturbed, clock_outliers;
	int layout_copy;         /* a --layouts copy: folded into its kernel's layout spread */
	double null_median_ns;  /* the baseline subtracted (per lookup, gross) */
	double null_ci_lo_ns;    /* the low end of the null's 95% interval: dearer only above ours */
	double lookups_per_node;  /* perft: slider lookups per node (the row's unit); else NaN */
	char flags[200];
};

struct results {
	struct summary *row;     /* [nw][nk + 1], the bench's cell order; column 0 is the null */
	size_t nw, ncols;
};

/* Spread at or above this (percent, MdAPE of the per-sample times) flags a row unstable. */
#define UNSTABLE_PCT 5.0
/* Epoch spread above the within-run spread, and at least this (percent): drifting. */
#define DRIFT_FLOOR_PCT 1.0
/* A figure this far (percent) under its bound has its bound dropped (flag bound-dropped):
 * cycles are the time at a probed clock, not counted, and loops that run at the core's rename
 * limit measured 0.2-1.5% under it (wegner-file's stream loop: 3.789 cycles a lookup against
 * 3.792). */
#define BOUND_SLACK_PCT 3.0
/* A probed clock this far (percent) from the cell's median is not used for its cycles. */
#define CLOCK_OUTLIER_PCT 20.0

/* Computes every row of b (sim: n simulated regions, may be NULL).  Returns 0 or -1. */
int results_compute(struct bench *b, const char *run_id, const struct sim_counts *sim,
		    size_t nsim, struct results *r);
void results_free(struct results *r);
/* Returns the row of workload wi, kernel column ki. */
static inline const struct summary *results_row(const struct results *r, size_t wi, size_t ki)
{
	return &r->row[wi * r->ncols + ki];
}

/* Returns 1 when c's lookups read per-query state its kernel's prepare() derived outside the
 * timed region (the stream loops of a stateful kernel: rotated occupancies, hypercube's
 * indices): the row's time is the lookups alone, without the state's upkeep, and its flags say
 * "prepared" so that no ranking or recommendation sets it against kernels that pay for all of
 * their work. */
int results_prepared(const struct cell *c);

/* Returns 1 when row o may be ranked: not prepared, and not an impossible figure (flagged
 * below-bound or baseline-invalid). */
int results_rankable(const struct summary *o);

/* Returns the gross ns per lookup of sample s of c (the whole loop's time over the lookups
 * of the window that sample timed). */
double results_sample_ns(const struct bench *b, const struct cell *c, unsigned s);

/* Returns 1 when sample s of c saw a context switch or a CPU migration. */
int results_disturbed(const struct bench *b, const struct cell *c, unsigned s);

/* Everything that goes into context.json besides the environment. */
struct run_meta {
	const char *run_id, *argv_line, *trace, *out_dir;
	const struct sim_info *sim;    /* what --simulate ran (NULL: no --simulate) */
	const struct sim_counts *sim_counts;  /* its regions, nsim of them: sim.csv */
	size_t nsim;
	int cpu, interrupted, simulated, cold;
	unsigned layouts;
	unsigned long long seed;
	size_t max_queries, min_lookups;
	const char *bounds;            /* where the lower bounds came from, or why there are none */
};

/* Writes the four files into dir (each atomically).  Returns 0 or -1 with err set. */
int results_write(struct bench *b, const struct results *r, const struct run_meta *m,
		  const char *dir, char *err, size_t errlen);
/* Writes context.json to f (results_context.c).  Returns 0 or -1 (out of memory, or f). */
int results_write_context(struct bench *b, const struct run_meta *m, FILE *f);
/* Returns the piece, with the working set's size in pressure mode ("all@64K"), in buf. */
const char *results_piece(char *buf, size_t len, const struct summary *o);
/* Prints the human table of the summary to f. */
void results_print(const struct results *r, FILE *f);

#endif
