/* line_attacks.h - one-line attack formulas shared by a technique's table-driven kernel and its
 * table-free ("inline") twin: given the line's masks, each returns the slider's attacks along
 * that line.  Header only (static inline), so each kernel inlines them into its own loops.
 */
#ifndef SB_LINE_ATTACKS_H
#define SB_LINE_ATTACKS_H

#include <stdint.h>

#include "kernel.h"
#include "lines.h"

/* Returns the hyperbola quintessence attacks of the slider `bit` (`bit_rev` being its square
 * mirrored vertically) along the line `mask` (slider excluded), which a byte swap must reverse:
 * a file, a diagonal or an anti-diagonal.  (o - r) ^ rev(rev(o) - rev(r)), masked. */
static inline uint64_t sb_hq_line(uint64_t occ, uint64_t mask, uint64_t bit, uint64_t bit_rev)
{
	uint64_t up = occ & mask, down = sb_flip_vertical(up);

	up -= bit;
	down -= bit_rev;
	return (up ^ sb_flip_vertical(down)) & mask;
}

/* Returns the obstruction difference attacks along the line made of the rays `upper`
 * (towards higher squares) and `lower` (towards lower squares) of a slider:
 * upper ^ (upper - msb(lower | 1)), masked with the line. */
static inline uint64_t sb_od_line(uint64_t occ, uint64_t upper, uint64_t lower)
{
	uint64_t up = occ & upper, low = occ & lower;
	uint64_t nearest_low = 0x8000000000000000ULL >> __builtin_clzll(low | 1);

	uint64_t att = (up ^ (up - nearest_low)) & (upper | lower);

	SB_LINE_DONE(att);
	return att;
}

/* Returns the slide arithmetic attacks of the slider on sq along `line` (sq excluded): the
 * line's blockers are split at sq by a bzhi-style mask; blsmsk of the upper part sets every
 * bit up to the nearest upper blocker, a shift by the lower part's leading zero count every
 * bit below the nearest lower blocker, and their XOR is the squares between, both blockers
 * included.  (-march builds with BMI1/BMI2 turn the two idioms into bzhi and blsmsk.) */
static inline uint64_t sb_sa_line(unsigned sq, uint64_t line, uint64_t occ)
{
	uint64_t block = occ & line;
	uint64_t low = block & ((1ULL << sq) - 1), high = block ^ low;
	uint64_t below_low = 0x7FFFFFFFFFFFFFFFULL >> __builtin_clzll(low | 1);

	uint64_t att = (sb_blsmsk(high) ^ below_low) & line;

	SB_LINE_DONE(att);
	return att;
}

#endif /* SB_LINE_ATTACKS_H */
