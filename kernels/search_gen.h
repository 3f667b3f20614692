/* search_gen.h - the search loop's alpha-beta searcher (SB_LOOP_SEARCH), expanded once per
 * kernel with that kernel's lookups inlined, as perft_gen.h's generator is (and on it: the
 * moves are perft_gen.h's legal moves, made by copy-make).
 *
 * A small engine's search, deterministic so every kernel walks the same tree: iterative
 * deepening to a fixed depth from each root, negamax alpha-beta, a transposition table (always
 * replace, 16-byte entries, given by the harness and cleared by it before each pass), move
 * ordering (hash move, captures by MVV-LVA, two killer moves a ply), and a quiescence search
 * on captures and queen promotions with stand-pat.  The evaluation uses the slider lookups
 * too: material, mobility (each piece's attacks off its own men, counted) and a king-safety
 * term (attacks on the squares around the enemy king).  No repetition, fifty-move rule,
 * extensions or pruning beyond alpha-beta: what is searched is set by the position and the
 * depth alone.  Each root has its own generation: its key is salted with it, so an entry left
 * by another root (or another pass, when the table was not cleared) reads as a miss and each
 * root's count does not depend on the roots searched before it.
 * A root stops early (its last whole iteration kept) after SB_SEARCH_NODE_CAP nodes, the same
 * for every kernel: a bound on a sample's time, not an expected limit.
 *
 * Hash keys are computed from the position's eight bitboards (no Zobrist table, nothing to
 * initialise).  C++-clean, as perft_gen.h (a C++ plugin includes it through kernel.h). */
#ifndef SB_SEARCH_GEN_H
#define SB_SEARCH_GEN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "perft_gen.h"

#define SB_SEARCH_MAX_PLY 64
#define SB_SEARCH_INF 32000
#define SB_SEARCH_MATE 31000       /* mate at ply n scores -(SB_SEARCH_MATE - n) */
#define SB_SEARCH_NODE_CAP 2000000ULL  /* nodes a root may take (its search stops there) */

/* A transposition table entry (16 bytes): the salted key, data = move (18 bits) | bound << 18
 * (SB_SG_EXACT ...) | depth << 20, and the score (mate scores relative to the node). */
struct sb_search_tte {
	uint64_t key;
	uint32_t data;
	int16_t score;
	uint16_t pad_;
};

enum { SB_SG_NONE, SB_SG_EXACT, SB_SG_LOWER, SB_SG_UPPER };  /* a stored score's bound */

/* One root's search: the table, the counters and the killers. */
struct sb_search_ctx_ {
	struct sb_search_tte *tt;
	uint64_t tt_n, salt, nodes;
	int stop;
	uint32_t root_best;
	uint32_t killer[SB_SEARCH_MAX_PLY][2];
};

typedef unsigned (*sb_sg_gen_fn)(const struct sb_perft_pos *p, uint32_t *list);
typedef int (*sb_sg_eval_fn)(const struct sb_perft_pos *p);
typedef int (*sb_sg_qs_fn)(struct sb_search_ctx_ *c, const struct sb_perft_pos *p, int ply,
			   int alpha, int beta);
typedef int (*sb_sg_ab_fn)(struct sb_search_ctx_ *c, const struct sb_perft_pos *p, int depth,
			   int ply, int alpha, int beta);

/* Piece values in centipawns, pawn to king (the king's is never counted). */
static const int sb_sg_value[6] __attribute__((unused)) = { 100, 320, 330, 500, 900, 0 };

/* Returns the hash key of p: its bitboards, side, rights and en passant square mixed. */
SB_PG_INLINE_ uint64_t sb_sg_hash_(const struct sb_perft_pos *p)
{
	uint64_t h = (uint64_t)p->stm | (uint64_t)p->castle << 8 | (uint64_t)p->ep << 16;

	h = (h ^ p->side[0]) * 0x9E3779B97F4A7C15ULL;
	h = ((h ^ h >> 29) ^ p->side[1]) * 0xBF58476D1CE4E5B9ULL;
	for (int k = 0; k < 6; k++)
		h = ((h ^ h >> 31) ^ p->kind[k]) * 0x94D049BB133111EBULL;
	return h ^ h >> 32;
}

/* Returns p's evaluation for the side to move: material, mobility and king safety, the
 * sliders' attacks from R and B. */
