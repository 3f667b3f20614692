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
 * table is kg_tables.h's sb_kg_first_rank. */
#include "kernel.h"
#include "kg_tables.h"
#include "line_attacks.h"
#include "lines.h"

/* Returns the rank attacks from the first-rank table: the six inner squares of the rank
 * index it, the result is shifted back onto the slider's rank. */
static inline uint64_t hq_rank(unsigned sq, uint64_t occ)
{
	unsigned shift = sq & 56;

	return (uint64_t)sb_kg_first_rank[sq & 7][(occ >> (shift + 1)) & 63] << shift;
}

/* Returns the rook attacks: the file by hyperbola quintessence, the rank by table. */
static inline uint64_t hq_rook(unsigned sq, uint64_t occ)
{
	return sb_hq_line(occ, sb_line_ex[SB_FILE][sq], 1ULL << sq, 1ULL << (sq ^ 56)) |
	       hq_rank(sq, occ);
}

/* Returns the bishop attacks: diagonal and anti-diagonal by hyperbola quintessence. */
static inline uint64_t hq_bishop(unsigned sq, uint64_t occ)
{
	uint64_t bit = 1ULL << sq, bit_rev = 1ULL << (sq ^ 56);

	return sb_hq_line(occ, sb_line_ex[SB_DIAG][sq], bit, bit_rev) |
	       sb_hq_line(occ, sb_line_ex[SB_ANTI][sq], bit, bit_rev);
}

/* Returns 0 once the line masks and the first-rank table are built. */
static int hq_init(void)
{
	sb_kg_init();
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
	 * anti-diagonal: 3 x 512 bytes) and kg_tables.h's sb_kg_first_rank[8][64] (512 bytes). */
	.table_bytes = 3 * sizeof(sb_line_ex[0]) + sizeof(sb_kg_first_rank),
	.init = hq_init,
	.rook = hq_rook_ptr,
	.bishop = hq_bishop_ptr,
	.run = hq_run,
};
SB_REGISTER(hyperbola);
