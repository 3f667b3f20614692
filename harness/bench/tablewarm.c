/* tablewarm.c - the whole-table sweep that makes "warm" mean the same with any company.
 *
 * A warm sample is settled by an untimed sample of the same kernel on another window.  For a
 * table larger than the L2's share that one window leaves, that is not enough: its random
 * occupancies reach most of the table but not all of it, and the timed window then reads the
 * rest from the last-level cache.  How much of the rest is still cached depends on what ran
 * between two samples of the kernel: on an Emerald Rapids guest, magic-fancy's peer loop ran
 * at 4.7 cycles a lookup with one other kernel in the sweep and at 7.1 with all 54.  Reading
 * every entry first makes the figure the kernel's own.
 */
#include "bench/tablewarm.h"
#include "kernels/lines.h"

int tablewarm_applies(const struct sb_kernel *k)
{
	return k->table_bytes >= TABLEWARM_MIN_BYTES && k->rook && k->bishop;
}

uint64_t tablewarm_sweep(const struct sb_kernel *k)
{
	uint64_t sum = 0;

	for (int bishop = 0; bishop < 2; bishop++) {
		sb_lookup_fn look = bishop ? k->bishop : k->rook;

		for (unsigned sq = 0; sq < 64; sq++) {
			uint64_t mask = bishop ? sb_bishop_mask[sq] : sb_rook_mask[sq], occ = 0;

			do {	/* every subset of mask, by the carry-rippler */
				sum ^= look(sq, occ);
				occ = (occ - mask) & mask;
			} while (occ);
		}
	}
	return sum;
}
