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

/* Returns key times magic as the sum of key shifted by each of magic's set bits.  At a square
 * known when compiling (sq: the peer loop's 64 constants; the magics are constants in
 * corr_magic.h) the shifts come from the magic itself and are immediates, as the peer's
 * constexpr bit lists are; elsewhere from the bit lists init() derived from the magics (bits,
 * less p, the square's place in its group). */
#define SM_SPECTRUM_(sq, key, magic, bits, p, terms, sum)                               \
	do {                                                                            \
		if (__builtin_constant_p(sq)) {                                         \
			uint64_t m_ = (magic);                                          \
			_Pragma("GCC unroll 7")                                         \
			for (int i_ = 0; i_ < (terms); i_++, m_ &= m_ - 1)              \
				(sum) += (key) << __builtin_ctzll(m_);                  \
		} else {                                                                \
			_Pragma("GCC unroll 7")                                         \
			for (int i_ = 0; i_ < (terms); i_++)                            \
				(sum) += (key) << ((bits)[i_] - (p));                   \
		}                                                                       \
	} while (0)

/* Returns the rook attacks: seven shifted keys summed, one load. */
static inline uint64_t sm_rook(unsigned sq, uint64_t occ)
{
	uint64_t key = occ | sb_cm_rook_notmask[sq], sum = 0;

	SM_SPECTRUM_(sq, key, sb_cm_rook_magic_of(sq), sb_cm_rook_bits[sq >> 1], sq & 1,
		     SB_CM_ROOK_TERMS, sum);
	return sb_cm_rook_att[sq][sum >> SB_CM_ROOK_SHIFT];
}

/* Returns the bishop attacks: six shifted keys summed, one load. */
static inline uint64_t sm_bishop(unsigned sq, uint64_t occ)
{
	uint64_t key = occ | sb_cm_bishop_notmask[sq], sum = 0;

	SM_SPECTRUM_(sq, key, sb_cm_bishop_magic_of(sq), sb_cm_bishop_bits[sq >> 3], sq & 7,
		     SB_CM_BISHOP_TERMS, sum);
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
