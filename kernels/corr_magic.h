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

#define SB_CM_ROOK_SHIFT (64 - 12)
#define SB_CM_BISHOP_SHIFT (64 - 9)
#define SB_CM_ROOK_TERMS 7    /* set bits of every rook group magic */
#define SB_CM_BISHOP_TERMS 6  /* set bits of every bishop group magic */

/* Group magics: rook pairs (index sq >> 1), bishop ranks (index sq >> 3). */
extern const uint64_t sb_cm_rook_magic[32], sb_cm_bishop_magic[8];
/* The complements of lines.h's relevance masks (occ | notmask is the black-magic key). */
extern uint64_t sb_cm_rook_notmask[64], sb_cm_bishop_notmask[64];
/* The set bits of each group magic, lowest first: the spectral form of the multiply. */
extern uint8_t sb_cm_rook_bits[32][SB_CM_ROOK_TERMS], sb_cm_bishop_bits[8][SB_CM_BISHOP_TERMS];
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
