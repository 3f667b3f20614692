/* genetic-obstruction.c - obstruction difference as reshaped by Daniel Inführ's "genetic"
 * search over expression trees: per line, the masks the lookup needs are precomputed side by
 * side (the line's lower part, its upper part and the whole line, slider excluded), and the
 * `lower | 1` of obstruction-difference.c's msb(lower | 1) is moved into the tables: every
 * lower mask holds a1 (bit 0) and the occupancy gets a1 set once per lookup (occ | 1), so the
 * lower blockers are never empty and their most significant bit is always defined.  That
 * costs nothing in correctness: a1 is never above a slider, and on a line below one it is the
 * ray's last square, where a blocker changes nothing.  Then mask & (upper ^ (upper -
 * msb(lower))) per line, one leading zero count each.  Per square one 96-byte row (rank,
 * file, diagonal, anti-diagonal: lower, upper, line), 6 KB.
 * Source: Chess_Movegen's GeneticObstructionDiffV2 (Daniel Inführ, 2022), itself Michael
 * Hoffmann's Obstruction Difference (chessprogramming wiki); written from the description. */
#include "kernel.h"
#include "lines.h"

/* One line's masks: lower part | a1, upper part, whole line (slider excluded). */
struct go_line {
	uint64_t lower, upper, line;
};

static struct go_line go_sq[64][SB_LINES];

/* Returns the attacks along line l, occ having a1 set. */
static inline uint64_t go_attack(const struct go_line *l, uint64_t occ)
{
	uint64_t up = occ & l->upper;
	uint64_t nearest_low = 0x8000000000000000ULL >> __builtin_clzll(occ & l->lower);

	return l->line & (up ^ (up - nearest_low));
}

/* Returns the rook attacks: rank and file. */
static inline uint64_t go_rook(unsigned sq, uint64_t occ)
{
	occ |= 1;
	return go_attack(&go_sq[sq][SB_RANK], occ) | go_attack(&go_sq[sq][SB_FILE], occ);
}

/* Returns the bishop attacks: diagonal and anti-diagonal. */
static inline uint64_t go_bishop(unsigned sq, uint64_t occ)
{
	occ |= 1;
	return go_attack(&go_sq[sq][SB_DIAG], occ) | go_attack(&go_sq[sq][SB_ANTI], occ);
}

/* Returns 0 once the rows are built. */
static int go_init(void)
{
	sb_lines_init();
	for (unsigned sq = 0; sq < 64; sq++) {
		uint64_t below = (1ULL << sq) - 1;

		for (int l = 0; l < SB_LINES; l++) {
			uint64_t line = sb_line_ex[l][sq];

			go_sq[sq][l] = (struct go_line){ (line & below) | 1, line & ~below, line };
		}
	}
	return 0;
}

SB_DEFINE_LOOPS(go, go_rook, go_bishop)

static const struct sb_kernel genetic_obstruction = {
	.abi_version = SB_ABI_VERSION,
	.name = "genetic-obstruction",
	.family = "obstruction",
	.description = "genetic obstruction difference (Inführ): lower|a1, upper, line masks side "
		       "by side, occ|1 for msb (Chess_Movegen GeneticObstructionDiffV2)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* Twelve words per square: 64 x 96 bytes. */
	.table_bytes = sizeof go_sq,
	.init = go_init,
	.rook = go_rook_ptr,
	.bishop = go_bishop_ptr,
	.run = go_run,
};
SB_REGISTER(genetic_obstruction);
