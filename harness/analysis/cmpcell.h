/* cmpcell.h - compares the same cells of two kernels or two runs: the ratio of medians with
 * its interval and a significance verdict, from raw samples where present.  Shared by
 * report and compare. */
#ifndef SB_CMPCELL_H
#define SB_CMPCELL_H

#include <stddef.h>
#include "runread/runread.h"

struct cmp {
	double ratio, lo, hi;  /* time of b / time of a (geometric mean over pairs), 95% interval;
				* lo <= ratio <= hi */
	double p;              /* the test's p-value, NaN where none was made */
	int verdict;           /* 1 distinguishable, 0 not, -1 cannot tell (no interval) */
	int settled;           /* 1 when the verdict also holds in every epoch (paired only;
				* elsewhere = verdict); the caller adds the layout rule */
	const char *basis;     /* "rounds" (paired), "samples", "intervals" or "medians" */
	const char *test;      /* "signed-rank", "Mann-Whitney" or "" */
	size_t n;              /* cells compared */
	size_t npairs;         /* rounds paired ("rounds" basis) */
	int epochs, epochs_agree;
	char why[96];          /* why not settled ("" when settled) */
	double epoch_widened_pct;  /* unpaired: how much the interval was widened each way for
				    * the runs' epoch spreads (0: not) */
	/* The between-process term (analysis/process_term.h), set by pt_widen: how much the
	 * interval was widened each way for what moves between processes, in percent (NaN:
	 * not looked for; 0 with processes == 0: none measured, within one process only) */
	double process_pct;
	size_t processes;          /* separate processes it was measured over */
	size_t process_cells;      /* of the n cells, how many the processes timed ("cells") */
	const char *process_from;  /* "cells", "pair", "study" (process_term.h), or "" */
	/* Set where the cells are gathered: of `measured` cells (block rows, for a block
	 * comparison) whose rows were timed, how many the comparison left out because a row's
	 * figure is withheld (runread's run_row_withheld); 0 and 0 where not counted */
	size_t withheld, measured;
	/* The between-study term of a block comparison (report_history.c): looked for (1) or
	 * not (0), how many other studies it was measured over (0: none), and how much the
	 * interval was widened each way, percent (NaN: none) */
	int study_looked;
	size_t studies;
	double study_pct;
};

/* Compares b[i] against a[i] for i < n.  When every row has its samples by round and each a[i]
 * comes from the same run as b[i], the comparison is paired: per-round log ratios of the
 * whole loop's times (the null's loop overlaps a kernel's, so it is not subtracted), median,
 * block-bootstrap interval,
 * Wilcoxon signed-rank test, signs per epoch (analysis/paired.h).  Otherwise, with samples on
 * every row: the ratio of medians of the samples with a bootstrap interval (and Mann-Whitney
 * when n == 1); else with ns_ci_lo/hi on every row: the widest ratio those intervals allow;
 * else medians only.  Distinguishable when the interval excludes 1 and the test, where made,
 * gives p < 0.05.  Returns 0, or -1 when a median is missing or not positive
 * (out->verdict = -1, ratio NaN). */
int cmp_rows(const struct rr_row *const *a, const struct rr_row *const *b, size_t n,
	     struct cmp *out);

/* Writes "X is 1.31× (1.27–1.35) faster than Y" (the faster of x and y named first, the factor
 * >= 1), "X looks 1.31× (...) faster than Y" when the interval excludes 1 but c is not settled,
 * or "X and Y are not distinguishable (time ratio 1.01× (0.97–1.05))" only when the interval
 * includes 1 ("... not distinguishable across processes (...)" where the run's own test gives
 * p < 0.05 and only the between-process term takes 1 in), for c = cmp(a = Y, b = X).
 * utf8 = 0 writes x and -. */
void cmp_phrase(char *buf, size_t len, const char *x, const char *y, const struct cmp *c,
		int utf8);
/* The same for a plural subject ("X are ... faster than Y", "X look ..."). */
void cmp_phrase_plural(char *buf, size_t len, const char *x, const char *y,
		       const struct cmp *c, int utf8);
/* Writes "1.31× (1.27–1.35)" for a factor f >= 1 with interval [lo, hi] ("?" where unknown). */
void cmp_factor(char *buf, size_t len, double f, double lo, double hi, int utf8);

#endif
