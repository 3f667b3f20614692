/* simd_x86.h - helpers shared by the explicit SIMD kernels (avx2-shift, dumb7-avx2,
 * kogge-stone-avx512, galois-field): lane reductions to one bitboard, in both the 64-bit and
 * the 32-bit (-m32) build.  Each function carries its own target attribute, so the file
 * compiles under any -march (x86-64-v3 for the valgrind and -m32 builds included) and inlines
 * into the kernels' lookups, whose targets are supersets.  Those kernels are compiled with
 * -fno-tree-vectorize like every kernel; that flag does not touch explicit intrinsics.
 * Elsewhere (SB_X86 0, isa.h) it defines nothing: those kernels are unavailable there.
 */
#ifndef SB_SIMD_X86_H
#define SB_SIMD_X86_H

#include <stdint.h>

#include "isa.h"
#if SB_X86
#include <immintrin.h>
#endif

#if SB_X86
/* Returns the low 64-bit lane of v (a 32-bit build has no 64-bit move to a register pair).
 * The 64-bit move is written as an asm vmovq: the kernels' gcc tuning turns inter-unit moves
 * off (see the Makefile), and gcc then took _mm_cvtsi128_si64 through the stack, a store and
 * a load at the end of every lookup of the four SIMD kernels.  Only kernels that need AVX2 or
 * AVX-512 call this, so the VEX encoding is always there when it runs; "x" keeps the operand
 * in xmm0-15, which VEX can encode. */
__attribute__((target("sse2"))) static inline uint64_t sb_simd_low64(__m128i v)
{
#if defined(__x86_64__)
	uint64_t r;

	__asm__("vmovq %1, %0" : "=r"(r) : "x"(v));
	return r;
#else
	uint64_t r;

	_mm_storel_epi64((__m128i *)&r, v);
	return r;
#endif
}

/* Returns the OR of the two 64-bit lanes of v. */
__attribute__((target("sse2"))) static inline uint64_t sb_simd_or2(__m128i v)
{
	return sb_simd_low64(_mm_or_si128(v, _mm_unpackhi_epi64(v, v)));
}

/* Returns the OR of the four 64-bit lanes of v. */
__attribute__((target("avx2"))) static inline uint64_t sb_simd_or4(__m256i v)
{
	return sb_simd_or2(_mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1)));
}
#endif

#endif /* SB_SIMD_X86_H */
