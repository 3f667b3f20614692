/* diag_masks.h - the diagonal and anti-diagonal through a square computed by shifts, no table
 * (for the "inline" kernels that time an approach without its mask tables: leorik-inline,
 * sbamg-inline).  The diagonal through sq is the a1-h8 diagonal moved file - rank ranks down
 * (up when negative), the anti-diagonal the h1-a8 one moved 7 - file - rank ranks; each move
 * is a right shift and a left shift of which one is by 0, so there is no branch.
 */
#ifndef SB_DIAG_MASKS_H
#define SB_DIAG_MASKS_H

#include <stdint.h>

#include "lines.h"

/* Returns line moved down by `ranks` ranks (up when negative), without a branch. */
static inline uint64_t sb_line_move(uint64_t line, int ranks)
{
	int bits = ranks * 8, neg = bits >> 31;	/* all ones when moving up */

	return (line >> (bits & ~neg)) << (-bits & neg);
}

/* Returns the diagonal (a1-h8 direction) through sq, sq included. */
static inline uint64_t sb_diag_through(unsigned sq)
{
	return sb_line_move(SB_DIAG_A1H8, (int)(sq & 7) - (int)(sq >> 3));
}

/* Returns the anti-diagonal (h1-a8 direction) through sq, sq included. */
static inline uint64_t sb_anti_through(unsigned sq)
{
	return sb_line_move(SB_ANTI_H1A8, 7 - (int)(sq & 7) - (int)(sq >> 3));
}

#endif /* SB_DIAG_MASKS_H */
