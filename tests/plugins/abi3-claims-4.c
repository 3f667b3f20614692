/* abi3-claims-4.c - a plugin built against ABI version 3 that says 4: its lookups are right,
 * but its run() has version 3's loops only and returns 0 for the peer-random loop version 4
 * added.  verify must check every loop its ABI version has against the reference's checksum
 * and fail it there (tests/test_hardening2.sh), as bench does. */
#include "kernel.h"
#include "lines.h"

static inline uint64_t a3_rook(unsigned sq, uint64_t occ) { return sb_ref_rook(sq, occ); }
static inline uint64_t a3_bishop(unsigned sq, uint64_t occ) { return sb_ref_bishop(sq, occ); }

SB_DEFINE_LOOPS(a3, a3_rook, a3_bishop)

/* Returns the checksum of loop l over in: version 3's loops, and 0 for peer-random. */
static uint64_t a3_run_v3(enum sb_loop l, const struct sb_input *in)
{
	return l == SB_LOOP_PEER_RANDOM ? 0 : a3_run(l, in);
}

static const struct sb_kernel abi3_claims_4 = {
	.abi_version = 4,
	.name = "abi3-claims-4", .family = "test",
	.description = "version 3's loops under a version 4 descriptor",
	.word_bits = 64, .rook = a3_rook_ptr, .bishop = a3_bishop_ptr, .run = a3_run_v3,
};
SB_REGISTER(abi3_claims_4);
