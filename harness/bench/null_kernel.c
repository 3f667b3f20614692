/* null_kernel.c - the baseline: the loops of kernel.h around a lookup that costs one XOR.
 * Its time per sample is subtracted from every kernel's in the same sample (in the pressure
 * loop it touches the same working-set lines as the kernels, so the touching cancels).
 * In the peer loop its 64 lookups per occupancy cancel (occ ^ sq XORed over all 64 squares
 * is 0), so that loop compiles to `return 0` and peer figures are the raw loop time, as the
 * Chess_Movegen peer reports its own.
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
