/* no-valgrind.c - correct attacks, but any code of it run under valgrind executes an
 * instruction that raises SIGILL (ud2), as a -march=native build's AVX-512 does under
 * valgrind 3.19.  bench --simulate must time it natively and leave its simulated cells empty
 * with one line saying why, not refuse it (tests/test_hardening2.sh).  Without valgrind's
 * headers it is a plain kernel. */
#include "kernel.h"
#include "lines.h"
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#else
#define RUNNING_ON_VALGRIND 0
#endif

/* Raises SIGILL under valgrind. */
static inline void nv_check(void)
{
	if (RUNNING_ON_VALGRIND)
		__builtin_trap();
}

static inline uint64_t nv_rook(unsigned sq, uint64_t occ) { return sb_ref_rook(sq, occ); }
static inline uint64_t nv_bishop(unsigned sq, uint64_t occ) { return sb_ref_bishop(sq, occ); }

SB_DEFINE_LOOPS(nv, nv_rook, nv_bishop)

/* Returns nv_run's result; SIGILL under valgrind. */
static uint64_t nv_run_native(enum sb_loop loop, const struct sb_input *in)
{
	nv_check();
	return nv_run(loop, in);
}

static const struct sb_kernel no_valgrind = {
	.abi_version = SB_ABI_VERSION,
	.name = "no-valgrind", .family = "test",
	.description = "runs natively; SIGILL under valgrind",
	.word_bits = 64, .rook = nv_rook_ptr, .bishop = nv_bishop_ptr, .run = nv_run_native,
};
SB_REGISTER(no_valgrind);
