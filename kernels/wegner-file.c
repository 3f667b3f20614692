/* wegner-file.c - Zach Wegner's file attacks with rotated-like 32 KB tables, and ranks and
 * diagonals "the trivial way" with the same kind of table; seed kindergarten-bitboards.txt,
 * "32-bit Versions".
 *
 * Files: `x | x >> 29` folds the masked file into one 32-bit word, and the 32-bit multiply by
 * 0x01041041 maps its six inner bits out of order, with no overflow between them, into bits
 * 26..31; `>> 26` indexes a per-square table of final attack sets ([64][64], 32 KB).
 * The page says this works for any masked file; our exhaustive check found index collisions
 * with different attacks on files f..h (rank 1 and 8 squares), so the file is shifted to the
 * A-file first, where the page's multiplier is exact.
 * Ranks: the rank shifted down by 8 * rank + 1, six bits.  Diagonals and anti-diagonals: the
 * masked line (one bit per file) folded `x | x >> 32` and multiplied by the 32-bit B-file
 * 0x02020202, `>> 26`.  Every line has its own 32 KB table of final attack sets, no final mask.
 */
#include "kernel.h"
#include "lines.h"
#include "kg_tables.h"

#define WF_A_INNER 0x0001010101010100ULL   /* a2..a7 */
#define WF_FILE_MUL 0x01041041u            /* Wegner's factor (kindergarten-bitboards.txt) */
#define WF_B_FILE 0x02020202u              /* B-file of a 32-bit half board */

static uint64_t wf_file[64][64] __attribute__((aligned(64)));
static uint64_t wf_rank[64][64] __attribute__((aligned(64)));
static uint64_t wf_diag[64][64] __attribute__((aligned(64)));
static uint64_t wf_anti[64][64] __attribute__((aligned(64)));

/* Returns Wegner's 6-bit file index of occ for sq. */
static inline unsigned wf_file_idx(unsigned sq, uint64_t occ)
{
	uint64_t x = (occ >> (sq & 7)) & WF_A_INNER;

	return ((uint32_t)(x | x >> 29) * WF_FILE_MUL) >> 26;
}

/* Returns the 6-bit rank index of occ for sq. */
static inline unsigned wf_rank_idx(unsigned sq, uint64_t occ)
{
	return (unsigned)(occ >> ((sq & 56) + 1)) & 63;
}

/* Returns the 6-bit index of occ masked to a diagonal or anti-diagonal. */
static inline unsigned wf_diag_idx_(uint64_t x)
{
	return ((uint32_t)(x | x >> 32) * WF_B_FILE) >> 26;
}

/* Returns the diagonal index of occ for sq. */
static inline unsigned wf_diag_idx(unsigned sq, uint64_t occ)
{
	return wf_diag_idx_(occ & sb_line_ex[SB_DIAG][sq]);
}

/* Returns the anti-diagonal index of occ for sq. */
static inline unsigned wf_anti_idx(unsigned sq, uint64_t occ)
{
	return wf_diag_idx_(occ & sb_line_ex[SB_ANTI][sq]);
}

static int wf_init(void)
{
	static int done;

	if (done)
		return 0;
	sb_lines_init();
	if (sb_kg_build_line(&wf_file[0][0], 64, SB_FILE, wf_file_idx, "wegner-file") ||
	    sb_kg_build_line(&wf_rank[0][0], 64, SB_RANK, wf_rank_idx, "wegner-file") ||
	    sb_kg_build_line(&wf_diag[0][0], 64, SB_DIAG, wf_diag_idx, "wegner-file") ||
	    sb_kg_build_line(&wf_anti[0][0], 64, SB_ANTI, wf_anti_idx, "wegner-file"))
		return -1;
	done = 1;
	return 0;
}

/* Returns the rook attacks from sq. */
static inline uint64_t wf_rook(unsigned sq, uint64_t occ)
{
	return wf_rank[sq][wf_rank_idx(sq, occ)] | wf_file[sq][wf_file_idx(sq, occ)];
}

/* Returns the bishop attacks from sq. */
static inline uint64_t wf_bishop(unsigned sq, uint64_t occ)
{
	return wf_diag[sq][wf_diag_idx(sq, occ)] | wf_anti[sq][wf_anti_idx(sq, occ)];
}

SB_DEFINE_LOOPS(wf, wf_rook, wf_bishop)

static const struct sb_kernel wegner_file = {
	.abi_version = SB_ABI_VERSION,
	.name = "wegner-file",
	.family = "kindergarten",
	.description = "kindergarten variant, Wegner's file trick: (occ | occ >> 29) * 0x01041041 "
		       ">> 26 into rotated-like 32 KB per-square tables, ranks/diagonals alike "
		       "(kindergarten-bitboards.txt)",
	.word_bits = 32,
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof(wf_file) + sizeof(wf_rank) + sizeof(wf_diag) + sizeof(wf_anti) +
		       sizeof(sb_line_ex[SB_DIAG]) + sizeof(sb_line_ex[SB_ANTI]),
	.sibling = "kindergarten-subset",
	.question = SB_QUESTION_BITS,
	.init = wf_init,
	.rook = wf_rook_ptr,
	.bishop = wf_bishop_ptr,
	.run = wf_run,
};
SB_REGISTER(wegner_file);
