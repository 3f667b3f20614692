/* rotated.c - rotated bitboards (Robert Hyatt's approach, chessprogramming "Rotated
 * Bitboards"): besides the occupancy itself, the board is kept in three rearranged copies in
 * which every file, diagonal and anti-diagonal lies within one byte, so each line's occupancy
 * is a shift and an AND away and indexes a per-square table of 64 attack sets.  Our layouts:
 * files by transposition (square (f, r) to bit 8f + r, the 90-degree turn), diagonals and
 * anti-diagonals by turning each file f down (up) by f ranks, the pseudo-rotation by 45 and
 * 315 degrees that puts each diagonal in one rank (two short ones share a rank).
 *
 * In an engine the rotated occupancies are position state updated incrementally with each
 * move.  The position and pressure loops do that, timed: they keep the occupancy and its
 * three rotations as running state, and before each position's lookups toggle every square
 * that changed since the previous position (the XOR of the two occupancies) in each board
 * through per-square bit tables, as an engine's make-move does; the positions are consecutive
 * plies of a game, so that is a move's two to four squares, and a whole board at a game
 * boundary (the first position starts from the empty board).  The stream loops' queries have
 * no "previous position", so they read rotations that prepare() derived per query into
 * in->aux outside the timed region: they time the lookups alone.  The chain loops fold the
 * previous result into the occupancy, so they derive the rotations from that dependent
 * occupancy inside the loop (three delta swaps for the transposition, three masked rotations
 * per diagonal direction): they time derivation plus lookup.  The peer loop derives them
 * once per occupancy, as the Chess_Movegen peer's Prepare() does (the 64 lookups share one
 * derivation after inlining).  The pointer lookups rook(sq, occ) / bishop(sq, occ) derive
 * the rotations themselves, likewise. */
#include <stdlib.h>

#include "kernel.h"
#include "lines.h"

/* One board's rotated occupancies (the plain occupancy serves the ranks). */
struct rot_occ {
	uint64_t file, diag, anti;
};

/* What prepare() hangs on in->aux: rotated occupancies per query (for the stream loops). */
struct rot_aux {
	struct rot_occ *q;
};

/* The position loops' running state: the occupancy and its rotations, kept incrementally. */
struct rot_state {
	uint64_t occ;
	struct rot_occ ro;
};

enum { ROT_RANK, ROT_FILE, ROT_DIAG, ROT_ANTI, ROT_LINES };

static uint64_t rot_att[ROT_LINES][64][64];	/* [line][sq][inner six bits of its byte] */
static uint8_t rot_shift[64][ROT_LINES];	/* where sq's line starts, plus one */
static struct rot_occ rot_sqbit[64];		/* sq's bit in each rotated board */

/* Returns the board transposed, (f, r) to (r, f): for k = 4, 2, 1 the squares whose file and
 * rank differ in bit k swap that bit, a delta swap of 7k over the squares with the file bit
 * set and the rank bit clear. */
static inline uint64_t rot_transpose(uint64_t bb)
{
	uint64_t t;

	t = (bb ^ (bb >> 28)) & 0x00000000F0F0F0F0ULL;	/* files e-h, ranks 1-4 */
	bb ^= t ^ (t << 28);
	t = (bb ^ (bb >> 14)) & 0x0000CCCC0000CCCCULL;	/* files c,d,g,h, ranks 1,2,5,6 */
	bb ^= t ^ (t << 14);
	t = (bb ^ (bb >> 7)) & 0x00AA00AA00AA00AAULL;	/* files b,d,f,h, odd ranks */
	return bb ^ t ^ (t << 7);
}

/* Returns bb rotated right by n bits (n in 1..63). */
static inline uint64_t rot_ror(uint64_t bb, unsigned n) { return bb >> n | bb << (64 - n); }

/* Returns the board with file f turned down by f ranks (dir 0: (f, r) to (f, r - f)) or up
 * (dir 1: to (f, r + f)), mod 8: one masked rotation per bit of f. */
static inline uint64_t rot_turn_files(uint64_t bb, int up)
{
	static const uint64_t FILES_WITH_BIT[3] = {
		0xAAAAAAAAAAAAAAAAULL, 0xCCCCCCCCCCCCCCCCULL, 0xF0F0F0F0F0F0F0F0ULL
	};

	for (unsigned k = 0; k < 3; k++) {
		unsigned n = 8u << k;
		uint64_t m = FILES_WITH_BIT[k];
		bb = (bb & ~m) | (rot_ror(bb, up ? 64 - n : n) & m);
	}
	return bb;
}

