/* kogge-stone-avx512.c - SIMD (AVX-512F/VL): Kogge-Stone occluded fills with one direction per
 * 64-bit lane.  A queen's eight directions fill one zmm register (north, east, northeast,
 * northwest shifting left by 8, 1, 9, 7; south, west, southwest, southeast shifting right by
 * the same counts); a rook's or bishop's four fill one ymm.  Each lane runs kogge-stone.c's
 * parallel prefix: the slider's bit is smeared over the empty squares by shifts of 1, 2 and 4
 * steps while the propagator (the empty squares the fill may cross, minus the squares a shift
 * would wrap onto) doubles too; a last shift gives the attacks, blockers included.  A lane's
 * shift is a variable shift left (vpsllvq) overwritten, in the right-going lanes, by a masked
 * variable shift right (vpsrlvq with a lane mask); gen | (pro & shifted) is one vpternlogq.
 * The lanes are ORed into one bitboard at the end.  Explicit intrinsics, compiled only where
 * the build's -march has AVX-512F and AVX-512VL (-march=native on such a CPU): the x86-64-v3
 * builds (bin/slidebench-sim, run under valgrind, and -m32) must hold no AVX-512 instruction
 * at all (tests/test_build.sh), so there the kernel is built as a stub and unavailable() says
 * so; where it is built, unavailable() still checks the CPU.
 * Source: chessprogramming wiki, Kogge-Stone Algorithm (and its SIMD remarks); the
 * Chess_Movegen comparison's KoggeStone; written from the description. */
#include "kernel.h"
#include "lines.h"
#include "simd_x86.h"

#define KS5_ALL (~0ULL)
#define KS5_OR_AND 0xF8  /* vpternlogq truth table of a | (b & c) */

#if (defined(__x86_64__) || defined(__i386__)) && defined(__AVX512F__) && defined(__AVX512VL__)
#define KS5_BUILT 1
#else
#define KS5_BUILT 0
#endif

/* Returns why this build or CPU cannot run the kernel, or NULL. */
static const char *ks5_unavailable(void)
{
#if KS5_BUILT
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")
		       ? NULL
		       : "needs AVX-512F and AVX-512VL";
#else
	return SB_X86 ? "needs AVX-512F and AVX-512VL in the build's -march (this build has none)"
		      : SB_NEEDS_X86("AVX-512F and AVX-512VL");
#endif
}

#if KS5_BUILT
/* Returns x with each lane shifted by its count in c: left, or right in the lanes of `down`. */
static inline __m512i ks5_shift8(__m512i x, __m512i c, __mmask8 down)
{
	return _mm512_mask_srlv_epi64(_mm512_sllv_epi64(x, c), down, x, c);
}

/* Returns x shifted as ks5_shift8, four lanes. */
static inline __m256i ks5_shift4(__m256i x, __m256i c, __mmask8 down)
{
	return _mm256_mask_srlv_epi64(_mm256_sllv_epi64(x, c), down, x, c);
}

/* Returns the eight directions' attacks (one per lane) of the slider `bit` over `empty`,
 * wrap being per lane the squares a shift may land on, c the lanes' step counts. */
static inline __m512i ks5_fill8(uint64_t bit, uint64_t empty, __m512i wrap, __m512i c)
{
	const __mmask8 down = 0xF0;
	__m512i gen = _mm512_set1_epi64((long long)bit);
	__m512i pro = _mm512_and_si512(_mm512_set1_epi64((long long)empty), wrap);

	gen = _mm512_ternarylogic_epi64(gen, pro, ks5_shift8(gen, c, down), KS5_OR_AND);
	pro = _mm512_and_si512(pro, ks5_shift8(pro, c, down));
	c = _mm512_add_epi64(c, c);
	gen = _mm512_ternarylogic_epi64(gen, pro, ks5_shift8(gen, c, down), KS5_OR_AND);
	pro = _mm512_and_si512(pro, ks5_shift8(pro, c, down));
	c = _mm512_add_epi64(c, c);
	gen = _mm512_ternarylogic_epi64(gen, pro, ks5_shift8(gen, c, down), KS5_OR_AND);
	c = _mm512_srli_epi64(c, 2);
	return _mm512_and_si512(ks5_shift8(gen, c, down), wrap);
}

