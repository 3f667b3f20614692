/* sherwin.c - Sherwin bitboards (Michael Sherwin, Winboard forum 2006); seed
 * sherwin-bitboards.txt.
 *
 * The relevant occupancy (rays without their edge squares) is read one row (rank) at a time;
 * a per-square, per-row table turns each row's byte into that row's share of a dense index
 * (its blockers' bits packed at the row's offset) plus the square's base in the attack table,
 * and OR-ing the rows gives the index into 102,400 rook / 5,248 bishop attack sets.  Squares
 * are laid out by their number of relevant bits, most first, so every base is a multiple of
 * its own table size and OR equals add.
 * The page's tables use a big-endian file mapping; they are derived here for ours (a1 = 0),
 * with the page's layout: rooks read all eight rows of 8 bits (a- and h-file rooks have
 * relevant bits on the edge files), bishops the six inner rows of the inner six files after
 * `>> 9` (b2 to bit 0).
 */
#include "kernel.h"
#include "lines.h"

#define SH_ROOK_SETS 102400
#define SH_BISHOP_SETS 5248

/* A rook square's eight rows of 256 row indices, then one unused line: rows of exactly
 * 8 KiB, a multiple of the 4 KiB an L1 set index spans, put every square's entry for one row
 * byte into the same L1 set, and lookups at several squares of one occupancy evicted each
 * other.  Skewed by a line per square, against unskewed (4 alternating rounds): known squares
 * 1.50x, random squares 1.32x, position 1.07x, rook stream 1.11x. */
struct sh_rook_sq {
	uint32_t row[8][256];
	uint32_t skew[16];	/* one line, never read: see below */
};
static struct sh_rook_sq sh_rook_rows[64] __attribute__((aligned(64)));
static uint64_t sh_rook_att[SH_ROOK_SETS] __attribute__((aligned(64)));
static uint16_t sh_bishop_rows[64][6][64] __attribute__((aligned(64)));
static uint64_t sh_bishop_att[SH_BISHOP_SETS] __attribute__((aligned(64)));

/* Returns the number of index slots used after giving each square its base: squares with
 * more relevant bits first, in square order within a bit count. */
static uint32_t sh_bases(const uint64_t mask[64], uint32_t base[64])
{
	uint32_t next = 0;

	for (int bits = 12; bits >= 0; bits--) {
		for (unsigned sq = 0; sq < 64; sq++) {
			if (sb_popcount(mask[sq]) != (unsigned)bits)
				continue;
			base[sq] = next;
			next += 1u << bits;
		}
	}
	return next;
}

/* Returns the bits of `pattern` selected by `mask`, packed low to high (a software pext). */
static uint32_t sh_pack(uint32_t pattern, uint32_t mask)
{
	uint32_t out = 0;
	unsigned k = 0;

	for (; mask; mask &= mask - 1, k++)
		if (pattern & mask & (0u - mask))
			out |= 1u << k;
	return out;
}

/* Returns 0 after filling the attack sets of one piece: att[base[sq] + i] for the i-th subset
 * (sb_subset order: bits low to high, the order sh_pack packs rows in). */
static int sh_fill_att(const uint64_t mask[64], const uint32_t base[64], uint64_t *att,
		       sb_lookup_fn ref)
{
	for (unsigned sq = 0; sq < 64; sq++) {
		uint64_t n = 1ULL << sb_popcount(mask[sq]);

		for (uint64_t i = 0; i < n; i++)
			att[base[sq] + i] = ref(sq, sb_subset(mask[sq], i));
	}
	return 0;
}

/* Returns 0 once the rook rows and attack sets are built, -1 if the layout is not the page's. */
static int sh_init_rooks(void)
{
	uint32_t base[64];

	if (sh_bases(sb_rook_mask, base) != SH_ROOK_SETS)
		return -1;
	for (unsigned sq = 0; sq < 64; sq++) {
		unsigned off = 0;

		for (unsigned row = 0; row < 8; row++) {
			uint32_t m = (uint32_t)(sb_rook_mask[sq] >> (8 * row)) & 0xFF;

			for (uint32_t p = 0; p < 256; p++)
				sh_rook_rows[sq].row[row][p] = base[sq] | sh_pack(p, m) << off;
			off += sb_popcount(m);
		}
	}
	return sh_fill_att(sb_rook_mask, base, sh_rook_att, sb_ref_rook);
}

