/* bob-mike.c - Bob-Mike: the classical ray approach of Robert Hyatt (Crafty) as Michael
 * Sherwin wrote it: per ray, the blockers on the ray are bitscanned (forward for rays towards
 * higher squares, reverse for the others) and the ray from the nearest blocker on is removed
 * from the slider's ray.  The empty ray needs no branch: the occupancy gets two stop bits,
 * h8 and a1 (occ | 0x8000000000000001), and the scanned masks are the rays plus that ray's
 * stop square ("rays with stop"), so a scan always finds a square, and the stop square's own
 * ray in that direction is empty.  Per square one 128-byte row: the eight rays, then the eight
 * rays with stop, so a rook or bishop lookup reads one row plus the blockers' rows.
 * Source: Robert Hyatt's and Michael Sherwin's classical approach as timed in the
 * Chess_Movegen comparison (Boblookup); chessprogramming wiki, Classical Approach.  Written
 * from the description. */
#include "kernel.h"
#include "lines.h"

#define BM_STOPS 0x8000000000000001ULL  /* h8 ends every upward ray, a1 every downward one */

/* One square's rays (lines.h's direction order) and rays with their stop square. */
struct bm_sq {
	uint64_t ray[SB_DIRS];
	uint64_t stop[SB_DIRS];
};

static struct bm_sq bm_sq[64];

/* Returns the attacks along ray dir towards higher squares (dir < SB_SOUTH), occ holding the
 * stop bits: the nearest blocker is the lowest bit. */
static inline uint64_t bm_up(unsigned dir, unsigned sq, uint64_t occ)
{
	return bm_sq[sq].ray[dir] ^ bm_sq[sb_lsb(bm_sq[sq].stop[dir] & occ)].ray[dir];
}

/* Returns the attacks along ray dir towards lower squares: the nearest blocker is the
 * highest bit. */
static inline uint64_t bm_down(unsigned dir, unsigned sq, uint64_t occ)
{
	return bm_sq[sq].ray[dir] ^ bm_sq[sb_msb(bm_sq[sq].stop[dir] & occ)].ray[dir];
}

/* Returns the rook attacks: north, east, south, west. */
static inline uint64_t bm_rook(unsigned sq, uint64_t occ)
{
	occ |= BM_STOPS;
	return bm_up(SB_NORTH, sq, occ) | bm_up(SB_EAST, sq, occ) |
	       bm_down(SB_SOUTH, sq, occ) | bm_down(SB_WEST, sq, occ);
}

/* Returns the bishop attacks: northeast, northwest, southwest, southeast. */
static inline uint64_t bm_bishop(unsigned sq, uint64_t occ)
{
	occ |= BM_STOPS;
	return bm_up(SB_NORTHEAST, sq, occ) | bm_up(SB_NORTHWEST, sq, occ) |
	       bm_down(SB_SOUTHWEST, sq, occ) | bm_down(SB_SOUTHEAST, sq, occ);
}

/* Returns 0 once the rows are built. */
static int bm_init(void)
{
	sb_lines_init();
	for (unsigned sq = 0; sq < 64; sq++)
		for (unsigned d = 0; d < SB_DIRS; d++) {
			bm_sq[sq].ray[d] = sb_ray[d][sq];
			bm_sq[sq].stop[d] = sb_ray[d][sq] | (d < SB_SOUTH ? 1ULL << 63 : 1ULL);
		}
	return 0;
}

SB_DEFINE_LOOPS(bm, bm_rook, bm_bishop)

static const struct sb_kernel bob_mike = {
	.abi_version = SB_ABI_VERSION,
	.name = "bob-mike",
	.family = "classical",
	.description = "Bob-Mike (Hyatt/Sherwin): classical rays, bitscan forward/reverse on rays "
		       "with a stop square, h8/a1 stop bits, no branch (Chess_Movegen Boblookup)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* One row of 16 words per square: 64 x 128 bytes. */
	.table_bytes = sizeof bm_sq,
	.init = bm_init,
	.rook = bm_rook_ptr,
	.bishop = bm_bishop_ptr,
	.run = bm_run,
};
SB_REGISTER(bob_mike);
