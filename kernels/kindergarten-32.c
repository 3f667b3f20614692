/* kindergarten-32.c - Kindergarten bitboards with 32-bit multiplications only: seed
 * kindergarten-bitboards.txt, "32-bit Versions" (a 64-bit multiply costs three imuls in 32-bit
 * mode, so fold the board into one 32-bit word with shift-or first).
 *
 * Ranks, diagonals, anti-diagonals: the masked line has at most one bit per file, so OR-ing
 * the upper half onto the lower loses nothing; then the 32-bit B-file 0x02020202 moves files
 * b..g to bits 26..31 and `>> 26` is the 6-bit index into the 4 KB fill-up table.
 * Files: shift the file to the A-file; `x | x >> 28` puts ranks 0-3 at bits 0, 8, 16, 24 and
 * ranks 4-7 at 4, 12, 20, 28; the multiplier 0x02040810 (our derivation: shifts 4, 11, 18, 25)
 * sends ranks 1..6 to bits 26..31 in order with no two partial products on one bit, so no
 * carries; `>> 26` indexes the 4 KB A-file table, shifted back to the file.
 */
#include "kernel.h"
#include "lines.h"
#include "kg_tables.h"

#define KG32_B_FILE 0x02020202u    /* the B-file of a 32-bit half board */
#define KG32_FILE_MUL 0x02040810u  /* folded A-file ranks 1..6 to bits 26..31 */

static int kg32_init(void)
{
	sb_kg_init();
	return 0;
}

/* Returns the attacks along `mask`, a rank, diagonal or anti-diagonal through sq. */
static inline uint64_t kg32_line(unsigned sq, uint64_t occ, uint64_t mask)
{
	uint64_t x = occ & mask;
	uint32_t w = (uint32_t)x | (uint32_t)(x >> 32);

	return sb_kg_fill_up[sq & 7][(w * KG32_B_FILE) >> 26] & mask;
}

/* Returns the attacks along the file of sq. */
static inline uint64_t kg32_file(unsigned sq, uint64_t occ)
{
	unsigned f = sq & 7;
	uint64_t x = (occ >> f) & SB_FILE_A;
	uint32_t w = (uint32_t)x | (uint32_t)(x >> 28);

	return sb_kg_a_file[sq >> 3][(w * KG32_FILE_MUL) >> 26] << f;
}

/* Returns the rook attacks from sq. */
static inline uint64_t kg32_rook(unsigned sq, uint64_t occ)
{
	return kg32_line(sq, occ, sb_line_ex[SB_RANK][sq]) | kg32_file(sq, occ);
}

/* Returns the bishop attacks from sq. */
static inline uint64_t kg32_bishop(unsigned sq, uint64_t occ)
{
	return kg32_line(sq, occ, sb_line_ex[SB_DIAG][sq]) |
	       kg32_line(sq, occ, sb_line_ex[SB_ANTI][sq]);
}

SB_DEFINE_LOOPS(kg32, kg32_rook, kg32_bishop)

static const struct sb_kernel kindergarten_32 = {
	.abi_version = SB_ABI_VERSION,
	.name = "kindergarten-32",
	.family = "kindergarten",
	.description = "kindergarten, 32-bit: shift-or fold to one word, 32-bit multiply >> 26 "
		       "into the 4 KB fill-up and A-file tables (kindergarten-bitboards.txt, "
		       "32-bit Versions)",
	.word_bits = 32,
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof(sb_kg_fill_up) + sizeof(sb_kg_a_file) + sizeof(sb_line_ex[SB_RANK]) +
		       sizeof(sb_line_ex[SB_DIAG]) + sizeof(sb_line_ex[SB_ANTI]),
	.sibling = "kindergarten-4k",
	.question = SB_QUESTION_BITS,
	.init = kg32_init,
	.rook = kg32_rook_ptr,
	.bishop = kg32_bishop_ptr,
	.run = kg32_run,
};
SB_REGISTER(kindergarten_32);
