/* hyperbola-inline.c - hyperbola quintessence with no table at all: the file, diagonal and
 * anti-diagonal masks are computed from the square on every lookup (shifted constants) and
 * the rank, which a byte swap cannot reverse, comes from two Kogge-Stone occluded fills (east
 * and west) instead of the first-rank table.  The table-free variant the Chess_Movegen
 * comparison times apart (Hyperbola_IL).  The line formula is hyperbola.c's (line_attacks.h's
 * sb_hq_line), the masks lines_inline.h's, the fills fills.h's.
 * Source: chessprogramming wiki, Hyperbola Quintessence / Subtracting a Rook from a Blocking
 * Piece (Gerd Isenberg, Aleks Peshkov); Chess_Movegen's Hyperbola_IL; written from the
 * description. */
#include "kernel.h"
#include "fills.h"
#include "line_attacks.h"
#include "lines_inline.h"

/* Returns the rook attacks: the file by hyperbola quintessence, the rank by two fills. */
static inline uint64_t hqi_rook(unsigned sq, uint64_t occ)
{
	uint64_t bit = 1ULL << sq, empty = ~occ;

	return sb_hq_line(occ, sb_il_file(sq) ^ bit, bit, 1ULL << (sq ^ 56)) |
	       sb_ks_up(bit, empty, 1, SB_NOT_FILE_A) | sb_ks_down(bit, empty, 1, SB_NOT_FILE_H);
}

/* Returns the bishop attacks: diagonal and anti-diagonal, masks computed. */
static inline uint64_t hqi_bishop(unsigned sq, uint64_t occ)
{
	uint64_t bit = 1ULL << sq, bit_rev = 1ULL << (sq ^ 56);

	return sb_hq_line(occ, sb_il_diag(sq) ^ bit, bit, bit_rev) |
	       sb_hq_line(occ, sb_il_anti(sq) ^ bit, bit, bit_rev);
}

SB_DEFINE_LOOPS(hqi, hqi_rook, hqi_bishop)

static const struct sb_kernel hyperbola_inline = {
	.abi_version = SB_ABI_VERSION,
	.name = "hyperbola-inline",
	.family = "hyperbola",
	.description = "hyperbola quintessence with masks computed from sq, rank by Kogge-Stone "
		       "fills, no tables (Chess_Movegen Hyperbola_IL)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* No tables: masks are shifted constants, the rank is filled. */
	.table_bytes = 0,
	.init = NULL,
	.rook = hqi_rook_ptr,
	.bishop = hqi_bishop_ptr,
	.run = hqi_run,
};
SB_REGISTER(hyperbola_inline);
