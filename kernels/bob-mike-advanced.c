/* bob-mike-advanced.c - Bob-Mike, advanced: bob-mike.c's classical rays with zero counts in
 * place of bitscans and stop bits.  Rays towards higher squares are indexed by the trailing
 * zero count of their blockers, rays towards lower squares by the leading zero count (through
 * a second table stored in reverse square order, so the count indexes it directly), and a 65th
 * row, the count of an empty set, holds empty rays; each lookup ORs the four rays behind the
 * nearest blockers (the shadows) and removes them from the piece's whole line mask with one
 * XOR.  Every table row holds all eight rays of one square, so a lookup's ray-behind reads
 * come from few rows.  (classical-zerocount.c is the same counting on per-direction tables
 * with one XOR per ray.)  With -march=native the counts are tzcnt and lzcnt (rays_ext.h's
 * sb_tzcnt / sb_lzcnt, which also cover -m32 and count 64 for an empty set).
 * Source: Daniel Inführ's improvement of the Hyatt/Sherwin lookup in the Chess_Movegen
 * comparison (Boblookup_advanced); written from the description. */
#include "kernel.h"
#include "rays_ext.h"

/* The eight rays of one square, lines.h's direction order. */
struct bma_row {
	uint64_t ray[SB_DIRS];
};

/* bma_ray[sq]: rays from sq; bma_rev[n]: rays from 63 - n; row 64 of each: empty rays. */
static struct bma_row bma_ray[65], bma_rev[65];
/* The whole rook and bishop lines through each square, sq excluded. */
static uint64_t bma_line[64][2];

/* Returns the squares behind the nearest blocker on upward ray dir from sq. */
static inline uint64_t bma_up(unsigned dir, unsigned sq, uint64_t occ)
{
	return bma_ray[sb_tzcnt(bma_ray[sq].ray[dir] & occ)].ray[dir];
}

/* Returns the squares behind the nearest blocker on downward ray dir from sq. */
static inline uint64_t bma_down(unsigned dir, unsigned sq, uint64_t occ)
{
	return bma_rev[sb_lzcnt(bma_ray[sq].ray[dir] & occ)].ray[dir];
}

/* Returns the rook attacks: the rook lines minus the four shadows. */
static inline uint64_t bma_rook(unsigned sq, uint64_t occ)
{
	return bma_line[sq][0] ^ (bma_up(SB_NORTH, sq, occ) | bma_up(SB_EAST, sq, occ) |
				  bma_down(SB_SOUTH, sq, occ) | bma_down(SB_WEST, sq, occ));
}

/* Returns the bishop attacks: the bishop lines minus the four shadows. */
static inline uint64_t bma_bishop(unsigned sq, uint64_t occ)
{
	return bma_line[sq][1] ^ (bma_up(SB_NORTHEAST, sq, occ) | bma_up(SB_NORTHWEST, sq, occ) |
				  bma_down(SB_SOUTHWEST, sq, occ) | bma_down(SB_SOUTHEAST, sq, occ));
}

/* Returns 0 once the rows are built. */
static int bma_init(void)
{
	sb_lines_init();
	for (unsigned sq = 0; sq < 64; sq++) {
		for (unsigned d = 0; d < SB_DIRS; d++) {
			bma_ray[sq].ray[d] = sb_ray[d][sq];
			bma_rev[63 - sq].ray[d] = sb_ray[d][sq];
		}
		bma_line[sq][0] = sb_line_ex[SB_RANK][sq] | sb_line_ex[SB_FILE][sq];
		bma_line[sq][1] = sb_line_ex[SB_DIAG][sq] | sb_line_ex[SB_ANTI][sq];
	}
	bma_ray[64] = bma_rev[64] = (struct bma_row){ { 0 } };
	return 0;
}

SB_DEFINE_LOOPS(bma, bma_rook, bma_bishop)

static const struct sb_kernel bob_mike_advanced = {
	.abi_version = SB_ABI_VERSION,
	.name = "bob-mike-advanced",
	.family = "classical",
	.description = "Bob-Mike advanced: tzcnt/lzcnt into 65-row eight-ray tables, shadows ORed "
		       "and XORed off the line mask (Chess_Movegen Boblookup_advanced)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* Two tables of 65 rows of eight rays (2 x 4160 bytes) and the line masks (1024). */
	.table_bytes = sizeof bma_ray + sizeof bma_rev + sizeof bma_line,
	.init = bma_init,
	.rook = bma_rook_ptr,
	.bishop = bma_bishop_ptr,
	.run = bma_run,
};
SB_REGISTER(bob_mike_advanced);