SB_PG_INLINE_ int sb_sg_eval_(const struct sb_perft_pos *p, sb_pg_fn R, sb_pg_fn B)
{
	const uint64_t occ = p->side[0] | p->side[1];
	int total = 0;

	for (int c = 0; c < 2; c++) {
		const uint64_t own = p->side[c], opp = p->side[!c];
		const uint64_t ek = opp & p->kind[SB_P_KING];
		const uint64_t zone = ek ? sb_pg_king_att[__builtin_ctzll(ek)] | ek : 0;
		int s = 0, units = 0;
		uint64_t bb;

		for (int k = SB_P_PAWN; k < SB_P_KING; k++)
			s += sb_sg_value[k] * __builtin_popcountll(own & p->kind[k]);
		units += __builtin_popcountll(sb_pg_pawn_att_(own & p->kind[SB_P_PAWN], c) & zone);
		for (bb = own & p->kind[SB_P_KNIGHT]; bb; bb &= bb - 1) {
			uint64_t a = sb_pg_knight_att[__builtin_ctzll(bb)];
			s += 4 * __builtin_popcountll(a & ~own);
			units += 2 * __builtin_popcountll(a & zone);
		}
		for (bb = own & p->kind[SB_P_BISHOP]; bb; bb &= bb - 1) {
			uint64_t a = B((unsigned)__builtin_ctzll(bb), occ);
			s += 5 * __builtin_popcountll(a & ~own);
			units += 2 * __builtin_popcountll(a & zone);
		}
		for (bb = own & p->kind[SB_P_ROOK]; bb; bb &= bb - 1) {
			uint64_t a = R((unsigned)__builtin_ctzll(bb), occ);
			s += 3 * __builtin_popcountll(a & ~own);
			units += 3 * __builtin_popcountll(a & zone);
		}
		for (bb = own & p->kind[SB_P_QUEEN]; bb; bb &= bb - 1) {
			unsigned q = (unsigned)__builtin_ctzll(bb);
			uint64_t a = R(q, occ) | B(q, occ);
			s += __builtin_popcountll(a & ~own);
			units += 5 * __builtin_popcountll(a & zone);
		}
		s += units * units < 500 ? units * units : 500;  /* the attack on the enemy king */
		total += c ? -s : s;
	}
	return (p->stm ? -total : total) + 10;  /* a tempo for the side to move */
}

/* Returns 1 when the side to move's king is attacked in p. */
SB_PG_INLINE_ int sb_sg_in_check_(const struct sb_perft_pos *p, sb_pg_fn R, sb_pg_fn B)
{
	const int us = p->stm;
	const uint64_t kbb = p->side[us] & p->kind[SB_P_KING], opp = p->side[!us];
	const uint64_t occ = p->side[0] | p->side[1];
	unsigned k;

	if (!kbb)
		return 0;
	k = (unsigned)__builtin_ctzll(kbb);
	return ((sb_pg_knight_att[k] & p->kind[SB_P_KNIGHT]) |
		(sb_pg_pawn_att_(kbb, us) & p->kind[SB_P_PAWN]) |
		(sb_pg_king_att[k] & p->kind[SB_P_KING]) |
		(R(k, occ) & (p->kind[SB_P_ROOK] | p->kind[SB_P_QUEEN])) |
		(B(k, occ) & (p->kind[SB_P_BISHOP] | p->kind[SB_P_QUEEN]))) & opp ? 1 : 0;
}

/* Returns the piece move m of p captures (SB_P_*), or -1 for none. */
SB_PG_INLINE_ int sb_sg_victim_(const struct sb_perft_pos *p, uint32_t m)
{
	const uint64_t tb = 1ULL << (m >> 6 & 63);

	if ((m >> 15 & 7) == SB_PG_EP)
		return SB_P_PAWN;
	if (!(tb & p->side[!p->stm]))
		return -1;
	for (int k = SB_P_PAWN; k < SB_P_KING; k++)
		if (p->kind[k] & tb)
			return k;
	return -1;
}

/* Returns the ordering score of move m of p: the hash move first, then captures (and queen
 * promotions) by most valuable victim, least valuable attacker, then the two killers. */
SB_PG_INLINE_ int sb_sg_order_(const struct sb_perft_pos *p, uint32_t m, uint32_t hash_move,
			       const uint32_t *killer)
{
	int v = sb_sg_victim_(p, m), s = 0;

	if (m == hash_move)
		return 1 << 30;
	if (v >= 0)
		s = (1 << 20) + 16 * sb_sg_value[v] - (int)(m >> 12 & 7);
	if ((m >> 15 & 7) == SB_PG_PROMO + 3)
		s += (1 << 20) + 16 * sb_sg_value[SB_P_QUEEN];
	if (s)
		return s;
	if (killer && m == killer[0])
		return 1 << 19;
	if (killer && m == killer[1])
		return 1 << 18;
	return 0;
}

/* Moves the best-scored of list[i..n) (the first of equals) to i. */
SB_PG_INLINE_ void sb_sg_pick_(uint32_t *list, int *score, unsigned i, unsigned n)
{
	unsigned b = i;

	for (unsigned j = i + 1; j < n; j++)
		if (score[j] > score[b])
			b = j;
	if (b != i) {
		uint32_t m = list[b];
		int s = score[b];
		list[b] = list[i], score[b] = score[i];
		list[i] = m, score[i] = s;
	}
}

