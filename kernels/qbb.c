/* qbb.c - the QBBEngine sliding attack method (Fabio Gobbato's QBBEngine; chessprogramming
 * "QBBEngine", timed as "QBBEngine" in the Chess_Movegen comparison): no table at all.  For
 * each line through the slider, the nearest blocker above is the lowest set bit of the line's
 * upward half (slider included, slider's own bit cleared from the occupancy) joined with the
 * board edge the ray runs into, and the nearest blocker below is the highest set bit of the
 * downward half joined with the other edge, so a blocker always exists (the slider itself when
 * it stands on that edge).  The attacked segment, blockers included, is then the line pattern
 * (stride 8, 1, 9 or 7) shifted up from the lower blocker ANDed with the same pattern shifted
 * down from the upper blocker; the two lines of a rook (of a bishop) are ORed and the slider's
 * bit is XORed away.  Four bit scans per piece, branchless. */
#include "kernel.h"
#include "lines.h"

/* Line patterns: the "up" one starts at bit 0, the "down" one ends at bit 63. */
#define QBB_FILE_UP SB_FILE_A
#define QBB_FILE_DOWN SB_FILE_H
#define QBB_RANK_UP SB_RANK_1
#define QBB_RANK_DOWN 0xFF00000000000000ULL
#define QBB_DIAG SB_DIAG_A1H8			/* stride 9: bits 0, 9, ..., 63 */
#define QBB_ANTI 0x8102040810204081ULL		/* stride 7: bits 0, 7, ..., 63 */
/* Edges that end a ray: the squares from which that direction leaves the board. */
#define QBB_RANK_8 0xFF00000000000000ULL
#define QBB_STOP_N QBB_RANK_8
#define QBB_STOP_S SB_RANK_1
#define QBB_STOP_E SB_FILE_H
#define QBB_STOP_W SB_FILE_A
#define QBB_STOP_NE (QBB_RANK_8 | SB_FILE_H)
#define QBB_STOP_SW (SB_RANK_1 | SB_FILE_A)
#define QBB_STOP_NW (QBB_RANK_8 | SB_FILE_A)
#define QBB_STOP_SE (SB_RANK_1 | SB_FILE_H)

/* Returns the segment of one line between the nearest blockers (or edges) on either side of
 * sq, both ends and sq included; occ must not hold sq. */
static inline uint64_t qbb_segment(unsigned sq, uint64_t occ, uint64_t up_pat, uint64_t down_pat,
				   uint64_t up_stop, uint64_t down_stop)
{
	uint64_t up = (up_pat << sq) & (occ | up_stop);
	uint64_t down = (down_pat >> (63 - sq)) & (occ | down_stop);

	return (up_pat << sb_msb(down)) & (down_pat >> (63 - sb_lsb(up)));
}

/* Returns the rook attacks: file and rank segments, slider removed. */
static inline uint64_t qbb_rook(unsigned sq, uint64_t occ)
{
	uint64_t bit = 1ULL << sq;

	occ &= ~bit;
	return (qbb_segment(sq, occ, QBB_FILE_UP, QBB_FILE_DOWN, QBB_STOP_N, QBB_STOP_S) |
		qbb_segment(sq, occ, QBB_RANK_UP, QBB_RANK_DOWN, QBB_STOP_E, QBB_STOP_W)) ^ bit;
}

/* Returns the bishop attacks: diagonal and anti-diagonal segments, slider removed. */
static inline uint64_t qbb_bishop(unsigned sq, uint64_t occ)
{
	uint64_t bit = 1ULL << sq;

	occ &= ~bit;
	return (qbb_segment(sq, occ, QBB_DIAG, QBB_DIAG, QBB_STOP_NE, QBB_STOP_SW) |
		qbb_segment(sq, occ, QBB_ANTI, QBB_ANTI, QBB_STOP_NW, QBB_STOP_SE)) ^ bit;
}

SB_DEFINE_LOOPS(qbb, qbb_rook, qbb_bishop)

static const struct sb_kernel qbb = {
	.abi_version = SB_ABI_VERSION,
	.name = "qbb",
	.family = "qbb",
	.description = "QBBEngine (Fabio Gobbato): per line, nearest blockers by lsb/msb with the "
		       "board edges as blockers, segment = pattern<<low & pattern>>(63-high), no "
		       "table (CPW QBBEngine; Chess_Movegen \"QBBEngine\")",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	.table_bytes = 0,
	.rook = qbb_rook_ptr,
	.bishop = qbb_bishop_ptr,
	.run = qbb_run,
};
SB_REGISTER(qbb);
