/* perft_gen.h - the perft loop's legal move generator (SB_LOOP_PERFT), expanded once per kernel
 * with that kernel's lookups inlined, as SB_DEFINE_LOOPS inlines them into the timed loops.
 *
 * An engine's generator (chessprogramming "Perft", "Pin", "Checks and Pinned Pieces"): board
 * of bitboards, copy-make of a 72-byte position, legal moves only, found with a check mask and
 * two pin masks (orthogonal and diagonal: a piece pinned on one kind of line can only move on
 * it), the king's danger squares computed with the king taken off the board, and, with `bulk`,
 * the moves at depth 1 counted by popcount instead of generated and played.  Every slider
 * attack comes from the kernel: the danger map (one lookup per enemy slider), checkers and pin
 * x-rays (from the king), the check and pin rays between two squares (the AND of the attacks
 * from both ends: on one line that is exactly the squares between), en passant's discovered
 * checks, and the moves.  The generator is written once, as always-inline functions that take
 * the kernel's lookups as constant function-pointer arguments; each kernel's expansion makes
 * them direct calls the compiler inlines (SB_DEFINE_PERFT).  Nothing is allocated.
 *
 * Standard chess only (no Chess960 castling).  Moves are uint32_t: from | to << 6 | piece << 12
 * | flag << 15 (SB_PG_*). */
#ifndef SB_PERFT_GEN_H
#define SB_PERFT_GEN_H

#include <stdint.h>

#include "perft_tables.h"

enum { SB_P_PAWN, SB_P_KNIGHT, SB_P_BISHOP, SB_P_ROOK, SB_P_QUEEN, SB_P_KING };
enum { SB_PC_WK = 1, SB_PC_WQ = 2, SB_PC_BK = 4, SB_PC_BQ = 8 };  /* castling rights */
/* Move flags; 4..7 are promotions to knight, bishop, rook, queen (4 + piece - SB_P_KNIGHT). */
enum { SB_PG_NORMAL, SB_PG_DOUBLE, SB_PG_EP, SB_PG_CASTLE, SB_PG_PROMO };

#define SB_PERFT_MAX_MOVES 256   /* a legal position has at most 218; more are dropped */

/* A position as the perft loop takes it (72 bytes): side[0] white's and side[1] black's
 * pieces, kind[SB_P_*] both sides' pieces of a kind, stm 0 white / 1 black, castle SB_PC_*
 * bits, ep the en passant target square or 0 for none (a1 never is one). */
struct sb_perft_pos {
	uint64_t side[2];
	uint64_t kind[6];
	uint8_t stm, castle, ep, pad_[5];
};

typedef uint64_t (*sb_pg_fn)(unsigned sq, uint64_t occ);
typedef uint64_t (*sb_pg_rec_fn)(const struct sb_perft_pos *p, unsigned depth, int bulk);

#define SB_PG_INLINE_ static inline __attribute__((always_inline))
#define SB_PG_FILE_A 0x0101010101010101ULL
#define SB_PG_FILE_H 0x8080808080808080ULL
#define SB_PG_RANK_1 0x00000000000000FFULL

/* Castling rights a move from or to each square takes away (written out whole: a plugin in
 * C++ includes this file, and C++ has no array designators). */
static const uint8_t sb_pg_castle_lost[64] __attribute__((unused)) = {
	SB_PC_WQ, 0, 0, 0, SB_PC_WK | SB_PC_WQ, 0, 0, SB_PC_WK,
	0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0,
	SB_PC_BQ, 0, 0, 0, SB_PC_BK | SB_PC_BQ, 0, 0, SB_PC_BK,
};

/* Returns the squares side c's pawns in bb attack. */
SB_PG_INLINE_ uint64_t sb_pg_pawn_att_(uint64_t bb, int c)
{
	return c ? ((bb >> 9) & ~SB_PG_FILE_H) | ((bb >> 7) & ~SB_PG_FILE_A)
		 : ((bb << 7) & ~SB_PG_FILE_H) | ((bb << 9) & ~SB_PG_FILE_A);
}

/* Returns the rank and file through sq (a rook's empty-board lines, sq included). */
SB_PG_INLINE_ uint64_t sb_pg_rook_lines_(unsigned sq)
{
	return (SB_PG_FILE_A << (sq & 7)) | (SB_PG_RANK_1 << (sq & 56));
}

/* Returns both diagonals through sq (sq included). */
SB_PG_INLINE_ uint64_t sb_pg_bishop_lines_(unsigned sq)
{
	int d = (int)(sq & 7) - (int)(sq >> 3), a = (int)(sq & 7) + (int)(sq >> 3) - 7;
	uint64_t diag = 0x8040201008040201ULL, anti = 0x0102040810204080ULL;

	diag = d >= 0 ? diag >> (8 * d) : diag << (-8 * d);
	anti = a >= 0 ? anti << (8 * a) : anti >> (-8 * a);
	return diag | anti;
}

/* Adds the moves from `from` to each square of `to` (tag: piece and flag bits) to list, or,
 * with list NULL, counts them.  Returns the new count. */
