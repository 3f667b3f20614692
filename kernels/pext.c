/* pext.c - BMI2 PEXT bitboards: _pext_u64(occ, mask) packs the relevant occupancy into a dense
 * index, so the per-square slices of one shared table are exactly 2^popcount(mask) long as in
 * fancy magic (102,400 rook + 5,248 bishop entries), with no multiply and no magic (PEXT
 * bitboards, chessprogramming "BMI2" page).  The lookups and the loops are compiled
 * with a target("bmi2") pragma, so one -march build runs everywhere; unavailable() says where
 * the CPU lacks BMI2.  In a 32-bit build _pext_u64 does not exist: the index is two
 * _pext_u32 (low and high half of the board) joined at popcount(low half of the mask). */
#include <stdio.h>

#include "kernel.h"
#include "lines.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define PEXT_X86 1
#else
#define PEXT_X86 0
#endif

#define PEXT_ROOK_ENTRIES 102400
#define PEXT_BISHOP_ENTRIES 5248

/* One square's lookup state, in the order the lookup reads it. */
struct pext_sq {
	const uint64_t *att;
	uint64_t mask;
	unsigned lo_bits;	/* popcount of the mask's low 32 bits (the 32-bit build's join) */
};

static struct pext_sq pext_rook_sq[64], pext_bishop_sq[64];
static uint64_t pext_tab[PEXT_ROOK_ENTRIES + PEXT_BISHOP_ENTRIES];

/* Returns 0 after filling sq's slice from *next on (which it advances): entry i holds the
 * attacks for the i-th subset of the mask, which is exactly what pext(subset, mask) gives. */
static int pext_square(unsigned sq, int bishop, size_t *next)
{
	struct pext_sq *s = bishop ? &pext_bishop_sq[sq] : &pext_rook_sq[sq];
	uint64_t mask = bishop ? sb_bishop_mask[sq] : sb_rook_mask[sq];
	size_t n = (size_t)1 << sb_popcount(mask);

	if (*next + n > sizeof pext_tab / sizeof pext_tab[0]) {
		fprintf(stderr, "pext: init: table overrun at square %u\n", sq);
		return -1;
	}
	s->att = pext_tab + *next;
	s->mask = mask;
	s->lo_bits = sb_popcount(mask & 0xFFFFFFFFULL);
	for (size_t i = 0; i < n; i++) {
		uint64_t occ = sb_subset(mask, i);
		pext_tab[*next + i] = bishop ? sb_ref_bishop(sq, occ) : sb_ref_rook(sq, occ);
	}
	*next += n;
	return 0;
}

/* Returns 0 once every slice is built (the second call is free). */
static int pext_init(void)
{
	static int done;
	size_t next = 0;

	if (done)
		return 0;
	sb_lines_init();
	for (int bishop = 0; bishop < 2; bishop++)
		for (unsigned sq = 0; sq < 64; sq++)
			if (pext_square(sq, bishop, &next) < 0)
				return -1;
	done = 1;
	return 0;
}

/* Returns why this CPU cannot run the kernel, or NULL. */
static const char *pext_unavailable(void)
{
#if PEXT_X86
	__builtin_cpu_init();
	return __builtin_cpu_supports("bmi2") ? NULL : "needs BMI2";
#else
	return "needs x86 BMI2";
#endif
}

#if PEXT_X86 && defined(__clang__)
#pragma clang attribute push(__attribute__((target("bmi2"))), apply_to = function)
#elif PEXT_X86
#pragma GCC push_options
#pragma GCC target("bmi2")
#endif

/* Returns the dense index of occ's bits under s->mask. */
static inline uint64_t pext_index(const struct pext_sq *s, uint64_t occ)
{
#if defined(__x86_64__)
	return _pext_u64(occ, s->mask);
#elif defined(__i386__)
	return _pext_u32((uint32_t)occ, (uint32_t)s->mask) |
	       _pext_u32((uint32_t)(occ >> 32), (uint32_t)(s->mask >> 32)) << s->lo_bits;
#else
	uint64_t idx = 0, bit = 1;	/* never run (unavailable): keeps the file building */
	for (uint64_t m = s->mask; m; m &= m - 1, bit <<= 1)
		idx |= occ & m & (0 - m) ? bit : 0;
	return idx;
#endif
}

/* Returns the rook attacks from sq: one pext, one load. */
static inline uint64_t pext_rook(unsigned sq, uint64_t occ)
{
	return pext_rook_sq[sq].att[pext_index(&pext_rook_sq[sq], occ)];
}

/* Returns the bishop attacks from sq. */
static inline uint64_t pext_bishop(unsigned sq, uint64_t occ)
{
	return pext_bishop_sq[sq].att[pext_index(&pext_bishop_sq[sq], occ)];
}

SB_DEFINE_LOOPS(pext, pext_rook, pext_bishop)

#if PEXT_X86 && defined(__clang__)
#pragma clang attribute pop
#elif PEXT_X86
#pragma GCC pop_options
#endif

static const struct sb_kernel pext = {
	.abi_version = SB_ABI_VERSION,
	.name = "pext",
	.family = "pext",
	.description = "BMI2 PEXT bitboards: att[sq][pext(occ, mask)], one shared 841 KB table, "
		       "64-bit pext (two 32-bit pext in -m32 builds) (chessprogramming BMI2)",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof pext_rook_sq + sizeof pext_bishop_sq + sizeof pext_tab,
	.init = pext_init,
	.unavailable = pext_unavailable,
	.rook = pext_rook_ptr,
	.bishop = pext_bishop_ptr,
	.run = pext_run,
};
SB_REGISTER(pext);
