/* crashing-lookup.c - init() is fine, but the rook lookup dereferences NULL: the probe's
 * first lookups must catch it ("its first lookups and loops crashed (SIGSEGV)"). */
#include "kernel.h"

static const uint64_t *volatile cl_table;  /* never set: NULL */

/* Crashes with SIGSEGV (the sanitizers keep out, so it is a real crash). */
__attribute__((no_sanitize("address", "undefined")))
static uint64_t cl_rook(unsigned sq, uint64_t occ) { return cl_table[sq] ^ occ; }
static inline uint64_t cl_bishop(unsigned sq, uint64_t occ) { return occ ^ sq; }

SB_DEFINE_LOOPS(cl, cl_rook, cl_bishop)

static const struct sb_kernel crashing_lookup = {
	.abi_version = SB_ABI_VERSION,
	.name = "crashing-lookup", .family = "test", .description = "rook() dereferences NULL",
	.word_bits = 64, .rook = cl_rook_ptr, .bishop = cl_bishop_ptr, .run = cl_run,
};
SB_REGISTER(crashing_lookup);
