/* chess.c - position, FEN, move making and legal move generation (pseudo-legal moves from
 * the attack sets, kept when the mover's king is not attacked afterwards).  Slider attacks
 * come from chess.h's chess_rook/chess_bishop: the reference walk. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "trace/chess.h"
#include "kernels/lines.h"

uint64_t chess_knight_att[64], chess_king_att[64], chess_pawn_att[2][64];
/* Castling rights kept when a move touches a square (king and rook home squares). */
static uint8_t CASTLE_KEEP[64];
static const char PIECE_CHARS[] = "pnbrqk";

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

/* Writes the message into err (when not NULL); returns -1. */
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err && errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

void chess_start(struct chess_pos *p)
{
	chess_from_fen(p, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", NULL, 0);
}

const char *chess_board_problem(const struct sb_board *b)
{
	uint64_t any = 0;

	if (b->bb[BB_WHITE] & b->bb[BB_BLACK])
		return "a square is both white and black";
	for (int k = BB_PAWN; k <= BB_KING; k++) {
		if (any & b->bb[k])
			return "a square holds two kinds of piece";
		any |= b->bb[k];
	}
	if (any != board_occ(b))
		return "piece kinds and colours disagree";
	if (sb_popcount(board_pieces(b, 0, BB_KING)) != 1)
		return board_pieces(b, 0, BB_KING) ? "white has two kings" : "no white king";
	if (sb_popcount(board_pieces(b, 1, BB_KING)) != 1)
		return board_pieces(b, 1, BB_KING) ? "black has two kings" : "no black king";
	if (b->bb[BB_PAWN] & (SB_RANK_1 | SB_RANK_1 << 56))
		return "a pawn on the first or last rank";
	if (sb_popcount(b->bb[BB_WHITE]) > 16 || sb_popcount(b->bb[BB_BLACK]) > 16)
		return "more than 16 men of one colour";
	return NULL;
}

void chess_board_fen(const struct sb_board *b, int stm, char *out)
{
	for (int r = 7; r >= 0; r--) {
		int empty = 0;
		for (int f = 0; f < 8; f++) {
			unsigned sq = (unsigned)(r * 8 + f);
			int k = chess_kind_at(b, sq);
			if (!k) {
				empty++;
				continue;
			}
			if (empty)
				*out++ = (char)('0' + empty);
			empty = 0;
			char c = PIECE_CHARS[k - BB_PAWN];
			*out++ = (b->bb[BB_WHITE] >> sq & 1) ? (char)(c - 'a' + 'A') : c;
		}
		if (empty)
			*out++ = (char)('0' + empty);
		if (r)
			*out++ = '/';
	}
	*out++ = ' ';
	*out++ = stm ? 'b' : 'w';
	*out = 0;
}

/* Returns 0 after reading FEN's placement field at *s into b, or -1. */
static int fen_placement(struct sb_board *b, const char **s)
{
	int f = 0, r = 7;

	memset(b, 0, sizeof *b);
	for (; **s && **s != ' '; (*s)++) {
		char c = **s;
		const char *k = strchr(PIECE_CHARS, c | 0x20);
		if (c == '/') {
			if (f != 8 || r == 0)
				return -1;
			f = 0, r--;
		} else if (c >= '1' && c <= '8') {
			f += c - '0';
		} else if (k && *k && f < 8) {
			b->bb[(c & 0x20) ? BB_BLACK : BB_WHITE] |= 1ULL << (r * 8 + f);
			b->bb[BB_PAWN + (k - PIECE_CHARS)] |= 1ULL << (r * 8 + f);
			f++;
		} else {
			return -1;
		}
		if (f > 8)
			return -1;
	}
	return (f == 8 && r == 0) ? 0 : -1;
}

/* Returns the castling rights in FEN field s, kept only where king and rook stand at home. */
static int fen_castling(const struct sb_board *b, const char *s, uint8_t *out)
{
	static const struct { char c; uint8_t bit; unsigned king, rook; int side; } R[] = {
		{ 'K', CASTLE_WK, 4, 7, 0 }, { 'Q', CASTLE_WQ, 4, 0, 0 },
		{ 'k', CASTLE_BK, 60, 63, 1 }, { 'q', CASTLE_BQ, 60, 56, 1 } };

	*out = 0;
	if (!strncmp(s, "- ", 2) || !strcmp(s, "-"))
		return 0;
	for (; *s && *s != ' '; s++) {
		int i = 0;
		while (i < 4 && R[i].c != *s)
			i++;
		if (i == 4)
			return -1;
		if ((board_pieces(b, R[i].side, BB_KING) >> R[i].king & 1) &&
		    (board_pieces(b, R[i].side, BB_ROOK) >> R[i].rook & 1))
			*out |= R[i].bit;
	}
	return 0;
}

int chess_from_fen(struct chess_pos *p, const char *fen, char *err, size_t errlen)
{
	const char *s = fen, *why;

	chess_init();
	memset(p, 0, sizeof *p);
	p->ep = -1;
	while (*s == ' ')
		s++;
	if (fen_placement(&p->b, &s) < 0 || *s++ != ' ' || (*s != 'w' && *s != 'b') ||
	    (s[1] != ' ' && s[1] != 0)) {
		return fail(err, errlen, "unreadable FEN \"%.80s\"", fen);
	}
	p->stm = *s == 'b';
	s += s[1] ? 2 : 1;
	if (*s && fen_castling(&p->b, s, &p->castle) < 0) {
		return fail(err, errlen, "bad castling field in FEN \"%.80s\"", fen);
	}
	s = strchr(s, ' ');
	if (s && s[1] >= 'a' && s[1] <= 'h' && (s[2] == '3' || s[2] == '6'))
		p->ep = (int8_t)((s[2] - '1') * 8 + s[1] - 'a');
	why = chess_board_problem(&p->b);
	if (!why && chess_attacked(&p->b, sb_lsb(board_pieces(&p->b, !p->stm, BB_KING)), p->stm))
		why = "the side not to move is in check";
	if (why) {
		return fail(err, errlen, "impossible position in FEN \"%.80s\": %s", fen, why);
	}
	return 0;
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
