/* null_kernel.c - the baseline: the loops of kernel.h around a lookup that costs one XOR.
 * Its time per sample is subtracted from every kernel's in the same sample (in the pressure
 * loop it touches the same working-set lines as the kernels, so the touching cancels).
 * Peer and peer-random figures are quoted gross (MQueens/s from the raw loop time, as the
 * Chess_Movegen peer reports its own); the null's time there is the loop's own overhead.
 * Pointer mode's loop lives here too: this file is compiled with the kernels' flags. */
#include "bench/null_kernel.h"

static inline uint64_t null_rook(unsigned sq, uint64_t occ) { return occ ^ sq; }
static inline uint64_t null_bishop(unsigned sq, uint64_t occ) { return occ ^ sq; }

SB_DEFINE_LOOPS(null, null_rook, null_bishop)
SB_DEFINE_POINTER_LOOP(sb_pointer_stream)

const struct sb_kernel sb_null_kernel = {
	.abi_version = SB_ABI_VERSION,
	.name = "null",
	.family = "baseline",
	.description = "baseline: loads the query and returns occ ^ sq",
	.word_bits = 32,
	.branching = SB_BRANCHLESS,
	.rook = null_rook_ptr,
	.bishop = null_bishop_ptr,
	.run = null_run,
};
