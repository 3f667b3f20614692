/* kindergarten-4k.c - Kindergarten bitboards (Gerd Isenberg and the Winboard forum, 2006), seed
 * kindergarten-bitboards.txt, "Ranks and Diagonals" and "File-Attacks".
 *
 * Ranks, diagonals and anti-diagonals: mask the occupancy with the line through the square;
 * the line has at most one bit per file, so multiplying by the B-file moves its inner six
 * files b..g to bits 58..63, and `>> 58` is a 6-bit index.  One 4 KB fill-up table (first-rank
 * attacks copied into all eight ranks, indexed [file][occupancy]) serves all three lines: the
 * final AND with the same line mask keeps the bits of that line.
 * Files: shift the file to the A-file, multiply by the c7-h2 anti-diagonal (the page's
 * alternative to the c2-h7 flip, which keeps ranks 2..7 in order as index bits 0..5), `>> 58`,
 * look up the A-file attacks for the slider's rank and shift them back to its file.
 */
#define SB_PEER_RANDOM_UNROLL 12  /* a short lookup: the peer-random loop written out (kernel.h) */
#include "kernel.h"
#include "lines.h"
#include "kg_tables.h"

static int kg4k_init(void)
{
	sb_kg_init();
	return 0;
}

/* Returns the attacks along `mask`, a rank, diagonal or anti-diagonal through sq. */
static inline uint64_t kg4k_line(unsigned sq, uint64_t occ, uint64_t mask)
{
	unsigned idx = (unsigned)(((occ & mask) * SB_KG_B_FILE) >> 58);

	return sb_kg_fill_up[sq & 7][idx] & mask;
}

/* Returns the attacks along the file of sq. */
static inline uint64_t kg4k_file(unsigned sq, uint64_t occ)
{
	unsigned f = sq & 7;
	unsigned idx = (unsigned)((((occ >> f) & SB_FILE_A) * SB_KG_C7H2) >> 58);

	return sb_kg_a_file[sq >> 3][idx] << f;
}

/* Returns the rook attacks from sq. */
static inline uint64_t kg4k_rook(unsigned sq, uint64_t occ)
{
	return kg4k_line(sq, occ, sb_line_ex[SB_RANK][sq]) | kg4k_file(sq, occ);
}

/* Returns the bishop attacks from sq. */
static inline uint64_t kg4k_bishop(unsigned sq, uint64_t occ)
{
	return kg4k_line(sq, occ, sb_line_ex[SB_DIAG][sq]) |
	       kg4k_line(sq, occ, sb_line_ex[SB_ANTI][sq]);
}

SB_DEFINE_LOOPS(kg4k, kg4k_rook, kg4k_bishop)

static const struct sb_kernel kindergarten_4k = {
	.abi_version = SB_ABI_VERSION,
	.name = "kindergarten-4k",
	.family = "kindergarten",
	.description = "kindergarten: B-file multiply >> 58 into a 4 KB fill-up table for rank and "
		       "diagonals, c7-h2 multiply into a 4 KB A-file table for files "
		       "(kindergarten-bitboards.txt)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof(sb_kg_fill_up) + sizeof(sb_kg_a_file) + sizeof(sb_line_ex[SB_RANK]) +
		       sizeof(sb_line_ex[SB_DIAG]) + sizeof(sb_line_ex[SB_ANTI]),
	.sibling = "kindergarten-512",
	.question = SB_QUESTION_TABLE,
	.init = kg4k_init,
	.rook = kg4k_rook_ptr,
	.bishop = kg4k_bishop_ptr,
	.run = kg4k_run,
};
SB_REGISTER(kindergarten_4k);