/* Returns the three rotated occupancies of occ. */
static inline struct rot_occ rot_derive(uint64_t occ)
{
	return (struct rot_occ){ rot_transpose(occ), rot_turn_files(occ, 0),
				 rot_turn_files(occ, 1) };
}

/* Returns the square whose bit lands on bit `pos` of line kind l's rotated board. */
static unsigned rot_square_at(int l, unsigned pos)
{
	for (unsigned sq = 0; sq < 64; sq++) {
		uint64_t b = 1ULL << sq, r = l == ROT_RANK ? b : l == ROT_FILE ? rot_transpose(b) :
					  rot_turn_files(b, l == ROT_ANTI);
		if (r >> pos & 1)
			return sq;
	}
	return 0;
}

/* Returns 0 once the per-line tables are built (the second call is free). */
static int rot_init(void)
{
	static int done;
	static const enum sb_line LINE[ROT_LINES] = { SB_RANK, SB_FILE, SB_DIAG, SB_ANTI };

	if (done)
		return 0;
	sb_lines_init();
	for (unsigned sq = 0; sq < 64; sq++) {
		unsigned f = sq & 7, r = sq >> 3;
		unsigned row[ROT_LINES] = { r, f, (r - f) & 7, (r + f) & 7 };

		for (int l = 0; l < ROT_LINES; l++) {
			uint64_t line = sb_line_ex[LINE[l]][sq];

			rot_shift[sq][l] = (uint8_t)(8 * row[l] + 1);
			for (unsigned idx = 0; idx < 64; idx++) {
				uint64_t occ = 0;
				for (unsigned j = 0; j < 6; j++)
					if (idx >> j & 1)
						occ |= 1ULL << rot_square_at(l, 8 * row[l] + 1 + j);
				occ &= line;	/* bits of the other diagonal in that rank */
				rot_att[l][sq][idx] = (l < ROT_DIAG ? sb_ref_rook(sq, occ) :
						       sb_ref_bishop(sq, occ)) & line;
			}
		}
		rot_sqbit[sq] = rot_derive(1ULL << sq);
	}
	done = 1;
	return 0;
}

/* Returns the attacks along line l from sq, given that line's (rotated) board.  The shift is
 * read whole into a register (SB_LINE_DONE): clang 14 otherwise loads the byte into the low
 * byte of a register that holds an earlier lookup's value, and the merge made each lookup of
 * the peer loop wait for the one before it (rotated's peer loop 2.6x slower than gcc's). */
static inline uint64_t rot_line(int l, unsigned sq, uint64_t board)
{
	unsigned shift = rot_shift[sq][l];

	SB_LINE_DONE(shift);
	return rot_att[l][sq][(board >> shift) & 63];
}

/* Returns the rook attacks from sq given the occupancy and its rotations. */
static inline uint64_t rot_rook_r(unsigned sq, uint64_t occ, const struct rot_occ *ro)
{
	return rot_line(ROT_RANK, sq, occ) | rot_line(ROT_FILE, sq, ro->file);
}

/* Returns the bishop attacks from sq given the rotated occupancies. */
static inline uint64_t rot_bishop_r(unsigned sq, uint64_t occ, const struct rot_occ *ro)
{
	(void)occ;
	return rot_line(ROT_DIAG, sq, ro->diag) | rot_line(ROT_ANTI, sq, ro->anti);
}

/* Returns the queen attacks from sq given the occupancy and its rotations. */
static inline uint64_t rot_queen_r(unsigned sq, uint64_t occ, const struct rot_occ *ro)
{
	return rot_rook_r(sq, occ, ro) | rot_bishop_r(sq, occ, ro);
}

/* Returns the rook attacks from sq, deriving the rotations from occ (the pointer lookup). */
static inline uint64_t rot_rook_ptr(unsigned sq, uint64_t occ)
{
	struct rot_occ ro = rot_derive(occ);

	return rot_rook_r(sq, occ, &ro);
}

/* Returns the bishop attacks from sq, deriving the rotations from occ. */
static inline uint64_t rot_bishop_ptr(unsigned sq, uint64_t occ)
{
	struct rot_occ ro = rot_derive(occ);

	return rot_bishop_r(sq, occ, &ro);
}

