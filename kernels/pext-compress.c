/* pext-compress.c - PEXT bitboards with pext done in software by the parallel-suffix compress
 * of Hacker's Delight (section 7-4, "compress"), no loop and no branch: the table and its
 * layout are pext.c's (att[sq][pext(occ, mask)]), and the index is the occupancy's mask bits
 * moved right in six rounds, round i moving each bit by 2^i if the count of mask zeros below
 * it has bit i set.  What each round moves depends on the mask alone, so the six move masks
 * are worked out in init(), as Zach Wegner's zp7 polyfill does for a mask used many times;
 * a lookup is then an AND and six rounds of AND, XOR, shift, OR.
 * pext-emulated is the same table indexed by the textbook loop over the mask's bits (the
 * peer's "Pext Emulated"); this is the same approach without the loop, what an engine on a
 * CPU without BMI2 (or with a slow microcoded pext, AMD before Zen 3) would write.
 * Sources: Hacker's Delight (Warren, 2nd ed.), 7-4 Compress; zp7 (Zach Wegner, 2020); PEXT
 * bitboards (chessprogramming wiki, BMI2).  Written from the description. */
#include "kernel.h"
#include "lines.h"
#include "pext_layout.h"

#define PC_ROUNDS 6

/* One square: the six move masks, the mask, and the square's slice (one cache line). */
struct pc_sq {
	uint64_t move[PC_ROUNDS];
	uint64_t mask;
	const uint64_t *att;
};

static struct pc_sq pc_rook_sq[64], pc_bishop_sq[64];
static uint64_t pc_tab[SB_PEXT_ENTRIES];

/* Returns pext(occ, s->mask): round i moves the bits of s->move[i] right by 2^i. */
static inline uint64_t pc_pext(const struct pc_sq *s, uint64_t occ)
{
	uint64_t x = occ & s->mask;

#pragma GCC unroll 6
	for (unsigned i = 0; i < PC_ROUNDS; i++) {
		uint64_t t = x & s->move[i];

		x = (x ^ t) | (t >> (1u << i));
	}
	return x;
}

/* Fills move[] for mask: a mask bit moves in round i when the number of zeros below it (in
 * the mask as compressed by the rounds before) has bit i set.  mk marks the zeros, shifted
 * one up so that a bit's prefix XOR counts the zeros strictly below it. */
static void pc_moves(uint64_t mask, uint64_t move[PC_ROUNDS])
{
	uint64_t m = mask, mk = ~mask << 1;

	for (unsigned i = 0; i < PC_ROUNDS; i++) {
		uint64_t mp = mk ^ (mk << 1);

		for (unsigned s = 2; s < 64; s <<= 1)
			mp ^= mp << s;
		move[i] = mp & m;
		m = (m ^ move[i]) | (move[i] >> (1u << i));
		mk &= ~mp;
	}
}

/* Returns 0 once the pext layout and the move masks are built. */
static int pc_init(void)
{
	struct sb_pext_slice rook[64], bishop[64];	/* the shared layout's slices, copied */
	static int done;

	if (done)
		return 0;
	if (sb_pext_layout_fill(pc_tab, rook, bishop, "pext-compress") < 0)
		return -1;
	for (unsigned sq = 0; sq < 64; sq++) {
		pc_rook_sq[sq].mask = rook[sq].mask;
		pc_rook_sq[sq].att = rook[sq].att;
		pc_moves(rook[sq].mask, pc_rook_sq[sq].move);
		pc_bishop_sq[sq].mask = bishop[sq].mask;
		pc_bishop_sq[sq].att = bishop[sq].att;
		pc_moves(bishop[sq].mask, pc_bishop_sq[sq].move);
	}
	done = 1;
	return 0;
}

/* Returns the rook attacks from sq: six rounds and one load. */
static inline uint64_t pc_rook(unsigned sq, uint64_t occ)
{
	return pc_rook_sq[sq].att[pc_pext(&pc_rook_sq[sq], occ)];
}

/* Returns the bishop attacks from sq. */
static inline uint64_t pc_bishop(unsigned sq, uint64_t occ)
{
	return pc_bishop_sq[sq].att[pc_pext(&pc_bishop_sq[sq], occ)];
}

SB_DEFINE_LOOPS(pc, pc_rook, pc_bishop)

static const struct sb_kernel pext_compress = {
	.abi_version = SB_ABI_VERSION,
	.name = "pext-compress",
	.family = "pext",
	.description = "PEXT bitboards with a software pext without a loop: Hacker's Delight's "
		       "parallel-suffix compress, six rounds whose move masks init() works out "
		       "per square (zp7), pext's 841 KB table, no BMI2 needed",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof pc_rook_sq + sizeof pc_bishop_sq + sizeof pc_tab,
	.init = pc_init,
	.rook = pc_rook_ptr,
	.bishop = pc_bishop_ptr,
	.run = pc_run,
};
SB_REGISTER(pext_compress);
