/* fan-line.c - Wegner's rotated-like file lookup generalized by a line-direction parameter, as
 * Andrew Fan used it (2006-2009); seed kindergarten-bitboards.txt, "32-bit Versions".
 *
 * One routine serves all four lines: mask the occupancy with the inner line (edge squares
 * left out), fold it into one 32-bit word with `x | x >> fold`, multiply by a 32-bit factor,
 * `>> 26`, and read the final attack set from that line's per-square table ([64][64], 32 KB).
 * The fold and the factor are per direction.  They are not pasted from anywhere: init runs a
 * deterministic search (fixed xorshift seed) that first tries the page's factors (Wegner's
 * 0x01041041, the 32-bit B-file 0x02020202) and then sparse random ones, with the folds 32
 * and then the page's 29, 27, 25, and keeps the first pair that maps every square's subsets
 * without a harmful collision.  The table builder checks the pair again.  With this seed it
 * keeps fold 32 and 0x02020202 for ranks and diagonals, fold 25 and 0x00182082 for files
 * (fold 29 with Wegner's factor fails on files f..h unless the file is shifted to a).
 */
#include <stdio.h>

#include "kernel.h"
#include "lines.h"
#include "kg_tables.h"

#define FAN_TRIES (1u << 17)    /* random factors per fold before the next fold */

struct fan_dir {
	unsigned fold;
	uint32_t mul;
};

static const uint64_t FAN_INNER[SB_LINES] = {
	[SB_RANK] = 0x7E7E7E7E7E7E7E7EULL, [SB_FILE] = 0x00FFFFFFFFFFFF00ULL,
	[SB_DIAG] = 0x007E7E7E7E7E7E00ULL, [SB_ANTI] = 0x007E7E7E7E7E7E00ULL,
};

static struct fan_dir fan_dir[SB_LINES] __attribute__((aligned(64)));
static uint64_t fan_mask[SB_LINES][64] __attribute__((aligned(64)));
static uint64_t fan_att[SB_LINES][64][64] __attribute__((aligned(64)));

/* Returns the 6-bit index of occ along `line` through sq with the given fold and factor. */
static inline unsigned fan_hash(uint64_t x, struct fan_dir d)
{
	return ((uint32_t)(x | x >> d.fold) * d.mul) >> 26;
}

/* Returns the attacks along `line` through sq: the generalized routine. */
static inline uint64_t fan_line(unsigned sq, uint64_t occ, enum sb_line line)
{
	return fan_att[line][sq][fan_hash(occ & fan_mask[line][sq], fan_dir[line])];
}

/* Returns 1 if (fold, mul) gives every subset of every square's inner `line` an index shared
 * only with subsets that have the same attacks, else 0. */
static int fan_fits(enum sb_line line, struct fan_dir d)
{
	for (unsigned sq = 0; sq < 64; sq++) {
		uint64_t seen[64] = { 0 }, att[64];
		uint64_t mask = fan_mask[line][sq], n = 1ULL << sb_popcount(mask);

		for (uint64_t s = 0; s < n; s++) {
			uint64_t occ = sb_subset(mask, s);
			uint64_t a = (sb_ref_rook(sq, occ) | sb_ref_bishop(sq, occ)) &
				     sb_line_ex[line][sq];
			unsigned i = fan_hash(occ, d);

			if (seen[i] && att[i] != a)
				return 0;
			seen[i] = 1;
			att[i] = a;
		}
	}
	return 1;
}