/* Counts a node; returns 1 when the root's search must stop (its node cap reached). */
SB_PG_INLINE_ int sb_sg_count_(struct sb_search_ctx_ *c)
{
	if (++c->nodes >= SB_SEARCH_NODE_CAP)
		c->stop = 1;
	return c->stop;
}

/* The quiescence search of p: stand pat on the evaluation, then captures and queen
 * promotions only, best first.  Returns the score for the side to move. */
SB_PG_INLINE_ int sb_sg_qs_(struct sb_search_ctx_ *c, const struct sb_perft_pos *p, int ply,
			    int alpha, int beta, sb_sg_gen_fn gen, sb_sg_eval_fn eval, sb_sg_qs_fn qs)
{
	uint32_t list[SB_PERFT_MAX_MOVES];
	int score[SB_PERFT_MAX_MOVES], best;
	struct sb_perft_pos child;
	unsigned n, k = 0;

	if (sb_sg_count_(c))
		return 0;
	best = eval(p);
	if (best >= beta || ply >= SB_SEARCH_MAX_PLY - 1)
		return best;
	if (best > alpha)
		alpha = best;
	n = gen(p, list);
	for (unsigned i = 0; i < n; i++) {  /* keep the captures and queen promotions */
		int s = sb_sg_order_(p, list[i], 0, NULL);
		if (s) {
			list[k] = list[i];
			score[k++] = s;
		}
	}
	for (unsigned i = 0; i < k; i++) {
		int s;
		sb_sg_pick_(list, score, i, k);
		sb_pg_make_(p, &child, list[i]);
		s = -qs(c, &child, ply + 1, -beta, -alpha);
		if (c->stop)
			return 0;
		if (s > best) {
			best = s;
			if (s > alpha)
				alpha = s;
			if (s >= beta)
				break;
		}
	}
	return best;
}

/* Returns the table entry of key in c's table. */
SB_PG_INLINE_ struct sb_search_tte *sb_sg_entry_(struct sb_search_ctx_ *c, uint64_t key)
{
	return &c->tt[(uint64_t)(uint32_t)(key >> 32) * c->tt_n >> 32];
}

/* The alpha-beta search of p to depth (quiescence below it).  Returns the score for the side
 * to move; at ply 0 sets c->root_best. */
SB_PG_INLINE_ int sb_sg_ab_(struct sb_search_ctx_ *c, const struct sb_perft_pos *p, int depth,
			    int ply, int alpha, int beta, sb_sg_gen_fn gen, sb_pg_fn R, sb_pg_fn B,
			    sb_sg_ab_fn ab, sb_sg_qs_fn qs)
{
	uint32_t list[SB_PERFT_MAX_MOVES], hash_move = 0, best_move = 0;
	int score[SB_PERFT_MAX_MOVES], best = -SB_SEARCH_INF, alpha0 = alpha;
	struct sb_perft_pos child;
	struct sb_search_tte *e;
	uint64_t key;
	unsigned n;

	if (depth <= 0)
		return qs(c, p, ply, alpha, beta);
	if (sb_sg_count_(c))
		return 0;
	key = sb_sg_hash_(p) ^ c->salt;
	e = sb_sg_entry_(c, key);
	if (e->key == key) {
		int s = e->score, bound = (int)(e->data >> 18 & 3);
		hash_move = e->data & 0x3FFFF;
		if (s > SB_SEARCH_MATE - SB_SEARCH_MAX_PLY)
			s -= ply;
		else if (s < -SB_SEARCH_MATE + SB_SEARCH_MAX_PLY)
			s += ply;
		if (ply > 0 && (int)(e->data >> 20) >= depth &&
		    (bound == SB_SG_EXACT || (bound == SB_SG_LOWER && s >= beta) ||
		     (bound == SB_SG_UPPER && s <= alpha)))
			return s;
	}
	n = gen(p, list);
	if (!n)
		return sb_sg_in_check_(p, R, B) ? -SB_SEARCH_MATE + ply : 0;
	for (unsigned i = 0; i < n; i++)
		score[i] = sb_sg_order_(p, list[i], hash_move, c->killer[ply]);
	for (unsigned i = 0; i < n; i++) {
		int s;
		sb_sg_pick_(list, score, i, n);
		sb_pg_make_(p, &child, list[i]);
		s = -ab(c, &child, depth - 1, ply + 1, -beta, -alpha);
		if (c->stop)
			return 0;
		if (s > best) {
			best = s;
			best_move = list[i];
			if (s > alpha)
				alpha = s;
			if (s >= beta) {
				if (sb_sg_victim_(p, list[i]) < 0 && list[i] != c->killer[ply][0]) {
					c->killer[ply][1] = c->killer[ply][0];
					c->killer[ply][0] = list[i];
				}
				break;
			}
		}
	}
	e->key = key;
	e->data = best_move | (uint32_t)(best >= beta ? SB_SG_LOWER : best > alpha0 ? SB_SG_EXACT :
					 SB_SG_UPPER) << 18 | (uint32_t)depth << 20;
	e->score = (int16_t)(best > SB_SEARCH_MATE - SB_SEARCH_MAX_PLY ? best + ply :
			     best < -SB_SEARCH_MATE + SB_SEARCH_MAX_PLY ? best - ply : best);
	if (ply == 0)
		c->root_best = best_move;
	return best;
}

