/* kogge-stone.c - Kogge-Stone occluded fills: per direction, the slider's bit is smeared
 * along the empty squares by a parallel prefix of three shift steps (by 1, 2 and 4 times the
 * direction's step), doubling both the filled run and the "propagator" (squares the fill may
 * cross) each time; one more shift of the filled run onto the next square gives the attacks,
 * blocker included.  Wrap masks keep east-going fills off the a-file and west-going fills off
 * the h-file after each shift.  Setwise: no tables, no branch, 64-bit shifts only.
 * Source: the chessprogramming wiki's Kogge-Stone Algorithm page (not among our seeds;
 * written from the technique).  The fill is fills.h's sb_ks_up / sb_ks_down. */
#include "kernel.h"
#include "fills.h"
#include "lines.h"

#define KS_ALL (~0ULL)

/* Returns the rook attacks: north, east, south, west fills. */
static inline uint64_t ks_rook(unsigned sq, uint64_t occ)
{
	uint64_t bit = 1ULL << sq, empty = ~occ;

	return sb_ks_up(bit, empty, 8, KS_ALL) | sb_ks_up(bit, empty, 1, SB_NOT_FILE_A) |
	       sb_ks_down(bit, empty, 8, KS_ALL) | sb_ks_down(bit, empty, 1, SB_NOT_FILE_H);
}

/* Returns the bishop attacks: northeast, northwest, southwest, southeast fills. */
static inline uint64_t ks_bishop(unsigned sq, uint64_t occ)
{
	uint64_t bit = 1ULL << sq, empty = ~occ;

	return sb_ks_up(bit, empty, 9, SB_NOT_FILE_A) | sb_ks_up(bit, empty, 7, SB_NOT_FILE_H) |
	       sb_ks_down(bit, empty, 9, SB_NOT_FILE_H) | sb_ks_down(bit, empty, 7, SB_NOT_FILE_A);
}

SB_DEFINE_LOOPS(ks, ks_rook, ks_bishop)

static const struct sb_kernel kogge_stone = {
	.abi_version = SB_ABI_VERSION,
	.name = "kogge-stone",
	.family = "fill",
	.description = "Kogge-Stone parallel-prefix occluded fills in 8 directions, setwise, "
		       "no tables (CPW, not a seed page)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* No tables: the wrap masks are immediates. */
	.table_bytes = 0,
	.init = NULL,
	.rook = ks_rook_ptr,
	.bishop = ks_bishop_ptr,
	.run = ks_run,
};
SB_REGISTER(kogge_stone);