/* Returns 0 with fan_dir[line] set by the deterministic search, or -1 if none was found. */
static int fan_search(enum sb_line line)
{
	static const unsigned folds[] = { 32, 29, 27, 25 };
	static const uint32_t page[] = { 0x01041041u, 0x02020202u };
	uint64_t x = 0x9E3779B97F4A7C15ULL;   /* fixed seed: the same factors on every run */

	for (unsigned f = 0; f < sizeof(folds) / sizeof(folds[0]); f++) {
		for (uint32_t t = 0; t < FAN_TRIES; t++) {
			struct fan_dir d = { folds[f], 0 };
			uint64_t y;

			if (t < 2) {
				d.mul = page[t];
			} else {   /* xorshift64, three draws ANDed: a sparse factor */
				x ^= x << 13, x ^= x >> 7, x ^= x << 17, y = x;
				x ^= x << 13, x ^= x >> 7, x ^= x << 17;
				d.mul = (uint32_t)(y & x & (x >> 32));
			}
			if (fan_fits(line, d)) {
				fan_dir[line] = d;
				return 0;
			}
		}
	}
	fprintf(stderr, "fan-line: init: no fold and factor found for line %d\n", (int)line);
	return -1;
}

/* Returns fan_line's rank index of occ for sq (for the table builder). */
static unsigned fan_idx_rank(unsigned sq, uint64_t occ)
{
	return fan_hash(occ & fan_mask[SB_RANK][sq], fan_dir[SB_RANK]);
}

/* Returns fan_line's file index of occ for sq. */
static unsigned fan_idx_file(unsigned sq, uint64_t occ)
{
	return fan_hash(occ & fan_mask[SB_FILE][sq], fan_dir[SB_FILE]);
}

/* Returns fan_line's diagonal index of occ for sq. */
static unsigned fan_idx_diag(unsigned sq, uint64_t occ)
{
	return fan_hash(occ & fan_mask[SB_DIAG][sq], fan_dir[SB_DIAG]);
}

/* Returns fan_line's anti-diagonal index of occ for sq. */
static unsigned fan_idx_anti(unsigned sq, uint64_t occ)
{
	return fan_hash(occ & fan_mask[SB_ANTI][sq], fan_dir[SB_ANTI]);
}

/* Returns 0 once the masks, the per-direction factors and the tables are built, else -1. */
static int fan_init(void)
{
	static const sb_kg_index_fn idx[SB_LINES] = {
		[SB_RANK] = fan_idx_rank, [SB_FILE] = fan_idx_file,
		[SB_DIAG] = fan_idx_diag, [SB_ANTI] = fan_idx_anti,
	};
	static int done;

	if (done)
		return 0;
	sb_lines_init();
	for (int line = 0; line < SB_LINES; line++) {
		for (unsigned sq = 0; sq < 64; sq++)
			fan_mask[line][sq] = sb_line_ex[line][sq] & FAN_INNER[line];
		if (fan_search((enum sb_line)line) ||
		    sb_kg_build_line(&fan_att[line][0][0], 64, (enum sb_line)line, idx[line],
				     "fan-line"))
			return -1;
	}
	done = 1;
	return 0;
}

/* Returns the rook attacks from sq. */
static inline uint64_t fan_rook(unsigned sq, uint64_t occ)
{
	return fan_line(sq, occ, SB_RANK) | fan_line(sq, occ, SB_FILE);
}

/* Returns the bishop attacks from sq. */
static inline uint64_t fan_bishop(unsigned sq, uint64_t occ)
{
	return fan_line(sq, occ, SB_DIAG) | fan_line(sq, occ, SB_ANTI);
}

SB_DEFINE_LOOPS(fan, fan_rook, fan_bishop)

static const struct sb_kernel fan_line_kernel = {
	.abi_version = SB_ABI_VERSION,
	.name = "fan-line",
	.family = "kindergarten",
	.description = "kindergarten variant, Fan's generalized Wegner lookup: one routine, "
		       "per-direction fold + 32-bit factor (own search) into rotated-like 32 KB "
		       "tables (kindergarten-bitboards.txt)",
	.word_bits = 32,
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof(fan_dir) + sizeof(fan_mask) + sizeof(fan_att),
	.sibling = "kindergarten-subset",
	.question = SB_QUESTION_BITS,
	.init = fan_init,
	.rook = fan_rook_ptr,
	.bishop = fan_bishop_ptr,
	.run = fan_run,
};
SB_REGISTER(fan_line_kernel);
