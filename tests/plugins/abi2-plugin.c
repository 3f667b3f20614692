/* abi2-plugin.c - a plugin as one built against ABI version 2 is: its descriptor has that
 * version's fields only (no sibling, question or simd), and its run() has that version's loops
 * only (no perft, no peer-random: it returns 0 for them, as such a plugin's switch does).  The
 * harness must load it, verify it and bench it in every mode but those two, which it reports
 * unavailable for it; tests/test_abi.sh checks.  Right after the descriptor lie words that
 * would be a bad sibling, question and simd: a harness that read the descriptor past its
 * version's end would refuse the plugin for them. */
#include "kernel.h"
#include "lines.h"

/* The version 2 descriptor, field for field. */
struct sb_kernel_v2 {
	int abi_version;
	const char *name, *family, *description;
	int word_bits;
	enum sb_branching branching;
	size_t table_bytes;
	int (*init)(void);
	const char *(*unavailable)(void);
	sb_lookup_fn rook, bishop;
	uint64_t (*run)(enum sb_loop loop, const struct sb_input *in);
	int (*prepare)(struct sb_input *in);
	void (*release)(struct sb_input *in);
};

/* The reference ray walk (lines.h: its tables are constants, nothing to build). */
static inline uint64_t old_rook(unsigned sq, uint64_t occ) { return sb_ref_rook(sq, occ); }
static inline uint64_t old_bishop(unsigned sq, uint64_t occ) { return sb_ref_bishop(sq, occ); }

SB_DEFINE_LOOPS(old, old_rook, old_bishop)

/* Returns the checksum of loop l over in: version 2's loops, and 0 for any later one. */
static uint64_t v2_run(enum sb_loop l, const struct sb_input *in)
{
	return l == SB_LOOP_PERFT || l == SB_LOOP_PEER_RANDOM ? 0 : old_run(l, in);
}

static const struct {
	struct sb_kernel_v2 k;
	const char *sibling;   /* would be refused: not a kernel name */
	int question, simd;    /* would be refused: out of range */
} v2 = {
	.k = {
		.abi_version = 2,
		.name = "abi2-plugin", .family = "fill",
		.description = "a version 2 plugin: the reference ray walk", .word_bits = 64,
		.rook = old_rook_ptr, .bishop = old_bishop_ptr, .run = v2_run,
	},
	.sibling = "Not A Name!", .question = 99, .simd = 7,
};
__attribute__((visibility("default"))) const void *const sb_plugin_kernel = &v2.k;
