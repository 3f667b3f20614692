/* spectral-magic.c - spectral magics: correlation-magic.c's lookups with the multiply spelled
 * out as its "spectrum": every group magic has exactly 7 (rook) or 6 (bishop) set bits, so
 * key * (magic >> p) is the sum of key shifted left by each set bit's position minus p; the
 * lookup adds those 7 or 6 shifted keys (no multiplier) and takes the top 12 (9) bits as the
 * index into the same slices.  The bit positions are a byte each per group.
 * Tables, magics, bit lists and their check are corr_magic.h's.
 * Source: Daniel Inführ's Spectralmagic in the Chess_Movegen comparison (the magics are taken
 * from there as facts and checked at init); written from the description. */
#include "corr_magic.h"
#include "kernel.h"

/* Returns the rook attacks: seven shifted keys summed, one load. */
static inline uint64_t sm_rook(unsigned sq, uint64_t occ)
{
	uint64_t key = occ | sb_cm_rook_notmask[sq], sum = 0;
	const uint8_t *bits = sb_cm_rook_bits[sq >> 1];
	unsigned p = sq & 1;

#pragma GCC unroll 7
	for (int i = 0; i < SB_CM_ROOK_TERMS; i++)
		sum += key << (bits[i] - p);
	return sb_cm_rook_att[sq][sum >> SB_CM_ROOK_SHIFT];
}

/* Returns the bishop attacks: six shifted keys summed, one load. */
static inline uint64_t sm_bishop(unsigned sq, uint64_t occ)
{
	uint64_t key = occ | sb_cm_bishop_notmask[sq], sum = 0;
	const uint8_t *bits = sb_cm_bishop_bits[sq >> 3];
	unsigned p = sq & 7;

#pragma GCC unroll 6
	for (int i = 0; i < SB_CM_BISHOP_TERMS; i++)
		sum += key << (bits[i] - p);
	return sb_cm_bishop_att[sq][sum >> SB_CM_BISHOP_SHIFT];
}

SB_DEFINE_LOOPS(sm, sm_rook, sm_bishop)

static const struct sb_kernel spectral_magic = {
	.abi_version = SB_ABI_VERSION,
	.name = "spectral-magic",
	.family = "magic",
	.description = "spectral magics (Inführ): correlation magics with the multiply as 7 (6) "
		       "shifted adds of the key, no multiplier (Chess_Movegen Spectralmagic)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* The slices, the complemented masks and the bit lists (not the magics themselves). */
	.table_bytes = sizeof sb_cm_rook_att + sizeof sb_cm_bishop_att + sizeof sb_cm_rook_notmask +
		       sizeof sb_cm_bishop_notmask + sizeof sb_cm_rook_bits + sizeof sb_cm_bishop_bits,
	.init = sb_cm_init,
	.rook = sm_rook_ptr,
	.bishop = sm_bishop_ptr,
	.run = sm_run,
};
SB_REGISTER(spectral_magic);
