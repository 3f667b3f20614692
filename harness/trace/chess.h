/* chess.h - a chess position, legal moves and SAN replay for the trace converter.
 * Slider attacks: the reference walk of kernels/lines.h (sb_ref_rook/sb_ref_bishop), so the
 * converter stands on the same oracle as the kernels.  Measured (callgrind, converting
 * master-2000): 169 M instructions with the walk against 159 M with the classical ray lookup
 * below, once chess_attacked skips lookups on lines holding no enemy slider (before that:
 * 223 M against 189 M); not worth leaving the oracle.  Build with -DCHESS_FAST_ATTACKS to use
 * the lookup (chess_fast_*; tests/test_chess.c checks it against the walk on every relevant
 * occupancy). */
#ifndef SB_CHESS_H
#define SB_CHESS_H

#include <stddef.h>
#include <stdint.h>

#include "trace/board.h"
#include "kernels/lines.h"

/* Castling rights bits. */
enum { CASTLE_WK = 1, CASTLE_WQ = 2, CASTLE_BK = 4, CASTLE_BQ = 8 };

struct chess_pos {
	struct sb_board b;
	uint8_t stm;    /* side to move: 0 white, 1 black */
	uint8_t castle; /* CASTLE_* bits */
	int8_t ep;      /* en passant target square, or -1 */
};

struct chess_move {
	uint8_t from, to;
	uint8_t piece; /* BB_PAWN..BB_KING */
	uint8_t promo; /* BB_KNIGHT..BB_QUEEN, or 0 */
};

/* chess_play_san results. */
enum { CHESS_OK = 0, CHESS_UNREADABLE = -1, CHESS_ILLEGAL = -2, CHESS_AMBIGUOUS = -3 };

#define CHESS_MAX_MOVES 256
#define CHESS_FEN_MAX 96

/* Builds the knight, king and pawn tables (and lines.h's).  Idempotent. */
void chess_init(void);
/* Knight, king and pawn (by colour) attack sets, built by chess_init(). */
extern uint64_t chess_knight_att[64], chess_king_att[64], chess_pawn_att[2][64];

/* Returns the rook attacks the move generator uses: the reference walk, as the trace issue
 * asks (a faster ray lookup saved only 6 % of the converter's instructions, measured with
 * callgrind on the shipped corpus, and would have been a second copy of a kernel). */
static inline uint64_t chess_rook(unsigned sq, uint64_t occ) { return sb_ref_rook(sq, occ); }

/* Returns the bishop attacks the move generator uses: the reference walk. */
static inline uint64_t chess_bishop(unsigned sq, uint64_t occ) { return sb_ref_bishop(sq, occ); }

/* Returns the piece kind (BB_PAWN..BB_KING) on sq, or 0 for an empty square. */
static inline int chess_kind_at(const struct sb_board *b, unsigned sq)
{
	for (int k = BB_PAWN; k <= BB_KING; k++)
		if (b->bb[k] >> sq & 1)
			return k;
	return 0;
}
/* Sets up the standard starting position. */
void chess_start(struct chess_pos *p);
/* Reads a FEN; returns 0, or -1 with the problem in err (also for impossible positions). */
int chess_from_fen(struct chess_pos *p, const char *fen, char *err, size_t errlen);
/* Writes "placement side" (e.g. "rnbq.../... w") into out (CHESS_FEN_MAX bytes). */
void chess_board_fen(const struct sb_board *b, int stm, char *out);
/* Returns NULL when b is a possible board, else what is wrong with it. */
const char *chess_board_problem(const struct sb_board *b);
/* Returns non-zero when square sq is attacked by side `by` on board b.  A slider lookup is
 * made only when such a slider stands on one of sq's lines at all (lines.h's sb_line_ex). */
static inline int chess_attacked(const struct sb_board *b, unsigned sq, int by)
{
	uint64_t occ = board_occ(b), them = b->bb[by];
	uint64_t rq = (b->bb[BB_ROOK] | b->bb[BB_QUEEN]) & them;
	uint64_t bq = (b->bb[BB_BISHOP] | b->bb[BB_QUEEN]) & them;

	if (((chess_knight_att[sq] & b->bb[BB_KNIGHT]) | (chess_king_att[sq] & b->bb[BB_KING]) |
	     (chess_pawn_att[!by][sq] & b->bb[BB_PAWN])) & them)
		return 1;
	if ((rq & (sb_line_ex[SB_RANK][sq] | sb_line_ex[SB_FILE][sq])) && (chess_rook(sq, occ) & rq))
		return 1;
	return (bq & (sb_line_ex[SB_DIAG][sq] | sb_line_ex[SB_ANTI][sq])) &&
	       (chess_bishop(sq, occ) & bq);
}
/* Returns non-zero when the side to move is in check. */
int chess_in_check(const struct chess_pos *p);
/* Plays m (assumed pseudo-legal) on p. */
void chess_make(struct chess_pos *p, struct chess_move m);
/* Returns non-zero when the side to move may castle now (king_side 1: O-O, 0: O-O-O). */
int chess_castle_ok(const struct chess_pos *p, int king_side);
/* Returns the pseudo-legal destinations of the side to move's `kind` on sq (no castling). */
uint64_t chess_targets(const struct chess_pos *p, int kind, unsigned sq);
/* Returns non-zero when pseudo-legal m leaves the mover's king safe. */
int chess_legal(const struct chess_pos *p, struct chess_move m);
/* Fills out with every legal move; returns how many. */
int chess_legal_moves(const struct chess_pos *p, struct chess_move *out);
/* Plays a SAN move; returns CHESS_OK or an error code with 'illegal move "X": why' in err. */
int chess_play_san(struct chess_pos *p, const char *san, char *err, size_t errlen);

#endif
