/* obstruction-difference.c - Michael Hoffmann's obstruction difference: per line through the
 * slider, the occupied squares on the upper ray (above the slider) and on the lower ray;
 * the nearest lower blocker is the most significant bit of the lower part (bit 0 when it is
 * empty: msb(lower | 1)), and upper ^ (upper - that bit) sets every square from it up to and
 * including the nearest upper blocker (all the way up when the upper ray is open).  Masked
 * with the line, that is the line's attack set; no branch, one leading zero count per line.
 * Source: the chessprogramming wiki's Obstruction Difference page (not among our seeds;
 * written from the technique).  Rays are lines.h's sb_ray[dir][sq], the line formula
 * line_attacks.h's sb_od_line. */
#include "kernel.h"
#include "line_attacks.h"
#include "lines.h"

/* Returns the rook attacks: rank (east/west) and file (north/south). */
static inline uint64_t od_rook(unsigned sq, uint64_t occ)
{
	return sb_od_line(occ, sb_ray[SB_NORTH][sq], sb_ray[SB_SOUTH][sq]) |
	       sb_od_line(occ, sb_ray[SB_EAST][sq], sb_ray[SB_WEST][sq]);
}

/* Returns the bishop attacks: diagonal (northeast/southwest), anti-diagonal (northwest/
 * southeast). */
static inline uint64_t od_bishop(unsigned sq, uint64_t occ)
{
	return sb_od_line(occ, sb_ray[SB_NORTHEAST][sq], sb_ray[SB_SOUTHWEST][sq]) |
	       sb_od_line(occ, sb_ray[SB_NORTHWEST][sq], sb_ray[SB_SOUTHEAST][sq]);
}

/* Returns 0: the only tables are lines.h's. */
static int od_init(void)
{
	sb_lines_init();
	return 0;
}

SB_DEFINE_LOOPS(od, od_rook, od_bishop)

static const struct sb_kernel obstruction_difference = {
	.abi_version = SB_ABI_VERSION,
	.name = "obstruction-difference",
	.family = "obstruction",
	.description = "Hoffmann's obstruction difference, upper ^ (upper - msb(lower | 1)) per "
		       "line (CPW, not a seed page)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* Reads all eight rows of lines.h's sb_ray[8][64] (4096 bytes), nothing else. */
	.table_bytes = sizeof(sb_ray),
	.init = od_init,
	.rook = od_rook_ptr,
	.bishop = od_bishop_ptr,
	.run = od_run,
};
SB_REGISTER(obstruction_difference);
