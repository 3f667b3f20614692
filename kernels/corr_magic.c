/* corr_magic.c - builds and checks the correlation-magic tables (see corr_magic.h). */
#include <stdio.h>

#include "corr_magic.h"
#include "lines.h"

uint8_t sb_cm_rook_bits[32][8], sb_cm_bishop_bits[8][8];
uint64_t sb_cm_rook_att[64][4096], sb_cm_bishop_att[64][512];

/* Returns 0 after writing magic's set bits (exactly n of them) to bits[], lowest first. */
static int cm_bits(uint64_t magic, uint8_t *bits, unsigned n)
{
	if (sb_popcount(magic) != n)
		return -1;
	for (unsigned i = 0; magic; i++, magic &= magic - 1)
		bits[i] = (uint8_t)sb_lsb(magic);
	return 0;
}

/* Returns 0 after filling sq's slice (bishop or rook); -1 if two occupancies with different
 * attack sets meet in one slot (the magic does not work with these masks). */
static int cm_square(unsigned sq, int bishop)
{
	uint64_t mask = bishop ? sb_bishop_mask[sq] : sb_rook_mask[sq];
	uint64_t magic = bishop ? sb_cm_bishop_magic_of(sq) : sb_cm_rook_magic_of(sq);
	unsigned shift = bishop ? SB_CM_BISHOP_SHIFT : SB_CM_ROOK_SHIFT;
	uint64_t *slice = bishop ? sb_cm_bishop_att[sq] : sb_cm_rook_att[sq];
	uint64_t n = 1ULL << sb_popcount(mask);

	for (uint64_t i = 0; i < n; i++) {
		uint64_t occ = sb_subset(mask, i);
		uint64_t att = bishop ? sb_ref_bishop(sq, occ) : sb_ref_rook(sq, occ);
		uint64_t *slot = &slice[((occ | ~mask) * magic) >> shift];

		if (*slot && *slot != att) {
			fprintf(stderr, "corr_magic: init: %s square %u: magic 0x%016llx collides\n",
				bishop ? "bishop" : "rook", sq, (unsigned long long)magic);
			return -1;
		}
		*slot = att;	/* an attack set is never empty: 0 marks a free slot */
	}
	return 0;
}

int sb_cm_init(void)
{
	static int done;

	if (done)
		return 0;
	sb_lines_init();
	for (unsigned g = 0; g < 32; g++)
		if (cm_bits(sb_cm_rook_magic[g], sb_cm_rook_bits[g], SB_CM_ROOK_TERMS) < 0 ||
		    sb_cm_rook_bits[g][0] < 1)  /* the spectral form shifts by bit - (sq & 1) */
			return -1;
	for (unsigned g = 0; g < 8; g++)
		if (cm_bits(sb_cm_bishop_magic[g], sb_cm_bishop_bits[g], SB_CM_BISHOP_TERMS) < 0 ||
		    sb_cm_bishop_bits[g][0] < 7)  /* the spectral form shifts by bit - (sq & 7) */
			return -1;
	for (unsigned sq = 0; sq < 64; sq++) {
		if (cm_square(sq, 0) < 0 || cm_square(sq, 1) < 0)
			return -1;
	}
	done = 1;
	return 0;
}
