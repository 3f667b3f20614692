/* pext-emulated.c - PEXT bitboards with pext done in software, so it runs everywhere: the
 * table and its layout are pext.c's (att[sq][pext(occ, mask)], 102,400 rook + 5,248 bishop
 * entries), the index comes from the textbook bit-by-bit loop over the mask (walk the mask's
 * set bits from the lowest; where occ has that bit, set the next output bit), as in Intel's
 * definition of PDEP/PEXT and the randombit.net "Haswell bit permutations" post; timed as
 * "Pext Emulated" in Chess_Movegen (Zach Wegner's PEXT bitboards, chessprogramming "BMI2").
 * The loop runs popcount(mask) times (5..12), so its exit branch follows the square. */
#include <stdio.h>

#include "kernel.h"
#include "lines.h"

#define PEMU_ROOK_ENTRIES 102400
#define PEMU_BISHOP_ENTRIES 5248

/* One square's lookup state, in the order the lookup reads it. */
struct pemu_sq {
	const uint64_t *att;
	uint64_t mask;
};

static struct pemu_sq pemu_rook_sq[64], pemu_bishop_sq[64];
static uint64_t pemu_tab[PEMU_ROOK_ENTRIES + PEMU_BISHOP_ENTRIES];

/* Returns 0 once every square's slice is built (the second call is free): entry i of a slice
 * holds the attacks for the i-th subset of the mask, which is what pext(subset, mask) gives. */
static int pemu_init(void)
{
	static int done;
	size_t next = 0;

	if (done)
		return 0;
	sb_lines_init();
	for (unsigned j = 0; j < 128; j++) {
		unsigned sq = j & 63, bishop = j >= 64;
		struct pemu_sq *s = bishop ? &pemu_bishop_sq[sq] : &pemu_rook_sq[sq];
		uint64_t mask = bishop ? sb_bishop_mask[sq] : sb_rook_mask[sq];
		size_t n = (size_t)1 << sb_popcount(mask);

		if (next + n > sizeof pemu_tab / sizeof pemu_tab[0]) {
			fprintf(stderr, "pext-emulated: init: table overrun at square %u\n", sq);
			return -1;
		}
		s->att = pemu_tab + next;
		s->mask = mask;
		for (size_t i = 0; i < n; i++) {
			uint64_t occ = sb_subset(mask, i);
			pemu_tab[next + i] = bishop ? sb_ref_bishop(sq, occ) : sb_ref_rook(sq, occ);
		}
		next += n;
	}
	done = 1;
	return 0;
}

/* Returns pext(occ, mask) computed bit by bit. */
static inline uint64_t pemu_pext(uint64_t occ, uint64_t mask)
{
	uint64_t idx = 0;

	for (uint64_t bit = 1; mask; mask &= mask - 1, bit += bit)
		idx |= (occ & mask & (0 - mask)) ? bit : 0;
	return idx;
}

/* Returns the rook attacks from sq: software pext, one load. */
static inline uint64_t pemu_rook(unsigned sq, uint64_t occ)
{
	return pemu_rook_sq[sq].att[pemu_pext(occ, pemu_rook_sq[sq].mask)];
}

/* Returns the bishop attacks from sq. */
static inline uint64_t pemu_bishop(unsigned sq, uint64_t occ)
{
	return pemu_bishop_sq[sq].att[pemu_pext(occ, pemu_bishop_sq[sq].mask)];
}

SB_DEFINE_LOOPS(pemu, pemu_rook, pemu_bishop)

static const struct sb_kernel pext_emulated = {
	.abi_version = SB_ABI_VERSION,
	.name = "pext-emulated",
	.family = "pext",
	.description = "PEXT bitboards with a software pext (bit-by-bit loop over the mask), "
		       "pext's 841 KB table, no BMI2 needed (randombit.net Haswell bit permutations; "
		       "Chess_Movegen \"Pext Emulated\")",
	.word_bits = 64,
	.branching = SB_CONDITIONAL,
	.table_bytes = sizeof pemu_rook_sq + sizeof pemu_bishop_sq + sizeof pemu_tab,
	.init = pemu_init,
	.rook = pemu_rook_ptr,
	.bishop = pemu_bishop_ptr,
	.run = pemu_run,
};
SB_REGISTER(pext_emulated);
