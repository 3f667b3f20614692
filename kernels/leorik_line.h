/* leorik_line.h - the line step of Thomas Jahn's Leorik engine (github.com/lithander/Leorik,
 * Bitboard.cs; timed as "Leorik" in the Chess_Movegen comparison), shared by leorik.c and
 * leorik-inline.c, which differ only in where the line masks come from.
 */
#ifndef SB_LEORIK_LINE_H
#define SB_LEORIK_LINE_H

#include <stdint.h>

#include "kernel.h"
#include "lines.h"

/* Returns the attacks along one line `line` (slider excluded) of the slider whose lower
 * squares are `below` (bit - 1): the blockers above give, by x ^ (x - 1), every bit up to and
 * including the lowest of them; the blockers below give, by a right shift of 0x7FFF... by
 * their leading zero count, every bit under the highest of them; the bits where the two masks
 * differ, on the line, run from the lower blocker to the upper one.  An empty side gives all
 * ones (above) or nothing (below), which opens the ray to the edge. */
static inline uint64_t leorik_line(uint64_t occ, uint64_t line, uint64_t below)
{
	uint64_t block = occ & line, up = block & ~below, down = block & below;

	uint64_t att = (sb_blsmsk(up) ^ (0x7FFFFFFFFFFFFFFFULL >> __builtin_clzll(down | 1))) & line;

	SB_LINE_DONE(att);
	return att;
}

#endif /* SB_LEORIK_LINE_H */
