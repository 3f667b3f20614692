/* sbamg-inline.c - Subtraction Based Attack Mask Generation with every mask computed, no
 * table (Syed Fahad's SBAMG, CCC talkchess t=59845, inlined by Daniel Infuehr; timed as
 * "SBAMG Inline" in Chess_Movegen).  The steps are sbamg.h's; rank, file and ends are shifts
 * of constants, the diagonals the long diagonals moved into place by lines_inline.h's shifts,
 * so there is no branch. */
#include "kernel.h"
#include "lines_inline.h"
#include "lines.h"
#include "sbamg.h"

/* Returns the rook attacks: rank and file by subtraction, masks and ends by shifts (`keep`
 * clears sq from its ends but keeps a1 in its own). */
static inline uint64_t sbamg_il_rook(unsigned sq, uint64_t occ)
{
	uint64_t bit = 1ULL << sq, keep = ~bit | 1;
	uint64_t rank = SB_RANK_1 << (sq & 56), file = SB_FILE_A << (sq & 7);

	return sbamg_subtract(sq, occ, rank ^ bit, (0x81ULL << (sq & 56)) & keep) |
	       sbamg_subtract(sq, occ, file ^ bit, (0x0100000000000001ULL << (sq & 7)) & keep);
}

/* Returns the bishop attacks: both diagonals by hyperbola quintessence. */
static inline uint64_t sbamg_il_bishop(unsigned sq, uint64_t occ)
{
	uint64_t bit = 1ULL << sq;

	return sbamg_hyperbola(sq, occ, sb_il_diag(sq) ^ bit) |
	       sbamg_hyperbola(sq, occ, sb_il_anti(sq) ^ bit);
}

SB_DEFINE_LOOPS(sbamg_il, sbamg_il_rook, sbamg_il_bishop)

static const struct sb_kernel sbamg_inline = {
	.abi_version = SB_ABI_VERSION,
	.name = "sbamg-inline",
	.family = "sbamg",
	.description = "SBAMG (Syed Fahad) with computed masks: rank/file o^(o-3c), diagonals by "
		       "hyperbola quintessence, no table (talkchess t=59845; Chess_Movegen \"SBAMG "
		       "Inline\")",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	.table_bytes = 0,
	.rook = sbamg_il_rook_ptr,
	.bishop = sbamg_il_bishop_ptr,
	.run = sbamg_il_run,
};
SB_REGISTER(sbamg_inline);
