/* crashing-trace.c - correct lookups, and every loop passes the probe's small made-up inputs,
 * but its position loop dereferences NULL on more than 100 positions (a real trace): bench's
 * trial of its verification in a child must catch it, so only this plugin is lost. */
#include "kernel.h"
#include "lines.h"

static const uint64_t *volatile ct_table;  /* never set: NULL */

static inline uint64_t ct_rook(unsigned sq, uint64_t occ) { return sb_ref_rook(sq, occ); }
static inline uint64_t ct_bishop(unsigned sq, uint64_t occ) { return sb_ref_bishop(sq, occ); }

SB_DEFINE_LOOPS(ct, ct_rook, ct_bishop)

/* Returns ct_run's checksum, but crashes with SIGSEGV in the position loop on a long input
 * (the sanitizers keep out, so it is a real crash). */
__attribute__((no_sanitize("address", "undefined")))
static uint64_t ct_run_crashing(enum sb_loop loop, const struct sb_input *in)
{
	if (loop == SB_LOOP_POSITION && in->npos > 100)
		return ct_table[in->npos & 7];
	return ct_run(loop, in);
}

static const struct sb_kernel crashing_trace = {
	.abi_version = SB_ABI_VERSION,
	.name = "crashing-trace", .family = "test",
	.description = "position loop dereferences NULL on a long input",
	.word_bits = 64, .rook = ct_rook_ptr, .bishop = ct_bishop_ptr, .run = ct_run_crashing,
};
SB_REGISTER(crashing_trace);
