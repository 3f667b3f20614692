/* crashing-init.c - init() dereferences NULL: the plugin must be refused with the signal
 * named ("init() crashed (SIGSEGV)") and the other kernels must still run. */
#include "kernel.h"

static inline uint64_t ci_rook(unsigned sq, uint64_t occ) { return occ ^ sq; }
static inline uint64_t ci_bishop(unsigned sq, uint64_t occ) { return occ ^ sq; }

static int *volatile ci_table;  /* never set: NULL */

/* Crashes with SIGSEGV; the sanitizers are told to keep out so it is a real crash. */
__attribute__((no_sanitize("address", "undefined")))
static int ci_init(void)
{
	return *ci_table;
}

SB_DEFINE_LOOPS(ci, ci_rook, ci_bishop)

static const struct sb_kernel crashing_init = {
	.abi_version = SB_ABI_VERSION,
	.name = "crashing-init", .family = "test", .description = "init() dereferences NULL",
	.word_bits = 64, .init = ci_init, .rook = ci_rook_ptr, .bishop = ci_bishop_ptr,
	.run = ci_run,
};
SB_REGISTER(crashing_init);
