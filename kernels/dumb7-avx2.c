/* dumb7-avx2.c - SIMD (AVX2): dumb7fill with one direction per 64-bit lane.  Each lane grows
 * the run of squares reached from the slider by one square per step across the empty squares
 * (flood |= shift(flood) & empty), six steps, then shifts the flood once more onto the
 * attacks, blockers included; wrap masks keep east-going shifts off the a-file and west-going
 * ones off the h-file (as dumb7fill.c, which shifts the whole flood too).  A rook's four
 * directions (north, east, south, west) fill one ymm, a bishop's another: left-going and
 * right-going lanes share the register, the unused variable shift (vpsllvq / vpsrlvq) getting
 * a count of 64, which yields 0.  A queen runs its eight directions as two registers, the
 * left-going and the right-going, one shift each.  The lanes are ORed at the end.
 * Explicit intrinsics under target("avx2"); unavailable() refuses a CPU without AVX2.  On
 * aarch64 the same fills run in NEON (below).
 * Source: chessprogramming wiki, Dumb7Fill (and its SIMD remarks); the Chess_Movegen
 * comparison's Dumb7Fill; written from the description. */
#include "kernel.h"
#include "lines.h"
#include "simd_x86.h"

#define D7V_ALL (~0ULL)

/* Returns why this CPU cannot run the kernel, or NULL. */
static const char *d7v_unavailable(void)
{
#if SB_X86
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx2") ? NULL : "needs AVX2";
#elif defined(__aarch64__)
	return NULL; /* NEON: see simd_neon.h */
#else
	return SB_NEEDS_X86("AVX2");
#endif
}

#if SB_X86
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2")
#endif

/* Returns x with each lane shifted left by cl and right by cr (one of the two being 64). */
static inline __m256i d7v_shift(__m256i x, __m256i cl, __m256i cr)
{
	return _mm256_or_si256(_mm256_sllv_epi64(x, cl), _mm256_srlv_epi64(x, cr));
}

/* Returns four directions' attacks (one per lane) of the slider `bit` over `empty`, wrap
 * being per lane the squares a shift may land on; cl, cr the lanes' left and right counts. */
static inline __m256i d7v_fill(uint64_t bit, uint64_t empty, __m256i wrap, __m256i cl,
			       __m256i cr)
{
	__m256i flood = _mm256_set1_epi64x((long long)bit);
	__m256i pro = _mm256_and_si256(_mm256_set1_epi64x((long long)empty), wrap);

#pragma GCC unroll 6
	for (int i = 0; i < 6; i++)
		flood = _mm256_or_si256(flood, _mm256_and_si256(d7v_shift(flood, cl, cr), pro));
	return _mm256_and_si256(d7v_shift(flood, cl, cr), wrap);
}

/* Returns four directions' attacks as d7v_fill, every lane shifting left by cl. */
static inline __m256i d7v_fill_up(uint64_t bit, uint64_t empty, __m256i wrap, __m256i cl)
{
	__m256i flood = _mm256_set1_epi64x((long long)bit);
	__m256i pro = _mm256_and_si256(_mm256_set1_epi64x((long long)empty), wrap);

#pragma GCC unroll 6
	for (int i = 0; i < 6; i++)
		flood = _mm256_or_si256(flood, _mm256_and_si256(_mm256_sllv_epi64(flood, cl), pro));
	return _mm256_and_si256(_mm256_sllv_epi64(flood, cl), wrap);
}

/* Returns four directions' attacks as d7v_fill, every lane shifting right by cr. */
static inline __m256i d7v_fill_down(uint64_t bit, uint64_t empty, __m256i wrap, __m256i cr)
{
	__m256i flood = _mm256_set1_epi64x((long long)bit);
	__m256i pro = _mm256_and_si256(_mm256_set1_epi64x((long long)empty), wrap);

#pragma GCC unroll 6
	for (int i = 0; i < 6; i++)
		flood = _mm256_or_si256(flood, _mm256_and_si256(_mm256_srlv_epi64(flood, cr), pro));
	return _mm256_and_si256(_mm256_srlv_epi64(flood, cr), wrap);
}

/* Returns the rook attacks: lanes north, east (left), south, west (right). */
static inline uint64_t d7v_rook(unsigned sq, uint64_t occ)
{
	__m256i wrap = _mm256_set_epi64x((long long)SB_NOT_FILE_H, (long long)D7V_ALL,
					 (long long)SB_NOT_FILE_A, (long long)D7V_ALL);

	return sb_simd_or4(d7v_fill(1ULL << sq, ~occ, wrap, _mm256_set_epi64x(64, 64, 1, 8),
				    _mm256_set_epi64x(1, 8, 64, 64)));
}

/* Returns the bishop attacks: lanes northeast, northwest (left), southwest, southeast
 * (right). */
static inline uint64_t d7v_bishop(unsigned sq, uint64_t occ)
{
	__m256i wrap = _mm256_set_epi64x((long long)SB_NOT_FILE_A, (long long)SB_NOT_FILE_H,
					 (long long)SB_NOT_FILE_H, (long long)SB_NOT_FILE_A);

	return sb_simd_or4(d7v_fill(1ULL << sq, ~occ, wrap, _mm256_set_epi64x(64, 64, 7, 9),
				    _mm256_set_epi64x(7, 9, 64, 64)));
}

