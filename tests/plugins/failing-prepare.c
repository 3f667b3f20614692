/* failing-prepare.c - correct lookups, but prepare() fails (returns -1): bench must report
 * the kernel, time the others, and exit 1. */
#include "kernel.h"
#include "lines.h"

static inline uint64_t fp_rook(unsigned sq, uint64_t occ) { return sb_ref_rook(sq, occ); }
static inline uint64_t fp_bishop(unsigned sq, uint64_t occ) { return sb_ref_bishop(sq, occ); }

static int fp_init(void)
{
	sb_lines_init();
	return 0;
}

/* Fails: as a kernel would when it cannot allocate its per-input state. */
static int fp_prepare(struct sb_input *in)
{
	(void)in;
	return -1;
}

static void fp_release(struct sb_input *in) { (void)in; }

SB_DEFINE_LOOPS(fp, fp_rook, fp_bishop)

static const struct sb_kernel failing_prepare = {
	.abi_version = SB_ABI_VERSION,
	.name = "failing-prepare", .family = "test", .description = "prepare() returns -1",
	.word_bits = 64, .init = fp_init, .rook = fp_rook_ptr, .bishop = fp_bishop_ptr,
	.run = fp_run, .prepare = fp_prepare, .release = fp_release,
};
SB_REGISTER(failing_prepare);
