/* chess_san.c - Standard Algebraic Notation: read a SAN move and play it with full legality
 * (castling O-O / 0-0, en passant, promotion "e8=Q" and "e8Q", disambiguation by file, rank
 * or square, check/mate suffixes and annotation glyphs ignored). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "trace/chess.h"

static const char *const KIND_NAME[BB_COUNT] = { "", "", "pawn", "knight", "bishop", "rook",
						 "queen", "king" };

struct san {
	int kind;            /* BB_PAWN..BB_KING */
	int from_file;       /* 0..7 or -1 */
	int from_rank;       /* 0..7 or -1 */
	unsigned to;
	int promo;           /* BB_KNIGHT..BB_QUEEN or 0 */
	int castle;          /* 0, 1 king side, 2 queen side */
};

/* Returns the piece kind for an upper-case SAN letter, or 0. */
static int kind_of(char c)
{
	switch (c) {
	case 'N': return BB_KNIGHT;
	case 'B': return BB_BISHOP;
	case 'R': return BB_ROOK;
	case 'Q': return BB_QUEEN;
	case 'K': return BB_KING;
	default: return 0;
	}
}

/* Returns 0 after reading s into m, or -1 when it is no SAN move. */
static int san_parse(const char *s, struct san *m)
{
	char buf[16];
	size_t len = strlen(s), i = 0;

	while (len && (s[len - 1] == '+' || s[len - 1] == '#' || s[len - 1] == '!' ||
		       s[len - 1] == '?'))
		len--;
	if (len < 2 || len >= sizeof buf)
		return -1;
	memcpy(buf, s, len);
	buf[len] = 0;
	*m = (struct san){ BB_PAWN, -1, -1, 0, 0, 0 };
	if (!strcmp(buf, "O-O") || !strcmp(buf, "0-0") || !strcmp(buf, "o-o"))
		return m->castle = 1, 0;
	if (!strcmp(buf, "O-O-O") || !strcmp(buf, "0-0-0") || !strcmp(buf, "o-o-o"))
		return m->castle = 2, 0;
	if (kind_of(buf[0]))
		m->kind = kind_of(buf[i++]);
	if (len >= 2 && buf[len - 2] == '=' && kind_of(buf[len - 1] & ~0x20) &&
	    kind_of(buf[len - 1] & ~0x20) != BB_KING)
		m->promo = kind_of(buf[len - 1] & ~0x20), len -= 2;
	else if (m->kind == BB_PAWN && len >= 3 && kind_of(buf[len - 1]) &&
		 kind_of(buf[len - 1]) != BB_KING && buf[len - 2] >= '1' && buf[len - 2] <= '8')
		m->promo = kind_of(buf[len - 1]), len--;
	if (len < i + 2 || buf[len - 2] < 'a' || buf[len - 2] > 'h' || buf[len - 1] < '1' ||
	    buf[len - 1] > '8')
		return -1;
	m->to = (unsigned)((buf[len - 1] - '1') * 8 + buf[len - 2] - 'a');
	for (int capture = 0; i < len - 2; i++) {
		char c = buf[i];
		if (c >= 'a' && c <= 'h' && m->from_file < 0 && !capture)
			m->from_file = c - 'a';
		else if (c >= '1' && c <= '8' && m->from_rank < 0 && !capture)
			m->from_rank = c - '1';
		else if ((c == 'x' || c == ':' || c == '-') && !capture)
			capture = 1;
		else
			return -1;
	}
	return 0;
}

