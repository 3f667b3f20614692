/* verify.h - checking a kernel against the reference ray walk. */
#ifndef SB_VERIFY_H
#define SB_VERIFY_H

#include <stdio.h>
#include "kernels/kernel.h"

enum piece { PIECE_ROOK, PIECE_BISHOP, PIECE_QUEEN };

/* Counts of one verification. */
struct verify_result {
	long cases;
	long mismatches;
};

/* Every subset of each square's relevant mask (102,400 rook + 5,248 bishop cases) plus
 * `nrandom` seeded random full-board occupancies per piece.  Mismatches (the first few)
 * are printed to `out`.  Returns 0 when all matched, else -1. */
int verify_exhaustive(const struct sb_kernel *k, long nrandom, FILE *out,
		      struct verify_result *res);
/* The exact queries of a run, through the pointer lookups, against want[i] (the reference's
 * answers, from verify_answers; NULL: computed here).  Returns 0 or -1. */
int verify_queries(const struct sb_kernel *k, enum piece piece, const struct sb_queries *q,
		   const uint64_t *want, FILE *out, struct verify_result *res);
/* Returns the reference's answers to q's queries (malloc'd; free() releases), or NULL: what
 * every kernel of a run is checked against, computed once. */
uint64_t *verify_answers(enum piece piece, const struct sb_queries *q);
/* Runs every loop of k's ABI version but perft (verify_perft checks it) on made-up inputs, and
 * ref's on the same; prints a "mismatch:" line to out (when not NULL) per loop whose checksum
 * differs.  Returns how many differ; *nloops gets how many ran. */
int verify_loops(const struct sb_kernel *k, const struct sb_kernel *ref, FILE *out, int *nloops);
/* Returns the reference attacks of piece from sq with occ. */
uint64_t verify_expected(enum piece piece, unsigned sq, uint64_t occ);

#endif
