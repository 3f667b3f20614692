/* fills.h - Kogge-Stone occluded fills shared by the kernels that use them (kogge-stone.c,
 * hyperbola-inline.c's rank): the chessprogramming wiki's Kogge-Stone Algorithm, written from
 * the technique.  Header only (static inline).
 */
#ifndef SB_FILLS_H
#define SB_FILLS_H

#include <stdint.h>

/* Returns the attacks of gen in the direction that shifts left by s (towards higher squares),
 * crossing only the squares of pro (the empty squares), wrap being the squares a shift may
 * land on. */
static inline uint64_t sb_ks_up(uint64_t gen, uint64_t pro, unsigned s, uint64_t wrap)
{
	pro &= wrap;
	gen |= pro & (gen << s);
	pro &= pro << s;
	gen |= pro & (gen << 2 * s);
	pro &= pro << 2 * s;
	gen |= pro & (gen << 4 * s);
	return (gen << s) & wrap;
}

/* Returns the attacks of gen in the direction that shifts right by s (towards lower squares),
 * as sb_ks_up. */
static inline uint64_t sb_ks_down(uint64_t gen, uint64_t pro, unsigned s, uint64_t wrap)
{
	pro &= wrap;
	gen |= pro & (gen >> s);
	pro &= pro >> s;
	gen |= pro & (gen >> 2 * s);
	pro &= pro >> 2 * s;
	gen |= pro & (gen >> 4 * s);
	return (gen >> s) & wrap;
}

#endif /* SB_FILLS_H */
