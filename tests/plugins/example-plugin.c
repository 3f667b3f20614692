/* example-plugin.c - a complete kernel plugin written outside the tree (README: "Writing a
 * plugin").  It needs only kernels/kernel.h:
 *   gcc -O2 -march=native -shared -fPIC -DSB_PLUGIN -I SLIDEBENCH/kernels \
 *       example-plugin.c -o example-plugin.so
 *   bin/slidebench verify --plugin ./example-plugin.so --kernel example-plugin
 *   bin/slidebench bench  --plugin ./example-plugin.so --kernel example-plugin,reference
 * The technique: walk each ray with a shift until a blocker or the board edge (file masks stop
 * the east/west shifts from wrapping).
 * SB_DEFINE_LOOPS gives it every timed loop of the ABI (enum sb_loop: the rook, bishop and
 * queen streams and chains, position, pressure, peer, peer-random and perft), each 64-byte
 * aligned, with the two lookups inlined; the harness builds pointer mode's loop from the same
 * stream loop.  Build it with the in-tree kernel flags for figures
 * comparable to the built-in kernels' (make prints them; -falign-functions=64 and
 * -falign-loops=64 among them).  .abi_version records the kernel.h it was built against: a
 * later slidebench still loads it, and reports a mode whose loop came later unavailable for
 * it until it is rebuilt (docs/plugins.md). */
#include "kernel.h"

#define NOT_A 0xFEFEFEFEFEFEFEFEULL
#define NOT_H 0x7F7F7F7F7F7F7F7FULL

/* Returns the squares reached from bb stepping by `shift` (positive: left) under `keep`,
 * stopping after the first occupied square. */
static inline uint64_t ray(uint64_t bb, int shift, uint64_t keep, uint64_t occ)
{
	uint64_t att = 0;

	for (int i = 0; i < 7; i++) {
		bb = (shift > 0 ? bb << shift : bb >> -shift) & keep;
		att |= bb;
		bb &= ~occ;
	}
	return att;
}

static inline uint64_t ex_rook(unsigned sq, uint64_t occ)
{
	uint64_t b = 1ULL << sq;

	return ray(b, 8, ~0ULL, occ) | ray(b, -8, ~0ULL, occ) | ray(b, 1, NOT_A, occ) |
	       ray(b, -1, NOT_H, occ);
}

static inline uint64_t ex_bishop(unsigned sq, uint64_t occ)
{
	uint64_t b = 1ULL << sq;

	return ray(b, 9, NOT_A, occ) | ray(b, 7, NOT_H, occ) | ray(b, -7, NOT_A, occ) |
	       ray(b, -9, NOT_H, occ);
}

SB_DEFINE_LOOPS(ex, ex_rook, ex_bishop)

static const struct sb_kernel example_plugin = {
	.abi_version = SB_ABI_VERSION,
	.name = "example-plugin",
	.family = "fill",
	.description = "example plugin: seven masked shifts per ray, no tables",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	.table_bytes = 0,
	.rook = ex_rook_ptr,
	.bishop = ex_bishop_ptr,
	.run = ex_run,
};
SB_REGISTER(example_plugin);
