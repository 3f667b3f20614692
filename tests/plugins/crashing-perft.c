/* crashing-perft.c - correct lookups and loops, but its perft loop dereferences NULL: the
 * probe's perft step must catch it ("its perft loop ... crashed (SIGSEGV)"), so that bench's
 * perft mode, verify and perft lose only this plugin. */
#include "kernel.h"
#include "lines.h"

static const uint64_t *volatile cp_table;  /* never set: NULL */

static inline uint64_t cp_rook(unsigned sq, uint64_t occ) { return sb_ref_rook(sq, occ); }
static inline uint64_t cp_bishop(unsigned sq, uint64_t occ) { return sb_ref_bishop(sq, occ); }

SB_DEFINE_LOOPS(cp, cp_rook, cp_bishop)

/* Returns cp_run's checksum, but crashes with SIGSEGV in the perft loop (the sanitizers keep
 * out, so it is a real crash). */
__attribute__((no_sanitize("address", "undefined")))
static uint64_t cp_run_crashing(enum sb_loop loop, const struct sb_input *in)
{
	if (loop == SB_LOOP_PERFT && in->nperft)
		return cp_table[in->depth];
	return cp_run(loop, in);
}

static const struct sb_kernel crashing_perft = {
	.abi_version = SB_ABI_VERSION,
	.name = "crashing-perft", .family = "test", .description = "perft loop dereferences NULL",
	.word_bits = 64, .rook = cp_rook_ptr, .bishop = cp_bishop_ptr, .run = cp_run_crashing,
};
SB_REGISTER(crashing_perft);
