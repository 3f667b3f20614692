/* blocks.h - a comparison between two processes (two builds, two settings of the process) run
 * as alternating short blocks: DIR/01-A/, DIR/01-B/, DIR/02-B/, DIR/02-A/, ... (run_all.sh
 * runs pair i's blocks as A B in odd pairs and B A in even ones).  Each pair of blocks gives a
 * log ratio per cell (kernel x mode x piece: net ns_median of B over A), and the pairs are
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
	int settled;               /* pr_settled: 1, 0, -1 cannot tell */
	char why[160];             /* why not settled ("" when settled) */
};

/* Loads every pair NN = 01.. of DIR/NN-a/ and DIR/NN-b/ (up to the first NN with neither).
 * Returns 0, or -1 with err set when no pair has both blocks. */
int blk_load(const char *dir, const char *a, const char *b, struct blk_set *s, char *err,
	     size_t len);
void blk_free(struct blk_set *s);

/* Compares B against A over the timed cells of kernel (NULL: every cell) that the first
 * pair's A block holds.  Returns 0, or -1 when no cell has a pair (out->r.ratio NaN). */
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
