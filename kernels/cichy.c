/* cichy.c - Piotr Cichy's multiplication-less kindergarten lookup: seed
 * kindergarten-bitboards.txt, "32-bit Versions" (a parallel-prefix shift approach like
 * Occupancy of any Line, for processors with slow multiplication).
 *
 * The 6-bit occupancy index of a line is gathered with shifts and ORs only:
 *  - ranks, diagonals, anti-diagonals (at most one bit per file): OR the board's halves, then
 *    its quarters, then its bytes onto the lowest byte; files b..g are bits 1..6;
 *  - files: shift the file to the A-file (ranks at bits 8r); `x | x >> 28` folds ranks 4-7 to
 *    bits 4, 12, 20, 28; `w | w >> 14` brings ranks 2 and 6 to bits 2 and 6 (ranks 3, 7 to 10,
 *    14); `w | w >> 7` brings ranks 1, 3, 5 to bits 1, 3, 5: bits 1..6 are ranks 1..6 and no
 *    other rank lands there (our derivation, checked exhaustively by verify).
 * The index then reads the same 4 KB fill-up and A-file tables as kindergarten-4k.
 */
#include "kernel.h"
#include "lines.h"
#include "kg_tables.h"

static int cichy_init(void)
{
	sb_kg_init();
	return 0;
}

/* Returns the attacks along `mask`, a rank, diagonal or anti-diagonal through sq. */
static inline uint64_t cichy_line(unsigned sq, uint64_t occ, uint64_t mask)
{
	uint64_t x = occ & mask;
	uint32_t w = (uint32_t)x | (uint32_t)(x >> 32);

	w |= w >> 16;
	w |= w >> 8;
	return sb_kg_fill_up[sq & 7][(w >> 1) & 63] & mask;
}

/* Returns the attacks along the file of sq. */
static inline uint64_t cichy_file(unsigned sq, uint64_t occ)
{
	unsigned f = sq & 7;
	uint64_t x = (occ >> f) & SB_FILE_A;
	uint32_t w = (uint32_t)x | (uint32_t)(x >> 28);

	w |= w >> 14;
	w |= w >> 7;
	return sb_kg_a_file[sq >> 3][(w >> 1) & 63] << f;
}

/* Returns the rook attacks from sq. */
static inline uint64_t cichy_rook(unsigned sq, uint64_t occ)
{
	return cichy_line(sq, occ, sb_line_ex[SB_RANK][sq]) | cichy_file(sq, occ);
}

/* Returns the bishop attacks from sq. */
static inline uint64_t cichy_bishop(unsigned sq, uint64_t occ)
{
	return cichy_line(sq, occ, sb_line_ex[SB_DIAG][sq]) |
	       cichy_line(sq, occ, sb_line_ex[SB_ANTI][sq]);
}

SB_DEFINE_LOOPS(cichy, cichy_rook, cichy_bishop)

static const struct sb_kernel cichy = {
	.abi_version = SB_ABI_VERSION,
	.name = "cichy",
	.family = "kindergarten",
	.description = "kindergarten tables indexed without multiplication: Cichy's parallel-prefix "
		       "shift-or occupancy, 32-bit words (kindergarten-bitboards.txt, 32-bit "
		       "Versions)",
	.word_bits = 32,
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof(sb_kg_fill_up) + sizeof(sb_kg_a_file) + sizeof(sb_line_ex[SB_RANK]) +
		       sizeof(sb_line_ex[SB_DIAG]) + sizeof(sb_line_ex[SB_ANTI]),
	.sibling = "kindergarten-4k",
	.question = SB_QUESTION_BITS,
	.init = cichy_init,
	.rook = cichy_rook_ptr,
	.bishop = cichy_bishop_ptr,
	.run = cichy_run,
};
SB_REGISTER(cichy);
