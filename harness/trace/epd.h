/* epd.h - positions one a line: EPD (placement, side, castling, en passant, then operations
 * such as `bm Nf3; id "x";`) or FEN (the same four fields and the two move counters), as
 * engines keep their bench and test positions.  Each line is validated as strictly as a PGN
 * FEN tag (chess_from_fen); blank lines and lines starting with '#' are skipped silently. */
#ifndef SB_EPD_H
#define SB_EPD_H

#include <stddef.h>
#include <stdio.h>

#include "trace/chess.h"

struct epd_reader {
	FILE *f;
	const char *name;
	unsigned long line;      /* the line last read, 1-based */
	unsigned long positions; /* lines holding a position, good or bad */
	char *buf;
	size_t cap;
};

/* Returns 1 when path names a position list: it ends in .epd or .fen, or its first line that
 * is not blank looks like one (a first field of eight ranks).  Standard input is PGN. */
int epd_is_list(const char *path);
/* Opens path; returns 0 or -1 with err ("PATH: why"). */
int epd_open(struct epd_reader *r, const char *path, char *err, size_t errlen);
void epd_close(struct epd_reader *r);
/* Returns 1 with the next position in p, 0 at the end, -2 for a bad line (err: "line N:
 * why"; the reader goes on with the next), -1 when the input cannot be read (err). */
int epd_next(struct epd_reader *r, struct chess_pos *p, char *err, size_t errlen);

#endif
