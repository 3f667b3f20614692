/* runread.h - reads what a bench run wrote back in: CSV by column name (quoted fields, extra
 * and missing columns tolerated), summary rows with their raw measured samples, and
 * context.json (through jansson, util/jsonx.h).  Used by report, compare and export. */
#ifndef SB_RUNREAD_H
#define SB_RUNREAD_H

#include <limits.h>
#include <stddef.h>

#include "util/jsonx.h"

/* ---- CSV (runread_csv.c) ---- */
struct csv {
	size_t ncol, nrow;
	char **head;           /* ncol column names */
	char **cell;           /* nrow * ncol cells; "" where a row was short */
};

/* Loads path (header row first).  Returns 0, or -1 with err set. */
int csv_load(const char *path, struct csv *c, char *err, size_t errlen);
void csv_free(struct csv *c);
/* Returns the index of column name, or -1 when the file has no such column. */
int csv_col(const struct csv *c, const char *name);
/* Returns the cell text ("" for a missing column). */
const char *csv_cell(const struct csv *c, size_t row, int col);
/* Returns the cell as a number; NaN when empty, missing or not a number (never 0). */
double csv_num(const struct csv *c, size_t row, int col);

/* ---- a run (runread.c) ---- */
struct rr_row {                  /* one summary.csv row */
	size_t line;             /* row index in the summary csv */
	const char *kernel, *family, *mode, *piece, *dataset, *cache_state, *pressure;
	const char *branching, *flags;
	unsigned threads;        /* threads that ran each sample at once (1: the column absent) */
	double ns_min, ns_median, ns_ci_lo, ns_ci_hi, spread_pct, lookups, table_bytes;
	double word_bits, mlookups_per_s;
	double epoch_spread_pct;  /* half-range of the run's epoch medians, percent (NaN: none) */
	double *samples;         /* measured ns per lookup, the whole loop's (samples.csv), may be
				  * NULL */
	size_t nsamples;
	/* The same samples by round, for paired comparisons: round[i] is the round (samples.csv
	 * `sample`) of samples[i], epoch[i] its epoch, and paired[i] samples[i] (the whole loop's
	 * time: kernels of one round are paired on it).  NULL when samples.csv has no round
	 * column. */
	unsigned *round;
	int *epoch;
	double *paired;
	unsigned run_serial;     /* which run_load() read it: rows of one run can be paired */
};

struct run {
	char dir[PATH_MAX];
	struct csv summary, samples;
	int have_samples;
	struct rr_row *rows;
	size_t nrows;
	json_t *ctx;             /* context.json, NULL when absent or unreadable */
	char **owned;            /* flags strings the run made (run_pool_null), freed with it */
	size_t nowned;
	char ctx_err[256];       /* why ctx is NULL */
};

/* Loads dir/summary.csv (required), dir/samples.csv and dir/context.json (optional),
 * checked (run_check) and pooled (run_pool_null) (runread_load.c).  Returns 0, or -1 with err
 * set, made safe for the terminal. */
int run_load(const char *dir, struct run *r, char *err, size_t errlen);
/* Loads dir/summary.csv alone, unchecked (no samples, no context): enough to read the rows'
 * cells and flags; pooled (runread_load.c).  Returns 0, or -1 with err set. */
int run_load_summary(const char *dir, struct run *r, char *err, size_t errlen);
/* The files of run_load, read, neither checked nor pooled.  Returns 0, or -1 with err set
 * (r then holds what was read: run_free it). */
int run_load_files(const char *dir, struct run *r, char *err, size_t errlen);
/* run_load_summary without run_pool_null: the rows as bench wrote them. */
int run_load_rows(const char *dir, struct run *r, char *err, size_t errlen);
/* Flags baseline-invalid each row of block r (a folder NN-side) whose cell has too few
 * samples for bench's own null test, when the null's medians over every block of that side
 * (NN-side beside it, one process each) lie wholly above the row's, as 95% intervals; nothing
 * with fewer than six such processes.  run_load and run_load_summary call it. */
void run_pool_null(struct run *r);
void run_free(struct run *r);
/* Returns 0 when context.json ctx (read from path) is of a format this slidebench reads (no
 * "format": 0, to SB_RUN_FORMAT), else -1 with err naming path and the format. */
int run_ctx_format(const json_t *ctx, const char *path, char *err, size_t errlen);
/* Returns 0 when the loaded run can be trusted (runread_check.c: finite, non-negative times,
 * one row per cell, every timed row's samples, a context that names its run), else -1 with
 * err naming the file, the line and the problem.  run_load() calls it. */
int run_check(const struct run *r, char *err, size_t errlen);
/* Returns any summary column of row as a number (NaN when empty or absent). */
double run_num(const struct run *r, const struct rr_row *row, const char *col);
/* Returns 1 when row carries flag (e.g. "baseline", "unstable", "unavailable"). */
int run_flag(const struct rr_row *row, const char *flag);
/* Returns what flag means where a reader must be told (below-bound, baseline-invalid,
 * bound-dropped), or NULL for any other flag. */
const char *run_flag_why(const char *flag);
/* Returns the first of those flags row carries whose figure is withheld (withheld 1:
 * below-bound, baseline-invalid) or kept (withheld 0: bound-dropped), or NULL. */
const char *run_row_flag_of(const struct rr_row *row, int withheld);
/* Returns why row's figure is withheld (flag below-bound or baseline-invalid: a measurement
 * error), or NULL when it is not.  A row flagged bound-dropped is not withheld: its bound was
 * wrong, not its figure. */
const char *run_row_withheld(const struct rr_row *row);
/* Returns 1 when row was timed and is not the null baseline, whether or not its figure is
 * withheld. */
int run_row_measured(const struct rr_row *row);
/* Returns 1 when row was timed, is not the null baseline and its figure is not withheld
 * (run_row_withheld): every comparison, ranking and winner reads only such rows. */
int run_row_timed(const struct rr_row *row);
/* Returns the row of the same cell (kernel, mode, piece, cache state, pressure), or NULL. */
const struct rr_row *run_find(const struct run *r, const char *kernel, const struct rr_row *like);
/* Returns 1 when a and b are the same mode, piece, cache state, pressure and threads. */
int run_same_workload(const struct rr_row *a, const struct rr_row *b);
/* Returns the run's dataset: the first non-"random" dataset of its rows, or "random". */
const char *run_dataset(const struct run *r);
/* Reads epoch e of run r's host load (context.json host.epochs.E): *steal and *busy (the
 * other CPUs' use), percent, NaN where the epoch was too short to read.  Returns 0, or -1
 * when the run recorded no such epoch. */
int run_host_epoch(const struct run *r, int e, double *steal, double *busy);
/* Adds run r's per-epoch other-CPU use (context.json host.epochs.N.other_cpus_busy_pct,
 * percent; epochs too short to read left out) to *sum and their number to *n. */
void run_host_busy(const struct run *r, double *sum, size_t *n);
/* Returns the context string at key, or NULL. */
const char *run_ctx(const struct run *r, const char *key);
/* Writes "CPU (uarch), compiler" into buf: how a run is labelled in tables. */
void run_label(const struct run *r, char *buf, size_t len);

#endif