/* Returns the four directions' attacks as ks5_fill8, lanes 2 and 3 going right. */
static inline __m256i ks5_fill4(uint64_t bit, uint64_t empty, __m256i wrap, __m256i c)
{
	const __mmask8 down = 0x0C;
	__m256i gen = _mm256_set1_epi64x((long long)bit);
	__m256i pro = _mm256_and_si256(_mm256_set1_epi64x((long long)empty), wrap);

	gen = _mm256_ternarylogic_epi64(gen, pro, ks5_shift4(gen, c, down), KS5_OR_AND);
	pro = _mm256_and_si256(pro, ks5_shift4(pro, c, down));
	c = _mm256_add_epi64(c, c);
	gen = _mm256_ternarylogic_epi64(gen, pro, ks5_shift4(gen, c, down), KS5_OR_AND);
	pro = _mm256_and_si256(pro, ks5_shift4(pro, c, down));
	c = _mm256_add_epi64(c, c);
	gen = _mm256_ternarylogic_epi64(gen, pro, ks5_shift4(gen, c, down), KS5_OR_AND);
	c = _mm256_srli_epi64(c, 2);
	return _mm256_and_si256(ks5_shift4(gen, c, down), wrap);
}

/* Returns the rook attacks: lanes north, east (left), south, west (right). */
static inline uint64_t ks5_rook(unsigned sq, uint64_t occ)
{
	__m256i wrap = _mm256_set_epi64x((long long)SB_NOT_FILE_H, (long long)KS5_ALL,
					 (long long)SB_NOT_FILE_A, (long long)KS5_ALL);

	return sb_simd_or4(ks5_fill4(1ULL << sq, ~occ, wrap, _mm256_set_epi64x(1, 8, 1, 8)));
}

/* Returns the bishop attacks: lanes northeast, northwest (left), southwest, southeast
 * (right). */
static inline uint64_t ks5_bishop(unsigned sq, uint64_t occ)
{
	__m256i wrap = _mm256_set_epi64x((long long)SB_NOT_FILE_A, (long long)SB_NOT_FILE_H,
					 (long long)SB_NOT_FILE_H, (long long)SB_NOT_FILE_A);

	return sb_simd_or4(ks5_fill4(1ULL << sq, ~occ, wrap, _mm256_set_epi64x(7, 9, 7, 9)));
}

/* Returns the queen attacks: all eight directions in one zmm. */
static inline uint64_t ks5_queen(unsigned sq, uint64_t occ)
{
	__m512i wrap = _mm512_set_epi64((long long)SB_NOT_FILE_A, (long long)SB_NOT_FILE_H,
					(long long)SB_NOT_FILE_H, (long long)KS5_ALL,
					(long long)SB_NOT_FILE_H, (long long)SB_NOT_FILE_A,
					(long long)SB_NOT_FILE_A, (long long)KS5_ALL);
	__m512i att = ks5_fill8(1ULL << sq, ~occ, wrap, _mm512_set_epi64(7, 9, 1, 8, 7, 9, 1, 8));

	return sb_simd_or4(_mm256_or_si256(_mm512_castsi512_si256(att),
					   _mm512_extracti64x4_epi64(att, 1)));
}

#else /* built without AVX-512: never run (unavailable), keeps the file building */
SB_FALLBACK_LOOKUPS(ks5)
#endif

SB_DEFINE_LOOPS_WITH(ks5, ks5_rook, ks5_bishop, ks5_queen, SB_CALL_, SB_CALL_, SB_NO_STATE,
		     ks5_rook, ks5_bishop, ks5_queen)
SB_DEFINE_LOOKUP_PTRS(ks5, ks5_rook, ks5_bishop)

static const struct sb_kernel kogge_stone_avx512 = {
	.abi_version = SB_ABI_VERSION,
	.name = "kogge-stone-avx512",
	.family = "fill",
	.description = "SIMD AVX-512: Kogge-Stone occluded fills, one direction per lane, a queen's "
		       "8 in one zmm, no tables (CPW Kogge-Stone; Chess_Movegen KoggeStone)",
	.word_bits = 64,
	.simd = 1,
	.branching = SB_BRANCHLESS,
	/* No tables: the wrap masks and counts are immediates. */
	.table_bytes = 0,
	.init = NULL,
	.unavailable = ks5_unavailable,
	.rook = ks5_rook_ptr,
	.bishop = ks5_bishop_ptr,
	.run = ks5_run,
	.needs = "AVX-512F and AVX-512VL",
};
SB_REGISTER(kogge_stone_avx512);
