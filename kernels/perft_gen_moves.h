/* perft_gen_moves.h - the legal move generation of perft_gen.h (included from it, not alone):
 * the king's danger squares, checkers, the check mask, the pin masks, then the moves of each
 * piece kind filtered through them. */
#ifndef SB_PERFT_GEN_MOVES_H
#define SB_PERFT_GEN_MOVES_H

/* What generation knows about a node before any move: the squares a move may go to (not our
 * own, and inside the check mask), and the two pin masks (each pinner's ray from the king,
 * the pinner included). */
struct sb_pg_node_ {
	uint64_t own, opp, occ, target, pin_hv, pin_d12;
};

/* Returns the orthogonal (hv 1) or diagonal pin mask of our pieces for the king on k; ka is
 * the king's attacks (F: R or B) at occ, sliders the enemy's rook-like or bishop-like pieces. */
SB_PG_INLINE_ uint64_t sb_pg_pins_(unsigned k, uint64_t ka, uint64_t own, uint64_t occ,
				   uint64_t sliders, sb_pg_fn F)
{
	uint64_t blockers = ka & own, pins = 0, x, pinners, occx;

	if (!blockers)
		return 0;
	occx = occ ^ blockers;
	x = F(k, occx);
	for (pinners = x & sliders & ~ka; pinners; pinners &= pinners - 1) {
		unsigned s = (unsigned)__builtin_ctzll(pinners);
		pins |= (x & F(s, occx)) | (1ULL << s);
	}
	return pins;
}

/* Returns the king's moves and castling (not in check) into list at n. */
SB_PG_INLINE_ unsigned sb_pg_king_(const struct sb_perft_pos *p, uint32_t *list, unsigned n,
				   const int us, unsigned k, uint64_t occ, uint64_t own,
				   uint64_t danger, int in_check)
{
	const unsigned home = us ? 60 : 4;
	const uint64_t rooks = own & p->kind[SB_P_ROOK];
	const uint64_t f = 1ULL << (home + 1), g = 1ULL << (home + 2), d = 1ULL << (home - 1);
	const uint64_t c = 1ULL << (home - 2), b = 1ULL << (home - 3);
	const unsigned ks = us ? SB_PC_BK : SB_PC_WK, qs = us ? SB_PC_BQ : SB_PC_WQ;

	n = sb_pg_add_(list, n, k, sb_pg_king_att[k] & ~own & ~danger, SB_P_KING << 12);
	if (in_check || k != home || !(p->castle & (ks | qs)))
		return n;
	if ((p->castle & ks) && !(occ & (f | g)) && !(danger & (f | g)) && (rooks & g << 1))
		n = sb_pg_add_(list, n, k, g, SB_P_KING << 12 | SB_PG_CASTLE << 15);
	if ((p->castle & qs) && !(occ & (d | c | b)) && !(danger & (d | c)) && (rooks & b >> 1))
		n = sb_pg_add_(list, n, k, c, SB_P_KING << 12 | SB_PG_CASTLE << 15);
	return n;
}

/* Returns the pawn moves (pushes, captures, promotions, en passant) into list at n. */
SB_PG_INLINE_ unsigned sb_pg_pawns_(const struct sb_perft_pos *p, uint32_t *list, unsigned n,
				    const int us, const struct sb_pg_node_ *g, unsigned k,
				    uint64_t checkmask, sb_pg_fn R, sb_pg_fn B)
{
	const uint64_t pawns = g->own & p->kind[SB_P_PAWN], empty = ~g->occ;
	const uint64_t third = us ? 0x0000FF0000000000ULL : 0x0000000000FF0000ULL;
	const int up = us ? -8 : 8;
	uint64_t push = pawns & ~g->pin_d12, cap = pawns & ~g->pin_hv, one, two, l, r;

	one = us ? (push & ~g->pin_hv) >> 8 | ((push & g->pin_hv) >> 8 & g->pin_hv)
		 : (push & ~g->pin_hv) << 8 | ((push & g->pin_hv) << 8 & g->pin_hv);
	one &= empty;
	two = (us ? (one & third) >> 8 : (one & third) << 8) & empty & checkmask;
	n = sb_pg_add_pawns_(list, n, one & checkmask, -up, SB_PG_NORMAL);
	n = sb_pg_add_pawns_(list, n, two, -2 * up, SB_PG_DOUBLE);
	/* captures toward the a-file (l) and the h-file (r) */
	l = us ? ((cap & ~g->pin_d12) >> 9 | ((cap & g->pin_d12) >> 9 & g->pin_d12)) & ~SB_PG_FILE_H
	       : ((cap & ~g->pin_d12) << 7 | ((cap & g->pin_d12) << 7 & g->pin_d12)) & ~SB_PG_FILE_H;
	r = us ? ((cap & ~g->pin_d12) >> 7 | ((cap & g->pin_d12) >> 7 & g->pin_d12)) & ~SB_PG_FILE_A
	       : ((cap & ~g->pin_d12) << 9 | ((cap & g->pin_d12) << 9 & g->pin_d12)) & ~SB_PG_FILE_A;
	n = sb_pg_add_pawns_(list, n, l & g->opp & g->target, us ? 9 : -7, SB_PG_NORMAL);
	n = sb_pg_add_pawns_(list, n, r & g->opp & g->target, us ? 7 : -9, SB_PG_NORMAL);
	if (p->ep) {
		/* Played and tested whole: the captured pawn may be the checker, the move may block
		 * a check, and taking two pawns off one rank may open the king's rank. */
		const uint64_t eb = 1ULL << p->ep, capb = us ? eb << 8 : eb >> 8;
		const uint64_t orq = g->opp & (p->kind[SB_P_ROOK] | p->kind[SB_P_QUEEN]);
		const uint64_t obq = g->opp & (p->kind[SB_P_BISHOP] | p->kind[SB_P_QUEEN]);
		uint64_t from = sb_pg_pawn_att_(eb, !us) & pawns;
		if (!(checkmask & (eb | capb)))
			from = 0;
		for (; from; from &= from - 1) {
			unsigned s = (unsigned)__builtin_ctzll(from);
			uint64_t o = g->occ ^ (1ULL << s) ^ eb ^ capb;
			if (!(R(k, o) & orq) && !(B(k, o) & obq))
				n = sb_pg_add_(list, n, s, eb, SB_PG_EP << 15);
		}
	}
	return n;
}

