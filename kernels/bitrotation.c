/* bitrotation.c - hyperbola quintessence on all four lines with a full 64-bit bit reversal
 * in software: (o - r) ^ rev(rev(o) - rev(r)), masked with the line, where rev reverses all
 * 64 bits (the board rotated by 180 degrees) rather than the bytes, so the rank works like the
 * file and the diagonals and no rank table is needed.  Here rev swaps adjacent bits, then bit
 * pairs, then nibbles (three mask-and-shift steps) and finishes with a byte swap; the line
 * masks are computed from the square (lines_inline.h), so there is no table at all.
 * galois-field.c is the same identity with the reversal done by GFNI in SIMD lanes.
 * Source: chessprogramming wiki, Subtracting a Rook from a Blocking Piece / Hyperbola
 * Quintessence (Gerd Isenberg, Aleks Peshkov); Chess_Movegen's Bitrotation (Daniel Inführ),
 * and the talkchess thread it cites on its speed on CUDA; written from the description. */
/* The lookups and the queen SB_DEFINE_LOOPS makes of them are always inlined: gcc found them
 * too large to inline into the stream and peer-random loops and called them there. */
#define SB_QUEEN_INLINE_ SB_ALWAYS_INLINE
#include "kernel.h"
#include "lines_inline.h"

/* Returns bb with its 64 bits in reverse order. */
static inline uint64_t br_reverse(uint64_t bb)
{
	bb = ((bb >> 1) & 0x5555555555555555ULL) | ((bb & 0x5555555555555555ULL) << 1);
	bb = ((bb >> 2) & 0x3333333333333333ULL) | ((bb & 0x3333333333333333ULL) << 2);
	bb = ((bb >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((bb & 0x0F0F0F0F0F0F0F0FULL) << 4);
	return __builtin_bswap64(bb);
}

/* Returns the attacks along `line` (slider excluded) of the slider `bit`, `bit_rev` being
 * its bit reversed. */
static inline uint64_t br_line(uint64_t occ, uint64_t line, uint64_t bit, uint64_t bit_rev)
{
	uint64_t o = occ & line;

	return ((o - bit) ^ br_reverse(br_reverse(o) - bit_rev)) & line;
}

/* Returns the rook attacks: rank and file. */
static SB_ALWAYS_INLINE uint64_t br_rook(unsigned sq, uint64_t occ)
{
	uint64_t bit = 1ULL << sq, bit_rev = 1ULL << (sq ^ 63);

	return br_line(occ, sb_il_rank(sq) ^ bit, bit, bit_rev) |
	       br_line(occ, sb_il_file(sq) ^ bit, bit, bit_rev);
}

/* Returns the bishop attacks: diagonal and anti-diagonal. */
static SB_ALWAYS_INLINE uint64_t br_bishop(unsigned sq, uint64_t occ)
{
	uint64_t bit = 1ULL << sq, bit_rev = 1ULL << (sq ^ 63);

	return br_line(occ, sb_il_diag(sq) ^ bit, bit, bit_rev) |
	       br_line(occ, sb_il_anti(sq) ^ bit, bit, bit_rev);
}

SB_DEFINE_LOOPS(br, br_rook, br_bishop)

static const struct sb_kernel bitrotation = {
	.abi_version = SB_ABI_VERSION,
	.name = "bitrotation",
	.family = "hyperbola",
	.description = "bit rotation: hyperbola quintessence on all 4 lines with a software 64-bit "
		       "bit reversal, masks computed, no tables (Chess_Movegen Bitrotation)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* No tables: masks are shifted constants. */
	.table_bytes = 0,
	.init = NULL,
	.rook = br_rook_ptr,
	.bishop = br_bishop_ptr,
	.run = br_run,
};
SB_REGISTER(bitrotation);
