/* corr_magic.h - the tables shared by correlation-magic.c and spectral-magic.c: Daniel
 * Inführ's "correlation magics", black-magic style fixed-shift lookups (index = ((occ | ~mask)
 * * magic) >> (64 - bits), 12 bits for rooks, 9 for bishops, one 4096- or 512-entry slice per
 * square) in which neighbouring squares share one magic: a rook pair (sq >> 1) or a bishop
 * rank (sq >> 3) uses the group's magic shifted right by the square's place in the group
 * (sq & 1, sq & 7).  Every magic has exactly 7 (rook) or 6 (bishop) set bits, which is what
 * lets spectral-magic.c replace the multiply by that many shifts and adds.
 * The 40 group magics are facts taken from the Chess_Movegen comparison (Correlationmagic);
 * sb_cm_init() builds the slices from the reference walk and checks that no two occupancies
 * with different attack sets share a slot, so a wrong magic fails init, never a lookup.
 * Call sb_cm_init() (idempotent) before reading the tables.
 */
#ifndef SB_CORR_MAGIC_H
#define SB_CORR_MAGIC_H

#include <stdint.h>

#include "lines.h"

#define SB_CM_ROOK_SHIFT (64 - 12)
#define SB_CM_BISHOP_SHIFT (64 - 9)
#define SB_CM_ROOK_TERMS 7    /* set bits of every rook group magic */
#define SB_CM_BISHOP_TERMS 6  /* set bits of every bishop group magic */

/* Group magics: rook pairs (index sq >> 1), bishop ranks (index sq >> 3).  Constants here,
 * as lines.h's masks are, so that at a square known when compiling (the peer loop's) a
 * lookup's magic, and spectral-magic.c's bit positions, are immediates. */
static const uint64_t sb_cm_rook_magic[32] = {
	0x0080001020400086ULL, 0x0010001104082002ULL, 0x0010104102040800ULL, 0x0100004081000E00ULL,
	0x0000080C18408000ULL, 0x00000C081020000CULL, 0x00000C0025020800ULL, 0x00000D0010408200ULL,
	0x0000100203061000ULL, 0x0000040080102340ULL, 0x0000010002040870ULL, 0x000000400080C184ULL,
	0x0000008F80004000ULL, 0x00000043D0002000ULL, 0x00000020E0030400ULL, 0x0000001030010540ULL,
	0x000001020D100080ULL, 0x0000002083600008ULL, 0x0000001150A00200ULL, 0x000000020E300100ULL,
	0x0000008008079000ULL, 0x0000001021C21000ULL, 0x0000001020815002ULL, 0x0000000404582002ULL,
	0x0000008000400F80ULL, 0x000000100021C210ULL, 0x000000040008E410ULL, 0x0000000100061920ULL,
	0x0000102040810202ULL, 0x00000200081020C2ULL, 0x0000008408102082ULL, 0x0000002061020804ULL,
};
static const uint64_t sb_cm_bishop_magic[8] = {
	0x0001004100410100ULL, 0x0000010040910100ULL, 0x0001000202020280ULL, 0x0008200040104100ULL,
	0x0004100400400C00ULL, 0x0002008060800400ULL, 0x0000808080808800ULL, 0x0002020202002200ULL,
};

/* The complements of lines.h's relevance masks (occ | notmask is the black-magic key). */
#define SB_CM_ROOK_NOTMASK_C_(sq) (~SB_ROOK_MASK_C_(sq))
#define SB_CM_BISHOP_NOTMASK_C_(sq) (~SB_BISHOP_MASK_C_(sq))
static const uint64_t sb_cm_rook_notmask[64] = SB_SQ64_(SB_CM_ROOK_NOTMASK_C_);
static const uint64_t sb_cm_bishop_notmask[64] = SB_SQ64_(SB_CM_BISHOP_NOTMASK_C_);
/* The set bits of each group magic, lowest first: the spectral form of the multiply.  Rows of
 * 8 bytes (7 and 6 used), so a group's row is at its index scaled by 8 in the load's address:
 * rows of 7 and 6 cost gcc two address instructions per lookup each, and spectral-magic's
 * peer-random loop ran 1.12-1.17x faster with rows of 8 on an Emerald Rapids core. */
extern uint8_t sb_cm_rook_bits[32][8], sb_cm_bishop_bits[8][8];
/* The attack slices, one per square. */
extern uint64_t sb_cm_rook_att[64][4096], sb_cm_bishop_att[64][512];

/* Returns 0 once the tables are built and checked, -1 (with a message) if a magic fails. */
int sb_cm_init(void);

/* Returns the rook magic of sq: its group's shifted right by sq's place in the group. */
static inline uint64_t sb_cm_rook_magic_of(unsigned sq)
{
	return sb_cm_rook_magic[sq >> 1] >> (sq & 1);
}

/* Returns the bishop magic of sq. */
static inline uint64_t sb_cm_bishop_magic_of(unsigned sq)
{
	return sb_cm_bishop_magic[sq >> 3] >> (sq & 7);
}

#endif /* SB_CORR_MAGIC_H */
