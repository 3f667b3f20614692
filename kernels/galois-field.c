/* galois-field.c - SIMD (GFNI + AVX2): hyperbola quintessence on the four lines through the
 * slider at once, one line per 64-bit lane, with a true bit reversal.  Along a line o (the
 * line's occupancy, slider excluded) and r (the slider's bit), (o - r) ^ rev(rev(o) - rev(r))
 * is the attack set both ways; the scalar hyperbola kernel must reverse by a byte swap, which
 * reverses a file or diagonal but not a rank.  Here rev is a full 64-bit bit reversal: one
 * gf2p8affineqb with the matrix 0x8040201008040201 reverses the bits of every byte (an 8x8
 * bit-matrix multiply over GF(2)), one vpshufb reverses the bytes of every qword, so the rank
 * works like the other three lines and no rank table is needed.  A queen fills one ymm
 * (rank, file, diagonal, anti-diagonal); a rook or bishop one xmm.  The lanes are ORed at the
 * end.  The line masks are one 32-byte row per square (2 KB), loaded in one go.
 * Explicit intrinsics under target("avx2,gfni"); unavailable() refuses a CPU without both.
 * On aarch64 the same technique runs in NEON (below).
 * (The Chess_Movegen comparison's GaloisField emulates the GF(2) affine multiply in scalar
 * code; this kernel runs the instruction.)
 * Source: Daniel Inführ's GaloisField idea in the Chess_Movegen comparison; Intel's GFNI
 * technology guide for the bit-reversal matrix; written from the description. */
#include "kernel.h"
#include "lines.h"
#include "simd_x86.h"

#define GF_REVERSE_BITS 0x8040201008040201LL  /* gf2p8affine matrix: bit i of a byte -> 7 - i */

/* The four lines through each square (slider excluded): rank, file, diagonal, anti. */
static uint64_t gf_lines[64][4] __attribute__((aligned(32)));

/* Returns why this CPU cannot run the kernel, or NULL. */
static const char *gf_unavailable(void)
{
#if SB_X86
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("gfni") ? NULL
										  : "needs AVX2 and GFNI";
#elif defined(__aarch64__)
	return NULL; /* NEON: see simd_neon.h */
#else
	return SB_NEEDS_X86("AVX2 and GFNI");
#endif
}

/* Returns 0 once the line rows are built. */
static int gf_init(void)
{
	sb_lines_init();
	for (unsigned sq = 0; sq < 64; sq++)
		for (int line = 0; line < SB_LINES; line++)
			gf_lines[sq][line] = sb_line_ex[line][sq];
	return 0;
}

#if SB_X86
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,gfni"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,gfni")
#endif

/* Returns every 64-bit lane of v bit-reversed. */
static inline __m256i gf_rev4(__m256i v)
{
	const __m256i bytes = _mm256_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7,
					      8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);

	v = _mm256_gf2p8affine_epi64_epi8(v, _mm256_set1_epi64x(GF_REVERSE_BITS), 0);
	return _mm256_shuffle_epi8(v, bytes);
}

/* Returns both 64-bit lanes of v bit-reversed. */
static inline __m128i gf_rev2(__m128i v)
{
	const __m128i bytes = _mm_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);

	v = _mm_gf2p8affine_epi64_epi8(v, _mm_set1_epi64x(GF_REVERSE_BITS), 0);
	return _mm_shuffle_epi8(v, bytes);
}

/* Returns the attacks along the two lines of row[0..1] (one per lane), ORed. */
static inline uint64_t gf_two_lines(const uint64_t *row, unsigned sq, uint64_t occ)
{
	__m128i mask = _mm_load_si128((const __m128i *)row);
	__m128i o = _mm_and_si128(_mm_set1_epi64x((long long)occ), mask);
	__m128i fwd = _mm_sub_epi64(o, _mm_set1_epi64x((long long)(1ULL << sq)));
	__m128i bwd = _mm_sub_epi64(gf_rev2(o), _mm_set1_epi64x((long long)(1ULL << (63 - sq))));

	return sb_simd_or2(_mm_and_si128(_mm_xor_si128(fwd, gf_rev2(bwd)), mask));
}

/* Returns the rook attacks: rank and file lanes. */
static inline uint64_t gf_rook(unsigned sq, uint64_t occ)
{
	return gf_two_lines(&gf_lines[sq][SB_RANK], sq, occ);
}

/* Returns the bishop attacks: diagonal and anti-diagonal lanes. */
static inline uint64_t gf_bishop(unsigned sq, uint64_t occ)
{
	return gf_two_lines(&gf_lines[sq][SB_DIAG], sq, occ);
}

