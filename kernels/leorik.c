/* leorik.c - Leorik's sliding attacks (Thomas Jahn, github.com/lithander/Leorik; timed as
 * "Leorik" in Chess_Movegen): per line, a mask up to the nearest blocker above (x ^ (x - 1))
 * XOR a mask under the nearest blocker below (0x7FFF... >> lzcnt), on the line (see
 * leorik_line.h).  As in Leorik, rank and file masks are shifts of a constant and the two
 * diagonals come from a table of 64 + 64 masks: lines.h's sb_line_ex rows (slider excluded). */
#include "kernel.h"
#include "leorik_line.h"
#include "lines.h"

/* Returns the rook attacks: rank and file masks by shifts, the slider's bit taken out. */
static inline uint64_t leorik_rook(unsigned sq, uint64_t occ)
{
	uint64_t bit = 1ULL << sq, below = bit - 1;

	return leorik_line(occ, (SB_RANK_1 << (sq & 56)) ^ bit, below) |
	       leorik_line(occ, (SB_FILE_A << (sq & 7)) ^ bit, below);
}

/* Returns the bishop attacks: diagonal and anti-diagonal masks from the table. */
static inline uint64_t leorik_bishop(unsigned sq, uint64_t occ)
{
	uint64_t below = (1ULL << sq) - 1;

	return leorik_line(occ, sb_line_ex[SB_DIAG][sq], below) |
	       leorik_line(occ, sb_line_ex[SB_ANTI][sq], below);
}

/* Returns 0 once lines.h's masks are built. */
static int leorik_init(void)
{
	sb_lines_init();
	return 0;
}

SB_DEFINE_LOOPS(leorik, leorik_rook, leorik_bishop)

static const struct sb_kernel leorik = {
	.abi_version = SB_ABI_VERSION,
	.name = "leorik",
	.family = "leorik",
	.description = "Leorik (Thomas Jahn): per line (x^(x-1) above) ^ (0x7FFF..>>lzcnt below), "
		       "diagonal masks from a 1 KB table, rank/file by shifts (lithander/Leorik; "
		       "Chess_Movegen \"Leorik\")",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* The diagonal and anti-diagonal rows of lines.h's sb_line_ex[4][64]. */
	.table_bytes = 2 * sizeof(sb_line_ex[0]),
	.init = leorik_init,
	.rook = leorik_rook_ptr,
	.bishop = leorik_bishop_ptr,
	.run = leorik_run,
};
SB_REGISTER(leorik);
