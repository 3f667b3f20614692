/* classical-branchless.c - the classical approach, branchless form: per ray, the empty-board
 * ray from sq, then a bitscan of (ray & occ) with a stop bit or'ed in - bit 63 for the forward
 * scan of positive rays, bit 0 for the reverse scan of negative rays - so the scan never sees
 * an empty set; the stop square's own ray in that direction is empty, so the xor that removes
 * the squares behind the blocker removes nothing when the ray is open.
 * Source: chessprogramming wiki, Classical Approach (seeds/classical-approach.txt), "Ray
 * Attacks", "Branchless".  Ray tables are lines.h's sb_ray[dir][sq]. */
#include "kernel.h"
#include "lines.h"

#define CB_STOP_POSITIVE 0x8000000000000000ULL /* h8: scanned last going up */
#define CB_STOP_NEGATIVE 0x0000000000000001ULL /* a1: scanned last going down */

/* Returns the attacks along positive ray dir (towards higher squares) from sq. */
static inline uint64_t cb_positive(unsigned dir, unsigned sq, uint64_t occ)
{
	uint64_t att = sb_ray[dir][sq];

	return att ^ sb_ray[dir][sb_lsb((att & occ) | CB_STOP_POSITIVE)];
}

/* Returns the attacks along negative ray dir (towards lower squares) from sq. */
static inline uint64_t cb_negative(unsigned dir, unsigned sq, uint64_t occ)
{
	uint64_t att = sb_ray[dir][sq];

	return att ^ sb_ray[dir][sb_msb((att & occ) | CB_STOP_NEGATIVE)];
}

/* Returns the rook attacks: the union of the four orthogonal rays. */
static inline uint64_t cb_rook(unsigned sq, uint64_t occ)
{
	return cb_positive(SB_NORTH, sq, occ) | cb_positive(SB_EAST, sq, occ) |
	       cb_negative(SB_SOUTH, sq, occ) | cb_negative(SB_WEST, sq, occ);
}

/* Returns the bishop attacks: the union of the four diagonal rays. */
static inline uint64_t cb_bishop(unsigned sq, uint64_t occ)
{
	return cb_positive(SB_NORTHEAST, sq, occ) | cb_positive(SB_NORTHWEST, sq, occ) |
	       cb_negative(SB_SOUTHWEST, sq, occ) | cb_negative(SB_SOUTHEAST, sq, occ);
}

/* Returns 0: the only tables are lines.h's. */
static int cb_init(void)
{
	sb_lines_init();
	return 0;
}

SB_DEFINE_LOOPS(cb, cb_rook, cb_bishop)

static const struct sb_kernel classical_branchless = {
	.abi_version = SB_ABI_VERSION,
	.name = "classical-branchless",
	.family = "classical",
	.description = "classical ray attacks, bitscan with a stop bit (MSB up, LSB down) so no "
		       "branch (classical-approach.txt, Branchless)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* Reads all eight rows of lines.h's sb_ray[8][64] (4096 bytes), nothing else. */
	.table_bytes = sizeof(sb_ray),
	.sibling = "classical-conditional",
	.question = SB_QUESTION_BRANCHING,
	.init = cb_init,
	.rook = cb_rook_ptr,
	.bishop = cb_bishop_ptr,
	.run = cb_run,
};
SB_REGISTER(classical_branchless);