/* Returns the queen attacks: all four lines in one ymm. */
static inline uint64_t gf_queen(unsigned sq, uint64_t occ)
{
	__m256i mask = _mm256_load_si256((const __m256i *)gf_lines[sq]);
	__m256i o = _mm256_and_si256(_mm256_set1_epi64x((long long)occ), mask);
	__m256i fwd = _mm256_sub_epi64(o, _mm256_set1_epi64x((long long)(1ULL << sq)));
	__m256i bwd = _mm256_sub_epi64(gf_rev4(o),
				       _mm256_set1_epi64x((long long)(1ULL << (63 - sq))));

	return sb_simd_or4(_mm256_and_si256(_mm256_xor_si256(fwd, gf_rev4(bwd)), mask));
}

#elif defined(__aarch64__)
/* The aarch64 form: the same lines and the same arithmetic in NEON's two 64-bit lanes, with a
 * full bit reversal in two instructions as GFNI's: rbit (vrbitq_u8) reverses the bits of every
 * byte, rev64 (vrev64q_u8) the bytes of every lane.  A queen is two registers. */
#include "simd_neon.h"

/* Returns both 64-bit lanes of v bit-reversed. */
static inline uint64x2_t gf_rev2(uint64x2_t v)
{
	return vreinterpretq_u64_u8(vrev64q_u8(vrbitq_u8(vreinterpretq_u8_u64(v))));
}

/* Returns the attacks along the two lines of row[0..1], one per lane. */
static inline uint64x2_t gf_lines2(const uint64_t *row, unsigned sq, uint64_t occ)
{
	uint64x2_t mask = vld1q_u64(row);
	uint64x2_t o = vandq_u64(vdupq_n_u64(occ), mask);
	uint64x2_t fwd = vsubq_u64(o, vdupq_n_u64(1ULL << sq));
	uint64x2_t bwd = vsubq_u64(gf_rev2(o), vdupq_n_u64(1ULL << (63 - sq)));

	return vandq_u64(veorq_u64(fwd, gf_rev2(bwd)), mask);
}

/* Returns the rook attacks: rank and file lanes. */
static inline uint64_t gf_rook(unsigned sq, uint64_t occ)
{
	return sb_neon_or2(gf_lines2(&gf_lines[sq][SB_RANK], sq, occ));
}

/* Returns the bishop attacks: diagonal and anti-diagonal lanes. */
static inline uint64_t gf_bishop(unsigned sq, uint64_t occ)
{
	return sb_neon_or2(gf_lines2(&gf_lines[sq][SB_DIAG], sq, occ));
}

/* Returns the queen attacks: the four lines in two registers. */
static inline uint64_t gf_queen(unsigned sq, uint64_t occ)
{
	return sb_neon_or2(vorrq_u64(gf_lines2(&gf_lines[sq][SB_RANK], sq, occ),
				gf_lines2(&gf_lines[sq][SB_DIAG], sq, occ)));
}

#else /* neither: never run (unavailable), keeps the file building */
SB_FALLBACK_LOOKUPS(gf)
#endif

SB_DEFINE_LOOPS_WITH(gf, gf_rook, gf_bishop, gf_queen, SB_CALL_, SB_CALL_, SB_NO_STATE,
		     gf_rook, gf_bishop, gf_queen)
SB_DEFINE_LOOKUP_PTRS(gf, gf_rook, gf_bishop)

#if SB_X86 && defined(__clang__)
#pragma clang attribute pop
#elif SB_X86
#pragma GCC pop_options
#endif

static const struct sb_kernel galois_field = {
	.abi_version = SB_ABI_VERSION,
	.name = "galois-field",
	.family = "hyperbola",
	.description = "SIMD GFNI+AVX2 (aarch64: NEON): hyperbola quintessence on 4 lines in "
		       "vector lanes, bit reversal by gf2p8affineqb + vpshufb (rbit + rev64) "
		       "(Chess_Movegen GaloisField)",
	.word_bits = 64,
	.simd = 1,
	.branching = SB_BRANCHLESS,
	/* One 32-byte row of line masks per square: gf_lines[64][4]. */
	.table_bytes = sizeof gf_lines,
	.init = gf_init,
	.unavailable = gf_unavailable,
	.rook = gf_rook_ptr,
	.bishop = gf_bishop_ptr,
	.run = gf_run,
	.needs = SB_X86 ? "AVX2 and GFNI" : NULL,   /* NEON on aarch64 */
};
SB_REGISTER(galois_field);
