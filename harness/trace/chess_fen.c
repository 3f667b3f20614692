/* chess_fen.c - FEN reading and writing, and the checks that a board is one a game can reach:
 * kings, pawns off the first and last ranks, piece counts that promotions explain, the side
 * not to move not in check, castling rights with king and rook at home, and an en passant
 * square behind a pawn that has just made a double step.  Strict, because a board accepted
 * here is written to a trace that later refuses it. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "trace/chess.h"

static const char PIECE_CHARS[] = "pnbrqk";

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

/* Reads FEN's placement field at *s into b.  Returns NULL, or what is wrong with the field
 * (written into buf when it names a rank or a character). */
static const char *fen_placement(struct sb_board *b, const char **s, char *buf, size_t len)
{
	int f = 0, r = 7, digit = 0;

	memset(b, 0, sizeof *b);
	if (!**s)
		return "the placement field (the pieces, rank 8 to rank 1) is missing";
	for (; **s && **s != ' '; (*s)++) {
		char c = **s;
		const char *k = strchr(PIECE_CHARS, c | 0x20);
		if (c == '/') {
			if (r == 0)
				return "the placement field has more than 8 ranks";
			if (f != 8)
				break;
			f = 0, r--;
		} else if (c >= '1' && c <= '8') {
			/* one digit a run of empty squares: "44" sums to 8, but no FEN writes it */
			if (digit) {
				snprintf(buf, len, "the placement field's rank %d has two digits in a "
					 "row (\"%c%c\"): a run of empty squares is one digit", r + 1,
					 (*s)[-1], c);
				return buf;
			}
			f += c - '0';
		} else if (k && *k) {
			if (f < 8) {
				b->bb[(c & 0x20) ? BB_BLACK : BB_WHITE] |= 1ULL << (r * 8 + f);
				b->bb[BB_PAWN + (k - PIECE_CHARS)] |= 1ULL << (r * 8 + f);
			}
			f++;
		} else {
			snprintf(buf, len, "the placement field has '%c' on rank %d: expected a "
				 "piece letter (PNBRQK, pnbrqk), a digit 1-8 or '/'",
				 c >= 0x20 && c < 0x7f ? c : '?', r + 1);
			return buf;
		}
		digit = c >= '1' && c <= '8';
		if (f > 8)
			break;
	}
	if (f != 8) {
		snprintf(buf, len, "the placement field's rank %d has %d squares, expected 8", r + 1,
			 f);
		return buf;
	}
	if (r != 0) {
		snprintf(buf, len, "the placement field has %d ranks, expected 8 (separated by "
			 "'/')", 8 - r);
		return buf;
	}
	return NULL;
}

/* Returns 0 after reading FEN's castling field at *s into *out, or -1 with the reason in why:
 * a right is refused unless that side's king and rook stand on their home squares. */
static int fen_castling(const struct sb_board *b, const char **s, uint8_t *out, const char **why)
{
	static const struct { char c; uint8_t bit; unsigned king, rook; int side; } R[] = {
		{ 'K', CASTLE_WK, 4, 7, 0 }, { 'Q', CASTLE_WQ, 4, 0, 0 },
		{ 'k', CASTLE_BK, 60, 63, 1 }, { 'q', CASTLE_BQ, 60, 56, 1 } };

	*out = 0;
	if (**s == '-') {
		(*s)++;
		return 0;
	}
	for (; **s && **s != ' '; (*s)++) {
		int i = 0;
		while (i < 4 && R[i].c != **s)
			i++;
		if (i == 4 || (*out & R[i].bit))
			return *why = "unreadable castling field", -1;
		if (!(board_pieces(b, R[i].side, BB_KING) >> R[i].king & 1) ||
		    !(board_pieces(b, R[i].side, BB_ROOK) >> R[i].rook & 1))
			return *why = "a castling right whose king or rook is not on its home square", -1;
		*out |= R[i].bit;
	}
	return *out ? 0 : (*why = "unreadable castling field", -1);
}

/* Returns 0 after reading FEN's en passant field at *s into p->ep, or -1 with the reason in
 * why: the square must be on the side to move's sixth rank, empty, with the empty square the
 * pawn came from behind it and the pawn that just made the double step in front of it. */
static int fen_ep(struct chess_pos *p, const char **s, const char **why)
{
	const char *f = *s;
	int sq, step = p->stm ? -8 : 8;

	if (*f == '-') {
		(*s)++;
		return 0;
	}
	if (f[0] < 'a' || f[0] > 'h' || f[1] < '1' || f[1] > '8' || (f[2] && f[2] != ' '))
		return *why = "unreadable en passant field", -1;
	*s += 2;
	sq = (f[1] - '1') * 8 + f[0] - 'a';
	if (f[1] != (p->stm ? '3' : '6'))
		return *why = "en passant square not on the rank a double step just crossed", -1;
	if ((board_occ(&p->b) >> sq & 1) || (board_occ(&p->b) >> (sq + step) & 1) ||
	    !(board_pieces(&p->b, !p->stm, BB_PAWN) >> (sq - step) & 1))
		return *why = "en passant square without the pawn that just made a double step", -1;
	p->ep = (int8_t)sq;
	return 0;
}