/* Searches each of p[0..n) to depth by iterative deepening with table tt (tt_n entries; NULL:
 * one entry of its own) through the kernel's root function ab.  Writes each root's nodes
 * into nodes[i] and its best move | (uint32_t)score << 32 into best[i] (either may be NULL).
 * Returns the sum over the roots of nodes + best * an odd constant (the loop's checksum). */
SB_PG_INLINE_ uint64_t sb_search_roots_(const struct sb_perft_pos *p, size_t n, unsigned depth,
					struct sb_search_tte *tt, size_t tt_n, uint64_t *nodes,
					uint64_t *best, sb_sg_ab_fn ab)
{
	struct sb_search_tte own;
	struct sb_search_ctx_ c;
	uint64_t sum = 0;

	memset(&own, 0, sizeof own);
	if (!tt || !tt_n) {
		tt = &own;
		tt_n = 1;
	}
	for (size_t i = 0; i < n; i++) {
		uint64_t b = 0;
		memset(&c, 0, sizeof c);
		c.tt = tt;
		c.tt_n = tt_n;
		c.salt = (i + 1) * 0xD6E8FEB86659FD93ULL;
		for (unsigned d = 1; d <= depth; d++) {
			int s = ab(&c, &p[i], (int)d, 0, -SB_SEARCH_INF, SB_SEARCH_INF);
			if (c.stop)
				break;
			b = c.root_best | (uint64_t)(uint32_t)s << 32;
		}
		if (nodes)
			nodes[i] = c.nodes;
		if (best)
			best[i] = b;
		sum += c.nodes + b * 0x9E3779B97F4A7C15ULL;
	}
	return sum;
}

/* SB_DEFINE_SEARCH(name, R, B): defines `static uint64_t name(const struct sb_perft_pos *p,
 * size_t n, unsigned depth, struct sb_search_tte *tt, size_t tt_n, uint64_t *nodes, uint64_t
 * *best)`, sb_search_roots_ with lookups R and B inlined.  The generator, the evaluation and
 * the two searches are functions of their own (an engine's are), each expanded once, the
 * lookups inlined into them (flatten); 64-byte aligned as every timed loop is.  (The
 * quiescence search is name_quiesce_, not name_qs_: tests/test_inline.sh reads a function
 * ending in _qs_ as a queen stream loop, which may call nothing.) */
#define SB_DEFINE_SEARCH(name, R, B)                                                    \
	static __attribute__((noinline, flatten, aligned(64))) unsigned name##_gen_(     \
		const struct sb_perft_pos *p_, uint32_t *l_)                            \
	{                                                                               \
		return sb_pg_gen_(p_, l_, R, B);                                        \
	}                                                                               \
	static __attribute__((noinline, flatten, aligned(64))) int name##_eval_(        \
		const struct sb_perft_pos *p_)                                          \
	{                                                                               \
		return sb_sg_eval_(p_, R, B);                                           \
	}                                                                               \
	static __attribute__((noinline, aligned(64))) int name##_quiesce_(              \
		struct sb_search_ctx_ *c_, const struct sb_perft_pos *p_, int ply_,     \
		int a_, int b_)                                                         \
	{                                                                               \
		return sb_sg_qs_(c_, p_, ply_, a_, b_, name##_gen_, name##_eval_,       \
				 name##_quiesce_);                                      \
	}                                                                               \
	static __attribute__((noinline, aligned(64))) int name##_ab_(                   \
		struct sb_search_ctx_ *c_, const struct sb_perft_pos *p_, int d_,       \
		int ply_, int a_, int b_)                                               \
	{                                                                               \
		return sb_sg_ab_(c_, p_, d_, ply_, a_, b_, name##_gen_, R, B,           \
				 name##_ab_, name##_quiesce_);                          \
	}                                                                               \
	static __attribute__((noinline, aligned(64))) uint64_t name(                    \
		const struct sb_perft_pos *p_, size_t n_, unsigned d_,                  \
		struct sb_search_tte *tt_, size_t ttn_, uint64_t *nodes_, uint64_t *best_) \
	{                                                                               \
		return sb_search_roots_(p_, n_, d_, tt_, ttn_, nodes_, best_, name##_ab_); \
	}

#endif
