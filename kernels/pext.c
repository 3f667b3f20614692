/* pext.c - BMI2 PEXT bitboards: _pext_u64(occ, mask) packs the relevant occupancy into a dense
 * index, so the per-square slices of one shared table are exactly 2^popcount(mask) long as in
 * fancy magic (102,400 rook + 5,248 bishop entries), with no multiply and no magic (PEXT
 * bitboards, chessprogramming "BMI2" page).  The lookups and the loops are compiled
 * with a target("bmi2") pragma, so one -march build runs everywhere; unavailable() says where
 * the CPU lacks BMI2.  In a 32-bit build _pext_u64 does not exist: the index is two
 * _pext_u32 (low and high half of the board) joined at popcount(low half of the mask). */
#include <stdio.h>

#define SB_PEER_RANDOM_UNROLL 12  /* a short lookup: the peer-random loop written out (kernel.h) */
#include "kernel.h"
#include "lines.h"
#include "pext_layout.h"

#include "isa.h"
#if SB_X86
#include <immintrin.h>
#endif

#define PEXT_ROOK_ENTRIES 102400

/* Each square's slice (pext_layout.h's layout: rook slices, then bishop slices) and mask,
 * one array per field.  Both are constant expressions (lines.h), so at a square the compiler
 * knows (the peer loop's 64 written-out squares) a lookup is pext with an immediate mask and
 * one load at pext_tab plus a constant, as the peer's constexpr tables give it.  At a variable
 * square gcc loads the mask and the slice pointer each at the square scaled by 8; from one
 * 16-byte {slice, mask} entry per square it formed a pointer to the entry first (a shift and
 * two adds per lookup: the peer-random loop ran 1.04-1.16x faster without them, the position
 * loop 1.10x, on an Emerald Rapids core).  pext_init() fills the table with
 * sb_pext_layout_fill() and checks that its slices are these. */
static uint64_t pext_tab[SB_PEXT_ENTRIES];

#define PEXT_ATT_R_(sq) pext_tab + SB_ROOK_SLICE_AT_C_(sq)
#define PEXT_ATT_B_(sq) pext_tab + PEXT_ROOK_ENTRIES + SB_BISHOP_SLICE_AT_C_(sq)
static const uint64_t *const pext_rook_att[64] __attribute__((aligned(64))) = SB_SQ64_(PEXT_ATT_R_);
static const uint64_t *const pext_bishop_att[64] __attribute__((aligned(64))) =
	SB_SQ64_(PEXT_ATT_B_);
static const uint64_t pext_rook_mask[64] __attribute__((aligned(64))) = SB_SQ64_(SB_ROOK_MASK_C_);
static const uint64_t pext_bishop_mask[64] __attribute__((aligned(64))) =
	SB_SQ64_(SB_BISHOP_MASK_C_);

/* Returns 0 once the table is filled and its slices are where pext_rook_att and
 * pext_bishop_att say (the second call is free). */
static int pext_init(void)
{
	static int done;
	struct sb_pext_slice rook[64], bishop[64];

	if (done)
		return 0;
	if (sb_pext_layout_fill(pext_tab, rook, bishop, "pext") < 0)
		return -1;
	for (unsigned sq = 0; sq < 64; sq++)
		if (rook[sq].att != pext_rook_att[sq] || bishop[sq].att != pext_bishop_att[sq]) {
			fprintf(stderr, "pext: init: the slices of square %u are not at their "
				"offsets\n", sq);
			return -1;
		}
	done = 1;
	return 0;
}

/* Returns why this CPU cannot run the kernel, or NULL. */
static const char *pext_unavailable(void)
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

/* Returns the dense index of occ's bits under mask. */
static inline uint64_t pext_index(uint64_t occ, uint64_t mask)
{
#if defined(__x86_64__)
	return _pext_u64(occ, mask);
#elif defined(__i386__)
	return _pext_u32((uint32_t)occ, (uint32_t)mask) |
	       _pext_u32((uint32_t)(occ >> 32), (uint32_t)(mask >> 32))
		       << __builtin_popcount((uint32_t)mask);
#else
	uint64_t idx = 0, bit = 1;	/* never run (unavailable): keeps the file building */
	for (uint64_t m = mask; m; m &= m - 1, bit <<= 1)
		idx |= occ & m & (0 - m) ? bit : 0;
	return idx;
#endif
}

/* Returns the attacks at the square whose slice is att and mask is mask: one pext, one load. */
static inline uint64_t pext_attacks(const uint64_t *att, uint64_t mask, int known, uint64_t occ)
{
	return sb_slice_entry(pext_tab, att, pext_index(occ, mask), known);
}

/* Returns the rook attacks from sq. */
static inline uint64_t pext_rook(unsigned sq, uint64_t occ)
{
	return pext_attacks(pext_rook_att[sq], pext_rook_mask[sq], __builtin_constant_p(sq), occ);
}

/* Returns the bishop attacks from sq. */
static inline uint64_t pext_bishop(unsigned sq, uint64_t occ)
{
	return pext_attacks(pext_bishop_att[sq], pext_bishop_mask[sq], __builtin_constant_p(sq),
			    occ);
}

SB_DEFINE_LOOPS(pext, pext_rook, pext_bishop)

#if SB_X86 && defined(__clang__)
#pragma clang attribute pop
#elif SB_X86
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
	.table_bytes = sizeof pext_rook_att + sizeof pext_bishop_att + sizeof pext_rook_mask +
		       sizeof pext_bishop_mask + sizeof pext_tab,
	.init = pext_init,
	.unavailable = pext_unavailable,
	.rook = pext_rook_ptr,
	.bishop = pext_bishop_ptr,
	.run = pext_run,
	.needs = "BMI2",
};
SB_REGISTER(pext);
