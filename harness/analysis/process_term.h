/* process_term.h - what moves a kernel-against-kernel ratio between processes.  A paired
 * interval over the rounds of one run (analysis/paired.h) holds only the noise within that
 * process; memory placement, code and data alignment at load, and the host's state for the
 * process's whole life move a ratio from one process of the same binary to the next (three
 * studies of one build: 1.521, 1.525, 1.523, each with a +-0.2% interval).  A study measures
 * that directly: its compiler/NN-gcc blocks are separate processes of the binary that made the
 * main sweep m64/, each timing every kernel in every mode a verdict is asked of (stream,
 * chain, pointer, position, random, peer, perft, and pressure at the pressure run's sizes), 3
 * rounds.
 *
 * For a comparison of rows b against rows a (cmp_rows), the same comparison is estimated in
 * each block process: the same kernels over the cells that block has, per cell the log ratio
 * of each kernel's least round (the whole loop's time; not the round's own time less the
 * null's: a disturbed null round would make that the least), averaged over cells as the
 * comparison's own estimate is.  Not the median of the three rounds: a disturbed round in
 * three moves that median (on the Zen 4 KVM guest by up to 30%),
 * swamping a process-to-process term of a few tenths of a percent; a disturbance only ever
 * adds time, and a process's own placement moves every round alike.  s is the standard
 * deviation of those log estimates over the processes, and pt_widen widens the run's interval
 * in log space each way to sqrt(h^2 + (q s)^2), h its own half-width and q the 97.5% quantile
 * of Student's t with (processes - 1) degrees of freedom: s is estimated from few processes
 * (six: q = 2.571, not 1.96), and a z would treat it as known.  Each block's estimate also
 * carries its own 3-round noise, so s errs wide, never narrow.
 *
 * Where a comparison's cells are not in the blocks (a study made before they timed every
 * mode), the same kernel pairs' cells that are give s ("pair"); where its kernels are in no block, the median of every kernel pair's s in the
 * blocks ("study").  pt_widen never lets a borrowed term settle a verdict: what moves one
 * mode's cells between processes says little of another's.  A study without compiler/ blocks
 * takes the 64-bit side of its bits/ blocks (separate processes of the same-march build, not of
 * the main sweep's binary: said so); with neither, there is no term and a sentence says its
 * interval is within one process only.
 *
 * The block comparisons (bits/, tables/, compiler/: analysis/blocks.h) set two processes side
 * by side in every pair, and six pairs all one way (p = 0.031, the least six allow) settled 1-3%
 * huge-page effects that other studies of the same build put the other way.  What moves one
 * kernel's own figure between processes is measured the same way: per block process, the
 * kernel's fastest round relative to the null kernel's fastest round in the same process (so
 * the host's speed, which holds over a block's few rounds, cancels and what is left is the
 * process: placement, alignment), in log, averaged over the comparison's cells; s is its
 * standard deviation over the processes, widened by the same t quantile (pt_block_term_of).
 * Where the
 * blocks lack the comparison's cells, the same kernels' other cells give it ("kernel"); where
 * its kernels are in no block, the median over every kernel's s ("study"). */
#ifndef SB_PROCESS_TERM_H
#define SB_PROCESS_TERM_H

#include <stddef.h>

#include "analysis/cmpcell.h"
#include "runread/runread.h"

#define PT_MAX_BLOCKS 99

/* Where a study's between-process term comes from: its block processes, loaded once. */
struct pt_set {
	char what[256];      /* "6 processes of the main sweep's binary (compiler/NN-gcc/)" */
	char why[512];       /* no processes: why ("compiler/ and bits/ hold no blocks") */
	struct run *blk;     /* nblk block runs */
	size_t nblk;
	double study_s;      /* median over kernel pairs of their s (NaN: none) */
	size_t study_pairs;  /* kernel pairs that median is over */
	double study_ks;     /* median over kernels of the s of their own figure (NaN: none) */
	size_t study_kernels;    /* kernels that median is over */
	double ks_min, ks_max;   /* the smallest and largest of those s */
	double study_as;     /* median over the first block's cells of their absolute s */
};

/* The term of one comparison. */
struct pt_term {
	double s;            /* between-process standard deviation of the log estimate */
	double q;            /* the quantile it is scaled by */
	size_t procs;        /* processes s is over (0: no term) */
	size_t cells;        /* "cells": of the comparison's cells, how many a block held */
	const char *from;    /* "cells": the comparison's own cells; "pair": the same kernels'
			      * other cells ("kernel" for a block comparison); "study": the
			      * study-wide median; "": none */
};

/* Loads the block processes of study directory dir: dir/compiler/NN-gcc/, else
 * dir/bits/NN-m64/.  Never fails: with none (or fewer than two), p->nblk is 0 and p->why
 * says why. */
void pt_load(const char *dir, struct pt_set *p);
void pt_free(struct pt_set *p);
/* The same for a directory that is not a study (a single bench run): no term, and why. */
void pt_none(struct pt_set *p, const char *why);

/* Fills t with the term of the comparison of b[i] against a[i], i < n (p may be NULL). */
void pt_term_of(const struct pt_set *p, const struct rr_row *const *a,
		const struct rr_row *const *b, size_t n, struct pt_term *t);

/* Fills t with the term of a block comparison over the timed cells of kernel k (NULL: every
 * kernel) that run like holds (the first block of the comparison's side A): what moves those
 * cells' time relative to the null kernel between processes (see above). */
void pt_block_term_of(const struct pt_set *p, const struct run *like, const char *k,
		      struct pt_term *t);

/* Fills t with the term of one run's figure for the cells x[0..n) itself (its absolute time,
 * or their geometric mean): the standard deviation over the block processes of the log of the
 * mean over those cells of each cell's fastest round.  Absolute, not relative to the null:
 * two runs compared by `slidebench compare` are two processes at two moments, so what the
 * host's speed did between processes belongs in it as much as placement.  Fallbacks: every
 * cell of the same kernels ("kernel"), the median over the blocks' cells ("study"). */
void pt_abs_term_of(const struct pt_set *p, const struct rr_row *const *x, size_t n,
		    struct pt_term *t);

/* Fills t with the term of a difference between two processes, one from each side: in
 * quadrature, q s of each side (a side without a term is taken to move as the other does;
 * with neither, no term).  t->q is 1 and t->s the combined width. */
void pt_combine(const struct pt_term *a, const struct pt_term *b, struct pt_term *t);

/* Widens c's interval by t (see above), sets c->process_pct, processes and process_from, and
 * when the widened interval includes 1 makes c not distinguishable and not settled, saying
 * why.  With no term c is unchanged but for process_pct = 0, processes = 0; with no interval
 * to widen, process_pct = NaN. */
void pt_widen(const struct pt_term *t, struct cmp *c);
/* Widens c's interval in log space each way to sqrt(h^2 + w^2); when it then includes 1, c is
 * no longer distinguishable nor settled, its why "the interval includes 1 once what moves
 * between WHAT (+-PCT%) is added" where it was settled.  Returns 1 then, else 0. */
int pt_widen_by(struct cmp *c, double w, const char *what, double pct);

/* The 97.5% quantile of Student's t with df degrees of freedom (df >= 1). */
double pt_quantile(size_t df);

#endif
