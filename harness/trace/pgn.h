/* pgn.h - a streaming PGN reader: plain text, zstd-compressed (when built with libzstd), or
 * standard input ("-"), in constant memory whatever the input size.  It splits games into tag
 * pairs and SAN move tokens; comments, NAGs, glyphs, move numbers and variations are skipped. */
#ifndef SB_PGN_H
#define SB_PGN_H

#include <stdint.h>
#include <stdio.h>

#define PGN_TOKEN_MAX 48  /* longest move token accepted */
#define PGN_NAME_MAX 64   /* White / Black kept up to this many bytes */
#define PGN_FEN_MAX 128

struct pgn_game {
	unsigned long number;          /* 1-based, counted over one input */
	unsigned long line;            /* line of its first tag or move */
	char white[PGN_NAME_MAX], black[PGN_NAME_MAX];
	char fen[PGN_FEN_MAX];         /* FEN tag value or "" (SetUp "0" clears it) */
};

/* What pgn_next_move found. */
enum { PGN_MOVE, PGN_END, PGN_NO_RESULT, PGN_TRUNCATED, PGN_BAD };

struct pgn_reader {
	const char *name;              /* as messages show it */
	FILE *f;
	void *zs;                      /* ZSTD_DStream when the input is zstd data */
	unsigned char *raw, *buf;      /* raw input; decoded text (== raw for plain input) */
	size_t raw_pos, raw_len, pos, len;
	size_t stop;                   /* a byte that is no PGN text sits at buf[stop], or -1 */
	uint64_t bytes_in;             /* raw bytes read so far */
	unsigned long line, games;
	int bol;                       /* at the beginning of a line */
	int eof, fatal;                /* input exhausted; unreadable (err says why) */
	size_t zleft;                  /* what zstd still expects of the current frame */
	char result[8];                /* result token of the last game */
	char err[256];
};

/* Opens path ("-": standard input); returns 0, or -1 with the reason in err. */
int pgn_open(struct pgn_reader *r, const char *path, char *err, size_t errlen);
void pgn_close(struct pgn_reader *r);
/* Returns 1 with g filled (tags read, movetext next), 0 at the end of the input, -1 when
 * the input cannot be read on (r->err), -2 for a game with broken tags (r->err; skipped). */
int pgn_next_game(struct pgn_reader *r, struct pgn_game *g);
/* Returns PGN_MOVE with the SAN in san (PGN_TOKEN_MAX bytes), PGN_END after the result,
 * PGN_NO_RESULT when the next game starts without one, PGN_TRUNCATED at the end of the input
 * before a result, PGN_BAD for broken movetext (r->err; call pgn_skip_game). */
int pgn_next_move(struct pgn_reader *r, char *san);
/* Skips the rest of the current game, up to the next line starting with '['. */
void pgn_skip_game(struct pgn_reader *r);

/* Input layer (pgn_input.c). */
/* Returns 1 when more text is in r->buf, 0 at the end of input or on a fatal problem. */
int pgn_fill(struct pgn_reader *r);
/* Writes the message into r->err (fatal: nothing more can be read); returns -1. */
int pgn_error(struct pgn_reader *r, int fatal, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Returns the next byte, or -1 at the end (or on a fatal problem). */
static inline int pgn_getc(struct pgn_reader *r)
{
	int c;

	if (r->pos >= r->len && !pgn_fill(r))
		return -1;
	c = r->buf[r->pos++];
	r->line += c == '\n';
	r->bol = c == '\n';
	return c;
}

/* Returns the next byte without taking it, or -1. */
static inline int pgn_peek(struct pgn_reader *r)
{
	if (r->pos >= r->len && !pgn_fill(r))
		return -1;
	return r->buf[r->pos];
}

#endif
