/* folding-hash.c - folding hash: fancy magic per line with a 32-bit multiply (Daniel Infuehr's
 * "FoldingHash - 4x fancy magic" in Chess_Movegen, magics found there by a CUDA search).  For
 * each square and line, o = occ | ~inner (the line's inner squares kept, every other bit set,
 * as black magics do), folded to 32 bits as (o >> 32) ^ (uint32)o * 3, times a 32-bit magic;
 * the top 6 bits of the 32-bit product index a 64-entry slice of the line's attack sets.  A
 * rook or bishop is two such lookups ORed, a queen four.  Our magics come from the shared
 * fixed-seed search (magic_search.h) run on keys folded << 32, so that the low 32 bits of the
 * 64-bit product are what the 32-bit multiply gives; slices are not overlapped as in the peer's
 * packed 5,956-entry table, so ours is 256 x 64 entries (128 KiB).  word_bits is 32: nothing
 * wider than a 32-bit multiply. */
#include <stdio.h>

#include "kernel.h"
#include "lines.h"
#include "magic_search.h"

#define FH_SEED 0xF01DULL
#define FH_MAX_TRIES 20000000UL

/* One square's line: the bits that are forced on, the multiplier, the slice's offset. */
struct fh_line {
	uint64_t notmask;
	uint32_t mult;
	uint32_t offset;
};

/* fh_line[sq][kind] with kind an enum sb_line: rank, file (rook), diagonal, anti (bishop). */
static struct fh_line fh_lines[64][SB_LINES] __attribute__((aligned(64)));
static uint64_t fh_att[64 * SB_LINES * 64] __attribute__((aligned(64)));

/* Returns the 32-bit fold of occ with the line's outside bits forced on. */
static inline uint32_t fh_fold(uint64_t occ, uint64_t notmask)
{
	uint64_t o = occ | notmask;

	return (uint32_t)(o >> 32) ^ (uint32_t)o * 3u;
}

/* Returns line `kind`'s attack set of sq for occ: fold, 32-bit multiply, top 6 bits, load.
 * Indexed here, not through a pointer to the line: gcc made a pointer per line (an lea
 * each) where the line's offset in sq's row can be a constant in every address. */
static inline uint64_t fh_lookup(unsigned sq, enum sb_line kind, uint64_t occ)
{
	const struct fh_line *row = fh_lines[sq];

	return fh_att[row[kind].offset + ((fh_fold(occ, row[kind].notmask) * row[kind].mult) >> 26)];
}

/* Returns 0 after finding sq's multiplier for one line and filling its slice; -1 when the
 * search found none. */
static int fh_square(unsigned sq, enum sb_line kind, struct sb_magic_rng *rng)
{
	static uint64_t key[64], att[64];
	struct fh_line *l = &fh_lines[sq][kind];
	int rook = kind == SB_RANK || kind == SB_FILE;
	uint64_t inner = sb_line_ex[kind][sq] & (rook ? sb_rook_mask[sq] : sb_bishop_mask[sq]);
	unsigned n = 1u << sb_popcount(inner);
	struct sb_magic_job job = { .key = key, .att = att, .n = n, .shift = 64 - 6,
				    .clear = 0xFFFFFFFF00000000ULL };
	uint64_t magic;

	l->notmask = ~inner;
	l->offset = (sq * SB_LINES + (unsigned)kind) * 64;
	for (unsigned i = 0; i < n; i++) {
		uint64_t occ = sb_subset(inner, i);

		key[i] = (uint64_t)fh_fold(occ, l->notmask) << 32;
		att[i] = (rook ? sb_ref_rook(sq, occ) : sb_ref_bishop(sq, occ)) &
			 sb_line_ex[kind][sq];
	}
	if (sb_magic_search(&job, rng, FH_MAX_TRIES, &magic) < 0 &&
	    sb_magic_search_local(&job, rng, FH_MAX_TRIES, &magic) < 0) {
		fprintf(stderr, "folding-hash: init: no 32-bit multiplier for square %u, line %d\n",
			sq, (int)kind);
		return -1;
	}
	l->mult = (uint32_t)magic;
	for (unsigned i = 0; i < n; i++)
		fh_att[l->offset + ((fh_fold(sb_subset(inner, i), l->notmask) * l->mult) >> 26)] =
			att[i];
	return 0;
}

/* Returns 0 once every square's four lines have their multipliers and slices. */
static int fh_init(void)
{
	static int done;
	struct sb_magic_rng rng;

	if (done)
		return 0;
	sb_lines_init();
	sb_magic_seed(&rng, FH_SEED);
	for (unsigned sq = 0; sq < 64; sq++)
		for (int kind = 0; kind < SB_LINES; kind++)
			if (fh_square(sq, (enum sb_line)kind, &rng) < 0)
				return -1;
	done = 1;
	return 0;
}

/* Returns the rook attacks: rank and file lookups. */
static inline uint64_t fh_rook(unsigned sq, uint64_t occ)
{
	return fh_lookup(sq, SB_RANK, occ) | fh_lookup(sq, SB_FILE, occ);
}

/* Returns the bishop attacks: diagonal and anti-diagonal lookups. */
static inline uint64_t fh_bishop(unsigned sq, uint64_t occ)
{
	return fh_lookup(sq, SB_DIAG, occ) | fh_lookup(sq, SB_ANTI, occ);
}

SB_DEFINE_LOOPS(fh, fh_rook, fh_bishop)

static const struct sb_kernel folding_hash = {
	.abi_version = SB_ABI_VERSION,
	.name = "folding-hash",
	.family = "magic",
	.description = "folding hash: per line (occ|~inner) folded to 32 bits, *32-bit magic >>26 "
		       "into 64-entry slices, 4 lookups per queen, our fixed-seed magics, 128 KiB "
		       "(D. Infuehr, Chess_Movegen \"FoldingHash - 4x fancy magic\")",
	.word_bits = 32,
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof fh_lines + sizeof fh_att,
	.init = fh_init,
	.rook = fh_rook_ptr,
	.bishop = fh_bishop_ptr,
	.run = fh_run,
};
SB_REGISTER(folding_hash);
