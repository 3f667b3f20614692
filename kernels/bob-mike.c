/* bob-mike.c - Bob-Mike: the classical ray approach of Robert Hyatt (Crafty) as Michael
 * Sherwin wrote it: per ray, the blockers on the ray are bitscanned (forward for rays towards
 * higher squares, reverse for the others) and the ray from the nearest blocker on is removed
 * from the slider's ray.  The empty ray needs no branch: the occupancy gets two stop bits,
 * h8 and a1 (occ | 0x8000000000000001), and the scanned masks are the rays plus that ray's
 * stop square ("rays with stop"), so a scan always finds a square, and the stop square's own
 * ray in that direction is empty.  A lookup reads the slider's rays with stop (one 64-byte
 * line), each blocker's ray and the union of the piece's rays, from which the blockers' rays
 * are removed by one XOR.  (Chess_Movegen keeps the rays and rays with stop in one 128-byte
 * row per square; the layout here spares the shift by 128 and the 63 - n of each scan, and
 * measured 1.27-1.50x faster in every mode.)
 * Source: Robert Hyatt's and Michael Sherwin's classical approach as timed in the
 * Chess_Movegen comparison (Boblookup); chessprogramming wiki, Classical Approach.  Written
 * from the description. */
#include "kernel.h"
#include "lines.h"

#define BM_STOPS 0x8000000000000001ULL  /* h8 ends every upward ray, a1 every downward one */

/* bm_stop[sq][dir]: sq's ray in direction dir (lines.h's order) with its stop square: the
 * slider's eight scanned masks in one 64-byte line. */
static uint64_t bm_stop[64][SB_DIRS];

/* bm_hidden[dir][i]: the ray in direction dir from the nearest blocker, i being what the
 * scan returns: for a ray towards higher squares the blocker's square (trailing zero count),
 * for the others 63 minus it (the leading zero count, which needs no 63 - n).  Rows by
 * direction, so the scan's result is an index scaled by 8 in the address, no shift. */
static uint64_t bm_hidden[SB_DIRS][64];

/* bm_all[p][sq]: the union of sq's rays for a rook (p = 0), a bishop (1), a queen (2). */
static uint64_t bm_all[3][64];

/* Returns the ray in direction dir (towards higher squares) from the nearest blocker on it
 * (the stop square's empty ray when none): the part of sq's ray the blocker hides. */
static inline uint64_t bm_up(unsigned dir, unsigned sq, uint64_t occ)
{
	return bm_hidden[dir][__builtin_ctzll(bm_stop[sq][dir] & occ)];
}

/* The same for a ray towards lower squares (reverse scan). */
static inline uint64_t bm_down(unsigned dir, unsigned sq, uint64_t occ)
{
	return bm_hidden[dir][__builtin_clzll(bm_stop[sq][dir] & occ)];
}

/* The rays of different directions share no square and each hidden part lies within its
 * ray, so the attacks are the piece's rays XOR the union of the hidden parts: one load of
 * the union and one XOR, not a load and an XOR per ray (Chess_Movegen's Boblookup queen). */
static inline uint64_t bm_rook(unsigned sq, uint64_t occ)
{
	occ |= BM_STOPS;
	return bm_all[0][sq] ^ (bm_up(SB_NORTH, sq, occ) | bm_up(SB_EAST, sq, occ) |
				bm_down(SB_SOUTH, sq, occ) | bm_down(SB_WEST, sq, occ));
}

static inline uint64_t bm_bishop(unsigned sq, uint64_t occ)
{
	occ |= BM_STOPS;
	return bm_all[1][sq] ^ (bm_up(SB_NORTHEAST, sq, occ) | bm_up(SB_NORTHWEST, sq, occ) |
				bm_down(SB_SOUTHWEST, sq, occ) | bm_down(SB_SOUTHEAST, sq, occ));
}

static inline uint64_t bm_queen(unsigned sq, uint64_t occ)
{
	occ |= BM_STOPS;
	return bm_all[2][sq] ^ (bm_up(SB_NORTH, sq, occ) | bm_up(SB_EAST, sq, occ) |
				bm_down(SB_SOUTH, sq, occ) | bm_down(SB_WEST, sq, occ) |
				bm_up(SB_NORTHEAST, sq, occ) | bm_up(SB_NORTHWEST, sq, occ) |
				bm_down(SB_SOUTHWEST, sq, occ) | bm_down(SB_SOUTHEAST, sq, occ));
}

static int bm_init(void)
{
	sb_lines_init();
	for (unsigned sq = 0; sq < 64; sq++)
		for (unsigned d = 0; d < SB_DIRS; d++) {
			bm_stop[sq][d] = sb_ray[d][sq] | (d < SB_SOUTH ? 1ULL << 63 : 1ULL);
			bm_hidden[d][d < SB_SOUTH ? sq : 63 - sq] = sb_ray[d][sq];
			bm_all[d == SB_NORTH || d == SB_EAST || d == SB_SOUTH || d == SB_WEST ? 0 : 1]
			      [sq] |= sb_ray[d][sq];
			bm_all[2][sq] |= sb_ray[d][sq];
		}
	return 0;
}

SB_DEFINE_LOOPS_WITH(bm, bm_rook, bm_bishop, bm_queen, SB_CALL_, SB_CALL_, SB_NO_STATE, bm_rook,
		     bm_bishop, bm_queen)
SB_DEFINE_LOOKUP_PTRS(bm, bm_rook, bm_bishop)

static const struct sb_kernel bob_mike = {
	.abi_version = SB_ABI_VERSION,
	.name = "bob-mike",
	.family = "classical",
	.description = "Bob-Mike (Hyatt/Sherwin): classical rays, bitscan forward/reverse on rays "
		       "with a stop square, h8/a1 stop bits, no branch (Chess_Movegen Boblookup)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* The rays with stop and the blockers' rays (64 x 64 bytes each), the unions (64 x 24). */
	.table_bytes = sizeof bm_stop + sizeof bm_hidden + sizeof bm_all,
	.init = bm_init,
	.rook = bm_rook_ptr,
	.bishop = bm_bishop_ptr,
	.run = bm_run,
};
SB_REGISTER(bob_mike);
