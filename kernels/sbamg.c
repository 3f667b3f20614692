/* sbamg.c - Subtraction Based Attack Mask Generation (Syed Fahad, CCC talkchess t=59845;
 * timed as "SBAMG o^(o-3cbn)" in Chess_Movegen): ranks and files by o ^ (o - 3c), with c the
 * nearest blocker below the slider and the line's ends added as blockers; diagonals by
 * hyperbola quintessence (sbamg.h has both steps).  Masks come from tables, as in Fahad's M42:
 * lines.h's sb_line_ex rows and two tables of line ends built here. */
#include "kernel.h"
#include "lines.h"
#include "sbamg.h"

static uint64_t sbamg_rank_ends[64], sbamg_file_ends[64];

/* Returns 0 once the line masks and the end tables are built. */
static int sbamg_init(void)
{
	sb_lines_init();
	for (unsigned sq = 0; sq < 64; sq++) {
		uint64_t bit = 1ULL << sq, a1 = sq == 0;

		sbamg_rank_ends[sq] = ((0x81ULL << (sq & 56)) & ~bit) | a1;
		sbamg_file_ends[sq] = ((0x0100000000000001ULL << (sq & 7)) & ~bit) | a1;
	}
	return 0;
}

/* Returns the rook attacks: rank and file by subtraction. */
static inline uint64_t sbamg_rook(unsigned sq, uint64_t occ)
{
	return sbamg_subtract(sq, occ, sb_line_ex[SB_RANK][sq], sbamg_rank_ends[sq]) |
	       sbamg_subtract(sq, occ, sb_line_ex[SB_FILE][sq], sbamg_file_ends[sq]);
}

/* Returns the bishop attacks: both diagonals by hyperbola quintessence. */
static inline uint64_t sbamg_bishop(unsigned sq, uint64_t occ)
{
	return sbamg_hyperbola(sq, occ, sb_line_ex[SB_DIAG][sq]) |
	       sbamg_hyperbola(sq, occ, sb_line_ex[SB_ANTI][sq]);
}

SB_DEFINE_LOOPS(sbamg, sbamg_rook, sbamg_bishop)

static const struct sb_kernel sbamg = {
	.abi_version = SB_ABI_VERSION,
	.name = "sbamg",
	.family = "sbamg",
	.description = "SBAMG (Syed Fahad): rank/file o^(o-3c) with c the nearest blocker below, "
		       "diagonals by hyperbola quintessence, masks from 3 KB of tables (talkchess "
		       "t=59845; Chess_Movegen \"SBAMG o^(o-3cbn)\")",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* All four rows of lines.h's sb_line_ex[4][64] and the two end tables. */
	.table_bytes = sizeof sb_line_ex + sizeof sbamg_rank_ends + sizeof sbamg_file_ends,
	.init = sbamg_init,
	.rook = sbamg_rook_ptr,
	.bishop = sbamg_bishop_ptr,
	.run = sbamg_run,
};
SB_REGISTER(sbamg);
