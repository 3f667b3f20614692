/* abi-newer.c - a plugin built against a newer ABI than this slidebench's (SB_ABI_VERSION + 1):
 * refused, by name, with what to do (tests/test_abi.sh). */
#include "kernel.h"

static inline uint64_t newer_rook(unsigned sq, uint64_t occ) { return occ ^ sq; }
static inline uint64_t newer_bishop(unsigned sq, uint64_t occ) { return occ ^ sq; }

SB_DEFINE_LOOPS(newer, newer_rook, newer_bishop)

static const struct sb_kernel abi_newer = {
	.abi_version = SB_ABI_VERSION + 1,
	.name = "abi-newer", .family = "test", .description = "a newer ABI version",
	.word_bits = 64, .rook = newer_rook_ptr, .bishop = newer_bishop_ptr, .run = newer_run,
};
SB_REGISTER(abi_newer);
