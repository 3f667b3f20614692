/* hypercube.c - HyperCube (Daniel Infuehr, CCC talkchess t=79004 p916723; timed as "HyperCube"
 * in Chess_Movegen): the pext table layout (pext_layout.h) indexed by no computation at all.
 * Every square's pext index, pext(occ, mask) for the rook and for the bishop mask, is kept as
 * 16-bit position state ("a cube delta representation of all pext configurations during
 * makemove"): when a square c changes, each square s whose mask holds c toggles the bit that c
 * has in s's index.  A lookup is then one load, att[sq][cfg[sq]], with no multiply, no pext
 * and no BMI2.  The peer unrolls the toggles into a switch per square; here each square has a
 * list of (square, bit) toggles (at most 14 rook + 13 bishop, 128 bytes).
 *
 * As rotated.c does for its rotated boards, the position and pressure loops keep the indices
 * as running state, stepped before each position by the squares that changed since the last
 * one (a move's two to four squares; a whole board at a game boundary), which is timed.  The
 * stream loops read indices prepare() derived per query outside the timed region (they time
 * the lookups alone); the chain and peer loops and the pointer lookups have no previous
 * position, so they derive each index from the occupancy with the software pext. */
#include <stdlib.h>
#include <string.h>

#include "kernel.h"
#include "lines.h"
#include "pext_layout.h"

#define HC_MAX_TOGGLES 28	/* 14 rook + 13 bishop masks hold a square at most */

/* One toggle: when its square changes, cfg[bishop][sq] ^= bit. */
struct hc_toggle {
	uint8_t bishop, sq;
	uint16_t bit;
};

/* A query's or a square's pair of indices: [0] rook, [1] bishop. */
struct hc_idx {
	uint16_t ix[2];
};

/* The position loops' running state: the occupancy and every square's two indices. */
struct hc_state {
	uint64_t occ;
	struct hc_idx cfg[64];
};

static struct sb_pext_slice hc_sq[2][64];
static uint64_t hc_tab[SB_PEXT_ENTRIES];
static struct hc_toggle hc_toggles[64][HC_MAX_TOGGLES];
static uint8_t hc_ntoggles[64];

/* Returns 0 once the table and the toggle lists are built (the second call is free). */
static int hc_init(void)
{
	static int done;

	if (done)
		return 0;
	if (sb_pext_layout_fill(hc_tab, hc_sq[0], hc_sq[1], "hypercube") < 0)
		return -1;
	for (unsigned s = 0; s < 64; s++) {
		for (unsigned b = 0; b < 2; b++) {
			unsigned k = 0;

			for (uint64_t m = hc_sq[b][s].mask; m; m &= m - 1, k++) {
				unsigned c = sb_lsb(m);

				hc_toggles[c][hc_ntoggles[c]++] = (struct hc_toggle){
					(uint8_t)b, (uint8_t)s, (uint16_t)(1u << k) };
			}
		}
	}
	done = 1;
	return 0;
}

/* Returns the rook attacks from sq given its rook index r (occ and the bishop index b are
 * there for the loops' common call and unused). */
static inline uint64_t hc_rook_i(unsigned sq, uint64_t occ, unsigned r, unsigned b)
{
	(void)occ;
	(void)b;
	return hc_sq[0][sq].att[r];
}

/* Returns the bishop attacks from sq given its bishop index b. */
static inline uint64_t hc_bishop_i(unsigned sq, uint64_t occ, unsigned r, unsigned b)
{
	(void)occ;
	(void)r;
	return hc_sq[1][sq].att[b];
}

/* Returns the queen attacks from sq given both indices. */
static inline uint64_t hc_queen_i(unsigned sq, uint64_t occ, unsigned r, unsigned b)
{
	(void)occ;
	return hc_sq[0][sq].att[r] | hc_sq[1][sq].att[b];
}

/* Returns the rook attacks from sq, the index by software pext (no running state). */
static inline uint64_t hc_rook_soft(unsigned sq, uint64_t occ)
{
	return hc_sq[0][sq].att[sb_pext_soft(occ, hc_sq[0][sq].mask)];
}

/* Returns the bishop attacks from sq, the index by software pext. */
static inline uint64_t hc_bishop_soft(unsigned sq, uint64_t occ)
{
	return hc_sq[1][sq].att[sb_pext_soft(occ, hc_sq[1][sq].mask)];
}

/* Returns the queen attacks from sq, both indices by software pext. */
static inline uint64_t hc_queen_soft(unsigned sq, uint64_t occ)
{
	return hc_rook_soft(sq, occ) | hc_bishop_soft(sq, occ);
}

/* Brings st from its occupancy to occ: each changed square toggles its bit in every index
 * that holds it.  Where more squares changed than occ has (an unrelated board: a game
 * boundary, or the peer loops' random occupancies), the indices start again from the empty
 * board and only occ's squares toggle, as the peer's Prepare() does (a random board of the
 * peer loops: some 16 occupied squares against some 24 changed). */