/* Returns 0 after reading an optional move-counter field (digits) at *s, or -1. */
static int fen_counter(const char **s, unsigned max)
{
	unsigned long n = 0;

	while (**s == ' ')
		(*s)++;
	if (!**s)
		return 0;
	if (**s < '0' || **s > '9')
		return -1;
	for (; **s >= '0' && **s <= '9'; (*s)++)
		if ((n = n * 10 + (unsigned long)(**s - '0')) > max)
			return -1;
	return (**s == ' ' || !**s) ? 0 : -1;
}

/* Returns NULL when side c's piece counts can come from 8 pawns and 8 pieces by promotion. */
static const char *piece_count_problem(const struct sb_board *b, int c)
{
	static const int HOME[] = { 0, 2, 2, 2, 1 }; /* knight, bishop, rook, queen */
	int pawns = sb_popcount(board_pieces(b, c, BB_PAWN)), extra = 0;

	if (pawns > 8)
		return "more than 8 pawns of one colour";
	for (int k = BB_KNIGHT; k <= BB_QUEEN; k++) {
		int n = sb_popcount(board_pieces(b, c, k)) - HOME[k - BB_PAWN];
		extra += n > 0 ? n : 0;
	}
	return extra > 8 - pawns ? "more promoted pieces than missing pawns" : NULL;
}

/* Returns NULL when the checks on the side to move's king are ones a move can give, else why
 * not.  A move gives check with the piece it moves, or uncovers a slider's, or both: never
 * three checkers, never two that are both pawns or knights (neither is uncovered), never two
 * on one line through the king (the mover could not have blocked the one and leave to check
 * along the same line). */
static const char *check_problem(const struct sb_board *b, int stm)
{
	unsigned k = (unsigned)sb_lsb(board_pieces(b, stm, BB_KING));
	uint64_t occ = board_occ(b), them = b->bb[!stm];
	uint64_t sliders = (chess_rook(k, occ) & (b->bb[BB_ROOK] | b->bb[BB_QUEEN])) |
			   (chess_bishop(k, occ) & (b->bb[BB_BISHOP] | b->bb[BB_QUEEN]));
	uint64_t jumpers = (chess_knight_att[k] & b->bb[BB_KNIGHT]) |
			   (chess_pawn_att[stm][k] & b->bb[BB_PAWN]);
	uint64_t checkers = (sliders | jumpers) & them;

	if (sb_popcount(checkers) > 2)
		return "more than two pieces give check";
	if (sb_popcount(checkers) < 2)
		return NULL;
	if (!(sliders & them))
		return "a double check by pawns or knights alone (no move uncovers one of them)";
	for (int l = SB_RANK; l < SB_LINES; l++)
		if ((sb_line_ex[l][k] & checkers) == checkers)
			return "two pieces give check along one line";
	return NULL;
}

int chess_from_fen(struct chess_pos *p, const char *fen, char *err, size_t errlen)
{
	const char *s = fen, *why = NULL;
	char buf[160];

	chess_init();
	memset(p, 0, sizeof *p);
	p->ep = -1;
	while (*s == ' ')
		s++;
	if ((why = fen_placement(&p->b, &s, buf, sizeof buf)) != NULL)
		return fail(err, errlen, "FEN \"%.80s\": %s", fen, why);
	if (*s++ != ' ' || (*s != 'w' && *s != 'b') || (s[1] != ' ' && s[1] != 0))
		return fail(err, errlen, "FEN \"%.80s\": the side-to-move field (after the "
			    "placement) must be w or b", fen);
	p->stm = *s == 'b';
	why = chess_board_problem(&p->b);
	for (int c = 0; c < 2 && !why; c++)
		why = piece_count_problem(&p->b, c);
	if (!why && chess_attacked(&p->b, sb_lsb(board_pieces(&p->b, !p->stm, BB_KING)), p->stm))
		why = "the side not to move is in check";
	if (!why)
		why = check_problem(&p->b, p->stm);
	if (why)
		return fail(err, errlen, "impossible position in FEN \"%.80s\": %s", fen, why);
	for (s++; *s == ' '; s++)
		;
	if (*s && fen_castling(&p->b, &s, &p->castle, &why) < 0)
		return fail(err, errlen, "FEN \"%.80s\": %s", fen, why);
	while (*s == ' ')
		s++;
	if (*s && fen_ep(p, &s, &why) < 0)
		return fail(err, errlen, "FEN \"%.80s\": %s", fen, why);
	if (fen_counter(&s, 100000) < 0 || fen_counter(&s, 100000) < 0)
		return fail(err, errlen, "FEN \"%.80s\": the halfmove and fullmove counters (the "
			    "last two fields) must be whole numbers", fen);
	while (*s == ' ')
		s++;
	if (*s)
		return fail(err, errlen, "FEN \"%.80s\": unexpected text after the move counters", fen);
	return 0;
}

