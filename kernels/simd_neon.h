/* simd_neon.h - helpers shared by the aarch64 (NEON) forms of the explicit SIMD kernels
 * (avx2-shift, dumb7-avx2, galois-field): a pair of 64-bit lanes from two values, and the
 * lanes' OR as one bitboard.  NEON (Advanced SIMD) is part of every armv8-a core Linux runs on,
 * so those forms need no unavailable() check.  Include only on aarch64.
 */
#ifndef SB_SIMD_NEON_H
#define SB_SIMD_NEON_H

#include <arm_neon.h>
#include <stdint.h>

/* Returns the vector {lo, hi} (lane 0, lane 1). */
static inline uint64x2_t sb_neon_pair(uint64_t lo, uint64_t hi)
{
	return vcombine_u64(vcreate_u64(lo), vcreate_u64(hi));
}

/* Returns the signed vector {lo, hi}: per-lane shift counts (negative: shift right). */
static inline int64x2_t sb_neon_counts(int64_t lo, int64_t hi)
{
	return vcombine_s64(vcreate_s64((uint64_t)lo), vcreate_s64((uint64_t)hi));
}

/* Returns the OR of the two 64-bit lanes of v. */
static inline uint64_t sb_neon_or2(uint64x2_t v)
{
	return vgetq_lane_u64(v, 0) | vgetq_lane_u64(v, 1);
}

#endif /* SB_SIMD_NEON_H */
