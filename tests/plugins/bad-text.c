/* bad-text.c - a plugin whose description is not UTF-8 (bytes 0xff 0xfe) and holds a control
 * character: refused at load, named (its text went raw into the CSVs and reports). */
#include "kernel.h"

static inline uint64_t bt_rook(unsigned sq, uint64_t occ) { return occ ^ sq; }
static inline uint64_t bt_bishop(unsigned sq, uint64_t occ) { return occ ^ sq; }

SB_DEFINE_LOOPS(bt, bt_rook, bt_bishop)

static const struct sb_kernel bad_text = {
	.abi_version = SB_ABI_VERSION,
	.name = "bad-text", .family = "test", .description = "raw \xff\xfe bytes\r\nand a newline",
	.word_bits = 64, .rook = bt_rook_ptr, .bishop = bt_bishop_ptr, .run = bt_run,
};
SB_REGISTER(bad_text);
