/* split-pext.c - split PEXT: one pext per line instead of one per piece, so each line's index
 * is at most 6 bits and every square's tables are 64 entries per line (128 KiB in all, against
 * pext's 841 KB).  Files and both diagonals take _pext_u64(occ, inner squares of the line);
 * the rank takes the kindergarten shift, (occ >> (8 * rank + 1)) & 63, as pext buys nothing
 * within one byte.  The idea (pext per ray to densify the table, Daniel Infuehr 2020 and Thomas
 * Jahn 2022; the shifted rank index from Michael Sherwin's split index) is from the CCC thread
 * talkchess t=79049 (start=340), timed as "Split Pext" in Chess_Movegen.  Compiled with a
 * target("bmi2") pragma as pext.c is; unavailable() says where the CPU lacks BMI2.  In a
 * 32-bit build the index is two _pext_u32 joined at popcount(low half of the mask). */
#define SB_PEER_RANDOM_UNROLL 12  /* a short lookup: the peer-random loop written out (kernel.h) */
#include "kernel.h"
#include "lines.h"
#include "kg_tables.h"

#include "isa.h"
#if SB_X86
#include <immintrin.h>
#endif

enum { SPEXT_FILE, SPEXT_DIAG, SPEXT_ANTI, SPEXT_PEXT_LINES };

/* spext_mask[line][sq]: a pext line's inner squares; spext_lo[line][sq]: how many of them
 * are in the low half (the 32-bit build's join).  Two arrays, not one of pairs: with 16-byte
 * pairs gcc's random-squares loop scaled the square three times per lookup. */
static uint64_t spext_mask[SPEXT_PEXT_LINES][64];
static uint8_t spext_lo[SPEXT_PEXT_LINES][64];
/* spext_att[line * SB_KG_LINE_STRIDE + sq * 64 + index]: sq's attacks along the line (rank:
 * SB_RANK); kg_tables.h says why the line kinds are not exactly 32 KB apart. */
static uint64_t spext_att[SB_LINES * SB_KG_LINE_STRIDE] __attribute__((aligned(64)));

/* Returns the table row of lines.h's line kind for one of our pext lines. */
static enum sb_line spext_kind(unsigned line)
{
	return line == SPEXT_FILE ? SB_FILE : line == SPEXT_DIAG ? SB_DIAG : SB_ANTI;
}

/* Returns 0 once masks and tables are built (the second call is free).  Entry i of a pext line
 * is the i-th subset of its mask, which is what pext(subset, mask) gives. */
static int spext_init(void)
{
	static int done;

	if (done)
		return 0;
	sb_lines_init();
	for (unsigned sq = 0; sq < 64; sq++) {
		for (unsigned line = 0; line < SPEXT_PEXT_LINES; line++) {
			enum sb_line kind = spext_kind(line);
			uint64_t inner = sb_line_ex[kind][sq] &
					 (kind == SB_FILE ? sb_rook_mask[sq] : sb_bishop_mask[sq]);
			uint64_t n = 1ULL << sb_popcount(inner);

			spext_mask[line][sq] = inner;
			spext_lo[line][sq] = (uint8_t)sb_popcount(inner & 0xFFFFFFFFULL);
			for (uint64_t i = 0; i < n; i++) {
				uint64_t occ = sb_subset(inner, i);
				uint64_t att = kind == SB_FILE ? sb_ref_rook(sq, occ) :
					       sb_ref_bishop(sq, occ);

				spext_att[kind * SB_KG_LINE_STRIDE + sq * 64 + i] = att & sb_line_ex[kind][sq];
			}
		}
		for (uint64_t o = 0; o < 64; o++)
			spext_att[SB_RANK * SB_KG_LINE_STRIDE + sq * 64 + o] = sb_ref_rook(sq, o << ((sq & 56) + 1)) &
						    sb_line_ex[SB_RANK][sq];
	}
	done = 1;
	return 0;
}

/* Returns why this CPU cannot run the kernel, or NULL. */
static const char *spext_unavailable(void)
{
#if SB_X86
	__builtin_cpu_init();
	return __builtin_cpu_supports("bmi2") ? NULL : "needs BMI2";
#else
	return SB_NEEDS_X86("BMI2");
#endif
}

#if SB_X86 && defined(__clang__)
#pragma clang attribute push(__attribute__((target("bmi2"))), apply_to = function)
#elif SB_X86
#pragma GCC push_options
#pragma GCC target("bmi2")
#endif

/* Returns the dense index of occ's bits under pext line `line`'s inner squares of sq. */
static inline uint64_t spext_index(unsigned line, unsigned sq, uint64_t occ)
{
	uint64_t mask = spext_mask[line][sq];
#if defined(__x86_64__)
	return _pext_u64(occ, mask);
#elif defined(__i386__)
	return _pext_u32((uint32_t)occ, (uint32_t)mask) |
	       _pext_u32((uint32_t)(occ >> 32), (uint32_t)(mask >> 32)) << spext_lo[line][sq];
#else
	uint64_t idx = 0, bit = 1;	/* never run (unavailable): keeps the file building */
	(void)spext_lo;
	for (uint64_t r = mask; r; r &= r - 1, bit <<= 1)
		idx |= occ & r & (0 - r) ? bit : 0;
	return idx;
#endif
}

/* Returns sq's attacks along line kind `kind` at index i, from a pointer to sq's row of the
 * first line kind: the line's offset is then a constant in the address and the index its
 * scaled register (indexing spext_att[kind][sq][i] directly, gcc added sq's row and the
 * line's offset per line with an lea of its own). */
static inline uint64_t spext_at(const uint64_t *row, enum sb_line kind, uint64_t i)
{
	return row[(size_t)kind * SB_KG_LINE_STRIDE + i];
}

/* Returns the rook attacks: the file by pext, the rank by the shifted byte. */
static inline uint64_t spext_rook(unsigned sq, uint64_t occ)
{
	const uint64_t *row = &spext_att[(size_t)sq * 64];

	return spext_at(row, SB_FILE, spext_index(SPEXT_FILE, sq, occ)) |
	       spext_at(row, SB_RANK, (occ >> ((sq & 56) + 1)) & 63);
}

/* Returns the bishop attacks: each diagonal by its own pext. */
static inline uint64_t spext_bishop(unsigned sq, uint64_t occ)
{
	const uint64_t *row = &spext_att[(size_t)sq * 64];

	return spext_at(row, SB_DIAG, spext_index(SPEXT_DIAG, sq, occ)) |
	       spext_at(row, SB_ANTI, spext_index(SPEXT_ANTI, sq, occ));
}

SB_DEFINE_LOOPS(spext, spext_rook, spext_bishop)

#if SB_X86 && defined(__clang__)
#pragma clang attribute pop
#elif SB_X86
#pragma GCC pop_options
#endif

static const struct sb_kernel split_pext = {
	.abi_version = SB_ABI_VERSION,
	.name = "split-pext",
	.family = "pext",
	.description = "BMI2 split PEXT: one pext per file/diagonal into 64-entry line tables, rank by "
		       "shifted byte, 130 KiB (talkchess t=79049, Infuehr/Jahn/Sherwin; "
		       "Chess_Movegen \"Split Pext\")",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof spext_mask + sizeof spext_att,	/* spext_lo: 32-bit build only */
	.init = spext_init,
	.unavailable = spext_unavailable,
	.rook = spext_rook_ptr,
	.bishop = spext_bishop_ptr,
	.run = spext_run,
	.needs = "BMI2",
};
SB_REGISTER(split_pext);
