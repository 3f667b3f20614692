/* osborne-compressed.c - Grant Osborne's magic compression of kindergarten file attacks
 * (seed kindergarten-bitboards.txt, "Magic Compression"): the file occupancy, shifted to the
 * A-file, is multiplied by a per-rank magic whose carries make constructive collisions, giving
 * 4- or 5-bit indices ({5,4,4,5,5,4,4,5} by rank, as the page gives) into 1.5 KB of A-file
 * attack tables reached through an array of pointers; the right shift (59 or 60) rides in
 * the magic's upper six bits, which the product never reads.  The magics come from our own
 * fixed-seed local search (sb_magic_search_local in kernels/magic_search.c: random sparse
 * candidates almost never fit 4 bits), exact against the reference attack sets.  For a3 it
 * finds 0xF080CD15CCD7FEFC, the shape of the page's 0xF2808817CAD6FF0C (shift 60 on top, a
 * dense body below), which passes the same check with the same key mask.
 * Ranks and diagonals are plain kindergarten: masked line * B-file >> 58 indexes the
 * first-rank table (8 copies per entry), masked back by the line.
 * The key is the file moved to the A-file and masked to its inner squares other than the
 * rook's own (five or six bits: the page's a3 example has five), so the magic, the mask and
 * the table pointer depend only on the rank: one struct per rank. */
#include <stdio.h>

#define SB_PEER_RANDOM_UNROLL 12  /* a short lookup: the peer-random loop written out (kernel.h) */
#include "kernel.h"
#include "lines.h"
#include "magic_search.h"

#define OSB_INNER_A 0x0001010101010100ULL	/* a2..a7: the file's inner six squares */
#define OSB_SHIFT_BITS 58			/* the stored shift lives in bits 58..63 */
#define OSB_FREE_BITS 0xFF00000000000000ULL	/* bits no key reaches below bit 64 */
#define OSB_SEED 0x05B0E2EULL
#define OSB_MAX_EVALS 50000000UL
#define OSB_ENTRIES (32 + 16 + 16 + 32 + 32 + 16 + 16 + 32)

/* Index bits per rank of the rook, from the seed page. */
static const unsigned OSB_BITS[8] = { 5, 4, 4, 5, 5, 4, 4, 5 };

/* One rank's file lookup, in the order the lookup reads it. */
struct osb_rank {
	uint64_t magic;		/* the shift in bits 58..63 */
	uint64_t mask;		/* a2..a7 without the rook's own rank */
	const uint64_t *att;	/* this rank's slice of osb_file_tab */
};

static struct osb_rank osb_ranks[8];
static uint64_t osb_file_tab[OSB_ENTRIES];	/* A-file attack sets, 1.5 KB */
static uint64_t osb_fill[8][64];		/* [file][inner 6 bits]: first rank x 8 */

/* Returns 0 after finding rank r's file magic and filling its slice from *next on (which it
 * advances); -1 when the search failed. */
static int osb_rank(unsigned r, size_t *next)
{
	uint64_t key[64], att[64], m, mask = OSB_INNER_A & ~(1ULL << 8 * r);
	struct sb_magic_rng rng;
	struct sb_magic_job job = { .key = key, .att = att, .n = 1u << sb_popcount(mask),
				    .shift = 64 - OSB_BITS[r], .clear = OSB_FREE_BITS };
	uint64_t *slice = osb_file_tab + *next;

	for (unsigned i = 0; i < job.n; i++) {
		key[i] = sb_subset(mask, i);
		att[i] = sb_ref_rook(8 * r, key[i]) & SB_FILE_A;
	}
	sb_magic_seed(&rng, OSB_SEED + r);
	if (sb_magic_search_local(&job, &rng, OSB_MAX_EVALS, &m) < 0) {
		fprintf(stderr, "osborne-compressed: init: no %u-bit file magic for rank %u\n",
			OSB_BITS[r], r + 1);
		return -1;
	}
	osb_ranks[r] = (struct osb_rank){ m | (uint64_t)job.shift << OSB_SHIFT_BITS, mask, slice };
	for (unsigned i = 0; i < job.n; i++)
		slice[(key[i] * m) >> job.shift] = att[i];
	*next += 1u << OSB_BITS[r];
	return 0;
}

/* Returns 0 once the file magics and both tables are built (the second call is free). */
static int osb_init(void)
{
	static int done;
	size_t next = 0;

	if (done)
		return 0;
	sb_lines_init();
	for (unsigned f = 0; f < 8; f++)
		for (unsigned occ6 = 0; occ6 < 64; occ6++)
			osb_fill[f][occ6] = (sb_ref_rook(f, (uint64_t)occ6 << 1) & SB_RANK_1) *
					    SB_FILE_A;
	for (unsigned r = 0; r < 8; r++)
		if (osb_rank(r, &next) < 0)
			return -1;
	done = 1;
	return 0;
}

/* Returns the file attacks from sq: the file moved to the A-file, the per-rank magic with
 * its own shift, the A-file attack set moved back. */
static inline uint64_t osb_file(unsigned sq, uint64_t occ)
{
	const struct osb_rank *k = &osb_ranks[sq >> 3];
	unsigned f = sq & 7;

	return k->att[(((occ >> f) & k->mask) * k->magic) >> (k->magic >> OSB_SHIFT_BITS)] << f;
}

/* Returns the attacks along a rank or diagonal `line` through sq (kindergarten). */
static inline uint64_t osb_line(unsigned sq, uint64_t occ, uint64_t line)
{
	return osb_fill[sq & 7][((occ & line) * SB_FILE_B) >> 58] & line;
}

/* Returns the rook attacks from sq. */
static inline uint64_t osb_rook(unsigned sq, uint64_t occ)
{
	return osb_file(sq, occ) | osb_line(sq, occ, sb_line_ex[SB_RANK][sq]);
}

/* Returns the bishop attacks from sq. */
static inline uint64_t osb_bishop(unsigned sq, uint64_t occ)
{
	return osb_line(sq, occ, sb_line_ex[SB_DIAG][sq]) |
	       osb_line(sq, occ, sb_line_ex[SB_ANTI][sq]);
}

SB_DEFINE_LOOPS(osb, osb_rook, osb_bishop)

static const struct sb_kernel osborne_compressed = {
	.abi_version = SB_ABI_VERSION,
	.name = "osborne-compressed",
	.family = "magic",
	.description = "Osborne's magic compression: per-rank file magics, 4/5-bit index,, shift "
		       "in the magic's top bits, 1.5 KB file tables via pointers; kindergarten "
		       "ranks/diagonals (kindergarten-bitboards.txt)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof osb_ranks + sizeof osb_file_tab +
		       sizeof osb_fill + 3 * sizeof sb_line_ex[0],
	.init = osb_init,
	.rook = osb_rook_ptr,
	.bishop = osb_bishop_ptr,
	.run = osb_run,
};
SB_REGISTER(osborne_compressed);
