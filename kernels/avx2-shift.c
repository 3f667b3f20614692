/* avx2-shift.c - SIMD (AVX2): the "no headaches" ray loop made branchless and run on four
 * rays at once.  Each 64-bit lane of a ymm register follows one ray: a single bit starts on
 * the slider and, seven times, is stopped if it sits on a blocker or on the ray's last square
 * (its edge mask), else shifted one step along the ray (a per-lane variable shift, vpsllvq /
 * vpsrlvq) and ORed into the attacks; no early exit, so no branch.  The rook's four rays
 * (east, north, west, south) fill one register, the bishop's four another; the lanes shifting
 * left and those shifting right share the register by giving the unused shift a count of 64,
 * which yields 0.  A queen runs the eight rays as two registers, left-going and right-going
 * (as the technique's author does).  The four lanes are ORed into one bitboard at the end.
 * Explicit intrinsics under target("avx2"); unavailable() refuses a CPU without AVX2.  On
 * aarch64 the same technique runs in NEON (below).
 * Source: Daniel Inführ's AVX2 branchless fill in the Chess_Movegen comparison (AVXShift);
 * written from the description. */
#include "kernel.h"
#include "lines.h"
#include "simd_x86.h"

#define AS_R1 SB_RANK_1
#define AS_R8 0xFF00000000000000ULL

/* Returns why this CPU cannot run the kernel, or NULL. */
static const char *as_unavailable(void)
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

/* Returns the four rays' attacks of the slider `bit` (each lane its ray), a lane's bit being
 * stopped by `stop` (blockers and the ray's edge) and moved by left count cl or right count
 * cr (the other one 64). */
static inline __m256i as_rays(__m256i bit, __m256i stop, __m256i cl, __m256i cr)
{
	__m256i att = _mm256_setzero_si256(), t = bit;

#pragma GCC unroll 7
	for (int i = 0; i < 7; i++) {
		t = _mm256_andnot_si256(stop, t);
		t = _mm256_or_si256(_mm256_sllv_epi64(t, cl), _mm256_srlv_epi64(t, cr));
		att = _mm256_or_si256(att, t);
	}
	return att;
}

/* Returns the four rays' attacks as as_rays, every lane shifting left by cl. */
static inline __m256i as_up(__m256i bit, __m256i stop, __m256i cl)
{
	__m256i att = _mm256_setzero_si256(), t = bit;

#pragma GCC unroll 7
	for (int i = 0; i < 7; i++) {
		t = _mm256_sllv_epi64(_mm256_andnot_si256(stop, t), cl);
		att = _mm256_or_si256(att, t);
	}
	return att;
}

/* Returns the four rays' attacks as as_rays, every lane shifting right by cr. */
static inline __m256i as_down(__m256i bit, __m256i stop, __m256i cr)
{
	__m256i att = _mm256_setzero_si256(), t = bit;

#pragma GCC unroll 7
	for (int i = 0; i < 7; i++) {
		t = _mm256_srlv_epi64(_mm256_andnot_si256(stop, t), cr);
		att = _mm256_or_si256(att, t);
	}
	return att;
}

/* Returns the occupancy but the slider (b: the slider's bit in every lane) in every lane ORed
 * with the lanes' own edges e3..e0 (a constant vector).  The occupancy is broadcast as it is
 * and the slider taken out in the vector unit: where the same occupancy serves several
 * lookups (the peer's loop: twelve squares per occupancy) the broadcast leaves the loop, and
 * each lookup moves one value from a general register (its bit), not two. */
static inline __m256i as_stops(uint64_t occ, __m256i b, uint64_t e3, uint64_t e2, uint64_t e1,
			       uint64_t e0)
{
	return _mm256_or_si256(_mm256_andnot_si256(b, _mm256_set1_epi64x((long long)occ)),
			       _mm256_set_epi64x((long long)e3, (long long)e2, (long long)e1,
						 (long long)e0));
}

/* Returns the rook attacks: lanes east, north, west, south. */
static inline uint64_t as_rook(unsigned sq, uint64_t occ)
{
	__m256i b = _mm256_set1_epi64x((long long)(1ULL << sq));
	__m256i stop = as_stops(occ, b, AS_R1, SB_FILE_A, AS_R8, SB_FILE_H);

	return sb_simd_or4(as_rays(b, stop, _mm256_set_epi64x(64, 64, 8, 1),
				   _mm256_set_epi64x(8, 1, 64, 64)));
}

/* Returns the bishop attacks: lanes northeast, northwest, southwest, southeast. */
static inline uint64_t as_bishop(unsigned sq, uint64_t occ)
{
	__m256i b = _mm256_set1_epi64x((long long)(1ULL << sq));
	__m256i stop = as_stops(occ, b, SB_FILE_H | AS_R1, SB_FILE_A | AS_R1, SB_FILE_A | AS_R8,
				SB_FILE_H | AS_R8);

	return sb_simd_or4(as_rays(b, stop, _mm256_set_epi64x(64, 64, 7, 9),
				   _mm256_set_epi64x(7, 9, 64, 64)));
}

/* Returns the queen attacks: the four left-going rays (northeast, northwest, east, north) in
 * one register, the four right-going ones in another. */
