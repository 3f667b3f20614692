/* misbehaving-run.c - correct attacks (example-plugin's shifts), but run() misbehaves after
 * SB_MISBEHAVE_AFTER calls in one process (default 1000000, i.e. never in a short run):
 * SB_MISBEHAVE=crash (SIGSEGV), hang (loops forever), exit (exit(0)) or zeros (returns 0: goes idle).  The probe and the
 * verification pass; the timed samples do not (D6).  Built with -DMB_NAME='"..."'
 * by tests/test_hardening.sh for the descriptor-name checks (D5, D11). */
#include <stdlib.h>
#include <string.h>

#include "kernel.h"

#ifndef MB_NAME
#define MB_NAME "misbehaving-run"
#endif
#define NOT_A 0xFEFEFEFEFEFEFEFEULL
#define NOT_H 0x7F7F7F7F7F7F7F7FULL

/* Returns the squares reached from bb stepping by `shift` under `keep`, up to a blocker. */
static inline uint64_t ray(uint64_t bb, int shift, uint64_t keep, uint64_t occ)
{
	uint64_t att = 0;

	for (int i = 0; i < 7; i++) {
		bb = (shift > 0 ? bb << shift : bb >> -shift) & keep;
		att |= bb;
		bb &= ~occ;
	}
	return att;
}

static inline uint64_t mb_rook(unsigned sq, uint64_t occ)
{
	uint64_t b = 1ULL << sq;

	return ray(b, 8, ~0ULL, occ) | ray(b, -8, ~0ULL, occ) | ray(b, 1, NOT_A, occ) |
	       ray(b, -1, NOT_H, occ);
}

static inline uint64_t mb_bishop(unsigned sq, uint64_t occ)
{
	uint64_t b = 1ULL << sq;

	return ray(b, 9, NOT_A, occ) | ray(b, 7, NOT_H, occ) | ray(b, -7, NOT_A, occ) |
	       ray(b, -9, NOT_H, occ);
}

SB_DEFINE_LOOPS(mb, mb_rook, mb_bishop)

static const uint64_t *volatile mb_null;

/* Returns mb_run's result until the call limit, then misbehaves as SB_MISBEHAVE says. */
__attribute__((no_sanitize("address", "undefined")))
static uint64_t mb_run_counted(enum sb_loop loop, const struct sb_input *in)
{
	static long calls, after = -1;
	const char *how = getenv("SB_MISBEHAVE");

	if (after < 0)
		after = getenv("SB_MISBEHAVE_AFTER") ? atol(getenv("SB_MISBEHAVE_AFTER")) : 1000000;
	if (++calls > after && how) {
		if (!strcmp(how, "crash"))
			return *mb_null;
		if (!strcmp(how, "exit"))
			exit(0);
		if (!strcmp(how, "hang"))
			for (volatile int spin = 1; spin;)
				;
		if (!strcmp(how, "zeros"))
			return 0;
	}
	return mb_run(loop, in);
}

static const struct sb_kernel misbehaving_run = {
	.abi_version = SB_ABI_VERSION,
	.name = MB_NAME, .family = "test", .description = "run() misbehaves after N calls",
	.word_bits = 64, .branching = SB_BRANCHLESS,
	.rook = mb_rook_ptr, .bishop = mb_bishop_ptr, .run = mb_run_counted,
};
SB_REGISTER(misbehaving_run);