/* Returns the queen attacks: north, east, northeast, northwest in one register (left),
 * south, west, southwest, southeast in another (right). */
static inline uint64_t d7v_queen(unsigned sq, uint64_t occ)
{
	uint64_t bit = 1ULL << sq, empty = ~occ;
	__m256i counts = _mm256_set_epi64x(7, 9, 1, 8);
	__m256i up = _mm256_set_epi64x((long long)SB_NOT_FILE_H, (long long)SB_NOT_FILE_A,
				       (long long)SB_NOT_FILE_A, (long long)D7V_ALL);
	__m256i down = _mm256_set_epi64x((long long)SB_NOT_FILE_A, (long long)SB_NOT_FILE_H,
					 (long long)SB_NOT_FILE_H, (long long)D7V_ALL);

	return sb_simd_or4(_mm256_or_si256(d7v_fill_up(bit, empty, up, counts),
					   d7v_fill_down(bit, empty, down, counts)));
}

#elif defined(__aarch64__)
/* The aarch64 form: the same fills in NEON's two 64-bit lanes, two directions a register;
 * NEON's per-lane shift (ushl) takes a signed count, negative shifting right. */
#include "simd_neon.h"

/* Returns two directions' attacks (one per lane) of the slider `bit` over `empty`, wrap
 * being per lane the squares a shift may land on, n the lanes' shift counts. */
static inline uint64x2_t d7v_fill(uint64_t bit, uint64_t empty, uint64x2_t wrap, int64x2_t n)
{
	uint64x2_t flood = vdupq_n_u64(bit);
	uint64x2_t pro = vandq_u64(vdupq_n_u64(empty), wrap);

#pragma GCC unroll 6
	for (int i = 0; i < 6; i++)
		flood = vorrq_u64(flood, vandq_u64(vshlq_u64(flood, n), pro));
	return vandq_u64(vshlq_u64(flood, n), wrap);
}

/* Returns the rook's directions: north and east, then south and west. */
static inline uint64x2_t d7v_rook2(uint64_t bit, uint64_t empty)
{
	return vorrq_u64(d7v_fill(bit, empty, sb_neon_pair(D7V_ALL, SB_NOT_FILE_A),
				  sb_neon_counts(8, 1)),
			 d7v_fill(bit, empty, sb_neon_pair(D7V_ALL, SB_NOT_FILE_H),
				  sb_neon_counts(-8, -1)));
}

/* Returns the bishop's directions: northeast and northwest, then southwest and southeast. */
static inline uint64x2_t d7v_bishop2(uint64_t bit, uint64_t empty)
{
	return vorrq_u64(d7v_fill(bit, empty, sb_neon_pair(SB_NOT_FILE_A, SB_NOT_FILE_H),
				  sb_neon_counts(9, 7)),
			 d7v_fill(bit, empty, sb_neon_pair(SB_NOT_FILE_H, SB_NOT_FILE_A),
				  sb_neon_counts(-9, -7)));
}

/* Returns the rook attacks. */
static inline uint64_t d7v_rook(unsigned sq, uint64_t occ)
{
	return sb_neon_or2(d7v_rook2(1ULL << sq, ~occ));
}

/* Returns the bishop attacks. */
static inline uint64_t d7v_bishop(unsigned sq, uint64_t occ)
{
	return sb_neon_or2(d7v_bishop2(1ULL << sq, ~occ));
}

/* Returns the queen attacks: the eight directions in four registers. */
static inline uint64_t d7v_queen(unsigned sq, uint64_t occ)
{
	return sb_neon_or2(vorrq_u64(d7v_rook2(1ULL << sq, ~occ), d7v_bishop2(1ULL << sq, ~occ)));
}
#else /* neither: never run (unavailable), keeps the file building */
SB_FALLBACK_LOOKUPS(d7v)
#endif

SB_DEFINE_LOOPS_WITH(d7v, d7v_rook, d7v_bishop, d7v_queen, SB_CALL_, SB_CALL_, SB_NO_STATE,
		     d7v_rook, d7v_bishop, d7v_queen)
SB_DEFINE_LOOKUP_PTRS(d7v, d7v_rook, d7v_bishop)

#if SB_X86 && defined(__clang__)
#pragma clang attribute pop
#elif SB_X86
#pragma GCC pop_options
#endif

static const struct sb_kernel dumb7_avx2 = {
	.abi_version = SB_ABI_VERSION,
	.name = "dumb7-avx2",
	.family = "fill",
	.description = "SIMD AVX2 (aarch64: NEON): dumb7fill, one direction per vector lane, six "
		       "flood steps, no tables (CPW Dumb7Fill; Chess_Movegen Dumb7Fill)",
	.word_bits = 64,
	.simd = 1,
	.branching = SB_BRANCHLESS,
	/* No tables: the wrap masks and counts are immediates. */
	.table_bytes = 0,
	.init = NULL,
	.unavailable = d7v_unavailable,
	.rook = d7v_rook_ptr,
	.bishop = d7v_bishop_ptr,
	.run = d7v_run,
	.needs = SB_X86 ? "AVX2" : NULL,   /* NEON on aarch64 */
};
SB_REGISTER(dumb7_avx2);
