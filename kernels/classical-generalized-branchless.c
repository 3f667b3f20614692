/* classical-generalized-branchless.c - the classical approach with one branchless ray routine
 * for all eight directions: dir_bit or's in the stop square (bit 63 for positive rays, bit 0
 * for negative rays) so the scan never sees an empty set, and dir_mask (empty for positive,
 * universal for negative rays) makes one reverse scan find the nearest blocker both ways:
 * b & (-b | dir_mask) isolates the lowest blocker of a positive ray and keeps a negative ray's
 * blockers whole.
 * Source: chessprogramming wiki, Classical Approach (seeds/classical-approach.txt),
 * "Generalized", "Branchless" (the page's listing or's dirBit twice and leaves dirMask out;
 * this is the routine its text describes).  Ray tables are lines.h's sb_ray[dir][sq]. */
#include "kernel.h"
#include "lines.h"

/* By enum sb_dir: the empty set for positive rays, the universal set for negative ones. */
static const uint64_t CGB_DIR_MASK[SB_DIRS] = { 0, 0, 0, 0, ~0ULL, ~0ULL, ~0ULL, ~0ULL };
/* By enum sb_dir: the stop square scanned last, h8 going up, a1 going down. */
static const uint64_t CGB_DIR_BIT[SB_DIRS] = {
	1ULL << 63, 1ULL << 63, 1ULL << 63, 1ULL << 63, 1, 1, 1, 1
};

/* Returns the attacks along ray dir from sq, whatever the direction's sign. */
static inline uint64_t cgb_ray(unsigned dir, unsigned sq, uint64_t occ)
{
	uint64_t att = sb_ray[dir][sq], blockers = (att & occ) | CGB_DIR_BIT[dir];

	blockers &= (0 - blockers) | CGB_DIR_MASK[dir];
	return att ^ sb_ray[dir][sb_msb(blockers)];
}

/* Returns the rook attacks: the union of the four orthogonal rays. */
static inline uint64_t cgb_rook(unsigned sq, uint64_t occ)
{
	return cgb_ray(SB_NORTH, sq, occ) | cgb_ray(SB_EAST, sq, occ) |
	       cgb_ray(SB_SOUTH, sq, occ) | cgb_ray(SB_WEST, sq, occ);
}

/* Returns the bishop attacks: the union of the four diagonal rays. */
static inline uint64_t cgb_bishop(unsigned sq, uint64_t occ)
{
	return cgb_ray(SB_NORTHEAST, sq, occ) | cgb_ray(SB_NORTHWEST, sq, occ) |
	       cgb_ray(SB_SOUTHWEST, sq, occ) | cgb_ray(SB_SOUTHEAST, sq, occ);
}

/* Returns 0: the only tables are lines.h's. */
static int cgb_init(void)
{
	sb_lines_init();
	return 0;
}

SB_DEFINE_LOOPS(cgb, cgb_rook, cgb_bishop)

static const struct sb_kernel classical_generalized_branchless = {
	.abi_version = SB_ABI_VERSION,
	.name = "classical-generalized-branchless",
	.family = "classical",
	.description = "classical ray attacks, one branchless routine for all directions "
		       "(dirMask/dirBit generalized bitscan) (classical-approach.txt, Generalized)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* Reads all eight rows of lines.h's sb_ray[8][64] (4096 bytes).  CGB_DIR_MASK and
	 * CGB_DIR_BIT are indexed by constant directions only and fold into the code (no
	 * load), so they are not counted. */
	.table_bytes = sizeof(sb_ray),
	.sibling = "classical-generalized-conditional",
	.question = SB_QUESTION_BRANCHING,
	.init = cgb_init,
	.rook = cgb_rook_ptr,
	.bishop = cgb_bishop_ptr,
	.run = cgb_run,
};
SB_REGISTER(classical_generalized_branchless);
