/* pext_layout.c - the PEXT table layout shared by pext-emulated and hypercube (see the .h). */
#include <stdio.h>

#include "lines.h"
#include "pext_layout.h"

int sb_pext_layout_fill(uint64_t *tab, struct sb_pext_slice rook[64],
			struct sb_pext_slice bishop[64], const char *who)
{
	size_t next = 0;

	sb_lines_init();
	for (unsigned j = 0; j < 128; j++) {
		unsigned sq = j & 63, is_bishop = j >= 64;
		struct sb_pext_slice *s = is_bishop ? &bishop[sq] : &rook[sq];
		uint64_t mask = is_bishop ? sb_bishop_mask[sq] : sb_rook_mask[sq];
		size_t n = (size_t)1 << sb_popcount(mask);

		if (next + n > SB_PEXT_ENTRIES) {
			fprintf(stderr, "%s: init: pext table overrun at square %u\n", who, sq);
			return -1;
		}
		s->att = tab + next;
		s->mask = mask;
		for (size_t i = 0; i < n; i++) {
			uint64_t occ = sb_subset(mask, i);

			tab[next + i] = is_bishop ? sb_ref_bishop(sq, occ) : sb_ref_rook(sq, occ);
		}
		next += n;
	}
	return 0;
}