static inline uint64_t as_queen(unsigned sq, uint64_t occ)
{
	__m256i b = _mm256_set1_epi64x((long long)(1ULL << sq));
	__m256i counts = _mm256_set_epi64x(8, 1, 7, 9);
	__m256i up = as_stops(occ, b, AS_R8, SB_FILE_H, SB_FILE_A | AS_R8, SB_FILE_H | AS_R8);
	__m256i down = as_stops(occ, b, AS_R1, SB_FILE_A, SB_FILE_H | AS_R1, SB_FILE_A | AS_R1);

	return sb_simd_or4(_mm256_or_si256(as_up(b, up, counts), as_down(b, down, counts)));
}
#elif defined(__aarch64__)
/* The aarch64 form: the same rays, stops and seven branchless steps in NEON's two 64-bit
 * lanes, two rays a register.  NEON's per-lane shift (ushl) takes a signed count, and a
 * negative count shifts right, so a register's lanes need no 64-count trick. */
#include "simd_neon.h"

/* Returns the two rays' attacks of the slider `bit`, a lane's bit being stopped by `stop` and
 * shifted by n (negative: right). */
static inline uint64x2_t as_rays(uint64x2_t bit, uint64x2_t stop, int64x2_t n)
{
	uint64x2_t att = vdupq_n_u64(0), t = bit;

#pragma GCC unroll 7
	for (int i = 0; i < 7; i++) {
		t = vshlq_u64(vbicq_u64(t, stop), n);
		att = vorrq_u64(att, t);
	}
	return att;
}

/* Returns the occupancy but the slider (b) in both lanes, ORed with the lanes' edges e0, e1. */
static inline uint64x2_t as_stops(uint64_t occ, uint64x2_t b, uint64_t e0, uint64_t e1)
{
	return vorrq_u64(vbicq_u64(vdupq_n_u64(occ), b), sb_neon_pair(e0, e1));
}

/* Returns the rook's rays: east and north, then west and south. */
static inline uint64x2_t as_rook2(uint64x2_t b, uint64_t occ)
{
	return vorrq_u64(as_rays(b, as_stops(occ, b, SB_FILE_H, AS_R8), sb_neon_counts(1, 8)),
			 as_rays(b, as_stops(occ, b, SB_FILE_A, AS_R1), sb_neon_counts(-1, -8)));
}

/* Returns the bishop's rays: northeast and northwest, then southwest and southeast. */
static inline uint64x2_t as_bishop2(uint64x2_t b, uint64_t occ)
{
	uint64x2_t up = as_stops(occ, b, SB_FILE_H | AS_R8, SB_FILE_A | AS_R8);
	uint64x2_t down = as_stops(occ, b, SB_FILE_A | AS_R1, SB_FILE_H | AS_R1);

	return vorrq_u64(as_rays(b, up, sb_neon_counts(9, 7)), as_rays(b, down, sb_neon_counts(-9, -7)));
}

/* Returns the rook attacks. */
static inline uint64_t as_rook(unsigned sq, uint64_t occ)
{
	return sb_neon_or2(as_rook2(vdupq_n_u64(1ULL << sq), occ));
}

/* Returns the bishop attacks. */
static inline uint64_t as_bishop(unsigned sq, uint64_t occ)
{
	return sb_neon_or2(as_bishop2(vdupq_n_u64(1ULL << sq), occ));
}

/* Returns the queen attacks: the eight rays in four registers. */
static inline uint64_t as_queen(unsigned sq, uint64_t occ)
{
	uint64x2_t b = vdupq_n_u64(1ULL << sq);

	return sb_neon_or2(vorrq_u64(as_rook2(b, occ), as_bishop2(b, occ)));
}
#else /* neither: never run (unavailable), keeps the file building */
SB_FALLBACK_LOOKUPS(as)
#endif

SB_DEFINE_LOOPS_WITH(as, as_rook, as_bishop, as_queen, SB_CALL_, SB_CALL_, SB_NO_STATE,
		     as_rook, as_bishop, as_queen)
SB_DEFINE_LOOKUP_PTRS(as, as_rook, as_bishop)

#if SB_X86 && defined(__clang__)
#pragma clang attribute pop
#elif SB_X86
#pragma GCC pop_options
#endif

static const struct sb_kernel avx2_shift = {
	.abi_version = SB_ABI_VERSION,
	.name = "avx2-shift",
	.family = "fill",
	.description = "SIMD AVX2 (aarch64: NEON): branchless ray shifts, four rays in ymm lanes "
		       "(two per NEON register), seven steps with stop masks (Chess_Movegen "
		       "AVXShift)",
	.word_bits = 64,
	.simd = 1,
	.branching = SB_BRANCHLESS,
	/* No tables: the stop masks are immediates. */
	.table_bytes = 0,
	.init = NULL,
	.unavailable = as_unavailable,
	.rook = as_rook_ptr,
	.bishop = as_bishop_ptr,
	.run = as_run,
	.needs = SB_X86 ? "AVX2" : NULL,   /* NEON on aarch64 */
};
SB_REGISTER(avx2_shift);
