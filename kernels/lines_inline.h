/* lines_inline.h - line masks computed from the square alone, with no table: the masks the
 * table-free ("inline") kernels build on the fly, as the Chess_Movegen comparison times them
 * apart from their table-driven twins.  Header only (static inline); each mask includes the
 * square itself, `& ~(1ULL << sq)` removes it.
 */
#ifndef SB_LINES_INLINE_H
#define SB_LINES_INLINE_H

#include <stdint.h>

#include "lines.h"

/* Returns bb moved up by `ranks` ranks (down when negative), without a branch: the two shift
 * counts are the positive and the negative part of 8 * ranks, one of them 0, split by the
 * sign mask (`ranks > 0 ? ranks : 0` and its twin became two cmovs and their tests in gcc's
 * code: the sign mask took the random-squares loop of slide-arithmetic-inline 1.10x,
 * obstruction-difference-inline 1.11x, hyperbola-inline 1.09x faster; bitrotation's
 * position mode 0.96x).  leorik-inline and sbamg-inline had their own copy (moving the main
 * diagonals down by file - rank); on this one leorik-inline's random squares went 1.05x,
 * sbamg-inline's 1.01x. */
static inline uint64_t sb_il_shift_ranks(uint64_t bb, int ranks)
{
	int bits = ranks * 8, neg = bits >> 31;	/* all ones when moving down */

	return (bb << (bits & ~neg)) >> (-bits & neg);
}

/* Returns the rank through sq, sq included. */
static inline uint64_t sb_il_rank(unsigned sq) { return SB_RANK_1 << (sq & 56); }

/* Returns the file through sq, sq included. */
static inline uint64_t sb_il_file(unsigned sq) { return SB_FILE_A << (sq & 7); }

/* Returns the a1-h8-parallel diagonal through sq, sq included: the main diagonal moved up by
 * rank - file ranks. */
static inline uint64_t sb_il_diag(unsigned sq)
{
	return sb_il_shift_ranks(SB_DIAG_A1H8, (int)(sq >> 3) - (int)(sq & 7));
}

/* Returns the h1-a8-parallel anti-diagonal through sq, sq included: the main anti-diagonal
 * moved up by rank + file - 7 ranks. */
static inline uint64_t sb_il_anti(unsigned sq)
{
	return sb_il_shift_ranks(SB_ANTI_H1A8, (int)(sq >> 3) + (int)(sq & 7) - 7);
}

#endif /* SB_LINES_INLINE_H */