/* Returns the legal moves of side us (a constant where it is expanded) of p into list (NULL:
 * counts them). */
SB_PG_INLINE_ unsigned sb_pg_gen_side_(const struct sb_perft_pos *p, uint32_t *list, const int us,
				       sb_pg_fn R, sb_pg_fn B)
{
	/* own, opp; occ, target and the pins are set below (positional: C++ includes this too) */
	struct sb_pg_node_ g = { p->side[us], p->side[!us], 0, 0, 0, 0 };
	const uint64_t kbb = g.own & p->kind[SB_P_KING];
	const unsigned k = (unsigned)__builtin_ctzll(kbb);
	const uint64_t orq = g.opp & (p->kind[SB_P_ROOK] | p->kind[SB_P_QUEEN]);
	const uint64_t obq = g.opp & (p->kind[SB_P_BISHOP] | p->kind[SB_P_QUEEN]);
	uint64_t danger, checkers, checkmask = ~0ULL, occk, bb, ra = 0, ba = 0;
	unsigned n;

	g.occ = g.own | g.opp;
	occk = g.occ ^ kbb;
	danger = sb_pg_pawn_att_(g.opp & p->kind[SB_P_PAWN], !us) |
		 sb_pg_king_att[__builtin_ctzll(g.opp & p->kind[SB_P_KING])];
	for (bb = g.opp & p->kind[SB_P_KNIGHT]; bb; bb &= bb - 1)
		danger |= sb_pg_knight_att[__builtin_ctzll(bb)];
	for (bb = orq; bb; bb &= bb - 1)
		danger |= R((unsigned)__builtin_ctzll(bb), occk);
	for (bb = obq; bb; bb &= bb - 1)
		danger |= B((unsigned)__builtin_ctzll(bb), occk);
	checkers = ((sb_pg_knight_att[k] & p->kind[SB_P_KNIGHT]) |
		    (sb_pg_pawn_att_(kbb, us) & p->kind[SB_P_PAWN])) & g.opp;
	g.pin_hv = g.pin_d12 = 0;
	if (orq & sb_pg_rook_lines_(k)) {
		ra = R(k, g.occ);
		checkers |= ra & orq;
		g.pin_hv = sb_pg_pins_(k, ra, g.own, g.occ, orq, R);
	}
	if (obq & sb_pg_bishop_lines_(k)) {
		ba = B(k, g.occ);
		checkers |= ba & obq;
		g.pin_d12 = sb_pg_pins_(k, ba, g.own, g.occ, obq, B);
	}
	n = sb_pg_king_(p, list, 0, us, k, g.occ, g.own, danger, checkers != 0);
	if (checkers & (checkers - 1))
		return n;  /* double check: the king moves */
	if (checkers) {
		unsigned c = (unsigned)__builtin_ctzll(checkers);
		checkmask = checkers;
		if (checkers & ra & orq)
			checkmask |= ra & R(c, g.occ);
		else if (checkers & ba & obq)
			checkmask |= ba & B(c, g.occ);
	}
	/* No move takes a king (none is legal; this keeps a wrong kernel's tree finite and sane). */
	g.target = ~g.own & checkmask & ~(g.opp & p->kind[SB_P_KING]);
	for (bb = g.own & p->kind[SB_P_KNIGHT] & ~(g.pin_hv | g.pin_d12); bb; bb &= bb - 1) {
		unsigned s = (unsigned)__builtin_ctzll(bb);
		n = sb_pg_add_(list, n, s, sb_pg_knight_att[s] & g.target, SB_P_KNIGHT << 12);
	}
	for (bb = g.own & (p->kind[SB_P_BISHOP] | p->kind[SB_P_QUEEN]) & ~g.pin_hv; bb; bb &= bb - 1) {
		unsigned s = (unsigned)__builtin_ctzll(bb);
		uint64_t a = B(s, g.occ) & g.target, sb = 1ULL << s;
		if (sb & g.pin_d12)
			a &= g.pin_d12;
		n = sb_pg_add_(list, n, s, a, (sb & p->kind[SB_P_QUEEN] ? SB_P_QUEEN : SB_P_BISHOP) << 12);
	}
	for (bb = g.own & (p->kind[SB_P_ROOK] | p->kind[SB_P_QUEEN]) & ~g.pin_d12; bb; bb &= bb - 1) {
		unsigned s = (unsigned)__builtin_ctzll(bb);
		uint64_t a = R(s, g.occ) & g.target, sb = 1ULL << s;
		if (sb & g.pin_hv)
			a &= g.pin_hv;
		n = sb_pg_add_(list, n, s, a, (sb & p->kind[SB_P_QUEEN] ? SB_P_QUEEN : SB_P_ROOK) << 12);
	}
	return sb_pg_pawns_(p, list, n, us, &g, k, checkmask, R, B);
}

#endif
