/* obstruction-difference-inline.c - Hoffmann's obstruction difference with no table: per line
 * the mask is computed from the square (a shifted rank, file, diagonal or anti-diagonal
 * constant, slider removed) and split into its upper ray (bits above the slider) and lower
 * ray (bits below) by the square's index, then obstruction-difference.c's formula
 * (line_attacks.h's sb_od_line) is applied.  The table-free variant the Chess_Movegen
 * comparison times apart (ObstructionDiff_IL).  The masks are lines_inline.h's.
 * Source: chessprogramming wiki, Obstruction Difference (Michael Hoffmann); Chess_Movegen's
 * ObstructionDiff_IL; written from the description. */
#include "kernel.h"
#include "line_attacks.h"
#include "lines_inline.h"

/* Returns the attacks along `line` (sq included), split at sq into its two rays. */
static inline uint64_t odi_line(unsigned sq, uint64_t line, uint64_t occ)
{
	uint64_t below = (1ULL << sq) - 1, above = ~below << 1;

	return sb_od_line(occ, line & above, line & below);
}

/* Returns the rook attacks: rank and file. */
static inline uint64_t odi_rook(unsigned sq, uint64_t occ)
{
	return odi_line(sq, sb_il_rank(sq), occ) | odi_line(sq, sb_il_file(sq), occ);
}

/* Returns the bishop attacks: diagonal and anti-diagonal. */
static inline uint64_t odi_bishop(unsigned sq, uint64_t occ)
{
	return odi_line(sq, sb_il_diag(sq), occ) | odi_line(sq, sb_il_anti(sq), occ);
}

SB_DEFINE_LOOPS(odi, odi_rook, odi_bishop)

static const struct sb_kernel obstruction_difference_inline = {
	.abi_version = SB_ABI_VERSION,
	.name = "obstruction-difference-inline",
	.family = "obstruction",
	.description = "Hoffmann's obstruction difference with line masks computed from sq and "
		       "split at sq, no tables (Chess_Movegen ObstructionDiff_IL)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* No tables: the masks are shifted constants. */
	.table_bytes = 0,
	.init = NULL,
	.rook = odi_rook_ptr,
	.bishop = odi_bishop_ptr,
	.run = odi_run,
};
SB_REGISTER(obstruction_difference_inline);
