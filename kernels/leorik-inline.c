/* leorik-inline.c - Leorik's sliding attacks with every line mask computed, no table (Thomas
 * Jahn, github.com/lithander/Leorik; timed as "Leorik Inline" in Chess_Movegen).  The line
 * step is leorik_line.h's; rank and file masks are shifts of a constant, the diagonals the
 * long diagonals moved into place by lines_inline.h's shifts (no branch). */
#include "kernel.h"
#include "leorik_line.h"
#include "lines_inline.h"
#include "lines.h"

/* Returns the rook attacks: rank and file masks by shifts, the slider's bit taken out. */
static inline uint64_t leorik_il_rook(unsigned sq, uint64_t occ)
{
	uint64_t bit = 1ULL << sq, below = bit - 1;

	return leorik_line(occ, (SB_RANK_1 << (sq & 56)) ^ bit, below) |
	       leorik_line(occ, (SB_FILE_A << (sq & 7)) ^ bit, below);
}

/* Returns the bishop attacks: both diagonals moved into place from the long diagonals. */
static inline uint64_t leorik_il_bishop(unsigned sq, uint64_t occ)
{
	uint64_t bit = 1ULL << sq, below = bit - 1;

	return leorik_line(occ, sb_il_diag(sq) ^ bit, below) |
	       leorik_line(occ, sb_il_anti(sq) ^ bit, below);
}

SB_DEFINE_LOOPS(leorik_il, leorik_il_rook, leorik_il_bishop)

static const struct sb_kernel leorik_inline = {
	.abi_version = SB_ABI_VERSION,
	.name = "leorik-inline",
	.family = "leorik",
	.description = "Leorik (Thomas Jahn) with computed diagonals: per line (x^(x-1) above) ^ "
		       "(0x7FFF..>>lzcnt below), every mask by shifts, no table (lithander/Leorik; "
		       "Chess_Movegen \"Leorik Inline\")",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	.table_bytes = 0,
	.rook = leorik_il_rook_ptr,
	.bishop = leorik_il_bishop_ptr,
	.run = leorik_il_run,
};
SB_REGISTER(leorik_inline);