/* Returns 0 once the bishop rows and attack sets are built, -1 if the layout is not the
 * page's.  Row k is rank k + 1, files b..g, bit 0 = b-file (the mask is inside b2..g7). */
static int sh_init_bishops(void)
{
	uint32_t base[64];

	if (sh_bases(sb_bishop_mask, base) != SH_BISHOP_SETS)
		return -1;
	for (unsigned sq = 0; sq < 64; sq++) {
		uint64_t inner = sb_bishop_mask[sq] >> 9;
		unsigned off = 0;

		for (unsigned row = 0; row < 6; row++) {
			uint32_t m = (uint32_t)(inner >> (8 * row)) & 0x3F;

			for (uint32_t p = 0; p < 64; p++)
				sh_bishop_rows[sq][row][p] = (uint16_t)(base[sq] | sh_pack(p, m) << off);
			off += sb_popcount(m);
		}
	}
	return sh_fill_att(sb_bishop_mask, base, sh_bishop_att, sb_ref_bishop);
}

/* Returns 0 once every table is built, -1 otherwise. */
static int sh_init(void)
{
	static int done;

	if (done)
		return 0;
	sb_lines_init();
	if (sh_init_rooks() || sh_init_bishops())
		return -1;
	done = 1;
	return 0;
}

/* Returns the rook attacks from sq: eight row lookups OR'ed into one index. */
static inline uint64_t sh_rook(unsigned sq, uint64_t occ)
{
	const uint32_t (*r)[256] = sh_rook_rows[sq].row;
	uint64_t o = occ & sb_rook_mask[sq];
	uint32_t i = r[0][o & 0xFF] | r[1][(o >> 8) & 0xFF] | r[2][(o >> 16) & 0xFF] |
		     r[3][(o >> 24) & 0xFF] | r[4][(o >> 32) & 0xFF] | r[5][(o >> 40) & 0xFF] |
		     r[6][(o >> 48) & 0xFF] | r[7][o >> 56];

	return sh_rook_att[i];
}

/* Returns the bishop attacks from sq: six inner-row lookups OR'ed into one index. */
static inline uint64_t sh_bishop(unsigned sq, uint64_t occ)
{
	const uint16_t (*r)[64] = sh_bishop_rows[sq];
	uint64_t o = (occ & sb_bishop_mask[sq]) >> 9;
	unsigned i = r[0][o & 63] | r[1][(o >> 8) & 63] | r[2][(o >> 16) & 63] |
		     r[3][(o >> 24) & 63] | r[4][(o >> 32) & 63] | r[5][(o >> 40) & 63];

	return sh_bishop_att[i];
}

SB_DEFINE_LOOPS(sh, sh_rook, sh_bishop)

static const struct sb_kernel sherwin = {
	.abi_version = SB_ABI_VERSION,
	.name = "sherwin",
	.family = "sherwin",
	.description = "Sherwin bitboards: per-row lookups OR'ed into an index into 102,400 rook / "
		       "5,248 bishop attack sets, little-endian re-derivation (sherwin-bitboards.txt)",
	.word_bits = 32,   /* byte rows and 32-bit indices: no 64-bit arithmetic */
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof(sh_rook_rows) + sizeof(sh_rook_att) + sizeof(sh_bishop_rows) +
		       sizeof(sh_bishop_att) + sizeof(sb_rook_mask) + sizeof(sb_bishop_mask),
	.sibling = "magic-fancy",
	.question = SB_QUESTION_BITS,
	.init = sh_init,
	.rook = sh_rook_ptr,
	.bishop = sh_bishop_ptr,
	.run = sh_run,
};
SB_REGISTER(sherwin);
