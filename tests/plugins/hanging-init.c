/* hanging-init.c - init() never returns: the probe's time limit (SLIDEBENCH_PLUGIN_TIMEOUT)
 * must refuse it ("init() did not finish in N s") and the other kernels must still run. */
#include <unistd.h>

#include "kernel.h"

static inline uint64_t hi_rook(unsigned sq, uint64_t occ) { return occ ^ sq; }
static inline uint64_t hi_bishop(unsigned sq, uint64_t occ) { return occ ^ sq; }

/* Sleeps forever (pause() returns only for a caught signal). */
static int hi_init(void)
{
	for (;;)
		pause();
	return 0;
}

SB_DEFINE_LOOPS(hi, hi_rook, hi_bishop)

static const struct sb_kernel hanging_init = {
	.abi_version = SB_ABI_VERSION,
	.name = "hanging-init", .family = "test", .description = "init() never returns",
	.word_bits = 64, .init = hi_init, .rook = hi_rook_ptr, .bishop = hi_bishop_ptr,
	.run = hi_run,
};
SB_REGISTER(hanging_init);
