/* kgssb.c - Kindergarten Super SISSY Bitboards (Michael Sherwin, CCC talkchess t=81234,
 * start=30, January 2023; timed as "Kindergarten Super SISSY Bitboards" in Chess_Movegen):
 * per square and line a 64-entry table of final attack sets ("subsets", no mask after the
 * lookup), indexed by the line's six inner squares gathered kindergarten-style:
 *  - diagonal and anti-diagonal: (occ & inner line) * b2-b7 file >> 58 (files b..g on top);
 *  - rank: (occ >> (8 * rank + 1)) & 63;
 *  - file: the file shifted onto the a-file, masked to a2..a7, times the c2-h7 diagonal >> 58:
 *    one constant multiplier for every square.
 * That last index is what sets it apart from kindergarten-subset.c (Motor's layout, whose
 * file index takes a per-square multiplier c7-h2 >> file); the tables are the same shape,
 * 4 x 32 KiB, built by kg_tables.h's sb_kg_build_line. */
#define SB_PEER_RANDOM_UNROLL 12  /* a short lookup: the peer-random loop written out (kernel.h) */
#include "kernel.h"
#include "kg_tables.h"
#include "lines.h"

#define KGSSB_INNER 0x007E7E7E7E7E7E00ULL	/* the inner 6 x 6 board */
#define KGSSB_A2_A7 0x0001010101010100ULL
#define KGSSB_B2_B7 0x0002020202020200ULL

/* Each square's inner diagonal and anti-diagonal, read together. */
static uint64_t kgssb_mask[64][2] __attribute__((aligned(64)));
/* kgssb_sub[line * SB_KG_LINE_STRIDE + sq * 64 + i]: the subsets of lines.h's line kinds (not
 * exactly 32 KB apart: kg_tables.h says why), one table, so a lookup takes
 * sq's row once and each line's rows are a constant offset from it in the address (four
 * tables took four base registers and an add of the row per line). */
static uint64_t kgssb_sub[SB_LINES * SB_KG_LINE_STRIDE] __attribute__((aligned(64)));

/* Returns the file index: the file moved to the a-file, a2..a7 gathered by the c2-h7 diagonal. */
static inline unsigned kgssb_fidx(unsigned sq, uint64_t occ)
{
	return (unsigned)((((occ >> (sq & 7)) & KGSSB_A2_A7) * SB_KG_C2H7) >> 58);
}

/* Returns the rank index: the rank's inner six squares. */
static inline unsigned kgssb_ridx(unsigned sq, uint64_t occ)
{
	return (unsigned)(occ >> ((sq & 56) + 1)) & 63;
}

/* Returns the diagonal index: files b..g of the inner diagonal. */
static inline unsigned kgssb_didx(unsigned sq, uint64_t occ)
{
	return (unsigned)(((occ & kgssb_mask[sq][0]) * KGSSB_B2_B7) >> 58);
}

/* Returns the anti-diagonal index. */
static inline unsigned kgssb_aidx(unsigned sq, uint64_t occ)
{
	return (unsigned)(((occ & kgssb_mask[sq][1]) * KGSSB_B2_B7) >> 58);
}

/* Returns 0 once the masks and the four line tables are built (the second call is free). */
static int kgssb_init(void)
{
	static int done;

	if (done)
		return 0;
	sb_lines_init();
	for (unsigned sq = 0; sq < 64; sq++) {
		kgssb_mask[sq][0] = sb_line_ex[SB_DIAG][sq] & KGSSB_INNER;
		kgssb_mask[sq][1] = sb_line_ex[SB_ANTI][sq] & KGSSB_INNER;
	}
	if (sb_kg_build_line(&kgssb_sub[SB_FILE * SB_KG_LINE_STRIDE], 64, SB_FILE, kgssb_fidx, "kgssb") ||
	    sb_kg_build_line(&kgssb_sub[SB_RANK * SB_KG_LINE_STRIDE], 64, SB_RANK, kgssb_ridx, "kgssb") ||
	    sb_kg_build_line(&kgssb_sub[SB_DIAG * SB_KG_LINE_STRIDE], 64, SB_DIAG, kgssb_didx, "kgssb") ||
	    sb_kg_build_line(&kgssb_sub[SB_ANTI * SB_KG_LINE_STRIDE], 64, SB_ANTI, kgssb_aidx, "kgssb"))
		return -1;
	done = 1;
	return 0;
}

/* Returns entry i of line kind `kind`'s subsets, from a pointer to sq's first row. */
static inline uint64_t kgssb_at(const uint64_t *row, enum sb_line kind, unsigned i)
{
	return row[(size_t)kind * SB_KG_LINE_STRIDE + i];
}

/* Returns the rook attacks: rank subset | file subset. */
static inline uint64_t kgssb_rook(unsigned sq, uint64_t occ)
{
	const uint64_t *row = &kgssb_sub[(size_t)sq * 64];

	return kgssb_at(row, SB_RANK, kgssb_ridx(sq, occ)) |
	       kgssb_at(row, SB_FILE, kgssb_fidx(sq, occ));
}

/* Returns the bishop attacks: diagonal subset | anti-diagonal subset. */
static inline uint64_t kgssb_bishop(unsigned sq, uint64_t occ)
{
	const uint64_t *row = &kgssb_sub[(size_t)sq * 64];

	return kgssb_at(row, SB_DIAG, kgssb_didx(sq, occ)) |
	       kgssb_at(row, SB_ANTI, kgssb_aidx(sq, occ));
}

SB_DEFINE_LOOPS(kgssb, kgssb_rook, kgssb_bishop)

static const struct sb_kernel kgssb = {
	.abi_version = SB_ABI_VERSION,
	.name = "kgssb",
	.family = "kindergarten",
	.description = "Kindergarten Super SISSY Bitboards (Michael Sherwin): per-square 64-entry "
		       "line subsets, diagonals *b2-b7>>58, rank by shift, file shifted to a2-a7 "
		       "*c2-h7>>58 (talkchess t=81234; Chess_Movegen \"KGSSB\")",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof kgssb_mask + sizeof kgssb_sub,
	.init = kgssb_init,
	.rook = kgssb_rook_ptr,
	.bishop = kgssb_bishop_ptr,
	.run = kgssb_run,
};
SB_REGISTER(kgssb);