/* Writes 'illegal move "SAN": why' into err; returns code. */
static int refuse(int code, char *err, size_t errlen, const char *san, const char *fmt, ...)
{
	char why[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	snprintf(err, errlen, "%s move \"%.32s\": %s",
		 code == CHESS_AMBIGUOUS ? "ambiguous" : code == CHESS_ILLEGAL ? "illegal" : "unreadable",
		 san, why);
	return code;
}

/* Returns the name of square sq in out ("e4"). */
static const char *sq_name(unsigned sq, char out[3])
{
	out[0] = (char)('a' + (sq & 7));
	out[1] = (char)('1' + (sq >> 3));
	out[2] = 0;
	return out;
}

/* Plays castling m on p; returns CHESS_OK or CHESS_ILLEGAL with the reason. */
static int san_castle(struct chess_pos *p, const struct san *m, const char *san, char *err,
		      size_t errlen)
{
	unsigned k = p->stm ? 60u : 4u;

	if (!chess_castle_ok(p, m->castle == 1))
		return refuse(CHESS_ILLEGAL, err, errlen, san, "%s castling is not allowed here "
			      "(right lost, a square between occupied, or the king in or passing "
			      "through check)", m->castle == 1 ? "king-side" : "queen-side");
	chess_make(p, (struct chess_move){ (uint8_t)k, (uint8_t)(m->castle == 1 ? k + 2 : k - 2),
					   BB_KING, 0 });
	return CHESS_OK;
}

/* Returns the squares from which the side to move's pieces of m's kind could move to m->to. */
static uint64_t san_sources(const struct chess_pos *p, const struct san *m)
{
	uint64_t own = board_pieces(&p->b, p->stm, m->kind), occ = board_occ(&p->b), from = 0;
	uint64_t file = m->from_file >= 0 ? SB_FILE_A << m->from_file : ~0ULL;
	uint64_t rank = m->from_rank >= 0 ? SB_RANK_1 << (8 * m->from_rank) : ~0ULL;

	switch (m->kind) {
	case BB_PAWN:
		if (m->from_file < 0)
			file = SB_FILE_A << (m->to & 7);
		from = (SB_FILE_A << (m->to & 7)) | chess_pawn_att[!p->stm][m->to];
		break;
	case BB_KNIGHT: from = chess_knight_att[m->to]; break;
	case BB_BISHOP: from = chess_bishop(m->to, occ); break;
	case BB_ROOK: from = chess_rook(m->to, occ); break;
	case BB_QUEEN: from = chess_rook(m->to, occ) | chess_bishop(m->to, occ); break;
	case BB_KING: from = chess_king_att[m->to]; break;
	}
	from &= own & file & rank;
	if (m->kind == BB_PAWN) {
		uint64_t ok = 0;
		for (uint64_t f = from; f; f &= f - 1)
			if (chess_targets(p, BB_PAWN, sb_lsb(f)) >> m->to & 1)
				ok |= f & (0 - f);
		from = ok;
	}
	return from;
}

int chess_play_san(struct chess_pos *p, const char *san, char *err, size_t errlen)
{
	struct san m;
	struct chess_move mv, found = { 0, 0, 0, 0 };
	uint64_t from;
	int legal = 0, last;
	char a[3], b[3], c[3];

	if (san_parse(san, &m) < 0)
		return refuse(CHESS_UNREADABLE, err, errlen, san, "not a move in SAN");
	if (m.castle)
		return san_castle(p, &m, san, err, errlen);
	if (p->b.bb[p->stm] >> m.to & 1)
		return refuse(CHESS_ILLEGAL, err, errlen, san, "%s holds a piece of the side to move",
			      sq_name(m.to, a));
	last = m.to < 8 || m.to >= 56;
	if (m.kind == BB_PAWN && last && !m.promo)
		return refuse(CHESS_ILLEGAL, err, errlen, san, "a pawn reaching %s must promote",
			      sq_name(m.to, a));
	if (m.promo && (m.kind != BB_PAWN || !last))
		return refuse(CHESS_ILLEGAL, err, errlen, san, "promotion only on the last rank");
	from = san_sources(p, &m);
	if (!from)
		return refuse(CHESS_ILLEGAL, err, errlen, san, "no %s can reach %s", KIND_NAME[m.kind],
			      sq_name(m.to, a));
	for (uint64_t f = from; f; f &= f - 1) {
		mv = (struct chess_move){ (uint8_t)sb_lsb(f), (uint8_t)m.to, (uint8_t)m.kind,
					  (uint8_t)m.promo };
		if (!chess_legal(p, mv))
			continue;
		if (legal++)
			return refuse(CHESS_AMBIGUOUS, err, errlen, san, "%ss on %s and %s can both "
				      "reach %s", KIND_NAME[m.kind], sq_name(found.from, a),
				      sq_name(mv.from, b), sq_name(m.to, c));
		found = mv;
	}
	if (!legal)
		return refuse(CHESS_ILLEGAL, err, errlen, san, "the %s on %s would leave its king in "
			      "check", KIND_NAME[m.kind], sq_name(sb_lsb(from), a));
	chess_make(p, found);
	return CHESS_OK;
}
