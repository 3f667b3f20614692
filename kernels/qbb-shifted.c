/* qbb-shifted.c - QBBEngine's method with the segment cut by shifts instead of a second mask
 * (Daniel Infuehr's variant of Fabio Gobbato's QBBEngine, CCC talkchess t=79005 p924623, timed
 * as "QBBEngine - Shifted Mask" in Chess_Movegen).  The nearest blockers are found as in qbb.c
 * (lowest set bit above, highest below, board edges counting as blockers); the line pattern
 * shifted up to the lower blocker is cut above the upper blocker u by << (63 - u) >> (63 - u).
 * Each segment holds the slider, so XORing a piece's two segments both joins them and removes
 * the slider: one constant per line instead of two. */
#include "kernel.h"
#include "lines.h"

#define QBBS_FILE SB_FILE_A
#define QBBS_RANK SB_RANK_1
#define QBBS_DIAG SB_DIAG_A1H8			/* stride 9 from bit 0 */
#define QBBS_ANTI 0x8102040810204081ULL		/* stride 7 from bit 0 */
#define QBBS_RANK_8 0xFF00000000000000ULL

/* Returns one line's segment between the nearest blockers (or edges) around sq, both ends and
 * sq included: the pattern `pat` (starting at bit 0; `top` is the same line through bit 63)
 * shifted up to the lower blocker, cut above the upper one.  occ must not hold sq. */
static inline uint64_t qbbs_segment(unsigned sq, uint64_t occ, uint64_t pat, uint64_t top,
				    uint64_t up_stop, uint64_t down_stop)
{
	unsigned low = sb_msb((occ | down_stop) & (top >> (63 - sq)));
	unsigned cut = 63 - sb_lsb((occ | up_stop) & (pat << sq));

	return ((pat << low) << cut) >> cut;
}

/* Returns the rook attacks: file segment XOR rank segment (the slider cancels). */
static inline uint64_t qbbs_rook(unsigned sq, uint64_t occ)
{
	occ &= ~(1ULL << sq);
	return qbbs_segment(sq, occ, QBBS_FILE, SB_FILE_H, QBBS_RANK_8, SB_RANK_1) ^
	       qbbs_segment(sq, occ, QBBS_RANK, QBBS_RANK_8, SB_FILE_H, SB_FILE_A);
}

/* Returns the bishop attacks: diagonal segment XOR anti-diagonal segment. */
static inline uint64_t qbbs_bishop(unsigned sq, uint64_t occ)
{
	occ &= ~(1ULL << sq);
	return qbbs_segment(sq, occ, QBBS_DIAG, QBBS_DIAG, QBBS_RANK_8 | SB_FILE_H,
			    SB_RANK_1 | SB_FILE_A) ^
	       qbbs_segment(sq, occ, QBBS_ANTI, QBBS_ANTI, QBBS_RANK_8 | SB_FILE_A,
			    SB_RANK_1 | SB_FILE_H);
}

SB_DEFINE_LOOPS(qbbs, qbbs_rook, qbbs_bishop)

static const struct sb_kernel qbb_shifted = {
	.abi_version = SB_ABI_VERSION,
	.name = "qbb-shifted",
	.family = "qbb",
	.description = "QBBEngine with shifted masks: segment = (pattern<<low)<<(63-high)"
		       ">>(63-high), the two lines XORed, no table (D. Infuehr's variant of F. "
		       "Gobbato's QBB, talkchess t=79005; Chess_Movegen \"QBBEngine - Shifted "
		       "Mask\")",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	.table_bytes = 0,
	.rook = qbbs_rook_ptr,
	.bishop = qbbs_bishop_ptr,
	.run = qbbs_run,
};
SB_REGISTER(qbb_shifted);