static inline void hc_step(struct hc_state *st, uint64_t occ)
{
	uint64_t chg = st->occ ^ occ;

	if (sb_popcount(chg) > sb_popcount(occ)) {
		memset(st->cfg, 0, sizeof st->cfg);
		chg = occ;
	}
	for (; chg; chg &= chg - 1) {
		unsigned c = sb_lsb(chg);
		const struct hc_toggle *t = hc_toggles[c];

		for (unsigned k = 0; k < hc_ntoggles[c]; k++)
			st->cfg[t[k].sq].ix[t[k].bishop] ^= t[k].bit;
	}
	st->occ = occ;
}

/* The lookups' indices: query i's from prepare() in the stream loops, the running state's in
 * the position loops. */
#define HC_Q_(F, in, i, s, o)                                                           \
	F((s), (o), ((const struct hc_idx *)(in)->aux)[i].ix[0],                        \
	  ((const struct hc_idx *)(in)->aux)[i].ix[1])
#define HC_P_(F, in, i, s, o) F((s), (o), hs_.cfg[s].ix[0], hs_.cfg[s].ix[1])
#define HC_STATE_DECL_(in) struct hc_state hs_ = { 0, { { { 0, 0 } } } };
#define HC_STATE_STEP_(in, o) hc_step(&hs_, (o));

SB_DEFINE_LOOPS_WITH(hcl, hc_rook_i, hc_bishop_i, hc_queen_i, HC_Q_, HC_P_, HC_STATE,
		     hc_rook_soft, hc_bishop_soft, hc_queen_soft)

/* Returns the rook attacks from sq (the descriptor's pointer: software pext). */
static uint64_t hc_rook_ptr(unsigned sq, uint64_t occ)
{
	return hc_rook_soft(sq, occ);
}

/* Returns the bishop attacks from sq (the descriptor's pointer: software pext). */
static uint64_t hc_bishop_ptr(unsigned sq, uint64_t occ)
{
	return hc_bishop_soft(sq, occ);
}

/* Returns 0 after deriving every query's two indices into in->aux (nothing for queries without
 * squares, the peer loop's); -1 when out of memory. */
static int hc_prepare(struct sb_input *in)
{
	struct hc_idx *q;

	in->aux = NULL;
	if (!in->q.sq)
		return 0;
	/* on pages of its own, as the harness puts the queries */
	q = aligned_alloc(4096, ((in->q.n + 1) * sizeof *q + 4095) & ~(size_t)4095);
	if (!q)
		return -1;
	for (size_t i = 0; i < in->q.n; i++) {
		unsigned sq = in->q.sq[i];

		q[i].ix[0] = (uint16_t)sb_pext_soft(in->q.occ[i], hc_sq[0][sq].mask);
		q[i].ix[1] = (uint16_t)sb_pext_soft(in->q.occ[i], hc_sq[1][sq].mask);
	}
	in->aux = q;
	return 0;
}

/* Frees what hc_prepare() hung on in->aux. */
static void hc_release(struct sb_input *in)
{
	free((void *)in->aux);
	in->aux = NULL;
}

/* Returns the checksum of one timed loop; a stream loop without prepare()'s aux prepares a
 * copy. */
static uint64_t hc_run(enum sb_loop loop, const struct sb_input *in)
{
	int stream = loop == SB_LOOP_ROOK_STREAM || loop == SB_LOOP_BISHOP_STREAM ||
		     loop == SB_LOOP_QUEEN_STREAM;

	if (stream && !in->aux) {
		struct sb_input tmp = *in;
		uint64_t sum;

		if (hc_prepare(&tmp) < 0 || !tmp.aux)
			return 0;
		sum = hc_run(loop, &tmp);
		hc_release(&tmp);
		return sum;
	}
	return hcl_run(loop, in);
}

static const struct sb_kernel hypercube = {
	.abi_version = SB_ABI_VERSION,
	.name = "hypercube",
	.family = "pext",
	.description = "HyperCube (Daniel Infuehr): every square's pext indices kept as position "
		       "state, toggled per changed square, lookup = att[sq][cfg[sq]] in pext's "
		       "layout (talkchess t=79004; Chess_Movegen \"HyperCube\")",
	.word_bits = 64,
	/* the lookup itself; the state step and the software pext (chain, peer, pointer) loop */
	.branching = SB_BRANCHLESS,
	/* The pext-layout table, its slices and the toggle lists; the running indices (264
	 * bytes) are the position loop's state, like rotated.c's rotated boards. */
	.table_bytes = sizeof hc_sq + sizeof hc_tab + sizeof hc_toggles + sizeof hc_ntoggles,
	.init = hc_init,
	.rook = hc_rook_ptr,
	.bishop = hc_bishop_ptr,
	.run = hc_run,
	.prepare = hc_prepare,
	.release = hc_release,
};
SB_REGISTER(hypercube);
