/* rarely-wrong.c - loads fine, but about one bishop lookup in 512 (a hash of square and
 * occupancy) leaves out the lowest square it attacks: rare enough that a search meets it only
 * some hundred times a root, often enough that it does.  Bench's search mode must refuse it
 * with the first root whose nodes, best move or score differ from the reference's
 * (tests/test_search.sh). */
#include "kernel.h"
#include "lines.h"

static inline uint64_t rw_rook(unsigned sq, uint64_t occ) { return sb_ref_rook(sq, occ); }

static inline uint64_t rw_bishop(unsigned sq, uint64_t occ)
{
	uint64_t a = sb_ref_bishop(sq, occ);

	return ((occ ^ sq) * 0x9E3779B97F4A7C15ULL) >> 55 == 0 ? a & (a - 1) : a;
}

static int rw_init(void)
{
	sb_lines_init();
	return 0;
}

SB_DEFINE_LOOPS(rw, rw_rook, rw_bishop)

static const struct sb_kernel rarely_wrong = {
	.abi_version = SB_ABI_VERSION,
	.name = "rarely-wrong", .family = "test",
	.description = "one bishop lookup in 512 misses its lowest square",
	.word_bits = 64, .init = rw_init, .rook = rw_rook_ptr, .bishop = rw_bishop_ptr,
	.run = rw_run,
};
SB_REGISTER(rarely_wrong);
