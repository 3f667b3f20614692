/* sbamg.h - the two line steps of Syed Fahad's Subtraction Based Attack Mask Generation
 * (SBAMG, CCC talkchess t=59845, his M42 library; timed as "SBAMG o^(o-3cbn)" in
 * Chess_Movegen), shared by sbamg.c (masks from tables) and sbamg-inline.c (masks computed).
 */
#ifndef SB_SBAMG_H
#define SB_SBAMG_H

#include <stdint.h>

#include "kernel.h"
#include "lines.h"

/* Returns the attacks along a rank or file `line` (slider excluded) by o ^ (o - 3c): o is the
 * line's occupancy plus `ends` (the line's end squares other than sq; for a1 also a1 itself),
 * c the nearest blocker below sq (msb of o's bits below sq, or bit 0 when there are none).
 * Subtracting c removes it, subtracting 2c borrows from c + 1 through sq up to the nearest
 * blocker above, so o ^ (o - 3c) holds c, every square between and the upper blocker.  The
 * ends make both blockers exist; where sq is its line's lowest square, the borrow from bit 0
 * runs over squares off the line, except at a1 (b1 would be bit 1), hence a1 in its ends. */
static inline uint64_t sbamg_subtract(unsigned sq, uint64_t occ, uint64_t line, uint64_t ends)
{
	uint64_t o = (occ & line) | ends;
	unsigned c = sb_msb((o & ((1ULL << sq) - 1)) | 1);

	return ((o - (3ULL << c)) ^ o) & line;
}

/* Returns the attacks along a diagonal or anti-diagonal `line` (slider excluded) by hyperbola
 * quintessence, as SBAMG does: (o - r) ^ bswap(bswap(o) - bswap(r)). */
static inline uint64_t sbamg_hyperbola(unsigned sq, uint64_t occ, uint64_t line)
{
	uint64_t o = occ & line;

	uint64_t att = ((o - (1ULL << sq)) ^ sb_flip_vertical(sb_flip_vertical(o) - (1ULL << (sq ^ 56)))) &
		       line;

	SB_LINE_DONE(att);
	return att;
}

#endif /* SB_SBAMG_H */
