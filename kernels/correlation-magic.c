/* correlation-magic.c - correlation magics: black-magic style fixed-shift lookups,
 * att[sq][((occ | ~mask) * magic) >> (64 - 12)] for rooks (9 index bits for bishops), where a
 * group of neighbouring squares shares one magic, each square taking it shifted right by its
 * place in the group (rook pairs, bishop ranks): 40 magics for 128 lookups.  One 4096-entry
 * slice per rook square, one 512-entry slice per bishop square, not overlapped (2.25 MiB).
 * Tables, magics and their check are corr_magic.h's.
 * Source: Daniel Inführ's Correlationmagic in the Chess_Movegen comparison (the magics are
 * taken from there as facts and checked at init); black magics per the chessprogramming
 * wiki's Magic Bitboards page.  Written from the description. */
#include "corr_magic.h"
#define SB_PEER_RANDOM_UNROLL 12  /* a short lookup: the peer-random loop written out (kernel.h) */
#include "kernel.h"

/* Returns the rook attacks: one multiply by the pair's shifted magic, one load. */
static inline uint64_t cm_rook(unsigned sq, uint64_t occ)
{
	uint64_t key = occ | sb_cm_rook_notmask[sq];

	return sb_cm_rook_att[sq][(key * sb_cm_rook_magic_of(sq)) >> SB_CM_ROOK_SHIFT];
}

/* Returns the bishop attacks: one multiply by the rank's shifted magic, one load. */
static inline uint64_t cm_bishop(unsigned sq, uint64_t occ)
{
	uint64_t key = occ | sb_cm_bishop_notmask[sq];

	return sb_cm_bishop_att[sq][(key * sb_cm_bishop_magic_of(sq)) >> SB_CM_BISHOP_SHIFT];
}

SB_DEFINE_LOOPS(cm, cm_rook, cm_bishop)

static const struct sb_kernel correlation_magic = {
	.abi_version = SB_ABI_VERSION,
	.name = "correlation-magic",
	.family = "magic",
	.description = "correlation magics (Inführ): fixed-shift black magics shared by square "
		       "groups, shifted per square, 2.25 MiB (Chess_Movegen Correlationmagic)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	/* The slices, the complemented masks and the group magics (not the spectral bit lists,
	 * which only spectral-magic reads). */
	.table_bytes = sizeof sb_cm_rook_att + sizeof sb_cm_bishop_att + sizeof sb_cm_rook_notmask +
		       sizeof sb_cm_bishop_notmask + sizeof sb_cm_rook_magic + sizeof sb_cm_bishop_magic,
	.init = sb_cm_init,
	.rook = cm_rook_ptr,
	.bishop = cm_bishop_ptr,
	.run = cm_run,
};
SB_REGISTER(correlation_magic);
