/* board.h - a position as traces store it: the seed's "denser board", two colour bitboards
 * and six colour-independent piece bitboards (bitboard-board-definition.txt). */
#ifndef SB_BOARD_H
#define SB_BOARD_H

#include <stdint.h>

enum { BB_WHITE, BB_BLACK, BB_PAWN, BB_KNIGHT, BB_BISHOP, BB_ROOK, BB_QUEEN, BB_KING, BB_COUNT };

struct sb_board {
	uint64_t bb[BB_COUNT]; /* 64 bytes */
};

/* Returns every occupied square. */
static inline uint64_t board_occ(const struct sb_board *b) { return b->bb[BB_WHITE] | b->bb[BB_BLACK]; }
/* Returns side c's (0 white, 1 black) pieces of kind k (BB_PAWN..BB_KING). */
static inline uint64_t board_pieces(const struct sb_board *b, int c, int k) { return b->bb[c] & b->bb[k]; }

#endif
