/* slide-arithmetic.c - slide arithmetic: per line through the slider (sq excluded), the line's
 * blockers are split at the slider's bit index (bzhi: the bits below sq, the rest above);
 * blsmsk of the upper part (x ^ (x - 1)) sets every bit up to and including the nearest upper
 * blocker, 0x7FFF...F >> lzcnt(lower | 1) every bit below the nearest lower blocker, and the
 * XOR of the two, masked with the line, is the line's attacks.  No branch, no ray tables: the
 * split comes from the square index, so one line mask per line is the only table.
 * Source: Jakob Progsch's slide arithmetic as timed in Daniel Inführ's Chess_Movegen
 * comparison (SlideArithm) and the chessprogramming wiki's Sliding Piece Attacks pages;
 * written from the description.  Line masks are lines.h's sb_line_ex (the comparison keeps
 * the four lines of a square next to each other; here they are four 512-byte rows), the line
 * formula line_attacks.h's sb_sa_line. */
#include "kernel.h"
#include "line_attacks.h"
#include "lines.h"

/* Returns the rook attacks: rank and file. */
static inline uint64_t sa_rook(unsigned sq, uint64_t occ)
{
	return sb_sa_line(sq, sb_line_ex[SB_RANK][sq], occ) |
	       sb_sa_line(sq, sb_line_ex[SB_FILE][sq], occ);
}

/* Returns the bishop attacks: diagonal and anti-diagonal. */
static inline uint64_t sa_bishop(unsigned sq, uint64_t occ)
{
	return sb_sa_line(sq, sb_line_ex[SB_DIAG][sq], occ) |
	       sb_sa_line(sq, sb_line_ex[SB_ANTI][sq], occ);
}

/* Returns 0: the only tables are lines.h's. */
static int sa_init(void)
{
	sb_lines_init();
	return 0;
}

SB_DEFINE_LOOPS(sa, sa_rook, sa_bishop)

static const struct sb_kernel slide_arithmetic = {
	.abi_version = SB_ABI_VERSION,
	.name = "slide-arithmetic",
	.family = "obstruction",
	.description = "slide arithmetic (Progsch), blsmsk(upper) ^ (~0>>1 >> lzcnt(lower|1)) per "
		       "line split at sq by bzhi, line-mask table (Chess_Movegen SlideArithm)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* Reads all four rows of lines.h's sb_line_ex[4][64] (2048 bytes), nothing else. */
	.table_bytes = sizeof(sb_line_ex),
	.init = sa_init,
	.rook = sa_rook_ptr,
	.bishop = sa_bishop_ptr,
	.run = sa_run,
};
SB_REGISTER(slide_arithmetic);
