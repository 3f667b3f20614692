/* hyperbola.c - hyperbola quintessence: along a line through the slider, (o - r) ^ rev(rev(o)
 * - rev(r)) with o the line's occupancy (slider excluded) and r the slider's bit gives the
 * attacks both ways at once: the subtraction borrows up to the first blocker above the
 * slider, and the same on the reversed board finds the first blocker below.  A byte swap
 * reverses a file, a diagonal or an anti-diagonal (each has at most one square per rank), so
 * those three lines use it; a rank lies within one byte, where a byte swap reverses nothing,
 * so ranks come from the 512-byte first-rank table, as is usual with this technique.
 * Source: the o^(o-2r) idea of the chessprogramming wiki's Subtracting a Rook from a Blocking
 * Piece / Hyperbola Quintessence pages (not among our seeds; written from the technique).
 * The line formula is line_attacks.h's sb_hq_line, the masks lines.h's sb_line_ex; the rank
 * table is kg_tables.h's sb_kg_first_rank, stored the other way round.  Two details follow
 * Chess_Movegen's Hyperbola (Daniel Infuehr's measured choices, not its code): the reversed
 * slider bit as one shift, and the rank table indexed by the rank's inner bits times four. */
#include "kernel.h"
#include "kg_tables.h"
#include "line_attacks.h"
#include "lines.h"

/* hq_first_rank[o][f]: kg_tables.h's first-rank attacks of a slider on file f, stored
 * occupancy-major, so the rank's byte masked to its six inner squares (o * 2) is the row's
 * offset divided by four, and one lea makes the index. */
static uint8_t hq_first_rank[64][8];

/* Returns the rank attacks from the first-rank table: the six inner squares of the rank
 * index it, the result is shifted back onto the slider's rank. */
static inline uint64_t hq_rank(unsigned sq, uint64_t occ)
{
	unsigned shift = sq & 56;
	size_t inner2 = (occ >> shift) & 126;

	return (uint64_t)(&hq_first_rank[0][0])[inner2 * 4 + (sq & 7)] << shift;
}

/* The slider's bit on the byte-swapped board, for the line's lower half.  Any bit of the
 * slider's rank serves: the line mask has no other square on that rank, so that byte of the
 * swapped line is empty, the borrow leaves it the same way whichever of its bits is
 * subtracted, and what it leaves in the byte is masked off.  sq's bit on the board turned
 * half round (63 - sq) is one shift of a constant; 1 << (sq ^ 56) is two instructions. */
static inline uint64_t hq_bit_rev(unsigned sq)
{
	return 0x8000000000000000ULL >> sq;
}

static inline uint64_t hq_line(uint64_t occ, uint64_t mask, uint64_t bit, uint64_t bit_rev)
{
	uint64_t r = sb_hq_line(occ, mask, bit, bit_rev);

	SB_LINE_DONE(r);
	return r;
}

/* Returns the rook attacks: the file by hyperbola quintessence, the rank by table. */
static inline uint64_t hq_rook(unsigned sq, uint64_t occ)
{
	return hq_line(occ, sb_line_ex[SB_FILE][sq], 1ULL << sq, hq_bit_rev(sq)) |
	       hq_rank(sq, occ);
}

/* Returns the bishop attacks: diagonal and anti-diagonal by hyperbola quintessence. */
static inline uint64_t hq_bishop(unsigned sq, uint64_t occ)
{
	uint64_t bit = 1ULL << sq, bit_rev = hq_bit_rev(sq);

	return hq_line(occ, sb_line_ex[SB_DIAG][sq], bit, bit_rev) |
	       hq_line(occ, sb_line_ex[SB_ANTI][sq], bit, bit_rev);
}

/* Returns 0 once the line masks and the first-rank table are built. */
static int hq_init(void)
{
	sb_kg_init();
	for (unsigned o = 0; o < 64; o++)
		for (unsigned f = 0; f < 8; f++)
			hq_first_rank[o][f] = sb_kg_first_rank[f][o];
	return 0;
}

SB_DEFINE_LOOPS(hq, hq_rook, hq_bishop)

static const struct sb_kernel hyperbola = {
	.abi_version = SB_ABI_VERSION,
	.name = "hyperbola",
	.family = "hyperbola",
	.description = "hyperbola quintessence, (o-r)^bswap(bswap(o)-bswap(r)) on file and "
		       "diagonals, ranks by a first-rank table (CPW, not a seed page)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* Reads three of the four rows of lines.h's sb_line_ex[4][64] (file, diagonal,
	 * anti-diagonal: 3 x 512 bytes) and its own first-rank table (512 bytes). */
	.table_bytes = 3 * sizeof(sb_line_ex[0]) + sizeof(hq_first_rank),
	.init = hq_init,
	.rook = hq_rook_ptr,
	.bishop = hq_bishop_ptr,
	.run = hq_run,
};
SB_REGISTER(hyperbola);