SB_PG_INLINE_ unsigned sb_pg_add_(uint32_t *list, unsigned n, unsigned from, uint64_t to,
				  uint32_t tag)
{
	if (!list)
		return n + (unsigned)__builtin_popcountll(to);
	for (; to && n < SB_PERFT_MAX_MOVES; to &= to - 1)
		list[n++] = from | (unsigned)__builtin_ctzll(to) << 6 | tag;
	return n;
}

/* Adds pawn moves to each square of `to`, from the square `back` behind it, four promotions
 * where it is on the last rank. */
SB_PG_INLINE_ unsigned sb_pg_add_pawns_(uint32_t *list, unsigned n, uint64_t to, int back,
					uint32_t flag)
{
	const uint64_t last = 0xFF000000000000FFULL;

	if (!list)
		return n + (unsigned)__builtin_popcountll(to & ~last) +
		       4 * (unsigned)__builtin_popcountll(to & last);
	for (; to && n + 4 <= SB_PERFT_MAX_MOVES; to &= to - 1) {
		unsigned t = (unsigned)__builtin_ctzll(to), f = (unsigned)((int)t + back);
		uint32_t m = f | t << 6 | SB_P_PAWN << 12;
		if ((1ULL << t) & last)
			for (uint32_t pr = 0; pr < 4; pr++)
				list[n++] = m | (SB_PG_PROMO + pr) << 15;
		else
			list[n++] = m | flag << 15;
	}
	return n;
}

#include "perft_gen_moves.h"

/* Returns the position after move m of p (copy-make). */
SB_PG_INLINE_ void sb_pg_make_(const struct sb_perft_pos *p, struct sb_perft_pos *c, uint32_t m)
{
	const unsigned from = m & 63, to = m >> 6 & 63, pc = m >> 12 & 7, fl = m >> 15 & 7;
	const int us = p->stm, them = !us;
	const uint64_t fb = 1ULL << from, tb = 1ULL << to;

	*c = *p;
	c->ep = 0;
	c->side[them] &= ~tb;  /* a capture: whatever stood on `to` goes */
	for (int k = SB_P_PAWN; k < SB_P_KING; k++)
		c->kind[k] &= ~tb;
	c->side[us] ^= fb | tb;
	c->kind[pc] ^= fb | tb;
	if (fl == SB_PG_DOUBLE) {
		c->ep = (uint8_t)((from + to) / 2);
	} else if (fl == SB_PG_EP) {
		uint64_t cap = us ? tb << 8 : tb >> 8;
		c->side[them] ^= cap;
		c->kind[SB_P_PAWN] ^= cap;
	} else if (fl == SB_PG_CASTLE) {
		uint64_t rk = to > from ? (tb << 1) | (tb >> 1) : (tb >> 2) | (tb << 1);
		c->side[us] ^= rk;
		c->kind[SB_P_ROOK] ^= rk;
	} else if (fl >= SB_PG_PROMO) {
		c->kind[SB_P_PAWN] ^= tb;
		c->kind[SB_P_KNIGHT + fl - SB_PG_PROMO] ^= tb;
	}
	c->castle &= (uint8_t)~(sb_pg_castle_lost[from] | sb_pg_castle_lost[to]);
	c->stm = (uint8_t)them;
}

/* Returns the legal moves of p into list (NULL: only counts them), for side to move us. */
SB_PG_INLINE_ unsigned sb_pg_gen_(const struct sb_perft_pos *p, uint32_t *list, sb_pg_fn R,
				  sb_pg_fn B)
{
	return p->stm ? sb_pg_gen_side_(p, list, 1, R, B) : sb_pg_gen_side_(p, list, 0, R, B);
}

/* Returns the leaf count of p to depth (bulk: depth-1 moves counted, not played); rec is the
 * kernel's own recursion (a function, so the tree recurses through one call per node). */
SB_PG_INLINE_ uint64_t sb_perft_node_(const struct sb_perft_pos *p, unsigned depth, int bulk,
				      sb_pg_fn R, sb_pg_fn B, sb_pg_rec_fn rec)
{
	uint32_t list[SB_PERFT_MAX_MOVES];
	struct sb_perft_pos child;
	uint64_t nodes = 0;
	unsigned n;

	if (depth == 0)
		return 1;
	if (bulk && depth == 1)
		return sb_pg_gen_(p, NULL, R, B);
	n = sb_pg_gen_(p, list, R, B);
	for (unsigned i = 0; i < n; i++) {
		sb_pg_make_(p, &child, list[i]);
		nodes += rec(&child, depth - 1, bulk);
	}
	return nodes;
}

/* SB_DEFINE_PERFT(name, R, B): defines `static uint64_t name(const struct sb_perft_pos *p,
 * unsigned depth, int bulk)`, perft of p with lookups R and B inlined.  Not inlined itself,
 * 64-byte aligned as every timed loop is; `flatten` inlines the lookups however large (as the
 * small timed loops do by themselves). */
#define SB_DEFINE_PERFT(name, R, B)                                                     \
	static __attribute__((noinline, flatten, aligned(64))) uint64_t name(           \
		const struct sb_perft_pos *p_, unsigned d_, int bulk_)                  \
	{                                                                               \
		return sb_perft_node_(p_, d_, bulk_, R, B, name);                       \
	}

#endif
