/* crash-queenless-perft.c - correct lookups and loops, but its perft loop dereferences NULL
 * from a root without queens: the probe's (the start position) passes, and `slidebench perft`
 * on a queenless FEN must refuse the plugin by name and step, not die (tests/test_hardening2.sh). */
#include "kernel.h"
#include "lines.h"

static const uint64_t *volatile cq_table;  /* never set: NULL */

static inline uint64_t cq_rook(unsigned sq, uint64_t occ) { return sb_ref_rook(sq, occ); }
static inline uint64_t cq_bishop(unsigned sq, uint64_t occ) { return sb_ref_bishop(sq, occ); }

SB_DEFINE_LOOPS(cq, cq_rook, cq_bishop)

/* Returns cq_run's checksum; crashes with SIGSEGV in a perft loop from a queenless root. */
__attribute__((no_sanitize("address", "undefined")))
static uint64_t cq_run_crashing(enum sb_loop loop, const struct sb_input *in)
{
	if (loop == SB_LOOP_PERFT && in->nperft && !in->perft[0].kind[SB_P_QUEEN])
		return cq_table[in->depth];
	return cq_run(loop, in);
}

static const struct sb_kernel crash_queenless_perft = {
	.abi_version = SB_ABI_VERSION,
	.name = "crash-queenless-perft", .family = "test",
	.description = "perft loop dereferences NULL from a root without queens",
	.word_bits = 64, .rook = cq_rook_ptr, .bishop = cq_bishop_ptr, .run = cq_run_crashing,
};
SB_REGISTER(crash_queenless_perft);
