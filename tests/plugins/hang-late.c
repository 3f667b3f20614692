/* hang-late.c - correct attacks, but run() sleeps forever from its 21st call in a process:
 * the probe (a dozen calls) passes, and the hang comes in bench's trial of its preparation
 * and verification on the run's inputs, which SLIDEBENCH_PLUGIN_TIMEOUT must bound (the
 * plugin refused by name, the other kernels timed) and which must not outlive a killed bench
 * (tests/test_hardening2.sh). */
#include <unistd.h>

#include "kernel.h"
#include "lines.h"

static inline uint64_t hl_rook(unsigned sq, uint64_t occ) { return sb_ref_rook(sq, occ); }
static inline uint64_t hl_bishop(unsigned sq, uint64_t occ) { return sb_ref_bishop(sq, occ); }

SB_DEFINE_LOOPS(hl, hl_rook, hl_bishop)

/* Returns hl_run's result for the first 20 calls; then sleeps forever. */
static uint64_t hl_run_late(enum sb_loop loop, const struct sb_input *in)
{
	static long calls;

	while (++calls > 20)
		pause();
	return hl_run(loop, in);
}

static const struct sb_kernel hang_late = {
	.abi_version = SB_ABI_VERSION,
	.name = "hang-late", .family = "test", .description = "run() sleeps forever from its 21st call",
	.word_bits = 64, .rook = hl_rook_ptr, .bishop = hl_bishop_ptr, .run = hl_run_late,
};
SB_REGISTER(hang_late);
