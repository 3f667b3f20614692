/* isa.h - what a kernel bound to one instruction set (x86's AVX2, AVX-512, GFNI, BMI2) says
 * and compiles to in a build where that instruction set does not exist (an aarch64 build, or
 * an x86 -march without AVX-512).  Such a kernel's unavailable() returns the reason, so its
 * lookups are never run there; SB_FALLBACK_LOOKUPS gives it lookups that keep the file
 * building and its descriptor whole, written once here instead of once per kernel.
 */
#ifndef SB_ISA_H
#define SB_ISA_H

#include "lines.h"

#if defined(__x86_64__) || defined(__i386__)
#define SB_X86 1
#else
#define SB_X86 0
#endif

/* The architecture this build is for, as unavailable() names it. */
#if defined(__x86_64__)
#define SB_BUILD_ARCH "x86-64"
#elif defined(__i386__)
#define SB_BUILD_ARCH "32-bit x86"
#elif defined(__aarch64__)
#define SB_BUILD_ARCH "aarch64"
#else
#define SB_BUILD_ARCH "a non-x86 architecture"
#endif

/* The reason a kernel needing x86 extension(s) `isa` (a string literal) gives elsewhere:
 * "needs x86 AVX2 (this build is for aarch64)"; SB_BUILD_FOR is its closing part. */
#define SB_BUILD_FOR " (this build is for " SB_BUILD_ARCH ")"
#define SB_NEEDS_X86(isa) "needs x86 " isa SB_BUILD_FOR

/* SB_FALLBACK_LOOKUPS(p): static inline p_rook, p_bishop and p_queen (rook | bishop; unused
 * where the kernel's loops make their own queen) that
 * answer with the reference ray walk, for a kernel whose unavailable() refuses this build:
 * they are never run, and stand in for the lookups so the loops and the perft generator
 * expand as everywhere else. */
#define SB_FALLBACK_LOOKUPS(p)                                                            \
	static inline uint64_t p##_rook(unsigned sq, uint64_t occ)                        \
	{                                                                                 \
		return sb_ref_rook(sq, occ);                                              \
	}                                                                                 \
	static inline uint64_t p##_bishop(unsigned sq, uint64_t occ)                      \
	{                                                                                 \
		return sb_ref_bishop(sq, occ);                                            \
	}                                                                                 \
	static inline __attribute__((unused)) uint64_t p##_queen(unsigned sq, uint64_t occ) \
	{                                                                                 \
		return sb_ref_rook(sq, occ) | sb_ref_bishop(sq, occ);                     \
	}

#endif /* SB_ISA_H */
