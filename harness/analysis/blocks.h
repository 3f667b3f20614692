/* blocks.h - a comparison between two processes (two builds, two settings of the process) run
 * as alternating short blocks: DIR/01-A/, DIR/01-B/, DIR/02-B/, DIR/02-A/, ... (run_all.sh
 * runs pair i's blocks as A B in odd pairs and B A in even ones).  Each pair of blocks gives a
 * log ratio per cell (kernel x mode x piece: B's ns_median over A's, the whole loop's time), and
 * the pairs are
 * compared by the paired analysis (analysis/paired.h), so a step of the host's speed between
 * pairs cancels instead of landing in the ratio. */
#ifndef SB_BLOCKS_H
#define SB_BLOCKS_H

#include <limits.h>
#include <stddef.h>

#include "analysis/cmpcell.h"
#include "analysis/paired.h"
#include "runread/runread.h"

#define BLK_MAX_PAIRS 99
/* A block verdict whose processes ran while the other CPUs were on average busier than this
 * (percent, context.json host.epochs of every block) is reported but not settled.  Three
 * studies of one build: with the other CPUs 27/6/49% and 100/67/89% busy (per epoch) the
 * compiler blocks settled clang 2.5-3.8% slower; with 3/11/7% the same kernels came out the
 * other way (0.96-0.98).  A sibling's load does not land on the two sides of a block pair
 * alike (it comes and goes within seconds, and the two sides' code shares the core
 * differently), so it biases the ratio rather than widening its spread, and no measured term
 * says by how much: the rule withholds "settled" instead of widening.  20% sits above the
 * quiet study's mean (7%) and below the busy ones' (27%, 85%).  The report applies the same
 * figure to the main sweep's epochs, with the sweep's own rows, to call a whole study's answers
 * provisional (harness/report/report_busy.c). */
#define BLK_BUSY_PCT 20.0

struct blk_set {
	char dir[PATH_MAX];
	char a[32], b[32];         /* the sides: DIR/NN-a/ and DIR/NN-b/ */
	size_t npair;              /* pairs with both blocks readable */
	size_t incomplete;         /* pairs with only one block (a block that failed) */
	struct run *ra, *rb;       /* npair runs each, in pair order */
	unsigned num[BLK_MAX_PAIRS];   /* NN of each loaded pair */
	char order[2 * BLK_MAX_PAIRS + 1];  /* 'A'/'B' per block in the order the blocks ran
				     * (context.json run_id), "" when a run_id is missing */
};

struct blk_verdict {
	struct pr_result r;        /* B over A: ratio, interval, signed-rank p, pairs */
	size_t ncell;              /* cells with at least one pair */
	size_t rows, withheld;     /* the compared kernel's measured rows in every block, and of
				    * them the withheld ones (left out of the pairs) */
	int settled;               /* pr_settled: 1, 0, -1 cannot tell */
	char why[160];             /* why not settled ("" when settled) */
};

/* Loads every pair NN = 01.. of DIR/NN-a/ and DIR/NN-b/ (up to the first NN with neither).
 * Returns 0, or -1 with err set when no pair has both blocks. */
int blk_load(const char *dir, const char *a, const char *b, struct blk_set *s, char *err,
	     size_t len);
void blk_free(struct blk_set *s);

/* Compares B against A over the timed cells of kernel (NULL: every cell) that the first
 * pair's A block holds; a verdict on a busy host (BLK_BUSY_PCT) is not settled, out->why
 * says so.  Returns 0, or -1 when no cell has a pair (out->r.ratio NaN). */
int blk_compare(const struct blk_set *s, const char *kernel, struct blk_verdict *out);

/* Fills names with the distinct timed kernels of the first pair's A block, in file order.
 * Returns how many. */
size_t blk_kernels(const struct blk_set *s, const char **names, size_t max);

/* Returns 1 when the blocks ran alternating as A B B A A B ..., 0 when not, -1 unknown. */
int blk_alternates(const struct blk_set *s);

/* Fills c (as cmp_rows would: ratio, interval, p, verdict, settled, basis "blocks") from v,
 * for cmp_phrase and the verdict list. */
void blk_cmp(const struct blk_verdict *v, struct cmp *c);

#endif
