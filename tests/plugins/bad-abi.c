/* bad-abi.c - a plugin built against an ABI version no slidebench reads: must be refused.  A
 * fixed number far beyond SB_ABI_VERSION, so the refusal message tests/test_cli.sh expects does
 * not change with SB_ABI_VERSION (tests/test_abi.sh refuses SB_ABI_VERSION + 1). */
#include "kernel.h"

static inline uint64_t bad_rook(unsigned sq, uint64_t occ) { return occ ^ sq; }
static inline uint64_t bad_bishop(unsigned sq, uint64_t occ) { return occ ^ sq; }

SB_DEFINE_LOOPS(bad, bad_rook, bad_bishop)

static const struct sb_kernel bad_abi = {
	.abi_version = 42,
	.name = "bad-abi", .family = "test", .description = "wrong ABI version",
	.word_bits = 64, .rook = bad_rook_ptr, .bishop = bad_bishop_ptr, .run = bad_run,
};
SB_REGISTER(bad_abi);
