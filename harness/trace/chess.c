/* chess.c - position, move making and legal move generation (pseudo-legal moves from
 * the attack sets, kept when the mover's king is not attacked afterwards).  Slider attacks
 * come from chess.h's chess_rook/chess_bishop: the reference walk. */
#include <string.h>

#include "trace/chess.h"
#include "kernels/lines.h"

uint64_t chess_knight_att[64], chess_king_att[64], chess_pawn_att[2][64];
/* Castling rights kept when a move touches a square (king and rook home squares). */
static uint8_t CASTLE_KEEP[64];

/* Returns the square (f, r) as a bit, or 0 off the board. */
static uint64_t bit_at(int f, int r)
{
	return (f >= 0 && f < 8 && r >= 0 && r < 8) ? 1ULL << (r * 8 + f) : 0;
}

void chess_init(void)
{
	static const int KN[8][2] = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 },
				      { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
	static int done;

	if (done)
		return;
	sb_lines_init();
	for (int sq = 0; sq < 64; sq++) {
		int f = sq & 7, r = sq >> 3;
		chess_knight_att[sq] = chess_king_att[sq] = 0;
		for (int i = 0; i < 8; i++)
			chess_knight_att[sq] |= bit_at(f + KN[i][0], r + KN[i][1]);
		for (int df = -1; df <= 1; df++)
			for (int dr = -1; dr <= 1; dr++)
				if (df || dr)
					chess_king_att[sq] |= bit_at(f + df, r + dr);
		chess_pawn_att[0][sq] = bit_at(f - 1, r + 1) | bit_at(f + 1, r + 1);
		chess_pawn_att[1][sq] = bit_at(f - 1, r - 1) | bit_at(f + 1, r - 1);
		CASTLE_KEEP[sq] = 15;
	}
	CASTLE_KEEP[4] = (uint8_t)~(CASTLE_WK | CASTLE_WQ) & 15;
	CASTLE_KEEP[7] = (uint8_t)~CASTLE_WK & 15;
	CASTLE_KEEP[0] = (uint8_t)~CASTLE_WQ & 15;
	CASTLE_KEEP[60] = (uint8_t)~(CASTLE_BK | CASTLE_BQ) & 15;
	CASTLE_KEEP[63] = (uint8_t)~CASTLE_BK & 15;
	CASTLE_KEEP[56] = (uint8_t)~CASTLE_BQ & 15;
	done = 1;
}

void chess_start(struct chess_pos *p)
{
	chess_from_fen(p, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", NULL, 0);
}

void chess_make(struct chess_pos *p, struct chess_move m)
{
	struct sb_board *b = &p->b;
	int us = p->stm;
	uint64_t from = 1ULL << m.from, to = 1ULL << m.to;

	if (board_occ(b) & to)
		for (int k = BB_WHITE; k < BB_COUNT; k++)
			b->bb[k] &= ~to;
	if (m.piece == BB_PAWN && (int)m.to == p->ep) {
		uint64_t cap = us ? to << 8 : to >> 8;
		b->bb[!us] &= ~cap;
		b->bb[BB_PAWN] &= ~cap;
	}
	b->bb[us] ^= from | to;
	b->bb[m.piece] ^= from;
	b->bb[m.promo ? m.promo : m.piece] |= to;
	if (m.piece == BB_KING && (m.to == m.from + 2 || m.to + 2 == m.from)) {
		unsigned rf = m.to > m.from ? m.from + 3u : m.from - 4u, rt = (m.from + m.to) / 2u;
		uint64_t rm = (1ULL << rf) | (1ULL << rt);
		b->bb[us] ^= rm;
		b->bb[BB_ROOK] ^= rm;
	}
	p->castle &= CASTLE_KEEP[m.from] & CASTLE_KEEP[m.to];
	p->ep = (m.piece == BB_PAWN && (m.to ^ m.from) == 16) ? (int8_t)((m.from + m.to) / 2) : -1;
	p->stm ^= 1;
}

int chess_castle_ok(const struct chess_pos *p, int king_side)
{
	int us = p->stm;
	unsigned k = us ? 60u : 4u;
	uint8_t right = king_side ? (us ? CASTLE_BK : CASTLE_WK) : (us ? CASTLE_BQ : CASTLE_WQ);
	uint64_t between = king_side ? 3ULL << (k + 1) : 7ULL << (k - 3);

	if (!(p->castle & right) || (board_occ(&p->b) & between))
		return 0;
	for (unsigned sq = k, n = 0; n < 3; n++, sq = king_side ? sq + 1 : sq - 1)
		if (chess_attacked(&p->b, sq, !us))
			return 0;
	return 1;
}

uint64_t chess_targets(const struct chess_pos *p, int kind, unsigned sq)
{
	const struct sb_board *b = &p->b;
	int us = p->stm;
	uint64_t occ = board_occ(b), t = 0, one;

	switch (kind) {
	case BB_PAWN:
		one = (us ? 1ULL << sq >> 8 : 1ULL << sq << 8) & ~occ;
		t = one;
		if ((sb_rank_of(sq) == (us ? 6u : 1u)) && one)
			t |= (us ? one >> 8 : one << 8) & ~occ;
		t |= chess_pawn_att[us][sq] & (b->bb[!us] | (p->ep >= 0 ? 1ULL << p->ep : 0));
		return t;
	case BB_KNIGHT: t = chess_knight_att[sq]; break;
	case BB_BISHOP: t = chess_bishop(sq, occ); break;
	case BB_ROOK: t = chess_rook(sq, occ); break;
	case BB_QUEEN: t = chess_rook(sq, occ) | chess_bishop(sq, occ); break;
	case BB_KING: t = chess_king_att[sq]; break;
	}
	return t & ~b->bb[us];
}

int chess_legal(const struct chess_pos *p, struct chess_move m)
{
	struct chess_pos q = *p;
	uint64_t k;

	chess_make(&q, m);
	k = board_pieces(&q.b, p->stm, BB_KING);
	return !chess_attacked(&q.b, sb_lsb(k), q.stm);
}

int chess_legal_moves(const struct chess_pos *p, struct chess_move *out)
{
	int n = 0, us = p->stm;

	for (int kind = BB_PAWN; kind <= BB_KING; kind++) {
		for (uint64_t own = board_pieces(&p->b, us, kind); own; own &= own - 1) {
			unsigned from = sb_lsb(own);
			for (uint64_t t = chess_targets(p, kind, from); t; t &= t - 1) {
				struct chess_move m = { (uint8_t)from, (uint8_t)sb_lsb(t), (uint8_t)kind, 0 };
				int last = kind == BB_PAWN && (m.to < 8 || m.to >= 56);
				for (int pr = last ? BB_KNIGHT : 0; pr <= (last ? BB_QUEEN : 0); pr++) {
					m.promo = (uint8_t)pr;
					if (chess_legal(p, m))
						out[n++] = m;
				}
			}
		}
	}
	for (int side = 1; side >= 0; side--)
		if (chess_castle_ok(p, side)) {
			unsigned k = us ? 60u : 4u;
			out[n++] = (struct chess_move){ (uint8_t)k, (uint8_t)(side ? k + 2 : k - 2),
							BB_KING, 0 };
		}
	return n;
}
