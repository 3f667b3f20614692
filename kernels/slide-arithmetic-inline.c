/* slide-arithmetic-inline.c - slide arithmetic with the line masks computed from the square
 * on every lookup (a shifted rank, file, diagonal or anti-diagonal constant) instead of read
 * from a table: the table-free variant the Chess_Movegen comparison times apart
 * (SlideArithm_IL).  The per-line formula is slide-arithmetic.c's (line_attacks.h's
 * sb_sa_line); the masks are lines_inline.h's.
 * Source: Jakob Progsch's slide arithmetic as timed in Daniel Inführ's Chess_Movegen
 * comparison; written from the description. */
#include "kernel.h"
#include "line_attacks.h"
#include "lines_inline.h"

/* Returns the rook attacks: rank and file, masks computed. */
static inline uint64_t sai_rook(unsigned sq, uint64_t occ)
{
	uint64_t bit = 1ULL << sq;

	return sb_sa_line(sq, sb_il_rank(sq) ^ bit, occ) | sb_sa_line(sq, sb_il_file(sq) ^ bit, occ);
}

/* Returns the bishop attacks: diagonal and anti-diagonal, masks computed. */
static inline uint64_t sai_bishop(unsigned sq, uint64_t occ)
{
	uint64_t bit = 1ULL << sq;

	return sb_sa_line(sq, sb_il_diag(sq) ^ bit, occ) | sb_sa_line(sq, sb_il_anti(sq) ^ bit, occ);
}

SB_DEFINE_LOOPS(sai, sai_rook, sai_bishop)

static const struct sb_kernel slide_arithmetic_inline = {
	.abi_version = SB_ABI_VERSION,
	.name = "slide-arithmetic-inline",
	.family = "obstruction",
	.description = "slide arithmetic (Progsch) with line masks computed from sq, no tables "
		       "(Chess_Movegen SlideArithm_IL)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* No tables: the masks are shifted constants. */
	.table_bytes = 0,
	.init = NULL,
	.rook = sai_rook_ptr,
	.bishop = sai_bishop_ptr,
	.run = sai_run,
};
SB_REGISTER(slide_arithmetic_inline);
