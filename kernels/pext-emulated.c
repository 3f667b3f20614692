/* pext-emulated.c - PEXT bitboards with pext done in software, so it runs everywhere: the
 * table and its layout are pext.c's (att[sq][pext(occ, mask)], 102,400 rook + 5,248 bishop
 * entries), the index comes from the textbook bit-by-bit loop over the mask (walk the mask's
 * set bits from the lowest; where occ has that bit, set the next output bit), as in Intel's
 * definition of PDEP/PEXT and the randombit.net "Haswell bit permutations" post; timed as
 * "Pext Emulated" in Chess_Movegen (Zach Wegner's PEXT bitboards, chessprogramming "BMI2").
 * The loop (pext_layout.h's sb_pext_soft) runs popcount(mask) times (5..12), so its exit
 * branch follows the square. */
#include "kernel.h"
#include "pext_layout.h"

static struct sb_pext_slice pemu_rook_sq[64], pemu_bishop_sq[64];
static uint64_t pemu_tab[SB_PEXT_ENTRIES];

/* Returns 0 once the pext layout is built (the second call is free). */
static int pemu_init(void)
{
	static int done;

	if (done)
		return 0;
	if (sb_pext_layout_fill(pemu_tab, pemu_rook_sq, pemu_bishop_sq, "pext-emulated") < 0)
		return -1;
	done = 1;
	return 0;
}

/* Returns the rook attacks from sq: software pext, one load. */
static inline uint64_t pemu_rook(unsigned sq, uint64_t occ)
{
	return pemu_rook_sq[sq].att[sb_pext_soft(occ, pemu_rook_sq[sq].mask)];
}

/* Returns the bishop attacks from sq. */
static inline uint64_t pemu_bishop(unsigned sq, uint64_t occ)
{
	return pemu_bishop_sq[sq].att[sb_pext_soft(occ, pemu_bishop_sq[sq].mask)];
}

SB_DEFINE_LOOPS(pemu, pemu_rook, pemu_bishop)

static const struct sb_kernel pext_emulated = {
	.abi_version = SB_ABI_VERSION,
	.name = "pext-emulated",
	.family = "pext",
	.description = "PEXT bitboards with a software pext (bit-by-bit loop over the mask), "
		       "pext's 841 KB table, no BMI2 needed (randombit.net Haswell bit "
		       "permutations; Chess_Movegen \"Pext Emulated\")",
	.word_bits = 64,
	.branching = SB_CONDITIONAL,
	.table_bytes = sizeof pemu_rook_sq + sizeof pemu_bishop_sq + sizeof pemu_tab,
	.init = pemu_init,
	.rook = pemu_rook_ptr,
	.bishop = pemu_bishop_ptr,
	.run = pemu_run,
};
SB_REGISTER(pext_emulated);