/* Returns the queen attacks from sq, deriving the rotations once (the chain loop's lookup). */
static inline uint64_t rot_queen_ptr(unsigned sq, uint64_t occ)
{
	struct rot_occ ro = rot_derive(occ);

	return rot_queen_r(sq, occ, &ro);
}

/* Brings st from its occupancy to occ: toggles each changed square in all four boards. */
static inline void rot_step(struct rot_state *st, uint64_t occ)
{
	for (uint64_t chg = st->occ ^ occ; chg; chg &= chg - 1) {
		unsigned sq = (unsigned)__builtin_ctzll(chg);

		st->occ ^= 1ULL << sq;
		st->ro.file ^= rot_sqbit[sq].file;
		st->ro.diag ^= rot_sqbit[sq].diag;
		st->ro.anti ^= rot_sqbit[sq].anti;
	}
}

/* kernel.h's loops with the rotated occupancies handed to each lookup: query i's, prepared by
 * rot_prepare(), in the stream loops; the running state rs_, stepped to each position, in the
 * position and pressure loops; the chain and peer loops derive them from the occupancy. */
#define ROT_Q_(F, in, i, s, o) F((s), (o), &((const struct rot_aux *)(in)->aux)->q[i])
#define ROT_P_(F, in, i, s, o) F((s), rs_.occ, &rs_.ro)
#define ROT_STATE_DECL_(in) struct rot_state rs_ = { 0, { 0, 0, 0 } };
#define ROT_STATE_STEP_(in, o) rot_step(&rs_, (o));

SB_DEFINE_LOOPS_WITH(rotl, rot_rook_r, rot_bishop_r, rot_queen_r, ROT_Q_, ROT_P_, ROT_STATE,
		     rot_rook_ptr, rot_bishop_ptr, rot_queen_ptr)

/* Returns 0 after deriving every query's rotated occupancies into in->aux (for the stream
 * loops); -1 when out of memory. */
static int rot_prepare(struct sb_input *in)
{
	struct rot_aux *a = malloc(sizeof *a);

	if (!a)
		return -1;
	/* on a page of its own, as the harness puts the queries: the loops' cache sets then do
	 * not depend on what was allocated before */
	a->q = aligned_alloc(4096, ((in->q.n + 1) * sizeof *a->q + 4095) & ~(size_t)4095);
	if (!a->q) {
		free(a);
		return -1;
	}
	for (size_t i = 0; i < in->q.n; i++)
		a->q[i] = rot_derive(in->q.occ[i]);
	in->aux = a;
	return 0;
}

/* Frees what rot_prepare() hung on in->aux. */
static void rot_release(struct sb_input *in)
{
	struct rot_aux *a = (struct rot_aux *)in->aux;

	if (a) {
		free(a->q);
		free(a);
	}
	in->aux = NULL;
}

/* Returns the checksum of one timed loop; a stream loop without prepare()'s aux prepares a
 * copy. */
static uint64_t rot_run(enum sb_loop loop, const struct sb_input *in)
{
	int stream = loop == SB_LOOP_ROOK_STREAM || loop == SB_LOOP_BISHOP_STREAM ||
		     loop == SB_LOOP_QUEEN_STREAM;

	if (stream && !in->aux) {
		struct sb_input tmp = *in;
		uint64_t sum;

		if (rot_prepare(&tmp) < 0)
			return 0;
		sum = rot_run(loop, &tmp);
		rot_release(&tmp);
		return sum;
	}
	return rotl_run(loop, in);
}

static const struct sb_kernel rotated = {
	.abi_version = SB_ABI_VERSION,
	.name = "rotated",
	.family = "rotated",
	.description = "rotated bitboards (Hyatt; chessprogramming Rotated Bitboards): per-line "
		       "64-entry tables indexed from the occupancy and its transposed and "
		       "45/315-degree pseudo-rotated copies; position and pressure loops time "
		       "the incremental update of the four boards from each ply to the next "
		       "(toggling the changed squares, as make-move does) plus the lookups; stream "
		       "loops time the lookups only (rotations prepared per query); chain, peer and "
		       "pointer time deriving the rotations (delta swaps) plus the lookups",
	.word_bits = 64,
	.branching = SB_BRANCHLESS,
	.table_bytes = sizeof rot_att + sizeof rot_shift + sizeof rot_sqbit,
	.init = rot_init,
	.rook = rot_rook_ptr,
	.bishop = rot_bishop_ptr,
	.run = rot_run,
	.prepare = rot_prepare,
	.release = rot_release,
};
SB_REGISTER(rotated);
